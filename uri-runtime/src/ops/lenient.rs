//! Text from the wild (HTML attributes, HTTP headers, logs, people) made
//! into a strict URI explicitly, with every repair reported.
//!
//! The strict parsers never guess (DESIGN policy 10). These functions
//! repair what has one obvious reading, keep every byte that was already
//! valid, and return the strict owned value with the list of what they
//! changed, each with its byte range in the input: trimming, removing tabs
//! and newlines, percent-encoding what cannot stand where it is, and
//! mapping an international host to its ASCII form. What has no obvious
//! reading (a bad scheme, a broken IP literal, a port that is not a
//! number) is an error with its position, as from the strict parser.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::ops::Range;

use uri_core::pct::{URI_CHARS, encode_byte, is_triplet};
use uri_core::table::{ALPHA, SCHEME};
use uri_core::{Component, ParseError, ParseErrorKind};

use crate::value::buf::{UriBuf, UriRefBuf};
use crate::value::uri::Uri;

/// A value made from text that needed repairs, and the repairs.
///
/// ```
/// use uri_runtime::{RepairKind, UriRefBuf};
///
/// let href = "  /wiki/Café?q=[rust]#a#b\n";
/// let repaired = UriRefBuf::parse_lenient(href)?;
/// assert_eq!(repaired.value, "/wiki/Caf%C3%A9?q=%5Brust%5D#a%23b");
/// let kinds: Vec<RepairKind> = repaired.repairs.iter().map(|r| r.kind).collect();
/// assert_eq!(
///     kinds,
///     [RepairKind::Trimmed, RepairKind::Encoded, RepairKind::Encoded,
///      RepairKind::Encoded, RepairKind::Encoded, RepairKind::Trimmed]
/// );
/// assert_eq!(&href[repaired.repairs[1].range.clone()], "é");
/// # Ok::<(), uri_runtime::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Repaired<T> {
    /// The strict value.
    pub value: T,
    /// What was changed, in input order; empty when the text was valid.
    pub repairs: Vec<Repair>,
}

/// One change a lenient parse made: where in the input, and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Repair {
    /// The bytes of the input it concerns.
    pub range: Range<usize>,
    /// What was done with them.
    pub kind: RepairKind,
}

/// What a lenient parse did with some bytes of its input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum RepairKind {
    /// ASCII whitespace around the text, removed.
    Trimmed,
    /// Tabs and newlines inside the text, removed (as browsers do).
    Removed,
    /// Characters that cannot stand where they are (a space, non-ASCII,
    /// `"` `<` `>` `\` `^` `` ` `` `{` `|` `}`, `[` `]` outside an IP
    /// literal, a second `#`, a control), percent-encoded as UTF-8.
    Encoded,
    /// A `%` that starts no escape, written `%25`.
    PercentEscaped,
    /// An international host name, mapped to its ASCII form through IDNA
    /// (feature `idna`).
    HostMapped,
}

impl fmt::Display for Repair {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.kind {
            RepairKind::Trimmed => "trimmed whitespace",
            RepairKind::Removed => "removed tabs or newlines",
            RepairKind::Encoded => "percent-encoded",
            RepairKind::PercentEscaped => "escaped a lone \"%\"",
            RepairKind::HostMapped => "mapped the host to ASCII",
        };
        write!(
            f,
            "{what} at bytes {}..{}",
            self.range.start, self.range.end
        )
    }
}

impl UriRefBuf {
    /// Parses text from the wild as a URI reference, repairing what has
    /// one obvious reading; see [`Repaired`] and [`RepairKind`] for what is
    /// repaired. The strict [`parse`](Self::parse) never does.
    ///
    /// ```
    /// use uri_runtime::{RepairKind, UriRefBuf};
    ///
    /// // An href as it was written in a page: spaces, a stray `#`.
    /// let link = UriRefBuf::parse_lenient(" docs/my file.pdf#p1#2 ")?;
    /// assert_eq!(link.value, "docs/my%20file.pdf#p1%232");
    /// let kinds: Vec<RepairKind> = link.repairs.iter().map(|r| r.kind).collect();
    /// assert_eq!(kinds, [RepairKind::Trimmed, RepairKind::Encoded, RepairKind::Encoded, RepairKind::Trimmed]);
    /// // Each repair says which bytes of the text it changed.
    /// assert_eq!(link.repairs[1].range, 8..9);
    /// # Ok::<(), uri_runtime::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// What cannot be repaired, with its offset in `text`: a bad scheme, a
    /// broken IP literal, a port that is not a number, an international
    /// host without the `idna` feature or with no ASCII form.
    pub fn parse_lenient(text: &str) -> Result<Repaired<UriRefBuf>, ParseError> {
        repaired(text, UriRefBuf::parse)
    }
}

