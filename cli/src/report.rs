//! How results and errors look: components as aligned text or as JSON
//! objects, errors with the input drawn and carets under the
//! culprit, in colour only when standard error is a terminal.

use std::borrow::Cow;
use std::fmt::Write as _;
use std::io::IsTerminal;

use uri_runtime::site::{PublicSuffix, RegistrableDomain, Rules};
use uri_runtime::{
    Component, ParseError, ParseErrorKind, UriRef,
    error::{Caret, IdnaError},
    parsed::{Components, HostKind},
    scheme::mailto::Mailto,
    scheme::{KnownScheme, SchemeError},
};

use crate::json;
use crate::outcome::Outcome;
use crate::shown::on_one_line;

/// The text and components a report shows: those of the reference as
/// parsed, or with `--idn` those of its IRI form (hosts in Unicode,
/// escapes of non-ASCII text as characters), which has the same
/// components at other offsets.
pub(crate) struct Shown<'a> {
    text: &'a str,
    parts: Components,
}

impl<'a> Shown<'a> {
    pub(crate) fn new(text: &'a str, parts: Components) -> Shown<'a> {
        Shown { text, parts }
    }

    /// Each component and its text, `None` where it is absent.
    fn rows(&self) -> [(Component, Option<&'a str>); 7] {
        Component::ALL.map(|component| {
            let range = self.parts.range_of(component);
            (component, range.and_then(|range| self.text.get(range)))
        })
    }
}

/// The components as `name  value` lines. Present values are quoted, so an
/// empty one (`""`) differs from an absent one (`none`). A `mailto:`
/// view comes from `r`, the reference as parsed. Appended to `text`, the
/// line buffer, so that `--idn` (which rewrites printed URIs) leaves
/// these lines alone: they are already in the form asked for.
pub(crate) fn components_text(r: &UriRef<'_>, shown: &Shown<'_>, text: &mut String) {
    for (component, value) in shown.rows() {
        let shown = value.map_or_else(|| "none".to_owned(), |v| format!("\"{v}\""));
        let _ = writeln!(text, "{:<9} {shown}", component.name());
    }
    if let Some(kind) = shown.parts.host_kind() {
        let _ = writeln!(text, "{:<9} {}", "host-kind", kind.name());
    }
    if let Ok(site) = r.registrable_domain(Rules::IcannAndPrivate) {
        let _ = writeln!(text, "{:<9} \"{site}\"", "site");
    }
    if let Ok(suffix) = r.public_suffix(Rules::IcannAndPrivate) {
        let _ = writeln!(text, "{:<9} \"{suffix}\"", "suffix");
    }
    match mailto(r) {
        Some(Ok(mail)) => {
            let to = mail.to().map(|address| ("to", address));
            let cc = mail.cc().map(|address| ("cc", address));
            let bcc = mail.bcc().map(|address| ("bcc", address));
            for (name, address) in to.chain(cc).chain(bcc) {
                let _ = writeln!(text, "{name:<9} {address:?}");
            }
            for (name, value) in mail.headers().filter(|(name, _)| !is_address_field(name)) {
                let _ = writeln!(text, "{:<9} {name:?} = {value:?}", "header");
            }
        }
        Some(Err(err)) => {
            let _ = writeln!(text, "{:<9} {err}", "mailto");
        }
        None => {}
    }
}

/// The decoded view of a `mailto:` reference, or why it has none.
fn mailto<'a>(r: &UriRef<'a>) -> Option<Result<Mailto<'a>, uri_runtime::scheme::SchemeError>> {
    // One comparison, where `known_scheme` tries every known name.
    let uri = r.as_uri().filter(|uri| {
        uri.scheme()
            .eq_ignore_ascii_case(KnownScheme::Mailto.name())
    })?;
    Some(Mailto::new(uri))
}

fn is_address_field(name: &str) -> bool {
    ["to", "cc", "bcc"]
        .iter()
        .any(|field| name.eq_ignore_ascii_case(field))
}

