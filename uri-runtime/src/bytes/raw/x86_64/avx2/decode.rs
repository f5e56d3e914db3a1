//! Percent-decoding thirty-two bytes per step with AVX2, with no branch
//! on where the escapes are: the steps of `../decode_steps.rs`, the kept
//! lanes packed by one shuffle per eight from its tables and stored as
//! four eight-byte pieces, each overwritten past its kept count by the
//! next.
//!
//! A step without a mark and without digits carried in is one copy: in
//! mostly plain text (one escape in a hundred bytes) most are, and the
//! branch that takes them costs less than the packing it skips. In text
//! with escapes every few bytes, where a loop that branches per escape
//! mispredicts about once an escape, the steps cost the same whatever the
//! text holds.

use alloc::vec::Vec;
use core::arch::x86_64::{
    __m256i, _mm_storel_epi64, _mm_unpackhi_epi64, _mm256_add_epi8, _mm256_and_si256,
    _mm256_blendv_epi8, _mm256_castsi256_si128, _mm256_cmpeq_epi8, _mm256_extracti128_si256,
    _mm256_loadu_si256, _mm256_min_epu8, _mm256_movemask_epi8, _mm256_or_si256, _mm256_set1_epi8,
    _mm256_setr_epi64x, _mm256_setzero_si256, _mm256_shuffle_epi8, _mm256_slli_epi16,
    _mm256_storeu_si256, _mm256_sub_epi8,
};

use super::super::decode_steps::{COUNTS, PACK, PACK_HIGH, Step, decode_in_steps};
use crate::bytes::unescape::{self, Replacements};

/// [`push_decoded`](crate::bytes::raw::push_decoded) thirty-two bytes per
/// step, for forms (`+` is a space) when `FORM`; the last bytes, fewer
/// than a step reads, go through the portable loop.
///
/// # Safety
///
/// The CPU must support AVX2.
#[target_feature(enable = "avx2")]
pub(super) unsafe fn push_decoded<const FORM: bool>(
    out: &mut Vec<u8>,
    bytes: &[u8],
) -> Result<Replacements, usize> {
    // The bitwise OR of every byte decoded.
    let mut decoded_bits = _mm256_setzero_si256();
    // SAFETY: `decode_step` writes the bytes it counts, at most 32, with
    // four eight-byte stores from the room's start, each from where the last
    // kept bytes end.
    let rest = unsafe {
        decode_in_steps::<32>(out, bytes, |step| {
            let (written, carried, decoded) = decode_step::<FORM>(step)?;
            decoded_bits = _mm256_or_si256(decoded_bits, decoded);
            Ok((written, carried))
        })
    }?;
    let non_ascii = _mm256_movemask_epi8(decoded_bits) != 0;
    unescape::push_decoded_rest(out, bytes, rest, FORM.then_some(b'+'), non_ascii)
}

