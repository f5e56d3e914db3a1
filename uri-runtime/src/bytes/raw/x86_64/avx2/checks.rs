//! Normalization's two checks (escapes in normal form, dot segments)
//! thirty-two bytes per step with AVX2, with no branch per escape or dot:
//! the same questions the AVX-512 row asks sixty-four bytes at a time,
//! with SSSE3's nibble classifier where that row looks bytes up with one
//! permutation.
//!
//! A step reads its bytes from `i`, `i + 1` and `i + 2`, so that each
//! lane sees the two bytes after it. Steps read the text itself while
//! those three loads fit in it; the last thirty-three bytes or fewer are
//! copied into a zeroed block first, since AVX2 has no load that stops
//! at the text's end. A zero is no `%`, `.`, `/` or capital, so the
//! block's padding answers nothing.

use core::arch::x86_64::{
    __m256i, _mm256_add_epi8, _mm256_and_si256, _mm256_cmpeq_epi8, _mm256_cmpgt_epi8,
    _mm256_loadu_si256, _mm256_movemask_epi8, _mm256_or_si256, _mm256_set1_epi8, _mm256_slli_epi16,
};

use uri_core::pct::{EncodeSet, UNRESERVED};
use uri_core::table;

use super::super::padded::padded;
use super::scan::{broadcast, escapes};

/// A step's width.
const STEP: usize = 32;

/// The bytes a step reads from its start: its own and the two after.
const REACH: usize = STEP + 2;

/// One step's three views of the text, and which lanes of each view hold
/// a byte of it (the rest read the zeroes past its end).
struct Step {
    text: __m256i,
    first: __m256i,
    second: __m256i,
    /// Lanes whose next byte is in the text.
    has_first: u32,
    /// Lanes whose byte after next is in the text.
    has_second: u32,
}

/// Calls `step` with each step of `bytes` and its start, until it says
/// stop (`true`); whether it did.
#[inline]
#[target_feature(enable = "avx2")]
fn any_step(bytes: &[u8], mut step: impl FnMut(&Step, usize) -> bool) -> bool {
    let mut i = 0;
    while let Some(window) = bytes.get(i..i + REACH) {
        let every_lane = Step {
            text: load(window, 0),
            first: load(window, 1),
            second: load(window, 2),
            has_first: u32::MAX,
            has_second: u32::MAX,
        };
        if step(&every_lane, i) {
            return true;
        }
        i += STEP;
    }
    let rest = bytes.get(i..).unwrap_or_default();
    let block: [u8; STEP + REACH] = padded(rest);
    let lanes_before = |end: usize| u32::MAX.checked_shr(STEP.saturating_sub(end) as u32);
    let mut at = 0;
    while at < rest.len() {
        let Some(window) = block.get(at..at + REACH) else {
            break;
        };
        let left = rest.len() - at;
        let last = Step {
            text: load(window, 0),
            first: load(window, 1),
            second: load(window, 2),
            has_first: lanes_before(left.saturating_sub(1)).unwrap_or(0),
            has_second: lanes_before(left.saturating_sub(2)).unwrap_or(0),
        };
        if step(&last, i + at) {
            return true;
        }
        at += STEP;
    }
    false
}

