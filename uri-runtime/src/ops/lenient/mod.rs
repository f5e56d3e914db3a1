//! Text from the wild (HTML attributes, HTTP headers, logs, people) read
//! as a browser reads it, and written as a strict URI, with every repair
//! reported; or refused. [`Repaired`] says what the reading is, what is
//! refused and why; the entry points are `UriRefBuf::parse_lenient`,
//! `UriBuf::parse_lenient` and `Uri::join_lenient`.
//!
//! The common path (`as_written`) takes strict text that needs no state
//! machine; everything else goes through `machine`, the URL Standard's
//! parser state by state, with `host` for hosts and `record` for the
//! result; `relative` reads a reference without its base. Each writes
//! its result once, through the writer, with its boundaries.

mod as_written;
mod clean;
mod host;
mod href;
mod machine;
mod record;
mod relative;
mod repair;

use uri_core::{Components, ParseError, ParseErrorKind};

use crate::value::buf::{UriBuf, UriRefBuf};
use crate::value::parse;
use crate::value::uri::{Parsed, Uri};

pub use repair::{Repair, RepairKind, Repaired};

use as_written::Form;
use clean::{Cleaned, clean};
use record::Record;
use repair::Notes;

impl UriRefBuf {
    /// Parses text from the wild as a URI reference, repairing it as a
    /// browser reads it; see [`Repaired`] for what that means and
    /// [`RepairKind`] for what is reported. The strict
    /// [`parse`](Self::parse) never repairs.
    ///
    /// A text with a scheme is read as a browser reads it. A relative
    /// reference's reading depends on its base, so without one only what
    /// every base reads alike is repaired (whitespace, tabs, escapes, dot
    /// segments spelled `%2e`), and what a browser reads differently
    /// against different bases is refused: give links found on a page to
    /// [`Uri::join_lenient`] with the page's URI. The value read without a
    /// base, resolved against a `http`, `https`, `ws`, `wss` or `ftp` base,
    /// or against a base of a scheme without special rules (for a path
    /// without an authority), names what `join_lenient` names with that
    /// base; against a `file` base a browser also keeps a drive letter
    /// through `..`, which only `join_lenient` knows.
    ///
    /// ```
    /// use uri_runtime::{lenient::RepairKind, UriRefBuf};
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
    /// What a browser refuses or a strict URI cannot say, with its offset
    /// in `text`: a host with a forbidden character, an invalid IPv4 form,
    /// a missing host, a port that is not a number below 65536, an
    /// international host without the `idna` feature or with no ASCII
    /// form. In a relative reference,
    /// [`NeedsBase`](crate::ParseErrorKind::NeedsBase) for what depends on
    /// the base: a `\`, an empty host (`///evil.com/x`), a host with
    /// escapes or whose last label is a number (`//0x7f.1/`, and `//¹/`,
    /// whose `¹` maps to `1`), a drive
    /// letter `C|`, a `'` in the query (which a browser escapes against a
    /// `http` page and keeps against others).
    pub fn parse_lenient(text: &str) -> Result<Repaired<UriRefBuf>, ParseError> {
        if let Some(read) = strict_text(text, |read, _| read.into_owned().into()) {
            return read;
        }
        let mut notes = Notes::default();
        let input = clean(text, &mut notes);
        if !scheme_ahead(text) {
            let value = relative::read_reference(text, &input, &mut notes)?;
            return Ok(Repaired {
                value,
                repairs: notes.into_sorted(),
            });
        }
        let Repaired { value, repairs } = finish(text, &input, None, notes)?;
        Ok(Repaired {
            value: value.into(),
            repairs,
        })
    }
}

impl UriBuf {
    /// Parses text from the wild as a URI, as a browser reads it: see
    /// [`UriRefBuf::parse_lenient`] and [`Repaired`].
    ///
    /// ```
    /// use uri_runtime::{lenient::RepairKind, UriBuf};
    ///
    /// let repaired = UriBuf::parse_lenient("http:EXAMPLE.com\\a b")?;
    /// assert_eq!(repaired.value, "http://example.com/a%20b");
    /// let kinds: Vec<RepairKind> = repaired.repairs.iter().map(|r| r.kind).collect();
    /// assert_eq!(kinds, [RepairKind::Slashes, RepairKind::Backslash, RepairKind::Encoded]);
    /// # Ok::<(), uri_runtime::ParseError>(())
    /// ```
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
        strict_text(text, |read, _| read.into_owned()).unwrap_or_else(|| read_by_machine(text))
    }
}

