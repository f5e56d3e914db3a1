//! The one parser: RFC 3986 appendix A, as a `const fn`.
//!
//! It finds the component boundaries of a `URI-reference` (or of a `URI`,
//! when a scheme is required) and the kind of host, or the first offending
//! byte. The run-time types and the `uri!` macro both call it, so they
//! cannot disagree.

use core::ops::Range;

use crate::error::{Component, ParseError, ParseErrorKind};
use crate::pct::decode_triplet;
use crate::table::{
    ALPHA, Class, HEXDIG, IPVFUTURE, PATH, QUERY_FRAGMENT, REG_NAME, SCHEME, USERINFO,
};

/// `?` for `const fn`, where the operator's trait machinery is not allowed.
macro_rules! attempt {
    ($e:expr) => {
        match $e {
            Ok(value) => value,
            Err(err) => return Err(err),
        }
    };
}

/// What the host of an authority is (RFC 3986 section 3.2.2). The rule is
/// first-match-wins: `127.0.0.1` is IPv4, while `256.1.1.1` and `01.2.3.4`
/// are reg-names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HostKind {
    /// `IPv4address`: four decimal octets without leading zeros.
    Ipv4,
    /// `IPv6address` inside brackets.
    Ipv6,
    /// `IPvFuture` inside brackets: `[v7.whatever]`.
    IpvFuture,
    /// `reg-name`: a registered name, possibly empty.
    RegName,
}

/// Marks an absent optional position in [`Components::to_raw`].
const ABSENT: usize = usize::MAX;

/// Where each component of a parsed URI reference lies, as byte offsets
/// into the parsed string.
///
/// ```
/// use uri_core::{parse_uri_reference, HostKind};
///
/// let s = "https://user@example.com:8080/a/b?q=1#top";
/// let c = parse_uri_reference(s).unwrap();
/// assert_eq!(&s[c.scheme().unwrap()], "https");
/// assert_eq!(&s[c.userinfo().unwrap()], "user");
/// assert_eq!(&s[c.host().unwrap()], "example.com");
/// assert_eq!(c.host_kind(), Some(HostKind::RegName));
/// assert_eq!(&s[c.port().unwrap()], "8080");
/// assert_eq!(&s[c.path()], "/a/b");
/// assert_eq!(&s[c.query().unwrap()], "q=1");
/// assert_eq!(&s[c.fragment().unwrap()], "top");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Components {
    len: usize,
    /// Index of the `:` ending the scheme.
    scheme_end: Option<usize>,
    authority: Option<AuthorityBounds>,
    path_start: usize,
    path_end: usize,
    /// Index of the `?` starting the query.
    query_mark: Option<usize>,
    /// Index of the `#` starting the fragment.
    fragment_mark: Option<usize>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct AuthorityBounds {
    /// First byte after `//`.
    start: usize,
    /// Index of the `@` ending the userinfo.
    userinfo_end: Option<usize>,
    host_start: usize,
    host_end: usize,
    /// Index of the `:` before the port.
    port_mark: Option<usize>,
    host_kind: HostKind,
}

impl Components {
    /// The scheme, without its `:`.
    pub const fn scheme(&self) -> Option<Range<usize>> {
        match self.scheme_end {
            Some(end) => Some(0..end),
            None => None,
        }
    }

    /// The authority, without its leading `//`.
    pub const fn authority(&self) -> Option<Range<usize>> {
        match self.authority {
            Some(a) => Some(a.start..self.path_start),
            None => None,
        }
    }

    /// The userinfo, without its `@`.
    pub const fn userinfo(&self) -> Option<Range<usize>> {
        match self.authority {
            Some(AuthorityBounds {
                start,
                userinfo_end: Some(end),
                ..
            }) => Some(start..end),
            _ => None,
        }
    }

    /// The host; an IP-literal keeps its brackets.
    pub const fn host(&self) -> Option<Range<usize>> {
        match self.authority {
            Some(a) => Some(a.host_start..a.host_end),
            None => None,
        }
    }

    /// What kind of host the authority has.
    pub const fn host_kind(&self) -> Option<HostKind> {
        match self.authority {
            Some(a) => Some(a.host_kind),
            None => None,
        }
    }

