//! The parser's scans over masks with AVX2: a block of sixty-four bytes
//! is two thirty-two-byte steps of SSSE3's classifier (`scan.rs`), one
//! lookup per class on both 128-bit lanes, the nibble work shared by all
//! of them. The reading of the masks is `../masks.rs`; a run past the
//! block is finished by the one-class scan of `scan.rs`.

use core::arch::x86_64::{
    __m256i, _mm_loadu_si128, _mm256_cmpeq_epi8, _mm256_loadu_si256, _mm256_movemask_epi8,
    _mm256_set_m128i, _mm256_set1_epi8,
};

use uri_core::pct::EncodeSet;
use uri_core::table::{self, Class};

use super::super::masks::{self, Block, CLASSES};
use super::scan::{self, broadcast, escapes};

masks::scans_over_masks!("avx2", classify, scan);

/// The nibble rows of each class of [`CLASSES`], then of the hex digits.
const ROWS: [[u8; 16]; 6] = {
    let mut rows = [[0; 16]; 6];
    let mut k = 0;
    while k < CLASSES.len() {
        rows[k] = *EncodeSet::keeping(CLASSES[k]).nibble_rows();
        k += 1;
    }
    rows[5] = *EncodeSet::keeping(table::HEXDIG).nibble_rows();
    rows
};

/// The block that holds `bytes[at]`: the sixty-four bytes from `at`, or
/// the text's last sixty-four where fewer are left, or the whole text
/// where it is shorter. A text of thirty-two to sixty-four bytes is read
/// as two overlapping steps, its first and its last thirty-two bytes; one
/// of sixteen to thirty-two as its first and last sixteen in one step;
/// only a shorter one is copied.
#[inline]
#[target_feature(enable = "avx2")]
fn classify(bytes: &[u8], at: usize) -> Block {
    let len = bytes.len();
    if let Some(start) = len.checked_sub(64).map(|last| at.min(last))
        && let Some((halves, _)) = bytes[start..].split_first_chunk::<64>()
    {
        let (halves, _) = halves.as_chunks::<32>();
        let (first, second) = (masks_of(load(&halves[0])), masks_of(load(&halves[1])));
        return block(start, start + 64, first, second, 32);
    }
    if len >= 32
        && let (Some((first, _)), Some((_, last))) =
            (bytes.split_first_chunk::<32>(), bytes.split_last_chunk::<32>())
    {
        return block(0, len, masks_of(load(first)), masks_of(load(last)), len - 32);
    }
    let mut padded = [0; 16];
    let (first, last) = if let (Some((first, _)), Some((_, last))) =
        (bytes.split_first_chunk::<16>(), bytes.split_last_chunk::<16>())
    {
        (first, last)
    } else {
        // Zero is in no class, and neither `%` nor a hex digit.
        padded[..len].copy_from_slice(bytes);
        (&padded, &padded)
    };
    // SAFETY: each half is sixteen readable bytes, and an unaligned load
    // has no alignment requirement.
    let both = unsafe {
        _mm256_set_m128i(
            _mm_loadu_si128(last.as_ptr().cast()),
            _mm_loadu_si128(first.as_ptr().cast()),
        )
    };
    let masks = masks_of(both);
    let low = masks.map(|mask| mask & 0xFFFF);
    let high = masks.map(|mask| mask >> 16);
    block(0, len, low, high, len.saturating_sub(16))
}

/// The block from `start` to `end` whose bytes' masks are `first` (from
/// `start`) and `second` (from `start + shift`), which may overlap.
#[inline]
fn block(start: usize, end: usize, first: [u32; 7], second: [u32; 7], shift: usize) -> Block {
    let mask = |k: usize| u64::from(first[k]) | u64::from(second[k]) << shift;
    Block::new(
        start,
        end,
        [mask(0), mask(1), mask(2), mask(3), mask(4)],
        mask(6),
        mask(5),
    )
}

/// Bit `k` of mask `c` set when byte `k` of `chunk` is in the class of
/// row `c` of [`ROWS`] (the classes, then hex digits); the last mask has
/// the `%`s. The nibble work of [`escapes`] is the same for every class,
/// and the compiler does it once.
#[inline]
#[target_feature(enable = "avx2")]
fn masks_of(chunk: __m256i) -> [u32; 7] {
    let kept = |rows: &[u8; 16]| !escapes(chunk, broadcast(rows));
    let percent = _mm256_movemask_epi8(_mm256_cmpeq_epi8(
        chunk,
        _mm256_set1_epi8(b'%'.cast_signed()),
    ));
    [
        kept(&ROWS[0]),
        kept(&ROWS[1]),
        kept(&ROWS[2]),
        kept(&ROWS[3]),
        kept(&ROWS[4]),
        kept(&ROWS[5]),
        percent.cast_unsigned(),
    ]
}

#[inline]
#[target_feature(enable = "avx2")]
fn load(bytes: &[u8; 32]) -> __m256i {
    // SAFETY: `bytes` is thirty-two readable bytes, and an unaligned load
    // has no alignment requirement.
    unsafe { _mm256_loadu_si256(bytes.as_ptr().cast()) }
}
