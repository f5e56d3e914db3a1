//! Finding the next byte that needs work, many bytes at a time: the inner
//! loops of percent-encoding, decoding and normalization.
//!
//! Encoding asks "how long is the run of bytes the set keeps?", a table
//! lookup per byte, answered for eight bytes with one branch. Decoding
//! asks "where is the next `%`?", answered for sixty-four or sixteen bytes
//! at a time by comparisons the compiler turns into vector instructions;
//! normalization asks it of short component texts, eight bytes per test.
//! Normalization's two checks (escapes in normal form, dot segments) are
//! here too, as the portable twins of `raw`'s vector ones.

use uri_core::pct::{EncodeSet, hex_pair};
use uri_core::table::UNRESERVED;

/// How many leading bytes of `bytes` `set` keeps.
pub(crate) fn kept_prefix(bytes: &[u8], set: &EncodeSet) -> usize {
    let (chunks, _) = bytes.as_chunks::<8>();
    let mut kept = 0;
    for chunk in chunks {
        // `&`, not `&&`: eight lookups and one branch.
        if !all_kept(*chunk, set) {
            break;
        }
        kept += 8;
    }
    kept + bytes[kept..]
        .iter()
        .position(|&b| !set.keeps(b))
        .unwrap_or(bytes.len() - kept)
}

/// Whether `set` keeps every byte of `chunk`.
#[inline]
pub(crate) fn all_kept(chunk: [u8; 8], set: &EncodeSet) -> bool {
    // `&`, not `&&`: eight lookups, and branches the compiler may add are
    // per pair of bytes at worst.
    chunk.iter().fold(true, |all, &b| all & set.keeps(b))
}

/// The index of the first `needle` in `bytes`, for texts of tens of
/// bytes such as a URI's components: eight bytes per test in a machine
/// word, with none of [`find`]'s set-up for long texts.
pub(crate) fn position_in_short(bytes: &[u8], needle: u8) -> Option<usize> {
    position_in_words(bytes, needle, needle)
}

/// The index of the first `needle` or `other` in `bytes`, a machine word
/// at a time: one branch per eight bytes, where a byte loop has one per
/// byte and mispredicts at each match.
#[inline]
fn position_in_words(bytes: &[u8], needle: u8, other: u8) -> Option<usize> {
    const ONES: u64 = u64::from_le_bytes([0x01; 8]);
    const HIGHS: u64 = u64::from_le_bytes([0x80; 8]);
    // Bytes equal to `byte` become zero; the lowest high bit of the result
    // is set exactly at the first of them (bits above it may be set by the
    // borrow, which `trailing_zeros` ignores, and which an `|` of two such
    // masks keeps ignoring).
    let zeros = |word: u64, byte: u8| {
        let x = word ^ (ONES * u64::from(byte));
        x.wrapping_sub(ONES) & !x & HIGHS
    };
    let first = |word: &[u8; 8]| {
        let word = u64::from_le_bytes(*word);
        let found = zeros(word, needle) | zeros(word, other);
        (found != 0).then(|| (found.trailing_zeros() / 8) as usize)
    };
    let (words, tail) = bytes.as_chunks::<8>();
    for (k, word) in words.iter().enumerate() {
        if let Some(at) = first(word) {
            return Some(k * 8 + at);
        }
    }
    if tail.is_empty() {
        return None;
    }
    // The bytes after the last whole word are read as the text's last
    // eight, which overlap the words searched: those hold no match, and a
    // byte with no match below it sets no bit, so the first bit is the
    // tail's first match; one test where a byte loop branched per byte.
    if let Some(last) = bytes.last_chunk::<8>() {
        return first(last).map(|at| bytes.len() - 8 + at);
    }
    tail.iter().position(|&b| b == needle || b == other)
}

