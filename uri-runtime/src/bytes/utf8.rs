//! Checking that decoded bytes are UTF-8 (RFC 3629) at about one cycle per
//! byte, for [`pct::decode_utf8`](crate::pct::decode_utf8).
//!
//! The standard library's check branches on every byte of a multi-byte
//! sequence; on decoded CJK text it cost as much as the decoding. Here
//! every byte is one table lookup and one shift of a state machine whose
//! whole transition function for that byte sits in one `u64`: nine states,
//! each a six-bit field holding the offset of the next state's field. The
//! lookups do not depend on the state, so the chain from byte to byte is a
//! single shift, and the two halves of the text are checked side by side.
//! A leading stretch of ASCII is skipped sixty-four bytes per test, and
//! later runs of sixteen ASCII bytes between characters one test each.
//!
//! Only the answer is computed; where a bad sequence starts is asked of
//! the standard library, on the error path only.

/// The states, as offsets of their six-bit fields.
const ACCEPT: u64 = 0;
const REJECT: u64 = 6;
/// One more continuation byte (`80`-`BF`) ends the character.
const ONE_MORE: u64 = 12;
/// Two more continuation bytes.
const TWO_MORE: u64 = 18;
/// Three more continuation bytes (after `F1`-`F3`).
const THREE_MORE: u64 = 24;
/// After `E0`: `A0`-`BF` (anything lower would be an overlong form), then
/// one more.
const AFTER_E0: u64 = 30;
/// After `ED`: `80`-`9F` (anything higher would be a surrogate), then one
/// more.
const AFTER_ED: u64 = 36;
/// After `F0`: `90`-`BF` (lower would be overlong), then two more.
const AFTER_F0: u64 = 42;
/// After `F4`: `80`-`8F` (higher would be above U+10FFFF), then two more.
const AFTER_F4: u64 = 48;

const STATES: [u64; 9] = [
    ACCEPT, REJECT, ONE_MORE, TWO_MORE, THREE_MORE, AFTER_E0, AFTER_ED, AFTER_F0, AFTER_F4,
];

/// The state after `byte` in `state`.
const fn next(state: u64, byte: u8) -> u64 {
    match (state, byte) {
        (ACCEPT, 0x00..=0x7F) | (ONE_MORE, 0x80..=0xBF) => ACCEPT,
        (ACCEPT, 0xC2..=0xDF)
        | (TWO_MORE, 0x80..=0xBF)
        | (AFTER_E0, 0xA0..=0xBF)
        | (AFTER_ED, 0x80..=0x9F) => ONE_MORE,
        (ACCEPT, 0xE1..=0xEC | 0xEE..=0xEF)
        | (THREE_MORE, 0x80..=0xBF)
        | (AFTER_F0, 0x90..=0xBF)
        | (AFTER_F4, 0x80..=0x8F) => TWO_MORE,
        (ACCEPT, 0xF1..=0xF3) => THREE_MORE,
        (ACCEPT, 0xE0) => AFTER_E0,
        (ACCEPT, 0xED) => AFTER_ED,
        (ACCEPT, 0xF0) => AFTER_F0,
        (ACCEPT, 0xF4) => AFTER_F4,
        _ => REJECT,
    }
}

/// For each byte, the next state of every state, each in the state's
/// field.
const TRANSITIONS: [u64; 256] = {
    let mut rows = [0; 256];
    let mut byte = 0;
    while byte < 256 {
        let mut k = 0;
        while k < STATES.len() {
            rows[byte] |= next(STATES[k], byte as u8) << STATES[k];
            k += 1;
        }
        byte += 1;
    }
    rows
};

/// Whether `bytes` is UTF-8.
///
/// The two halves are checked side by side, so that the CPU runs two
/// chains of shifts at once. The second half starts at a character's first
/// byte, found by moving the middle past at most three continuation bytes
/// (UTF-8 never has more in a row), and UTF-8 text split before a
/// character's first byte is two UTF-8 texts.
pub(crate) fn is_utf8(bytes: &[u8]) -> bool {
    // A leading stretch of ASCII, often all of decoded text, sixty-four
    // bytes per test.
    let (blocks, _) = bytes.as_chunks::<64>();
    let ascii = blocks.iter().take_while(|block| block.is_ascii()).count();
    let bytes = &bytes[ascii * 64..];
    let middle = bytes.len() / 2;
    let split = (middle..bytes.len().min(middle + 3))
        .find(|&at| !is_continuation(bytes[at]))
        .unwrap_or(bytes.len().min(middle + 3));
    let (front, back) = bytes.split_at(split);
    let (front_chunks, _) = front.as_chunks::<16>();
    let (back_chunks, _) = back.as_chunks::<16>();
    let (mut in_front, mut in_back) = (ACCEPT, ACCEPT);
    for (x, y) in front_chunks.iter().zip(back_chunks) {
        if accepts(in_front) && accepts(in_back) && x.is_ascii() && y.is_ascii() {
            continue;
        }
        for (&a, &b) in x.iter().zip(y) {
            in_front = step(in_front, a);
            in_back = step(in_back, b);
        }
    }
    let both = front_chunks.len().min(back_chunks.len()) * 16;
    accepts(state_after(in_front, &front[both..])) && accepts(state_after(in_back, &back[both..]))
}

