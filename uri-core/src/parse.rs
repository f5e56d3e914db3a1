//! The one parser: RFC 3986 appendix A, as a `const fn`.
//!
//! It finds the component boundaries of a `URI-reference` (or of a `URI`,
//! when a scheme is required) and the kind of host, or the first offending
//! byte. The run-time types and the `uri!` macro both call it, so they
//! cannot disagree.

pub use crate::components::{Components, HostKind, Marks, RAW_LEN};
pub use crate::ip::{parse_ipv4, parse_ipv6};

use crate::components::AuthorityBounds;
use crate::error::{Component, ParseError, ParseErrorKind};
use crate::ip::{ipv6_zone, ipvfuture};
use crate::pct::decode_triplet;
use crate::table::{
    ALPHA, Class, PATH, QUERY_FRAGMENT, REG_NAME, SCHEME, USERINFO, is_bidi_formatting,
    is_iprivate, is_ucschar,
};

/// Which extensions of the RFC 3986 grammar a parse accepts. The default
/// is RFC 3986 exactly; each extension is named and opt-in.
///
/// ```
/// use uri_core::parse::{parse_uri_reference_with, ParseOptions};
///
/// let zoned = "http://[fe80::1%25eth0]/";
/// assert!(parse_uri_reference_with(zoned, ParseOptions::RFC3986).is_err());
/// assert!(parse_uri_reference_with(zoned, ParseOptions::RFC3986.with_zone_ids()).is_ok());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ParseOptions {
    zone_ids: bool,
    iri: bool,
}

impl ParseOptions {
    /// RFC 3986 appendix A, nothing more: what `parse_uri` and
    /// `parse_uri_reference` use.
    pub const RFC3986: ParseOptions = ParseOptions {
        zone_ids: false,
        iri: false,
    };

    /// RFC 3987's IRI grammar: RFC 3986 with the non-ASCII characters of
    /// `ucschar` allowed unescaped in userinfo, host, path, query and
    /// fragment, and those of `iprivate` in the query; scheme, port and
    /// IP-literals stay ASCII. The bidirectional formatting characters of
    /// section 4.1 are refused with
    /// [`BidiFormatting`](ParseErrorKind::BidiFormatting). What
    /// [`parse_iri`] and [`parse_iri_reference`] use.
    pub const RFC3987: ParseOptions = ParseOptions {
        zone_ids: false,
        iri: true,
    };

    /// Also accepts RFC 6874 zone identifiers in IPv6 literals:
    /// `[fe80::1%25eth0]`, the `%` itself written as `%25`. The host stays
    /// [`HostKind::Ipv6`].
    #[must_use]
    pub const fn with_zone_ids(self) -> ParseOptions {
        ParseOptions {
            zone_ids: true,
            iri: self.iri,
        }
    }

    /// Whether RFC 6874 zone identifiers are accepted.
    pub const fn zone_ids(self) -> bool {
        self.zone_ids
    }

    /// Whether the IRI grammar of RFC 3987 is used.
    pub const fn iri(self) -> bool {
        self.iri
    }

    /// Which non-ASCII characters `component` takes unescaped.
    const fn wide(self, component: Component) -> Wide {
        match component {
            _ if !self.iri => Wide::Refused,
            Component::Scheme | Component::Port => Wide::Refused,
            Component::Query => Wide::UcsAndPrivate,
            _ => Wide::Ucs,
        }
    }
}

/// Which characters of U+0080 and above a component takes unescaped.
#[derive(Clone, Copy)]
enum Wide {
    /// None: RFC 3986, or an IRI's scheme and port.
    Refused,
    /// `ucschar` (RFC 3987 `iunreserved`).
    Ucs,
    /// `ucschar / iprivate`: an IRI's query.
    UcsAndPrivate,
}

