//! How results and errors look: components as aligned text or as one JSON
//! object per line, errors with the input drawn and carets under the
//! culprit, in colour only when standard error is a terminal.

use std::fmt::Write as _;
use std::io::IsTerminal;

use serde_json::{Value, json};
use uri_runtime::{Caret, HostKind, KnownScheme, Mailto, ParseError, UriRef};

/// The components as `name  value` lines. Present values are quoted, so an
/// empty one (`""`) differs from an absent one (`none`).
pub(crate) fn components_text(r: &UriRef<'_>) -> String {
    let rows = [
        ("scheme", r.scheme()),
        ("userinfo", r.userinfo()),
        ("host", r.host()),
        ("port", r.port()),
        ("path", Some(r.path())),
        ("query", r.query()),
        ("fragment", r.fragment()),
    ];
    let mut text = String::new();
    for (name, value) in rows {
        let shown = value.map_or_else(|| "none".to_owned(), |v| format!("\"{v}\""));
        let _ = writeln!(text, "{name:<9} {shown}");
    }
    if let Some(kind) = r.components().host_kind() {
        let _ = writeln!(text, "{:<9} {}", "host-kind", kind_name(kind));
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
    text
}

/// The decoded view of a `mailto:` reference, or why it has none.
fn mailto<'a>(r: &UriRef<'a>) -> Option<Result<Mailto<'a>, uri_runtime::SchemeError>> {
    let uri = r
        .as_uri()
        .filter(|uri| uri.known_scheme() == Some(KnownScheme::Mailto))?;
    Some(Mailto::new(uri))
}

fn is_address_field(name: &str) -> bool {
    ["to", "cc", "bcc"]
        .iter()
        .any(|field| name.eq_ignore_ascii_case(field))
}

/// The components as one JSON object; absent ones are `null`.
pub(crate) fn components_json(r: &UriRef<'_>) -> Value {
    let mut object = json!({
        "uri": r.as_str(),
        "scheme": r.scheme(),
        "userinfo": r.userinfo(),
        "host": r.host(),
        "host_kind": r.components().host_kind().map(kind_name),
        "port": r.port(),
        "path": r.path(),
        "query": r.query(),
        "fragment": r.fragment(),
    });
    // Only `mailto:` references carry the key, so other lines keep their shape.
    if let Some(view) = mailto(r) {
        object["mailto"] = match view {
            Ok(mail) => json!({
                "to": mail.to().collect::<Vec<_>>(),
                "cc": mail.cc().collect::<Vec<_>>(),
                "bcc": mail.bcc().collect::<Vec<_>>(),
                "headers": mail.headers().filter(|(name, _)| !is_address_field(name)).collect::<Vec<_>>(),
            }),
            Err(err) => json!({ "error": err.to_string(), "index": err.index() }),
        };
    }
    object
}

fn kind_name(kind: HostKind) -> &'static str {
    match kind {
        HostKind::Ipv4 => "ipv4",
        HostKind::Ipv6 => "ipv6",
        HostKind::IpvFuture => "ipvfuture",
        HostKind::RegName => "reg-name",
    }
}

/// A parse error: the message, then the input with carets under the
/// offending bytes.
pub(crate) fn parse_error(input: &str, err: &ParseError) -> String {
    located(&err.to_string(), &err.render(input))
}

/// An error at `len` bytes from `at` of `input`.
pub(crate) fn error_at(input: &str, message: &str, at: usize, len: usize) -> String {
    located(message, &Caret::new(input, at, len))
}

/// The message, then the input and the carets (red on a terminal).
fn located(message: &str, drawing: &Caret<'_>) -> String {
    let colour = std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let drawing = drawing.to_string();
    let mut lines = drawing.lines();
    let (input, carets) = (lines.next().unwrap_or(""), lines.next().unwrap_or(""));
    if colour {
        format!("\x1b[1;31merror\x1b[0m: {message}\n  {input}\n  \x1b[1;31m{carets}\x1b[0m")
    } else {
        format!("error: {message}\n  {input}\n  {carets}")
    }
}

/// An error that has no position.
pub(crate) fn plain(message: &str) -> String {
    format!("error: {message}")
}
