//! Writing a URI reference piece by piece while recording where each piece
//! lies: how every operation that makes a new URI (normalize, resolve,
//! relativize, build, set) gets its [`Components`] without parsing the
//! string it just wrote.

use alloc::borrow::Cow;
use alloc::string::String;
use core::convert::Infallible;
use core::fmt::Write;

use uri_core::parse::{Marks, ParseOptions, parse_ipv4, parse_uri_reference_with};
use uri_core::pct::encode_byte;
use uri_core::table::UNRESERVED;
use uri_core::{Components, HostKind};

use crate::bytes::scan::escape_at;
use crate::value::uri::Parsed;
use crate::write::dots::{Joined, remove_dot_segments_into};

/// How a component's text is copied into the output.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Form {
    /// Byte for byte.
    AsIs,
    /// RFC 3986 sections 6.2.2.1 and 6.2.2.2: escapes of unreserved
    /// characters decoded, every other escape in uppercase hex.
    Normalized,
    /// As `Normalized`, and ASCII letters lowercased: for the scheme and
    /// the host, which are case-insensitive.
    Lowercased,
}

/// Appends `text` to `out` in `form`.
///
/// The text between escapes that change is copied in whole pieces; in the
/// `Normalized` form an escape already in uppercase hex of a reserved or
/// non-ASCII byte stays inside the piece. (In the `Lowercased` form every
/// escape ends a piece, since the piece is lowercased as a whole.)
pub(crate) fn push_text(out: &mut String, text: &str, form: Form) {
    if form == Form::AsIs {
        out.push_str(text);
        return;
    }
    let bytes = text.as_bytes();
    let (mut run, mut i) = (0, 0);
    while let Some(mark) = next_percent(bytes, i) {
        let Some((decoded, changes)) = escape_at(bytes, mark) else {
            i = mark + 1;
            continue;
        };
        i = mark + 3;
        if form == Form::Normalized && !changes {
            continue;
        }
        push_run(out, text.get(run..mark).unwrap_or(""), form);
        if UNRESERVED.contains(decoded) {
            let c = char::from(decoded);
            out.push(if form == Form::Lowercased {
                c.to_ascii_lowercase()
            } else {
                c
            });
        } else {
            out.extend(encode_byte(decoded).map(char::from));
        }
        run = i;
    }
    push_run(out, text.get(run..).unwrap_or(""), form);
}

fn push_run(out: &mut String, run: &str, form: Form) {
    let start = out.len();
    out.push_str(run);
    if form == Form::Lowercased
        && let Some(written) = out.get_mut(start..)
    {
        written.make_ascii_lowercase();
    }
}

/// The index of the first `%` at or after `from`.
fn next_percent(bytes: &[u8], from: usize) -> Option<usize> {
    let at = crate::bytes::raw::position(bytes.get(from..)?, b'%')?;
    Some(from + at)
}

/// `text` in `form`, borrowed when that changes nothing.
pub(crate) fn text_in(text: &str, form: Form) -> Cow<'_, str> {
    if is_in_form(text, form) {
        Cow::Borrowed(text)
    } else {
        let mut out = String::with_capacity(text.len());
        push_text(&mut out, text, form);
        Cow::Owned(out)
    }
}

/// Whether [`push_text`] would copy `text` unchanged; no allocation.
#[allow(
    clippy::needless_bitwise_bool,
    reason = "`||` would branch per byte and keep the compiler from vectorizing"
)]
pub(crate) fn is_in_form(text: &str, form: Form) -> bool {
    match form {
        Form::AsIs => true,
        // A scheme or a host: short, and mostly without an escape or a
        // capital, which one pass with no branch per byte rules out.
        Form::Lowercased => {
            let marked = text.bytes().fold(false, |marked, b| {
                marked | b.is_ascii_uppercase() | (b == b'%')
            });
            !marked || lowercase_between_normal_escapes(text)
        }
        Form::Normalized => crate::bytes::raw::escapes_in_normal_form(text.as_bytes(), 0),
    }
}

/// [`is_in_form`] for `Lowercased`, looking at each escape and at the
/// text between them (an escape's hex digits may be capitals).
fn lowercase_between_normal_escapes(text: &str) -> bool {
    let bytes = text.as_bytes();
    let mut i = 0;
    loop {
        // Escapes come in runs (encoded UTF-8): look at the next byte
        // before searching.
        let mark = if bytes.get(i) == Some(&b'%') {
            i
        } else {
            next_percent(bytes, i).unwrap_or(bytes.len())
        };
        let piece = bytes.get(i..mark).unwrap_or_default();
        if piece.iter().any(u8::is_ascii_uppercase) {
            return false;
        }
        if mark == bytes.len() {
            return true;
        }
        i = match escape_at(bytes, mark) {
            Some((_, true)) => return false,
            Some((_, false)) => mark + 3,
            None => mark + 1,
        };
    }
}

