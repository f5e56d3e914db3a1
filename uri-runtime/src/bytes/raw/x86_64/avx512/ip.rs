//! The AVX-512 parser's IP readings, each from one masked load of just
//! the host's bytes: the mask registers take each comparison's answer as
//! a bitmask in one instruction, and the bytes past the host are zero, in
//! none of the kinds asked about; so no mask needs shifting into place or
//! clearing past the host's end, and the load needs no bytes around the
//! host. An IPv4 host's masks are those SSE2's reading (`../ip.rs`) makes,
//! under the same rules ([`Ipv4Masks`]); an IPv6 literal is read whole
//! (up to sixty-four bytes, past the longest address) as hex digits,
//! colons and dots, where `uri-core` branches at every group's end. About
//! half the instructions of SSE2's IPv4 reading and of `uri-core`'s IPv6
//! one a call (BENCHMARKS.md, "The parser classifies once").

use core::arch::x86_64::{
    __m512i, _mm512_cmpeq_epi8_mask, _mm512_cmpgt_epu8_mask, _mm512_cmplt_epu8_mask,
    _mm512_maskz_loadu_epi8, _mm512_set1_epi8, _mm512_sub_epi8, _mm512_test_epi8_mask,
};

use super::super::ip::Ipv4Masks;
use super::scan::{HEX_BIT, classes_of, table_halves};

/// Whether `IPv4address` fills `b[start..end]`: `uri-core`'s
/// [`is_ipv4`](uri_core::__private::is_ipv4) on every input.
// Out of line, as SSE2's reading is, so that the parser keeps its
// registers for the lines without an IPv4 host.
#[inline(never)]
#[target_feature(enable = "avx512bw,avx512vbmi")]
pub(super) fn is_ipv4(b: &[u8], start: usize, end: usize) -> bool {
    // `0.0.0.0` to `255.255.255.255`; any other length is no address,
    // and `uri-core` says so at once, as it reads the bounds no parser
    // passes (reversed, or past the text's end).
    let len = match end.checked_sub(start) {
        Some(len @ 7..=15) if end <= b.len() => len,
        _ => return uri_core::__private::is_ipv4(b, start, end),
    };
    // SAFETY: `len` is from 7 to 15, and `start + len` is `end`, at most
    // the text's length.
    let host = unsafe { host_bytes(b, start, len) };
    ipv4_masks(host).hold_an_address(len)
}

/// Whether `IPv6address` fills `b[start..end]`: `uri-core`'s
/// [`is_ipv6`](uri_core::__private::is_ipv6) on every input. The
/// literal's hex digits, colons and dots as masks, and the rules as tests
/// on them: hex digits in runs of one to four between single colons, at
/// most one `::`, a colon first or last only as half of it, eight groups
/// or at most seven with it; after the last colon, an IPv4 address (the
/// rules of [`Ipv4Masks`]) counts as two groups.
// Out of line, as the IPv4 reading is.
#[inline(never)]
#[target_feature(enable = "avx512bw,avx512vbmi")]
pub(super) fn is_ipv6(b: &[u8], start: usize, end: usize) -> bool {
    // `::` is the shortest address; the longest, 45 bytes, fits one load.
    let len = match end.checked_sub(start) {
        Some(len @ 2..=64) if end <= b.len() => len,
        _ => return uri_core::__private::is_ipv6(b, start, end),
    };
    // SAFETY: `len` is from 2 to 64, and `start + len` is `end`, at most
    // the text's length.
    let literal = unsafe { host_bytes(b, start, len) };
    let hex = _mm512_test_epi8_mask(
        classes_of(literal, table_halves()),
        _mm512_set1_epi8(HEX_BIT.cast_signed()),
    );
    let colons = _mm512_cmpeq_epi8_mask(literal, _mm512_set1_epi8(b':'.cast_signed()));
    let dots = _mm512_cmpeq_epi8_mask(literal, _mm512_set1_epi8(b'.'.cast_signed()));
    let all = u64::MAX >> (64 - len);
    if hex | colons | dots != all {
        return false;
    }
    // The groups of hex digits before `ls32`'s IPv4 form, if it is there
    // (after the last colon), and the place of the last byte a lone
    // colon may not take.
    let (groups, last) = if dots == 0 {
        (hex, 1 << (len - 1))
    } else {
        match before_ipv4_tail(literal, len, colons, dots) {
            Some(head) => (hex & head, 0),
            None => return false,
        }
    };
    let double = colons & colons >> 1;
    let lone = colons & !(colons << 1) & !(colons >> 1);
    let rules_kept = groups & groups >> 1 & groups >> 2 & groups >> 3 & groups >> 4 == 0
        && double & double.wrapping_sub(1) == 0
        && lone & (1 | last) == 0;
    // Each group is a run of hex digits; a `::` stands for at least one.
    let count = (groups & !(groups << 1)).count_ones() + if dots == 0 { 0 } else { 2 };
    rules_kept && if double == 0 { count == 8 } else { count <= 7 }
}

