//! Where a path's directory ends, eight bytes per test: resolution asks
//! it of the same base for every link of a page, where a byte loop
//! branches on every byte and mispredicts where it stops.
//!
//! Each word is read from the whole text the path lies in, so it may
//! start before the path or end after it; the bytes outside are masked
//! off, and only a text shorter than a word is read a byte at a time.
//!
//! Also whether a text's first bytes hold a capital (the browser reading
//! asks it of each scheme), one word and no loop.

use core::ops::Range;

const WORD: usize = 8;
const HIGHS: u64 = u64::from_le_bytes([0x80; WORD]);
const LOWS: u64 = u64::from_le_bytes([0x7f; WORD]);
const ONES: u64 = u64::from_le_bytes([0x01; WORD]);

/// The index in `text` of the last `/` in `text[range]`, and whether a
/// `.` comes before it in `text[range]`: where the directory of a path
/// at `range` ends, and whether it can hold a dot segment.
///
/// ```text
/// directory_end(b"http://a/b/c/d;p?q", 8..16) == Some((12, false))
/// ```
#[inline]
pub(crate) fn directory_end(text: &[u8], range: Range<usize>) -> Option<(usize, bool)> {
    let start = range.start;
    let mut end = range.end.min(text.len());
    if text.len() < WORD {
        let path = text.get(start..end)?;
        let slash = path.iter().rposition(|&b| b == b'/')?;
        let dotted = path
            .get(..slash)
            .is_some_and(|before| before.contains(&b'.'));
        return Some((start + slash, dotted));
    }
    // Back from the end to the last `/`, then on to the start for a `.`.
    let mut slash = None;
    while end > start {
        let Some((at, word)) = word_ending_at(text, end) else {
            break;
        };
        let mut wanted = inside(at, start, end);
        if slash.is_none() {
            let found = matches(word, b'/') & wanted;
            if found == 0 {
                end = at;
                continue;
            }
            let bit = found.ilog2();
            slash = Some(at + bit as usize / 8);
            wanted &= (1 << bit) - 1;
        }
        if matches(word, b'.') & wanted != 0 {
            return slash.map(|slash| (slash, true));
        }
        end = at;
    }
    slash.map(|slash| (slash, false))
}

/// The index in `text` of the last `/` of the path at `range`, when the
/// path starts with `/` and no `.` comes before that slash: the end of a
/// directory with no dot segment, behind which a relative path can be
/// merged without looking at the directory again.
///
/// ```text
/// plain_directory_end(b"http://a/b/c/d;p?q", 8..16) == Some(12)
/// plain_directory_end(b"http://a/./c/d", 8..14) == None
/// ```
#[inline]
pub(crate) fn plain_directory_end(text: &[u8], range: Range<usize>) -> Option<usize> {
    let rooted = text.get(range.start) == Some(&b'/');
    directory_end(text, range)
        .filter(|&(_, dotted)| rooted && !dotted)
        .map(|(slash, _)| slash)
}

/// The word of `text` that ends at `end`, or its first word when `end`
/// is nearer the start than a word, with the index it starts at; `None`
/// when `text` is shorter than a word.
fn word_ending_at(text: &[u8], end: usize) -> Option<(usize, u64)> {
    let at = end.saturating_sub(WORD);
    let word = <[u8; WORD]>::try_from(text.get(at..at + WORD)?).ok()?;
    Some((at, u64::from_le_bytes(word)))
}

/// Whether `text[..len]` holds an ASCII capital letter. Where the text
/// has a word's bytes and `len` is at most that (a scheme, which the
/// browser reading asks about), they are read as one word with the bytes
/// past `len` masked off, with no loop: a loop over a scheme's bytes
/// mispredicted where it stopped, as `http` and `https` alternate.
pub(crate) fn prefix_has_capital(text: &[u8], len: usize) -> bool {
    match text.first_chunk::<WORD>() {
        Some(word) if (1..=WORD).contains(&len) => {
            let word = u64::from_le_bytes(*word) & (u64::MAX >> (8 * (WORD - len)));
            // With each high bit cleared, adding 0x80 - `A` sets a byte's
            // high bit from `A` on, and adding 0x80 - `[` from past `Z`;
            // no sum carries into the next byte. Bytes of 0x80 and above
            // are left out.
            let low = word & LOWS;
            let from_a = low.wrapping_add(ONES * u64::from(0x80 - b'A'));
            let past_z = low.wrapping_add(ONES * u64::from(0x80 - b'['));
            from_a & !past_z & !word & HIGHS != 0
        }
        _ => text
            .get(..len)
            .unwrap_or_default()
            .iter()
            .any(u8::is_ascii_uppercase),
    }
}