/// A host split before an IPv6 zone identifier (`[fe80::1` and `%25en0]`),
/// which normalization must not lowercase; other hosts have no zone.
pub(crate) fn split_zone(host: &str, kind: HostKind) -> (&str, &str) {
    let zone = match kind {
        HostKind::Ipv6 => host.find('%').unwrap_or(host.len()),
        _ => host.len(),
    };
    host.split_at(zone)
}

/// The kind RFC 3986 section 3.2.2 gives a host written in its
/// characters: an IP literal in brackets (`IPvFuture` when it starts with
/// `v`), an IPv4 address where the text reads as one (the grammar tries
/// that reading before a name's), else a name.
pub(crate) fn host_kind_of(host: &str) -> HostKind {
    match host.as_bytes() {
        [b'[', b'v' | b'V', ..] => HostKind::IpvFuture,
        [b'[', ..] => HostKind::Ipv6,
        bytes if parse_ipv4(bytes, 0, bytes.len()).is_ok() => HostKind::Ipv4,
        _ => HostKind::RegName,
    }
}

/// An authority's parts, as text ready to be copied.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Authority<'a> {
    pub(crate) userinfo: Option<&'a str>,
    pub(crate) host: &'a str,
    pub(crate) host_kind: HostKind,
    pub(crate) port: Option<&'a str>,
}

impl<'a> Authority<'a> {
    /// The authority of a parsed reference, if it has one.
    #[inline]
    pub(crate) fn of(parsed: &Parsed<'a>) -> Option<Authority<'a>> {
        Some(Authority {
            userinfo: parsed.userinfo(),
            host: parsed.host()?,
            host_kind: parsed.parts.host_kind()?,
            port: parsed.port(),
        })
    }
}

/// Writes into a caller's `String`, recording positions as it goes. The
/// methods must be called in component order, each at most once; the
/// caller vouches that each text is valid for its component.
pub(crate) struct Composer<'o> {
    out: &'o mut String,
    marks: Marks,
}

