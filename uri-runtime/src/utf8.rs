//! Checking that decoded bytes are UTF-8 (RFC 3629) at about one cycle per
//! byte, for [`pct::decode_utf8`](crate::pct::decode_utf8).
//!
//! The standard library's check branches on every byte of a multi-byte
//! sequence; on decoded CJK text it cost as much as the decoding. Here
//! every byte is one table lookup and one shift of a state machine whose
//! whole transition function for that byte sits in one `u64`: nine states,
//! each a six-bit field holding the offset of the next state's field. The
//! lookups do not depend on the state, so the chain from byte to byte is a
//! single shift. Runs of sixteen ASCII bytes between characters are skipped
//! with one test.
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
pub(crate) fn is_utf8(bytes: &[u8]) -> bool {
    // Only the low six bits are the state: a shift by the whole word
    // shifts by those bits, so no mask is needed between bytes.
    let mut state = ACCEPT;
    let (chunks, tail) = bytes.as_chunks::<16>();
    for chunk in chunks {
        if state & 63 == ACCEPT
            && u128::from_le_bytes(*chunk) & 0x8080_8080_8080_8080_8080_8080_8080_8080 == 0
        {
            continue;
        }
        for &b in chunk {
            state = TRANSITIONS[usize::from(b)].wrapping_shr(state as u32);
        }
    }
    for &b in tail {
        state = TRANSITIONS[usize::from(b)].wrapping_shr(state as u32);
    }
    state & 63 == ACCEPT
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scan::tests::xorshift;
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
