//! The one parser: RFC 3986 appendix A, as a `const fn`.
//!
//! It finds the component boundaries of a `URI-reference` (or of a `URI`,
//! when a scheme is required) and the kind of host, or the first offending
//! byte. The `uri!` macro calls it; the run-time types run the same
//! grammar (`grammar.rs`, written once) over a vector scan where the CPU
//! has one, so they cannot disagree either.

pub use crate::components::{Components, HostKind, Marks, RAW_LEN};
pub use crate::ip::{ipv4_number_form, ipv4_of_accepted, ipv6_of_accepted, parse_ipv4, parse_ipv6};

use crate::error::{Component, ParseError, ParseErrorKind};
use crate::ip::{ipv6_zone, ipvfuture, is_ipv6};
use crate::pct::is_triplet;
use crate::table::{ALPHA, Class, PATH, QUERY_FRAGMENT, REG_NAME, SCHEME, USERINFO};
use scalar::parse;

/// The grammar over the scalar scan, as `const fn`s.
mod scalar {
    crate::__grammar!(
        attrs: [#[inline]],
        qualifier: [const],
        context: () = super::no_context,
        span: super::scalar_span,
        encoded_span: super::scalar_encoded_span,
        is_ipv4: crate::ip::is_ipv4,
        is_ipv6: crate::ip::is_ipv6,
        quick_relative: true,
    );
}

/// The context of a parse whose scans keep nothing.
#[inline]
const fn no_context(_: &[u8]) {}

/// [`Class::span`] as the grammar calls a scan: the scalar scan keeps
/// nothing between calls.
#[inline]
const fn scalar_span(_: &mut (), class: Class, b: &[u8], from: usize, to: usize) -> usize {
    class.span(b, from, to)
}

/// The grammar's check of one component's text (`__component!`) over the
/// scalar scan, for `b[..to]` standing on its own, with the class and
/// the rules as arguments.
const fn component(
    b: &[u8],
    to: usize,
    class: Class,
    stops: &[u8],
    which: Component,
    wide: Wide,
) -> Result<usize, ParseError> {
    crate::__component!(
        scalar_encoded_span,
        &mut (),
        b,
        0,
        to,
        class,
        stops,
        which,
        wide
    )
}

/// [`encoded_span`] as the grammar calls a scan.
#[inline]
const fn scalar_encoded_span(_: &mut (), class: Class, b: &[u8], from: usize, to: usize) -> usize {
    encoded_span(class, b, from, to)
}

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
    #[doc(hidden)]
    pub const fn __wide(self, component: Component) -> Wide {
        match component {
            _ if !self.iri => Wide::Refused,
            Component::Scheme | Component::Port => Wide::Refused,
            Component::Query => Wide::UcsAndPrivate,
            _ => Wide::Ucs,
        }
    }
}

/// Which characters of U+0080 and above a component takes unescaped.
#[doc(hidden)]
#[derive(Clone, Copy)]
pub enum Wide {
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
// Inlined (as are the other three entry points) so that a caller in
// another crate reaches the grammar with one call, not two: about ten
// of the 250 instructions a short relative reference takes.
#[inline]
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
#[inline]
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
#[inline]
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
#[inline]
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
    attempt!(component(b, len, class, stops, which, Wide::Refused));
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
        return scalar::ip_literal(b, 1, close, options);
    }
    let wide = options.__wide(Component::Host);
    attempt!(component(b, len, REG_NAME, b"", Component::Host, wide));
    Ok(match parse_ipv4(b, 0, len) {
        Ok(_) => HostKind::Ipv4,
        Err(_) => HostKind::RegName,
    })
}

