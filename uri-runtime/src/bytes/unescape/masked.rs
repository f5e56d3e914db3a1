//! The loop for vector code, built only where it exists (SSE2 and SSSE3,
//! in `raw/x86_64/ssse3.rs`).

use alloc::vec::Vec;

use super::{BLOCK, Replacements, decode_at, seen_in};

/// How far past a chunk's start the loop reads: the chunk and the
/// thirty-two-byte copy of its last kept stretch, the digits of an
/// escape that starts in it, or sixteen escapes from its first mark.
const READ_AHEAD: usize = 80;

/// Marks of three escapes in a row, from the first: bits 0, 3 and 6.
const THREE_ESCAPES: u32 = 0b100_1001;

/// [`super::push_decoded`], for forms (`+` is a space) when `FORM`;
/// `marks(chunk)` tells which of thirty-two bytes are `%` (or `+`), bit
/// `k` for `chunk[k]`, and `run(triplets)` decodes the escapes that
/// start forty-eight bytes, up to sixteen, and tells how many there
/// were.
///
/// A chunk without marks is one copy; one with a single mark (most of
/// those with any, in mostly plain text) is two copies and a decoding,
/// with no loop whose exit the CPU would have to guess; one whose first
/// mark starts three escapes in a row (encoded non-ASCII text) starts a
/// run decoded sixteen escapes per step, without looking for marks; any
/// other costs a pass per mark, not per byte. A constant `FORM` gives each kind of
/// text its own loop, without a test for `+` in the other. Inlined into
/// its caller so that the two functions are compiled with the caller's
/// CPU features.
#[inline(always)]
#[allow(
    clippy::inline_always,
    reason = "closures compiled for SSSE3 are inlined only into code compiled for SSSE3"
)]
pub(crate) fn push_decoded<const FORM: bool>(
    out: &mut Vec<u8>,
    bytes: &[u8],
    marks: impl Fn(&[u8; 32]) -> u32,
    run: impl Fn(&[u8; 48]) -> ([u8; 16], usize),
) -> Result<Replacements, usize> {
    let mut block = [0u8; BLOCK + READ_AHEAD];
    let last = bytes.len().saturating_sub(READ_AHEAD);
    let mut i = 0;
    // The bitwise OR of the bytes written through the block.
    let mut seen = 0;
    while i < last {
        let mut n = 0;
        while n < BLOCK && i < last {
            // The block holds BLOCK bytes, plus this slack.
            debug_assert!(n + READ_AHEAD <= block.len());
            let (Some(window), Some(ahead)) = (
                block.get_mut(n..n + READ_AHEAD),
                bytes.get(i..).and_then(<[u8]>::first_chunk::<READ_AHEAD>),
            ) else {
                break;
            };
            let Some(chunk) = ahead.first_chunk::<32>() else {
                break;
            };
            let marked = marks(chunk);
            window[..32].copy_from_slice(chunk);
            if marked == 0 {
                (i, n) = (i + 32, n + 32);
                continue;
            }
            // Three escapes in a row: encoded non-ASCII text, whose run
            // is decoded sixteen escapes per step. Fewer are cheaper one
            // mark at a time.
            let first = marked.trailing_zeros() as usize;
            if (marked >> first) & THREE_ESCAPES == THREE_ESCAPES {
                let (after, written) =
                    decode_run(&mut block, n + first, bytes, i + first, &run);
                if after > i + first {
                    (i, n) = (after, written);
                    continue;
                }
            }
            let Some(window) = block
                .get_mut(n..)
                .and_then(<[u8]>::first_chunk_mut::<READ_AHEAD>)
            else {
                break;
            };
            // One mark, as in most chunks that hold any in mostly plain
            // text: its escape and the bytes after it, without a loop.
            if marked.is_power_of_two() {
                let (read, written) = decode_one::<FORM>(window, ahead, first).map_err(|at| i + at)?;
                (i, n) = (i + read, n + written);
                continue;
            }
            let (read, written) =
                decode_marked::<FORM>(window, ahead, marked).map_err(|at| i + at)?;
            (i, n) = (i + read, n + written);
        }
        seen = seen_in(seen, &block[..n]);
        out.extend_from_slice(&block[..n]);
    }
    // The last bytes, fewer than READ_AHEAD.
    super::push_decoded_rest(out, bytes, i, FORM.then_some(b'+'), !seen.is_ascii())
}

