//! `normalize.json`: the whole-URI cases through `Uri::normalize` and
//! `normalize_with`, the bare-path cases through `remove_dot_segments`.

mod common;

use std::fmt::Write as _;

use common::{cases, flag, text};
use serde_json::Value;
use uri::{SchemeRules, Uri, resolve::remove_dot_segments};

fn kinds(case: &Value) -> Vec<&str> {
    case["kinds"]
        .as_array()
        .expect("kinds is an array")
        .iter()
        .map(|k| k.as_str().expect("kinds are strings"))
        .collect()
}

/// The corpus writes the literal output; where it would re-parse with an
/// authority, the library keeps a `/.` before the path (policy 7).
fn expected_output(case: &Value) -> String {
    let expected = text(case, "expected").unwrap();
    if !flag(case, "rfc_output_reparses_differently") {
        return expected.to_owned();
    }
    let (scheme, rest) = expected.split_once(':').unwrap();
    if rest.starts_with("/.//") {
        expected.to_owned()
    } else {
        format!("{scheme}:/.{rest}")
    }
}

#[test]
fn whole_uri_cases_match_the_corpus() {
    let all = cases("normalize.json");
    let no_ports = SchemeRules::only(&[]);
    let mut failures = String::new();
    let (mut exact, mut partial, mut skipped, mut rootless) = (0, 0, 0, 0);
    for case in all.iter().filter(|c| text(c, "scope").is_none()) {
        let input = text(case, "input").unwrap();
        let kinds = kinds(case);
        let uri = Uri::parse(input).unwrap();
        let expected = expected_output(case);
        let has = |k: &str| kinds.contains(&k);
        let full = has("case") && has("pct") && has("dot");
        let outside = kinds
            .iter()
            .any(|k| !["case", "pct", "dot", "empty_port", "scheme"].contains(k));
        let got = if outside {
            // Leading zeros in ports, RFC 5952 IPv6: not RFC 3986.
            skipped += 1;
            continue;
        } else if has("dot") && uri.authority().is_none() && !uri.path().starts_with('/') {
            // A rootless path keeps its dot segments (the choice is in
            // `Uri::normalize`'s docs): the vectors follow the literal
            // algorithm, which gives `foo:bar/../baz` the root of
            // `foo:/baz`. The segments must all be there, normalized.
            rootless += 1;
            let got = uri.normalize();
            let segments = |path: &str| path.split('/').count();
            if segments(got.path()) != segments(uri.path()) || got.as_uri().normalize() != got {
                writeln!(
                    failures,
                    "{input:?}: {got} lost a segment of a rootless path"
                )
                .unwrap();
            }
            continue;
        } else if has("scheme") {
            uri.normalize_with(&SchemeRules::STANDARD)
        } else if has("empty_port") {
            uri.normalize_with(&no_ports)
        } else {
            uri.normalize()
        };
        if full || has("scheme") || has("empty_port") {
            exact += 1;
            if got.as_str() != expected {
                writeln!(failures, "{input:?}: got {got}, expected {expected}").unwrap();
            }
        } else {
            // The case assumes fewer normalizations than `normalize` does:
            // normalizing the expectation too must meet the same result.
            partial += 1;
            let expected_uri = Uri::parse(&expected).unwrap();
            if got != expected_uri.normalize() {
                writeln!(
                    failures,
                    "{input:?} ({kinds:?}): got {got}, expected {}",
                    expected_uri.normalize()
                )
                .unwrap();
            }
        }
        if got.as_uri().normalize() != got {
            writeln!(failures, "{input:?}: {got} is not a fixed point").unwrap();
        }
    }
    assert!(failures.is_empty(), "normalization mismatches:\n{failures}");
    assert_eq!((exact, partial, skipped, rootless), (101, 74, 5, 13));
}

#[test]
fn bare_path_cases_match_remove_dot_segments() {
    let mut checked = 0;
    for case in cases("normalize.json")
        .iter()
        .filter(|c| text(c, "scope") == Some("path"))
    {
        let input = text(case, "input").unwrap();
        assert_eq!(
            remove_dot_segments(input),
            text(case, "expected").unwrap(),
            "{input:?}"
        );
        checked += 1;
    }
    assert_eq!(checked, 12);
}

/// Whether an empty path after an authority is `/` is one fact per scheme
/// (`uri_core::scheme::SchemeFacts::empty_path_is_root`), which two
/// readers use: scheme-based normalization and the `http::Uri` hand-off.
/// For every known scheme they agree with the fact and so with each
/// other; `ftp` is rooted (RFC 1738 section 3.2.2).
#[test]
fn the_empty_path_fact_is_read_alike_by_normalization_and_the_http_hand_off() {
    for facts in &uri_core::scheme::SCHEMES {
        let text = format!("{}://h", facts.name);
        let uri = Uri::parse(&text).unwrap();
        let normal = uri.normalize_with(&SchemeRules::STANDARD);
        let rooted_by_normalization = normal.path() == "/";
        assert_eq!(
            rooted_by_normalization, facts.empty_path_is_root,
            "{text} → {normal}"
        );
        // `http::Uri` writes an empty path as `/`: the hand-off takes
        // that as the same URI exactly where the fact roots the path.
        let handed = http::Uri::try_from(uri).map(|theirs| theirs.path().to_owned());
        assert_eq!(
            handed.is_ok(),
            facts.empty_path_is_root,
            "{text}: {handed:?}"
        );
    }
    assert!(uri_core::scheme::scheme_facts("ftp").is_some_and(|f| f.empty_path_is_root));
}
