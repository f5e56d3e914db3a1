//! The end of a text copied into a zeroed block, for the last step of a
//! vector loop: x86-64 has no load that stops at the text's end before
//! AVX-512, and a zero is none of the bytes those loops look for.

/// `rest` (at most `BLOCK` bytes, and at most sixty-four) followed by
/// zeroes. Copied in two pieces of a fixed width that overlap, as a
/// `memcpy` of a few bytes does, without the call.
///
/// ```text
/// padded::<8>(b"abc") == *b"abc\0\0\0\0\0"
/// ```
#[inline]
pub(super) fn padded<const BLOCK: usize>(rest: &[u8]) -> [u8; BLOCK] {
    let mut block = [0_u8; BLOCK];
    let len = rest.len();
    if len >= 32 {
        copy_ends::<32, BLOCK>(&mut block, rest);
    } else if len >= 16 {
        copy_ends::<16, BLOCK>(&mut block, rest);
    } else if len >= 8 {
        copy_ends::<8, BLOCK>(&mut block, rest);
    } else if len >= 4 {
        copy_ends::<4, BLOCK>(&mut block, rest);
    } else if let Some(head) = block.get_mut(..len) {
        head.copy_from_slice(rest);
    }
    block
}

/// Copies the first and last `N` bytes of `rest` (which has from `N` to
/// `2 N`, and at most `BLOCK`) to the same places in `block`: all of it.
#[inline]
fn copy_ends<const N: usize, const BLOCK: usize>(block: &mut [u8; BLOCK], rest: &[u8]) {
    let len = rest.len();
    if let (Some(first), Some(last)) = (rest.first_chunk::<N>(), rest.last_chunk::<N>()) {
        if let Some(to) = block.get_mut(..N) {
            to.copy_from_slice(first);
        }
        if let Some(to) = block.get_mut(len - N..len) {
            to.copy_from_slice(last);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::padded;

    /// Every length up to the block's, in blocks of two sizes.
    #[test]
    fn the_block_holds_the_text_then_zeroes() {
        let text: [u8; 66] = core::array::from_fn(|i| i as u8 + 1);
        for len in 0..=35 {
            let block: [u8; 35] = padded(&text[..len]);
            assert_eq!(&block[..len], &text[..len]);
            assert!(block[len..].iter().all(|&b| b == 0), "{len}");
        }
        for len in 0..=64 {
            let block: [u8; 66] = padded(&text[..len]);
            assert_eq!(&block[..len], &text[..len]);
            assert!(block[len..].iter().all(|&b| b == 0), "{len}");
        }
    }
}
