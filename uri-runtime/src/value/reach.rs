//! Where a client goes for a host: the address or the DNS name that the
//! next reader of the host's text (a resolver, a browser, `url`,
//! `hyper`) connects to, as opposed to the text RFC 3986 classifies.
//!
//! Two readings differ from the text:
//!
//! - a registered name with escapes or non-ASCII characters is, for DNS,
//!   the name those characters spell after UTS 46 mapping (RFC 3986
//!   section 3.2.2 has such names go through IDNA): `local%C2%ADhost` is
//!   `localhost`, `%E2%84%AA.com` is `k.com`;
//! - a registered name in one of the older IPv4 notations (`0x7f.1`,
//!   `127.1`, `2130706433`) is, for `inet_aton` and the WHATWG URL
//!   Standard, an address.
//!
//! [`Origin`](crate::scheme::http::Origin) and the hand-offs to `url` and
//! `http` compare hosts through this module, so that "the same host"
//! means the same place for whoever reads the value next.

use alloc::borrow::Cow;
use alloc::string::String;
use core::net::{IpAddr, Ipv4Addr};

use uri_core::parse::ipv4_number_form;
use uri_core::table::REG_NAME;

use super::host::Host;

/// A host as a client reaches it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum Reached<'a> {
    /// An IP address (a literal, or a name a resolver reads as one when
    /// number forms are read).
    Ip(IpAddr),
    /// A DNS name in lowercase ASCII (`xn--` labels for international
    /// names); may be empty (`file:///`).
    Name(Cow<'a, str>),
    /// An `IPvFuture` literal, which no client connects to: kept as text.
    Future(&'a str),
}

/// Why a registered name has no DNS form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Unreachable {
    /// Escapes that do not spell UTF-8.
    NotUtf8,
    /// Escapes of ASCII characters that a registered name cannot hold
    /// (`%22`, `%2F`, `%3A`, a control): no URI can write that name, and
    /// readers part ways on it.
    NotAName,
    /// An international name, and the `idna` feature is off.
    #[cfg(not(feature = "idna"))]
    NeedsIdna,
    /// An international name that UTS 46 refuses.
    #[cfg(feature = "idna")]
    InvalidIdn,
}

/// Whether a registered name in an IPv4 number notation is read as the
/// address it spells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum NumberForms {
    /// As RFC 3986 does: a registered name stays a name.
    #[cfg_attr(not(any(feature = "http", feature = "url")), allow(dead_code))]
    AsNames,
    /// As a resolver, a browser and `url` do: the address.
    AsAddresses,
}

/// `host` as a client reaches it; see the module doc.
pub(crate) fn reach<'a>(host: &Host<'a>, forms: NumberForms) -> Result<Reached<'a>, Unreachable> {
    Ok(match *host {
        Host::Ipv4(address) => Reached::Ip(IpAddr::V4(address)),
        Host::Ipv6(address) | Host::Ipv6Zoned(address, _) => Reached::Ip(IpAddr::V6(address)),
        Host::IpvFuture(future) => Reached::Future(future.as_str()),
        Host::RegName(name) => {
            let name = dns_name(name)?;
            match forms {
                NumberForms::AsAddresses => match ipv4_number_form(name.as_bytes()) {
                    Some(octets) => Reached::Ip(IpAddr::V4(Ipv4Addr::from(octets))),
                    None => Reached::Name(name),
                },
                NumberForms::AsNames => Reached::Name(name),
            }
        }
    })
}

/// A host's text as another crate hands it over (`[::1]`, `127.0.0.1`, a
/// name), read as a resolver reads it: literals and number forms are
/// addresses, and a name is looked up as written, lowercased (a resolver
/// does not decode escapes).
#[cfg_attr(not(any(feature = "http", feature = "url")), allow(dead_code))]
pub(crate) fn reach_text(text: &str) -> Reached<'_> {
    let bracketed = text.strip_prefix('[').and_then(|t| t.strip_suffix(']'));
    if let Some(address) = bracketed.and_then(|inner| inner.parse().ok()) {
        return Reached::Ip(IpAddr::V6(address));
    }
    if let Some(octets) = ipv4_number_form(text.as_bytes()) {
        return Reached::Ip(IpAddr::V4(Ipv4Addr::from(octets)));
    }
    Reached::Name(lowercase(Cow::Borrowed(text)))
}