/// What the common path (`as_written`) read from a strict URI: its text
/// as written, or the value it wrote in its place. Either way the path
/// is as written, with no segment a browser reads as `.` or `..`.
enum Reading<'t> {
    AsWritten(Uri<'t>),
    Rewritten(UriBuf),
}

impl Reading<'_> {
    fn as_uri(&self) -> Uri<'_> {
        match self {
            Reading::AsWritten(uri) => *uri,
            Reading::Rewritten(value) => value.as_uri(),
        }
    }

    fn into_owned(self) -> UriBuf {
        match self {
            Reading::AsWritten(uri) => uri.to_owned(),
            Reading::Rewritten(value) => value,
        }
    }
}

/// [`UriBuf::parse_lenient`] of a text the common path leaves to the
/// state machine.
fn read_by_machine(text: &str) -> Result<Repaired<UriBuf>, ParseError> {
    if !scheme_ahead(text) {
        // What the machine says of a text without a scheme, sooner.
        let start = text.len() - text.trim_start_matches(|c| c <= ' ').len();
        return Err(ParseError::new(text, start, ParseErrorKind::MissingScheme));
    }
    let mut notes = Notes::default();
    let input = clean(text, &mut notes);
    finish(text, &input, None, notes)
}

impl Uri<'_> {
    /// Resolves a link from the wild against this URI as a browser does:
    /// the one call a link extractor or a redirect check makes. The
    /// repairs' ranges are in `href`.
    ///
    /// ```
    /// use uri_runtime::Uri;
    ///
    /// let page = Uri::parse("https://example.com/docs/guide.html")?;
    /// let link = page.join_lenient(" images/my photo.jpg ")?;
    /// assert_eq!(link.value, "https://example.com/docs/images/my%20photo.jpg");
    /// assert_eq!(link.repairs.len(), 3); // trimmed, encoded, trimmed
    /// // What a browser reads as another host is another host here.
    /// let away = page.join_lenient("https://evil.com\\@example.com/")?;
    /// assert_eq!(away.value.host(), Some("evil.com"));
    /// # Ok::<(), uri_runtime::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`UriRefBuf::parse_lenient`], with
    /// [`NeedsBase`](crate::ParseErrorKind::NeedsBase) for a relative
    /// `href` against a base with no hierarchical path (`mailto:x`). When
    /// this URI itself has no browser reading (an `IPvFuture` host, a host
    /// with an escape a browser refuses), the error is about this URI's
    /// text.
    pub fn join_lenient(&self, href: &str) -> Result<Repaired<UriBuf>, ParseError> {
        // A base a browser reads as written (or with the common path's
        // edits) is read from its parts; another through the machine.
        let of_parts = |read: Reading<'_>, _| Record::of_strict(&read.as_uri());
        let base = if let Some(read) = strict_form(self.as_str(), &self.0.parts, of_parts) {
            read?.value
        } else {
            let text = self.as_str();
            let mut base_notes = Notes::default();
            let input = clean(text, &mut base_notes);
            machine::read(text, &input, None, &mut base_notes)?
        };
        let mut notes = Notes::default();
        let input = clean(href, &mut notes);
        finish(href, &input, Some(&base), notes)
    }
}