/// [`scan::escapes_in_normal_form`](crate::bytes::scan::escapes_in_normal_form)
/// thirty-two bytes per step: a lane holding a `%` and two hex digits is
/// an escape, which fails the check when a digit is a lowercase letter
/// or the byte it spells is in `unreserved`; a capital fails it in the
/// prefix. Without a prefix, the steps start at the first `%`. With
/// `PROVEN` the caller says each `%` starts an escape, and the digits
/// after it are not classified.
#[target_feature(enable = "avx2")]
pub(super) fn escapes_in_normal_form<const PROVEN: bool>(
    bytes: &[u8],
    lowercase_until: usize,
) -> bool {
    const HEX_DIGITS: EncodeSet = EncodeSet::keeping(table::HEXDIG);
    let bytes = super::super::escape_check_text!(bytes, lowercase_until, first_percent);
    let (hex_rows, unreserved_rows) = (
        broadcast(HEX_DIGITS.nibble_rows()),
        broadcast(UNRESERVED.nibble_rows()),
    );
    let byte = |b: u8| _mm256_set1_epi8(b.cast_signed());
    let lanes = |mask: __m256i| _mm256_movemask_epi8(mask).cast_unsigned();
    // Every byte compared is ASCII or, read as signed, below every ASCII
    // byte: so signed comparisons order ASCII as unsigned ones would.
    let above = |text: __m256i, b: u8| lanes(_mm256_cmpgt_epi8(text, byte(b)));
    // A hex digit's value: its low four bits, and nine more for a letter.
    let value = |digit: __m256i| {
        let letter = _mm256_cmpeq_epi8(_mm256_and_si256(digit, byte(0x40)), byte(0x40));
        _mm256_add_epi8(
            _mm256_and_si256(digit, byte(0x0F)),
            _mm256_and_si256(letter, byte(9)),
        )
    };
    !any_step(bytes, |step, i| {
        // Every step asks everything, though one with no `%` could answer
        // after a single comparison: whether a step holds a `%` changes
        // from text to text, and a branch on it missed often enough to
        // cost more time than the work it saved (BENCHMARKS.md, "The
        // parser classifies once").
        let percent = lanes(_mm256_cmpeq_epi8(step.text, byte(b'%')));
        if i < lowercase_until {
            let prefix = u32::MAX
                .checked_shr(STEP.saturating_sub(lowercase_until - i) as u32)
                .unwrap_or(0);
            let capital = above(step.text, b'A' - 1) & !above(step.text, b'Z');
            if capital & prefix != 0 {
                return true;
            }
        }
        let escape = if PROVEN {
            percent
        } else {
            percent & !escapes(step.first, hex_rows) & !escapes(step.second, hex_rows)
        };
        let lowercase = above(step.first, b'F') | above(step.second, b'F');
        // The shift carries each value's high bits into the next lane's
        // low four, which the mask clears.
        let high_nibble = _mm256_and_si256(_mm256_slli_epi16::<4>(value(step.first)), byte(0xF0));
        let decoded = _mm256_or_si256(high_nibble, value(step.second));
        let spells_unreserved = !escapes(decoded, unreserved_rows);
        escape & (lowercase | spells_unreserved) != 0
    })
}

/// The index of the first `%` in `bytes`: thirty-two bytes a comparison,
/// the last thirty-two read whole where they overlap the step before; a
/// shorter text through the SSE2 or word-at-a-time search.
#[inline]
#[target_feature(enable = "avx2")]
fn first_percent(bytes: &[u8]) -> Option<usize> {
    let found = |chunk: &[u8; STEP]| {
        // SAFETY: `chunk` is thirty-two readable bytes, and an unaligned
        // load has no alignment requirement.
        let chunk = unsafe { _mm256_loadu_si256(chunk.as_ptr().cast()) };
        let percent = _mm256_set1_epi8(b'%'.cast_signed());
        _mm256_movemask_epi8(_mm256_cmpeq_epi8(chunk, percent)).cast_unsigned()
    };
    let (chunks, _) = bytes.as_chunks::<STEP>();
    for (k, chunk) in chunks.iter().enumerate() {
        let marks = found(chunk);
        if marks != 0 {
            return Some(STEP * k + marks.trailing_zeros() as usize);
        }
    }
    let Some(last) = bytes.last_chunk::<STEP>() else {
        return super::super::position(bytes, b'%');
    };
    let marks = found(last);
    (marks != 0).then(|| bytes.len() - STEP + marks.trailing_zeros() as usize)
}

/// [`scan::has_dot_segments`](crate::bytes::scan::has_dot_segments)
/// thirty-two bytes per step: a `.` starts a dot segment where the byte
/// before it is a `/` (or there is none) and the one after it is a `/`
/// or the end, or is a second `.` followed by a `/` or the end. Each step
/// passes on to the next whether its last byte was a `/`.
#[target_feature(enable = "avx2")]
pub(super) fn has_dot_segments(bytes: &[u8]) -> bool {
    let is = |text: __m256i, b: u8| {
        _mm256_movemask_epi8(_mm256_cmpeq_epi8(text, _mm256_set1_epi8(b.cast_signed())))
            .cast_unsigned()
    };
    let mut after_slash = 1_u32;
    any_step(bytes, |step, _| {
        let slashes = is(step.text, b'/');
        let starts = slashes << 1 | after_slash;
        let ends_after_one = is(step.first, b'/') | !step.has_first;
        let ends_after_two = is(step.second, b'/') | !step.has_second;
        let dots = is(step.text, b'.') & starts;
        after_slash = slashes >> (STEP - 1);
        dots & (ends_after_one | (is(step.first, b'.') & ends_after_two)) != 0
    })
}

/// The thirty-two bytes of `window` from `at`.
#[inline]
#[target_feature(enable = "avx2")]
fn load(window: &[u8], at: usize) -> __m256i {
    let bytes: &[u8; STEP] = window
        .get(at..at + STEP)
        .and_then(|bytes| bytes.try_into().ok())
        .unwrap_or(&[0; STEP]);
    // SAFETY: `bytes` is thirty-two readable bytes, and an unaligned load
    // has no alignment requirement.
    unsafe { _mm256_loadu_si256(bytes.as_ptr().cast()) }
}