/// A registered name as DNS looks it up: escapes decoded, an
/// international name mapped to ASCII by UTS 46 (feature `idna`),
/// lowercase.
fn dns_name(name: &str) -> Result<Cow<'_, str>, Unreachable> {
    // The grammar let only reg-name characters and escapes in (and, in
    // an IRI, characters from U+00A0 up): without an escape or such a
    // character there is nothing to decode, map or refuse.
    if name.is_ascii() && !name.contains('%') {
        return Ok(lowercase(Cow::Borrowed(name)));
    }
    let decoded = crate::pct::decode_utf8(name).map_err(|_| Unreachable::NotUtf8)?;
    if decoded
        .bytes()
        .any(|b| b.is_ascii() && !REG_NAME.contains(b))
    {
        return Err(Unreachable::NotAName);
    }
    if decoded.is_ascii() {
        return Ok(lowercase(decoded));
    }
    #[cfg(feature = "idna")]
    {
        let ascii = uri_idna::host_to_ascii(&decoded).map_err(|_| Unreachable::InvalidIdn)?;
        Ok(Cow::Owned(ascii.into_owned()))
    }
    #[cfg(not(feature = "idna"))]
    Err(Unreachable::NeedsIdna)
}

fn lowercase(name: Cow<'_, str>) -> Cow<'_, str> {
    if name.bytes().any(|b| b.is_ascii_uppercase()) {
        Cow::Owned(String::from(name).to_ascii_lowercase())
    } else {
        name
    }
}

impl core::fmt::Display for Reached<'_> {
    /// As written in a URI: IPv6 in brackets.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Reached::Ip(IpAddr::V4(address)) => write!(f, "{address}"),
            Reached::Ip(IpAddr::V6(address)) => write!(f, "[{address}]"),
            Reached::Name(name) => f.write_str(name),
            Reached::Future(text) => write!(f, "[{text}]"),
        }
    }
}

#[cfg(test)]
mod tests {
    use alloc::string::{String, ToString};

    use super::{NumberForms, Reached, Unreachable, reach, reach_text};
    use crate::value::host::Host;

    fn shown(host: Host<'_>, forms: NumberForms) -> Result<String, Unreachable> {
        reach(&host, forms).map(|r| r.to_string())
    }

    #[test]
    fn number_forms_are_addresses_only_when_asked() {
        let name = Host::RegName("0x7F.1");
        assert_eq!(
            shown(name, NumberForms::AsAddresses).as_deref(),
            Ok("127.0.0.1")
        );
        assert_eq!(shown(name, NumberForms::AsNames).as_deref(), Ok("0x7f.1"));
        assert_eq!(reach_text("2130706433").to_string(), "127.0.0.1");
        assert_eq!(reach_text("[::1]").to_string(), "[::1]");
        assert_eq!(reach_text("Example.COM").to_string(), "example.com");
    }

    #[test]
    fn escapes_are_decoded_for_dns_but_not_by_a_resolver_given_text() {
        assert_eq!(
            shown(Host::RegName("%6Cocal%68ost"), NumberForms::AsNames).as_deref(),
            Ok("localhost")
        );
        assert_eq!(
            reach_text("%6Cocalhost"),
            Reached::Name("%6cocalhost".into())
        );
        assert_eq!(
            shown(Host::RegName("%FF"), NumberForms::AsNames),
            Err(Unreachable::NotUtf8)
        );
        for name in ["%22", "a%2Fb", "a%3A1", "a%00b", "%25"] {
            assert_eq!(
                shown(Host::RegName(name), NumberForms::AsNames),
                Err(Unreachable::NotAName),
                "{name}"
            );
        }
    }

    #[cfg(feature = "idna")]
    #[test]
    fn international_names_are_mapped_as_uts_46_maps_them() {
        for (name, dns) in [
            ("local%C2%ADhost", "localhost"),
            ("%E2%84%AA.com", "k.com"),
            ("b%C3%BCcher.de", "xn--bcher-kva.de"),
        ] {
            assert_eq!(
                shown(Host::RegName(name), NumberForms::AsNames).as_deref(),
                Ok(dns)
            );
        }
    }

    #[cfg(not(feature = "idna"))]
    #[test]
    fn international_names_need_the_feature() {
        assert_eq!(
            shown(Host::RegName("b%C3%BCcher.de"), NumberForms::AsNames),
            Err(Unreachable::NeedsIdna)
        );
    }
}