/// Parses a `URI-reference` (RFC 3986 section 4.1): a URI or a relative
/// reference.
///
/// ```
/// use uri_core::{parse_uri_reference, Component, ParseErrorKind};
///
/// assert!(parse_uri_reference("../a/b?c").is_ok());
/// assert!(parse_uri_reference("").is_ok());
///
/// let err = parse_uri_reference("/a#b#c").unwrap_err();
/// assert_eq!((err.index(), err.kind()), (4, ParseErrorKind::InvalidChar(Component::Fragment)));
/// ```
///
/// # Errors
///
/// A [`ParseError`] at the first byte that cannot continue the grammar.
pub const fn parse_uri_reference(input: &str) -> Result<Components, ParseError> {
    parse(input.as_bytes(), false, ParseOptions::RFC3986)
}

/// Parses a `URI` (RFC 3986 section 3): a scheme is required, a fragment
/// allowed.
///
/// ```
/// use uri_core::{parse_uri, ParseErrorKind};
///
/// assert!(parse_uri("urn:isbn:0451450523").is_ok());
/// let err = parse_uri("//example.com/").unwrap_err();
/// assert_eq!((err.index(), err.kind()), (0, ParseErrorKind::MissingScheme));
/// ```
///
/// # Errors
///
/// [`ParseErrorKind::MissingScheme`] for a relative reference, otherwise as
/// [`parse_uri_reference`].
pub const fn parse_uri(input: &str) -> Result<Components, ParseError> {
    parse(input.as_bytes(), true, ParseOptions::RFC3986)
}

/// Parses an `IRI-reference` (RFC 3987 section 2.2): an IRI or a relative
/// IRI reference, with non-ASCII characters unescaped.
///
/// ```
/// use uri_core::{parse_iri_reference, Component, ParseErrorKind};
///
/// let iri = "http://例え.jp/引き出し?q=ü";
/// let parts = parse_iri_reference(iri)?;
/// assert_eq!(&iri[parts.host().unwrap()], "例え.jp");
///
/// // RFC 3987 section 4.1: no bidirectional formatting characters.
/// let err = parse_iri_reference("/a\u{202E}b").unwrap_err();
/// assert_eq!((err.index(), err.kind()), (2, ParseErrorKind::BidiFormatting(Component::Path)));
/// # Ok::<(), uri_core::ParseError>(())
/// ```
///
/// # Errors
///
/// A [`ParseError`] at the first byte that cannot continue the grammar;
/// a character outside `ucschar` (or `iprivate` in the query) is an
/// [`InvalidChar`](ParseErrorKind::InvalidChar) at its first byte.
pub const fn parse_iri_reference(input: &str) -> Result<Components, ParseError> {
    parse(input.as_bytes(), false, ParseOptions::RFC3987)
}

/// Parses an `IRI` (RFC 3987 section 2.2): a scheme is required.
///
/// ```
/// use uri_core::{parse_iri, ParseErrorKind};
///
/// assert!(parse_iri("https://☃.net/").is_ok());
/// assert_eq!(parse_iri("/例").unwrap_err().kind(), ParseErrorKind::MissingScheme);
/// ```
///
/// # Errors
///
/// As [`parse_iri_reference`], and
/// [`MissingScheme`](ParseErrorKind::MissingScheme).
pub const fn parse_iri(input: &str) -> Result<Components, ParseError> {
    parse(input.as_bytes(), true, ParseOptions::RFC3987)
}

/// [`parse_uri_reference`] with the extensions `options` names.
///
/// # Errors
///
/// As [`parse_uri_reference`].
pub const fn parse_uri_reference_with(
    input: &str,
    options: ParseOptions,
) -> Result<Components, ParseError> {
    parse(input.as_bytes(), false, options)
}

/// [`parse_uri`] with the extensions `options` names.
///
/// # Errors
///
/// As [`parse_uri`].
pub const fn parse_uri_with(input: &str, options: ParseOptions) -> Result<Components, ParseError> {
    parse(input.as_bytes(), true, options)
}

