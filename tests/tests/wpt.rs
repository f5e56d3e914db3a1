//! The web platform tests' URL cases (`data/conformance/wpt/urltestdata.json`,
//! what browsers do), read with the lenient parsers: each case is the same
//! resource as the browser's URL, or refused by both, or one of the
//! exceptions listed below with its reason.
//!
//! "Same resource" is judged after RFC 3986 section 6 normalization and the
//! scheme-based rules (`SchemeRules::STANDARD`) on both sides. A browser's
//! `href` is not always strict RFC 3986 (a raw space in an opaque path, a
//! `|`, a `[` in a path, a `%` that starts no escape): each such character
//! is first written as the escape a strict URI needs, which names the same
//! resource.

#[path = "common/browser.rs"]
mod browser;
mod common;

use common::{cases, flag, text};
use uri::{SchemeRules, Uri, UriBuf};

/// What one case came to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Outcome {
    Same,
    BothRefuse,
    WeRefuse,
    BrowserRefuses,
    Different,
}

/// Cases that are neither the same resource nor refused by both, each
/// with why: (input, base, reason).
const EXCEPTIONS: &[(&str, Option<&str>, &str)] = &[
    // UTS 46 as the Standard now runs it lets an ASCII `xn--` label that
    // is not valid punycode through; the `idna` crate (1.1, the one `url`
    // uses too) refuses it. Refused here, never misread.
    ("file://xn--/p", None, XN_LABEL),
    ("https://xn--/", None, XN_LABEL),
    ("http://a.b.c.xn--pokxncvks", None, XN_LABEL),
    ("http://a.b.c.Xn--pokxncvks", None, XN_LABEL),
    ("http://a.b.c.XN--pokxncvks", None, XN_LABEL),
    ("http://10.0.0.xn--pokxncvks", None, XN_LABEL),
    ("http://10.0.0.xN--pokxncvks", None, XN_LABEL),
    ("http://10.0.0.XN--pokxncvks", None, XN_LABEL),
];

const XN_LABEL: &str = "an ASCII xn-- label that is not punycode: the idna crate refuses it";

fn normalized(uri: &UriBuf) -> String {
    uri.as_uri()
        .normalize_with(&SchemeRules::STANDARD)
        .to_string()
}

/// Our reading of `input` against `base`.
fn ours(input: &str, base: Option<&str>) -> Option<UriBuf> {
    match base {
        None => UriBuf::parse_lenient(input).ok().map(|r| r.value),
        Some(base) => {
            let base = UriBuf::parse_lenient(base).ok()?.value;
            base.as_uri().join_lenient(input).ok().map(|r| r.value)
        }
    }
}

fn outcome(case: &serde_json::Value) -> (Outcome, String) {
    let input = text(case, "input").unwrap_or_default();
    let base = text(case, "base");
    let ours = ours(input, base);
    let refused = flag(case, "failure");
    match (ours, refused) {
        (None, true) => (Outcome::BothRefuse, String::new()),
        (None, false) => (
            Outcome::WeRefuse,
            format!("browser: {}", text(case, "href").unwrap_or_default()),
        ),
        (Some(value), true) => (Outcome::BrowserRefuses, format!("ours: {value}")),
        (Some(value), false) => {
            // Handed to `url` (and so to reqwest), the value is read back
            // with the same host, or refused: never another server.
            if let Ok(url) = url::Url::try_from(&value) {
                let host = |h: Option<&str>| h.filter(|h| !h.is_empty()).map(str::to_owned);
                assert_eq!(
                    host(url.host_str()),
                    host(value.host()),
                    "{value} handed to url"
                );
            }
            let href = browser::strict_href(text(case, "href").unwrap_or_default());
            let theirs = Uri::parse(&href).map(|u| normalized(&u.to_owned()));
            let mine = normalized(&value);
            match theirs {
                Ok(theirs) if theirs == mine => (Outcome::Same, String::new()),
                Ok(theirs) => (
                    Outcome::Different,
                    format!("ours {mine} / browser {theirs}"),
                ),
                Err(err) => (
                    Outcome::Different,
                    format!("ours {mine} / browser {href} not strict: {err}"),
                ),
            }
        }
    }
}

#[test]
fn browsers_and_the_lenient_parsers_name_the_same_resources() {
    let mut counts = std::collections::BTreeMap::new();
    let mut unexplained = Vec::new();
    let mut total = 0;
    for case in cases("wpt/urltestdata.json") {
        if case.is_string() {
            continue;
        }
        total += 1;
        let input = text(&case, "input").unwrap_or_default();
        let base = text(&case, "base");
        let (outcome, detail) = outcome(&case);
        *counts.entry(format!("{outcome:?}")).or_insert(0) += 1;
        let listed = EXCEPTIONS.iter().any(|&(i, b, _)| i == input && b == base);
        let fine = matches!(outcome, Outcome::Same | Outcome::BothRefuse);
        if !fine && !listed {
            unexplained.push(format!("{outcome:?} {input:?} base {base:?}: {detail}"));
        }
    }
    eprintln!("{total} cases: {counts:?}");
    assert!(
        unexplained.is_empty(),
        "{} cases unexplained:\n{}",
        unexplained.len(),
        unexplained.join("\n")
    );
}
