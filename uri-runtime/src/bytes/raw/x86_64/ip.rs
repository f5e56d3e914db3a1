//! The grammar's IPv4 reading from masks of the host's bytes: whether a
//! host that starts with a digit is an `IPv4address`. `uri-core`'s
//! reading (`is_ipv4`) walks the host a byte at a time and branches where
//! each octet ends, which moves from host to host, so a parse mispredicts
//! a few times an address. Here the host is loaded as one sixteen-byte
//! vector with SSE2 (which every x86-64 CPU has), each kind of byte an
//! address's rules ask about becomes a bitmask, and the rules are tests
//! on the masks, with no branch on the text (the figures are in
//! BENCHMARKS.md, "The parser classifies once"). The vector parsers pass
//! it to the grammar; it gives `uri-core`'s answer on every input, and
//! leaves to `uri-core` the hosts of a text shorter than the vector.
//! The AVX-512 parser reads the same masks its own way (`avx512/ip.rs`);
//! both hand them to one set of rules ([`Ipv4Masks`]).
//!
//! The AVX2 and SSSE3 parsers leave IPv6 literals to `uri-core`: the
//! same kind of reading for them (hex digits, `:` and `.` in three SSE2
//! vectors, an IPv4 tail read as here) sped up the lines with a plain
//! address, slowed those with an IPv4 tail, a zone or an `IPvFuture`,
//! and left the corpus as it was at more instructions (BENCHMARKS.md, the
//! same section). AVX-512 reads a literal whole in one load, and does.

use core::arch::x86_64::{
    __m128i, _mm_and_si128, _mm_cmpeq_epi8, _mm_cmpgt_epi8, _mm_loadu_si128, _mm_movemask_epi8,
    _mm_set1_epi8,
};

/// Whether `IPv4address` fills `b[start..end]`: `uri-core`'s
/// [`is_ipv4`](uri_core::__private::is_ipv4) on every input.
// Out of line: taken into the parser, its seven masks' registers cost
// every line of the corpus more than the calls of its IPv4 lines.
#[inline(never)]
#[target_feature(enable = "sse2")]
pub(in crate::bytes::raw) fn is_ipv4(b: &[u8], start: usize, end: usize) -> bool {
    // `0.0.0.0` to `255.255.255.255`; any other length is no address,
    // and `uri-core` says so at once.
    let len = end.wrapping_sub(start);
    let masks = if (7..=15).contains(&len) {
        host_masks::<7>(b, start, end, |chunk| {
            let byte = |c: u8| _mm_set1_epi8(c.cast_signed());
            // Signed comparisons: a byte from 128 up is below every digit.
            let above = |c: u8| _mm_cmpgt_epi8(chunk, byte(c));
            let is = |c: u8| _mm_cmpeq_epi8(chunk, byte(c));
            let digit = _mm_and_si128(above(b'0' - 1), _mm_cmpgt_epi8(byte(b'9' + 1), chunk));
            [
                digit,
                is(b'.'),
                is(b'0'),
                is(b'2'),
                above(b'2'),
                above(b'4'),
                above(b'5'),
            ]
        })
    } else {
        None
    };
    let Some([digits, dots, zeros, twos, above_two, above_four, above_five]) = masks else {
        return uri_core::__private::is_ipv4(b, start, end);
    };
    Ipv4Masks {
        digits,
        dots,
        zeros,
        twos,
        above_two,
        above_four,
        above_five,
    }
    .hold_an_address(len)
}

/// The kinds of byte the rules of `IPv4address` ask about, each a mask of
/// a host's bytes: bit `k` for the byte at the host's `k`th place, none
/// at or past its end. Each instruction set reads them its own way (SSE2
/// above, AVX-512 in `avx512/ip.rs`); the rules are these.
pub(super) struct Ipv4Masks {
    pub(super) digits: u64,
    pub(super) dots: u64,
    pub(super) zeros: u64,
    pub(super) twos: u64,
    /// The bytes above `2`, `4` and `5`; read only where a digit is, so
    /// a byte outside the digits may be in them or not.
    pub(super) above_two: u64,
    pub(super) above_four: u64,
    pub(super) above_five: u64,
}

