//! The parser's scans over masks with AVX2: a block of sixty-four bytes
//! is two thirty-two-byte steps of SSSE3's classifier (`scan.rs`), one
//! lookup per class on both 128-bit lanes, the nibble work shared by all
//! of them. The reading of the masks is `../masks.rs`; a run past the
//! block is finished by the one-class scan of `scan.rs`.

use core::arch::x86_64::{
    __m256i, _mm_add_epi8, _mm_cmpgt_epi8, _mm_loadu_si128, _mm_or_si128, _mm_set1_epi8,
    _mm_setr_epi8, _mm_shuffle_epi8, _mm256_cmpeq_epi8, _mm256_loadu_si256, _mm256_movemask_epi8,
    _mm256_set_m128i, _mm256_set1_epi8,
};

use uri_core::pct::EncodeSet;
use uri_core::table::{self, Class};

use super::super::masks::{self, Block, CLASSES};
use super::scan::{self, broadcast};

masks::scans_over_masks!("avx2", classify, classify_whole, scan, span);

/// The nibble rows of the bytes each class of [`CLASSES`] leaves out,
/// then of those the hex digits leave out: the complement of the kept
/// rows ([`EncodeSet::nibble_rows`]), so that [`kept`] finds the kept
/// bytes with no `not` after each lookup.
const ESCAPED_ROWS: [[u8; 16]; 6] = {
    let mut rows = [[0; 16]; 6];
    let mut k = 0;
    while k < rows.len() {
        let class = if k < CLASSES.len() {
            CLASSES[k]
        } else {
            table::HEXDIG
        };
        let kept_rows = *EncodeSet::keeping(class).nibble_rows();
        let mut low = 0;
        while low < 16 {
            rows[k][low] = !kept_rows[low];
            // `kept` reads bytes from 128 up through bit 0: the
            // control byte `low` is left out by every class.
            assert!(rows[k][low] & 1 != 0);
            low += 1;
        }
        k += 1;
    }
    rows
};

/// The block that holds `bytes[at]`: the sixty-four bytes from `at`, or
/// the text's last sixty-four where fewer are left. A text shorter than
/// a block (which only a kernel called directly sends here: the
/// dispatcher gives those to [`classify_whole`] or the `const` parser) is
/// copied into one first, so that [`classify_whole`] keeps its one
/// caller, the parse of a whole block, and is inlined there.
#[inline]
#[target_feature(enable = "avx2")]
fn classify(bytes: &[u8], at: usize) -> Block {
    let len = bytes.len();
    if let Some(start) = len.checked_sub(64).map(|last| at.min(last))
        && let Some((sixty_four, _)) = bytes[start..].split_first_chunk::<64>()
    {
        return classify_block(sixty_four, start);
    }
    let mut padded = [0; 64];
    if let Some(head) = padded.get_mut(..len) {
        head.copy_from_slice(bytes);
    }
    // Zero is in no class, and neither `%` nor a hex digit: the padding
    // sets no bit.
    classify_block(&padded, 0).ending_at(len)
}

/// The block of the sixty-four bytes from `start`, two steps.
#[inline]
#[target_feature(enable = "avx2")]
fn classify_block(sixty_four: &[u8; 64], start: usize) -> Block {
    let (halves, _) = sixty_four.as_chunks::<32>();
    let [first, second] = [load(&halves[0]), load(&halves[1])];
    block(
        start,
        start + 64,
        [masks_of(first), masks_of(second)],
        32,
        [hex_of(first), hex_of(second)],
    )
}

