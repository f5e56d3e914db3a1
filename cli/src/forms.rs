//! International forms on the command line: `--iri` reads each input as
//! an IRI reference and maps it to its URI (hosts through IDNA, other
//! non-ASCII characters percent-encoded) before the command sees it;
//! `--idn` shows each printed URI reference as an IRI (hosts in Unicode,
//! escapes of non-ASCII text as characters). Both are the library's own
//! mappings (RFC 3987 sections 3.1 and 3.2, UTS 46). `--lenient` (trurl's
//! `--accept-space`) reads each input as a browser does, through the
//! library's lenient parser, and notes each repair on standard error.
//! `--zone-ids` adds RFC 6874 zone identifiers to the strict grammar
//! every command parses with ([`reference()`], [`uri`], [`reference_buf`]);
//! the lenient and IRI readings keep their own grammars.

use std::borrow::Cow;
use std::sync::OnceLock;

use uri_runtime::{IriRef, ParseError, ParseOptions, Uri, UriRef, UriRefBuf, lenient::Repair};

use crate::outcome::Outcome;
use crate::report;

/// The forms asked for on the command line.
#[derive(Clone, Copy, Debug, Default)]
#[allow(
    clippy::struct_excessive_bools,
    reason = "each is a flag of the command line"
)]
pub(crate) struct Forms {
    pub(crate) iri_input: bool,
    pub(crate) lenient_input: bool,
    pub(crate) idn_output: bool,
    /// `--zone-ids`: IPv6 zone identifiers (RFC 6874) in every input.
    pub(crate) zone_ids: bool,
}

static FORMS: OnceLock<Forms> = OnceLock::new();

/// Sets the forms for the run, from `main`, before any input is read.
pub(crate) fn choose(forms: Forms) {
    let _ = FORMS.set(forms);
}

/// What a command's inputs are, and so which forms apply to them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum Reading {
    /// A URI reference: every form applies.
    #[default]
    Reference,
    /// A reference the command reads against its base itself: `--iri`
    /// and `--idn` apply, and the command follows `--lenient` with the
    /// base in hand ([`lenient`]), as a browser reads a link on a page.
    AgainstBase,
    /// Text that is no URI (a value to percent-code, a file path): read
    /// and printed as it is, whatever the forms.
    Data,
}

/// The grammar every input is parsed with: RFC 3986, with zone
/// identifiers when `--zone-ids` was given.
fn options() -> ParseOptions {
    if FORMS.get().is_some_and(|forms| forms.zone_ids) {
        ParseOptions::RFC3986.with_zone_ids()
    } else {
        ParseOptions::RFC3986
    }
}

/// `text` as a URI reference, in the grammar asked for.
pub(crate) fn reference(text: &str) -> Result<UriRef<'_>, ParseError> {
    UriRef::parse_with(text, options())
}

/// `text` as a URI, in the grammar asked for.
pub(crate) fn uri(text: &str) -> Result<Uri<'_>, ParseError> {
    Uri::parse_with(text, options())
}

/// `text` as an owned URI reference, in the grammar asked for.
pub(crate) fn reference_buf(text: &str) -> Result<UriRefBuf, ParseError> {
    UriRefBuf::parse_with(text, options())
}

/// Whether `--lenient` was given.
pub(crate) fn lenient() -> bool {
    FORMS.get().is_some_and(|forms| forms.lenient_input)
}

/// Whether `--idn` was given: commands that print components rather than
/// whole references (`parse`) show those of the IRI form themselves.
pub(crate) fn idn_output() -> bool {
    FORMS.get().is_some_and(|forms| forms.idn_output)
}

/// `each` applied to `text` in the forms asked for that apply to what
/// it is; `json` says whether a failure to read the input as an IRI is
/// reported as a JSON object.
pub(crate) fn apply<'a>(
    text: &'a str,
    json: bool,
    reading: Reading,
    each: &mut impl for<'b> FnMut(&'b str) -> Outcome<'b>,
) -> Outcome<'a> {
    if reading == Reading::Data {
        return each(text);
    }
    let forms = FORMS.get().copied().unwrap_or_default();
    let outcome = if forms.lenient_input && reading == Reading::Reference {
        match UriRefBuf::parse_lenient(text) {
            Ok(repaired) => {
                note_repairs(text, &repaired.repairs);
                owned(each(repaired.value.as_str()))
            }
            Err(err) => report::parse_failure(text, &err, json),
        }
    } else if forms.iri_input {
        match to_uri(text, json) {
            Ok(uri) => owned(each(&uri)),
            Err(failed) => failed,
        }
    } else {
        each(text)
    };
    match outcome {
        Outcome::Print(lines) if forms.idn_output => Outcome::Print(shown(&lines).into()),
        other => other,
    }
}

/// Each repair the lenient reading made to `text`, as a note on standard
/// error with carets under its bytes.
pub(crate) fn note_repairs(text: &str, repairs: &[Repair]) {
    for repair in repairs {
        let (at, len) = (repair.range.start, repair.range.len());
        eprintln!("{}", report::note_at(text, &repair.to_string(), at, len));
    }
}

/// An IRI reference's URI, or the failed outcome that says why it has
/// none: a parse error as `parse` reports one, or the host's IDNA error
/// in the same shape (in JSON, with its kind, component and index; as
/// text, with carets under the culprit).
fn to_uri(text: &str, json: bool) -> Result<String, Outcome<'static>> {
    let iri = IriRef::parse(text).map_err(|err| report::parse_failure(text, &err, json))?;
    iri.to_uri_ref_idna()
        .map(String::from)
        .map_err(|err| report::idna_failure(text, &err, json))
}

/// The outcome with nothing borrowed from the mapped text.
fn owned(outcome: Outcome<'_>) -> Outcome<'static> {
    match outcome {
        Outcome::Print(lines) => Outcome::Print(Cow::Owned(lines.into_owned())),
        Outcome::Written => Outcome::Written,
        Outcome::Silent => Outcome::Silent,
        Outcome::Failed(message) => Outcome::Failed(message),
        Outcome::Rejected(line) => Outcome::Rejected(line),
    }
}

/// Each line that is a URI reference, or a host alone (`get host`), shown
/// as an IRI; other lines as they are.
fn shown(lines: &str) -> String {
    let shown: Vec<String> = lines.split('\n').map(shown_line).collect();
    shown.join("\n")
}

fn shown_line(line: &str) -> String {
    let reference = UriRef::parse(line).ok();
    if let Some(r) = reference.filter(|r| r.scheme().is_some() || r.authority().is_some()) {
        return r.to_iri_ref_idna().to_string();
    }
    // A line that is exactly a host (`get host`): shown through an
    // authority, so that its labels go through IDNA.
    let authority = format!("//{line}");
    if let Some(r) = UriRef::parse(&authority)
        .ok()
        .filter(|r| r.host() == Some(line))
    {
        let shown = r.to_iri_ref_idna().to_string();
        return shown.strip_prefix("//").unwrap_or(&shown).to_owned();
    }
    reference.map_or_else(|| line.to_owned(), |r| r.to_iri_ref_idna().to_string())
}
