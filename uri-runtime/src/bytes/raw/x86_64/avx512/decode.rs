//! Percent-decoding sixty-four bytes per step with AVX-512, whatever they
//! hold: the steps of `../decode_steps.rs`, with no branch at all, the
//! kept lanes packed by one `vpcompressb` and written by a masked store
//! of exactly that many bytes.
//!
//! A loop that branches per chunk and per escape (the portable one in
//! `unescape.rs`) cannot have its branches guessed on one `%` in a
//! hundred bytes, and each miss costs more than a whole step here.

use alloc::vec::Vec;
use core::arch::x86_64::{
    __m512i, _mm512_add_epi8, _mm512_cmpeq_epi8_mask, _mm512_cmple_epu8_mask, _mm512_loadu_si512,
    _mm512_mask_mov_epi8, _mm512_mask_storeu_epi8, _mm512_maskz_compress_epi8,
    _mm512_maskz_mov_epi8, _mm512_movepi8_mask, _mm512_or_si512, _mm512_set1_epi8,
    _mm512_setzero_si512, _mm512_slli_epi16, _mm512_sub_epi8,
};

use super::super::decode_steps::{Step, decode_in_steps};
use crate::bytes::unescape::{self, Replacements};

/// [`push_decoded`](crate::bytes::raw::push_decoded) sixty-four bytes per
/// step, for forms (`+` is a space) when `FORM`; the last bytes, fewer
/// than a step reads, go through the portable loop.
///
/// # Safety
///
/// The CPU must support AVX-512BW, AVX-512VBMI2 and POPCNT.
#[target_feature(enable = "avx512bw,avx512vbmi2,popcnt")]
pub(super) unsafe fn push_decoded<const FORM: bool>(
    out: &mut Vec<u8>,
    bytes: &[u8],
) -> Result<Replacements, usize> {
    // The bitwise OR of every byte decoded.
    let mut decoded_bits = _mm512_setzero_si512();
    // SAFETY: `decode_step` writes the bytes it counts, at most 64, with one
    // masked store of exactly that many bytes.
    let rest = unsafe {
        decode_in_steps::<64>(out, bytes, |step| {
            let (written, carried, decoded) = decode_step::<FORM>(step)?;
            decoded_bits = _mm512_or_si512(decoded_bits, decoded);
            Ok((written, carried))
        })
    }?;
    let non_ascii = _mm512_movepi8_mask(decoded_bits) != 0;
    unescape::push_decoded_rest(out, bytes, rest, FORM.then_some(b'+'), non_ascii)
}

/// One step of [`decode_in_steps`]: how many bytes it wrote, the lanes of
/// the next step that hold digits of its escapes, and the bytes it put in
/// place of escapes (zero elsewhere); or the lane of its first broken
/// escape.
#[inline]
#[target_feature(enable = "avx512bw,avx512vbmi2,popcnt")]
fn decode_step<const FORM: bool>(step: Step<'_, 64>) -> Result<(usize, u64, __m512i), usize> {
    let (text, room, carried) = step.parts();
    let load = |at: usize| {
        // SAFETY: a step's text is sixty-six bytes, so the sixty-four
        // from `at` (at most 2) are in it; an unaligned load has no
        // alignment requirement.
        unsafe { _mm512_loadu_si512(text.as_ptr().add(at).cast()) }
    };
    let chunk = load(0);
    let percents = _mm512_cmpeq_epi8_mask(chunk, _mm512_set1_epi8(b'%'.cast_signed()));
    let (high, high_is_hex) = hex_values(load(1));
    let (low, low_is_hex) = hex_values(load(2));
    let escapes = percents & high_is_hex & low_is_hex;
    if escapes != percents {
        return Err((percents & !escapes).trailing_zeros() as usize);
    }
    // Every value is below 16 (zero where not a digit), so shifting
    // sixteen-bit lanes by four moves no bit into the next byte.
    let decoded = _mm512_or_si512(_mm512_slli_epi16::<4>(high), low);
    let decoded = _mm512_maskz_mov_epi8(escapes, decoded);
    let mut written = _mm512_mask_mov_epi8(chunk, escapes, decoded);
    if FORM {
        let plus = _mm512_cmpeq_epi8_mask(chunk, _mm512_set1_epi8(b'+'.cast_signed()));
        written = _mm512_mask_mov_epi8(written, plus, _mm512_set1_epi8(b' '.cast_signed()));
    }
    // The two lanes after each escape, this step's and the next's.
    let digits = u128::from(escapes) << 1 | u128::from(escapes) << 2;
    let kept = !(digits as u64 | carried);
    let count = kept.count_ones() as usize;
    // SAFETY: the masked store writes the first `count` of the sixty-four
    // bytes of the room, and has no alignment requirement.
    unsafe {
        _mm512_mask_storeu_epi8(
            room.as_mut_ptr().cast(),
            u64::MAX.checked_shr(64 - count as u32).unwrap_or(0),
            _mm512_maskz_compress_epi8(kept, written),
        );
    }
    Ok((count, (digits >> 64) as u64, decoded))
}

/// Each byte's value as a hex digit (zero where it is not one), and the
/// lanes where it is one.
///
/// `b - '0'` is at most 9 exactly for the digits, and `(b | 0x20) - 'a'`
/// at most 5 exactly for `A`-`F` and `a`-`f` (the subtractions wrap, so
/// bytes below the range land high).
#[inline]
#[target_feature(enable = "avx512bw")]
fn hex_values(digits: __m512i) -> (__m512i, u64) {
    let digit = _mm512_sub_epi8(digits, _mm512_set1_epi8(b'0'.cast_signed()));
    let is_digit = _mm512_cmple_epu8_mask(digit, _mm512_set1_epi8(9));
    let lower = _mm512_or_si512(digits, _mm512_set1_epi8(0x20));
    let letter = _mm512_sub_epi8(lower, _mm512_set1_epi8(b'a'.cast_signed()));
    let is_letter = _mm512_cmple_epu8_mask(letter, _mm512_set1_epi8(5));
    let letter_value = _mm512_add_epi8(letter, _mm512_set1_epi8(10));
    let is_hex = is_digit | is_letter;
    let value = _mm512_mask_mov_epi8(letter_value, is_digit, digit);
    (_mm512_maskz_mov_epi8(is_hex, value), is_hex)
}
