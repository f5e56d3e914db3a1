//! Checking a literal against the one grammar, pre-encoding it into
//! canonical form, and emitting the `const` value.
//!
//! The literal is parsed as written, with each character the policy
//! encodes (space, `"` `<` `>` `\` `^` `` ` `` `|`, non-ASCII, and the
//! `{{` / `}}` brace escapes) replaced by `x`s of the same byte length.
//! Offsets in the parser's errors are then offsets in the user's text, and a
//! replaced character can neither hide an error (`x` is no hex digit, so
//! `% a` stays a bad escape) nor create structure. Once the text parses,
//! each replaced character must sit in a component that allows
//! percent-encoding; then the canonical text is written and parsed once more
//! for the boundaries the output carries.

use proc_macro2::TokenStream;
use quote::quote;
use uri_core::pct::{URI_CHARS, decode_triplet, encode_byte};
use uri_core::table::UNRESERVED;
use uri_core::{Component, Components, ParseError, ParseErrorKind, parse_uri, parse_uri_reference};

use crate::diag::{Problem, to_compile_errors};
use crate::input::{self, Grammar, Header};

/// How many independent errors one literal reports before stopping.
const MAX_ERRORS: usize = 8;

pub(crate) fn expand(tokens: TokenStream) -> TokenStream {
    let header = match input::header(tokens) {
        Ok(header) => header,
        Err(err) => return err.to_compile_error(),
    };
    let literal = match input::literal(header.rest.clone(), header.grammar) {
        Ok(literal) => literal,
        Err(err) => return with_placeholder(&header, &err.to_compile_error()),
    };
    let text = literal.value();
    match canonicalize(&text, header.grammar) {
        Ok((canonical, parts)) => emit(&header, &canonical, parts),
        Err(problems) => with_placeholder(&header, &to_compile_errors(&literal, &text, &problems)),
    }
}

