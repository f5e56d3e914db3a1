//! A relative reference read without its base: only what every base reads
//! alike is repaired (the cleaning, escapes, an international host, a dot
//! segment spelled with escapes, written as the dots it is); what a
//! browser reads one way against some bases and another way against
//! others is refused with [`ParseErrorKind::NeedsBase`]: a `\` (`/`
//! against a `http` base, data against others), an empty host
//! (`///evil.com/x`, where a `http` base finds the host `evil.com`), a
//! host with escapes or whose last label is a number, written so or once
//! mapped to ASCII (`¹` is `1`) (decoded and read as an IPv4 address
//! against a `http` base, kept as text against others),
//! a drive letter `C|` (a drive against a `file` base), and a `'` in the
//! query (`%27` against a `http` base, itself against others).

use alloc::borrow::Cow;
use alloc::string::{String, ToString};
use core::ops::Range;

use uri_core::parse::{ParseOptions, check_component, parse_host};
use uri_core::pct::{self, EncodeSet};
use uri_core::table;
use uri_core::{Component, HostKind, ParseError, ParseErrorKind};

#[cfg(feature = "idna")]
use crate::ops::lenient::host::idna_refusal;

use super::clean::Cleaned;
use super::host::ipv6_text;
use super::machine::USERINFO;
use super::record::write_char;
use super::repair::{Notes, RepairKind};
use crate::value::buf::UriRefBuf;
use crate::value::host::Host;
use crate::value::numbers::ends_in_number;
use crate::write::compose::{Composer, Form};

/// The reference written strictly through the one writer. What is copied
/// as written (a host, a port) is checked against its own rule first, and
/// a refusal points at the input byte it came from.
pub(super) fn read_reference(
    text: &str,
    input: &Cleaned,
    notes: &mut Notes,
) -> Result<UriRefBuf, ParseError> {
    let chars = &input.chars;
    let tail = chars
        .iter()
        .position(|&c| c == '?' || c == '#')
        .unwrap_or(chars.len());
    let needs_base =
        |k: usize| ParseError::new(text, input.span(k, k).start, ParseErrorKind::NeedsBase);
    if let Some(k) = chars[..tail].iter().position(|&c| c == '\\') {
        return Err(needs_base(k));
    }
    let mut out = String::with_capacity(text.len() + 8);
    let mut composer = Composer::new(&mut out);
    let mut i = 0;
    if input.starts_with(0, "//") {
        let end = chars[2..tail]
            .iter()
            .position(|&c| c == '/')
            .map_or(tail, |k| k + 2);
        authority_into(&mut composer, text, input, 2..end, notes)?;
        i = end;
    } else if let Some(k) = drive_letter(&chars[..tail]) {
        return Err(needs_base(k));
    } else {
        // A `:` in the first segment ends a scheme, which the text before
        // it cannot be (the caller saw no scheme ahead): refused at the
        // first code point a scheme cannot hold.
        let first = chars[..tail].iter().position(|&c| c == '/').unwrap_or(tail);
        if let Some(colon) = chars[..first].iter().position(|&c| c == ':') {
            let k = (0..colon)
                .find(|&k| !scheme_holds(k, chars[k]))
                .unwrap_or(colon);
            return Err(ParseError::new(
                text,
                input.span(k, k).start,
                ParseErrorKind::InvalidScheme,
            ));
        }
    }
    composer.path_with(|out| write_path(out, input, i..tail, notes));
    let mut k = tail;
    if chars.get(k) == Some(&'?') {
        let end = chars[k..]
            .iter()
            .position(|&c| c == '#')
            .map_or(chars.len(), |j| k + j);
        // A `'` in the query is `%27` against a `http` base and itself
        // against others (the URL Standard's special-query set).
        if let Some(j) = chars[k + 1..end].iter().position(|&c| c == '\'') {
            return Err(needs_base(k + 1 + j));
        }
        composer.query_with(|out| write_chars(out, input, k + 1..end, &pct::QUERY, notes));
        k = end;
    }
    if chars.get(k) == Some(&'#') {
        composer.fragment_with(|out| {
            write_chars(out, input, k + 1..chars.len(), &pct::FRAGMENT, notes);
        });
    }
    let parts = composer.finish();
    Ok(UriRefBuf::from_written(out, parts))
}