impl Ipv4Masks {
    /// The masks of the bytes from the host's `at`th place on: those of
    /// a host that starts there.
    #[inline]
    pub(super) fn after(self, at: usize) -> Ipv4Masks {
        Ipv4Masks {
            digits: self.digits >> at,
            dots: self.dots >> at,
            zeros: self.zeros >> at,
            twos: self.twos >> at,
            above_two: self.above_two >> at,
            above_four: self.above_four >> at,
            above_five: self.above_five >> at,
        }
    }

    /// Whether the host of `len` bytes (seven to fifteen) these masks
    /// describe is an `IPv4address`: tests on the masks, with no branch
    /// on the text.
    #[inline]
    pub(super) fn hold_an_address(self, len: usize) -> bool {
        let (digits, dots) = (self.digits, self.dots);
        let all = (1 << len) - 1;
        // Digits and three dots, none first or last and no two together:
        // four runs of digits.
        let four_runs = (digits | dots) == all
            && dots & (1 | 1 << (len - 1)) == 0
            && dots & dots >> 1 == 0
            && holds_three_bits(dots);
        // Each run a `dec-octet`: one to three digits, no leading zero,
        // and a three-digit one from 100 to 255.
        let first_digits = digits & !(digits << 1);
        let at_most_three = digits & digits >> 1 & digits >> 2 & digits >> 3 == 0;
        let leading_zero = self.zeros & first_digits & digits >> 1;
        let three = first_digits & digits >> 1 & digits >> 2;
        let above_255 = three
            & (self.above_two
                | self.twos & self.above_four >> 1 & (self.above_five >> 1 | self.above_five >> 2));
        four_runs && at_most_three && (leading_zero | above_255) == 0
    }
}

/// Whether `mask` has exactly three bits set, in a few instructions where
/// the target has no `popcnt`.
#[inline]
fn holds_three_bits(mask: u64) -> bool {
    let without_two = {
        let one = mask & mask.wrapping_sub(1);
        one & one.wrapping_sub(1)
    };
    without_two != 0 && without_two & without_two.wrapping_sub(1) == 0
}

/// The bytes of `b[start..end]` in masks, one for each of the `KINDS`
/// vectors `kinds` makes of sixteen bytes (a lane all ones where its byte
/// is of the kind): bit `k` of a mask for the byte at `start + k`, none at
/// or past `end - start`. `None` where the host is longer than sixteen
/// bytes, or the text shorter.
///
/// The vector read is the sixteen bytes that end at `end`, or the text's
/// first sixteen where fewer come before `end`.
#[inline]
#[target_feature(enable = "sse2")]
fn host_masks<const KINDS: usize>(
    b: &[u8],
    start: usize,
    end: usize,
    kinds: impl Fn(__m128i) -> [__m128i; KINDS],
) -> Option<[u64; KINDS]> {
    let len = end.checked_sub(start)?;
    let at = end.saturating_sub(16);
    if len > 16 || end > b.len() {
        return None;
    }
    let bytes: &[u8; 16] = b.get(at..)?.first_chunk()?;
    // SAFETY: `bytes` is sixteen readable bytes, and an unaligned load has
    // no alignment requirement.
    let chunk = unsafe { _mm_loadu_si128(bytes.as_ptr().cast()) };
    let inside = (1 << len) - 1;
    Some(kinds(chunk).map(|lanes| {
        let lanes = u64::from(_mm_movemask_epi8(lanes).cast_unsigned());
        lanes >> (start - at) & inside
    }))
}

#[cfg(test)]
pub(super) mod tests {
    use alloc::vec::Vec;

    use super::is_ipv4;
    use crate::bytes::raw::tests::rounds;
    use crate::bytes::scan::tests::xorshift;