/// Whether every escape in `bytes` (a `%` and two hex digits) is one
/// that syntax-based normalization (RFC 3986 sections 6.2.2.1 and
/// 6.2.2.2) keeps: in uppercase hex, and of a byte outside `unreserved`;
/// and whether `bytes[..lowercase_until]` holds no ASCII capital. A `%`
/// without two hex digits is not an escape, and is left alone.
///
/// The prefix is for the normal-form check of a whole URI, whose scheme
/// and host must be in lowercase: asked with the escapes, it costs no
/// pass of its own. A capital there is not always a change (an escape's
/// hex digits, a userinfo, an IPv6 zone), so that check reads a URI that
/// fails here again, part by part; one that passes is normal there.
pub(crate) fn escapes_in_normal_form(bytes: &[u8], lowercase_until: usize) -> bool {
    let prefix = bytes.get(..lowercase_until).unwrap_or(bytes);
    if prefix.iter().any(u8::is_ascii_uppercase) {
        return false;
    }
    let mut i = 0;
    while let Some(at) = position_in_short(bytes.get(i..).unwrap_or_default(), b'%') {
        let mark = i + at;
        i = match escape_at(bytes, mark) {
            Some((_, true)) => return false,
            Some((_, false)) => mark + 3,
            None => mark + 1,
        };
    }
    true
}

/// Whether some segment of the path `bytes` is `.` or `..`.
///
/// Only a `.` can start such a segment, so the search goes from dot to
/// dot (most paths have none, or one in a file name) rather than through
/// every segment.
pub(crate) fn has_dot_segments(bytes: &[u8]) -> bool {
    let ends_segment = |at: usize| bytes.get(at).is_none_or(|&b| b == b'/');
    let mut from = 0;
    while let Some(found) = position_in_short(bytes.get(from..).unwrap_or_default(), b'.') {
        let at = from + found;
        let starts_segment = at == 0 || bytes[at - 1] == b'/';
        let two_dots = bytes.get(at + 1) == Some(&b'.');
        if starts_segment && (ends_segment(at + 1) || (two_dots && ends_segment(at + 2))) {
            return true;
        }
        from = at + 1;
    }
    false
}

/// Whether a segment of the path `bytes` starts with a dot, written
/// (`.`) or escaped (`%2e`, `%2E`): at the path's start or right after a
/// `/`.
///
/// Every segment that reads as `.` or `..` does, so a path where none
/// does has no dot segment however its dots are spelled; one where some
/// does (`/.well-known`, `/%2e%2e/`) is for the caller to read segment by
/// segment.
pub(crate) fn has_segment_starting_with_dot(bytes: &[u8]) -> bool {
    let dot_at = |at: usize| starts_with_dot(bytes.get(at..).unwrap_or_default());
    dot_at(0)
        || bytes
            .iter()
            .enumerate()
            .any(|(slash, &b)| b == b'/' && dot_at(slash + 1))
}

/// Whether `bytes` starts with a dot, written (`.`) or escaped (`%2e`,
/// `%2E`).
#[inline]
pub(crate) fn starts_with_dot(bytes: &[u8]) -> bool {
    bytes.first() == Some(&b'.')
        || bytes
            .get(..3)
            .is_some_and(|escape| escape.eq_ignore_ascii_case(b"%2e"))
}

/// The escape starting at `mark`, if one does: its byte, and whether
/// normalization writes it differently (decoded, or in uppercase hex).
#[inline]
pub(crate) fn escape_at(bytes: &[u8], mark: usize) -> Option<(u8, bool)> {
    let &[b'%', high, low] = bytes.get(mark..mark + 3)? else {
        return None;
    };
    let decoded = hex_pair(high, low)?;
    // Both are hex digits, so above `F` means a lowercase letter.
    let lowercase = high.max(low) > b'F';
    Some((decoded, lowercase || UNRESERVED.contains(decoded)))
}

/// The index of the first `needle` in `bytes`, or `bytes.len()`; with
/// `also`, of the first byte that is either.
#[inline]
pub(crate) fn find(bytes: &[u8], needle: u8, also: Option<u8>) -> usize {
    // A query key or value is mostly shorter than one block, and a word
    // at a time, inlined, costs less than setting the vector steps up.
    if bytes.len() < 64 {
        let other = also.unwrap_or(needle);
        return position_in_words(bytes, needle, other).unwrap_or(bytes.len());
    }
    find_in_long(bytes, needle, also)
}

