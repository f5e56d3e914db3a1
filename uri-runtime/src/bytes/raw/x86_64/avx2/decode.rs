//! Percent-decoding thirty-two bytes per step with AVX2, with no branch
//! on where the escapes are: the AVX-512 decoder's steps
//! (`avx512/decode.rs`), with the packing `vpcompressb` does there done
//! by a shuffle per eight lanes from a table.
//!
//! Each step reads the thirty-two bytes at `i`, and again at `i + 1` and
//! `i + 2`, so that every lane sees the two bytes after it. A lane holding
//! a `%` whose two following bytes are hex digits takes the byte they
//! spell (any other `%` is the error); the lanes of those digits are
//! dropped. One shuffle packs the kept lanes of each group of eight to
//! the group's front, and the four groups are stored one after another
//! into the output's spare capacity, each as eight bytes that the next
//! overwrites past its kept count. The digits of an escape in the last
//! two lanes fall into the next step, which drops them too.
//!
//! A step without a mark and without digits carried in is one copy: in
//! mostly plain text (one escape in a hundred bytes) most are, and the
//! branch that takes them costs less than the packing it skips. In text
//! with escapes every few bytes, where the loop of `unescape/masked.rs`
//! mispredicted a branch per escape, the steps cost the same whatever the
//! text holds.

use alloc::vec::Vec;
use core::arch::x86_64::{
    __m256i, _mm_unpackhi_epi64, _mm_storel_epi64, _mm256_add_epi8, _mm256_and_si256,
    _mm256_blendv_epi8, _mm256_castsi256_si128, _mm256_cmpeq_epi8,
    _mm256_extracti128_si256, _mm256_loadu_si256, _mm256_min_epu8, _mm256_movemask_epi8,
    _mm256_or_si256, _mm256_set1_epi8, _mm256_setr_epi64x, _mm256_setzero_si256,
    _mm256_shuffle_epi8, _mm256_slli_epi16, _mm256_storeu_si256, _mm256_sub_epi8,
};

use crate::bytes::unescape::{self, Replacements};

/// How many bytes a step reads: its thirty-two, and two more for the
/// digits of an escape in its last lanes.
const STEP_READS: usize = 34;

/// For each mask of eight lanes, the shuffle that packs the lanes whose
/// bit is set to the front of the eight, as eight byte indices in a
/// `u64` (the unused ones are 0, whose byte lands past the kept count).
/// `PACK_HIGH` is for the upper eight of a 128-bit lane, whose indices
/// are 8 to 15.
const PACK: [u64; 256] = pack_table(0);
/// See [`PACK`].
const PACK_HIGH: [u64; 256] = pack_table(8);

/// How many bits each mask of eight lanes sets: a load, where
/// `count_ones` without the `popcnt` feature is a dozen instructions.
const COUNTS: [u8; 256] = {
    let mut table = [0; 256];
    let mut mask = 0;
    while mask < 256 {
        table[mask] = (mask as u8).count_ones() as u8;
        mask += 1;
    }
    table
};

