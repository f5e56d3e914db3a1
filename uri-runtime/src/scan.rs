//! Finding the next byte that needs work, many bytes at a time: the inner
//! loops of percent-encoding and decoding.
//!
//! Encoding asks "how long is the run of bytes the set keeps?", a table
//! lookup per byte, answered for eight bytes with one branch. Decoding
//! asks "where is the next `%`?", answered for sixteen bytes with a few
//! word operations (the classic has-zero-byte test on `word ^ pattern`).

use uri_core::pct::EncodeSet;

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

/// The index of the first `needle` in `bytes`, or `bytes.len()`; with
/// `also`, of the first byte that is either.
pub(crate) fn find(bytes: &[u8], needle: u8, also: Option<u8>) -> usize {
    match also {
        None => find_with(
            bytes,
            |word| zero_bytes(word ^ splat(needle)),
            |b| b == needle,
        ),
        Some(other) => find_with(
            bytes,
            |word| zero_bytes(word ^ splat(needle)) | zero_bytes(word ^ splat(other)),
            |b| b == needle || b == other,
        ),
    }
}

fn find_with(bytes: &[u8], marks: impl Fn(u128) -> u128, is: impl Fn(u8) -> bool) -> usize {
    let (chunks, _) = bytes.as_chunks::<16>();
    for (k, chunk) in chunks.iter().enumerate() {
        let marked = marks(u128::from_le_bytes(*chunk));
        if marked != 0 {
            return k * 16 + (marked.trailing_zeros() / 8) as usize;
        }
    }
    let done = chunks.len() * 16;
    done + bytes[done..]
        .iter()
        .position(|&b| is(b))
        .unwrap_or(bytes.len() - done)
}

/// `byte` repeated in every byte of a word.
const fn splat(byte: u8) -> u128 {
    u128::from_ne_bytes([byte; 16])
}

/// The high bit set in each zero byte of `word`, up to and including the
/// lowest one: bytes above a zero byte may be marked falsely, so only the
/// lowest mark is meaningful, and little-endian order makes it the first.
const fn zero_bytes(word: u128) -> u128 {
    word.wrapping_sub(splat(0x01)) & !word & splat(0x80)
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

    /// Random buffers with the bytes of interest at random places, against
    /// the one-byte-at-a-time answers.
    #[test]
    fn word_at_a_time_agrees_with_byte_at_a_time() {
        let mut seed = 0x2396_3986;
        for round in 0..2000 {
            let len = (xorshift(&mut seed) % 80) as usize;
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
