//! The parser's two scans with AVX2: SSSE3's classifier (a byte's low
//! nibble picks its row of the class's bits, its high nibble the bit,
//! with one byte shuffle each) run on both 128-bit lanes of a 256-bit
//! register, so one classification answers for thirty-two bytes where
//! SSSE3 takes two. A step reads the thirty-two bytes at the scan's
//! position when the text has them, else the text's last thirty-two;
//! a text shorter than that is left to the SSSE3 scan.

use core::arch::x86_64::{
    __m256i, _mm_loadu_si128, _mm256_and_si256, _mm256_broadcastsi128_si256, _mm256_cmpeq_epi8,
    _mm256_loadu_si256, _mm256_movemask_epi8, _mm256_set1_epi8, _mm256_setr_epi8,
    _mm256_setzero_si256, _mm256_shuffle_epi8, _mm256_srli_epi16,
};

use uri_core::pct::EncodeSet;
use uri_core::table::Class;

use super::super::ssse3::{scan_class as ssse3_scan, span_rows, triplet_bytes, window_at};

/// [`Class::span`] thirty-two bytes per comparison: the same answer on
/// every input.
#[inline]
#[target_feature(enable = "avx2")]
pub(in crate::bytes::raw) fn span(class: Class, bytes: &[u8], from: usize, to: usize) -> usize {
    scan_class::<false>(class, span_rows(class), bytes, from, to)
}

/// [`uri_core::parse::encoded_span`] thirty-two bytes per comparison: the
/// same answer on every input.
#[inline]
#[target_feature(enable = "avx2")]
pub(in crate::bytes::raw) fn encoded_span(
    class: Class,
    bytes: &[u8],
    from: usize,
    to: usize,
) -> usize {
    scan_class::<true>(class, span_rows(class), bytes, from, to)
}

/// The end of the run of `class`'s bytes (and, with `TRIPLETS`, of
/// well-formed `%XX` triplets) in `bytes[from..to]`; `rows` are the
/// class's nibble rows, or `None` for a class the vector scans do not
/// know. Bytes past `to` are read but never counted.
#[inline]
#[target_feature(enable = "avx2")]
fn scan_class<const TRIPLETS: bool>(
    class: Class,
    rows: Option<&[u8; 16]>,
    bytes: &[u8],
    from: usize,
    to: usize,
) -> usize {
    const HEX_DIGITS: EncodeSet = EncodeSet::keeping(uri_core::table::HEXDIG);
    let to = to.min(bytes.len());
    if from >= to {
        return from;
    }
    let Some(rows) = rows.filter(|_| bytes.len() >= 32) else {
        return ssse3_scan::<TRIPLETS>(class, rows, bytes, from, to);
    };
    let (rows, hex_rows) = (broadcast(rows), broadcast(HEX_DIGITS.nibble_rows()));
    let mut i = from;
    while i < to {
        let (window, start) = window_at::<32>(bytes, i);
        let chunk = load(&window);
        let mut outside = u64::from(escapes(chunk, rows));
        if TRIPLETS && outside != 0 {
            let percent = _mm256_movemask_epi8(_mm256_cmpeq_epi8(
                chunk,
                _mm256_set1_epi8(b'%'.cast_signed()),
            ));
            let hex = !escapes(chunk, hex_rows);
            outside &= !triplet_bytes(
                u64::from(percent.cast_unsigned()),
                u64::from(hex),
                32,
                to - start,
            );
        }
        outside >>= i - start;
        if outside == 0 {
            i = start + 32;
            continue;
        }
        // A triplet the step did not hold whole is checked here.
        let stop = i + outside.trailing_zeros() as usize;
        if TRIPLETS && stop < to && uri_core::pct::is_triplet(bytes, stop, to) {
            i = stop + 3;
            continue;
        }
        return to.min(stop);
    }
    to
}

/// Bit `k` set when byte `k` of `chunk` is not kept by the set whose
/// nibble rows are `rows` (in both lanes): SSSE3's classifier, thirty-two
/// bytes at once.
#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn escapes(chunk: __m256i, rows: __m256i) -> u32 {
    let nibble = _mm256_set1_epi8(0x0F);
    let low = _mm256_and_si256(chunk, nibble);
    let high = _mm256_and_si256(_mm256_srli_epi16::<4>(chunk), nibble);
    let bits = _mm256_setr_epi8(
        1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, -128, 0, 0,
        0, 0, 0, 0, 0, 0,
    );
    let row = _mm256_shuffle_epi8(rows, low);
    let bit = _mm256_shuffle_epi8(bits, high);
    let kept = _mm256_and_si256(row, bit);
    _mm256_movemask_epi8(_mm256_cmpeq_epi8(kept, _mm256_setzero_si256())).cast_unsigned()
}

/// Sixteen bytes in both lanes of a register.
#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn broadcast(rows: &[u8; 16]) -> __m256i {
    // SAFETY: `rows` is sixteen readable bytes, and an unaligned load has
    // no alignment requirement.
    _mm256_broadcastsi128_si256(unsafe { _mm_loadu_si128(rows.as_ptr().cast()) })
}

#[inline]
#[target_feature(enable = "avx2")]
fn load(bytes: &[u8; 32]) -> __m256i {
    // SAFETY: `bytes` is thirty-two readable bytes, and an unaligned load
    // has no alignment requirement.
    unsafe { _mm256_loadu_si256(bytes.as_ptr().cast()) }
}