/// [`PACK`] with `offset` added to each used index.
const fn pack_table(offset: u64) -> [u64; 256] {
    let mut table = [0; 256];
    let mut mask: usize = 0;
    while mask < 256 {
        let (mut lane, mut kept, mut shuffle) = (0_u64, 0, 0);
        while lane < 8 {
            if (mask >> lane) & 1 == 1 {
                shuffle |= (lane + offset) << (8 * kept);
                kept += 1;
            }
            lane += 1;
        }
        table[mask] = shuffle;
        mask += 1;
    }
    table
}

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
    // Decoding never lengthens, so this is room for every step's output.
    out.reserve(bytes.len());
    let start = out.len();
    let base = out.as_mut_ptr();
    let (mut i, mut n) = (0, 0);
    // The lanes of this step that hold digits of the last step's escapes.
    let mut carried = 0_u32;
    // The bitwise OR of every byte decoded.
    let mut decoded_bits = _mm256_setzero_si256();
    let splat = |b: u8| _mm256_set1_epi8(b.cast_signed());
    while i + STEP_READS <= bytes.len() {
        let load = |at: usize| {
            // SAFETY: `at + 32 <= i + STEP_READS <= bytes.len()`, so the
            // thirty-two bytes are in `bytes`; an unaligned load has no
            // alignment requirement.
            unsafe { _mm256_loadu_si256(bytes.as_ptr().add(at).cast()) }
        };
        // SAFETY (of every store below): each step writes at most
        // thirty-two bytes from `start + n`, and `n <= i`, so they end
        // before `start + i + 32 < start + bytes.len()`, within the
        // capacity reserved above.
        let dst = |at: usize| unsafe { base.add(start + at) };
        let text = load(i);
        let is_percent = _mm256_cmpeq_epi8(text, splat(b'%'));
        let is_plus = _mm256_cmpeq_epi8(text, splat(b'+'));
        let percents = _mm256_movemask_epi8(is_percent).cast_unsigned();
        let marks = if FORM {
            percents | _mm256_movemask_epi8(is_plus).cast_unsigned()
        } else {
            percents
        };
        if marks | carried == 0 {
            // SAFETY: see above.
            unsafe { _mm256_storeu_si256(dst(n).cast(), text) };
            (i, n) = (i + 32, n + 32);
            continue;
        }
        let (high, high_is_hex) = hex_values(load(i + 1));
        let (low, low_is_hex) = hex_values(load(i + 2));
        let is_hex = _mm256_and_si256(high_is_hex, low_is_hex);
        let escapes = percents & _mm256_movemask_epi8(is_hex).cast_unsigned();
        if escapes != percents {
            // Every step before was whole, so the first broken escape of
            // this one is the input's first.
            return Err(i + (percents & !escapes).trailing_zeros() as usize);
        }
        // Every value is below 16 (zero where not a digit), so shifting
        // sixteen-bit lanes by four moves no bit into the next byte.
        let decoded = _mm256_or_si256(_mm256_slli_epi16::<4>(high), low);
        let decoded = _mm256_and_si256(decoded, is_percent);
        decoded_bits = _mm256_or_si256(decoded_bits, decoded);
        let mut written = _mm256_blendv_epi8(text, decoded, is_percent);
        if FORM {
            written = _mm256_blendv_epi8(written, splat(b' '), is_plus);
        }
        // The two lanes after each escape, this step's and the next's.
        let digits = u64::from(escapes) << 1 | u64::from(escapes) << 2;
        let kept = !(digits as u32 | carried);
        carried = (digits >> 32) as u32;
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
        let counts = [k0, k1, k2, k3].map(|k| usize::from(COUNTS[k]));
        // SAFETY: see above; each store writes eight bytes, the last from
        // at most `n + 24`, and `_mm_storel_epi64` has no alignment
        // requirement.
        unsafe {
            _mm_storel_epi64(dst(n).cast(), first);
            n += counts[0];
            _mm_storel_epi64(dst(n).cast(), _mm_unpackhi_epi64(first, first));
            n += counts[1];
            _mm_storel_epi64(dst(n).cast(), second);
            n += counts[2];
            _mm_storel_epi64(dst(n).cast(), _mm_unpackhi_epi64(second, second));
            n += counts[3];
        }
        i += 32;
    }
    // SAFETY: the steps wrote `out[start..start + n]` one after another,
    // each its kept bytes from where the last stopped, within capacity.
    unsafe { out.set_len(start + n) };
    // Digits of the last step's escape at the start of what is left.
    i += carried.count_ones() as usize;
    let non_ascii = _mm256_movemask_epi8(decoded_bits) != 0;
    unescape::push_decoded_rest(out, bytes, i, FORM.then_some(b'+'), non_ascii)
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
    let at_most = |x: __m256i, m: u8| _mm256_cmpeq_epi8(_mm256_min_epu8(x, _mm256_set1_epi8(m.cast_signed())), x);
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
