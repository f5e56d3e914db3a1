//! The SSSE3 decoder with the marks of thirty-two bytes found in one
//! comparison instead of two, and the loop's thirty-two-byte copies one
//! instruction each (about a tenth fewer instructions).

use alloc::vec::Vec;
use core::arch::x86_64::{
    _mm256_cmpeq_epi8, _mm256_loadu_si256, _mm256_movemask_epi8, _mm256_or_si256, _mm256_set1_epi8,
};

use super::super::ssse3::decode_up_to_sixteen;
use crate::bytes::unescape::{self, Replacements};

/// The SSSE3 decoder compiled for AVX2, for forms (`+` is a space) when
/// `FORM`.
///
/// # Safety
///
/// The CPU must support AVX2.
#[target_feature(enable = "avx2")]
pub(super) unsafe fn push_decoded<const FORM: bool>(
    out: &mut Vec<u8>,
    bytes: &[u8],
) -> Result<Replacements, usize> {
    unescape::masked::push_decoded::<FORM>(
        out,
        bytes,
        |chunk| marks::<FORM>(chunk),
        |triplets| decode_up_to_sixteen(triplets),
    )
}

/// Bit `k` set when `chunk[k]` is `%`, or `+` for forms, in one
/// thirty-two-byte comparison.
#[inline]
#[target_feature(enable = "avx2")]
fn marks<const FORM: bool>(chunk: &[u8; 32]) -> u32 {
    // SAFETY: `chunk` is thirty-two readable bytes, and an unaligned load
    // has no alignment requirement.
    let chunk = unsafe { _mm256_loadu_si256(chunk.as_ptr().cast()) };
    let mut marked = _mm256_cmpeq_epi8(chunk, _mm256_set1_epi8(b'%'.cast_signed()));
    if FORM {
        let plus = _mm256_cmpeq_epi8(chunk, _mm256_set1_epi8(b'+'.cast_signed()));
        marked = _mm256_or_si256(marked, plus);
    }
    _mm256_movemask_epi8(marked).cast_unsigned()
}
