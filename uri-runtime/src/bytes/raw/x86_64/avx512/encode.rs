//! Percent-encoding with AVX-512, sixty-three bytes per step, with no
//! branch on which bytes are escaped, so none is mispredicted, and text
//! that is nearly all escapes (non-ASCII) costs little more than text
//! with a few.
//!
//! A step loads sixty-three bytes and asks which the set keeps. If it
//! keeps all of them, they are stored as they are. Otherwise every byte
//! gets its output made in place: `%`, or the byte itself where the set
//! keeps it, and the hex digits of its two nibbles. Then three rounds of
//! twenty-one bytes each spread those over sixty-three lanes, three per
//! byte (two `vpermb`), drop the digit lanes of the kept bytes with one
//! `vpcompressb`, and write what is left straight into the output's spare
//! capacity with a masked store. The last bytes, fewer than a step, are
//! one more step whose load is masked to them.
//!
//! The other encoders (`escape.rs`, `ssse3.rs`) branch per chunk and write
//! dense chunks a byte at a time, about fourteen instructions per byte of
//! non-ASCII text.

use alloc::string::String;
use core::arch::x86_64::{
    __m512i, _mm_loadu_si128, _mm512_and_si512, _mm512_broadcast_i32x4, _mm512_loadu_si512,
    _mm512_mask_mov_epi8, _mm512_mask_storeu_epi8, _mm512_maskz_compress_epi8,
    _mm512_maskz_loadu_epi8, _mm512_permutex2var_epi8, _mm512_permutexvar_epi8, _mm512_set1_epi8,
    _mm512_shuffle_epi8, _mm512_srli_epi16, _mm512_testn_epi8_mask, _pdep_u64,
};

use uri_core::pct::{EncodeSet, UPPER_HEX};

/// How many input bytes a step reads: three rounds of [`ROUND`].
const STEP: usize = 3 * ROUND;

/// How many input bytes a round spreads: three lanes each, in sixty-four.
const ROUND: usize = 21;

/// Bit `3k` for each byte `k` of a round: the lane of its `%`, or of the
/// byte itself where the set keeps it. Times seven, the byte's three
/// lanes.
const FIRST_LANES: u64 = {
    let mut lanes = 0;
    let mut k = 0;
    while k < ROUND {
        lanes |= 1 << (3 * k);
        k += 1;
    }
    lanes
};

/// For each round, where its lanes come from: [`spread`] indices into
/// the step's first lanes for lanes `3k`, and into the step's digits of
/// high nibbles (below 64) and of low nibbles (64 and up) for lanes
/// `3k + 1` and `3k + 2`.
static SPREADS: [[[u8; 64]; 2]; 3] = [spread(0), spread(1), spread(2)];

/// The lane indices of round `round` (see [`SPREADS`]); lane 63, which no
/// byte fills, takes index 0 and is never written.
const fn spread(round: usize) -> [[u8; 64]; 2] {
    let (mut first, mut digits) = ([0; 64], [0; 64]);
    let mut lane = 0;
    while lane < 3 * ROUND {
        let byte = (round * ROUND + lane / 3) as u8;
        first[lane] = byte;
        digits[lane] = if lane % 3 == 2 { 64 + byte } else { byte };
        lane += 1;
    }
    [first, digits]
}

/// For the high nibble of a byte, the bit that stands for it in a row
/// of `EncodeSet::nibble_rows`: none for non-ASCII bytes, which no set
/// keeps.
static NIBBLE_BITS: [u8; 16] = [1, 2, 4, 8, 16, 32, 64, 128, 0, 0, 0, 0, 0, 0, 0, 0];

/// The low `n` bits (`n` at most 64).
fn low_bits(n: usize) -> u64 {
    u64::MAX.checked_shr(64 - n as u32).unwrap_or(0)
}