/// `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` filling `b[..end]`.
#[doc(hidden)]
pub const fn scheme_name(b: &[u8], end: usize) -> Result<(), ParseError> {
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

/// The end of the run of ASCII digits in `b` from `from`: eight bytes
/// at a time while the text has them, so that a port's length, which
/// changes from URI to URI, is not a loop's exit after each digit.
/// (`DIGIT.span` steps eight bytes only over a run of eight digits, and
/// leaves a port, shorter, to its byte loop: the parse with it measured
/// as slow as the byte loop; BENCHMARKS.md, "The parser classifies
/// once".)
#[doc(hidden)]
pub const fn digits_end(b: &[u8], from: usize) -> usize {
    const ONES: u64 = u64::MAX / 255;
    let mut i = from;
    while let Some((_, rest)) = b.split_at_checked(i)
        && let Some(word) = rest.first_chunk::<8>()
    {
        // A digit's byte, less `0`, is 0 to 9; adding 0x76 to its low
        // seven bits sets the high bit of every other byte (with no
        // carry into the next), and a byte from 128 up has it already.
        let x = u64::from_le_bytes(*word) ^ (ONES * b'0' as u64);
        let others = (((x & (ONES * 0x7F)) + ONES * 0x76) | x) & (ONES * 0x80);
        if others != 0 {
            return i + (others.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    while i < b.len() && b[i].is_ascii_digit() {
        i += 1;
    }
    i
}

/// `port = *DIGIT` filling `b[from..to]`.
#[doc(hidden)]
pub const fn port_digits(b: &[u8], from: usize, to: usize) -> Result<(), ParseError> {
    let end = digits_end(b, from);
    if end < to {
        return Err(ParseError::at(b, end, ParseErrorKind::InvalidPort));
    }
    Ok(())
}

/// `IP-literal = "[" ( IPv6address / IPvFuture ) "]"`, given the text
/// between the brackets, where it is not an IPv6 address alone: an
/// `IPvFuture`, with zone identifiers allowed RFC 6874's `IPv6addrz`, or
/// an error.
///
/// Most literals are an IPv6 address without a zone, which the quick
/// reading takes whole whatever the options (an `IPvFuture`'s `v` and a
/// zone's `%` are bytes it refuses): each expansion of the grammar asks
/// its own quick reading that in line, and calls this for every other
/// literal (`ip_literal` in `grammar.rs`).
#[doc(hidden)]
pub const fn other_ip_literal(
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
    // The quick reading first; the careful one finds an error's index.
    if !is_ipv6(b, start, address_end)
        && let Err(at) = parse_ipv6(b, start, address_end)
    {
        return Err(ParseError::at(b, at, ParseErrorKind::InvalidIpv6));
    }
    if address_end < end
        && let Err(at) = ipv6_zone(b, address_end, end)
    {
        return Err(ParseError::at(b, at, ParseErrorKind::InvalidZoneId));
    }
    Ok(HostKind::Ipv6)
}

/// The end of the run of `class`'s bytes and well-formed `pct-encoded`
/// triplets in `b[from..to]`: where a component's text needs a closer
/// look (a delimiter, a malformed escape, a byte outside the class), or
/// `to`, clamped to the length of `b`. `from` itself when it is not below
/// `to`. The parser's scan of component text; `uri-runtime` runs the same
/// search sixteen bytes at a time.
///
/// ```
/// use uri_core::parse::encoded_span;
/// use uri_core::table::PATH;
///
/// assert_eq!(encoded_span(PATH, b"/a%20b?q", 0, 8), 6);
/// assert_eq!(encoded_span(PATH, b"/a%2", 0, 4), 2);
/// ```
// Inlined into each expansion of the grammar, where `class` is then a
// constant: a call across the crate boundary cost short components
// about forty instructions each.
#[inline]
pub const fn encoded_span(class: Class, b: &[u8], from: usize, to: usize) -> usize {
    let mut i = from;
    loop {
        i = class.span(b, i, to);
        if i < to && is_triplet(b, i, to) {
            i += 3;
        } else {
            return i;
        }
    }
}

/// The character whose UTF-8 encoding starts at `b[i]` (a byte of 0x80 or
/// above) and its width, or `None` with width 1 if the bytes up to `to`
/// are not one well-formed character. Input from a `&str` always is.
#[doc(hidden)]
#[inline]
pub const fn char_at(b: &[u8], i: usize, to: usize) -> (Option<char>, usize) {
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
#[doc(hidden)]
#[inline]
pub const fn find_any(b: &[u8], from: usize, to: usize, set: &[u8]) -> usize {
    let mut i = from;
    while i < to {
        if contains(set, b[i]) {
            return i;
        }
        i += 1;
    }
    to
}

#[doc(hidden)]
#[inline]
pub const fn contains(set: &[u8], byte: u8) -> bool {
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
    use scalar::{any_authority, host_and_port};

    /// The grammar over the same scans without the relative shortcut, as
    /// the vector parsers expand it.
    mod without_shortcut {
        crate::__grammar!(
            attrs: [],
            qualifier: [const],
            context: () = super::super::no_context,
            span: super::super::scalar_span,
            encoded_span: super::super::scalar_encoded_span,
            is_ipv4: crate::ip::is_ipv4,
            is_ipv6: crate::ip::is_ipv6,
            quick_relative: false,
        );
    }

    /// `digits_end` against a byte loop, from every start, on texts with
    /// runs of digits of every length up to twenty beside each byte
    /// value, so that every byte of a word, the word's end and the text's
    /// end each stop a run.
    #[test]
    fn digits_end_stops_at_the_first_byte_that_is_no_digit() {
        let mut text = [0u8; 24];
        for run in 0..=20 {
            for stop in 0..=255_u8 {
                for (k, byte) in text.iter_mut().enumerate() {
                    *byte = if k < run { b'0' + (k % 10) as u8 } else { stop };
                }
                for len in [run, run + 1, text.len()] {
                    let b = &text[..len];
                    for from in 0..=len {
                        let mut expected = from;
                        while expected < len && b[expected].is_ascii_digit() {
                            expected += 1;
                        }
                        assert_eq!(digits_end(b, from), expected, "{b:?} from {from}");
                    }
                }
            }
        }
    }

    /// The relative shortcut (`quick_relative`) against the search of
    /// `scheme`, as references and as URIs, on short texts of scheme
    /// bytes, the delimiters that end a scheme span and bytes no scheme
    /// has (`;`, `%`, `@`, a space, `é`) before and after a `:`: the same
    /// components or the same error everywhere.
    #[test]
    fn the_relative_shortcut_agrees_with_the_scheme_search() {
        let pieces: [&str; 17] = [
            "a", "B", "0", "+", ".", "-", ":", "/", "?", "#", ";", "%41", "%", "@", " ", "é", "//",
        ];
        let mut seed = 0x3a3a_u64;
        let mut next = move || crate::testing::xorshift(&mut seed);
        let mut buffer = [0u8; 32];
        for _ in 0..200_000 {
            let mut len = 0;
            for _ in 0..next() % 7 {
                let piece = pieces[(next() % 17) as usize].as_bytes();
                buffer[len..len + piece.len()].copy_from_slice(piece);
                len += piece.len();
            }
            let b = &buffer[..len];
            for require_scheme in [false, true] {
                assert_eq!(
                    scalar::parse(b, require_scheme, ParseOptions::RFC3986),
                    without_shortcut::parse(b, require_scheme, ParseOptions::RFC3986),
                    "{:?}",
                    core::str::from_utf8(b)
                );
            }
        }
    }

    /// The one-scan authority against the general one, on authorities
    /// drawn from pieces that reach every branch of both: whenever the
    /// shortcut answers, it gives the same bounds and end.
    #[test]
    fn the_authority_shortcut_agrees_with_the_general_path() {
        let pieces: [&[u8]; 27] = [
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
            b"[",
            b"]",
            b"[2001:db8::7]",
            b"[v7.fe80::a]",
            b"[v7]",
            b"[fe80::1%25en0]",
            b"[1:2:3:4:5:6:7:8:9]",
            b"[::ffff:1.2.3.4]",
        ];
        let mut seed = 0x3986_u64;
        let mut next = move || crate::testing::xorshift(&mut seed);
        let (mut buffer, mut answered, mut literals) = ([0u8; 128], 0, 0);
        for _ in 0..100_000 {
            buffer[..2].copy_from_slice(b"//");
            let mut len = 2;
            for _ in 0..next() % 8 {
                let piece = pieces[(next() % 27) as usize];
                buffer[len..len + piece.len()].copy_from_slice(piece);
                len += piece.len();
            }
            let b = &buffer[..len];
            if let Some(found) = host_and_port(&mut (), b, 2, ParseOptions::RFC3986) {
                answered += 1;
                if matches!(found.0.host_kind, HostKind::Ipv6 | HostKind::IpvFuture) {
                    literals += 1;
                }
                let general = any_authority(&mut (), b, 2, ParseOptions::RFC3986);
                assert_eq!(general, Ok(found), "{:?}", core::str::from_utf8(b));
            }
        }
        assert!(answered > 10_000, "the shortcut answered {answered} times");
        assert!(literals > 1_000, "the shortcut read {literals} IP literals");
    }
}
