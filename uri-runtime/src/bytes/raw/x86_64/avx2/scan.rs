//! The parser's two scans with AVX2: SSSE3's classifier (a byte's low
//! nibble picks its row of the class's bits, its high nibble the bit,
//! with one byte shuffle each) run on both 128-bit lanes of a 256-bit
//! register, so one classification answers for thirty-two bytes where
//! SSSE3 takes two. A step reads the sixty-four bytes at the scan's
//! position while the text has them, then thirty-two, the last step the
//! text's last thirty-two; a text shorter than that is left to the SSSE3
//! scan.

use core::arch::x86_64::{
    __m256i, _mm_loadu_si128, _mm256_and_si256, _mm256_broadcastsi128_si256, _mm256_cmpeq_epi8,
    _mm256_loadu_si256, _mm256_movemask_epi8, _mm256_set1_epi8, _mm256_setr_epi8,
    _mm256_setzero_si256, _mm256_shuffle_epi8, _mm256_srli_epi16,
};
use core::ops::ControlFlow;

use uri_core::pct::EncodeSet;
use uri_core::table::Class;

use super::super::ssse3::{
    kept_prefix as ssse3_kept_prefix, scan_class as ssse3_scan, span_rows, triplet_starts_before,
};
use super::super::{after_step, holds_hex_digits, kept_prefix_by_steps};

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
///
/// With `TRIPLETS`, every step looks for triplets, though only a step
/// with a byte outside the class can hold one: in a long query, steps
/// with escapes and steps without them alternate as the text goes, and a
/// branch on it missed often enough to cost more time than the lookups
/// (BENCHMARKS.md, "The parser classifies once").
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
    // A class whose triplets' digits would need passing goes to the
    // SSSE3 scan, which leaves it to the scalar one.
    let vector = bytes.len() >= 32 && (!TRIPLETS || holds_hex_digits(class));
    let Some(rows) = rows.filter(|_| vector) else {
        return ssse3_scan::<TRIPLETS>(class, rows, bytes, from, to);
    };
    let (rows, hex_rows) = (broadcast(rows), broadcast(HEX_DIGITS.nibble_rows()));
    let outside_of = |chunk| u64::from(escapes(chunk, rows));
    let percent_of = |chunk| {
        let percent = _mm256_cmpeq_epi8(chunk, _mm256_set1_epi8(b'%'.cast_signed()));
        u64::from(_mm256_movemask_epi8(percent).cast_unsigned())
    };
    let hex_of = |chunk| u64::from(!escapes(chunk, hex_rows));
    let mut i = from;
    // Sixty-four bytes a step while the text has them from `i`: a long
    // query, full of escapes, pays a step's scalar work once for two
    // loads. One bound says both that `i` is before `to` and that the
    // text has the step's bytes, so a step (a long query takes several)
    // pays one comparison for both.
    let steps_until = to.min(bytes.len().saturating_sub(63));
    while i < steps_until {
        // SAFETY: `i + 64` is at most the text's length, by
        // `steps_until`; a byte array has no alignment requirement.
        let halves = unsafe { &*bytes.as_ptr().add(i).cast::<[u8; 64]>() };
        let (halves, _) = halves.as_chunks::<32>();
        let [first, second] = [load(&halves[0]), load(&halves[1])];
        let mut outside = outside_of(first) | outside_of(second) << 32;
        if TRIPLETS {
            let percent = percent_of(first) | percent_of(second) << 32;
            let hex = hex_of(first) | hex_of(second) << 32;
            outside &= !triplet_starts_before(percent, hex, 64, to - i);
        }
        match after_step::<TRIPLETS>(bytes, i, outside, i + 64, to) {
            ControlFlow::Continue(next) => i = next,
            ControlFlow::Break(end) => return end,
        }
    }
    // The rest, thirty-two bytes a step; the last step reads the text's
    // last thirty-two bytes, and skips those before `i`.
    while i < to {
        let start = i.min(bytes.len() - 32);
        let Some((window, _)) = bytes.get(start..).and_then(<[u8]>::split_first_chunk::<32>) else {
            // The text has thirty-two bytes from `start`, by its choice.
            break;
        };
        let chunk = load(window);
        let mut outside = outside_of(chunk);
        if TRIPLETS {
            outside &= !triplet_starts_before(percent_of(chunk), hex_of(chunk), 32, to - start);
        }
        outside >>= i - start;
        match after_step::<TRIPLETS>(bytes, i, outside, start + 32, to) {
            ControlFlow::Continue(next) => i = next,
            ControlFlow::Break(end) => return end,
        }
    }
    to
}

/// Bit `k` set when byte `k` of `chunk` is not kept by the set whose
/// nibble rows are `rows` (in both lanes): SSSE3's classifier, thirty-two
/// bytes at once. A byte from 128 up finds no bit, so it is never kept.
#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn escapes(chunk: __m256i, rows: __m256i) -> u32 {
    misses(chunk, rows, 0)
}

/// Bit `k` set when byte `k` of `chunk` finds no bit in the nibble rows
/// `rows`: its row (by its low nibble) and the bit its high nibble picks
/// have none in common. High nibbles 0 to 7 pick their own bit; those of
/// the bytes from 128 up pick `above_ascii`.
#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn misses(chunk: __m256i, rows: __m256i, above_ascii: u8) -> u32 {
    let nibble = _mm256_set1_epi8(0x0F);
    let low = _mm256_and_si256(chunk, nibble);
    let high = _mm256_and_si256(_mm256_srli_epi16::<4>(chunk), nibble);
    let x = above_ascii.cast_signed();
    let high_bits = _mm256_setr_epi8(
        1, 2, 4, 8, 16, 32, 64, -128, x, x, x, x, x, x, x, x, 1, 2, 4, 8, 16, 32, 64, -128, x, x,
        x, x, x, x, x, x,
    );
    let row = _mm256_shuffle_epi8(rows, low);
    let bit = _mm256_shuffle_epi8(high_bits, high);
    let found = _mm256_and_si256(row, bit);
    _mm256_movemask_epi8(_mm256_cmpeq_epi8(found, _mm256_setzero_si256())).cast_unsigned()
}

/// [`kept_prefix`](crate::bytes::raw::kept_prefix) thirty-two bytes a
/// step, the last fewer than thirty-two by SSSE3's sixteen, so that a
/// short text reads no more bytes one at a time than it did there.
///
/// # Safety
///
/// The CPU must support AVX2.
#[target_feature(enable = "avx2")]
pub(super) unsafe fn kept_prefix(bytes: &[u8], set: &EncodeSet) -> usize {
    let rows = broadcast(set.nibble_rows());
    // SAFETY: a CPU with AVX2 has SSSE3.
    let by_sixteen = |rest: &[u8]| unsafe { ssse3_kept_prefix(rest, set) };
    kept_prefix_by_steps::<32>(bytes, |step| escapes(load(step), rows), by_sixteen)
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