/// The browser reading of text that is a strict URI, where it needs no
/// machine (see [`as_written`]): what `settle` makes of the [`Reading`]
/// and whether its scheme is special, with the repairs.
// In line, as is `strict_form`, so that each caller builds its result
// where it returns it: `parse_href` moved the 136-byte result of an
// owned reading through three calls (BENCHMARKS.md has the cost).
#[inline]
fn strict_text<T>(
    text: &str,
    settle: impl FnOnce(Reading<'_>, bool) -> T,
) -> Option<Result<Repaired<T>, ParseError>> {
    // The boundaries are read where the parser wrote them, not moved into
    // a `Uri` first: the compiler copies them in sixteen-byte pieces that
    // wait for the parser's eight-byte writes, and the reading waits for
    // the copy (measured in BENCHMARKS.md, "Read as a browser reads it").
    let parsed = parse::uri(text);
    strict_form(text, parsed.as_ref().ok()?, settle)
}

/// [`strict_text`] for the URI `text` whose boundaries are `parts`.
#[inline]
fn strict_form<'t, T>(
    text: &'t str,
    parts: &Components,
    settle: impl FnOnce(Reading<'t>, bool) -> T,
) -> Option<Result<Repaired<T>, ParseError>> {
    let mut notes = Notes::default();
    let (read, special) = match as_written::browser_form(text, parts, &mut notes) {
        Form::AsWritten { special } => {
            let uri = Uri(Parsed {
                text,
                parts: *parts,
            });
            (Reading::AsWritten(uri), special)
        }
        Form::Rewritten { value, special } => (Reading::Rewritten(value), special),
        Form::Refused(err) => return Some(Err(err)),
        Form::Machine => return None,
    };
    Some(Ok(Repaired {
        value: settle(read, special),
        repairs: notes.into_sorted(),
    }))
}

/// Whether the text, once cleaned, would start with a scheme and its
/// `:`, judged without cleaning it.
fn scheme_ahead(text: &str) -> bool {
    let mut chars = text.trim_start_matches(|c| c <= ' ').chars();
    if !chars.next().is_some_and(|c| c.is_ascii_alphabetic()) {
        return false;
    }
    chars.find(|&c| {
        !(c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.' | '\t' | '\n' | '\r'))
    }) == Some(':')
}

/// Reads the text as a browser does and writes the result strictly.
fn finish(
    text: &str,
    input: &Cleaned,
    base: Option<&Record>,
    mut notes: Notes,
) -> Result<Repaired<UriBuf>, ParseError> {
    let record = machine::read(text, input, base, &mut notes)?;
    Ok(Repaired {
        value: record.write(),
        repairs: notes.into_sorted(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::String;
    use alloc::vec::Vec;
    use uri_core::ParseErrorKind;

    /// A base read from its parts (`Record::of_strict`) is the record the
    /// machine reads from its text, for every URI the common path takes:
    /// 200,000 generated from pieces at the edges of the rules.
    #[test]
    fn a_base_read_from_its_parts_is_the_machines_record() {
        const PIECES: &[&str] = &[
            "http://", "https://", "file://", "ws://", "sc://", "sc:", "mailto:", "HTTP://", "a",
            "B", "0", "1", "255", ".", "-", ":", ":80", ":0", ":08", "/", "%2e", "..", "?", "'",
            "#", "@", "u:p@", "[::1]", "[0:0::1]", "%41", "~", "=", ";",
        ];
        let mut state: u64 = 0x2545_F491_4F6C_DD1D;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut compared = 0;
        for _ in 0..200_000 {
            let mut text = String::new();
            for _ in 0..=next() % 8 {
                text.push_str(PIECES[(next() % PIECES.len() as u64) as usize]);
            }
            let Some(Ok(repaired)) = strict_text(&text, |read, _| read.into_owned()) else {
                continue;
            };
            let value = repaired.value.as_uri();
            let mut notes = Notes::default();
            let input = clean(value.as_str(), &mut notes);
            let read = machine::read(value.as_str(), &input, None, &mut notes).unwrap();
            assert_eq!(Record::of_strict(&value), read, "{text}");
            compared += 1;
        }
        assert!(compared > 10_000, "{compared}");
    }

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
        assert_eq!(err.kind(), ParseErrorKind::HostNeedsIdna);
        let hint = err.hint().unwrap();
        assert!(hint.contains("`idna` feature"), "{hint}");
    }

    #[cfg(feature = "idna")]
    #[test]
    fn an_international_host_is_mapped_or_refused_at_its_label() {
        let repaired = UriRefBuf::parse_lenient("https://bücher.example/").unwrap();
        assert_eq!(repaired.value, "https://xn--bcher-kva.example/");
        // A browser lets an empty label through; a character UTS 46
        // refuses is refused where it stands.
        let repaired = UriRefBuf::parse_lenient("https://bücher..example/").unwrap();
        assert_eq!(repaired.value, "https://xn--bcher-kva..example/");
        let err = UriRefBuf::parse_lenient("https://a\u{FFFD}b.example/").unwrap_err();
        assert_eq!(
            err.kind(),
            ParseErrorKind::InvalidChar(uri_core::Component::Host)
        );
        assert_eq!(err.index(), 9);
    }
}