/// Checks one component's text on its own, as it would stand between its
/// delimiters: the builder's way to accept already-encoded values. Offsets
/// in the error are into `input`. A host is checked with
/// [`parse_host`]; a path only for its characters, since which paths may
/// follow which components is the writer's concern (section 3.3).
///
/// ```
/// use uri_core::parse::check_component;
/// use uri_core::{Component, ParseErrorKind};
///
/// assert!(check_component("a%20b/c", Component::Path).is_ok());
/// let err = check_component("a?b", Component::Path).unwrap_err();
/// assert_eq!((err.index(), err.kind()), (1, ParseErrorKind::InvalidChar(Component::Path)));
/// ```
///
/// # Errors
///
/// A [`ParseError`] at the first byte the component's rule refuses.
pub const fn check_component(input: &str, which: Component) -> Result<(), ParseError> {
    let b = input.as_bytes();
    let len = b.len();
    let (class, stops): (Class, &[u8]) = match which {
        Component::Scheme => return scheme_name(b, len),
        Component::Port => return port_digits(b, 0, len),
        Component::Host => {
            return match parse_host(input, ParseOptions::RFC3986) {
                Ok(_) => Ok(()),
                Err(err) => Err(err),
            };
        }
        Component::Userinfo => (USERINFO, b""),
        Component::Path => (PATH, b""),
        Component::Query | Component::Fragment => (QUERY_FRAGMENT, b""),
    };
    attempt!(component(b, 0, len, class, stops, which, Wide::Refused));
    Ok(())
}

/// Parses a host on its own (`IP-literal / IPv4address / reg-name`,
/// section 3.2.2) and says which kind it is.
///
/// ```
/// use uri_core::parse::{parse_host, ParseOptions};
/// use uri_core::HostKind;
///
/// assert_eq!(parse_host("[::1]", ParseOptions::RFC3986), Ok(HostKind::Ipv6));
/// assert_eq!(parse_host("10.0.0.1", ParseOptions::RFC3986), Ok(HostKind::Ipv4));
/// assert!(parse_host("a b", ParseOptions::RFC3986).is_err());
/// ```
///
/// # Errors
///
/// A [`ParseError`] at the first offending byte; a `:` or `@` is refused,
/// since either would end the host inside an authority.
pub const fn parse_host(input: &str, options: ParseOptions) -> Result<HostKind, ParseError> {
    let b = input.as_bytes();
    let len = b.len();
    if len > 0 && b[0] == b'[' {
        // An IP-literal must fill the whole input.
        let close = find_any(b, 0, len, b"]");
        if close == len {
            return Err(ParseError::at(b, 0, ParseErrorKind::UnclosedIpLiteral));
        }
        if close + 1 != len {
            return Err(ParseError::at(
                b,
                close + 1,
                ParseErrorKind::InvalidChar(Component::Host),
            ));
        }
        return ip_literal(b, 1, close, options);
    }
    let wide = options.wide(Component::Host);
    attempt!(component(b, 0, len, REG_NAME, b"", Component::Host, wide));
    Ok(match parse_ipv4(b, 0, len) {
        Ok(_) => HostKind::Ipv4,
        Err(_) => HostKind::RegName,
    })
}

const fn parse(
    b: &[u8],
    require_scheme: bool,
    options: ParseOptions,
) -> Result<Components, ParseError> {
    let len = b.len();
    let scheme_end = attempt!(scheme(b, require_scheme));
    let mut i = match scheme_end {
        Some(colon) => colon + 1,
        None => 0,
    };

    let authority = if i + 1 < len && b[i] == b'/' && b[i + 1] == b'/' {
        let start = i + 2;
        let (bounds, end) = match host_and_port(b, start) {
            Some(found) => found,
            None => attempt!(any_authority(b, start, options)),
        };
        i = end;
        Some(bounds)
    } else {
        None
    };

    let path_start = i;
    let path_end = attempt!(component(
        b,
        i,
        len,
        PATH,
        b"?#",
        Component::Path,
        options.wide(Component::Path)
    ));
    i = path_end;

    let query_mark = if i < len && b[i] == b'?' {
        let mark = i;
        i = attempt!(component(
            b,
            i + 1,
            len,
            QUERY_FRAGMENT,
            b"#",
            Component::Query,
            options.wide(Component::Query)
        ));
        Some(mark)
    } else {
        None
    };

    let fragment_mark = if i < len {
        // Only a `#` can be left: path and query stop at nothing else.
        let mark = i;
        attempt!(component(
            b,
            i + 1,
            len,
            QUERY_FRAGMENT,
            b"",
            Component::Fragment,
            options.wide(Component::Fragment)
        ));
        Some(mark)
    } else {
        None
    };

    Ok(Components {
        len,
        scheme_end,
        authority,
        path_start,
        path_end,
        query_mark,
        fragment_mark,
    })
}

