//! A strict URI's browser reading without the state machine: most URIs in
//! the wild are strict text that a browser reads as written, or with
//! changes that need no machine (a scheme or host in lowercase, a default
//! port dropped, an IPv6 address in its shortest form, an empty password
//! dropped, a `'` escaped in a special query, an empty special path
//! written `/`, an empty host before a `file` URL's rooted path, an
//! `xn--` host checked). Anything else is left to the
//! machine; an IP literal no browser reads (`[v7.x]`) is refused here with
//! the machine's error.
//!
//! Each condition below stands for a change the Standard's parser would
//! make; the result and its repairs equal the machine's, which the
//! agreement tests check on the corpus and on generated URIs. The checks
//! come first, each one pass over bytes, and text is written only when
//! something changes.

use alloc::string::String;

use uri_core::parse::parse_ipv6;
use uri_core::scheme::{SchemeFacts, scheme_facts};
use uri_core::{Components, HostKind, ParseError, ParseErrorKind};

use super::host::{ShortestIpv6, ends_in_a_number};
use super::repair::{Notes, RepairKind};
use crate::bytes::{raw, words};
use crate::value::buf::UriBuf;
use crate::value::port;
use crate::write::compose::{self, Composer};
use crate::write::dot_segment::reads_as_dot_segment;

/// What a browser makes of a strict URI, when no machine is needed.
/// `special` says whether its scheme is one of the URL Standard's
/// special ones, for which the value's scheme, host, port and empty path
/// are written as scheme-based normalization writes them (see
/// `UriBuf::parse_href`).
pub(super) enum Form {
    /// The text itself.
    AsWritten { special: bool },
    /// This value instead.
    Rewritten { value: UriBuf, special: bool },
    /// Refused, with the machine's error.
    Refused(ParseError),
    /// Left to the machine.
    Machine,
}

/// The browser form of the URI `text` whose boundaries are `parts`,
/// noting its repairs in `notes`.
pub(super) fn browser_form(text: &str, parts: &Components, notes: &mut Notes) -> Form {
    let pieces = Pieces::of(text, parts);
    let facts = scheme_facts(pieces.scheme).filter(|facts| facts.whatwg_special);
    let special = facts.is_some();
    if !path_as_written(pieces.path) {
        return Form::Machine;
    }
    let plan = match authority_plan(&pieces, facts, notes) {
        Ok(Some(plan)) => plan,
        Ok(None) => return Form::Machine,
        Err(err) => return Form::Refused(err),
    };
    let quote_in_query = special
        && pieces
            .query()
            .is_some_and(|query| raw::position(query.as_bytes(), b'\'').is_some());
    if plan.moved || quote_in_query {
        let value = rewritten(&pieces, &plan, quote_in_query, notes);
        return Form::Rewritten { value, special };
    }
    let recase_scheme = words::prefix_has_capital(text.as_bytes(), pieces.scheme.len());
    if !(recase_scheme || plan.recase_host) {
        return Form::AsWritten { special };
    }
    // Only letters change case: every part stands where it stood.
    let mut text = String::from(pieces.text);
    if let Some(scheme) = text.get_mut(..pieces.scheme.len()) {
        scheme.make_ascii_lowercase();
    }
    if plan.recase_host
        && let Some(host) = pieces.parts.host()
        && let Some(host) = text.get_mut(host)
    {
        host.make_ascii_lowercase();
    }
    let value = UriBuf::from_written(text, *pieces.parts);
    Form::Rewritten { value, special }
}

/// A URI's parts: the three every URI's reading asks for sliced from its
/// text once, the others when asked (most readings never ask for them,
/// and each slice checks its ends are character boundaries).
struct Pieces<'a> {
    text: &'a str,
    parts: &'a Components,
    scheme: &'a str,
    host: Option<&'a str>,
    path: &'a str,
}

impl<'a> Pieces<'a> {
    /// Sliced from boundaries borrowed where the parser wrote them (see
    /// `strict_text`).
    fn of(text: &'a str, parts: &'a Components) -> Self {
        Pieces {
            text,
            parts,
            scheme: Self::slice(text, parts.scheme()).unwrap_or_default(),
            host: Self::slice(text, parts.host()),
            path: Self::slice(text, Some(parts.path())).unwrap_or_default(),
        }
    }

