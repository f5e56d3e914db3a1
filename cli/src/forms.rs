//! International forms on the command line: `--iri` reads each input as
//! an IRI reference and maps it to its URI (hosts through IDNA, other
//! non-ASCII characters percent-encoded) before the command sees it;
//! `--idn` shows each printed URI reference as an IRI (hosts in Unicode,
//! escapes of non-ASCII text as characters). Both are the library's own
//! mappings (RFC 3987 sections 3.1 and 3.2, UTS 46). `--lenient` (trurl's
//! `--accept-space`) reads each input as a browser does, through the
//! library's lenient parser, and notes each repair on standard error.

use std::borrow::Cow;
use std::sync::OnceLock;

use uri_runtime::{IriRef, UriRef, UriRefBuf};

use crate::outcome::Outcome;
use crate::report;

/// The forms asked for on the command line.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Forms {
    pub(crate) iri_input: bool,
    pub(crate) lenient_input: bool,
    pub(crate) idn_output: bool,
}

static FORMS: OnceLock<Forms> = OnceLock::new();

/// Sets the forms for the run, from `main`, before any input is read.
pub(crate) fn choose(forms: Forms) {
    let _ = FORMS.set(forms);
}

/// Whether `--idn` was given: commands that print components rather than
/// whole references (`parse`) show those of the IRI form themselves.
pub(crate) fn idn_output() -> bool {
    FORMS.get().is_some_and(|forms| forms.idn_output)
}

/// `each` applied to `text` in the forms asked for; `json` says whether
/// a failure to read the input as an IRI is reported as a JSON object.
pub(crate) fn apply<'a>(
    text: &'a str,
    json: bool,
    each: &mut impl for<'b> FnMut(&'b str) -> Outcome<'b>,
) -> Outcome<'a> {
    let forms = FORMS.get().copied().unwrap_or_default();
    let outcome = if forms.lenient_input {
        match UriRefBuf::parse_lenient(text) {
            Ok(repaired) => {
                for repair in &repaired.repairs {
                    let (at, len) = (repair.range.start, repair.range.len());
                    eprintln!("{}", report::note_at(text, &repair.to_string(), at, len));
                }
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