/// One step of [`decode_in_steps`]: how many bytes it wrote, the lanes of
/// the next step that hold digits of its escapes, and the bytes it put in
/// place of escapes (zero elsewhere); or the lane of its first broken
/// escape.
#[inline]
#[target_feature(enable = "avx2")]
fn decode_step<const FORM: bool>(step: Step<'_, 32>) -> Result<(usize, u64, __m256i), usize> {
    let (text, room, carried) = step.parts();
    let load = |at: usize| {
        // SAFETY: a step's text is thirty-four bytes, so the thirty-two
        // from `at` (at most 2) are in it; an unaligned load has no
        // alignment requirement.
        unsafe { _mm256_loadu_si256(text.as_ptr().add(at).cast()) }
    };
    let splat = |b: u8| _mm256_set1_epi8(b.cast_signed());
    let chunk = load(0);
    let is_percent = _mm256_cmpeq_epi8(chunk, splat(b'%'));
    let is_plus = _mm256_cmpeq_epi8(chunk, splat(b'+'));
    let percents = _mm256_movemask_epi8(is_percent).cast_unsigned();
    let marks = if FORM {
        percents | _mm256_movemask_epi8(is_plus).cast_unsigned()
    } else {
        percents
    };
    let room = room.as_mut_ptr();
    if u64::from(marks) | carried == 0 {
        // SAFETY: the room is thirty-two bytes, and an unaligned store
        // has no alignment requirement.
        unsafe { _mm256_storeu_si256(room.cast(), chunk) };
        return Ok((32, 0, _mm256_setzero_si256()));
    }
    let (high, high_is_hex) = hex_values(load(1));
    let (low, low_is_hex) = hex_values(load(2));
    let is_hex = _mm256_and_si256(high_is_hex, low_is_hex);
    let escapes = percents & _mm256_movemask_epi8(is_hex).cast_unsigned();
    if escapes != percents {
        return Err((percents & !escapes).trailing_zeros() as usize);
    }
    // Every value is below 16 (zero where not a digit), so shifting
    // sixteen-bit lanes by four moves no bit into the next byte.
    let decoded = _mm256_or_si256(_mm256_slli_epi16::<4>(high), low);
    let decoded = _mm256_and_si256(decoded, is_percent);
    let mut written = _mm256_blendv_epi8(chunk, decoded, is_percent);
    if FORM {
        written = _mm256_blendv_epi8(written, splat(b' '), is_plus);
    }
    // The two lanes after each escape, this step's and the next's.
    let digits = u64::from(escapes) << 1 | u64::from(escapes) << 2;
    let kept = !(digits as u32 | carried as u32);
    let [k0, k1, k2, k3] = kept.to_le_bytes().map(usize::from);
    let shuffle = _mm256_setr_epi64x(
        PACK[k0].cast_signed(),
        PACK_HIGH[k1].cast_signed(),
        PACK[k2].cast_signed(),
        PACK_HIGH[k3].cast_signed(),
    );
    let packed = _mm256_shuffle_epi8(written, shuffle);
    let (first, second) = (
        _mm256_castsi256_si128(packed),
        _mm256_extracti128_si256::<1>(packed),
    );
    let mut n = 0;
    for (half, [low_count, high_count]) in [(first, [k0, k1]), (second, [k2, k3])] {
        // SAFETY: each store writes eight bytes from at most 24 into the
        // thirty-two of the room, and `_mm_storel_epi64` has no alignment
        // requirement.
        unsafe {
            _mm_storel_epi64(room.add(n).cast(), half);
            n += usize::from(COUNTS[low_count]);
            _mm_storel_epi64(room.add(n).cast(), _mm_unpackhi_epi64(half, half));
            n += usize::from(COUNTS[high_count]);
        }
    }
    Ok((n, digits >> 32, decoded))
}

/// Each byte's value as a hex digit (zero where it is not one), and the
/// lanes where it is one (all ones there).
///
/// `b - '0'` is at most 9 exactly for the digits, and `(b | 0x20) - 'a'`
/// at most 5 exactly for `A`-`F` and `a`-`f` (the subtractions wrap, so
/// bytes below the range land high); `x` is at most `m` where
/// `min(x, m) == x`.
#[inline]
#[target_feature(enable = "avx2")]
fn hex_values(digits: __m256i) -> (__m256i, __m256i) {
    let at_most = |x: __m256i, m: u8| {
        _mm256_cmpeq_epi8(_mm256_min_epu8(x, _mm256_set1_epi8(m.cast_signed())), x)
    };
    let digit = _mm256_sub_epi8(digits, _mm256_set1_epi8(b'0'.cast_signed()));
    let is_digit = at_most(digit, 9);
    let lower = _mm256_or_si256(digits, _mm256_set1_epi8(0x20));
    let letter = _mm256_sub_epi8(lower, _mm256_set1_epi8(b'a'.cast_signed()));
    let is_letter = at_most(letter, 5);
    let letter_value = _mm256_add_epi8(letter, _mm256_set1_epi8(10));
    let is_hex = _mm256_or_si256(is_digit, is_letter);
    let value = _mm256_blendv_epi8(letter_value, digit, is_digit);
    (_mm256_and_si256(value, is_hex), is_hex)
}
