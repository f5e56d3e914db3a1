//! Phase 2: checking a literal against the one grammar and pre-encoding
//! it into canonical form.
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
//!
//! What is wrong is collected as [`Problem`]s, located in the literal's
//! value; turning them into compile errors is the last phase's work. This
//! phase uses only the input phase.

pub(crate) mod holes;
pub(crate) mod problem;
pub(crate) mod rfc6570;

use uri_core::pct::{URI_CHARS, decode_triplet, encode_byte};
use uri_core::scheme::KnownScheme;
use uri_core::table::{UNRESERVED, is_ucschar};
use uri_core::{
    Component, Components, ParseError, ParseErrorKind, parse_iri, parse_iri_reference, parse_uri,
    parse_uri_reference,
};

use crate::input::Grammar;
use holes::{HoleSpec, MAX_HOLES};
use problem::{MAX_ERRORS, Problem};

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

/// The component a parse error is about, for an error found inside a
/// hole's stand-in.
pub(crate) fn component_of(kind: ParseErrorKind) -> Option<Component> {
    match kind {
        ParseErrorKind::InvalidChar(component)
        | ParseErrorKind::InvalidPercentEncoding(component) => Some(component),
        ParseErrorKind::InvalidScheme => Some(Component::Scheme),
        ParseErrorKind::InvalidPort => Some(Component::Port),
        ParseErrorKind::InvalidIpv6
        | ParseErrorKind::InvalidIpvFuture
        | ParseErrorKind::InvalidZoneId
        | ParseErrorKind::UnclosedIpLiteral => Some(Component::Host),
        _ => None,
    }
}

/// Whether a hole may stand in `component`.
pub(crate) fn check_place(spec: &HoleSpec, component: Component) -> Result<(), Problem> {
    match component {
        Component::Scheme | Component::Userinfo | Component::Host | Component::Port => {
            Err(Problem::hole_not_allowed(spec, component))
        }
        Component::Fragment if spec.keeps_delimiters => Err(Problem::delimiters_in_fragment(spec)),
        _ => Ok(()),
    }
}

