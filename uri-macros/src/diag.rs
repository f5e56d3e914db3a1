//! Compile errors that point at the offending bytes of a literal.
//!
//! Stable Rust cannot underline part of a literal, so each message carries
//! the byte offset, the line and column of the bad byte in the source file,
//! and a copy of the literal with carets under the culprit. The span is the
//! exact bytes where the compiler supports `Literal::subspan` (nightly), and
//! the whole literal elsewhere.

use std::fmt::Write as _;

use proc_macro2::TokenStream;
use syn::LitStr;
use uri_core::pct::encode_byte;
use uri_core::render::Caret;
use uri_core::{Component, ParseError, ParseErrorKind};

use crate::input::Grammar;

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
            ParseErrorKind::MissingScheme if grammar == Grammar::Uri => Some(
                "a URI starts with a scheme such as \"https:\"; \
                 use `uri_ref!` for a relative reference"
                    .to_owned(),
            ),
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

    /// A `{` or `}` that is not doubled.
    pub(crate) fn lone_brace(at: usize, brace: char) -> Problem {
        Problem {
            at,
            len: 1,
            message: format!("lone {:?} at byte {at}", brace.to_string()),
            help: Some(format!(
                "braces mark template holes, which URI literals do not take yet; \
                 write \"{brace}{brace}\" for a literal brace (it is encoded as \"{}\")",
                String::from_utf8_lossy(&encode_byte(brace as u8))
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
                "international domain names are not supported in literals yet: \
                 write the host in its ASCII form (punycode, \"xn--\" labels)",
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
    let token = literal.token();
    let source = token.to_string();
    let offsets = source_offsets(&source).filter(|o| o.len() == value.len() + 1);
    let start = literal.span().start();
    let mut all: Option<syn::Error> = None;
    for problem in problems {
        let mut message = problem.message.clone();
        let mut span = literal.span();
        if let Some(offsets) = &offsets {
            let from = offsets[problem.at.min(value.len())];
            let to = offsets[(problem.at + problem.len).min(value.len())].max(from + 1);
            span = token.subspan(from..to).unwrap_or(span);
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