    fn slice(text: &'a str, range: Option<core::ops::Range<usize>>) -> Option<&'a str> {
        range.and_then(|r| text.get(r))
    }

    fn userinfo(&self) -> Option<&'a str> {
        Self::slice(self.text, self.parts.userinfo())
    }

    fn port(&self) -> Option<&'a str> {
        Self::slice(self.text, self.parts.port())
    }

    fn query(&self) -> Option<&'a str> {
        Self::slice(self.text, self.parts.query())
    }

    fn fragment(&self) -> Option<&'a str> {
        Self::slice(self.text, self.parts.fragment())
    }
}

/// What the authority needs.
struct Plan<'a> {
    /// A part is dropped, rewritten or added, so the text moves.
    moved: bool,
    /// The host's letters go to lowercase, and nothing else changes.
    recase_host: bool,
    /// The userinfo as the Standard writes it (`None`: none).
    userinfo: Option<&'a str>,
    /// The host in its written form, when it differs from the text's.
    host: Option<String>,
    /// The port as the Standard writes it (`None`: none).
    port: Option<u16>,
    /// A special URL's empty path, written `/`.
    root_path: bool,
}

/// Checks the authority, noting its repairs; `Ok(None)` when the machine
/// must read it.
fn authority_plan<'a>(
    uri: &Pieces<'a>,
    facts: Option<&SchemeFacts>,
    notes: &mut Notes,
) -> Result<Option<Plan<'a>>, ParseError> {
    let special = facts.is_some();
    let mut plan = Plan {
        moved: false,
        recase_host: false,
        userinfo: None,
        host: None,
        port: None,
        root_path: false,
    };
    let is_file = facts.is_some_and(|facts| facts.name == "file");
    let (Some(host), Some(host_range)) = (uri.host, uri.parts.host()) else {
        // A special URL always gets an authority. A `file` URL's rooted
        // path gets an empty one before it (`file:/tmp/x` is
        // `file:///tmp/x`), with no repair noted, as the machine does; a
        // rootless path is left to the machine.
        if is_file && uri.path.starts_with('/') {
            plan.moved = true;
            plan.host = Some(String::new());
            return Ok(Some(plan));
        }
        return Ok((!special).then_some(plan));
    };
    // A port or userinfo around an empty host is refused (`sc://:80`,
    // `sc://a@`); a `file` URL has neither (`C:` there is a drive).
    let (port, userinfo) = (uri.port(), uri.userinfo());
    let has_more = port.is_some() || userinfo.is_some();
    if (host.is_empty() || is_file) && has_more {
        return Ok(None);
    }
    let host_at = host_range.start;
    if let Some(userinfo) = userinfo {
        let Some(written) = userinfo_form(userinfo) else {
            return Ok(None);
        };
        let authority = uri.scheme.len() + "://".len();
        let at_sign = host_at - 1;
        if written.is_empty() {
            notes.note(authority..at_sign + 1, RepairKind::EmptyCredentials);
        } else if written != userinfo {
            notes.note(at_sign - 1..at_sign, RepairKind::EmptyCredentials);
        }
        // An empty userinfo loses its `@`.
        plan.moved |= written.is_empty() || written != userinfo;
        plan.userinfo = (!written.is_empty()).then_some(written);
    }
    match uri.parts.host_kind() {
        Some(HostKind::Ipv6) => {
            // The pieces of the address between the brackets, read with no
            // detour through a `Host`. A zone (`%25eth0`) is no part of
            // an address, so it is left to the machine, which refuses it.
            let address = host
                .as_bytes()
                .get(1..host.len().saturating_sub(1))
                .unwrap_or_default();
            let Ok(pieces) = parse_ipv6(address, 0, address.len()) else {
                return Ok(None);
            };
            let shortest = ShortestIpv6::of(&pieces);
            let written = shortest.as_bytes();
            if !written.eq_ignore_ascii_case(host.as_bytes()) {
                notes.note(host_at..host_at + host.len(), RepairKind::AddressRewritten);
            }
            if written != host.as_bytes() {
                plan.moved = true;
                plan.host = Some(String::from(shortest.as_str()));
            }
        }
        Some(HostKind::IpvFuture) => {
            // Browsers read only IPv6 in brackets; the `v` is where
            // reading an address stops.
            return Err(ParseError::new(
                uri.text,
                host_at + 1,
                ParseErrorKind::InvalidIpv6,
            ));
        }
        // `file:///x` has an empty host.
        Some(HostKind::RegName) if special && !(is_file && host.is_empty()) => {
            match special_name(host) {
                Name::AsWritten => {}
                Name::Recased => plan.recase_host = true,
                Name::Machine => return Ok(None),
            }
            if is_file && host.eq_ignore_ascii_case("localhost") {
                plan.moved = true;
                plan.host = Some(String::new());
            }
        }
        Some(HostKind::RegName | HostKind::Ipv4) => {}
        None => return Ok(None),
    }
    if let Some(port) = port {
        // Above 65535 is refused by the machine; empty is written as none.
        let Ok(n) = port::to_u16(Some(port), 0) else {
            return Ok(None);
        };
        let n = n.unwrap_or(0);
        let default = facts.and_then(|f| f.default_port);
        plan.port = (Some(n) != default && !port.is_empty()).then_some(n);
        plan.moved |= plan.port.is_none() || port.len() > 1 && port.starts_with('0');
    }
    if special && uri.path.is_empty() {
        plan.moved = true;
        plan.root_path = true;
    }
    Ok(Some(plan))
}

