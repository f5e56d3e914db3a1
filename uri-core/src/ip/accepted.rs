//! The values of addresses the grammar has already accepted: a host the
//! parse reported as IPv4, or the text between an IPv6 literal's brackets
//! up to its zone. Checking such text again is work thrown away (the
//! policy check and the host accessor read every IP host they meet), so
//! these readings only gather the value, with none of the questions the
//! careful readings ask.
//!
//! They are total all the same: any text at all gives some value, never
//! a panic, and debug builds hold them to [`parse_ipv4`] and
//! [`parse_ipv6`] wherever those accept, which is the only text they are
//! meant for.

use super::{between, parse_ipv4, parse_ipv6, with_gap_filled};
use crate::pct::HEX_VALUES;

/// The octets of `text`, an `IPv4address` the grammar has accepted:
/// [`parse_ipv4`]'s answer for it, without its checks. On other text it
/// gives some value and does not panic.
#[doc(hidden)]
pub const fn ipv4_of_accepted(text: &[u8]) -> [u8; 4] {
    let mut address: u32 = 0;
    let mut octet: u32 = 0;
    let mut i = 0;
    while i < text.len() {
        let byte = text[i];
        if byte == b'.' {
            address = address << 8 | octet;
            octet = 0;
        } else {
            octet = octet
                .wrapping_mul(10)
                .wrapping_add(byte.wrapping_sub(b'0') as u32);
        }
        i += 1;
    }
    let octets = (address << 8 | octet).to_be_bytes();
    debug_assert!(match parse_ipv4(text, 0, text.len()) {
        Ok(checked) => u32::from_be_bytes(checked) == u32::from_be_bytes(octets),
        Err(_) => true,
    });
    octets
}

/// The groups of `text`, an `IPv6address` the grammar has accepted (the
/// bytes between the brackets, up to a zone's `%`): [`parse_ipv6`]'s
/// answer for it, without its checks. On other text it gives some value
/// and does not panic.
#[doc(hidden)]
pub const fn ipv6_of_accepted(text: &[u8]) -> [u16; 8] {
    let len = text.len();
    let mut groups = [0u16; 8];
    // The groups read, and the index where `::` stands (8 for none).
    let mut n = 0;
    let mut gap = 8;
    let mut i = 0;
    // A leading `::` reads as an empty group, a zero, then the gap: the
    // zeros come out the same.
    while i < len && n < 8 {
        // `h16`: at most four digits in accepted text, a bound that lets
        // the compiler lay the loop out as four steps.
        let group_start = i;
        let mut value: u32 = 0;
        while i < len && i - group_start < 4 {
            let digit = HEX_VALUES[text[i] as usize];
            if digit > 15 {
                break;
            }
            value = value << 4 | digit as u32;
            i += 1;
        }
        if i < len && text[i] == b'.' {
            // `ls32` written as an IPv4 address: the last two groups.
            let v4 = ipv4_of_accepted(between(text, group_start, len));
            groups[n] = (v4[0] as u16) << 8 | v4[1] as u16;
            if n < 7 {
                groups[n + 1] = (v4[2] as u16) << 8 | v4[3] as u16;
            }
            n += 2;
            break;
        }
        groups[n] = value as u16;
        n += 1;
        // Past the `:` after the group, and a second one for `::`.
        i += 1;
        if i < len && text[i] == b':' {
            gap = n;
            i += 1;
        }
    }
    let groups = with_gap_filled(groups, n, gap);
    debug_assert!(match parse_ipv6(text, 0, len) {
        Ok(checked) => value_of(checked) == value_of(groups),
        Err(_) => true,
    });
    groups
}

/// The address of `groups` as one number, for comparing two readings.
const fn value_of(groups: [u16; 8]) -> u128 {
    let mut value = 0;
    let mut k = 0;
    while k < groups.len() {
        value = value << 16 | groups[k] as u128;
        k += 1;
    }
    value
}