/// The block of a whole text of sixteen to sixty-four bytes. One of
/// thirty-two bytes or more is read as two overlapping steps, its first
/// and its last thirty-two bytes; a shorter one in one step, its first
/// sixteen bytes and the rest moved down beside them. The parse of a
/// text that one block holds starts here, with none of [`classify`]'s
/// questions about longer texts.
#[inline]
#[target_feature(enable = "avx2")]
fn classify_whole(bytes: &[u8]) -> Block {
    debug_assert!((16..=64).contains(&bytes.len()));
    let len = bytes.len();
    if len >= 32
        && let (Some((first, _)), Some((_, last))) = (
            bytes.split_first_chunk::<32>(),
            bytes.split_last_chunk::<32>(),
        )
    {
        let [first, last] = [load(first), load(last)];
        return block(
            0,
            len,
            [masks_of(first), masks_of(last)],
            len - 32,
            [hex_of(first), hex_of(last)],
        );
    }
    let (Some((first, _)), Some((_, last))) = (
        bytes.split_first_chunk::<16>(),
        bytes.split_last_chunk::<16>(),
    ) else {
        return Block::EMPTY;
    };
    // The step's high lane is the bytes from sixteen on, then zeros:
    // byte `k` of it is byte `k + 32 - len` of the last sixteen, and an
    // index past them gets its top bit, which the shuffle reads as zero.
    // Zero is in no class, so the step's masks are the block's as they
    // stand, with nothing to split or join.
    let shift = i8::try_from(32 - len).unwrap_or(0);
    // SAFETY: each half is sixteen readable bytes, and an unaligned load
    // has no alignment requirement.
    let [first, last] = unsafe {
        [
            _mm_loadu_si128(first.as_ptr().cast()),
            _mm_loadu_si128(last.as_ptr().cast()),
        ]
    };
    let index = _mm_add_epi8(
        _mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15),
        _mm_set1_epi8(shift),
    );
    let index = _mm_or_si128(index, _mm_cmpgt_epi8(index, _mm_set1_epi8(15)));
    let both = _mm256_set_m128i(_mm_shuffle_epi8(last, index), first);
    let [inside @ .., percent] = masks_of(both).map(u64::from);
    Block::new(0, len, inside, percent, u64::from(hex_of(both)))
}

/// The block from `start` to `end` of two steps' masks (from [`masks_of`];
/// the second's bytes from `start + shift`, which may overlap the
/// first's) and their hex digits.
///
/// Every block's hex digits are classified, though only a `%` needs
/// them: whether a text has a `%` changes from text to text, and a branch
/// on it missed often enough to cost more time than the two lookups it
/// saved (BENCHMARKS.md, "The parser classifies once").
#[inline]
fn block(
    start: usize,
    end: usize,
    [first, second]: [[u32; 6]; 2],
    shift: usize,
    [hex_first, hex_second]: [u32; 2],
) -> Block {
    let join = |first: u32, second: u32| u64::from(first) | u64::from(second) << shift;
    let mask = |k: usize| join(first[k], second[k]);
    Block::new(
        start,
        end,
        [mask(0), mask(1), mask(2), mask(3), mask(4)],
        mask(5),
        join(hex_first, hex_second),
    )
}

/// Bit `k` of mask `c` set when byte `k` of `chunk` is in the class
/// `CLASSES[c]`; the last mask has the `%`s. The nibble work of [`kept`]
/// is the same for every class, and the compiler does it once.
#[inline]
#[target_feature(enable = "avx2")]
fn masks_of(chunk: __m256i) -> [u32; 6] {
    let percent = _mm256_movemask_epi8(_mm256_cmpeq_epi8(
        chunk,
        _mm256_set1_epi8(b'%'.cast_signed()),
    ));
    [
        kept(chunk, &ESCAPED_ROWS[0]),
        kept(chunk, &ESCAPED_ROWS[1]),
        kept(chunk, &ESCAPED_ROWS[2]),
        kept(chunk, &ESCAPED_ROWS[3]),
        kept(chunk, &ESCAPED_ROWS[4]),
        percent.cast_unsigned(),
    ]
}

/// Bit `k` set when byte `k` of `chunk` is a hex digit.
#[inline]
#[target_feature(enable = "avx2")]
fn hex_of(chunk: __m256i) -> u32 {
    kept(chunk, &ESCAPED_ROWS[5])
}

/// Bit `k` set when byte `k` of `chunk` is kept by the set whose left-out
/// bytes are the nibble rows `escaped` ([`ESCAPED_ROWS`]): SSSE3's
/// classifier with the rows turned over, so that the bytes that find no
/// bit are the kept ones. A byte from 128 up looks up bit 0 of its row,
/// which every row has, and so is never kept.
#[inline]
#[target_feature(enable = "avx2")]
fn kept(chunk: __m256i, escaped: &[u8; 16]) -> u32 {
    scan::misses(chunk, broadcast(escaped), 1)
}

#[inline]
#[target_feature(enable = "avx2")]
fn load(bytes: &[u8; 32]) -> __m256i {
    // SAFETY: `bytes` is thirty-two readable bytes, and an unaligned load
    // has no alignment requirement.
    unsafe { _mm256_loadu_si256(bytes.as_ptr().cast()) }
}
