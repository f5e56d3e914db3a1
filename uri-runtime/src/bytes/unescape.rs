//! The loops behind [`pct::decode`](crate::pct::decode): every `%XX` (and,
//! for forms, every `+`) replaced by its byte, through a stack block.
//!
//! [`push_decoded`] finds the marks with comparisons the compiler
//! vectorizes on any CPU; with SSSE3, AVX2 or AVX-512 the vector rows in
//! `raw/x86_64/` take the text a step at a time with no branch on where
//! the escapes are, and end through [`push_decoded_rest`].
//!
//! Both return the index of the first `%` not followed by two hex digits
//! as their error; nothing after it is appended. On success they tell
//! whether every byte put in place of an escape was ASCII
//! ([`Replacements`]), which spares the UTF-8 check of the output.

use alloc::vec::Vec;

use uri_core::pct::hex_pair;

use crate::bytes::scan;

/// How many output bytes go through the stack block at a time.
const BLOCK: usize = 512;

/// What decoding put in place of the escapes (and of `+` in forms).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Replacements {
    /// ASCII bytes only. Decoding a `str` then gives UTF-8 without a check:
    /// the bytes kept are the input's whole characters (every mark is
    /// ASCII, so none falls inside a character), and ASCII bytes are
    /// characters of their own.
    Ascii,
    /// Some byte may be outside ASCII; the output needs a UTF-8 check.
    MaybeNonAscii,
}

impl Replacements {
    /// The answer for replacements whose bitwise OR is `seen`.
    pub(crate) fn of(seen: u8) -> Self {
        if seen.is_ascii() {
            Self::Ascii
        } else {
            Self::MaybeNonAscii
        }
    }
}

/// The character spelled by the escapes starting at `at`, and how many
/// bytes of text they take.
pub(crate) fn escaped_char(bytes: &[u8], at: usize) -> Option<(char, usize)> {
    let lead = uri_core::pct::decode_triplet(bytes, at, bytes.len())?;
    let width = match lead {
        0x00..=0x7F => 1,
        0xC2..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF4 => 4,
        _ => return None,
    };
    let mut utf8 = [lead, 0, 0, 0];
    for (k, slot) in utf8.iter_mut().enumerate().take(width).skip(1) {
        *slot = uri_core::pct::decode_triplet(bytes, at + 3 * k, bytes.len())?;
    }
    let c = core::str::from_utf8(utf8.get(..width)?)
        .ok()?
        .chars()
        .next()?;
    Some((c, 3 * width))
}

/// Appends `bytes` decoded to `out`; `plus` is `Some(b'+')` when a `+`
/// means a space.
///
/// Escapes and the short runs between them go through a stack block,
/// written whole words at a time; long runs are found and copied in one go.
pub(crate) fn push_decoded(
    out: &mut Vec<u8>,
    bytes: &[u8],
    plus: Option<u8>,
) -> Result<Replacements, usize> {
    let mut block = [0; BLOCK];
    let mut i = 0;
    // The bitwise OR of the bytes written through the block.
    let mut seen = 0;
    while i < bytes.len() {
        let mut n = 0;
        while i < bytes.len() && n + 16 <= BLOCK {
            (i, n) = decode_escapes(bytes, i, &mut block, n, plus)?;
            (i, n) = copy_short_run(bytes, i, &mut block, n, plus);
            if bytes.get(i).is_some_and(|&b| !is_mark(b, plus)) && n + 16 <= BLOCK {
                break;
            }
        }
        seen = seen_in(seen, &block[..n]);
        out.extend_from_slice(&block[..n]);
        if bytes.get(i).is_some_and(|&b| !is_mark(b, plus)) {
            let run = scan::find(&bytes[i..], b'%', plus);
            out.extend_from_slice(&bytes[i..i + run]);
            i += run;
        }
    }
    Ok(Replacements::of(seen))
}

vector_kernels! {
    /// The end of a vector loop that decoded `bytes[..from]` into `out`: the
    /// rest through [`push_decoded`], its error at its index in `bytes`, and
    /// [`Replacements::MaybeNonAscii`] when the loop put a byte outside ASCII
    /// in place of an escape (`loop_non_ascii`) or the rest does.
    pub(crate) fn push_decoded_rest(
        out: &mut Vec<u8>,
        bytes: &[u8],
        from: usize,
        plus: Option<u8>,
        loop_non_ascii: bool,
    ) -> Result<Replacements, usize> {
        let rest = bytes.get(from..).unwrap_or_default();
        let replaced = push_decoded(out, rest, plus).map_err(|at| from + at)?;
        Ok(if loop_non_ascii {
            Replacements::MaybeNonAscii
        } else {
            replaced
        })
    }
}

