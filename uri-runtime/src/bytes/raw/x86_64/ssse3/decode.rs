//! Percent-decoding sixteen bytes per step with SSSE3, with no branch on
//! where the escapes are: the steps of `../decode_steps.rs`, done as the
//! AVX2 decoder does them (`../avx2/decode.rs`) on one 128-bit lane.

use alloc::vec::Vec;
use core::arch::x86_64::{
    __m128i, _mm_add_epi8, _mm_and_si128, _mm_andnot_si128, _mm_cmpeq_epi8, _mm_loadu_si128,
    _mm_min_epu8, _mm_movemask_epi8, _mm_or_si128, _mm_set_epi64x, _mm_set1_epi8,
    _mm_setzero_si128, _mm_shuffle_epi8, _mm_slli_epi16, _mm_storel_epi64, _mm_storeu_si128,
    _mm_sub_epi8, _mm_unpackhi_epi64,
};

use super::super::decode_steps::{COUNTS, PACK, PACK_HIGH, Step, decode_in_steps};
use crate::bytes::unescape::{self, Replacements};

/// [`push_decoded`](crate::bytes::raw::push_decoded) sixteen bytes per
/// step, for forms (`+` is a space) when `FORM`; the last bytes, fewer
/// than a step reads, go through the portable loop.
///
/// # Safety
///
/// The CPU must support SSSE3.
#[target_feature(enable = "ssse3")]
pub(super) unsafe fn push_decoded<const FORM: bool>(
    out: &mut Vec<u8>,
    bytes: &[u8],
) -> Result<Replacements, usize> {
    // The bitwise OR of every byte decoded.
    let mut decoded_bits = _mm_setzero_si128();
    // SAFETY: `decode_step` writes the bytes it counts, at most 16, with two
    // eight-byte stores from the room's start, the second from where the
    // first's kept bytes end.
    let rest = unsafe {
        decode_in_steps::<16>(out, bytes, |step| {
            let (written, carried, decoded) = decode_step::<FORM>(step)?;
            decoded_bits = _mm_or_si128(decoded_bits, decoded);
            Ok((written, carried))
        })
    }?;
    let non_ascii = _mm_movemask_epi8(decoded_bits) != 0;
    unescape::push_decoded_rest(out, bytes, rest, FORM.then_some(b'+'), non_ascii)
}

/// One step of [`decode_in_steps`]: how many bytes it wrote, the lanes of
/// the next step that hold digits of its escapes, and the bytes it put in
/// place of escapes (zero elsewhere); or the lane of its first broken
/// escape.
#[inline]
#[target_feature(enable = "ssse3")]
fn decode_step<const FORM: bool>(step: Step<'_, 16>) -> Result<(usize, u64, __m128i), usize> {
    let (text, room, carried) = step.parts();
    let load = |at: usize| {
        // SAFETY: a step's text is eighteen bytes, so the sixteen from
        // `at` (at most 2) are in it; an unaligned load has no alignment
        // requirement.
        unsafe { _mm_loadu_si128(text.as_ptr().add(at).cast()) }
    };
    let splat = |b: u8| _mm_set1_epi8(b.cast_signed());
    let chunk = load(0);
    let is_percent = _mm_cmpeq_epi8(chunk, splat(b'%'));
    let is_plus = _mm_cmpeq_epi8(chunk, splat(b'+'));
    let percents = _mm_movemask_epi8(is_percent).cast_unsigned();
    let marks = if FORM {
        percents | _mm_movemask_epi8(is_plus).cast_unsigned()
    } else {
        percents
    };
    let room = room.as_mut_ptr();
    if u64::from(marks) | carried == 0 {
        // SAFETY: the room is sixteen bytes, and an unaligned store has
        // no alignment requirement.
        unsafe { _mm_storeu_si128(room.cast(), chunk) };
        return Ok((16, 0, _mm_setzero_si128()));
    }
    let (high, high_is_hex) = hex_values(load(1));
    let (low, low_is_hex) = hex_values(load(2));
    let is_hex = _mm_and_si128(high_is_hex, low_is_hex);
    let escapes = percents & _mm_movemask_epi8(is_hex).cast_unsigned();
    if escapes != percents {
        return Err((percents & !escapes).trailing_zeros() as usize);
    }
    // Every value is below 16 (zero where not a digit), so shifting
    // sixteen-bit lanes by four moves no bit into the next byte.
    let decoded = _mm_or_si128(_mm_slli_epi16::<4>(high), low);
    let decoded = _mm_and_si128(decoded, is_percent);
    let mut written = _mm_or_si128(decoded, _mm_andnot_si128(is_percent, chunk));
    if FORM {
        let space = _mm_and_si128(is_plus, splat(b' '));
        written = _mm_or_si128(space, _mm_andnot_si128(is_plus, written));
    }
    // The two lanes after each escape, this step's and the next's.
    let digits = u64::from(escapes) << 1 | u64::from(escapes) << 2;
    let kept = !(digits | carried);
    let [k0, k1, ..] = kept.to_le_bytes().map(usize::from);
    let shuffle = _mm_set_epi64x(PACK_HIGH[k1].cast_signed(), PACK[k0].cast_signed());
    let packed = _mm_shuffle_epi8(written, shuffle);
    let low_count = usize::from(COUNTS[k0]);
    // SAFETY: the stores write eight bytes from 0 and from at most 8 into
    // the sixteen of the room, and `_mm_storel_epi64` has no alignment
    // requirement.
    unsafe {
        _mm_storel_epi64(room.cast(), packed);
        _mm_storel_epi64(
            room.add(low_count).cast(),
            _mm_unpackhi_epi64(packed, packed),
        );
    }
    Ok((low_count + usize::from(COUNTS[k1]), digits >> 16, decoded))
}

/// Each byte's value as a hex digit (zero where it is not one), and the
/// lanes where it is one (all ones there).
///
/// `b - '0'` is at most 9 exactly for the digits, and `(b | 0x20) - 'a'`
/// at most 5 exactly for `A`-`F` and `a`-`f` (the subtractions wrap, so
/// bytes below the range land high); `x` is at most `m` where
/// `min(x, m) == x`.
#[inline]
#[target_feature(enable = "ssse3")]
fn hex_values(digits: __m128i) -> (__m128i, __m128i) {
    let at_most =
        |x: __m128i, m: u8| _mm_cmpeq_epi8(_mm_min_epu8(x, _mm_set1_epi8(m.cast_signed())), x);
    let digit = _mm_sub_epi8(digits, _mm_set1_epi8(b'0'.cast_signed()));
    let is_digit = at_most(digit, 9);
    let lower = _mm_or_si128(digits, _mm_set1_epi8(0x20));
    let letter = _mm_sub_epi8(lower, _mm_set1_epi8(b'a'.cast_signed()));
    let is_letter = at_most(letter, 5);
    let letter_value = _mm_add_epi8(letter, _mm_set1_epi8(10));
    let is_hex = _mm_or_si128(is_digit, is_letter);
    let value = _mm_or_si128(
        _mm_and_si128(is_digit, digit),
        _mm_andnot_si128(is_digit, letter_value),
    );
    (_mm_and_si128(value, is_hex), is_hex)
}
