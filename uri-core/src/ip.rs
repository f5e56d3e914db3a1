//! The IP address rules of RFC 3986 section 3.2.2, as `const fn`s that
//! report the first offending index.

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
/// # Errors
///
/// The index of the first byte that breaks the rule.
pub const fn parse_ipv4(b: &[u8], start: usize, end: usize) -> Result<[u8; 4], usize> {
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
/// # Errors
///
/// The index of the first byte that breaks the rule, or `end` when the
/// address is cut short.
pub const fn parse_ipv6(b: &[u8], start: usize, end: usize) -> Result<[u16; 8], usize> {
    let mut groups = [0u16; 8];
    let mut n = 0;
    // The group index where `::` stands.
    let mut gap: Option<usize> = None;
    let mut i = start;

    if i < end && b[i] == b':' {
        if i + 1 < end && b[i + 1] == b':' {
            gap = Some(0);
            i += 2;
            if i == end {
                return Ok(groups);
            }
        } else {
            return Err(i);
        }
    }

    loop {
        let group_start = i;
        let mut value: u32 = 0;
        // One lookup per digit, which says both whether it is one and
        // its value.
        while i < end {
            let digit = HEX_VALUES[b[i] as usize];
            if digit == NOT_HEX {
                break;
            }
            if i - group_start == 4 {
                return Err(i);
            }
            value = value * 16 + digit as u32;
            i += 1;
        }
        if i == group_start {
            return Err(i);
        }
        let room = if gap.is_some() { 7 } else { 8 };
        if i < end && b[i] == b'.' {
            // ls32 as an IPv4 address: the last two groups, and the end.
            if n + 2 > room {
                return Err(group_start);
            }
            let v4 = attempt!(parse_ipv4(b, group_start, end));
            groups[n] = (v4[0] as u16) << 8 | v4[1] as u16;
            groups[n + 1] = (v4[2] as u16) << 8 | v4[3] as u16;
            n += 2;
            break;
        }
        if n == room {
            return Err(group_start);
        }
        groups[n] = value as u16;
        n += 1;
        if i == end {
            break;
        }
        if b[i] != b':' {
            return Err(i);
        }
        i += 1;
        if i < end && b[i] == b':' {
            // One `::` only, and it must stand for at least one group.
            if gap.is_some() || n == 8 {
                return Err(i - 1);
            }
            gap = Some(n);
            i += 1;
            if i == end {
                break;
            }
        }
    }

    match gap {
        None if n < 8 => Err(end),
        None => Ok(groups),
        Some(at) => {
            // Slide the groups after `::` to the end; zeros fill the gap.
            let shift = 8 - n;
            let mut k = n;
            while k > at {
                k -= 1;
                groups[k + shift] = groups[k];
                groups[k] = 0;
            }
            Ok(groups)
        }
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

/// The IPv4 address that a name in one of the older number notations
/// means to the readers that accept them: the WHATWG URL Standard's IPv4
/// parser, which browsers and the `url` crate use, and the C library's
/// `inet_aton`, which the system resolver uses before it asks DNS. `None`
/// for a name that is not such a number.
///
/// RFC 3986 reads these names as registered names (its `IPv4address`
/// allows only four decimal octets without leading zeros), so a URI whose
/// host is `0x7f.1` would be sent to `127.0.0.1` by a client while its
/// text says "a name": the hand-offs and origins of the runtime use this
/// to read the host as the next reader will.
///
/// The notations: one to four parts split at `.`, with one trailing empty
/// part allowed; each part decimal, hexadecimal after `0x` or `0X` (an
/// empty rest is 0), or octal after a leading `0`; every part but the last
/// is one byte, the last fills the bytes that remain.
///
/// ```
/// use uri_core::parse::ipv4_number_form;
///
/// assert_eq!(ipv4_number_form(b"0x7f.1"), Some([127, 0, 0, 1]));
/// assert_eq!(ipv4_number_form(b"127.1"), Some([127, 0, 0, 1]));
/// assert_eq!(ipv4_number_form(b"2130706433"), Some([127, 0, 0, 1]));
/// assert_eq!(ipv4_number_form(b"0177.0.0.01"), Some([127, 0, 0, 1]));
/// assert_eq!(ipv4_number_form(b"192.168.0.1."), Some([192, 168, 0, 1]));
/// assert_eq!(ipv4_number_form(b"example.com"), None);
/// assert_eq!(ipv4_number_form(b"256.0.0.1"), None);
/// assert_eq!(ipv4_number_form(b"1.2.3.4.5"), None);
/// ```
pub const fn ipv4_number_form(b: &[u8]) -> Option<[u8; 4]> {
    // Every part is a number, so the first byte of the first is a digit:
    // most names are ruled out here.
    if b.is_empty() || !b[0].is_ascii_digit() {
        return None;
    }
    let mut end = b.len();
    if end > 1 && b[end - 1] == b'.' {
        end -= 1;
    }
    if end == 0 {
        return None;
    }
    let mut parts = [0u64; 4];
    let mut count = 0;
    let mut start = 0;
    while start <= end {
        let mut stop = start;
        while stop < end && b[stop] != b'.' {
            stop += 1;
        }
        if count == 4 {
            return None;
        }
        match ipv4_number(b, start, stop) {
            Some(value) => parts[count] = value,
            None => return None,
        }
        count += 1;
        start = stop + 1;
    }
    let mut address: u64 = 0;
    let mut i = 0;
    while i + 1 < count {
        if parts[i] > 255 {
            return None;
        }
        address |= parts[i] << (8 * (3 - i));
        i += 1;
    }
    let last = parts[count - 1];
    if last >= 1u64 << (8 * (5 - count)) {
        return None;
    }
    address |= last;
    let bytes = (address as u32).to_be_bytes();
    Some(bytes)
}

/// One part of an IPv4 number form: decimal, `0x` hexadecimal or `0`
/// octal; `None` when empty, not a number in its base, or above 2^32
/// (no part may be larger, so the exact value is not needed).
const fn ipv4_number(b: &[u8], start: usize, end: usize) -> Option<u64> {
    if start == end {
        return None;
    }
    let (radix, mut i) = if end - start >= 2 && b[start] == b'0' && (b[start + 1] | 0x20) == b'x' {
        (16, start + 2)
    } else if end - start >= 2 && b[start] == b'0' {
        (8, start + 1)
    } else {
        (10, start)
    };
    let mut value: u64 = 0;
    while i < end {
        let digit = match b[i] {
            d @ b'0'..=b'9' => (d - b'0') as u64,
            c @ (b'a'..=b'f' | b'A'..=b'F') => ((c | 0x20) - b'a' + 10) as u64,
            _ => return None,
        };
        if digit >= radix {
            return None;
        }
        value = value * radix + digit;
        if value > 1 << 32 {
            return None;
        }
        i += 1;
    }
    Some(value)
}

#[cfg(test)]
mod number_form_tests {
    use super::ipv4_number_form;

    #[test]
    fn reads_every_notation_as_inet_aton_and_whatwg_do() {
        for (name, expected) in [
            ("0x7f.1", Some([127, 0, 0, 1])),
            ("0X7F.0.0.1", Some([127, 0, 0, 1])),
            ("127.1", Some([127, 0, 0, 1])),
            ("127.0.1", Some([127, 0, 0, 1])),
            ("2130706433", Some([127, 0, 0, 1])),
            ("0x7f000001", Some([127, 0, 0, 1])),
            ("017700000001", Some([127, 0, 0, 1])),
            ("0", Some([0, 0, 0, 0])),
            ("0x", Some([0, 0, 0, 0])),
            ("4294967295", Some([255, 255, 255, 255])),
            ("4294967296", None),
            ("1.16777216", None),
            ("1.16777215", Some([1, 255, 255, 255])),
            ("08", None),
            ("0x1g", None),
            ("1..2", None),
            (".1", None),
            (".", None),
            ("", None),
            ("1.2.3.4.", Some([1, 2, 3, 4])),
            ("1.2.3.4..", None),
            ("99999999999999999999999", None),
            ("localhost", None),
        ] {
            assert_eq!(ipv4_number_form(name.as_bytes()), expected, "{name}");
        }
    }
}
