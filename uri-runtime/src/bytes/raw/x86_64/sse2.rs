//! SSE2, which every x86-64 CPU has: finding one byte sixteen bytes per
//! comparison. Compiled in wherever the target has SSE2 (every x86-64
//! target does), so nothing is asked at run time and the search is
//! inlined where it is called rather than chosen from a table.

use core::arch::x86_64::{_mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_set1_epi8};

/// The index of the first `needle` in `bytes`, which holds at least
/// sixteen: sixteen bytes per comparison, with SSE2 (which every x86-64
/// CPU has, so nothing is asked at run time), the last sixteen read
/// whole even where they overlap the step before.
#[inline]
#[target_feature(enable = "sse2")]
pub(in crate::bytes::raw) fn position(bytes: &[u8], needle: u8) -> Option<usize> {
    let target = _mm_set1_epi8(needle.cast_signed());
    let found = |chunk: &[u8; 16]| {
        // SAFETY: `chunk` is sixteen readable bytes, and an unaligned
        // load has no alignment requirement.
        let chunk = unsafe { _mm_loadu_si128(chunk.as_ptr().cast()) };
        _mm_movemask_epi8(_mm_cmpeq_epi8(chunk, target)).cast_unsigned()
    };
    let (chunks, _) = bytes.as_chunks::<16>();
    for (k, chunk) in chunks.iter().enumerate() {
        let marks = found(chunk);
        if marks != 0 {
            return Some(16 * k + marks.trailing_zeros() as usize);
        }
    }
    let (_, last) = bytes.as_rchunks::<16>();
    let marks = found(last.last()?);
    (marks != 0).then(|| bytes.len() - 16 + marks.trailing_zeros() as usize)
}