    /// SSE2's masks give `uri-core`'s answer.
    #[test]
    fn the_reading_from_masks_agrees_with_uri_core() {
        // SAFETY: every x86-64 CPU has SSE2.
        reading_agrees_with_uri_core(|text, start, end| unsafe { is_ipv4(text, start, end) });
    }

    /// Asserts that `reading` gives `uri-core`'s answer on hosts made of
    /// the pieces of addresses and the bytes that break them, placed as
    /// [`placed`] places them.
    pub(in crate::bytes::raw) fn reading_agrees_with_uri_core(
        reading: impl Fn(&[u8], usize, usize) -> bool,
    ) {
        let addresses: [&[u8]; 6] = [
            b"192.0.2.16",
            b"255.255.255.255",
            b"0.0.0.0",
            b"10.249.250.199",
            b"1.2.3.04",
            b"256.1.1.1",
        ];
        let digits: [&[u8]; 8] = [b"0", b"1", b"2", b"3", b"4", b"5", b"6", b"9"];
        let others: [&[u8]; 9] = [b".", b".", b"a", b"F", b":", b"/", b"\xff", b"%", b" "];
        let mut seed = 0x1e4_u64;
        for round in 0..rounds(200_000) {
            let mut host: Vec<u8> = Vec::new();
            match round % 3 {
                // An address with one byte changed, or none.
                0 => {
                    host.extend_from_slice(pick(&mut seed, &addresses));
                    if xorshift(&mut seed).is_multiple_of(2) {
                        let at = xorshift(&mut seed) as usize % host.len();
                        host[at] = pick(
                            &mut seed,
                            &digits.iter().chain(&others).copied().collect::<Vec<_>>(),
                        )[0];
                    }
                }
                // Runs of digits of every length between dots.
                1 => {
                    for _ in 0..xorshift(&mut seed) % 18 {
                        let piece = if xorshift(&mut seed).is_multiple_of(4) {
                            b"."
                        } else {
                            pick(&mut seed, &digits)
                        };
                        host.extend_from_slice(piece);
                    }
                }
                _ => {
                    for _ in 0..xorshift(&mut seed) % 18 {
                        let piece = if xorshift(&mut seed).is_multiple_of(3) {
                            pick(&mut seed, &others)
                        } else {
                            pick(&mut seed, &digits)
                        };
                        host.extend_from_slice(piece);
                    }
                }
            }
            let (text, start, end) = placed(&mut seed, &host, b"http://", b'/');
            assert_eq!(
                reading(&text, start, end),
                uri_core::__private::is_ipv4(&text, start, end),
                "{start}..{end} of {:?}",
                alloc::string::String::from_utf8_lossy(&text)
            );
        }
    }

    /// One of `from`, drawn with `seed`.
    pub(in crate::bytes::raw) fn pick<'a>(seed: &mut u64, from: &[&'a [u8]]) -> &'a [u8] {
        from[xorshift(seed) as usize % from.len()]
    }

    /// A text that holds `host` after up to 23 bytes of `before` (repeated)
    /// and before up to 23 of `after`, so that a vector read of the host
    /// ends at the text's end, or starts at its start, or has bytes around
    /// it; with the host's bounds, or one time in sixteen bounds no parser
    /// passes (reversed, or past the text's end).
    pub(in crate::bytes::raw) fn placed(
        seed: &mut u64,
        host: &[u8],
        before: &[u8],
        after: u8,
    ) -> (Vec<u8>, usize, usize) {
        let (leading, trailing) = (xorshift(seed) as usize % 24, xorshift(seed) as usize % 24);
        let mut text: Vec<u8> = before.iter().copied().cycle().take(leading).collect();
        let start = text.len();
        text.extend_from_slice(host);
        let end = text.len();
        text.extend(core::iter::repeat_n(after, trailing));
        let (start, end) = match xorshift(seed) % 32 {
            0 => (end, start),
            1 => (start, end + trailing + 1 + xorshift(seed) as usize % 3),
            _ => (start, end),
        };
        (text, start, end)
    }
}
