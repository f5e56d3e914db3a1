//! The parser's scans over masks with AVX-512: a block is one masked load
//! of up to sixty-four bytes (nothing read past the text), one lookup of
//! every byte in the table of all the classes (`scan.rs`), and one bit
//! test per class. The reading of the masks is `../masks.rs`; a run past
//! the block is finished by the one-class scan of `scan.rs`.

use core::arch::x86_64::{_mm512_cmpeq_epi8_mask, _mm512_set1_epi8, _mm512_test_epi8_mask};

use uri_core::table::Class;

use super::super::masks::{self, Block, CLASSES};
use super::scan::{self, HEX_BIT, classes_of, read, table_halves};

masks::scans_over_masks!(
    "avx512bw,avx512vbmi",
    classify,
    classify_whole,
    scan,
    span_in_line
);

/// The block of the (up to) sixty-four bytes from `at`. The bits of the
/// mask classes are the first of the table's (see `scan::CLASSES`).
#[inline]
#[target_feature(enable = "avx512bw,avx512vbmi")]
fn classify(bytes: &[u8], at: usize) -> Block {
    const {
        let mut k = 0;
        while k < CLASSES.len() {
            assert!(CLASSES[k].bits() == scan::CLASSES[k].bits());
            k += 1;
        }
    }
    // Masked even where the text holds the whole block: reading a block
    // whole (as the scans' steps do) measured no fewer instructions here.
    let (_, text) = read(bytes, at, bytes.len());
    // The lanes read, counted from the lengths: the mask's `count_ones`
    // would be a dozen instructions here, where `popcnt` is not enabled.
    let end = at + bytes.len().saturating_sub(at).min(64);
    let classes = classes_of(text, table_halves());
    let has = |bit: u8| _mm512_test_epi8_mask(classes, _mm512_set1_epi8(bit.cast_signed()));
    let percent = _mm512_cmpeq_epi8_mask(text, _mm512_set1_epi8(b'%'.cast_signed()));
    Block::new(
        at,
        end,
        [has(1), has(2), has(4), has(8), has(16)],
        percent,
        has(HEX_BIT),
    )
}

/// The block of a whole text of at most sixty-four bytes: one masked
/// load reads any length, so this is [`classify`] from its start.
#[inline]
#[target_feature(enable = "avx512bw,avx512vbmi")]
fn classify_whole(bytes: &[u8]) -> Block {
    classify(bytes, 0)
}