    /// The port digits, without the `:`; present but empty for `http://h:/`.
    pub const fn port(&self) -> Option<Range<usize>> {
        match self.authority {
            Some(AuthorityBounds {
                port_mark: Some(mark),
                ..
            }) => Some(mark + 1..self.path_start),
            _ => None,
        }
    }

    /// The path, which is always present and may be empty.
    pub const fn path(&self) -> Range<usize> {
        self.path_start..self.path_end
    }

    /// The query, without its `?`.
    pub const fn query(&self) -> Option<Range<usize>> {
        match self.query_mark {
            Some(mark) => Some(mark + 1..self.query_end()),
            None => None,
        }
    }

    const fn query_end(&self) -> usize {
        match self.fragment_mark {
            Some(mark) => mark,
            None => self.len,
        }
    }

    /// The fragment, without its `#`.
    pub const fn fragment(&self) -> Option<Range<usize>> {
        match self.fragment_mark {
            Some(mark) => Some(mark + 1..self.len),
            None => None,
        }
    }

    /// The length of the parsed string.
    pub const fn len(&self) -> usize {
        self.len
    }

    /// Whether the parsed string was empty (a valid, empty relative
    /// reference).
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The boundaries as plain numbers, so that the `uri!` macro can write
    /// them into its output and [`Components::from_raw`] can rebuild them
    /// without parsing.
    #[doc(hidden)]
    pub const fn to_raw(&self) -> [usize; RAW_LEN] {
        let (start, userinfo_end, host_start, host_end, port_mark, kind) = match self.authority {
            Some(a) => (
                a.start,
                to_raw_position(a.userinfo_end),
                a.host_start,
                a.host_end,
                to_raw_position(a.port_mark),
                a.host_kind as usize,
            ),
            None => (ABSENT, ABSENT, ABSENT, ABSENT, ABSENT, ABSENT),
        };
        [
            self.len,
            to_raw_position(self.scheme_end),
            start,
            userinfo_end,
            host_start,
            host_end,
            port_mark,
            kind,
            self.path_start,
            self.path_end,
            to_raw_position(self.query_mark),
            to_raw_position(self.fragment_mark),
        ]
    }

    /// The inverse of [`Components::to_raw`]. It does not check the
    /// numbers: only output of `to_raw` for the same string belongs here.
    #[doc(hidden)]
    pub const fn from_raw(raw: [usize; RAW_LEN]) -> Components {
        let authority = if raw[2] == ABSENT {
            None
        } else {
            Some(AuthorityBounds {
                start: raw[2],
                userinfo_end: from_raw_position(raw[3]),
                host_start: raw[4],
                host_end: raw[5],
                port_mark: from_raw_position(raw[6]),
                host_kind: match raw[7] {
                    0 => HostKind::Ipv4,
                    1 => HostKind::Ipv6,
                    2 => HostKind::IpvFuture,
                    _ => HostKind::RegName,
                },
            })
        };
        Components {
            len: raw[0],
            scheme_end: from_raw_position(raw[1]),
            authority,
            path_start: raw[8],
            path_end: raw[9],
            query_mark: from_raw_position(raw[10]),
            fragment_mark: from_raw_position(raw[11]),
        }
    }
}

const fn to_raw_position(position: Option<usize>) -> usize {
    match position {
        Some(v) => v,
        None => ABSENT,
    }
}

const fn from_raw_position(raw: usize) -> Option<usize> {
    if raw == ABSENT { None } else { Some(raw) }
}

/// The length of [`Components::to_raw`]'s array.
#[doc(hidden)]
pub const RAW_LEN: usize = 12;

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
    parse(input.as_bytes(), false)
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
    parse(input.as_bytes(), true)
}

