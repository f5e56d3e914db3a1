//! The end of a dotted name inside a longer text (a host inside its URI),
//! read as two sixteen-byte blocks with no loop: what a policy needs to
//! classify the name by its last labels.
//!
//! A name's first and last sixteen bytes overlap or cover it when it has
//! at most 32; the blocks are read from the text around the name and the
//! bytes outside it are masked. This is the portable twin of `raw`'s
//! SSE2 kernel, on 128-bit integers.

use core::ops::Range;

/// Bytes in a block.
pub(crate) const BLOCK: usize = 16;

/// The end of a name, as [`name_tail`] reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct NameTail {
    /// The name's last sixteen bytes (byte `i` at bits `8 i`), each with
    /// its case bit set, which lowercases the letters and turns no other
    /// name byte into a letter; a dot in place of each byte before a
    /// shorter name, where it reads as a label's start.
    pub(crate) bytes: u128,
    /// How many bytes of the block follow its last dot: the last label's
    /// length, or sixteen when the label began before the block.
    pub(crate) after_dot: u32,
    /// Whether a `%` is among the name's first or last sixteen bytes
    /// (which are all of it up to 32 bytes).
    pub(crate) escaped: bool,
    /// Whether an empty label is among them: a dot first or last, or two
    /// dots in a row.
    pub(crate) empty_label: bool,
}

/// The end of the name `text[name]`, or `None` when a block of the text
/// cannot be read at each end of the name (a short name fewer than
/// sixteen bytes from the text's start or end, to be read from a copy
/// with room around it) or the range is crossed.
pub(crate) fn name_tail(text: &[u8], name: Range<usize>) -> Option<NameTail> {
    let len = name.end.checked_sub(name.start)?;
    let head = u128::from_le_bytes(*text.get(name.start..)?.first_chunk::<BLOCK>()?);
    let tail = u128::from_le_bytes(*text.get(..name.end)?.last_chunk::<BLOCK>()?);
    // The name's bytes: its first `len` in the head, its last `len` in
    // the tail.
    let shown = 8 * len.min(BLOCK) as u32;
    let head = head & u128::MAX.checked_shr(128 - shown).unwrap_or(0);
    let outside = u128::MAX.checked_shr(shown).unwrap_or(0);
    let tail = tail & !outside | DOTS & outside;
    let escaped = matches(head, b'%') | matches(tail, b'%') != 0;
    // Dots of the name alone (the fill outside it is zero here): one in
    // the head's first byte or the tail's last, or two side by side.
    let head_dots = matches(head, b'.');
    let tail_dots = matches(tail & !outside, b'.');
    let first_or_last = head_dots & 0x80 | tail_dots & (0x80 << 120);
    let pairs = head_dots & (head_dots >> 8) | tail_dots & (tail_dots >> 8);
    let bytes = tail | CASE;
    Some(NameTail {
        bytes,
        after_dot: matches(bytes, b'.').leading_zeros() / 8,
        escaped,
        empty_label: first_or_last | pairs != 0,
    })
}

/// A block of dots, which the case bit leaves alone.
const DOTS: u128 = u128::from_le_bytes([b'.'; BLOCK]);

/// The case bit of every byte.
const CASE: u128 = u128::from_le_bytes([0x20; BLOCK]);

/// The high bit of each byte of `block` equal to `byte`, and no other.
const fn matches(block: u128, byte: u8) -> u128 {
    const LOWS: u128 = u128::from_le_bytes([0x7f; BLOCK]);
    let x = block ^ u128::from_le_bytes([byte; BLOCK]);
    !(((x & LOWS) + LOWS) | x | LOWS)
}