/// The state after `bytes` from `state`, skipping sixteen ASCII bytes at a
/// time between characters.
fn state_after(mut state: u64, bytes: &[u8]) -> u64 {
    let (chunks, tail) = bytes.as_chunks::<16>();
    for chunk in chunks {
        if accepts(state) && chunk.is_ascii() {
            continue;
        }
        for &b in chunk {
            state = step(state, b);
        }
    }
    for &b in tail {
        state = step(state, b);
    }
    state
}

/// The state after `byte` from `state`. Only the low six bits of a state
/// are its offset: a shift by the whole word shifts by those bits, so no
/// mask is needed between bytes.
#[inline]
fn step(state: u64, byte: u8) -> u64 {
    TRANSITIONS[usize::from(byte)].wrapping_shr(state as u32)
}

/// Whether `state` is between characters.
#[inline]
fn accepts(state: u64) -> bool {
    state & 63 == ACCEPT
}

fn is_continuation(byte: u8) -> bool {
    byte & 0xC0 == 0x80
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bytes::scan::tests::xorshift;
    use alloc::format;
    use alloc::vec::Vec;

    /// The bytes where the rules change: ASCII's ends, the continuation
    /// ranges' limits, the never-valid leads, each lead's range.
    const EDGES: [u8; 24] = [
        0x00, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC,
        0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF,
    ];

    #[test]
    fn agrees_with_the_standard_library_on_every_pair_of_bytes() {
        for first in 0..=255 {
            for second in 0..=255 {
                let pair = [first, second];
                assert_eq!(
                    is_utf8(&pair),
                    core::str::from_utf8(&pair).is_ok(),
                    "{pair:x?}"
                );
                assert_eq!(
                    is_utf8(&pair[..1]),
                    core::str::from_utf8(&pair[..1]).is_ok()
                );
            }
        }
    }

    #[test]
    fn agrees_with_the_standard_library_on_every_sequence_of_four_edges() {
        for a in EDGES {
            for b in EDGES {
                for c in EDGES {
                    for d in EDGES {
                        let four = [a, b, c, d];
                        assert_eq!(
                            is_utf8(&four),
                            core::str::from_utf8(&four).is_ok(),
                            "{four:x?}"
                        );
                        assert_eq!(
                            is_utf8(&four[..3]),
                            core::str::from_utf8(&four[..3]).is_ok()
                        );
                    }
                }
            }
        }
    }

    /// The halves are split at the middle, moved past continuation bytes:
    /// every character width straddling every middle, and runs of too many
    /// continuation bytes there.
    #[test]
    fn agrees_with_the_standard_library_around_the_middle() {
        for before in 0..70 {
            for (after, middle) in [(0, "é"), (1, "中"), (2, "😀"), (33, "😀"), (40, "中")] {
                let valid = format!("{}{middle}{}", "a".repeat(before), "b".repeat(after));
                assert!(is_utf8(valid.as_bytes()), "{valid:?}");
                let mut invalid = valid.clone().into_bytes();
                invalid.insert(before + 1, 0x80);
                assert_eq!(is_utf8(&invalid), core::str::from_utf8(&invalid).is_ok());
                let at = before + 1;
                invalid.splice(at..at, [0x80, 0xBF, 0x80]);
                assert!(!is_utf8(&invalid), "{invalid:x?}");
            }
        }
    }

    /// Long text, so that sequences cross the sixteen-byte chunks and
    /// ASCII chunks are skipped, with now and then one byte changed.
    #[test]
    fn agrees_with_the_standard_library_on_random_text() {
        let mut seed = 0x3629_u64;
        for round in 0..2000 {
            let len = (xorshift(&mut seed) % 300) as usize;
            let mut text = Vec::new();
            while text.len() < len {
                let r = xorshift(&mut seed);
                let c = match r % 4 {
                    0 => char::from((r >> 8) as u8 & 0x7F),
                    _ => char::from_u32((r >> 8) as u32 % 0x11_0000).unwrap_or('\u{FFFD}'),
                };
                text.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
            }
            if round % 3 == 0 && !text.is_empty() {
                let r = xorshift(&mut seed);
                let at = r as usize % text.len();
                text[at] = EDGES[(r >> 32) as usize % EDGES.len()];
            }
            assert_eq!(
                is_utf8(&text),
                core::str::from_utf8(&text).is_ok(),
                "{text:x?}"
            );
        }
    }
}