/// Decodes the run of escapes at `bytes[i..]` into `block` at `n`,
/// sixteen per step while the block has room; returns both positions
/// after what was decoded, unchanged if the first escape is broken.
#[inline(always)]
#[allow(clippy::inline_always, reason = "as for `push_decoded`")]
fn decode_run(
    block: &mut [u8],
    mut n: usize,
    bytes: &[u8],
    mut i: usize,
    run: &impl Fn(&[u8; 48]) -> ([u8; 16], usize),
) -> (usize, usize) {
    while n < BLOCK
        && let (Some(triplets), Some(slots)) = (
            bytes.get(i..).and_then(<[u8]>::first_chunk::<48>),
            block.get_mut(n..n + 16),
        )
    {
        let (decoded, count) = run(triplets);
        slots.copy_from_slice(&decoded);
        // A branch rather than `i += 3 * count` for the usual case: the
        // CPU goes on to the next load at a guessed position instead of
        // waiting for this step's count.
        if count == 16 {
            (i, n) = (i + 48, n + 16);
        } else {
            return (i + 3 * count, n + count);
        }
    }
    (i, n)
}

/// Writes the thirty-two bytes at the start of `ahead` to `window` (both
/// `READ_AHEAD` long) with the marks `marked` decoded; returns how many
/// bytes were read (more than thirty-two when the last escape crosses
/// the end) and written.
///
/// Each kept stretch is written as a whole thirty-two-byte copy that
/// the next write partly covers, so the work is one copy and one
/// decoding per mark.
#[inline(always)]
#[allow(clippy::inline_always, reason = "as for `push_decoded`")]
fn decode_marked<const FORM: bool>(
    window: &mut [u8; READ_AHEAD],
    ahead: &[u8; READ_AHEAD],
    mut marked: u32,
) -> Result<(usize, usize), usize> {
    let (mut at, mut n) = (0, 0);
    while marked != 0 {
        let mark = marked.trailing_zeros() as usize & 31;
        marked &= marked - 1;
        // A mark inside the escape just decoded would have been one of
        // its digits, which decoding refused: never true, but cheap.
        if mark < at {
            continue;
        }
        // Both positions are at most `mark`, below 32; the masks tell
        // the compiler so, and it drops its bounds checks.
        let (kept, slot) = (at & 31, n & 31);
        window[slot..slot + 32].copy_from_slice(&ahead[kept..kept + 32]);
        n = slot + mark - kept;
        window[n & 31] = if FORM && ahead[mark] == b'+' {
            at = mark + 1;
            b' '
        } else {
            at = mark + 3;
            decode_at(ahead, mark)?
        };
        n += 1;
    }
    if at < 32 {
        let slot = n & 31;
        window[slot..slot + 32].copy_from_slice(&ahead[at..at + 32]);
        (at, n) = (32, slot + 32 - at);
    }
    Ok((at, n))
}

/// [`decode_marked`] for a chunk whose one mark is at `mark`: the bytes
/// after the escape are one thirty-two-byte copy.
#[inline(always)]
#[allow(clippy::inline_always, reason = "as for `push_decoded`")]
fn decode_one<const FORM: bool>(
    window: &mut [u8; READ_AHEAD],
    ahead: &[u8; READ_AHEAD],
    mark: usize,
) -> Result<(usize, usize), usize> {
    // Below 32 already (a bit of a `u32`); the mask tells the compiler,
    // which drops the bounds checks of the copies.
    let mark = mark & 31;
    let (byte, width) = if FORM && ahead[mark] == b'+' {
        (b' ', 1)
    } else {
        (decode_at(ahead, mark)?, 3)
    };
    window[mark] = byte;
    window[mark + 1..mark + 33].copy_from_slice(&ahead[mark + width..mark + width + 32]);
    let read = (mark + width).max(32);
    Ok((read, read - width + 1))
}
