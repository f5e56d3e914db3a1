//! The quick readings of `IPv4address` (whether a text is an address,
//! and its value) and of `IPv6address` (whether a text is one), with no
//! account of where a text that is not one goes wrong. Each reads a slice
//! of just the address, so that each byte costs one comparison with its
//! length rather than one with the address's end and one with the
//! text's; the IPv4 reading takes each octet's digits one by one rather
//! than in a loop that counts them.

use super::between;
use crate::pct::{HEX_VALUES, NOT_HEX};

/// `IPv4address` filling all of `b[start..end]`, as its four octets, or
/// `None`: [`parse_ipv4`](super::parse_ipv4)'s answer, without the index
/// of the byte that breaks the rule. An `end` past the end of `b` is read
/// as its end. The grammar's expansions name it through `__private` to
/// tell an IPv4 host from a name; the API's reading is `parse_ipv4`.
#[doc(hidden)]
pub const fn ipv4_octets(b: &[u8], start: usize, end: usize) -> Option<[u8; 4]> {
    let text = between(b, start, end);
    // `0.0.0.0` to `255.255.255.255`.
    if text.len() < 7 || text.len() > 15 {
        return None;
    }
    let mut octets = [0u8; 4];
    let mut i = 0;
    let mut n = 0;
    while n < 4 {
        if n > 0 {
            if i == text.len() || text[i] != b'.' {
                return None;
            }
            i += 1;
        }
        // `dec-octet`: a digit, or two or three without a leading zero.
        let first = digit_at(text, i);
        if first > 9 {
            return None;
        }
        let mut value = first as u32;
        i += 1;
        if first != 0 {
            let mut more = 0;
            while more < 2 {
                let next = digit_at(text, i);
                if next > 9 {
                    break;
                }
                value = value * 10 + next as u32;
                i += 1;
                more += 1;
            }
        }
        if value > 255 {
            return None;
        }
        octets[n] = value as u8;
        n += 1;
    }
    if i == text.len() { Some(octets) } else { None }
}

/// Whether `IPv4address` fills all of `b[start..end]`: the grammar's
/// question of a host that starts with a digit, from [`ipv4_octets`]. The
/// vector parsers of `uri-runtime` answer it from masks where they can,
/// and ask this where they cannot.
#[doc(hidden)]
#[inline]
pub const fn is_ipv4(b: &[u8], start: usize, end: usize) -> bool {
    ipv4_octets(b, start, end).is_some()
}

/// The value of the digit at `i`, or a value above 9 where there is none.
const fn digit_at(text: &[u8], i: usize) -> u8 {
    if i < text.len() {
        text[i].wrapping_sub(b'0')
    } else {
        u8::MAX
    }
}

/// Whether `IPv6address` fills all of `b[start..end]`:
/// [`parse_ipv6`](super::parse_ipv6)'s verdict, without the groups'
/// values (the grammar only asks whether a literal is an address) and
/// without the index of the byte that breaks the rule. An `end` past the
/// end of `b` is read as its end. The grammar's expansions name it
/// through `__private`; the API's reading is `parse_ipv6`.
#[doc(hidden)]
pub const fn is_ipv6(b: &[u8], start: usize, end: usize) -> bool {
    let text = between(b, start, end);
    let len = text.len();
    // `::` is the shortest address.
    if len < 2 {
        return false;
    }
    // The groups read, and whether a `::` stood for some.
    let mut groups = 0;
    let mut gap = false;
    let mut i = 0;
    if text[0] == b':' {
        if text[1] != b':' {
            return false;
        }
        if len == 2 {
            return true;
        }
        gap = true;
        i = 2;
    }
    loop {
        // `h16`: one to four hex digits; a fifth is a byte no `:` follows.
        let group_start = i;
        while i < len && i - group_start < 4 && HEX_VALUES[text[i] as usize] != NOT_HEX {
            i += 1;
        }
        if i == group_start {
            return false;
        }
        if i < len && text[i] == b'.' {
            // `ls32` as an IPv4 address: two groups, and the end.
            if ipv4_octets(text, group_start, len).is_none() {
                return false;
            }
            groups += 2;
            break;
        }
        groups += 1;
        if i == len {
            break;
        }
        if text[i] != b':' {
            return false;
        }
        i += 1;
        if i < len && text[i] == b':' {
            if gap {
                return false;
            }
            gap = true;
            i += 1;
            if i == len {
                break;
            }
        }
    }
    // A `::` stands for at least one group.
    if gap { groups <= 7 } else { groups == 8 }
}