impl<'o> Composer<'o> {
    /// Starts an empty reference in `out`, clearing it but keeping its
    /// capacity.
    pub(crate) fn new(out: &'o mut String) -> Composer<'o> {
        out.clear();
        Composer {
            out,
            marks: Marks {
                len: 0,
                scheme_end: None,
                authority_start: None,
                userinfo_end: None,
                host_start: 0,
                host_end: 0,
                port_mark: None,
                host_kind: HostKind::RegName,
                path_start: 0,
                path_end: 0,
                query_mark: None,
                fragment_mark: None,
            },
        }
    }

    /// Writes the scheme and its `:`; a form other than `AsIs` lowercases
    /// it (a scheme has no escapes to normalize: `%` is not among its
    /// characters).
    #[inline]
    pub(crate) fn scheme(&mut self, scheme: &str, form: Form) {
        let case = if form == Form::AsIs {
            Form::AsIs
        } else {
            Form::Lowercased
        };
        push_run(self.out, scheme, case);
        self.marks.scheme_end = Some(self.out.len());
        self.out.push(':');
    }

    /// Writes `//` and the authority. With a form other than `AsIs`, the
    /// userinfo is normalized, the host lowercased too (an IPv6 zone
    /// identifier keeps its case), and the host's kind found again, since
    /// decoding `%31` can turn a reg-name into an IPv4 address.
    pub(crate) fn authority(&mut self, authority: &Authority<'_>, form: Form) {
        self.open_authority();
        if let Some(userinfo) = authority.userinfo {
            self.userinfo(userinfo, form);
        }
        self.host(authority.host, authority.host_kind, form);
        if let Some(port) = authority.port {
            self.port(port);
        }
    }

    /// Writes the `//` that opens an authority; its pieces follow, the
    /// host always.
    #[inline]
    pub(crate) fn open_authority(&mut self) {
        self.out.push_str("//");
        self.marks.authority_start = Some(self.out.len());
    }

    /// Writes the userinfo and its `@`.
    #[inline]
    pub(crate) fn userinfo(&mut self, userinfo: &str, form: Form) {
        self.userinfo_with(|out| push_text(out, userinfo, form));
    }

    /// Writes the userinfo that `write` appends to the output, and its `@`.
    #[inline]
    pub(crate) fn userinfo_with(&mut self, write: impl FnOnce(&mut String)) {
        write(self.out);
        self.marks.userinfo_end = Some(self.out.len());
        self.out.push('@');
    }

    /// Writes the host, of kind `kind` as written: with a form other than
    /// `AsIs` lowercased (an IPv6 zone identifier keeps its case) and its
    /// kind found again, since decoding `%31` can turn a reg-name into an
    /// IPv4 address.
    pub(crate) fn host(&mut self, host: &str, kind: HostKind, form: Form) {
        self.marks.host_start = self.out.len();
        if form == Form::AsIs {
            self.out.push_str(host);
        } else {
            let (address, zone) = split_zone(host, kind);
            push_text(self.out, address, Form::Lowercased);
            push_text(self.out, zone, form);
        }
        self.marks.host_end = self.out.len();
        self.marks.host_kind = match kind {
            HostKind::RegName if form != Form::AsIs => {
                let written = self.out.as_bytes();
                match parse_ipv4(written, self.marks.host_start, self.marks.host_end) {
                    Ok(_) => HostKind::Ipv4,
                    Err(_) => HostKind::RegName,
                }
            }
            kind => kind,
        };
    }

    /// Writes `:` and the port's digits as they are (possibly none).
    #[inline]
    pub(crate) fn port(&mut self, port: &str) {
        self.marks.port_mark = Some(self.out.len());
        self.out.push(':');
        self.out.push_str(port);
    }

    /// Writes `:` and the port number in decimal.
    #[inline]
    pub(crate) fn port_number(&mut self, port: u16) {
        self.marks.port_mark = Some(self.out.len());
        self.out.push(':');
        let _ = write!(self.out, "{port}");
    }

    /// Writes the path, with dot segments removed when asked, and keeps the
    /// result from re-parsing differently ([`keep_path_shape`]).
    pub(crate) fn path(&mut self, path: Joined<'_>, remove_dots: bool) {
        self.path_with(|out| {
            if remove_dots {
                remove_dot_segments_into(out, out.len(), path);
            } else {
                path.push_all(out);
            }
        });
    }

    /// Writes the path that `write` appends to the output, then keeps it
    /// from re-parsing differently ([`keep_path_shape`]).
    #[inline]
    pub(crate) fn path_with(&mut self, write: impl FnOnce(&mut String)) {
        let written: Result<(), Infallible> = self.try_path_with(|out| {
            write(out);
            Ok(())
        });
        let Ok(()) = written;
    }

    /// [`path_with`](Self::path_with) for a writer that may refuse a piece
    /// of the path, leaving the writing unfinished.
    #[inline]
    pub(crate) fn try_path_with<E>(
        &mut self,
        write: impl FnOnce(&mut String) -> Result<(), E>,
    ) -> Result<(), E> {
        let start = self.out.len();
        self.marks.path_start = start;
        write(self.out)?;
        keep_path_shape(
            self.out,
            start,
            self.marks.authority_start.is_some(),
            self.marks.scheme_end.is_some(),
        );
        self.marks.path_end = self.out.len();
        Ok(())
    }

    #[inline]
    pub(crate) fn query(&mut self, query: &str, form: Form) {
        self.query_with(|out| push_text(out, query, form));
    }

    /// Writes `?` and the query that `write` appends to the output.
    #[inline]
    pub(crate) fn query_with(&mut self, write: impl FnOnce(&mut String)) {
        self.marks.query_mark = Some(self.out.len());
        self.out.push('?');
        write(self.out);
    }

    #[inline]
    pub(crate) fn fragment(&mut self, fragment: &str, form: Form) {
        self.fragment_with(|out| push_text(out, fragment, form));
    }

    /// Writes `#` and the fragment that `write` appends to the output.
    #[inline]
    pub(crate) fn fragment_with(&mut self, write: impl FnOnce(&mut String)) {
        self.marks.fragment_mark = Some(self.out.len());
        self.out.push('#');
        write(self.out);
    }

    /// Whether an authority has been written.
    pub(crate) fn has_authority(&self) -> bool {
        self.marks.authority_start.is_some()
    }

    /// The boundaries of what was written.
    ///
    /// Each piece was written in its component's characters, so the text
    /// parses with these boundaries; debug builds parse it again (with
    /// every grammar extension a writer may carry over: IRI characters,
    /// zone identifiers) to check that, the one place a written URI is
    /// parsed.
    pub(crate) fn finish(mut self) -> Components {
        self.marks.len = self.out.len();
        let parts = Components::from_marks(self.marks);
        debug_assert_eq!(
            parse_uri_reference_with(self.out, ParseOptions::RFC3987.with_zone_ids()),
            Ok(parts),
            "{}",
            self.out
        );
        parts
    }
}

/// Keeps the path that starts at `path_start` and runs to the end of `out`
/// from re-parsing as something else: with no authority, a path starting
/// `//` becomes `/.//…` (it would read as an authority), and in a
/// reference without a scheme a first segment with a `:` gets a leading
/// `./` (it would read as a scheme, section 4.2). Both prefixes are dot
/// segments, so the path still resolves the same.
pub(crate) fn keep_path_shape(
    out: &mut String,
    path_start: usize,
    has_authority: bool,
    has_scheme: bool,
) {
    if has_authority {
        return;
    }
    let written = out.get(path_start..).unwrap_or("");
    if written.starts_with("//") {
        out.insert_str(path_start, "/.");
    } else if !has_scheme
        && written
            .split('/')
            .next()
            .is_some_and(|first| first.contains(':'))
    {
        out.insert_str(path_start, "./");
    }
}

/// Writes a reference from parts that are valid as they are, byte for
/// byte: what the builder and relativization produce.
pub(crate) fn write_as_is(
    scheme: Option<&str>,
    authority: Option<&Authority<'_>>,
    path: Joined<'_>,
    query: Option<&str>,
    fragment: Option<&str>,
) -> (String, Components) {
    let capacity = scheme.map_or(0, str::len)
        + authority.map_or(0, |a| a.host.len() + 16)
        + path.len()
        + query.map_or(0, str::len)
        + fragment.map_or(0, str::len)
        + 4;
    let mut out = String::with_capacity(capacity);
    let mut composer = Composer::new(&mut out);
    if let Some(scheme) = scheme {
        composer.scheme(scheme, Form::AsIs);
    }
    if let Some(authority) = authority {
        composer.authority(authority, Form::AsIs);
    }
    composer.path(path, false);
    if let Some(query) = query {
        composer.query(query, Form::AsIs);
    }
    if let Some(fragment) = fragment {
        composer.fragment(fragment, Form::AsIs);
    }
    let parts = composer.finish();
    (out, parts)
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;
    use uri_core::pct::decode_triplet;

    fn normalized(text: &str, form: Form) -> String {
        let mut out = String::new();
        push_text(&mut out, text, form);
        out
    }

    #[test]
    fn escapes_are_decoded_or_uppercased() {
        assert_eq!(
            normalized("%7e%41%2f%c3%a9x", Form::Normalized),
            "~A%2F%C3%A9x"
        );
        assert_eq!(normalized("AB%41%2f", Form::Lowercased), "aba%2F");
        assert_eq!(normalized("AB%41", Form::AsIs), "AB%41");
    }

    #[test]
    fn form_checks_agree_with_writing() {
        for text in [
            "", "abc", "%7E", "%2f", "%2F", "AB", "a%C3%A9", "%zz", "100%",
        ] {
            for form in [Form::AsIs, Form::Normalized, Form::Lowercased] {
                assert_eq!(
                    is_in_form(text, form),
                    normalized(text, form) == text,
                    "{text:?} {form:?}"
                );
            }
        }
    }

    /// Sections 6.2.2.1 and 6.2.2.2 one byte at a time: what the piecewise
    /// writer must agree with.
    fn byte_by_byte(text: &str, form: Form) -> String {
        let (bytes, mut out, mut i) = (text.as_bytes(), Vec::new(), 0);
        let lower = |b: u8| {
            if form == Form::Lowercased {
                b.to_ascii_lowercase()
            } else {
                b
            }
        };
        while let Some(&byte) = bytes.get(i) {
            match decode_triplet(bytes, i, bytes.len()) {
                Some(decoded) if UNRESERVED.contains(decoded) => out.push(lower(decoded)),
                Some(decoded) => out.extend(encode_byte(decoded)),
                None => {
                    out.push(lower(byte));
                    i += 1;
                    continue;
                }
            }
            i += 3;
        }
        String::from_utf8(out).unwrap_or_default()
    }

    #[test]
    fn piecewise_writing_agrees_with_byte_by_byte_on_random_text() {
        let pieces = [
            "a", "B", "%41", "%7e", "%7E", "%2f", "%2F", "%c3", "%C3", "%", "%4", "%zz", "/", "-",
            ".", "é", "abcdefgh", "XYZ",
        ];
        let mut seed = 0x0622_u64;
        for _ in 0..20_000 {
            let text = crate::bytes::scan::tests::random_text(&mut seed, &pieces, 12);
            for form in [Form::Normalized, Form::Lowercased] {
                let written = normalized(&text, form);
                assert_eq!(written, byte_by_byte(&text, form), "{text:?} {form:?}");
                assert_eq!(
                    is_in_form(&text, form),
                    written == text,
                    "{text:?} {form:?}"
                );
            }
        }
    }
}