/// The URI with the plan's changes and a special query's `'` escaped,
/// written through the one writer: each piece is a part of a strict URI,
/// or what stands for one (a shorter IPv6 form, a lowercase name, `%27`).
fn rewritten(uri: &Pieces<'_>, plan: &Plan<'_>, quote_in_query: bool, notes: &mut Notes) -> UriBuf {
    let text = uri.text;
    let mut out = String::with_capacity(text.len() + 8);
    let mut composer = Composer::new(&mut out);
    composer.scheme(uri.scheme, compose::Form::Lowercased);
    // The host as the plan writes it, else as written; a `file` URL
    // without an authority has only the plan's (empty) one.
    let host_kind = uri.parts.host_kind().unwrap_or(HostKind::RegName);
    if let Some(host) = plan.host.as_deref().or(uri.host) {
        composer.open_authority();
        if let Some(userinfo) = plan.userinfo {
            composer.userinfo(userinfo, compose::Form::AsIs);
        }
        let host_form = if plan.recase_host {
            compose::Form::Lowercased
        } else {
            compose::Form::AsIs
        };
        composer.host(host, host_kind, host_form);
        if let Some(port) = plan.port {
            composer.port_number(port);
        }
    }
    composer.path_with(|out| {
        if plan.root_path {
            out.push('/');
        }
        out.push_str(uri.path);
    });
    if let Some(query) = uri.query() {
        composer.query_with(|out| {
            if !quote_in_query {
                out.push_str(query);
                return;
            }
            let mut at = text.len() - uri.fragment().map_or(0, |f| f.len() + 1) - query.len();
            // Found with the crate's byte search: `str::split` with a
            // `char` pattern sets up a search per piece, and these
            // queries have many.
            let mut rest = query;
            while let Some(quote) = raw::position(rest.as_bytes(), b'\'') {
                let (before, after) = rest.split_at_checked(quote).unwrap_or((rest, ""));
                out.push_str(before);
                out.push_str("%27");
                notes.note(at + quote..at + quote + 1, RepairKind::Encoded);
                at += quote + 1;
                rest = after.get(1..).unwrap_or_default();
            }
            out.push_str(rest);
        });
    }
    if let Some(fragment) = uri.fragment() {
        composer.fragment(fragment, compose::Form::AsIs);
    }
    let parts = composer.finish();
    UriBuf::from_written(out, parts)
}

/// The userinfo as the Standard writes it back: as it is, without an
/// empty password's `:`, or empty (none at all) when both parts are.
/// `None` when the machine must read it: a `;` or `=` (escaped there) or
/// a second `:`.
fn userinfo_form(userinfo: &str) -> Option<&str> {
    if userinfo.bytes().any(|b| b == b';' || b == b'=') {
        return None;
    }
    match userinfo.split_once(':') {
        Some((_, password)) if password.contains(':') => None,
        Some((name, "")) => Some(name),
        _ => Some(userinfo),
    }
}