/// The authority starting at `start` when it is the most common kind, a
/// reg-name or IPv4 address without escapes, optionally with a port, and
/// the index where it ends. `None` sends every other authority (userinfo,
/// escapes, IP literals, errors) to [`any_authority`]; this one scan does
/// the work of that function's several.
const fn host_and_port(b: &[u8], start: usize) -> Option<(AuthorityBounds, usize)> {
    let len = b.len();
    let host_end = REG_NAME.span(b, start, len);
    let (port_mark, end) = if host_end < len && b[host_end] == b':' {
        let mut port_end = host_end + 1;
        while port_end < len && b[port_end].is_ascii_digit() {
            port_end += 1;
        }
        (Some(host_end), port_end)
    } else {
        (None, host_end)
    };
    if end < len && !matches!(b[end], b'/' | b'?' | b'#') {
        return None;
    }
    // An IPv4 address starts with a digit; most names do not.
    let is_ipv4 =
        host_end > start && b[start].is_ascii_digit() && parse_ipv4(b, start, host_end).is_ok();
    let host_kind = if is_ipv4 {
        HostKind::Ipv4
    } else {
        HostKind::RegName
    };
    let bounds = AuthorityBounds {
        start,
        userinfo_end: None,
        host_start: start,
        host_end,
        port_mark,
        host_kind,
    };
    Some((bounds, end))
}

/// Any authority starting at `start`, and the index where it ends.
const fn any_authority(
    b: &[u8],
    start: usize,
    options: ParseOptions,
) -> Result<(AuthorityBounds, usize), ParseError> {
    let len = b.len();
    // Userinfo characters (which include the host's and the port's) up
    // to a delimiter: one span finds the end and shows there is no `@`.
    // Anything else is searched.
    let plain_end = USERINFO.span(b, start, len);
    let end = if plain_end == len || matches!(b[plain_end], b'/' | b'?' | b'#') {
        plain_end
    } else {
        find_any(b, plain_end, len, b"/?#")
    };
    let bounds = attempt!(authority(b, start, end, plain_end == end, options));
    Ok((bounds, end))
}

/// The scheme's `:` if the input starts with one. A `:` before the first
/// `/`, `?` or `#` can only end a scheme, since a relative path's first
/// segment may not contain one (section 4.2).
const fn scheme(b: &[u8], required: bool) -> Result<Option<usize>, ParseError> {
    // The common case in one pass: a valid scheme name, then its `:`.
    let end = SCHEME.span(b, 0, b.len());
    if end > 0 && end < b.len() && b[end] == b':' && ALPHA.contains(b[0]) {
        return Ok(Some(end));
    }
    // The bytes before `end` are scheme characters, none of them these.
    let colon = find_any(b, end, b.len(), b":/?#");
    if colon == b.len() || b[colon] != b':' {
        return if required {
            Err(ParseError::at(b, 0, ParseErrorKind::MissingScheme))
        } else {
            Ok(None)
        };
    }
    attempt!(scheme_name(b, colon));
    Ok(Some(colon))
}

/// `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` filling `b[..end]`.
const fn scheme_name(b: &[u8], end: usize) -> Result<(), ParseError> {
    if end == 0 || !ALPHA.contains(b[0]) {
        return Err(ParseError::at(b, 0, ParseErrorKind::InvalidScheme));
    }
    let mut i = 1;
    while i < end {
        if !SCHEME.contains(b[i]) {
            return Err(ParseError::at(b, i, ParseErrorKind::InvalidScheme));
        }
        i += 1;
    }
    Ok(())
}

/// `port = *DIGIT` filling `b[from..to]`.
const fn port_digits(b: &[u8], from: usize, to: usize) -> Result<(), ParseError> {
    let mut i = from;
    while i < to {
        if !b[i].is_ascii_digit() {
            return Err(ParseError::at(b, i, ParseErrorKind::InvalidPort));
        }
        i += 1;
    }
    Ok(())
}