/// [`push_escaped`](crate::bytes::raw::push_escaped) sixty-three bytes per step.
///
/// # Safety
///
/// The CPU must support AVX-512BW, AVX-512VBMI, AVX-512VBMI2, BMI2 and
/// POPCNT.
#[target_feature(enable = "avx512bw,avx512vbmi,avx512vbmi2,bmi2,popcnt")]
pub(super) unsafe fn push_escaped(out: &mut String, bytes: &[u8], set: &EncodeSet) {
    // SAFETY (the loads of tables): each reads sixty-four bytes of an
    // array of that length; unaligned loads need no alignment.
    let load = |table: &[u8; 64]| unsafe { _mm512_loadu_si512(table.as_ptr().cast()) };
    let (rows, bits, digits) = (
        in_every_lane(set.nibble_rows()),
        in_every_lane(&NIBBLE_BITS),
        in_every_lane(&UPPER_HEX),
    );
    let spreads = SPREADS.map(|[first, digits]| (load(&first), load(&digits)));
    let (nibble, percent) = (_mm512_set1_epi8(0x0F), _mm512_set1_epi8(b'%'.cast_signed()));
    for step in bytes.chunks(STEP) {
        let input = low_bits(step.len());
        // SAFETY: the mask covers `step.len()` bytes from the start of
        // `step`, and a masked load does not touch the bytes outside it.
        let text = unsafe { _mm512_maskz_loadu_epi8(input, step.as_ptr().cast()) };
        let high_nibbles = _mm512_and_si512(_mm512_srli_epi16::<4>(text), nibble);
        let escaped = not_kept(text, high_nibbles, rows, bits) & input;
        if escaped == 0 {
            push_lanes(out, text, input, step.len());
            continue;
        }
        let first = _mm512_mask_mov_epi8(text, escaped, percent);
        let high_digits = _mm512_shuffle_epi8(digits, high_nibbles);
        let low_digits = _mm512_shuffle_epi8(digits, _mm512_and_si512(text, nibble));
        for (round, &(first_lanes, digit_lanes)) in spreads.iter().enumerate() {
            let from = round * ROUND;
            if from >= step.len() {
                break;
            }
            let written = _mm512_mask_mov_epi8(
                _mm512_permutex2var_epi8(high_digits, digit_lanes, low_digits),
                FIRST_LANES,
                _mm512_permutexvar_epi8(first_lanes, first),
            );
            let escaped_lanes = _pdep_u64(escaped >> from, FIRST_LANES) * 7;
            let bytes = (step.len() - from).min(ROUND);
            let kept = (FIRST_LANES | escaped_lanes) & low_bits(3 * bytes);
            let count = kept.count_ones() as usize;
            push_lanes(out, _mm512_maskz_compress_epi8(kept, written), kept, count);
        }
    }
}

/// A sixteen-byte table in each of the four 128-bit lanes, where the byte
/// shuffles look it up.
#[inline]
#[target_feature(enable = "avx512bw")]
fn in_every_lane(table: &[u8; 16]) -> __m512i {
    // SAFETY: `table` is sixteen readable bytes; an unaligned load needs
    // no alignment.
    _mm512_broadcast_i32x4(unsafe { _mm_loadu_si128(table.as_ptr().cast()) })
}

/// Bit `k` set when byte `k` of `text` is one the set whose nibble rows
/// (in each 128-bit lane) are `rows` does not keep; `high_nibbles` are
/// the bytes' high nibbles and `bits` [`NIBBLE_BITS`] in each lane.
#[inline]
#[target_feature(enable = "avx512bw")]
fn not_kept(text: __m512i, high_nibbles: __m512i, rows: __m512i, bits: __m512i) -> u64 {
    // A byte's row is its low nibble's (a shuffle reads only the low four
    // bits, and gives zero, "not kept", for bytes of 0x80 and up).
    let row = _mm512_shuffle_epi8(rows, text);
    _mm512_testn_epi8_mask(row, _mm512_shuffle_epi8(bits, high_nibbles))
}

/// [`kept_prefix`](crate::bytes::raw::kept_prefix) sixty-four bytes per
/// step, the last step's load masked to the bytes left. Text with
/// nothing to escape (the borrowed answer of `pct::encode`) is read here
/// whole, a quarter of the SSSE3 loop's steps.
///
/// # Safety
///
/// The CPU must support AVX-512BW.
#[target_feature(enable = "avx512bw")]
pub(super) unsafe fn kept_prefix(bytes: &[u8], set: &EncodeSet) -> usize {
    let (rows, bits, nibble) = (
        in_every_lane(set.nibble_rows()),
        in_every_lane(&NIBBLE_BITS),
        _mm512_set1_epi8(0x0F),
    );
    for (k, step) in bytes.chunks(64).enumerate() {
        let input = low_bits(step.len());
        // SAFETY: the mask covers `step.len()` bytes from the start of
        // `step`, and a masked load does not touch the bytes outside it.
        let text = unsafe { _mm512_maskz_loadu_epi8(input, step.as_ptr().cast()) };
        let high_nibbles = _mm512_and_si512(_mm512_srli_epi16::<4>(text), nibble);
        let escaped = not_kept(text, high_nibbles, rows, bits) & input;
        if escaped != 0 {
            return k * 64 + escaped.trailing_zeros() as usize;
        }
    }
    bytes.len()
}

/// Appends the first `count` lanes of `lanes` to `out`; `kept` are the
/// lanes they came from, all of them ASCII bytes: `%`, hex digits, or
/// bytes an `EncodeSet` keeps, which are ASCII by construction.
#[inline]
#[target_feature(enable = "avx512bw")]
fn push_lanes(out: &mut String, lanes: __m512i, kept: u64, count: usize) {
    debug_assert_eq!(kept.count_ones() as usize, count);
    out.reserve(count);
    // SAFETY: `out` has room for `count` more bytes, as just reserved, and
    // the masked store writes exactly the first `count` lanes, all ASCII
    // (see above), so `out` stays UTF-8 when its length takes them in.
    unsafe {
        let vec = out.as_mut_vec();
        let end = vec.len();
        _mm512_mask_storeu_epi8(vec.as_mut_ptr().add(end).cast(), low_bits(count), lanes);
        vec.set_len(end + count);
    }
}