/// What a browser makes of a special host name.
enum Name {
    AsWritten,
    /// The same name in lowercase.
    Recased,
    /// Left to the machine: a character IDNA maps or refuses, an `xn--`
    /// label that does not decode, a name that ends in a number (an IPv4
    /// form), an empty name.
    Machine,
}

/// What a byte of a special name says about it, one bit each: it is not
/// an ASCII letter, digit, `-` or `.` (which map to themselves but for
/// case); it is an uppercase letter; it is a `-`.
const NAME_BYTE: [u8; 256] = {
    let mut flags = [OTHER; 256];
    let mut b = 0;
    while b < 128 {
        let c = b as u8;
        flags[b] = match c {
            b'a'..=b'z' | b'0'..=b'9' | b'.' => 0,
            b'A'..=b'Z' => UPPER,
            b'-' => DASH,
            _ => OTHER,
        };
        b += 1;
    }
    flags
};
const OTHER: u8 = 1;
const UPPER: u8 = 2;
const DASH: u8 = 4;

/// Reads a special host name: ASCII letters, digits, `-` and `.` map to
/// themselves but for case; an `xn--` label is checked by IDNA (with the
/// feature; without it, IDNA is not applied and the label stands as
/// written).
fn special_name(name: &str) -> Name {
    let bytes = name.as_bytes();
    // One pass, a table lookup a byte and no branch (names are short).
    let flags = bytes
        .iter()
        .fold(0, |flags, &b| flags | NAME_BYTE[usize::from(b)]);
    if flags & OTHER != 0 || name.is_empty() || ends_in_a_number(name) {
        return Name::Machine;
    }
    // Every `xn--` label has a `-`, which few names have.
    let punycode = flags & DASH != 0
        && bytes.split(|&b| b == b'.').any(|label| {
            label
                .get(..4)
                .is_some_and(|p| p.eq_ignore_ascii_case(b"xn--"))
        });
    if punycode && !idna_keeps(name) {
        return Name::Machine;
    }
    if flags & UPPER != 0 {
        Name::Recased
    } else {
        Name::AsWritten
    }
}

/// Whether IDNA's mapping of an ASCII name with an `xn--` label is the
/// name in lowercase (its labels decode and validate).
#[cfg(feature = "idna")]
fn idna_keeps(name: &str) -> bool {
    uri_idna::domain_to_ascii_as_browsers(name)
        .is_ok_and(|ascii| ascii.len() == name.len() && ascii.eq_ignore_ascii_case(name))
}

/// Without IDNA an ASCII name is only lowercased, as the machine does.
#[cfg(not(feature = "idna"))]
fn idna_keeps(_name: &str) -> bool {
    true
}

/// No segment that the parser reads as `.` or `..`, written with dots or
/// with `%2e`. Each such segment starts with one or the other, which few
/// paths' segments do (`/.well-known`): one search, sixteen places a
/// step, rules out the rest, and only the paths it finds are split and
/// their segments read.
fn path_as_written(path: &str) -> bool {
    !raw::has_segment_starting_with_dot(path.as_bytes())
        || !path.split('/').any(reads_as_dot_segment)
}

#[cfg(test)]
mod tests {
    use super::path_as_written;
    use crate::bytes::scan::tests::random_text;
    use crate::write::dot_segment::reads_as_dot_segment;

    #[test]
    fn a_path_is_as_written_unless_a_segment_reads_as_a_dot() {
        // Escapes that spell a dot and escapes that do not, at every place
        // of a segment, among literal dots.
        let pieces = [
            "/", "a", ".", "%2e", "%2E", "%2f", "%20", "%e2", "%22e", "%%2e",
        ];
        let mut seed = 0x2e2e_u64;
        for _ in 0..20_000 {
            let path = random_text(&mut seed, &pieces, 8);
            let plainly = !path.split('/').any(reads_as_dot_segment);
            assert_eq!(path_as_written(&path), plainly, "{path:?}");
        }
    }
}