/// Whether a scheme may hold `c` as its code point `k` (RFC 3986 section
/// 3.1: a letter, then letters, digits, `+`, `-` and `.`).
fn scheme_holds(k: usize, c: char) -> bool {
    c.is_ascii() && (if k == 0 { table::ALPHA } else { table::SCHEME }).contains(c as u8)
}

/// Where a path starts with a drive letter written `C|` (or `/C|`), which
/// a `file` base reads as the drive `C:` and another base as a segment.
fn drive_letter(path: &[char]) -> Option<usize> {
    let start = usize::from(path.first() == Some(&'/'));
    let letter = *path.get(start)?;
    let ends = matches!(path.get(start + 2), None | Some('/' | '?' | '#'));
    (letter.is_ascii_alphabetic() && path.get(start + 1) == Some(&'|') && ends).then_some(start)
}

/// Writes the path in code points `range` of `input`, segment by
/// segment: a dot segment spelled with escapes (`%2e`, `.%2E`, `%2e%2e`)
/// as the dots it is, since resolution against any base removes it as a
/// browser does (RFC 3986 section 2.3 makes `%2E` the same as `.`); the
/// rest escaped where [`pct::PATH`] does not keep it.
fn write_path(out: &mut String, input: &Cleaned, range: Range<usize>, notes: &mut Notes) {
    let mut start = range.start;
    for end in (range.start..range.end)
        .filter(|&k| input.chars[k] == '/')
        .chain([range.end])
    {
        match dot_segment(&input.chars[start..end]) {
            Some(dots) => out.push_str(dots),
            None => write_chars(out, input, start..end, &pct::PATH, notes),
        }
        if end < range.end {
            out.push('/');
        }
        start = end + 1;
    }
}

/// The dots a segment spelled with escapes stands for: `.` for `%2e`,
/// `..` for `.%2e`, `%2e.` and `%2e%2e`, in any case; `None` for any
/// other segment (plain dots are written as they are).
fn dot_segment(segment: &[char]) -> Option<&'static str> {
    let text: String = segment.iter().collect::<String>().to_ascii_lowercase();
    match text.as_str() {
        "%2e" => Some("."),
        ".%2e" | "%2e." | "%2e%2e" => Some(".."),
        _ => None,
    }
}

/// Writes code points `range` of `input`, each escaped unless `set` keeps it.
fn write_chars(
    out: &mut String,
    input: &Cleaned,
    range: Range<usize>,
    set: &EncodeSet,
    notes: &mut Notes,
) {
    for k in range {
        write_char(out, input, k, set, notes);
    }
}

/// Writes the userinfo in code points `userinfo` (before its `@`) as
/// every base's reader writes it: an empty user name and password, or an
/// empty password, left out; the user name and password escaped as the
/// machine escapes them, so that a base's reader and this one write the
/// same bytes.
fn userinfo_into(
    composer: &mut Composer<'_>,
    input: &Cleaned,
    userinfo: Range<usize>,
    notes: &mut Notes,
) {
    let from = userinfo.start;
    let kept = match input.chars[userinfo.clone()].iter().position(|&c| c == ':') {
        Some(colon) if from + colon + 1 == userinfo.end => from..from + colon,
        _ => userinfo.clone(),
    };
    if kept.end < userinfo.end || kept.is_empty() {
        // With the `@` when nothing is left.
        let dropped = if kept.is_empty() {
            from..userinfo.end + 1
        } else {
            kept.end..userinfo.end
        };
        notes.note(
            input.span(dropped.start, dropped.end),
            RepairKind::EmptyCredentials,
        );
    }
    if kept.is_empty() {
        return;
    }
    let colon = input.chars[kept.clone()]
        .iter()
        .position(|&c| c == ':')
        .map(|k| kept.start + k);
    composer.userinfo_with(|out| match colon {
        Some(colon) => {
            write_chars(out, input, kept.start..colon, &USERINFO, notes);
            out.push(':');
            write_chars(out, input, colon + 1..kept.end, &USERINFO, notes);
        }
        None => write_chars(out, input, kept, &USERINFO, notes),
    });
}

