//! SSE2, which every x86-64 CPU has: finding one byte sixteen bytes per
//! comparison, a segment that starts with a dot sixteen places per step,
//! and reading the end of a dotted name. Compiled in wherever
//! the target has SSE2 (every x86-64 target does), so nothing is asked at
//! run time and each kernel is inlined where it is called rather than
//! chosen from a table.

use core::arch::x86_64::{
    _mm_and_si128, _mm_andnot_si128, _mm_cmpeq_epi8, _mm_cvtsi128_si64, _mm_loadu_si128,
    _mm_movemask_epi8, _mm_or_si128, _mm_set1_epi8, _mm_unpackhi_epi64,
};
use core::ops::Range;

use super::padded::padded;
use crate::bytes::name_tail::{BLOCK, NameTail};

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

/// [`has_segment_starting_with_dot`](crate::bytes::scan::has_segment_starting_with_dot):
/// sixteen places per step, each compared at once for a `/` and, after
/// it, a `.` or the three bytes of `%2e` in either case (four loads, a
/// byte apart). The path's first byte is read on its own. A path shorter
/// than two steps is copied into a zeroed block (a zero is no `/`, `.`
/// or `%`) and read in two steps; in a longer one the last step is read
/// whole even where it overlaps the one before, and the last two places,
/// whose three bytes after a `/` would reach past the text, one by one.
#[inline]
#[target_feature(enable = "sse2")]
pub(in crate::bytes::raw) fn has_segment_starting_with_dot(bytes: &[u8]) -> bool {
    let byte = |b: u8| _mm_set1_epi8(b.cast_signed());
    let (slash, dot, percent, two, e, lower) = (
        byte(b'/'),
        byte(b'.'),
        byte(b'%'),
        byte(b'2'),
        byte(b'e'),
        byte(0x20),
    );
    let found_in = |window: &[u8; DOT_WINDOW]| {
        // SAFETY: `window` is nineteen readable bytes, so each sixteen-byte
        // load from its first four places stays inside it; an unaligned
        // load has no alignment requirement.
        let (before, first, second, third) = unsafe {
            (
                _mm_loadu_si128(window.as_ptr().cast()),
                _mm_loadu_si128(window.as_ptr().add(1).cast()),
                _mm_loadu_si128(window.as_ptr().add(2).cast()),
                _mm_loadu_si128(window.as_ptr().add(3).cast()),
            )
        };
        let escaped = _mm_and_si128(
            _mm_and_si128(_mm_cmpeq_epi8(first, percent), _mm_cmpeq_epi8(second, two)),
            _mm_cmpeq_epi8(_mm_or_si128(third, lower), e),
        );
        let dotted = _mm_or_si128(_mm_cmpeq_epi8(first, dot), escaped);
        _mm_movemask_epi8(_mm_and_si128(_mm_cmpeq_epi8(before, slash), dotted)) != 0
    };
    let first_is_dot = crate::bytes::scan::starts_with_dot(bytes);
    let Some(&last) = bytes.last_chunk::<3>().filter(|_| bytes.len() >= 32) else {
        let block: [u8; 16 + DOT_WINDOW] = padded(bytes);
        let (first, second) = (block.first_chunk(), block.last_chunk());
        return first_is_dot || first.is_some_and(found_in) || second.is_some_and(found_in);
    };
    // A `/` in the last three bytes leaves room for a written dot only.
    if first_is_dot || matches!(last, [b'/', b'.', _] | [_, b'/', b'.']) {
        return true;
    }
    let mut at = 0;
    while let Some(window) = bytes.get(at..).and_then(|rest| rest.first_chunk()) {
        if found_in(window) {
            return true;
        }
        at += 16;
    }
    bytes.last_chunk().is_some_and(found_in)
}

/// The bytes one step of [`has_segment_starting_with_dot`] reads: sixteen
/// places and the three bytes after the last.
const DOT_WINDOW: usize = 19;

