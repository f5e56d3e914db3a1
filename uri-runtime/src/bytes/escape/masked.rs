//! The loop for vector classifiers, built only where one exists (the
//! SSSE3 one in `raw/x86_64/ssse3.rs`).

use uri_core::pct::EncodeSet;

use super::{BLOCK, ESCAPE_WORDS, escape_each};

/// [`super::push_escaped`], with `escapes(chunk)` telling which of thirty-two
/// bytes to escape (bit `k` for `chunk[k]`), `escape_dense` writing a
/// chunk most of whose bytes are escaped, as [`escape_halves`] does,
/// and each buffer handed to `emit`.
///
/// A chunk with nothing to escape is one copy; one with a few escapes
/// costs a pass per escape, not per byte; one that is mostly escapes
/// (non-ASCII text) goes sixteen bytes at once where all sixteen are
/// escaped, else byte by byte. Thirty-two bytes rather than
/// sixteen because text with one byte in ten to escape then rarely has a
/// chunk without any, so the first branch is rarely mispredicted. Inlined
/// into its caller so that `escapes` is compiled with the caller's CPU
/// features.
#[inline(always)]
#[allow(
    clippy::inline_always,
    reason = "a closure compiled for SSSE3 is inlined only into code compiled for SSSE3"
)]
pub(crate) fn push_escaped(
    bytes: &[u8],
    set: &EncodeSet,
    escapes: impl Fn(&[u8; 32]) -> u32,
    escape_dense: impl Fn(&mut [u8], &[u8; 32], u32) -> usize,
    mut emit: impl FnMut(&[u8]),
) {
    let mut buffer = [0u8; 3 * BLOCK + 32];
    for block in bytes.chunks(BLOCK) {
        let (chunks, tail) = block.as_chunks::<32>();
        let mut n = 0;
        for chunk in chunks {
            // The buffer holds a whole block escaped, plus this slack.
            debug_assert!(n + 128 <= buffer.len());
            let Some(window) = buffer.get_mut(n..n + 128) else {
                break;
            };
            let marked = escapes(chunk);
            n += if marked == 0 {
                window[..32].copy_from_slice(chunk);
                32
            } else if marked.count_ones() > 8 {
                escape_dense(window, chunk, marked)
            } else {
                escape_marked(window, chunk, marked)
            };
        }
        if let Some(window) = buffer.get_mut(n..n + 3 * tail.len() + 4) {
            n += escape_each(window, tail, set);
        }
        emit(&buffer[..n]);
    }
}

/// Writes `chunk` to `window` (at least 128 bytes) with the bytes marked in
/// `marked` (at most eight) escaped; returns how many bytes are
/// meaningful.
///
/// Each kept stretch is written as a whole thirty-two-byte copy that the
/// next write partly covers, so the work is one copy and one escape per
/// mark.
#[inline]
fn escape_marked(window: &mut [u8], chunk: &[u8; 32], mut marked: u32) -> usize {
    let mut padded = [0u8; 64];
    padded[..32].copy_from_slice(chunk);
    let (mut n, mut at) = (0, 0);
    while marked != 0 {
        let next = marked.trailing_zeros() as usize;
        if let (Some(slot), Some(kept)) = (window.get_mut(n..n + 32), padded.get(at..at + 32)) {
            slot.copy_from_slice(kept);
        }
        n += next - at;
        if let Some(slot) = window.get_mut(n..n + 4) {
            slot.copy_from_slice(&ESCAPE_WORDS[usize::from(chunk[next])].to_le_bytes());
        }
        n += 3;
        at = next + 1;
        marked &= marked - 1;
    }
    if let (Some(slot), Some(kept)) = (window.get_mut(n..n + 32), padded.get(at..at + 32)) {
        slot.copy_from_slice(kept);
    }
    n + 32 - at
}

/// Writes `chunk`, with the bytes marked in `marked` escaped (most of
/// them), to `window` (at least 128 bytes); returns how many bytes are
/// meaningful. Each half in which every byte is escaped goes through
/// `escape_all`, which writes its forty-eight bytes; the others go byte
/// by byte. On mostly-CJK text (one character in ten ASCII) about half
/// the halves are all escapes. Inlined into the vector code's own
/// out-of-line function, so that `escape_all` is inlined too and the
/// loop of `push_escaped` stays small.
#[inline(always)]
#[allow(
    clippy::inline_always,
    reason = "as for `push_escaped`: `escape_all` is compiled for its caller's CPU features"
)]
pub(crate) fn escape_halves(
    window: &mut [u8],
    chunk: &[u8; 32],
    marked: u32,
    set: &EncodeSet,
    escape_all: impl Fn(&[u8; 16], &mut [u8; 48]),
) -> usize {
    let (halves, _) = chunk.as_chunks::<16>();
    let mut n = 0;
    for (k, half) in halves.iter().enumerate() {
        let all = (marked >> (16 * k)) & 0xFFFF == 0xFFFF;
        match window.get_mut(n..n + 48) {
            Some(slot) if all => {
                if let Ok(slot) = <&mut [u8; 48]>::try_from(slot) {
                    escape_all(half, slot);
                }
                n += 48;
            }
            _ => n += escape_each(window.get_mut(n..).unwrap_or_default(), half, set),
        }
    }
    n
}