/// Writes the authority in code points `range`: the userinfo escaped
/// where needed, an international name through IDNA, a host and port
/// as written once their rules (RFC 3986 sections 3.2.2 and 3.2.3)
/// accept them.
fn authority_into(
    composer: &mut Composer<'_>,
    text: &str,
    input: &Cleaned,
    range: Range<usize>,
    notes: &mut Notes,
) -> Result<(), ParseError> {
    let (from, to) = (range.start, range.end);
    // The input offset of code point `k`.
    let at = |k: usize| input.span(k, k).start;
    composer.open_authority();
    let host_from = input.chars[range]
        .iter()
        .rposition(|&c| c == '@')
        .map_or(from, |k| from + k + 1);
    if host_from > from {
        userinfo_into(composer, input, from..host_from - 1, notes);
    }
    let rest = &input.chars[host_from..to];
    let host_len = if rest.first() == Some(&'[') {
        rest.iter()
            .position(|&c| c == ']')
            .map_or(rest.len(), |k| k + 1)
    } else {
        // A name holds no `:` (RFC 3986 section 3.2.2): the first ends it.
        rest.iter().position(|&c| c == ':').unwrap_or(rest.len())
    };
    let host: String = rest[..host_len].iter().collect();
    // An empty host is where a `http` base reads a host from what follows
    // (`///evil.com/x`), and escapes or a number are read otherwise
    // against it than against other bases.
    let base_reads_otherwise =
        host.is_empty() || host.contains('%') || !host.starts_with('[') && is_a_number_form(&host);
    if base_reads_otherwise {
        return Err(ParseError::new(
            text,
            at(host_from),
            ParseErrorKind::NeedsBase,
        ));
    }
    let (written, kind) = if host.is_ascii() {
        // ASCII: a byte of the host is a code point of the input.
        let kind = parse_host(&host, ParseOptions::RFC3986)
            .map_err(|err| ParseError::new(text, at(host_from + err.index()), err.kind()))?;
        let written = match (kind, Host::classify(&host, kind)) {
            // Every base's reader writes an IPv6 address shortest, and
            // none reads an `IPvFuture` literal.
            (HostKind::Ipv6, Host::Ipv6(address)) => {
                let shortest = ipv6_text(&address.segments());
                if !shortest.eq_ignore_ascii_case(&host) {
                    notes.note(
                        input.span(host_from, host_from + host_len),
                        RepairKind::AddressRewritten,
                    );
                }
                Cow::Owned(shortest)
            }
            (HostKind::Ipv6 | HostKind::IpvFuture, _) => {
                return Err(ParseError::new(
                    text,
                    at(host_from),
                    ParseErrorKind::InvalidIpv6,
                ));
            }
            _ => {
                // A name is checked as a `http` base's reader checks it
                // (an `xn--` label must be punycode IDNA allows).
                check_ascii_name(&host)
                    .map_err(|(byte, kind)| ParseError::new(text, at(host_from + byte), kind))?;
                Cow::Borrowed(host.as_str())
            }
        };
        (written, kind)
    } else {
        // The host's bytes lost the tabs and newlines the text had, so a
        // position in it is counted in code points back into the text. A
        // name whose ASCII form ends in a number (`¹` is `1`) is an IPv4
        // number to a `http` base's reader, as in ASCII.
        let ascii = ascii_host(&host)
            .and_then(|ascii| {
                let number = is_a_number_form(&ascii);
                (!number)
                    .then_some(ascii)
                    .ok_or((0, ParseErrorKind::NeedsBase))
            })
            .map_err(|(byte, kind)| {
                let k = host.get(..byte).map_or(0, |before| before.chars().count());
                ParseError::new(text, at(host_from + k), kind)
            })?;
        let kind = parse_host(&ascii, ParseOptions::RFC3986)
            .map_err(|err| ParseError::new(text, at(host_from), err.kind()))?;
        notes.note(
            input.span(host_from, host_from + host_len),
            RepairKind::HostMapped,
        );
        (Cow::Owned(ascii), kind)
    };
    composer.host(&written, kind, Form::AsIs);
    port_into(composer, text, input, host_from + host_len..to)
}

