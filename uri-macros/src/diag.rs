//! Compile errors that point at the offending bytes of a literal.
//!
//! Stable Rust cannot underline part of a literal, so each message carries
//! the byte offset, the line and column of the bad byte in the source file,
//! and a copy of the literal with carets under the culprit. The span is the
//! exact bytes where the compiler supports `Literal::subspan` (nightly), and
//! the whole literal elsewhere.

use std::fmt::Write as _;

use proc_macro2::{Span, TokenStream};
use syn::LitStr;
use uri_core::pct::encode_byte;
use uri_core::render::Caret;
use uri_core::{Component, ParseError, ParseErrorKind};

use crate::input::Grammar;
use crate::template::HoleSpec;

/// One thing wrong with a literal, located in its value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Problem {
    /// Byte offset in the literal's value.
    pub(crate) at: usize,
    /// Byte length of the offending text (0 at the end of the input).
    pub(crate) len: usize,
    pub(crate) message: String,
    pub(crate) help: Option<String>,
}

impl Problem {
    /// A parser error, worded as at run time but quoting the user's text.
    pub(crate) fn from_parse_error(err: &ParseError, text: &str, grammar: Grammar) -> Problem {
        let at = err.index();
        let culprit = err.culprit_in(text);
        let help = match err.kind() {
            ParseErrorKind::MissingScheme if grammar.requires_scheme() => Some(format!(
                "a URI starts with a scheme such as \"https:\"; \
                 use `{}_ref!` for a relative reference",
                grammar.macro_name()
            )),
            ParseErrorKind::InvalidChar(_) if culprit.len() == 1 && !culprit.contains(' ') => {
                let byte = culprit.as_bytes()[0];
                let encoded = String::from_utf8_lossy(&encode_byte(byte)).into_owned();
                Some(match err.hint() {
                    Some(hint) if !byte.is_ascii_control() => {
                        format!("{hint}: write \"{encoded}\"")
                    }
                    _ => format!(
                        "control characters cannot appear in a URI; write \"{encoded}\" if it is data"
                    ),
                })
            }
            _ => err.hint().map(str::to_owned),
        };
        Problem {
            at,
            len: culprit.len(),
            message: err.describe(culprit).to_string(),
            help,
        }
    }

    /// A `{` with no `}` after it, or a `}` that closes nothing.
    pub(crate) fn lone_brace(at: usize, brace: char) -> Problem {
        let (what, hole) = if brace == '{' {
            ("unclosed", "a template hole is written \"{name}\"; ")
        } else {
            ("unmatched", "")
        };
        Problem {
            at,
            len: 1,
            message: format!("{what} {:?} at byte {at}", brace.to_string()),
            help: Some(format!(
                "{hole}write \"{brace}{brace}\" for a literal brace (it is encoded as \"{}\")",
                String::from_utf8_lossy(&encode_byte(brace as u8))
            )),
        }
    }

    /// Braces around something that is not a hole name.
    pub(crate) fn bad_hole(written: &str, at: usize) -> Problem {
        let (message, help) = if written == "{}" || written == "{*}" {
            (
                format!("hole {written:?} at byte {at} has no name"),
                "name the value, as in \"{id}\" with `id = value` or a variable `id` in scope; \
                 write \"{{}}\" for literal braces",
            )
        } else {
            (
                format!("invalid hole {written:?} at byte {at}"),
                "a hole holds a Rust identifier, after a `*` to keep the component's delimiters \
                 (\"{id}\", \"{*path}\"); format options are not supported, so format the value \
                 first; write \"{{\" and \"}}\" for literal braces",
            )
        };
        Problem {
            at,
            len: written.len(),
            message,
            help: Some(help.to_owned()),
        }
    }

    /// A hole in the scheme or the authority.
    pub(crate) fn hole_not_allowed(hole: &HoleSpec, component: Component) -> Problem {
        Problem {
            at: hole.at,
            len: hole.len,
            message: format!(
                "hole \"{{{}{}}}\" not allowed in the {} at byte {}",
                if hole.keeps_delimiters { "*" } else { "" },
                hole.name,
                component.name(),
                hole.at
            ),
            help: Some(
                "only the path, the query and the fragment take values: the scheme and the \
                 authority decide how the rest is read and which server is contacted, and no \
                 encoding turns an arbitrary value into a valid one; build them at run time \
                 with `UriBuilder`, which checks each part"
                    .to_owned(),
            ),
        }
    }