/// The places before an IPv6 literal's IPv4 tail, as a mask, where the
/// literal of `len` bytes (`colons` and `dots` its masks) ends in one
/// and holds no other dot; else `None`.
// Out of line: a few literals have the tail, and its masks' registers
// would be saved on every call.
#[cold]
#[inline(never)]
#[target_feature(enable = "avx512bw,avx512vbmi")]
fn before_ipv4_tail(literal: __m512i, len: usize, colons: u64, dots: u64) -> Option<u64> {
    let tail = 64 - colons.leading_zeros() as usize;
    let tail_len = len - tail;
    if colons == 0 || !(7..=15).contains(&tail_len) {
        return None;
    }
    let head = (1 << tail) - 1;
    let address = ipv4_masks(literal).after(tail).hold_an_address(tail_len);
    (dots & head == 0 && address).then_some(head)
}

/// The `len` bytes of `b` from `start` in one masked load; zero past
/// them.
///
/// # Safety
///
/// `len` is from 1 to 64, and `start + len` at most `b.len()`.
#[inline]
#[target_feature(enable = "avx512bw,avx512vbmi")]
unsafe fn host_bytes(b: &[u8], start: usize, len: usize) -> __m512i {
    debug_assert!((1..=64).contains(&len) && start + len <= b.len());
    // SAFETY: the lanes enabled are those of `b[start..start + len]`,
    // inside `b` (the caller's word); masked-off lanes are not read, and
    // the load has no alignment requirement.
    unsafe { _mm512_maskz_loadu_epi8(u64::MAX >> (64 - len), b.as_ptr().add(start).cast()) }
}

/// The masks [`Ipv4Masks`] holds, of the bytes `host` holds.
#[inline]
#[target_feature(enable = "avx512bw,avx512vbmi")]
fn ipv4_masks(host: __m512i) -> Ipv4Masks {
    let byte = |c: u8| _mm512_set1_epi8(c.cast_signed());
    let above = |c: u8| _mm512_cmpgt_epu8_mask(host, byte(c));
    let is = |c: u8| _mm512_cmpeq_epi8_mask(host, byte(c));
    Ipv4Masks {
        digits: _mm512_cmplt_epu8_mask(_mm512_sub_epi8(host, byte(b'0')), byte(10)),
        dots: is(b'.'),
        zeros: is(b'0'),
        twos: is(b'2'),
        above_two: above(b'2'),
        above_four: above(b'4'),
        above_five: above(b'5'),
    }
}

#[cfg(test)]
mod tests {
    use alloc::vec::Vec;

    use super::{is_ipv4, is_ipv6};
    use crate::bytes::raw::tests::rounds;
    use crate::bytes::scan::tests::xorshift;

    use super::super::super::ip::tests::{pick, placed, reading_agrees_with_uri_core};

    /// Whether this CPU runs the readings (elsewhere there is nothing to
    /// test).
    fn runs_here() -> bool {
        (super::super::VBMI.supported)()
    }

