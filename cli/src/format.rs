//! `uri format`: several components of each URI on one line, through a
//! template such as `{scheme}://{host}{path}`.

use std::io;

use std::borrow::Cow;

use crate::shown::on_one_line;
use clap::ValueEnum as _;
use uri_runtime::site::{NoSite, Rules};
use uri_runtime::{SchemeRules, UriRef, pct};

use crate::args::Part;

/// One piece of a format: text, or what a `{…}` names.
#[derive(Debug, PartialEq, Eq)]
enum Piece {
    Text(String),
    /// A component, raw or (`{:name}`) decoded.
    Component(Part, bool),
    /// `{query:KEY}` (the first value) or `{query-all:KEY}` (every value,
    /// joined with `,`), decoded.
    Param(String, bool),
}

/// A parsed format, with what an absent component prints.
#[derive(Debug)]
pub(crate) struct Format {
    pieces: Vec<Piece>,
    absent: String,
    default_port: bool,
    rules: Rules,
}

impl Format {
    /// Reads `text`: `{name}` for a component as written, `{:name}`
    /// decoded, `{query:KEY}` and `{query-all:KEY}` for parameters, `{{`
    /// and `}}` for braces. A mistake is a usage error naming it.
    pub(crate) fn parse(
        text: &str,
        absent: String,
        default_port: bool,
        rules: Rules,
    ) -> io::Result<Format> {
        let usage = |message: String| io::Error::new(io::ErrorKind::InvalidInput, message);
        let mut pieces = Vec::new();
        let mut literal = String::new();
        let mut rest = text;
        while let Some(at) = rest.find(['{', '}']) {
            literal.push_str(&rest[..at]);
            let brace = &rest[at..];
            if let Some(after) = brace
                .strip_prefix("{{")
                .or_else(|| brace.strip_prefix("}}"))
            {
                literal.push_str(&brace[..1]);
                rest = after;
                continue;
            }
            let Some(close) = brace.strip_prefix('{').and_then(|b| b.find('}')) else {
                return Err(usage(format!("unmatched brace in the format {text:?}")));
            };
            let name = &brace[1..=close];
            if !literal.is_empty() {
                pieces.push(Piece::Text(std::mem::take(&mut literal)));
            }
            pieces.push(piece(name).ok_or_else(|| {
                usage(format!(
                    "unknown placeholder {{{name}}}: use scheme, authority, userinfo, host, port, \
                     path, query, fragment ({{:name}} decoded), query:KEY or query-all:KEY"
                ))
            })?);
            rest = &brace[close + 2..];
        }
        literal.push_str(rest);
        if !literal.is_empty() {
            pieces.push(Piece::Text(literal));
        }
        Ok(Format {
            pieces,
            absent,
            default_port,
            rules,
        })
    }

    /// The line for one URI reference, or the message of the first value
    /// that does not decode.
    pub(crate) fn write(&self, r: &UriRef<'_>) -> Result<String, String> {
        let mut out = String::new();
        for piece in &self.pieces {
            match piece {
                Piece::Text(text) => out.push_str(text),
                Piece::Component(part, decoded) => match self.component(r, *part) {
                    Some(value) if *decoded => out.push_str(&decode(&value)?),
                    Some(value) => out.push_str(&value),
                    None => out.push_str(&self.absent),
                },
                Piece::Param(key, all) => {
                    let mut values = r.query_values(key);
                    if *all {
                        let values: Vec<_> = values
                            .map(|v| v.map(on_one_line))
                            .collect::<Result<_, _>>()
                            .map_err(|e| e.to_string())?;
                        out.push_str(&values.join(","));
                    } else {
                        match values.next() {
                            Some(value) => {
                                out.push_str(&on_one_line(value.map_err(|e| e.to_string())?));
                            }
                            None => out.push_str(&self.absent),
                        }
                    }
                }
            }
        }
        Ok(out)
    }

    fn component(&self, r: &UriRef<'_>, part: Part) -> Option<String> {
        let text = component(r, part, self.rules).ok();
        if matches!(part, Part::Port)
            && text.as_deref().is_none_or(str::is_empty)
            && self.default_port
        {
            return SchemeRules::STANDARD
                .default_port(r.scheme()?)
                .map(|p| p.to_string());
        }
        text.map(Cow::into_owned)
    }
}

/// Why `component` found nothing: the component is absent, or the host
/// has no site or suffix.
#[derive(Debug)]
pub(crate) enum Absent {
    Component,
    Site(NoSite),
}

/// The component `part` names, as written (a site or suffix in its DNS
/// form, under `rules`), or why there is none.
pub(crate) fn component<'a>(
    r: &UriRef<'a>,
    part: Part,
    rules: Rules,
) -> Result<Cow<'a, str>, Absent> {
    let written = match part {
        Part::Scheme => r.scheme(),
        Part::Authority => r.authority(),
        Part::Userinfo => r.userinfo(),
        Part::Host => r.host(),
        Part::Port => r.port(),
        Part::Path => Some(r.path()),
        Part::Query => r.query(),
        Part::Fragment => r.fragment(),
        Part::Site => {
            let site = r.registrable_domain(rules).map_err(Absent::Site)?;
            return Ok(Cow::Owned(site.as_str().to_owned()));
        }
        Part::Suffix => {
            let suffix = r.public_suffix(rules).map_err(Absent::Site)?;
            return Ok(Cow::Owned(suffix.as_str().to_owned()));
        }
    };
    written.map(Cow::Borrowed).ok_or(Absent::Component)
}

/// What `{…}` names, if anything.
fn piece(name: &str) -> Option<Piece> {
    if let Some(key) = name.strip_prefix("query:") {
        return Some(Piece::Param(key.to_owned(), false));
    }
    if let Some(key) = name.strip_prefix("query-all:") {
        return Some(Piece::Param(key.to_owned(), true));
    }
    let (decoded, name) = match name.strip_prefix(':') {
        Some(name) => (true, name),
        None => (false, name),
    };
    let name = Part::from_str(name, false).ok()?;
    Some(Piece::Component(name, decoded))
}

fn decode(value: &str) -> Result<String, String> {
    pct::decode_utf8(value)
        .map(|decoded| on_one_line(decoded).into_owned())
        .map_err(|err| err.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(format: &str, uri: &str) -> Result<String, String> {
        let format = Format::parse(format, String::new(), true, Rules::IcannAndPrivate)
            .map_err(|e| e.to_string())?;
        format.write(&UriRef::parse(uri).unwrap())
    }

    #[test]
    fn placeholders_braces_and_mistakes() {
        let uri = "https://ex.com/a%20b?q=x%20y&t=1&t=2#f";
        assert_eq!(
            line("{scheme}://{host}:{port}{path}", uri).unwrap(),
            "https://ex.com:443/a%20b"
        );
        assert_eq!(
            line("{:path} {query:q} {query-all:t}", uri).unwrap(),
            "/a b x y 1,2"
        );
        assert_eq!(line("{{{fragment}}}", uri).unwrap(), "{f}");
        assert!(
            line("{hots}", uri)
                .unwrap_err()
                .contains("unknown placeholder {hots}")
        );
        assert!(line("{host", uri).unwrap_err().contains("unmatched brace"));
        assert!(
            line("{:query}", "http://h/?a=%FF")
                .unwrap_err()
                .contains("not UTF-8")
        );
    }
}
