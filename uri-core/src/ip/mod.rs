//! The IP address rules of RFC 3986 section 3.2.2, as `const fn`s that
//! report the first offending index.
//!
//! An IP address is read twice over, by two functions with one answer: a
//! quick one (`valid.rs`) that says only whether the text is an address,
//! and which, since nearly every address the parser meets is well formed,
//! is the one it runs; and the careful one here, run only when the quick
//! one said no, which finds the byte where the text goes wrong for the
//! error. The tests hold the two to the same answer on generated text,
//! and both to the standard library's reading.

mod accepted;
mod number_form;
#[cfg(test)]
mod tests;
mod valid;

pub use accepted::{ipv4_of_accepted, ipv6_of_accepted};
pub use number_form::ipv4_number_form;
pub use valid::{ipv4_octets, is_ipv4, is_ipv6};

use crate::pct::{HEX_VALUES, NOT_HEX, decode_triplet};
use crate::table::{HEXDIG, IPVFUTURE, UNRESERVED};

/// `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )`;
/// `Err` holds the first offending index.
pub(crate) const fn ipvfuture(b: &[u8], start: usize, end: usize) -> Result<(), usize> {
    let mut i = start + 1;
    while i < end && HEXDIG.contains(b[i]) {
        i += 1;
    }
    if i == start + 1 || i == end || b[i] != b'.' {
        return Err(i);
    }
    i += 1;
    if i == end {
        return Err(i);
    }
    while i < end {
        if !IPVFUTURE.contains(b[i]) {
            return Err(i);
        }
        i += 1;
    }
    Ok(())
}

/// Parses `IPv4address` (RFC 3986 section 3.2.2) filling all of
/// `b[start..end]`: four `dec-octet`s without leading zeros. `Err` holds the
/// first offending index.
///
/// ```
/// use uri_core::parse::parse_ipv4;
///
/// assert_eq!(parse_ipv4(b"192.0.2.1", 0, 9), Ok([192, 0, 2, 1]));
/// assert_eq!(parse_ipv4(b"192.0.2.01", 0, 10), Err(8)); // leading zero
/// assert_eq!(parse_ipv4(b"256.0.2.1", 0, 9), Err(0));   // out of range
/// ```
///
/// An `end` past the end of `b` is read as its end.
///
/// # Errors
///
/// The index of the first byte that breaks the rule.
pub const fn parse_ipv4(b: &[u8], start: usize, end: usize) -> Result<[u8; 4], usize> {
    match ipv4_octets(b, start, end) {
        Some(octets) => Ok(octets),
        None => first_ipv4_error(b, start, end),
    }
}

/// [`parse_ipv4`] byte by byte, where the text is not an address: the
/// index of the first byte that breaks the rule.
const fn first_ipv4_error(b: &[u8], start: usize, end: usize) -> Result<[u8; 4], usize> {
    let end = clamped(b, end);
    let mut octets = [0u8; 4];
    let mut i = start;
    let mut n = 0;
    while n < 4 {
        let octet_start = i;
        let mut value: u32 = 0;
        while i < end && b[i].is_ascii_digit() {
            if i - octet_start == 3 {
                return Err(i);
            }
            value = value * 10 + (b[i] - b'0') as u32;
            i += 1;
        }
        let digits = i - octet_start;
        if digits == 0 {
            return Err(i);
        }
        if (digits > 1 && b[octet_start] == b'0') || value > 255 {
            return Err(octet_start);
        }
        octets[n] = value as u8;
        n += 1;
        if n < 4 {
            if i < end && b[i] == b'.' {
                i += 1;
            } else {
                return Err(i);
            }
        }
    }
    if i != end {
        return Err(i);
    }
    Ok(octets)
}