/// Parses `[ userinfo "@" ] host [ ":" port ]` in `b[start..end]`;
/// `no_at` says the caller has seen that it holds no `@`.
const fn authority(
    b: &[u8],
    start: usize,
    end: usize,
    no_at: bool,
    options: ParseOptions,
) -> Result<AuthorityBounds, ParseError> {
    // userinfo cannot contain `@`, so the first one ends it.
    let at = if no_at {
        end
    } else {
        find_any(b, start, end, b"@")
    };
    let (userinfo_end, host_start) = if at < end {
        attempt!(component(
            b,
            start,
            at,
            USERINFO,
            b"",
            Component::Userinfo,
            options.wide(Component::Userinfo)
        ));
        (Some(at), at + 1)
    } else {
        (None, start)
    };

    let (host_end, host_kind) = if host_start < end && b[host_start] == b'[' {
        let close = find_any(b, host_start, end, b"]");
        if close == end {
            return Err(ParseError::at(
                b,
                host_start,
                ParseErrorKind::UnclosedIpLiteral,
            ));
        }
        let kind = attempt!(ip_literal(b, host_start + 1, close, options));
        let host_end = close + 1;
        if host_end < end && b[host_end] != b':' {
            return Err(ParseError::at(
                b,
                host_end,
                ParseErrorKind::InvalidChar(Component::Host),
            ));
        }
        (host_end, kind)
    } else {
        let host_end = attempt!(component(
            b,
            host_start,
            end,
            REG_NAME,
            b":",
            Component::Host,
            options.wide(Component::Host)
        ));
        let kind = match parse_ipv4(b, host_start, host_end) {
            Ok(_) => HostKind::Ipv4,
            Err(_) => HostKind::RegName,
        };
        (host_end, kind)
    };

    let port_mark = if host_end < end {
        // The host stopped at its `:`.
        attempt!(port_digits(b, host_end + 1, end));
        Some(host_end)
    } else {
        None
    };

    Ok(AuthorityBounds {
        start,
        userinfo_end,
        host_start,
        host_end,
        port_mark,
        host_kind,
    })
}

/// Checks `b[from..]` against `class` and percent-encoded triplets, up to
/// `to` or the first byte of `stops`; returns where it stopped. Non-ASCII
/// characters are checked as `wide` says. Any other byte is an
/// [`ParseErrorKind::InvalidChar`] of `component`.
const fn component(
    b: &[u8],
    from: usize,
    to: usize,
    class: Class,
    stops: &[u8],
    component: Component,
    wide: Wide,
) -> Result<usize, ParseError> {
    let mut i = from;
    while i < to {
        i = class.span(b, i, to);
        if i >= to {
            break;
        }
        let byte = b[i];
        if byte == b'%' {
            if decode_triplet(b, i, to).is_none() {
                return Err(ParseError::at(
                    b,
                    i,
                    ParseErrorKind::InvalidPercentEncoding(component),
                ));
            }
            i += 3;
        } else if contains(stops, byte) {
            return Ok(i);
        } else if byte >= 0x80 && !matches!(wide, Wide::Refused) {
            let (c, width) = char_at(b, i, to);
            let allowed = match c {
                Some(c) if is_bidi_formatting(c) => {
                    return Err(ParseError::at(
                        b,
                        i,
                        ParseErrorKind::BidiFormatting(component),
                    ));
                }
                Some(c) => is_ucschar(c) || (matches!(wide, Wide::UcsAndPrivate) && is_iprivate(c)),
                None => false,
            };
            if !allowed {
                return Err(ParseError::at(b, i, ParseErrorKind::InvalidChar(component)));
            }
            i += width;
        } else {
            return Err(ParseError::at(b, i, ParseErrorKind::InvalidChar(component)));
        }
    }
    Ok(to)
}

