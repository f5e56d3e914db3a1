//! Percent-decoding sixty-four bytes per step with AVX-512, whatever they
//! hold: no branch on where the escapes are, so none is mispredicted.
//!
//! Each step reads the sixty-four bytes at `i`, and again at `i + 1` and
//! `i + 2`, so that every lane sees the two bytes after it. A lane holding
//! a `%` whose two following bytes are hex digits takes the byte they
//! spell (any other `%` is the error); the lanes of those digits are
//! dropped; one `vpcompressb` packs what is left to the front, and a
//! masked store writes exactly that many bytes into the output's spare
//! capacity. The digits of an escape in the last two lanes fall into the
//! next step, which drops them too.
//!
//! The portable and SSSE3 decoders (`unescape.rs`, `ssse3.rs`) branch per
//! chunk and per mark; on one `%` in a hundred bytes the CPU cannot guess
//! those branches, and each miss costs more than a whole step here. The
//! AVX2 decoder (`avx2/decode.rs`) takes these steps thirty-two bytes at
//! a time, packing with a shuffle table.

use alloc::vec::Vec;
use core::arch::x86_64::{
    __m512i, _mm512_add_epi8, _mm512_cmpeq_epi8_mask, _mm512_cmple_epu8_mask, _mm512_loadu_si512,
    _mm512_mask_mov_epi8, _mm512_mask_storeu_epi8, _mm512_maskz_compress_epi8,
    _mm512_maskz_mov_epi8, _mm512_movepi8_mask, _mm512_or_si512, _mm512_set1_epi8,
    _mm512_setzero_si512, _mm512_slli_epi16, _mm512_sub_epi8,
};

use crate::bytes::unescape::{self, Replacements};

/// How many bytes a step reads: its sixty-four, and two more for the
/// digits of an escape in its last lanes.
const STEP_READS: usize = 66;

/// [`push_decoded`](crate::bytes::raw::push_decoded) sixty-four bytes per step, for forms (`+` is a
/// space) when `FORM`; the last bytes, fewer than a step reads, go
/// through the portable loop.
///
/// # Safety
///
/// The CPU must support AVX-512BW and AVX-512VBMI2.
#[target_feature(enable = "avx512bw,avx512vbmi2")]
pub(super) unsafe fn push_decoded<const FORM: bool>(
    out: &mut Vec<u8>,
    bytes: &[u8],
) -> Result<Replacements, usize> {
    // Decoding never lengthens, so this is room for every step's output.
    out.reserve(bytes.len());
    let start = out.len();
    let base = out.as_mut_ptr();
    let (mut i, mut n) = (0, 0);
    // The lanes of this step that hold digits of the last step's escapes.
    let mut carried = 0_u64;
    // The bitwise OR of every byte decoded.
    let mut decoded_bits = _mm512_setzero_si512();
    while i + STEP_READS <= bytes.len() {
        let load = |at: usize| {
            // SAFETY: `at + 64 <= i + STEP_READS <= bytes.len()`, so the
            // sixty-four bytes are in `bytes`; an unaligned load has no
            // alignment requirement.
            unsafe { _mm512_loadu_si512(bytes.as_ptr().add(at).cast()) }
        };
        let text = load(i);
        let percents = _mm512_cmpeq_epi8_mask(text, _mm512_set1_epi8(b'%'.cast_signed()));
        let (high, high_is_hex) = hex_values(load(i + 1));
        let (low, low_is_hex) = hex_values(load(i + 2));
        let escapes = percents & high_is_hex & low_is_hex;
        if escapes != percents {
            // Every step before was whole, so the first broken escape of
            // this one is the input's first.
            return Err(i + (percents & !escapes).trailing_zeros() as usize);
        }
        // Every value is below 16 (zero where not a digit), so shifting
        // sixteen-bit lanes by four moves no bit into the next byte.
        let decoded = _mm512_or_si512(_mm512_slli_epi16::<4>(high), low);
        decoded_bits = _mm512_or_si512(decoded_bits, _mm512_maskz_mov_epi8(escapes, decoded));
        let mut written = _mm512_mask_mov_epi8(text, escapes, decoded);
        if FORM {
            let plus = _mm512_cmpeq_epi8_mask(text, _mm512_set1_epi8(b'+'.cast_signed()));
            written = _mm512_mask_mov_epi8(written, plus, _mm512_set1_epi8(b' '.cast_signed()));
        }
        // The two lanes after each escape, this step's and the next's.
        let digits = u128::from(escapes) << 1 | u128::from(escapes) << 2;
        let kept = !(digits as u64 | carried);
        carried = (digits >> 64) as u64;
        let count = kept.count_ones() as usize;
        // SAFETY: each kept lane is an input byte read for the first time,
        // so `n + count <= i + 64 <= bytes.len()`, and `out` has room for
        // `start + bytes.len()` bytes; the masked store writes only the
        // first `count` of the sixty-four bytes.
        unsafe {
            _mm512_mask_storeu_epi8(
                base.add(start + n).cast(),
                u64::MAX.checked_shr(64 - count as u32).unwrap_or(0),
                _mm512_maskz_compress_epi8(kept, written),
            );
        }
        n += count;
        i += 64;
    }
    // SAFETY: the steps wrote `out[start..start + n]` one after another,
    // each its `count` bytes from where the last stopped, within capacity.
    unsafe { out.set_len(start + n) };
    // Digits of the last step's escape at the start of what is left.
    i += carried.count_ones() as usize;
    let non_ascii = _mm512_movepi8_mask(decoded_bits) != 0;
    unescape::push_decoded_rest(out, bytes, i, FORM.then_some(b'+'), non_ascii)
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