impl UriBuf {
    /// [`UriRefBuf::parse_lenient`] for a URI, which needs a scheme.
    ///
    /// With the `idna` feature (this example runs only with it), an
    /// international host becomes its `xn--` form:
    ///
    /// ```
    /// use uri_runtime::UriBuf;
    ///
    /// # #[cfg(feature = "idna")] {
    /// let repaired = UriBuf::parse_lenient("https://bücher.example/ö ä")?;
    /// assert_eq!(repaired.value, "https://xn--bcher-kva.example/%C3%B6%20%C3%A4");
    /// assert_eq!(repaired.repairs.len(), 2);
    /// # }
    /// # Ok::<(), uri_runtime::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`UriRefBuf::parse_lenient`], and
    /// [`MissingScheme`](crate::ParseErrorKind::MissingScheme).
    pub fn parse_lenient(text: &str) -> Result<Repaired<UriBuf>, ParseError> {
        repaired(text, UriBuf::parse)
    }
}

impl Uri<'_> {
    /// Resolves a link from the wild against this URI: the reference is
    /// parsed with [`UriRefBuf::parse_lenient`], then resolved (RFC 3986
    /// section 5.2). The repairs' ranges are in `href`.
    ///
    /// ```
    /// use uri_runtime::Uri;
    ///
    /// let page = Uri::parse("https://example.com/docs/guide.html")?;
    /// let link = page.join_lenient(" images/my photo.jpg ")?;
    /// assert_eq!(link.value, "https://example.com/docs/images/my%20photo.jpg");
    /// assert_eq!(link.repairs.len(), 3); // trimmed, encoded, trimmed
    /// # Ok::<(), uri_runtime::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`UriRefBuf::parse_lenient`].
    pub fn join_lenient(&self, href: &str) -> Result<Repaired<UriBuf>, ParseError> {
        let Repaired { value, repairs } = UriRefBuf::parse_lenient(href)?;
        Ok(Repaired {
            value: value.as_uri_ref().resolve_against(self),
            repairs,
        })
    }
}

/// `text` repaired, then parsed strictly by `parse`; a strict error is
/// moved to the input byte it came from.
fn repaired<T>(
    text: &str,
    parse: impl FnOnce(String) -> Result<T, ParseError>,
) -> Result<Repaired<T>, ParseError> {
    let (repaired, origin, repairs) = repair(text)?;
    match parse(repaired) {
        Ok(value) => Ok(Repaired { value, repairs }),
        Err(err) => {
            let at = origin.get(err.index()).copied().unwrap_or(text.len());
            Err(ParseError::new(text, at, err.kind()))
        }
    }
}

/// The repaired text, the input offset of each of its bytes (and one past
/// the end), and the repairs.
type Repairing = (String, Vec<usize>, Vec<Repair>);

/// Where a byte of the text stands, as far as repairing needs to know
/// (the authority is written in one piece, by [`authority_into`]).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Place {
    Scheme,
    Path,
    Query,
    Fragment,
}