    /// `{*name}` in the fragment, which has no delimiters to keep.
    pub(crate) fn delimiters_in_fragment(hole: &HoleSpec) -> Problem {
        Problem {
            at: hole.at,
            len: hole.len,
            message: format!(
                "hole \"{{*{}}}\" not allowed in the fragment at byte {}",
                hole.name, hole.at
            ),
            help: Some(format!(
                "the fragment has no delimiters for `*` to keep: write \"{{{}}}\", a fragment \
                 value keeps `/` and `?` already",
                hole.name
            )),
        }
    }

    /// A character the policy would encode, in a component where encoding
    /// is not allowed or would change the meaning; worded as the parser
    /// words a bad character there.
    pub(crate) fn not_encodable_in(
        text: &str,
        at: usize,
        len: usize,
        component: Component,
    ) -> Problem {
        let culprit = text.get(at..at + len).unwrap_or("");
        let kind = match component {
            Component::Scheme => ParseErrorKind::InvalidScheme,
            Component::Port => ParseErrorKind::InvalidPort,
            other => ParseErrorKind::InvalidChar(other),
        };
        let err = ParseError::new(text, at, kind);
        let help = match component {
            Component::Host if !culprit.is_ascii() => Some(
                "an international domain name becomes punycode while compiling only with the \
                 `idna` feature of uri-runtime (on by default); or write the host in its ASCII \
                 form (\"xn--\" labels)",
            ),
            Component::Host => Some("a host name cannot contain this character"),
            _ => err.hint(),
        };
        Problem {
            at,
            len,
            message: err.describe(culprit).to_string(),
            help: help.map(str::to_owned),
        }
    }

    /// A non-ASCII host that has no ASCII form; `err`'s offsets are into
    /// the literal.
    #[cfg(feature = "idna")]
    pub(crate) fn idna(err: &uri_idna::IdnaError) -> Problem {
        Problem {
            at: err.index(),
            len: err.len(),
            message: format!("invalid international domain name: {err}"),
            help: Some(err.hint().to_owned()),
        }
    }

    /// Holes in an IRI literal, which has no template form.
    pub(crate) fn iri_template(text: &str, grammar: Grammar) -> Problem {
        Problem {
            at: 0,
            len: text.len(),
            message: format!("`{}!` takes no holes", grammar.macro_name()),
            help: Some(
                "templates fill values into URIs: use `uri!` with the template, and \
                 `.to_iri()` on the result to show it as an IRI; write \"{{\" and \"}}\" for \
                 literal braces"
                    .to_owned(),
            ),
        }
    }

    /// The canonical form failed to parse: a bug in this crate, reported as
    /// an error rather than a panic.
    pub(crate) fn internal(text: &str) -> Problem {
        Problem {
            at: 0,
            len: text.len(),
            message: "internal error: the pre-encoded literal did not parse again".to_owned(),
            help: Some("please report this literal to the uri crates' issue tracker".to_owned()),
        }
    }
}

/// One `compile_error!` per problem, each spanned on the literal (or on the
/// exact bytes where the compiler allows it).
pub(crate) fn to_compile_errors(
    literal: &LitStr,
    value: &str,
    problems: &[Problem],
) -> TokenStream {
    let source = literal.token().to_string();
    let offsets = value_offsets(literal, value);
    let start = literal.span().start();
    let mut all: Option<syn::Error> = None;
    for problem in problems {
        let mut message = problem.message.clone();
        let span = span_in(literal, value, problem.at, problem.len);
        if let Some(offsets) = &offsets {
            let from = offsets[problem.at.min(value.len())];
            if start.line > 0 {
                let (line, column) = line_column(&source, from, start.line, start.column);
                write!(message, " (line {line}, column {column})").ok();
            }
        }
        for line in Caret::new(value, problem.at, problem.len)
            .to_string()
            .lines()
        {
            write!(message, "\n  {line}").ok();
        }
        if let Some(help) = &problem.help {
            write!(message, "\n  help: {help}").ok();
        }
        let error = syn::Error::new(span, message);
        match &mut all {
            Some(all) => all.combine(error),
            None => all = Some(error),
        }
    }
    all.map_or_else(TokenStream::new, |e| e.to_compile_error())
}

