//! Every reader of a number: a host whose last label is a number is an
//! IPv4 address to some reader, and readers part ways on which one.
//!
//! | reader | parts | a part with a leading `0` | `0x` | a last label that is a number but no valid address |
//! |---|---|---|---|---|
//! | the WHATWG URL Standard (browsers, Node, `url`), `inet_aton` (glibc, BSD, Python's `socket.inet_aton`) | one to four, the last filling the bytes left | octal | hexadecimal | refused (a browser fails the URL) |
//! | Java's `InetAddress` (Java 17), Go's `net.ParseIP` before 1.17 (four parts only), hand-written checks | one to four, the last filling the bytes left | decimal | not a number: looked up as a name | looked up as a name |
//!
//! So `0127.1` is 87.0.0.1 to the first and 127.0.0.1 to the second,
//! `08.1` is refused by the first and 8.0.0.1 to the second, `0x7f.1`
//! is 127.0.0.1 to the first and a name no DNS answers (its last label
//! is a number) to the second, and `1.2.3.4.5` is no address to either.

use core::net::Ipv4Addr;

use uri_core::parse::ipv4_number_form;

/// What the readers of a number make of a host's text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum NumberReading {
    /// The last label is not a number: the host is a name to every reader.
    Name,
    /// Every reader that takes the text as an address takes it as this
    /// one.
    Address(Ipv4Addr),
    /// The readers part ways: the WHATWG and `inet_aton` reading, and the
    /// decimal one (`None` where one refuses the text).
    Disputed {
        whatwg: Option<Ipv4Addr>,
        decimal: Option<Ipv4Addr>,
    },
    /// The last label is a number, and no reader takes the text as an
    /// address: a browser refuses it, the others look it up as a name.
    NotAnAddress,
}

/// How the readers read the host `name` (ASCII, escapes decoded, one
/// final dot allowed as the root's).
pub(crate) fn read_number(name: &[u8]) -> NumberReading {
    let root = name.strip_suffix(b".").unwrap_or(name);
    if !ends_in_number(root) {
        return NumberReading::Name;
    }
    let whatwg = ipv4_number_form(name).map(Ipv4Addr::from);
    let decimal = decimal_form(root);
    match (whatwg, decimal) {
        (None, None) => NumberReading::NotAnAddress,
        (Some(a), Some(b)) if a == b => NumberReading::Address(a),
        // The decimal readers look `0x7f.1` up as a name, which no DNS
        // answers (its last label is a number): the one address anyone
        // reaches is the first reading's.
        (Some(a), None) => NumberReading::Address(a),
        (whatwg, decimal) => NumberReading::Disputed { whatwg, decimal },
    }
}

/// Whether the last label of `name` (without the root's dot) is a
/// number as the WHATWG URL Standard's "ends in a number" reads it:
/// ASCII digits, or `0x` followed by hex digits (or nothing).
pub(crate) fn ends_in_number(name: &[u8]) -> bool {
    let last = match name.iter().rposition(|&b| b == b'.') {
        Some(dot) => name.get(dot + 1..).unwrap_or_default(),
        None => name,
    };
    if last.is_empty() {
        return false;
    }
    match last {
        [b'0', b'x' | b'X', hex @ ..] => hex.iter().all(u8::is_ascii_hexdigit),
        digits => digits.iter().all(u8::is_ascii_digit),
    }
}

/// The decimal reading: one to four parts of decimal digits (a leading
/// zero is decimal), the last filling the bytes the others leave, each
/// within its bytes.
fn decimal_form(name: &[u8]) -> Option<Ipv4Addr> {
    let mut parts = [0u64; 4];
    let mut count = 0;
    for part in name.split(|&b| b == b'.') {
        let slot = parts.get_mut(count)?;
        if part.is_empty() || !part.iter().all(u8::is_ascii_digit) {
            return None;
        }
        *slot = part.iter().try_fold(0u64, |n, &d| {
            let n = n * 10 + u64::from(d - b'0');
            u32::try_from(n).is_ok().then_some(n)
        })?;
        count += 1;
    }
    let (last, leading) = parts.get(..count)?.split_last()?;
    if leading.iter().any(|&part| part > 255) || *last >= 1u64 << (8 * (4 - leading.len())) {
        return None;
    }
    let mut address = *last;
    for (i, &part) in leading.iter().enumerate() {
        address |= part << (8 * (3 - i));
    }
    u32::try_from(address).ok().map(Ipv4Addr::from)
}

#[cfg(test)]
mod tests {
    use super::{NumberReading, decimal_form, read_number};
    use core::net::Ipv4Addr;

    fn read(name: &str) -> NumberReading {
        read_number(name.as_bytes())
    }

    /// An address as a reading gives it.
    #[allow(
        clippy::unnecessary_wraps,
        reason = "compared with readings, which are options"
    )]
    fn at(a: u8, b: u8, c: u8, d: u8) -> Option<Ipv4Addr> {
        Some(Ipv4Addr::new(a, b, c, d))
    }

    #[test]
    fn the_decimal_reading_fills_the_last_part_as_java_does() {
        assert_eq!(decimal_form(b"0127.1"), at(127, 0, 0, 1));
        assert_eq!(decimal_form(b"010.1"), at(10, 0, 0, 1));
        assert_eq!(decimal_form(b"02130706433"), at(127, 0, 0, 1));
        assert_eq!(decimal_form(b"0169.254.43518"), at(169, 254, 169, 254));
        assert_eq!(decimal_form(b"1.2.65535"), at(1, 2, 255, 255));
        assert_eq!(decimal_form(b"1.2.65536"), None);
        assert_eq!(decimal_form(b"4294967296"), None);
        assert_eq!(decimal_form(b"256.1"), None);
        assert_eq!(decimal_form(b"1.2.3.4.5"), None);
        assert_eq!(decimal_form(b"0x7f.1"), None);
        assert_eq!(decimal_form(b"1..2"), None);
    }

    #[test]
    fn readers_that_part_ways_are_disputed() {
        assert_eq!(
            read("0127.1"),
            NumberReading::Disputed {
                whatwg: at(87, 0, 0, 1),
                decimal: at(127, 0, 0, 1)
            }
        );
        assert_eq!(
            read("08.1"),
            NumberReading::Disputed {
                whatwg: None,
                decimal: at(8, 0, 0, 1)
            }
        );
        assert_eq!(read("127.1"), NumberReading::Address(Ipv4Addr::LOCALHOST));
        assert_eq!(read("0x7f.1"), NumberReading::Address(Ipv4Addr::LOCALHOST));
        assert_eq!(
            read("01.02.03.04"),
            NumberReading::Address(Ipv4Addr::new(1, 2, 3, 4))
        );
        assert_eq!(
            read("127.0.0.1."),
            NumberReading::Address(Ipv4Addr::LOCALHOST)
        );
        for name in [
            "4294967296",
            "0x100000000",
            "127.0.0.256",
            "1.2.3.4.5",
            "a.0x",
            "example.123",
        ] {
            assert_eq!(read(name), NumberReading::NotAnAddress, "{name}");
        }
        for name in [
            "example.com",
            "1password.com",
            "0x7f.example",
            "a.0xg",
            "",
            ".",
        ] {
            assert_eq!(read(name), NumberReading::Name, "{name}");
        }
    }
}