/// Writes the port in code points `range` of `input` (its `:` first), if
/// the authority has one.
fn port_into(
    composer: &mut Composer<'_>,
    text: &str,
    input: &Cleaned,
    range: Range<usize>,
) -> Result<(), ParseError> {
    let (port_from, to) = (range.start, range.end);
    if port_from >= to {
        return Ok(());
    }
    let at = |k: usize| input.span(k, k).start;
    if input.chars[port_from] != ':' {
        return Err(ParseError::new(
            text,
            at(port_from),
            ParseErrorKind::InvalidChar(Component::Host),
        ));
    }
    let digits: String = input.chars[port_from + 1..to].iter().collect();
    check_component(&digits, Component::Port)
        .map_err(|err| ParseError::new(text, at(port_from + 1 + err.index()), err.kind()))?;
    // Every base's reader refuses a port above 65535, as the machine does
    // for a text with a scheme, and writes the number without its leading
    // zeros (`080` is `80`).
    match digits.parse::<u16>() {
        Ok(port) => composer.port(&port.to_string()),
        Err(_) if digits.is_empty() => composer.port(""),
        Err(_) => {
            return Err(ParseError::new(
                text,
                at(port_from + 1),
                ParseErrorKind::PortTooLarge,
            ));
        }
    }
    Ok(())
}

/// Whether a `http` base's reader takes the name `host` for an IPv4
/// number form that is not written as a strict dotted address (`0x7f.1`,
/// `1`): its last label is a number. Other bases keep it as text.
fn is_a_number_form(host: &str) -> bool {
    ends_in_number(host.strip_suffix('.').unwrap_or(host).as_bytes())
        && parse_host(host, ParseOptions::RFC3986) != Ok(HostKind::Ipv4)
}

/// An international host name's ASCII form, or the byte of `host` where
/// mapping failed and why.
#[cfg(feature = "idna")]
fn ascii_host(host: &str) -> Result<String, (usize, ParseErrorKind)> {
    uri_idna::host_to_ascii(host)
        .map(alloc::borrow::Cow::into_owned)
        .map_err(|err| (err.index(), idna_refusal(err.kind())))
}

/// An ASCII name as the URL Standard's "domain to ASCII" checks it (its
/// `xn--` labels decode to a name IDNA allows), or the byte where it
/// fails and why.
#[cfg(feature = "idna")]
fn check_ascii_name(host: &str) -> Result<(), (usize, ParseErrorKind)> {
    if !host
        .as_bytes()
        .windows(4)
        .any(|w| w.eq_ignore_ascii_case(b"xn--"))
    {
        return Ok(());
    }
    uri_idna::domain_to_ascii_as_browsers(host)
        .map(drop)
        .map_err(|err| (err.index(), idna_refusal(err.kind())))
}

/// Without IDNA an `xn--` label is not checked, as the browser reading
/// without the feature does not check it.
#[cfg(not(feature = "idna"))]
#[allow(
    clippy::unnecessary_wraps,
    reason = "the twin of the check with IDNA, whose result the caller reads"
)]
fn check_ascii_name(_host: &str) -> Result<(), (usize, ParseErrorKind)> {
    Ok(())
}

/// Without IDNA an international host has no ASCII form here (the
/// error's hint names the feature).
#[cfg(not(feature = "idna"))]
fn ascii_host(host: &str) -> Result<String, (usize, ParseErrorKind)> {
    let at = host.find(|c: char| !c.is_ascii()).unwrap_or(0);
    Err((at, ParseErrorKind::HostNeedsIdna))
}