    /// The masks of one masked load give `uri-core`'s answer.
    #[test]
    fn the_ipv4_reading_from_masked_lanes_agrees_with_uri_core() {
        if runs_here() {
            // SAFETY: the CPU has the features the reading enables.
            reading_agrees_with_uri_core(|text, start, end| unsafe { is_ipv4(text, start, end) });
        }
    }

    /// Addresses of every form, each with one byte changed, added or
    /// taken out, or none, and literals pieced together from groups,
    /// colons, IPv4 tails and the bytes that break them, placed anywhere
    /// in a text and on odd bounds ([`placed`]): the masks' answer is
    /// `uri-core`'s, and both accept some of each form (without a `::`,
    /// with one, with an IPv4 tail).
    #[test]
    fn the_ipv6_reading_from_masked_lanes_agrees_with_uri_core() {
        if !runs_here() {
            return;
        }
        let mut seed = 0x6e5_u64;
        let mut accepted = [0_usize; 3];
        for round in 0..rounds(300_000) {
            let literal = drawn_literal(&mut seed, round);
            let (text, start, end) = placed(&mut seed, &literal, b"http://[", b']');
            // SAFETY: the CPU has the features the reading enables.
            let ours = unsafe { is_ipv6(&text, start, end) };
            assert_eq!(
                ours,
                uri_core::__private::is_ipv6(&text, start, end),
                "{start}..{end} of {:?}",
                alloc::string::String::from_utf8_lossy(&text)
            );
            if ours {
                let gap = literal.windows(2).any(|pair| pair == b"::");
                accepted[if literal.contains(&b'.') {
                    2
                } else {
                    usize::from(gap)
                }] += 1;
            }
        }
        assert!(
            accepted.iter().all(|&n| n > rounds(300_000) / 100),
            "{accepted:?}"
        );
    }

    /// The text between an IP literal's brackets for round `round`: an
    /// address changed by a byte or not (even rounds), or pieces.
    fn drawn_literal(seed: &mut u64, round: usize) -> Vec<u8> {
        const ADDRESSES: [&[u8]; 12] = [
            b"2001:db8::1",
            b"::",
            b"::1",
            b"1:2:3:4:5:6:7:8",
            b"::ffff:192.0.2.1",
            b"1:2:3:4:5:6:1.2.3.4",
            b"1::",
            b"fe80::1:2:3:4:5:6",
            b"1:2:3:4:5:6:7::",
            b"::1:2:3:4:5:6:7",
            b"ABCD:ef01:2345:6789:abcd:EF01:2345:6789",
            b"ffff:ffff:ffff:ffff:ffff:ffff:255.255.255.255",
        ];
        const PIECES: [&[u8]; 22] = [
            b"0",
            b"1",
            b"ab",
            b"fFfF",
            b"12345",
            b"::",
            b":",
            b":",
            b":",
            b":::",
            b"1.2.3.4",
            b"192.0.2.16",
            b"256.1.1.1",
            b"01.2.3.4",
            b".",
            b"%25eth0",
            b"v",
            b"g",
            b"\xff",
            b"]",
            b"1:2:3:4",
            b"a:b:c",
        ];
        const CHANGES: &[u8] = b"0129afAF:.%gv]\xff ";
        let change = |seed: &mut u64| CHANGES[xorshift(seed) as usize % CHANGES.len()];
        let mut literal: Vec<u8> = Vec::new();
        if round % 2 == 1 {
            for _ in 0..xorshift(seed) % 16 {
                literal.extend_from_slice(pick(seed, &PIECES));
            }
            return literal;
        }
        literal.extend_from_slice(pick(seed, &ADDRESSES));
        match xorshift(seed) % 4 {
            0 => {
                let at = xorshift(seed) as usize % literal.len();
                literal[at] = change(seed);
            }
            1 => {
                let at = xorshift(seed) as usize % (literal.len() + 1);
                literal.insert(at, change(seed));
            }
            2 => {
                literal.remove(xorshift(seed) as usize % literal.len());
            }
            _ => {}
        }
        literal
    }
}