/// The span of `len` bytes at `at` in the literal's value: exact where the
/// compiler supports `Literal::subspan` (nightly), the whole literal
/// elsewhere.
pub(crate) fn span_in(literal: &LitStr, value: &str, at: usize, len: usize) -> Span {
    let Some(offsets) = value_offsets(literal, value) else {
        return literal.span();
    };
    let from = offsets[at.min(value.len())];
    let to = offsets[(at + len).min(value.len())].max(from + 1);
    literal
        .token()
        .subspan(from..to)
        .unwrap_or_else(|| literal.span())
}

/// [`source_offsets`] of the literal, when they account for every byte of
/// its value.
fn value_offsets(literal: &LitStr, value: &str) -> Option<Vec<usize>> {
    source_offsets(&literal.token().to_string()).filter(|o| o.len() == value.len() + 1)
}

/// The 1-based line and column of byte `offset` of a token that starts at
/// `line` and 0-based `column`.
fn line_column(source: &str, offset: usize, mut line: usize, mut column: usize) -> (usize, usize) {
    for c in source.get(..offset).unwrap_or(source).chars() {
        if c == '\n' {
            line += 1;
            column = 0;
        } else {
            column += 1;
        }
    }
    (line, column + 1)
}

/// For each byte of a string literal's value, the offset in the token's
/// source text where it was written, plus one entry for the end. `None`
/// for tokens this does not understand, which then lose only the exact
/// position.
pub(crate) fn source_offsets(token: &str) -> Option<Vec<usize>> {
    if let Some(raw) = token.strip_prefix('r') {
        let hashes = raw.len() - raw.trim_start_matches('#').len();
        let open = 1 + hashes + 1;
        let close = token.len().checked_sub(1 + hashes)?;
        return Some((open..=close).collect());
    }
    let inner = token.strip_prefix('"')?.strip_suffix('"')?;
    let mut offsets = Vec::with_capacity(inner.len() + 1);
    let mut chars = inner.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        let at = i + 1;
        if c != '\\' {
            offsets.extend((0..c.len_utf8()).map(|k| at + k));
            continue;
        }
        match chars.next()?.1 {
            'u' => {
                let mut digits = String::new();
                for (_, d) in chars.by_ref() {
                    match d {
                        '{' => {}
                        '}' => break,
                        _ => digits.push(d),
                    }
                }
                let escaped = char::from_u32(u32::from_str_radix(&digits, 16).ok()?)?;
                offsets.extend(std::iter::repeat_n(at, escaped.len_utf8()));
            }
            'x' => {
                chars.next()?;
                chars.next()?;
                offsets.push(at);
            }
            '\n' | '\r' => {
                // A line continuation: the newline and the next line's
                // leading whitespace are not part of the value.
                while chars.next_if(|(_, w)| w.is_whitespace()).is_some() {}
            }
            _ => offsets.push(at),
        }
    }
    offsets.push(token.len() - 1);
    Some(offsets)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_and_raw_literals_map_by_their_prefix() {
        assert_eq!(source_offsets("\"ab\""), Some(vec![1, 2, 3]));
        assert_eq!(source_offsets("r#\"ab\"#"), Some(vec![3, 4, 5]));
    }

    #[test]
    fn escapes_map_to_where_they_start() {
        // value: "a", "\n", "é" (2 bytes from \u{e9}), "%"
        let offsets = source_offsets(r#""a\n\u{e9}%""#).unwrap();
        assert_eq!(offsets, vec![1, 2, 4, 4, 10, 11]);
        // A line continuation contributes nothing.
        let offsets = source_offsets("\"a\\\n    b\"").unwrap();
        assert_eq!(offsets, vec![1, 8, 9]);
    }

    #[test]
    fn columns_count_from_the_token_start() {
        assert_eq!(line_column("\"ab%\"", 3, 4, 17), (4, 21));
        assert_eq!(line_column("\"a\nb%\"", 4, 4, 17), (5, 2));
    }
}