/// The components as one JSON object, appended to `line`: absent ones are
/// `null`, `params` holds the query's pairs decoded (a pair that does not
/// decode is given as written, with an `error`), and a `mailto:`
/// reference has a `mailto` object too; those two come from `r`, the
/// reference as parsed, the rest from `shown`.
pub(crate) fn components_json(r: &UriRef<'_>, shown: &Shown<'_>, line: &mut String) {
    // Room for the text three times (itself, its components, its
    // parameters) and the names around them: at most one allocation.
    line.reserve(3 * shown.text.len() + 256);
    json::object(line, |o| {
        // An IRI's text needs no escape either: RFC 3987 adds characters
        // from U+00A0 up, none of them a control, `"` or `\`.
        o.verbatim("uri", Some(shown.text));
        for (component, value) in shown.rows() {
            o.verbatim(component.name(), value);
            if component == Component::Host {
                o.verbatim("host_kind", shown.parts.host_kind().map(HostKind::name));
            }
        }
        // The host's site and public suffix under the whole list, as
        // browsers use it (`get site --icann` for the ICANN section);
        // `null` where there is none (no host, an address, a suffix).
        let site = r.registrable_domain(Rules::IcannAndPrivate).ok();
        o.string("site", site.as_ref().map(RegistrableDomain::as_str));
        let suffix = r.public_suffix(Rules::IcannAndPrivate).ok();
        o.string("suffix", suffix.as_ref().map(PublicSuffix::as_str));
        let query = r.query().unwrap_or_default();
        o.objects("params", r.query_params(), |o, pair| match pair {
            Ok((key, value)) => {
                decoded_member(o, "key", key);
                decoded_member(o, "value", value);
            }
            Err(err) => {
                let (key, value) = pair_around(query, err.index());
                o.verbatim("key", Some(key));
                o.verbatim("value", Some(value));
                o.object("error", |o| {
                    o.string("kind", Some(err.kind().name()));
                    o.number("index", err.index());
                    o.string("message", Some(&err.to_string()));
                });
            }
        });
        // Only `mailto:` references carry the key, so other objects keep
        // their shape.
        match mailto(r) {
            Some(Ok(mail)) => o.object("mailto", |o| {
                o.strings("to", mail.to());
                o.strings("cc", mail.cc());
                o.strings("bcc", mail.bcc());
                let headers = mail.headers().filter(|(name, _)| !is_address_field(name));
                o.objects("headers", headers, |o, (name, value)| {
                    o.string("name", Some(&name));
                    o.string("value", Some(&value));
                });
            }),
            Some(Err(err)) => o.object("mailto", |o| {
                o.object("error", |o| {
                    o.number("index", err.index());
                    o.string("message", Some(&err.to_string()));
                });
            }),
            None => {}
        }
    });
}

/// A decoded query key or value. One that needed no decoding is borrowed
/// from the query (as `QueryParams` documents), and a query's text needs
/// no JSON escape, so only decoded text is looked at.
#[inline(always)]
#[allow(
    clippy::inline_always,
    reason = "inlined, the member's name is a constant (see `json::Object::key`)"
)]
fn decoded_member(o: &mut json::Object<'_>, key: &str, value: Cow<'_, str>) {
    match value {
        Cow::Borrowed(raw) => o.verbatim(key, Some(raw)),
        Cow::Owned(decoded) => o.string(key, Some(&decoded)),
    }
}

/// The key and value, as written, of the pair of `query` that holds
/// byte `at` (a pair that did not decode, given back as it is).
fn pair_around(query: &str, at: usize) -> (&str, &str) {
    let start = query
        .get(..at)
        .unwrap_or(query)
        .rfind('&')
        .map_or(0, |amp| amp + 1);
    let rest = &query[start..];
    let piece = &rest[..rest.find('&').unwrap_or(rest.len())];
    piece.split_once('=').unwrap_or((piece, ""))
}

/// An input that does not parse, as `parse` reports it: a JSON object in
/// place of its result when the output is JSON, else the message and
/// carets for standard error.
pub(crate) fn parse_failure(input: &str, err: &ParseError, json: bool) -> Outcome<'static> {
    Outcome::refused(
        json,
        || parse_error_json(input, err),
        || parse_error(input, err),
    )
}

/// An IRI whose host has no ASCII form (`--iri`), reported in the same
/// two shapes as [`parse_failure`].
pub(crate) fn idna_failure(input: &str, err: &IdnaError, json: bool) -> Outcome<'static> {
    Outcome::refused(
        json,
        || idna_error_json(input, err),
        || idna_error(input, err),
    )
}

/// A failed input as a JSON object: the input, and an `error` object with
/// the kind, the component it was found in, the byte and the message.
fn parse_error_json(input: &str, err: &ParseError) -> String {
    let component = err.kind().component();
    let kind = err.kind().name();
    located_json(input, kind, component, err.index(), &message(err))
}

/// A host with no ASCII form (`--iri`) as a JSON object, in the shape of
/// [`parse_error_json`]: the component is always the host, and the index
/// is where the offending label or character starts in the input.
fn idna_error_json(input: &str, err: &IdnaError) -> String {
    // Prefixed, so that no name is also a parse error's.
    let kind = format!("idna-{}", err.kind().name());
    located_json(
        input,
        &kind,
        Some(Component::Host),
        err.index(),
        &idna_message(err),
    )
}

/// The JSON object of an input that failed at `index`, in `component`,
/// for the reason `kind` names.
fn located_json(
    input: &str,
    kind: &str,
    component: Option<Component>,
    index: usize,
    message: &str,
) -> String {
    let mut line = String::new();
    json::object(&mut line, |o| {
        o.string("uri", Some(input));
        o.object("error", |o| {
            o.string("kind", Some(kind));
            o.string("component", component.map(Component::name));
            o.number("index", index);
            o.string("message", Some(message));
        });
    });
    line
}

