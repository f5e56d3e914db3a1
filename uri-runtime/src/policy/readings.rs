//! What each reader of a number makes of a host: the public face of
//! [`numbers`](crate::value::numbers), for a refusal that says which
//! readers part ways.

use core::fmt;
use core::net::Ipv4Addr;

use crate::value::numbers::{NumberReading, read_number};

/// How the two families of IPv4 readers read a host whose last label is
/// a number: the WHATWG URL Standard with `inet_aton` (a leading `0` is
/// octal, `0x` hexadecimal), and the decimal readers, Java's
/// `InetAddress` and Go before 1.17 (a leading `0` is decimal, `0x` no
/// number). `None` where a family refuses the text as an address.
///
/// ```
/// use std::net::Ipv4Addr;
/// use uri_runtime::policy::number_readings;
///
/// let readings = number_readings("0127.1").unwrap();
/// assert_eq!(readings.whatwg, Some(Ipv4Addr::new(87, 0, 0, 1)));
/// assert_eq!(readings.decimal, Some(Ipv4Addr::new(127, 0, 0, 1)));
/// assert_eq!(
///     readings.to_string(),
///     "browsers and inet_aton read 87.0.0.1; Java and older Go read 127.0.0.1"
/// );
/// assert_eq!(number_readings("example.com"), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NumberReadings {
    /// The WHATWG URL Standard's and `inet_aton`'s address.
    pub whatwg: Option<Ipv4Addr>,
    /// The decimal readers' address.
    pub decimal: Option<Ipv4Addr>,
}

impl NumberReadings {
    /// Whether the readers part ways: one refuses what another reads, or
    /// they read two addresses. A hexadecimal form, which the decimal
    /// readers look up as a name no DNS answers, is not disputed.
    pub fn disputed(&self) -> bool {
        match (self.whatwg, self.decimal) {
            (Some(a), Some(b)) => a != b,
            (None, Some(_)) => true,
            _ => false,
        }
    }
}

/// What each reader of a number makes of `host` (ASCII, as written in a
/// URI's authority, one final dot allowed); `None` when its last label
/// is not a number, so that every reader takes it as a name.
pub fn number_readings(host: &str) -> Option<NumberReadings> {
    let (whatwg, decimal) = match read_number(host.as_bytes()) {
        NumberReading::Name => return None,
        NumberReading::Address(address) => (Some(address), Some(address)),
        NumberReading::Disputed { whatwg, decimal } => (whatwg, decimal),
        NumberReading::NotAnAddress => (None, None),
    };
    Some(NumberReadings { whatwg, decimal })
}

impl fmt::Display for NumberReadings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let reading =
            |f: &mut fmt::Formatter<'_>, who: &str, address: Option<Ipv4Addr>| match address {
                Some(address) => write!(f, "{who} read {address}"),
                None => write!(f, "{who} refuse it as an address"),
            };
        if self.whatwg == self.decimal {
            return reading(f, "every reader", self.whatwg);
        }
        reading(f, "browsers and inet_aton", self.whatwg)?;
        f.write_str("; ")?;
        reading(f, "Java and older Go", self.decimal)
    }
}