/// Sixteen ones then sixteen zeros: any sixteen of them in a row are a
/// mask of a block's first lanes.
static EDGE: [u8; 2 * BLOCK] = {
    let mut edge = [0; 2 * BLOCK];
    let mut i = 0;
    while i < BLOCK {
        edge[i] = 0xff;
        i += 1;
    }
    edge
};

/// [`name_tail`](crate::bytes::name_tail::name_tail): the two blocks
/// masked, searched and lowercased as vectors, in fewer instructions
/// than the twin's 128-bit integers (a policy refusing one host class
/// went from 242 to 205 instructions a corpus line).
#[inline]
#[target_feature(enable = "sse2")]
pub(in crate::bytes::raw) fn name_tail(text: &[u8], name: Range<usize>) -> Option<NameTail> {
    let len = name.end.checked_sub(name.start)?;
    let head: &[u8; BLOCK] = text.get(name.start..)?.first_chunk()?;
    let tail: &[u8; BLOCK] = text.get(..name.end)?.last_chunk()?;
    // Lane `i` of the head is the name's when `i < len`, of the tail when
    // `i >= 16 - len`: both masks are sixteen bytes of `EDGE`, read where
    // its ones end `len` lanes in or `len` lanes before the block's end
    // (a load, where a mask built from `len` took five instructions).
    let shown = len.min(BLOCK);
    let in_head: &[u8; BLOCK] = EDGE.get(BLOCK - shown..)?.first_chunk()?;
    let before_tail: &[u8; BLOCK] = EDGE.get(shown..)?.first_chunk()?;
    // SAFETY: each is sixteen readable bytes, and an unaligned load has
    // no alignment requirement.
    let (head, tail, in_head, before_tail) = unsafe {
        (
            _mm_loadu_si128(head.as_ptr().cast()),
            _mm_loadu_si128(tail.as_ptr().cast()),
            _mm_loadu_si128(in_head.as_ptr().cast()),
            _mm_loadu_si128(before_tail.as_ptr().cast()),
        )
    };
    let dots = _mm_set1_epi8(b'.'.cast_signed());
    let tail = _mm_or_si128(
        _mm_andnot_si128(before_tail, tail),
        _mm_and_si128(before_tail, dots),
    );
    let percent = _mm_set1_epi8(b'%'.cast_signed());
    let escapes = _mm_or_si128(
        _mm_and_si128(_mm_cmpeq_epi8(head, percent), in_head),
        _mm_cmpeq_epi8(tail, percent),
    );
    let bytes = _mm_or_si128(tail, _mm_set1_epi8(0x20));
    let dot_marks = _mm_movemask_epi8(_mm_cmpeq_epi8(bytes, dots)).cast_unsigned();
    // The name's own dots (not the fill, and read before the case bit,
    // which makes a dot of 0x0E): one in its first lane or the tail's
    // last, or two in neighbouring lanes, is an empty label. The head's
    // are needed only past sixteen bytes.
    let outside = BLOCK as u32 - len.min(BLOCK) as u32;
    let name_lanes = 0xffff_u32 << outside & 0xffff;
    let tail_dots = _mm_movemask_epi8(_mm_cmpeq_epi8(tail, dots)).cast_unsigned() & name_lanes;
    let head_dots = if len > BLOCK {
        _mm_movemask_epi8(_mm_cmpeq_epi8(head, dots)).cast_unsigned()
    } else {
        tail_dots >> outside
    };
    let empty_label = head_dots & 1
        | tail_dots & 0x8000
        | head_dots & (head_dots >> 1)
        | tail_dots & (tail_dots >> 1);
    let low = _mm_cvtsi128_si64(bytes).cast_unsigned();
    let high = _mm_cvtsi128_si64(_mm_unpackhi_epi64(bytes, bytes)).cast_unsigned();
    Some(NameTail {
        bytes: u128::from(high) << 64 | u128::from(low),
        // The marks fill the low sixteen bits of the `u32`.
        after_dot: dot_marks.leading_zeros() - 16,
        escaped: _mm_movemask_epi8(escapes) != 0,
        empty_label: empty_label != 0,
    })
}