/// A failure that has no parse error behind it (a line that is not
/// UTF-8, an IRI that does not map) as a JSON object: the input, and the
/// first line of the message.
pub(crate) fn failure_json(input: &str, message: &str) -> String {
    let first = message.lines().next().unwrap_or_default();
    let mut line = String::new();
    json::object(&mut line, |o| {
        o.string("uri", Some(input));
        o.object("error", |o| {
            o.string(
                "message",
                Some(first.strip_prefix("error: ").unwrap_or(first)),
            );
        });
    });
    line
}

/// A parse error: the message, then the input with carets under the
/// offending bytes.
pub(crate) fn parse_error(input: &str, err: &ParseError) -> String {
    located(&message(err), &err.render(input))
}

/// A parse error's message, its hint naming this command's flag where
/// the library's names a Rust call.
fn message(err: &ParseError) -> String {
    let message = err.to_string();
    match (err.hint(), command_hint(err)) {
        (Some(hint), Some(ours)) => message.replace(hint, ours),
        _ => message,
    }
}

/// The fix on the command line for an error whose library hint names a
/// Rust call, feature or option.
fn command_hint(err: &ParseError) -> Option<&'static str> {
    let hint = err.hint()?;
    Some(match err.kind() {
        ParseErrorKind::InvalidIpv6 if hint.contains("zone identifier") => {
            "a zone identifier (\"%25eth0\", RFC 6874) is accepted only when asked for, with \
             `--zone-ids`"
        }
        ParseErrorKind::InvalidChar(Component::Host) if hint.contains("`Iri::parse`") => {
            "an international host name has an ASCII form: read the text as an IRI with \
             `--iri` (or as a browser does, with `--lenient`), or write its \"xn--\" labels"
        }
        ParseErrorKind::InvalidChar(_) if hint.contains("`Iri::parse`") => {
            "a URI is ASCII: read the text as an IRI with `--iri` (or as a browser does, with \
             `--lenient`), or percent-encode it as UTF-8 (`uri encode`)"
        }
        ParseErrorKind::InvalidChar(_) if hint.contains("`pct::encode`") => {
            "neither a URI nor an IRI holds this character as it is: percent-encode it as \
             UTF-8 bytes (`uri encode`)"
        }
        ParseErrorKind::NeedsBase => {
            "resolve it against the page it came from: `uri --lenient resolve BASE REFERENCE` \
             reads a backslash as \"/\" against http, https, ws, wss, ftp and file pages, and \
             as data elsewhere"
        }
        _ => return None,
    })
}

/// A broken rule of a known scheme: the rule and where it is written,
/// the fix when there is a likely one, then the input and the carets.
pub(crate) fn scheme_error(input: &str, scheme: KnownScheme, err: &SchemeError) -> String {
    let mut message = format!(
        "{} at byte {} (a rule of the `{}` scheme, {})",
        err.kind().description(),
        err.index(),
        scheme.name(),
        scheme.rules()
    );
    if let Some(hint) = err.hint() {
        let _ = write!(message, ": {hint}");
    }
    located(&message, &err.render(input))
}

/// A host with no ASCII form (`--iri`): the reason and what to do, then
/// the input with carets under the label or character at fault.
fn idna_error(input: &str, err: &IdnaError) -> String {
    error_at(input, &idna_message(err), err.index(), err.len())
}

/// An IDNA error's message with its hint, as a parse error's carries one.
fn idna_message(err: &IdnaError) -> String {
    format!("{err}: {}", err.hint())
}

/// An error at `len` bytes from `at` of `input`.
pub(crate) fn error_at(input: &str, message: &str, at: usize, len: usize) -> String {
    located(message, &Caret::new(input, at, len))
}

/// A note (a repair the lenient reading made) at `len` bytes from `at` of
/// `input`.
pub(crate) fn note_at(input: &str, message: &str, at: usize, len: usize) -> String {
    labelled("note", "1;36", message, &Caret::new(input, at, len))
}

/// The message, then the input and the carets (red on a terminal).
fn located(message: &str, drawing: &Caret<'_>) -> String {
    labelled("error", "1;31", message, drawing)
}

/// `label: message`, the input and the carets, in `colour` on a terminal.
fn labelled(label: &str, colour: &str, message: &str, drawing: &Caret<'_>) -> String {
    let on_terminal = std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let drawing = drawing.to_string();
    let mut lines = drawing.lines();
    let (input, carets) = (lines.next().unwrap_or(""), lines.next().unwrap_or(""));
    if on_terminal {
        format!(
            "\x1b[{colour}m{label}\x1b[0m: {message}\n  {input}\n  \x1b[{colour}m{carets}\x1b[0m"
        )
    } else {
        format!("{label}: {message}\n  {input}\n  {carets}")
    }
}

/// An error that has no position. Messages quote what the user typed (an
/// assignment, a component's name, a file's path), so whatever in it
/// would act on the terminal is escaped here, for every such message.
pub(crate) fn plain(message: &str) -> String {
    format!("error: {}", on_one_line(message.into()))
}