/// The high bit of each byte of `word` equal to `byte`, and no other
/// bit. (Unlike the borrow trick of `scan::position_in_words`, which
/// only finds the first match, this is exact in every byte, so the last
/// match can be read from it too.)
fn matches(word: u64, byte: u8) -> u64 {
    let x = word ^ (ONES * u64::from(byte));
    !(((x & LOWS) + LOWS) | x) & HIGHS
}

/// The high bits of the bytes of the word starting at `at` that lie in
/// `start..end`, where `end` is within the word and after `start`.
fn inside(at: usize, start: usize, end: usize) -> u64 {
    let from = start.saturating_sub(at).min(WORD - 1);
    let past = at + WORD - end;
    HIGHS & (u64::MAX << (from * 8)) & (u64::MAX >> (past * 8))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agrees_with_byte_loops_on_every_range_of_random_texts() {
        let mut seed = 0x5eed_u64;
        for _ in 0..3_000 {
            let pieces = ["/", ".", "a", "bc", "/."];
            let text = crate::bytes::scan::tests::random_text(&mut seed, &pieces, 12);
            let bytes = text.as_bytes();
            for start in 0..=bytes.len() {
                for end in start..=bytes.len() {
                    let path = &bytes[start..end];
                    let expected = path
                        .iter()
                        .rposition(|&b| b == b'/')
                        .map(|slash| (start + slash, path[..slash].contains(&b'.')));
                    assert_eq!(
                        directory_end(bytes, start..end),
                        expected,
                        "{text:?} {start}..{end}"
                    );
                }
            }
        }
    }

    /// Every prefix of texts made of the bytes around the capitals'
    /// edges (and of bytes above 0x7f, which no capital is), against the
    /// byte loop.
    #[test]
    fn a_prefix_has_a_capital_as_the_byte_loop_says() {
        use crate::bytes::scan::tests::xorshift;

        let alphabet = [
            b'@', b'A', b'M', b'Z', b'[', b'a', b'z', b'0', b':', 0xC1, 0xDA, 0,
        ];
        let mut seed = 0xCA9_u64;
        for _ in 0..20_000 {
            let len = (xorshift(&mut seed) % 12) as usize;
            let text: alloc::vec::Vec<u8> = (0..len)
                .map(|_| {
                    let k = xorshift(&mut seed);
                    alphabet[(k % alphabet.len() as u64) as usize]
                })
                .collect();
            for prefix in 0..=text.len() + 2 {
                let expected = text
                    .get(..prefix.min(text.len()))
                    .is_some_and(|p| p.iter().any(u8::is_ascii_uppercase));
                let expected = expected && prefix <= text.len();
                assert_eq!(
                    prefix_has_capital(&text, prefix),
                    expected,
                    "{text:?} {prefix}"
                );
            }
        }
        assert!(prefix_has_capital(b"HTTPS://a", 5));
        assert!(!prefix_has_capital(b"https://A", 5));
    }

    #[test]
    fn a_plain_directory_is_rooted_and_has_no_dot() {
        assert_eq!(plain_directory_end(b"http://a/b/c/d;p?q", 8..16), Some(12));
        assert_eq!(plain_directory_end(b"http://a/./c/d", 8..14), None);
        assert_eq!(plain_directory_end(b"foo:b/c", 4..7), None);
        assert_eq!(plain_directory_end(b"http://a", 8..8), None);
    }

    #[test]
    fn a_range_past_the_text_is_cut_at_its_end() {
        assert_eq!(directory_end(b"a/b", 0..9), Some((1, false)));
        assert_eq!(directory_end(b"a.cdefgh/", 0..99), Some((8, true)));
        let (start, end) = (4, 2);
        assert_eq!(directory_end(b"abcdefgh/", start..end), None);
    }
}