/// Parses `IPv6address` (RFC 3986 section 3.2.2) filling all of
/// `b[start..end]`, accepting exactly the nine forms of the ABNF: eight
/// groups, or fewer with one `::` standing for at least one zero group, the
/// last 32 bits optionally written as an IPv4 address. `Err` holds the
/// first offending index.
///
/// ```
/// use uri_core::parse::parse_ipv6;
///
/// let s = b"2001:db8::ffff:192.0.2.1";
/// assert_eq!(parse_ipv6(s, 0, s.len()), Ok([0x2001, 0xdb8, 0, 0, 0, 0xffff, 0xc000, 0x0201]));
/// assert_eq!(parse_ipv6(b"1:::2", 0, 5), Err(3));
/// assert_eq!(parse_ipv6(b"1:2", 0, 3), Err(3)); // too short, no `::`
/// ```
///
/// An `end` past the end of `b` is read as its end.
///
/// # Errors
///
/// The index of the first byte that breaks the rule, or `end` when the
/// address is cut short.
pub const fn parse_ipv6(b: &[u8], start: usize, end: usize) -> Result<[u16; 8], usize> {
    // Read from a slice of just the address, so that each byte costs one
    // comparison with its length; an error's index is `start` on.
    let text = between(b, start, end);
    let len = text.len();
    let mut groups = [0u16; 8];
    let mut n = 0;
    // The group index where `::` stands; 8 for none.
    let mut gap = 8;
    let mut i = 0;
    if len > 0 && text[0] == b':' {
        if len == 1 || text[1] != b':' {
            return Err(start);
        }
        if len == 2 {
            return Ok(groups);
        }
        gap = 0;
        i = 2;
    }
    loop {
        let group_start = i;
        let mut value: u32 = 0;
        // One lookup per digit, which says both whether it is one and
        // its value.
        while i < len {
            let digit = HEX_VALUES[text[i] as usize];
            if digit == NOT_HEX {
                break;
            }
            if i - group_start == 4 {
                return Err(start + i);
            }
            value = value * 16 + digit as u32;
            i += 1;
        }
        if i == group_start {
            return Err(start + i);
        }
        let room = if gap < 8 { 7 } else { 8 };
        if i < len && text[i] == b'.' {
            // ls32 as an IPv4 address: the last two groups, and the end.
            if n + 2 > room {
                return Err(start + group_start);
            }
            let v4 = match parse_ipv4(text, group_start, len) {
                Ok(v4) => v4,
                Err(at) => return Err(start + at),
            };
            groups[n] = (v4[0] as u16) << 8 | v4[1] as u16;
            groups[n + 1] = (v4[2] as u16) << 8 | v4[3] as u16;
            n += 2;
            break;
        }
        if n == room {
            return Err(start + group_start);
        }
        groups[n] = value as u16;
        n += 1;
        if i == len {
            break;
        }
        if text[i] != b':' {
            return Err(start + i);
        }
        i += 1;
        if i < len && text[i] == b':' {
            // One `::` only, and it must stand for at least one group.
            if gap < 8 || n == 8 {
                return Err(start + i - 1);
            }
            gap = n;
            i += 1;
            if i == len {
                break;
            }
        }
    }
    if gap == 8 {
        return if n == 8 { Ok(groups) } else { Err(start + len) };
    }
    Ok(with_gap_filled(groups, n, gap))
}

/// The address of the `n` groups read into `groups` when a `::` stood
/// before group `gap`: the groups from `gap` on slid to the end, zeros
/// in their place. Unchanged where no group is missing (`n` of 8) or the
/// gap is past the groups read (`gap` of 8 stands for no `::`).
const fn with_gap_filled(mut groups: [u16; 8], n: usize, gap: usize) -> [u16; 8] {
    if n >= 8 {
        return groups;
    }
    let shift = 8 - n;
    let mut k = n;
    while k > gap {
        k -= 1;
        groups[k + shift] = groups[k];
        groups[k] = 0;
    }
    groups
}

/// `end`, or the end of `b` where `end` is past it.
const fn clamped(b: &[u8], end: usize) -> usize {
    if end > b.len() { b.len() } else { end }
}

/// `b[start..end]`, with `end` past the end of `b` read as its end; empty
/// where `start` is past that. Both readings take an address from this
/// slice, so that each byte costs one comparison with its length.
const fn between(b: &[u8], start: usize, end: usize) -> &[u8] {
    match b.split_at_checked(clamped(b, end)) {
        Some((head, _)) => match head.split_at_checked(start) {
            Some((_, text)) => text,
            None => &[],
        },
        None => &[],
    }
}

/// RFC 6874's `"%25" ZoneID` after an IPv6 address, in `b[start..end]` with
/// `b[start] == b'%'`; `ZoneID = 1*( unreserved / pct-encoded )`. `Err`
/// holds the first offending index.
pub(crate) const fn ipv6_zone(b: &[u8], start: usize, end: usize) -> Result<(), usize> {
    if !(start + 3 <= end && b[start + 1] == b'2' && b[start + 2] == b'5') {
        return Err(start);
    }
    let mut i = start + 3;
    if i == end {
        return Err(i);
    }
    while i < end {
        if UNRESERVED.contains(b[i]) {
            i += 1;
        } else if b[i] == b'%' && decode_triplet(b, i, end).is_some() {
            i += 3;
        } else {
            return Err(i);
        }
    }
    Ok(())
}
