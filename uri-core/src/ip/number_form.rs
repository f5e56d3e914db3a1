//! The older IPv4 number notations that other readers accept for a
//! name RFC 3986 reads as a registered name.

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