/// The errors, then a value of the right type, so that the user sees only
/// the errors and no follow-on type mismatch or unreachable-code warning.
fn with_placeholder(header: &Header, errors: &TokenStream) -> TokenStream {
    let empty = parse_uri_reference("")
        .map_or_else(|_| TokenStream::new(), |parts| emit(header, "", parts));
    quote! { { #errors #empty } }
}

fn emit(header: &Header, canonical: &str, parts: Components) -> TokenStream {
    let krate = &header.krate;
    let ty = match header.grammar {
        Grammar::Uri => quote!(Uri),
        Grammar::UriRef => quote!(UriRef),
    };
    let raw = parts.to_raw();
    quote! {
        const { #krate::__private::#ty::__from_validated(#canonical, [#(#raw),*]) }
    }
}

/// A stretch of the literal the policy rewrites.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Rewrite {
    /// Byte offset in the literal's value.
    at: usize,
    /// Byte length in the value.
    len: usize,
    /// `Some` for `{{` / `}}`, which become one encoded brace.
    brace: Option<u8>,
}

/// The canonical text and its boundaries, or every problem found.
pub(crate) fn canonicalize(
    text: &str,
    grammar: Grammar,
) -> Result<(String, Components), Vec<Problem>> {
    let (mut working, rewrites, mut problems) = stand_ins(text);
    let parts = loop {
        match parse(&working, grammar) {
            Ok(parts) => break Some(parts),
            Err(err) => {
                problems.push(Problem::from_parse_error(&err, text, grammar));
                if problems.len() >= MAX_ERRORS || !patch(&mut working, &err) {
                    break None;
                }
            }
        }
    };
    if let Some(parts) = parts {
        for run in runs(&rewrites) {
            if let Some(problem) = misplaced(text, &run, &parts) {
                problems.push(problem);
            }
        }
    }
    let Some(parts) = parts.filter(|_| problems.is_empty()) else {
        problems.sort_by_key(|p| p.at);
        problems.dedup_by_key(|p| p.at);
        return Err(problems);
    };
    let canonical = write_canonical(text, &rewrites);
    match parse(&canonical, grammar) {
        // Rewrites only lengthen text inside components, so the same
        // components must be present; anything else is a bug here.
        Ok(final_parts) if shape(&final_parts) == shape(&parts) => Ok((canonical, final_parts)),
        _ => Err(vec![Problem::internal(text)]),
    }
}

/// Which optional components are present.
fn shape(parts: &Components) -> [bool; 6] {
    [
        parts.scheme().is_some(),
        parts.authority().is_some(),
        parts.userinfo().is_some(),
        parts.port().is_some(),
        parts.query().is_some(),
        parts.fragment().is_some(),
    ]
}

fn parse(text: &str, grammar: Grammar) -> Result<Components, ParseError> {
    match grammar {
        Grammar::Uri => parse_uri(text),
        Grammar::UriRef => parse_uri_reference(text),
    }
}

/// Whether the policy writes `c` percent-encoded rather than rejecting it.
fn encoded_by_policy(c: char) -> bool {
    !c.is_ascii()
        || !(c.is_ascii_control() || URI_CHARS.keeps(c as u8) || matches!(c, '%' | '{' | '}'))
}

/// The text with stand-ins for the rewritten characters, the rewrites, and
/// the problems with lone braces.
fn stand_ins(text: &str) -> (String, Vec<Rewrite>, Vec<Problem>) {
    let mut working = String::with_capacity(text.len());
    let mut rewrites = Vec::new();
    let mut problems = Vec::new();
    let mut chars = text.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        let rewrite = if matches!(c, '{' | '}') {
            if chars.next_if(|&(_, next)| next == c).is_some() {
                Some(Rewrite {
                    at,
                    len: 2,
                    brace: Some(c as u8),
                })
            } else {
                problems.push(Problem::lone_brace(at, c));
                Some(Rewrite {
                    at,
                    len: 1,
                    brace: Some(c as u8),
                })
            }
        } else if encoded_by_policy(c) {
            Some(Rewrite {
                at,
                len: c.len_utf8(),
                brace: None,
            })
        } else {
            None
        };
        match rewrite {
            Some(r) => {
                working.extend(std::iter::repeat_n('x', r.len));
                rewrites.push(r);
            }
            None => working.push(c),
        }
    }
    (working, rewrites, problems)
}

/// Blanks out the culprit so the next parse can find an independent error;
/// false when the error is structural and parsing on would only cascade.
fn patch(working: &mut String, err: &ParseError) -> bool {
    let stand_in = match err.kind() {
        ParseErrorKind::InvalidChar(_) | ParseErrorKind::InvalidPercentEncoding(_) => "x",
        ParseErrorKind::InvalidPort => "0",
        _ => return false,
    };
    let at = err.index();
    // Every non-ASCII character was replaced already, so the culprit is one
    // ASCII byte.
    if working.get(at..=at).is_some_and(str::is_ascii) {
        working.replace_range(at..=at, stand_in);
        true
    } else {
        false
    }
}

/// Adjacent rewrites merged, so `例え` in a host is one error, not two.
fn runs(rewrites: &[Rewrite]) -> Vec<Rewrite> {
    let mut runs: Vec<Rewrite> = Vec::with_capacity(rewrites.len());
    for r in rewrites {
        match runs.last_mut() {
            Some(last) if last.at + last.len == r.at => last.len += r.len,
            _ => runs.push(*r),
        }
    }
    runs
}

/// A rewritten run where percent-encoding is not allowed.
fn misplaced(text: &str, rewrite: &Rewrite, parts: &Components) -> Option<Problem> {
    let inside =
        |range: Option<core::ops::Range<usize>>| range.is_some_and(|r| r.contains(&rewrite.at));
    let component = if inside(parts.scheme()) {
        Component::Scheme
    } else if inside(parts.host()) {
        Component::Host
    } else if inside(parts.port()) {
        Component::Port
    } else {
        return None;
    };
    Some(Problem::not_encodable_in(
        text,
        rewrite.at,
        rewrite.len,
        component,
    ))
}

/// The literal in canonical form: rewritten characters percent-encoded,
/// escape hex uppercased, escapes of unreserved characters decoded.
fn write_canonical(text: &str, rewrites: &[Rewrite]) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len() + 2 * rewrites.len());
    let mut pending = rewrites.iter().peekable();
    let mut i = 0;
    while i < bytes.len() {
        if let Some(r) = pending.next_if(|r| r.at == i) {
            let encoded = match r.brace {
                Some(brace) => &[brace][..],
                None => &bytes[i..i + r.len],
            };
            for &b in encoded {
                out.extend(encode_byte(b).map(char::from));
            }
            i += r.len;
        } else if let Some(decoded) = decode_triplet(bytes, i, bytes.len()) {
            if UNRESERVED.contains(decoded) {
                out.push(char::from(decoded));
            } else {
                out.extend(encode_byte(decoded).map(char::from));
            }
            i += 3;
        } else {
            // Not rewritten and parsed: an ASCII URI character.
            out.push(char::from(bytes[i]));
            i += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn canonical(text: &str) -> String {
        canonicalize(text, Grammar::UriRef).map(|(s, _)| s).unwrap()
    }

    fn problems(text: &str, grammar: Grammar) -> Vec<(usize, String)> {
        canonicalize(text, grammar)
            .unwrap_err()
            .into_iter()
            .map(|p| (p.at, p.message))
            .collect()
    }

    #[test]
    fn pre_encodes_into_canonical_form() {
        assert_eq!(
            canonical("http://example.com/my document.pdf"),
            "http://example.com/my%20document.pdf"
        );
        assert_eq!(
            canonical("https://x.org/a%7eb?q=été"),
            "https://x.org/a~b?q=%C3%A9t%C3%A9"
        );
        assert_eq!(canonical("/a%2fb%41"), "/a%2FbA");
        assert_eq!(canonical("/<a>|\"^`\\"), "/%3Ca%3E%7C%22%5E%60%5C");
        assert_eq!(canonical("/{{x}}"), "/%7Bx%7D");
        assert_eq!(canonical("//user name@host/"), "//user%20name@host/");
        // No other change: case, dots and reserved characters stay.
        assert_eq!(
            canonical("HTTP://Example.COM/./a/../b?x=%2F"),
            "HTTP://Example.COM/./a/../b?x=%2F"
        );
    }

    #[test]
    fn stand_ins_cannot_complete_a_broken_escape() {
        let found = problems("/100% a", Grammar::UriRef);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].0, 4);
    }

    #[test]
    fn independent_errors_are_reported_together() {
        let found = problems("http://x/a%G1b#c#d", Grammar::Uri);
        let at: Vec<usize> = found.iter().map(|p| p.0).collect();
        assert_eq!(at, [10, 16]);
    }

    #[test]
    fn encoding_is_refused_where_it_would_change_meaning() {
        for (text, at) in [
            ("ht tp://x/", 2),
            ("http://exa mple.com/", 10),
            ("http://例え.jp/", 7),
            ("http://x:8 0/", 10),
        ] {
            let found = problems(text, Grammar::Uri);
            assert_eq!(found.len(), 1, "{text}: {found:?}");
            assert_eq!(found[0].0, at, "{text}");
        }
    }

    #[test]
    fn refusals_use_the_parsers_words_for_each_component() {
        let scheme = canonicalize("ht tp://x/", Grammar::Uri).unwrap_err();
        assert_eq!(
            scheme[0].message,
            "invalid scheme: character \" \" not allowed at byte 2"
        );
        let port = canonicalize("http://x:8é/", Grammar::Uri).unwrap_err();
        assert_eq!(
            port[0].message,
            "invalid port: character \"é\" not allowed at byte 10"
        );
        let host = canonicalize("http://例え.jp/", Grammar::Uri).unwrap_err();
        assert_eq!(
            host[0].message,
            "character \"例え\" not allowed in host at byte 7"
        );
    }

    #[test]
    fn lone_braces_are_errors_with_a_fix() {
        let found = canonicalize("/a{id}", Grammar::UriRef).unwrap_err();
        assert_eq!(found.iter().map(|p| p.at).collect::<Vec<_>>(), [2, 5]);
        assert_eq!(found[0].message, "lone \"{\" at byte 2");
        assert!(found[0].help.as_ref().unwrap().contains("\"{{\""));
    }
}