const fn parse(b: &[u8], require_scheme: bool) -> Result<Components, ParseError> {
    let len = b.len();
    let scheme_end = attempt!(scheme(b, require_scheme));
    let mut i = match scheme_end {
        Some(colon) => colon + 1,
        None => 0,
    };

    let authority = if i + 1 < len && b[i] == b'/' && b[i + 1] == b'/' {
        let start = i + 2;
        let end = find_any(b, start, len, b"/?#");
        let bounds = attempt!(authority(b, start, end));
        i = end;
        Some(bounds)
    } else {
        None
    };

    let path_start = i;
    let path_end = attempt!(component(b, i, len, PATH, b"?#", Component::Path));
    i = path_end;

    let query_mark = if i < len && b[i] == b'?' {
        let mark = i;
        i = attempt!(component(
            b,
            i + 1,
            len,
            QUERY_FRAGMENT,
            b"#",
            Component::Query
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
            Component::Fragment
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

/// The scheme's `:` if the input starts with one. A `:` before the first
/// `/`, `?` or `#` can only end a scheme, since a relative path's first
/// segment may not contain one (section 4.2).
const fn scheme(b: &[u8], required: bool) -> Result<Option<usize>, ParseError> {
    let colon = find_any(b, 0, b.len(), b":/?#");
    if colon == b.len() || b[colon] != b':' {
        return if required {
            Err(ParseError::at(b, 0, ParseErrorKind::MissingScheme))
        } else {
            Ok(None)
        };
    }
    if colon == 0 || !ALPHA.contains(b[0]) {
        return Err(ParseError::at(b, 0, ParseErrorKind::InvalidScheme));
    }
    let mut i = 1;
    while i < colon {
        if !SCHEME.contains(b[i]) {
            return Err(ParseError::at(b, i, ParseErrorKind::InvalidScheme));
        }
        i += 1;
    }
    Ok(Some(colon))
}

/// Parses `[ userinfo "@" ] host [ ":" port ]` in `b[start..end]`.
const fn authority(b: &[u8], start: usize, end: usize) -> Result<AuthorityBounds, ParseError> {
    // userinfo cannot contain `@`, so the first one ends it.
    let at = find_any(b, start, end, b"@");
    let (userinfo_end, host_start) = if at < end {
        attempt!(component(b, start, at, USERINFO, b"", Component::Userinfo));
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
        let kind = attempt!(ip_literal(b, host_start + 1, close));
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
            Component::Host
        ));
        let kind = match parse_ipv4(b, host_start, host_end) {
            Ok(_) => HostKind::Ipv4,
            Err(_) => HostKind::RegName,
        };
        (host_end, kind)
    };

    let port_mark = if host_end < end {
        // The host stopped at its `:`.
        let mut i = host_end + 1;
        while i < end {
            if !b[i].is_ascii_digit() {
                return Err(ParseError::at(b, i, ParseErrorKind::InvalidPort));
            }
            i += 1;
        }
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
/// `to` or the first byte of `stops`; returns where it stopped. Any other
/// byte is an [`ParseErrorKind::InvalidChar`] of `component`.
const fn component(
    b: &[u8],
    from: usize,
    to: usize,
    class: Class,
    stops: &[u8],
    component: Component,
) -> Result<usize, ParseError> {
    let mut i = from;
    while i < to {
        let byte = b[i];
        if class.contains(byte) {
            i += 1;
        } else if byte == b'%' {
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
        } else {
            return Err(ParseError::at(b, i, ParseErrorKind::InvalidChar(component)));
        }
    }
    Ok(to)
}

/// `IP-literal = "[" ( IPv6address / IPvFuture ) "]"`, given the text
/// between the brackets.
const fn ip_literal(b: &[u8], start: usize, end: usize) -> Result<HostKind, ParseError> {
    if start < end && (b[start] == b'v' || b[start] == b'V') {
        match ipvfuture(b, start, end) {
            Ok(()) => Ok(HostKind::IpvFuture),
            Err(at) => Err(ParseError::at(b, at, ParseErrorKind::InvalidIpvFuture)),
        }
    } else {
        match parse_ipv6(b, start, end) {
            Ok(_) => Ok(HostKind::Ipv6),
            Err(at) => Err(ParseError::at(b, at, ParseErrorKind::InvalidIpv6)),
        }
    }
}

/// `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )`;
/// `Err` holds the first offending index.
const fn ipvfuture(b: &[u8], start: usize, end: usize) -> Result<(), usize> {
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
        while i < end && HEXDIG.contains(b[i]) {
            if i - group_start == 4 {
                return Err(i);
            }
            value = value * 16 + hex(b[i]) as u32;
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

const fn hex(byte: u8) -> u8 {
    match crate::pct::hex_value(byte) {
        Some(v) => v,
        None => 0,
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