/// `IP-literal = "[" ( IPv6address / IPvFuture ) "]"`, given the text
/// between the brackets; with zone identifiers allowed, RFC 6874's
/// `IPv6addrz` too.
const fn ip_literal(
    b: &[u8],
    start: usize,
    end: usize,
    options: ParseOptions,
) -> Result<HostKind, ParseError> {
    if start < end && (b[start] == b'v' || b[start] == b'V') {
        return match ipvfuture(b, start, end) {
            Ok(()) => Ok(HostKind::IpvFuture),
            Err(at) => Err(ParseError::at(b, at, ParseErrorKind::InvalidIpvFuture)),
        };
    }
    // Without the extension a `%` is simply a byte IPv6 refuses.
    let address_end = if options.zone_ids {
        find_any(b, start, end, b"%")
    } else {
        end
    };
    if let Err(at) = parse_ipv6(b, start, address_end) {
        return Err(ParseError::at(b, at, ParseErrorKind::InvalidIpv6));
    }
    if address_end < end
        && let Err(at) = ipv6_zone(b, address_end, end)
    {
        return Err(ParseError::at(b, at, ParseErrorKind::InvalidZoneId));
    }
    Ok(HostKind::Ipv6)
}

/// The character whose UTF-8 encoding starts at `b[i]` (a byte of 0x80 or
/// above) and its width, or `None` with width 1 if the bytes up to `to`
/// are not one well-formed character. Input from a `&str` always is.
const fn char_at(b: &[u8], i: usize, to: usize) -> (Option<char>, usize) {
    let lead = b[i];
    let (width, mut value) = match lead {
        0xC2..=0xDF => (2, (lead & 0x1F) as u32),
        0xE0..=0xEF => (3, (lead & 0x0F) as u32),
        0xF0..=0xF4 => (4, (lead & 0x07) as u32),
        _ => return (None, 1),
    };
    if i + width > to {
        return (None, 1);
    }
    let mut k = 1;
    while k < width {
        let next = b[i + k];
        if next & 0xC0 != 0x80 {
            return (None, 1);
        }
        value = (value << 6) | (next & 0x3F) as u32;
        k += 1;
    }
    // Overlong forms and surrogates decode to values `char` refuses or
    // that need fewer bytes; neither comes from a `&str`.
    let shortest = match width {
        2 => 0x80,
        3 => 0x800,
        _ => 0x1_0000,
    };
    if value < shortest {
        return (None, 1);
    }
    match char::from_u32(value) {
        Some(c) => (Some(c), width),
        None => (None, 1),
    }
}

/// The first index in `from..to` holding a byte of `set`, or `to`.
const fn find_any(b: &[u8], from: usize, to: usize, set: &[u8]) -> usize {
    let mut i = from;
    while i < to {
        if contains(set, b[i]) {
            return i;
        }
        i += 1;
    }
    to
}

const fn contains(set: &[u8], byte: u8) -> bool {
    let mut i = 0;
    while i < set.len() {
        if set[i] == byte {
            return true;
        }
        i += 1;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The one-scan authority against the general one, on authorities
    /// drawn from pieces that reach every branch of both: whenever the
    /// shortcut answers, it gives the same bounds and end.
    #[test]
    fn the_authority_shortcut_agrees_with_the_general_path() {
        let pieces: [&[u8]; 19] = [
            b"a",
            b"1",
            b"0",
            b".",
            b"255",
            b"256",
            b"1.2.3.4",
            b":",
            b"80",
            b"@",
            b"%41",
            b"%4",
            b"[::1]",
            b"-",
            b"/",
            b"?",
            b"#",
            "é".as_bytes(),
            b" ",
        ];
        let mut seed = 0x3986_u64;
        let mut next = move || crate::testing::xorshift(&mut seed);
        let (mut buffer, mut answered) = ([0u8; 64], 0);
        for _ in 0..50_000 {
            buffer[..2].copy_from_slice(b"//");
            let mut len = 2;
            for _ in 0..next() % 8 {
                let piece = pieces[(next() % 19) as usize];
                buffer[len..len + piece.len()].copy_from_slice(piece);
                len += piece.len();
            }
            let b = &buffer[..len];
            if let Some(found) = host_and_port(b, 2) {
                answered += 1;
                let general = any_authority(b, 2, ParseOptions::RFC3986);
                assert_eq!(general, Ok(found), "{:?}", core::str::from_utf8(b));
            }
        }
        assert!(answered > 10_000, "the shortcut answered {answered} times");
    }
}