fn repair(text: &str) -> Result<Repairing, ParseError> {
    let mut out = Writer::default();
    let start = text.len() - text.trim_start_matches(is_margin).len();
    let end = text.trim_end_matches(is_margin).len().max(start);
    if start > 0 {
        out.note(0..start, RepairKind::Trimmed);
    }
    let body = text.get(start..end).unwrap_or_default();
    let mut place = if has_scheme(body) {
        Place::Scheme
    } else {
        Place::Path
    };
    let mut chars = body.char_indices().peekable();
    // Where an authority starts (after `//`), once one is seen.
    let mut authority_at = if place == Place::Path && body.starts_with("//") {
        Some(0)
    } else {
        None
    };
    loop {
        if let Some(from) = authority_at.take() {
            // `//`, then the authority up to the first `/`, `?` or `#`.
            out.push("//", start + from);
            let rest = body.get(from + 2..).unwrap_or_default();
            let authority = &rest[..rest.find(['/', '?', '#']).unwrap_or(rest.len())];
            authority_into(&mut out, text, authority, start + from + 2)?;
            let end_of_authority = from + 2 + authority.len();
            while chars.next_if(|&(o, _)| o < end_of_authority).is_some() {}
            place = Place::Path;
        }
        let Some((offset, c)) = chars.next() else {
            break;
        };
        let at = start + offset;
        if place == Place::Scheme && c == ':' {
            out.push(":", at);
            place = Place::Path;
            if body
                .get(offset + 1..)
                .is_some_and(|rest| rest.starts_with("//"))
            {
                authority_at = Some(offset + 1);
            }
            continue;
        }
        // A `#` in the fragment is data; the first one starts it.
        out.char(c, at, place == Place::Fragment, body.as_bytes(), offset);
        match (place, c) {
            (Place::Path, '?') => place = Place::Query,
            (Place::Path | Place::Query, '#') => place = Place::Fragment,
            _ => {}
        }
    }
    if end < text.len() {
        out.note(end..text.len(), RepairKind::Trimmed);
    }
    out.origin.push(text.len());
    Ok((out.text, out.origin, out.repairs))
}

/// ASCII whitespace, as HTML strips it from URL attributes.
fn is_margin(c: char) -> bool {
    c.is_ascii_whitespace() || c == '\u{b}'
}

/// Whether the text starts with a scheme and its `:` (RFC 3986 section
/// 3.1, through the one character table), so that the `:` ends it.
fn has_scheme(text: &str) -> bool {
    let Some(colon) = text.find(':') else {
        return false;
    };
    let scheme = text.as_bytes().get(..colon).unwrap_or_default();
    scheme.first().is_some_and(|&b| ALPHA.contains(b)) && scheme.iter().all(|&b| SCHEME.contains(b))
}

/// Writes the authority: userinfo repaired as text, an IP literal as it
/// is (checked by the strict parse), an international name through IDNA.
fn authority_into(
    out: &mut Writer,
    text: &str,
    authority: &str,
    at: usize,
) -> Result<(), ParseError> {
    let (userinfo, host_and_port) = match authority.rfind('@') {
        Some(sign) => authority.split_at(sign + 1),
        None => ("", authority),
    };
    for (offset, c) in userinfo.char_indices() {
        out.char(c, at + offset, false, userinfo.as_bytes(), offset);
    }
    let at = at + userinfo.len();
    let host_end = if host_and_port.starts_with('[') {
        host_and_port
            .find(']')
            .map_or(host_and_port.len(), |close| close + 1)
    } else {
        host_and_port.rfind(':').unwrap_or(host_and_port.len())
    };
    let (host, port) = host_and_port.split_at(host_end);
    if host.is_ascii() {
        out.push(host, at);
    } else {
        out.push(&ascii_host(text, host, at)?, at);
        out.note(at..at + host.len(), RepairKind::HostMapped);
    }
    out.push(port, at + host.len());
    Ok(())
}

/// An international host name's ASCII form; `host` starts at byte `at`
/// of `text`.
#[cfg(feature = "idna")]
fn ascii_host(text: &str, host: &str, at: usize) -> Result<String, ParseError> {
    uri_idna::host_to_ascii(host)
        .map(alloc::borrow::Cow::into_owned)
        .map_err(|err| host_error(text, at + err.index()))
}

/// Without IDNA an international host has no ASCII form here.
#[cfg(not(feature = "idna"))]
fn ascii_host(text: &str, host: &str, at: usize) -> Result<String, ParseError> {
    let first = host.find(|c: char| !c.is_ascii()).unwrap_or(0);
    Err(host_error(text, at + first))
}

