//! A relative reference read without its base: only what every base reads
//! alike is repaired (the cleaning, escapes, an international host); a
//! `\`, which a browser reads as `/` against some bases and as data
//! against others, is refused.

use alloc::string::String;
use alloc::vec::Vec;

use uri_core::pct::{self, EncodeSet};
use uri_core::{ParseError, ParseErrorKind};

#[cfg(feature = "idna")]
use crate::ops::lenient::host::idna_refusal;

use super::clean::Cleaned;
use super::record::write_char;
use super::repair::{Notes, RepairKind};
use crate::value::buf::UriRefBuf;

/// The reference written strictly and parsed; a strict error is moved to
/// the input byte it came from.
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
    if let Some(k) = chars[..tail].iter().position(|&c| c == '\\') {
        return Err(ParseError::new(
            text,
            input.span(k, k).start,
            ParseErrorKind::NeedsBase,
        ));
    }
    let mut out = Writer::default();
    let mut i = 0;
    if input.starts_with(0, "//") {
        out.push_ascii("//", input, 0);
        let end = chars[2..tail]
            .iter()
            .position(|&c| c == '/')
            .map_or(tail, |k| k + 2);
        authority_into(&mut out, text, input, 2, end, notes)?;
        i = end;
    }
    let mut set = pct::PATH;
    while i < chars.len() {
        match chars[i] {
            '?' if set == pct::PATH => {
                out.push_ascii("?", input, i);
                set = pct::QUERY;
            }
            '#' if set != FRAGMENT => {
                out.push_ascii("#", input, i);
                set = FRAGMENT;
            }
            _ => out.write(input, i, &set, notes),
        }
        i += 1;
    }
    out.origin.push(input.span(chars.len(), chars.len()).start);
    UriRefBuf::parse(out.text).map_err(|err| {
        let at = out.origin.get(err.index()).copied().unwrap_or(text.len());
        ParseError::new(text, at, err.kind())
    })
}

/// The fragment's set, told apart from the query's (the same characters)
/// by a `#` it does not keep, so that a second `#` is escaped.
const FRAGMENT: EncodeSet = pct::FRAGMENT.but_encode(b"#");

/// Writes the authority in code points `from..to`: the userinfo escaped
/// where needed, an IP literal and port as they are (the strict parse
/// checks them), an international name through IDNA.
fn authority_into(
    out: &mut Writer,
    text: &str,
    input: &Cleaned,
    from: usize,
    to: usize,
    notes: &mut Notes,
) -> Result<(), ParseError> {
    let chars = &input.chars[from..to];
    let host_from = chars
        .iter()
        .rposition(|&c| c == '@')
        .map_or(from, |k| from + k + 1);
    for k in from..host_from.saturating_sub(1) {
        out.write(input, k, &pct::USERINFO, notes);
    }
    if host_from > from {
        out.push_ascii("@", input, host_from - 1);
    }
    let rest = &input.chars[host_from..to];
    let host_len = if rest.first() == Some(&'[') {
        rest.iter()
            .position(|&c| c == ']')
            .map_or(rest.len(), |k| k + 1)
    } else {
        rest.iter().rposition(|&c| c == ':').unwrap_or(rest.len())
    };
    let host: String = rest[..host_len].iter().collect();
    let at = input.span(host_from, host_from).start;
    if host.is_ascii() {
        out.push_ascii(&host, input, host_from);
    } else {
        // The host's bytes lost the tabs and newlines the text had, so a
        // position in it is counted in code points back into the text.
        let ascii = ascii_host(&host).map_err(|(byte, kind)| {
            let k = host.get(..byte).map_or(0, |before| before.chars().count());
            ParseError::new(text, input.span(host_from + k, host_from + k).start, kind)
        })?;
        out.push_mapped(&ascii, at);
        notes.note(
            input.span(host_from, host_from + host_len),
            RepairKind::HostMapped,
        );
    }
    for k in host_from + host_len..to {
        out.write(input, k, &EncodeSet::NONE, notes);
    }
    Ok(())
}

/// An international host name's ASCII form, or the byte of `host` where
/// mapping failed and why.
#[cfg(feature = "idna")]
fn ascii_host(host: &str) -> Result<String, (usize, ParseErrorKind)> {
    uri_idna::host_to_ascii(host)
        .map(alloc::borrow::Cow::into_owned)
        .map_err(|err| (err.index(), idna_refusal(err.kind())))
}

/// Without IDNA an international host has no ASCII form here (the
/// error's hint names the feature).
#[cfg(not(feature = "idna"))]
fn ascii_host(host: &str) -> Result<String, (usize, ParseErrorKind)> {
    let at = host.find(|c: char| !c.is_ascii()).unwrap_or(0);
    Err((at, ParseErrorKind::HostNeedsIdna))
}

/// The text being written, with the input offset of each byte.
#[derive(Default)]
struct Writer {
    text: String,
    origin: Vec<usize>,
}

impl Writer {
    /// Copies ASCII code points that start at code point `from` as they are.
    fn push_ascii(&mut self, ascii: &str, input: &Cleaned, from: usize) {
        self.text.push_str(ascii);
        self.origin
            .extend((0..ascii.len()).map(|k| input.span(from + k, from + k).start));
    }

    /// Writes a mapped host, every byte from input offset `at`.
    fn push_mapped(&mut self, ascii: &str, at: usize) {
        self.text.push_str(ascii);
        self.origin.extend(core::iter::repeat_n(at, ascii.len()));
    }

    /// Writes code point `i`, escaped unless `set` keeps it.
    fn write(&mut self, input: &Cleaned, i: usize, set: &EncodeSet, notes: &mut Notes) {
        let before = self.text.len();
        write_char(&mut self.text, input, i, set, notes);
        let at = input.span(i, i).start;
        self.origin
            .extend(core::iter::repeat_n(at, self.text.len() - before));
    }
}
