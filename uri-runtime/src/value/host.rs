//! The host of an authority, classified (RFC 3986 section 3.2.2).

use core::fmt;
use core::net::{Ipv4Addr, Ipv6Addr};

use uri_core::HostKind;
use uri_core::parse::{ipv4_of_accepted, ipv6_of_accepted};

/// A host, as RFC 3986's first-match-wins rule classifies it.
///
/// ```
/// use std::net::{Ipv4Addr, Ipv6Addr};
/// use uri_runtime::{Host, UriRef};
///
/// let host = |s| UriRef::parse(s).unwrap().host_parsed();
/// assert_eq!(host("//127.0.0.1"), Some(Host::Ipv4(Ipv4Addr::LOCALHOST)));
/// assert_eq!(host("//[::1]"), Some(Host::Ipv6(Ipv6Addr::LOCALHOST)));
/// assert_eq!(host("//256.0.0.1"), Some(Host::RegName("256.0.0.1"))); // not IPv4
/// assert_eq!(host("//[v7.x:y]").unwrap().to_string(), "[v7.x:y]");
/// assert_eq!(host("/no/authority"), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Host<'a> {
    /// An `IPv4address`: four decimal octets without leading zeros.
    Ipv4(Ipv4Addr),
    /// An `IPv6address`, written in brackets.
    Ipv6(Ipv6Addr),
    /// An IPv6 address with an RFC 6874 zone identifier, `[fe80::1%25eth0]`:
    /// only with [`ParseOptions::with_zone_ids`](crate::ParseOptions::with_zone_ids).
    /// The zone is as written after `%25`, still percent-encoded.
    ///
    /// ```
    /// use std::net::Ipv6Addr;
    /// use uri_runtime::{Host, ParseOptions, Uri};
    ///
    /// let options = ParseOptions::RFC3986.with_zone_ids();
    /// let uri = Uri::parse_with("http://[fe80::1%25eth0]:8080/", options)?;
    /// let addr: Ipv6Addr = "fe80::1".parse().unwrap();
    /// assert_eq!(uri.host_parsed(), Some(Host::Ipv6Zoned(addr, "eth0")));
    /// assert!(Uri::parse("http://[fe80::1%25eth0]/").is_err()); // RFC 3986 alone
    /// # Ok::<(), uri_runtime::ParseError>(())
    /// ```
    Ipv6Zoned(Ipv6Addr, &'a str),
    /// An `IPvFuture` literal, written in brackets.
    IpvFuture(IpvFuture<'a>),
    /// A registered name (usually a DNS name), still percent-encoded and in
    /// its original case. May be empty, as in `file:///etc/hosts`.
    RegName(&'a str),
}

impl<'a> Host<'a> {
    /// Builds the host from its text and the kind the parser found.
    pub(crate) fn classify(text: &'a str, kind: HostKind) -> Host<'a> {
        let bytes = text.as_bytes();
        // An IP-literal's address lies between its brackets.
        let inner = text.get(1..text.len().saturating_sub(1)).unwrap_or("");
        match kind {
            // The parser that found the kind checked the address: only
            // its value is read here.
            HostKind::Ipv4 => Host::Ipv4(ipv4_of_accepted(bytes).into()),
            HostKind::Ipv6 => {
                // A zone can only follow as `%25` (the parser saw to it);
                // a byte search finds its `%`, where a search for the
                // three bytes would cost more than the address.
                let (address, zone) = match inner.find('%') {
                    Some(percent) => (
                        inner.get(..percent).unwrap_or(""),
                        inner.get(percent + 3..).unwrap_or(""),
                    ),
                    None => (inner, ""),
                };
                let address = ipv6_of_accepted(address.as_bytes()).into();
                if zone.is_empty() {
                    Host::Ipv6(address)
                } else {
                    Host::Ipv6Zoned(address, zone)
                }
            }
            HostKind::IpvFuture => Host::IpvFuture(IpvFuture { text: inner }),
            HostKind::RegName => Host::RegName(text),
        }
    }
}

impl fmt::Display for Host<'_> {
    /// The host as it is written in a URI: IP-literals in brackets. IPv6 is
    /// written in its RFC 5952 form, which may differ from the input.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Host::Ipv4(addr) => write!(f, "{addr}"),
            Host::Ipv6(addr) => write!(f, "[{addr}]"),
            Host::Ipv6Zoned(addr, zone) => write!(f, "[{addr}%25{zone}]"),
            Host::IpvFuture(future) => write!(f, "[{}]", future.as_str()),
            Host::RegName(name) => f.write_str(name),
        }
    }
}

/// An `IPvFuture` address: `"v" 1*HEXDIG "." 1*( unreserved / sub-delims /
/// ":" )`, a format for addressing schemes RFC 3986 did not know.
///
/// ```
/// use uri_runtime::{Host, UriRef};
///
/// let Some(Host::IpvFuture(f)) = UriRef::parse("//[v1F.a:b]").unwrap().host_parsed() else {
///     unreachable!()
/// };
/// assert_eq!((f.version(), f.address(), f.as_str()), ("1F", "a:b", "v1F.a:b"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct IpvFuture<'a> {
    text: &'a str,
}

impl<'a> IpvFuture<'a> {
    /// The text between the brackets.
    pub fn as_str(&self) -> &'a str {
        self.text
    }

    /// The hexadecimal version, after the `v`.
    pub fn version(&self) -> &'a str {
        let dot = self.text.find('.').unwrap_or(self.text.len());
        self.text.get(1..dot).unwrap_or("")
    }

    /// The address, after the version's `.`.
    pub fn address(&self) -> &'a str {
        self.text.split_once('.').map_or("", |(_, address)| address)
    }
}