/// [`find`] in sixty-four bytes or more.
fn find_in_long(bytes: &[u8], needle: u8, also: Option<u8>) -> usize {
    let other = also.unwrap_or(needle);
    // Long runs first, sixty-four bytes per test; then the sixteen bytes
    // that hold the mark.
    let (blocks, _) = bytes.as_chunks::<64>();
    let clear = blocks
        .iter()
        .take_while(|block| !any_in(block, needle, also))
        .count();
    let mut done = clear * 64;
    let (chunks, _) = bytes[done..].as_chunks::<16>();
    for chunk in chunks {
        let at = find_in(chunk, needle, also);
        if at < 16 {
            return done + at;
        }
        done += 16;
    }
    let rest = &bytes[done..];
    done + position_in_words(rest, needle, other).unwrap_or(rest.len())
}

/// Whether `chunk` holds `needle` (or `also`): compared without a branch
/// per byte, which the compiler turns into vector instructions.
#[inline]
#[allow(
    clippy::needless_bitwise_bool,
    reason = "`||` would branch per byte and keep the compiler from vectorizing"
)]
pub(crate) fn any_in<const N: usize>(chunk: &[u8; N], needle: u8, also: Option<u8>) -> bool {
    let other = also.unwrap_or(needle);
    chunk
        .iter()
        .fold(false, |any, &b| any | (b == needle) | (b == other))
}

/// [`find`] in sixteen bytes: 16 when neither byte is there.
///
/// Written as a comparison of every byte and one count of trailing zeros,
/// with no branch per byte, so that the compiler makes it a handful of
/// vector instructions.
#[inline]
#[allow(
    clippy::needless_bitwise_bool,
    reason = "`||` would branch per byte and keep the compiler from vectorizing"
)]
pub(crate) fn find_in(chunk: &[u8; 16], needle: u8, also: Option<u8>) -> usize {
    let other = also.unwrap_or(needle);
    let marks = chunk.map(|b| {
        if (b == needle) | (b == other) {
            0xFF
        } else {
            0
        }
    });
    (u128::from_le_bytes(marks).trailing_zeros() / 8) as usize
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use alloc::vec::Vec;
    use uri_core::pct::UNRESERVED;

    /// xorshift64, for the random inputs of this crate's unit tests.
    pub(crate) fn xorshift(seed: &mut u64) -> u64 {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        *seed
    }

    /// Up to `most - 1` pieces drawn at random and joined: test texts made
    /// of the fragments that reach a function's branches.
    pub(crate) fn random_text(seed: &mut u64, pieces: &[&str], most: u64) -> alloc::string::String {
        let count = xorshift(seed) % most;
        (0..count)
            .map(|_| pieces[(xorshift(seed) % pieces.len() as u64) as usize])
            .collect()
    }

    /// Random buffers with the bytes of interest at random places, against
    /// the one-byte-at-a-time answers; half of them shorter than two words,
    /// so that a match falls in every place of a word and of the
    /// overlapping last one.
    #[test]
    fn word_at_a_time_agrees_with_byte_at_a_time() {
        let mut seed = 0x2396_3986;
        for round in 0..4000 {
            let longest = if round % 2 == 0 { 200 } else { 17 };
            let len = (xorshift(&mut seed) % longest) as usize;
            let density = 1 + xorshift(&mut seed) % 40;
            let bytes: Vec<u8> = (0..len)
                .map(|_| match xorshift(&mut seed) % density {
                    0 => b'%',
                    1 => b'+',
                    2 => 0x80 | (xorshift(&mut seed) as u8),
                    3 => b' ',
                    _ => b'a' + (xorshift(&mut seed) % 26) as u8,
                })
                .collect();
            let kept = bytes
                .iter()
                .position(|&b| !UNRESERVED.keeps(b))
                .unwrap_or(len);
            assert_eq!(
                kept_prefix(&bytes, &UNRESERVED),
                kept,
                "round {round}: {bytes:?}"
            );
            let percent = bytes.iter().position(|&b| b == b'%').unwrap_or(len);
            assert_eq!(
                find(&bytes, b'%', None),
                percent,
                "round {round}: {bytes:?}"
            );
            for needle in [b'%', b'+', b' '] {
                assert_eq!(
                    position_in_short(&bytes, needle),
                    bytes.iter().position(|&b| b == needle),
                    "round {round}: {needle} in {bytes:?}"
                );
            }
            let either = bytes
                .iter()
                .position(|&b| b == b'%' || b == b'+')
                .unwrap_or(len);
            assert_eq!(
                find(&bytes, b'%', Some(b'+')),
                either,
                "round {round}: {bytes:?}"
            );
        }
    }
}