/// A host the lenient parse cannot map, reported as the strict parser
/// reports a character it refuses there (its hint names IDNA).
fn host_error(text: &str, at: usize) -> ParseError {
    ParseError::new(text, at, ParseErrorKind::InvalidChar(Component::Host))
}

/// The repaired text as it is written, with where each byte came from.
#[derive(Default)]
struct Writer {
    text: String,
    origin: Vec<usize>,
    repairs: Vec<Repair>,
}

impl Writer {
    /// Copies `text`, which starts at input offset `at`, as it is.
    fn push(&mut self, text: &str, at: usize) {
        self.text.push_str(text);
        self.origin.extend(at..at + text.len());
    }

    /// Writes one character of a path, query, fragment or userinfo: a tab
    /// or newline is dropped, and a character that cannot stand there is
    /// encoded (whatever the table of URI characters does not keep, `[`
    /// and `]` outside an IP literal, a `#` in the fragment, a `%` that
    /// starts no escape).
    fn char(&mut self, c: char, at: usize, in_fragment: bool, bytes: &[u8], offset: usize) {
        let width = c.len_utf8();
        let encode = match c {
            '\t' | '\n' | '\r' => {
                self.note(at..at + width, RepairKind::Removed);
                return;
            }
            '%' if !is_triplet(bytes, offset, bytes.len()) => {
                self.write_escaped(b"%", at);
                self.note(at..at + width, RepairKind::PercentEscaped);
                return;
            }
            '%' => false,
            '#' => in_fragment,
            '[' | ']' => true,
            c => !c.is_ascii() || !URI_CHARS.keeps(c as u8),
        };
        if encode {
            let mut buffer = [0; 4];
            self.write_escaped(c.encode_utf8(&mut buffer).as_bytes(), at);
            self.note(at..at + width, RepairKind::Encoded);
        } else {
            let mut buffer = [0; 4];
            self.push(c.encode_utf8(&mut buffer), at);
        }
    }

    /// Writes `bytes` percent-encoded, each escape coming from the input
    /// character at `at`.
    fn write_escaped(&mut self, bytes: &[u8], at: usize) {
        for &b in bytes {
            self.text.extend(encode_byte(b).map(char::from));
        }
        self.origin
            .extend(core::iter::repeat_n(at, 3 * bytes.len()));
    }

    /// Records a repair, merged with the previous one when they touch and
    /// are of the same kind.
    fn note(&mut self, range: Range<usize>, kind: RepairKind) {
        if let Some(last) = self.repairs.last_mut()
            && last.kind == kind
            && last.range.end == range.start
        {
            last.range.end = range.end;
            return;
        }
        self.repairs.push(Repair { range, kind });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tabs_and_newlines_go_wherever_they_stand() {
        let repaired = UriRefBuf::parse_lenient("http://us\ter@h/a\nb").unwrap();
        assert_eq!(repaired.value, "http://user@h/ab");
        let kinds: Vec<RepairKind> = repaired.repairs.iter().map(|r| r.kind).collect();
        assert_eq!(kinds, [RepairKind::Removed, RepairKind::Removed]);
    }

    /// Without IDNA an international host is refused at its first
    /// non-ASCII character (CI runs this crate's unit tests both ways).
    #[cfg(not(feature = "idna"))]
    #[test]
    fn an_international_host_needs_the_idna_feature() {
        let err = UriRefBuf::parse_lenient(" https://bücher.example/").unwrap_err();
        assert_eq!(err.index(), 10);
        assert_eq!(err.kind(), ParseErrorKind::InvalidChar(Component::Host));
        let hint = err.hint().unwrap();
        assert!(
            hint.contains("to_uri_idna") && hint.contains("`idna` feature"),
            "{hint}"
        );
    }

    #[cfg(feature = "idna")]
    #[test]
    fn an_international_host_is_mapped_or_refused_at_its_label() {
        let repaired = UriRefBuf::parse_lenient("https://bücher.example/").unwrap();
        assert_eq!(repaired.value, "https://xn--bcher-kva.example/");
        let err = UriRefBuf::parse_lenient("https://bücher..example/").unwrap_err();
        assert_eq!(err.kind(), ParseErrorKind::InvalidChar(Component::Host));
    }
}