/// [`push_decoded`] a byte at a time, straight into `out`: for inputs of a
/// few tens of bytes (query keys and values, path segments), where zeroing
/// the stack block costs more than the bytes do.
pub(crate) fn push_decoded_each(
    out: &mut Vec<u8>,
    bytes: &[u8],
    plus: Option<u8>,
) -> Result<Replacements, usize> {
    out.reserve(bytes.len());
    // The bitwise OR of the bytes put in place of escapes.
    let mut seen = 0;
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        let (byte, width) = match b {
            b'%' => {
                let byte = decode_at(bytes, i)?;
                seen |= byte;
                (byte, 3)
            }
            _ if Some(b) == plus => (b' ', 1),
            _ => (b, 1),
        };
        out.push(byte);
        i += width;
    }
    Ok(Replacements::of(seen))
}

/// `seen` with the bits of `written` added while it is ASCII: once it is
/// not, the answer is known, and the bytes are not looked at again.
///
/// Looking at each block as it leaves (in L1, a vector OR per thirty-two
/// bytes) costs less than a register in the decoding loops, which are
/// short of them. Every byte written through the block counts, not only
/// decoded ones, so a non-ASCII character of the input's own also asks
/// for the UTF-8 check: needless, but never wrong.
#[inline]
fn seen_in(seen: u8, written: &[u8]) -> u8 {
    if seen.is_ascii() {
        seen | written.iter().fold(0, |all, &b| all | b)
    } else {
        seen
    }
}

/// Whether decoding stops at `b`: a `%`, or `plus` for forms.
fn is_mark(b: u8, plus: Option<u8>) -> bool {
    b == b'%' || Some(b) == plus
}

/// Copies the bytes from `bytes[i..]` up to the next `%` (or `plus`) to
/// `out` at `n` if the run is short; returns both positions after what was
/// copied, which is before the run's end if it is long or `out` is full.
///
/// Sixteen bytes are copied at a time, whole, and the positions then move
/// only up to the mark: a short run costs one copy and one search, not a
/// branch per byte or a `memcpy` call.
#[inline]
fn copy_short_run(
    bytes: &[u8],
    mut i: usize,
    out: &mut [u8],
    mut n: usize,
    plus: Option<u8>,
) -> (usize, usize) {
    for _ in 0..2 {
        let (Some(chunk), Some(slot)) = (
            bytes.get(i..).and_then(<[u8]>::first_chunk::<16>),
            out.get_mut(n..n + 16),
        ) else {
            break;
        };
        slot.copy_from_slice(chunk);
        let run = scan::find_in(chunk, b'%', plus);
        i += run;
        n += run;
        if run < 16 {
            return (i, n);
        }
    }
    if bytes.len().saturating_sub(i) >= 16 {
        return (i, n);
    }
    // The input's last few bytes, one at a time.
    while let (Some(&b), Some(slot)) = (bytes.get(i), out.get_mut(n)) {
        if is_mark(b, plus) {
            break;
        }
        *slot = b;
        i += 1;
        n += 1;
    }
    (i, n)
}

/// Decodes the run of escapes (and `plus`) at `bytes[i..]` into `out` at
/// `n`; returns both positions after the run.
fn decode_escapes(
    bytes: &[u8],
    mut i: usize,
    out: &mut [u8],
    mut n: usize,
    plus: Option<u8>,
) -> Result<(usize, usize), usize> {
    loop {
        if let (Some(triplets), Some(slots)) = (
            bytes.get(i..).and_then(<[u8]>::first_chunk::<24>),
            out.get_mut(n..n + 8),
        ) && decode_eight(triplets, slots)
        {
            i += 24;
            n += 8;
            continue;
        }
        let (decoded, width) = match bytes.get(i) {
            Some(b'%') => (decode_at(bytes, i)?, 3),
            Some(&b) if Some(b) == plus => (b' ', 1),
            _ => return Ok((i, n)),
        };
        let Some(slot) = out.get_mut(n) else {
            return Ok((i, n));
        };
        *slot = decoded;
        i += width;
        n += 1;
    }
}

/// The byte the escape whose `%` is at `bytes[at]` spells, or `at` as the
/// error when two hex digits do not follow.
#[inline]
fn decode_at(bytes: &[u8], at: usize) -> Result<u8, usize> {
    match bytes.get(at + 1..at + 3) {
        Some(&[high, low]) => hex_pair(high, low).ok_or(at),
        _ => Err(at),
    }
}

/// Decodes eight escapes in a row into `slots`, as in encoded CJK text;
/// false (and `slots` in any state) when `triplets` is anything else.
#[inline]
fn decode_eight(triplets: &[u8; 24], slots: &mut [u8]) -> bool {
    // Two escapes in a row are rare in mostly plain text: look at the
    // second and last `%` before decoding anything.
    if triplets[3] != b'%' || triplets[21] != b'%' {
        return false;
    }
    let mut all = true;
    for (slot, &[percent, high, low]) in slots.iter_mut().zip(triplets.as_chunks::<3>().0) {
        match hex_pair(high, low) {
            Some(byte) if percent == b'%' => *slot = byte,
            _ => all = false,
        }
    }
    all
}