/// The canonical form and its boundaries, or every problem found.
pub(crate) fn canonicalize(text: &str, grammar: Grammar) -> Result<Canonical, Vec<Problem>> {
    let (mut working, rewrites, specs, mut problems) = stand_ins(text, grammar);
    let parts = loop {
        match parse(&working, grammar) {
            Ok(parts) => break Some(parts),
            Err(err) => {
                if let Some(spec) = specs.iter().find(|h| h.covers(err.index())) {
                    problems.push(match component_of(err.kind()) {
                        Some(component) => Problem::hole_not_allowed(spec, component),
                        None => Problem::from_parse_error(&err, text, grammar),
                    });
                    break None;
                }
                problems.push(Problem::from_parse_error(&err, text, grammar));
                // One more than is shown, so the note can say there are more.
                if problems.len() > MAX_ERRORS || !patch(&mut working, &err) {
                    break None;
                }
            }
        }
    };
    let mut ascii_host = None;
    if let Some(parts) = parts {
        let host = parts.host().unwrap_or(0..0);
        let mapped = international_host(text, &parts, grammar);
        let host_judged = mapped.is_some();
        match mapped {
            Some(Ok(ascii)) => ascii_host = Some((host.clone(), ascii)),
            Some(Err(problem)) => problems.push(problem),
            None => {}
        }
        for run in runs(&rewrites) {
            // The IDNA mapping has judged every character of the host.
            if host_judged && host.contains(&run.at) {
                continue;
            }
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
    let (skeleton, holes, origins) = write_canonical(text, &rewrites, &specs, ascii_host.as_ref());
    match parse(&skeleton, grammar) {
        // Rewrites only lengthen or shorten text inside components, so the
        // same components must be present; anything else is a bug here.
        Ok(final_parts) if shape(&final_parts) == shape(&parts) => {
            if let Some(problem) = scheme_rules(&skeleton, &final_parts, &origins, holes.is_empty())
            {
                return Err(vec![problem]);
            }
            Ok(Canonical {
                skeleton,
                holes,
                parts: final_parts,
            })
        }
        _ => Err(vec![Problem::internal(text)]),
    }
}

/// The rules of the literal's scheme (`http`, `https`, `ftp`, `mailto`,
/// `file`), checked on the canonical text by the same function the
/// runtime calls, and located in the literal through `origins`.
///
/// A template is checked only where its holes cannot reach: a scheme
/// whose rules read the authority alone, where no hole may stand
/// ([`KnownScheme::rules_read_only_the_authority`]). The other schemes'
/// rules read the path and query, which a hole fills at run time.
fn scheme_rules(
    skeleton: &str,
    parts: &Components,
    origins: &[usize],
    whole: bool,
) -> Option<Problem> {
    let name = skeleton.get(parts.scheme()?)?;
    let scheme = KnownScheme::of(name)?;
    if !whole && !scheme.rules_read_only_the_authority() {
        return None;
    }
    let err = uri_core::scheme::check(skeleton, parts).err()?;
    let origin = |i: usize| origins.get(i).or(origins.last()).copied().unwrap_or(0);
    let at = origin(err.index());
    let len = origin(err.index() + err.len()) - at;
    Some(Problem::scheme_rule(&err, scheme, at, len))
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
        Grammar::Iri => parse_iri(text),
        Grammar::IriRef => parse_iri_reference(text),
    }
}

/// Whether the policy writes `c` percent-encoded rather than rejecting it
/// or keeping it. An IRI keeps `ucschar` (and the parser refuses the bidi
/// formatting characters among them); private-use characters, which RFC
/// 3987 allows in the query only, are encoded wherever they are.
fn encoded_by_policy(c: char, grammar: Grammar) -> bool {
    if !c.is_ascii() {
        return !(grammar.is_iri() && is_ucschar(c));
    }
    !(c.is_ascii_control() || URI_CHARS.keeps(c as u8) || matches!(c, '%' | '{' | '}'))
}

/// The text with stand-ins for the rewritten characters and the holes, the
/// rewrites, the holes, and the problems with braces and hole names.
fn stand_ins(text: &str, grammar: Grammar) -> (String, Vec<Rewrite>, Vec<HoleSpec>, Vec<Problem>) {
    let mut working = String::with_capacity(text.len());
    let mut rewrites = Vec::new();
    let mut specs = Vec::new();
    let mut problems = Vec::new();
    let mut chars = text.char_indices().peekable();
    // The next `}`, searched for again only once passed: a literal of many
    // unclosed `{` is read once, not once per brace.
    let mut next_close = text.find('}');
    while let Some((at, c)) = chars.next() {
        if next_close.is_some_and(|close| close < at) {
            next_close = text
                .get(at..)
                .and_then(|rest| rest.find('}'))
                .map(|i| at + i);
        }
        let rewrite = if matches!(c, '{' | '}') {
            if chars.next_if(|&(_, next)| next == c).is_some() {
                Rewrite {
                    at,
                    len: 2,
                    what: Stand::Brace(c as u8),
                }
            } else if let Some(close) = next_close.filter(|_| c == '{').map(|close| close - at) {
                while chars.next_if(|&(i, _)| i <= at + close).is_some() {}
                let len = close + 1;
                let what = if let Some(spec) = HoleSpec::parse(text, at, len) {
                    if specs.len() == MAX_HOLES {
                        problems.push(Problem::too_many_holes(&spec));
                    }
                    specs.push(spec);
                    Stand::Hole(specs.len() - 1)
                } else {
                    let written = text.get(at..at + len).unwrap_or("");
                    problems.push(Problem::bad_hole(written, at));
                    Stand::Encoded
                };
                Rewrite { at, len, what }
            } else {
                problems.push(Problem::lone_brace(at, c));
                Rewrite {
                    at,
                    len: 1,
                    what: Stand::Brace(c as u8),
                }
            }
        } else if encoded_by_policy(c, grammar) {
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

/// For `uri!` and `uri_ref!` with the `idna` feature, a reg-name holding
/// non-ASCII characters mapped to its ASCII form (UTS 46 `ToASCII`, `xn--`
/// labels) while compiling, or why it has none. `None` leaves the host
/// to the usual checks, which refuse non-ASCII in a URI host.
#[cfg(feature = "idna")]
fn international_host(
    text: &str,
    parts: &Components,
    grammar: Grammar,
) -> Option<Result<String, Problem>> {
    let range = parts.host()?;
    let host = text.get(range.clone())?;
    if grammar.is_iri() || host.is_ascii() || parts.host_kind()? != uri_core::HostKind::RegName {
        return None;
    }
    Some(
        uri_idna::host_to_ascii(host)
            .map(std::borrow::Cow::into_owned)
            .map_err(|err| Problem::idna(&err.offset_by(range.start))),
    )
}

#[cfg(not(feature = "idna"))]
fn international_host(
    _text: &str,
    _parts: &Components,
    _grammar: Grammar,
) -> Option<Result<String, Problem>> {
    None
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
        return check_place(spec, component).err();
    }
    matches!(
        component,
        Component::Scheme | Component::Host | Component::Port
    )
    .then(|| Problem::not_encodable_in(text, rewrite.at, rewrite.len, component))
}

/// The literal in canonical form: rewritten characters percent-encoded,
/// escape hex uppercased, escapes of unreserved characters decoded, one
/// `x` per hole, the host replaced by `ascii_host` when there is one; and
/// where each hole's `x` is; and for each byte of the canonical text (and
/// its end), the offset in `text` of what it was written from.
fn write_canonical(
    text: &str,
    rewrites: &[Rewrite],
    specs: &[HoleSpec],
    ascii_host: Option<&(core::ops::Range<usize>, String)>,
) -> (String, Vec<(usize, HoleSpec)>, Vec<usize>) {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len() + 2 * rewrites.len());
    let mut holes = Vec::new();
    let mut origins = Vec::with_capacity(text.len() + 1);
    let mut pending = rewrites.iter().peekable();
    let mut i = 0;
    while i < bytes.len() {
        let from = i;
        if let Some((host, ascii)) = ascii_host.filter(|(host, _)| host.start == i) {
            out.push_str(ascii);
            while pending.next_if(|r| r.at < host.end).is_some() {}
            i = host.end;
        } else if let Some(r) = pending.next_if(|r| r.at == i) {
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
            // Not rewritten and parsed: an ASCII URI character, or a
            // character an IRI keeps.
            let kept = text
                .get(i..)
                .and_then(|rest| rest.chars().next())
                .unwrap_or('x');
            out.push(kept);
            i += kept.len_utf8();
        }
        origins.resize(out.len(), from);
    }
    origins.push(bytes.len());
    (out, holes, origins)
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
    }

    #[cfg(not(feature = "idna"))]
    #[test]
    fn without_idna_a_non_ascii_host_is_refused_with_the_feature_named() {
        let host = canonicalize("http://例え.jp/", Grammar::Uri).unwrap_err();
        assert_eq!(
            host[0].message,
            "character \"例え\" not allowed in host at byte 7"
        );
        assert!(host[0].help.as_ref().unwrap().contains("`idna` feature"));
    }

    #[cfg(feature = "idna")]
    #[test]
    fn a_non_ascii_host_becomes_punycode_and_later_offsets_follow() {
        let canonical = canonicalize("http://例え.jp/引き出し/{id}", Grammar::Uri).unwrap();
        assert_eq!(
            canonical.skeleton,
            "http://xn--r8jz45g.jp/%E5%BC%95%E3%81%8D%E5%87%BA%E3%81%97/x"
        );
        assert_eq!(canonical.holes[0].0, canonical.skeleton.len() - 1);
        assert_eq!(
            canonical.parts.host(),
            Some(7.."http://xn--r8jz45g.jp".len())
        );
        // Escapes in such a host are decoded first; fullwidth digits and
        // dots map to an IPv4 address.
        assert_eq!(
            canonical_uri("http://b%C3%BCcher.例/"),
            "http://xn--bcher-kva.xn--fsq/"
        );
        let ip = canonicalize("http://１２７．０．０．１/", Grammar::Uri).unwrap();
        assert_eq!(ip.skeleton, "http://127.0.0.1/");
        assert_eq!(ip.parts.host_kind(), Some(uri_core::HostKind::Ipv4));
    }

    #[cfg(feature = "idna")]
    #[test]
    fn an_international_name_without_ascii_form_is_refused_at_the_culprit() {
        for (text, at, len, message) in [
            (
                "http://例え..jp/",
                14,
                0,
                "empty label in a domain name at byte 14",
            ),
            (
                "http://a.例\u{FFFF}.jp/",
                12,
                3,
                "character '\\u{ffff}' (U+FFFF) not allowed in a domain name at byte 12",
            ),
            (
                "http://ab\u{5D0}.com/",
                7,
                4,
                "label \"ab\u{5D0}\" breaks the IDNA label rules at byte 7",
            ),
            (
                "http://例 x.jp/",
                10,
                1,
                "character ' ' (U+0020) not allowed in a domain name at byte 10",
            ),
        ] {
            let found = canonicalize(text, Grammar::Uri).unwrap_err();
            assert_eq!(found.len(), 1, "{text}: {found:?}");
            assert_eq!((found[0].at, found[0].len), (at, len), "{text}");
            assert_eq!(
                found[0].message,
                format!("invalid international domain name: {message}")
            );
        }
    }

    #[cfg(feature = "idna")]
    fn canonical_uri(text: &str) -> String {
        canonicalize(text, Grammar::Uri).unwrap().skeleton
    }

    #[test]
    fn iri_literals_keep_ucschar_and_encode_the_rest_of_the_policy() {
        let iri = |text| canonicalize(text, Grammar::Iri).unwrap().skeleton;
        assert_eq!(
            iri("http://例え.jp/引き出し?q=a b"),
            "http://例え.jp/引き出し?q=a%20b"
        );
        assert_eq!(iri("http://x/%e4%be%8b%7e"), "http://x/%E4%BE%8B~");
        // Private use is encoded, in the query too.
        assert_eq!(
            iri("http://x/\u{E000}?\u{E000}"),
            "http://x/%EE%80%80?%EE%80%80"
        );
        let found = canonicalize("http://x/a\u{202E}b", Grammar::Iri).unwrap_err();
        assert_eq!(found[0].at, 10);
        assert_eq!(
            found[0].message,
            "bidirectional formatting character \"\\u{202e}\" in path at byte 10"
        );
        let found = canonicalize("ht\u{E9}tp://x/", Grammar::Iri).unwrap_err();
        assert_eq!(found[0].at, 2);
        let found = canonicalize("/例", Grammar::Iri).unwrap_err();
        assert!(found[0].help.as_ref().unwrap().contains("`iri_ref!`"));
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

    #[test]
    fn a_template_holds_up_to_the_most_holes() {
        let at_most = format!("/{}", "{a}".repeat(MAX_HOLES));
        assert_eq!(
            canonicalize(&at_most, Grammar::UriRef).unwrap().holes.len(),
            MAX_HOLES
        );
        let one_more = format!("{at_most}{{b}}");
        let found = canonicalize(&one_more, Grammar::UriRef).unwrap_err();
        assert_eq!((found.len(), found[0].at), (1, at_most.len()));
        assert!(
            found[0].message.starts_with("too many holes"),
            "{}",
            found[0].message
        );
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
    fn scheme_rules_are_located_in_the_literal() {
        let at = |text: &str| {
            problems(text, Grammar::Uri)
                .into_iter()
                .map(|(at, _)| at)
                .collect::<Vec<_>>()
        };
        assert_eq!(at("http:///path"), [7]);
        assert_eq!(at("https://user:pw@host/"), [8]);
        assert_eq!(at("ftp://h/f;type=x"), [15]);
        // The space before is written as %20: the error is still at the
        // user's byte.
        assert_eq!(at("ftp://h/a b;type=x"), [17]);
        assert_eq!(at("mailto:a b@x"), [8]);
        assert_eq!(at("file://h:1/x"), [8]);
        let message = &problems("http://u@h/", Grammar::Uri)[0].1;
        assert!(
            message.contains("userinfo") && message.contains("RFC 9110"),
            "{message}"
        );
    }

    #[test]
    fn scheme_rules_pass_what_they_allow() {
        for text in [
            "http://h/{x}",
            "mailto:{user}@example.com",
            "ftp://h/{name};type=i",
            "urn:x:y",
            "mailto:%22a b%22@x",
        ] {
            assert!(canonicalize(text, Grammar::Uri).is_ok(), "{text}");
        }
        // A template's holes fill the path at run time: only the http rules
        // are judged while compiling.
        assert!(canonicalize("mailto:{to}", Grammar::Uri).is_ok());
        assert_eq!(problems("http://@h/{x}", Grammar::Uri)[0].0, 7);
    }
}
