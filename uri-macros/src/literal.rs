//! Checking a literal against the one grammar, pre-encoding it into
//! canonical form, and emitting the `const` value.
//!
//! The literal is parsed as written, with each character the policy
//! encodes (space, `"` `<` `>` `\` `^` `` ` `` `|`, non-ASCII, and the
//! `{{` / `}}` brace escapes) and each template hole (`{name}`) replaced by
//! `x`s of the same byte length. Offsets in the parser's errors are then
//! offsets in the user's text, and a replaced character can neither hide an
//! error (`x` is no hex digit, so `% a` stays a bad escape) nor create
//! structure. Once the text parses, each replaced character must sit in a
//! component that allows percent-encoding and each hole in one that takes a
//! value; then the canonical text is written, with one `x` per hole, and
//! parsed once more for the boundaries the output carries.

use proc_macro2::TokenStream;
use quote::quote;
use uri_core::pct::{URI_CHARS, decode_triplet, encode_byte};
use uri_core::table::UNRESERVED;
use uri_core::{Component, Components, ParseError, ParseErrorKind, parse_uri, parse_uri_reference};

use crate::diag::{Problem, to_compile_errors};
use crate::input::{self, Grammar, Header};
use crate::template::{self, HoleSpec};

/// How many independent errors one literal reports before stopping.
const MAX_ERRORS: usize = 8;

pub(crate) fn expand(tokens: TokenStream) -> TokenStream {
    let header = match input::header(tokens) {
        Ok(header) => header,
        Err(err) => return err.to_compile_error(),
    };
    let (literal, args) = match input::invocation(header.rest.clone(), header.grammar) {
        Ok(invocation) => invocation,
        Err(err) => return with_placeholder(&header, false, &err.to_compile_error()),
    };
    let text = literal.value();
    let is_template = !args.is_empty() || template::has_holes(&text);
    match canonicalize(&text, header.grammar) {
        Ok(canonical) if !is_template => emit(&header, &canonical.skeleton, canonical.parts),
        Ok(canonical) => template::expand(&header, &literal, &args, &canonical)
            .unwrap_or_else(|errors| with_placeholder(&header, true, &errors)),
        Err(problems) => with_placeholder(
            &header,
            is_template,
            &to_compile_errors(&literal, &text, &problems),
        ),
    }
}

/// The errors, then a value of the type the macro would have produced, so
/// that the user sees only the errors and no follow-on type mismatch or
/// unreachable-code warning.
fn with_placeholder(header: &Header, is_template: bool, errors: &TokenStream) -> TokenStream {
    let Ok(empty) = parse_uri_reference("") else {
        return errors.clone();
    };
    let value = if is_template {
        template::empty(header, empty)
    } else {
        emit(header, "", empty)
    };
    quote! { { #errors #value } }
}

fn emit(header: &Header, canonical: &str, parts: Components) -> TokenStream {
    let krate = &header.krate;
    let ty = match header.grammar {
        Grammar::Uri => quote!(Uri),
        Grammar::UriRef => quote!(UriRef),
    };
    let raw = raw_tokens(&parts);
    quote! {
        const { #krate::__private::#ty::__from_validated(#canonical, #raw) }
    }
}

/// `parts.to_raw()` as an array expression. The absent marker is written
/// `usize::MAX`, not as the host's digits: on a 32-bit target a 64-bit
/// literal is out of range, and only truncation (with the lint silenced in
/// macro output) would make it come out right.
pub(crate) fn raw_tokens(parts: &Components) -> TokenStream {
    let raw = parts.to_raw().map(|n| {
        if n == usize::MAX {
            quote!(::core::primitive::usize::MAX)
        } else {
            quote!(#n)
        }
    });
    quote!([#(#raw),*])
}

/// What a stretch of the literal becomes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stand {
    /// Percent-encoded, byte by byte.
    Encoded,
    /// `{{` or `}}` (or a lone brace, already reported): one encoded brace.
    Brace(u8),
    /// The hole with this index in the template's holes.
    Hole(usize),
}

/// A stretch of the literal the policy rewrites.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Rewrite {
    /// Byte offset in the literal's value.
    at: usize,
    /// Byte length in the value.
    len: usize,
    what: Stand,
}

/// A checked literal in canonical form.
#[derive(Debug)]
pub(crate) struct Canonical {
    /// The canonical text, with one `x` standing in each hole.
    pub(crate) skeleton: String,
    /// The holes in order, with the offset of each one's `x`.
    pub(crate) holes: Vec<(usize, HoleSpec)>,
    /// The boundaries of `skeleton`.
    pub(crate) parts: Components,
}

/// The canonical form and its boundaries, or every problem found.
pub(crate) fn canonicalize(text: &str, grammar: Grammar) -> Result<Canonical, Vec<Problem>> {
    let (mut working, rewrites, specs, mut problems) = stand_ins(text);
    let parts = loop {
        match parse(&working, grammar) {
            Ok(parts) => break Some(parts),
            Err(err) => {
                if let Some(spec) = specs.iter().find(|h| h.covers(err.index())) {
                    problems.push(match template::component_of(err.kind()) {
                        Some(component) => Problem::hole_not_allowed(spec, component),
                        None => Problem::from_parse_error(&err, text, grammar),
                    });
                    break None;
                }
                problems.push(Problem::from_parse_error(&err, text, grammar));
                if problems.len() >= MAX_ERRORS || !patch(&mut working, &err) {
                    break None;
                }
            }
        }
    };
    if let Some(parts) = parts {
        for run in runs(&rewrites) {
            if let Some(problem) = misplaced(text, &run, &parts, &specs) {
                problems.push(problem);
            }
        }
    }
    let Some(parts) = parts.filter(|_| problems.is_empty()) else {
        problems.sort_by_key(|p| p.at);
        problems.dedup_by_key(|p| p.at);
        return Err(problems);
    };
    let (skeleton, holes) = write_canonical(text, &rewrites, &specs);
    match parse(&skeleton, grammar) {
        // Rewrites only lengthen or shorten text inside components, so the
        // same components must be present; anything else is a bug here.
        Ok(final_parts) if shape(&final_parts) == shape(&parts) => Ok(Canonical {
            skeleton,
            holes,
            parts: final_parts,
        }),
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

/// The text with stand-ins for the rewritten characters and the holes, the
/// rewrites, the holes, and the problems with braces and hole names.
fn stand_ins(text: &str) -> (String, Vec<Rewrite>, Vec<HoleSpec>, Vec<Problem>) {
    let mut working = String::with_capacity(text.len());
    let mut rewrites = Vec::new();
    let mut specs = Vec::new();
    let mut problems = Vec::new();
    let mut chars = text.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        let rewrite = if matches!(c, '{' | '}') {
            if chars.next_if(|&(_, next)| next == c).is_some() {
                Rewrite {
                    at,
                    len: 2,
                    what: Stand::Brace(c as u8),
                }
            } else if let Some(close) = text
                .get(at..)
                .filter(|_| c == '{')
                .and_then(|rest| rest.find('}'))
            {
                while chars.next_if(|&(i, _)| i <= at + close).is_some() {}
                let len = close + 1;
                match HoleSpec::parse(text, at, len) {
                    Ok(spec) => {
                        specs.push(spec);
                        Rewrite {
                            at,
                            len,
                            what: Stand::Hole(specs.len() - 1),
                        }
                    }
                    Err(problem) => {
                        problems.push(problem);
                        Rewrite {
                            at,
                            len,
                            what: Stand::Encoded,
                        }
                    }
                }
            } else {
                problems.push(Problem::lone_brace(at, c));
                Rewrite {
                    at,
                    len: 1,
                    what: Stand::Brace(c as u8),
                }
            }
        } else if encoded_by_policy(c) {
            Rewrite {
                at,
                len: c.len_utf8(),
                what: Stand::Encoded,
            }
        } else {
            working.push(c);
            continue;
        };
        working.extend(std::iter::repeat_n('x', rewrite.len));
        rewrites.push(rewrite);
    }
    (working, rewrites, specs, problems)
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

/// Adjacent encodings merged, so `例え` in a host is one error, not two;
/// holes stay apart.
fn runs(rewrites: &[Rewrite]) -> Vec<Rewrite> {
    let mut runs: Vec<Rewrite> = Vec::with_capacity(rewrites.len());
    for r in rewrites {
        match runs.last_mut() {
            Some(last)
                if last.at + last.len == r.at
                    && !matches!(last.what, Stand::Hole(_))
                    && !matches!(r.what, Stand::Hole(_)) =>
            {
                last.len += r.len;
            }
            _ => runs.push(*r),
        }
    }
    runs
}

/// A hole where no value may go, or an encoded run where percent-encoding
/// is not allowed.
fn misplaced(
    text: &str,
    rewrite: &Rewrite,
    parts: &Components,
    specs: &[HoleSpec],
) -> Option<Problem> {
    let component = parts.component_at(rewrite.at)?;
    if let Stand::Hole(index) = rewrite.what {
        let spec = specs.get(index)?;
        return template::check_place(spec, component).err();
    }
    matches!(
        component,
        Component::Scheme | Component::Host | Component::Port
    )
    .then(|| Problem::not_encodable_in(text, rewrite.at, rewrite.len, component))
}

/// The literal in canonical form: rewritten characters percent-encoded,
/// escape hex uppercased, escapes of unreserved characters decoded, one
/// `x` per hole; and where each hole's `x` is.
fn write_canonical(
    text: &str,
    rewrites: &[Rewrite],
    specs: &[HoleSpec],
) -> (String, Vec<(usize, HoleSpec)>) {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len() + 2 * rewrites.len());
    let mut holes = Vec::new();
    let mut pending = rewrites.iter().peekable();
    let mut i = 0;
    while i < bytes.len() {
        if let Some(r) = pending.next_if(|r| r.at == i) {
            let encoded = match r.what {
                Stand::Brace(brace) => &[brace][..],
                Stand::Encoded => &bytes[i..i + r.len],
                Stand::Hole(index) => {
                    if let Some(spec) = specs.get(index) {
                        holes.push((out.len(), spec.clone()));
                    }
                    out.push('x');
                    &[][..]
                }
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
    (out, holes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn canonical(text: &str) -> String {
        canonicalize(text, Grammar::UriRef).unwrap().skeleton
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
        let found = canonicalize("/a{id/b}c", Grammar::UriRef).unwrap_err();
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].message, "invalid hole \"{id/b}\" at byte 2");
        let found = canonicalize("/a{id", Grammar::UriRef).unwrap_err();
        assert_eq!(found[0].message, "unclosed \"{\" at byte 2");
        assert!(found[0].help.as_ref().unwrap().contains("\"{{\""));
        let found = canonicalize("/a}b", Grammar::UriRef).unwrap_err();
        assert_eq!(found[0].message, "unmatched \"}\" at byte 2");
    }

    fn holes(text: &str) -> (String, Vec<(usize, String)>) {
        let canonical = canonicalize(text, Grammar::UriRef).unwrap();
        let holes = canonical
            .holes
            .iter()
            .map(|(at, h)| (*at, h.name.clone()))
            .collect();
        (canonical.skeleton, holes)
    }

    #[test]
    fn each_hole_becomes_one_stand_in_in_canonical_text() {
        assert_eq!(
            holes("/é/{id}?q={{{q}}}#{f}"),
            (
                "/%C3%A9/x?q=%7Bx%7D#x".to_owned(),
                vec![
                    (8, "id".to_owned()),
                    (15, "q".to_owned()),
                    (20, "f".to_owned())
                ]
            )
        );
    }

    #[test]
    fn holes_are_refused_where_no_value_may_go() {
        for (text, at, component) in [
            ("{s}://h/", 0, "scheme"),
            ("http://{u}@h/", 7, "userinfo"),
            ("http://{h}/", 7, "host"),
            ("http://h:{port}/", 9, "port"),
            ("http://[{ip}]/", 8, "host"),
        ] {
            let found = problems(text, Grammar::Uri);
            assert_eq!(found.len(), 1, "{text}: {found:?}");
            assert_eq!(found[0].0, at, "{text}");
            assert!(
                found[0].1.contains(&format!("allowed in the {component}")),
                "{found:?}"
            );
        }
        let found = canonicalize("http://h/#{*f}", Grammar::Uri).unwrap_err();
        assert_eq!(
            found[0].message,
            "hole \"{*f}\" not allowed in the fragment at byte 10"
        );
        assert!(found[0].help.as_ref().unwrap().contains("no delimiters"));
    }

    #[test]
    fn absent_positions_do_not_depend_on_the_hosts_pointer_width() {
        let parts = parse_uri_reference("a").unwrap();
        let tokens = raw_tokens(&parts).to_string();
        assert!(tokens.contains("usize :: MAX"), "{tokens}");
        assert!(!tokens.contains(&usize::MAX.to_string()), "{tokens}");
    }
}
