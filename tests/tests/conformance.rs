//! Runs the RFC 3986 conformance vectors (`tests/data/conformance`) through the
//! parser and the percent-coding functions. Every case is checked; a
//! mismatch list is printed whole before the test fails.

mod common;

use std::fmt::Write as _;

use common::{cases, flag, text};
use serde_json::Value;
use uri::pct::{self, EncodeSet};
use uri::{Component, ParseError, Uri, UriRef};

/// Checks every case of the four validity files; returns how many.
fn run_validity(file: &str, parse: fn(&str) -> Result<(), ParseError>) -> (usize, String) {
    let mut failures = String::new();
    let all = cases(file);
    for case in &all {
        let input = text(case, "input").expect("every validity case has an input");
        let expected = case["expected"].as_bool().expect("expected is a bool");
        match (parse(input), expected) {
            (Ok(()), true) => {}
            (Err(err), false) => {
                // Wherever it fails, the index must be usable on the input.
                if err.index() > input.len() || !input.is_char_boundary(err.index()) {
                    writeln!(
                        failures,
                        "{file}: {input:?}: index {} off the input",
                        err.index()
                    )
                    .unwrap();
                }
            }
            (Ok(()), false) => {
                writeln!(failures, "{file}: {input:?} accepted, expected invalid").unwrap();
            }
            (Err(err), true) => {
                writeln!(failures, "{file}: {input:?} rejected: {err}").unwrap();
            }
        }
    }
    (all.len(), failures)
}

#[test]
fn validity_verdicts_match_the_corpus() {
    let uri = |s: &str| Uri::parse(s).map(drop);
    let uri_ref = |s: &str| UriRef::parse(s).map(drop);
    let mut total = 0;
    let mut failures = String::new();
    for (file, parse) in [
        ("uri_valid.json", uri as fn(&str) -> _),
        ("uri_invalid.json", uri),
        ("ref_valid.json", uri_ref),
        ("ref_invalid.json", uri_ref),
    ] {
        let (count, fails) = run_validity(file, parse);
        total += count;
        failures += &fails;
    }
    assert!(failures.is_empty(), "validity mismatches:\n{failures}");
    assert_eq!(total, 1708, "the corpus should hold 1,708 verdicts");
}

#[test]
fn component_splits_match_the_corpus() {
    let all = cases("components.json");
    let mut failures = String::new();
    for case in &all {
        let input = text(case, "input").unwrap();
        let r = match UriRef::parse(input) {
            Ok(r) => r,
            Err(err) => {
                writeln!(failures, "{input:?}: rejected: {err}").unwrap();
                continue;
            }
        };
        let kind = r.components().host_kind().map(|k| match k {
            uri_core::HostKind::Ipv4 => "ipv4",
            uri_core::HostKind::Ipv6 => "ipv6",
            uri_core::HostKind::IpvFuture => "ipvfuture",
            uri_core::HostKind::RegName => "regname",
        });
        let got = [
            ("scheme", r.scheme()),
            ("userinfo", r.userinfo()),
            ("host", r.host()),
            ("port", r.port()),
            ("path", Some(r.path())),
            ("query", r.query()),
            ("fragment", r.fragment()),
            ("host_kind", kind),
        ];
        for (field, value) in got {
            if value != text(case, field) {
                writeln!(
                    failures,
                    "{input:?}: {field} is {value:?}, expected {:?}",
                    text(case, field)
                )
                .unwrap();
            }
        }
        // The accessor for a component chosen at run time, by the name the
        // vectors use for it.
        for component in Component::ALL {
            let (value, expected) = (r.component(component), text(case, component.name()));
            if value != expected {
                writeln!(
                    failures,
                    "{input:?}: component({component}) is {value:?}, expected {expected:?}"
                )
                .unwrap();
            }
        }
    }
    assert!(failures.is_empty(), "component mismatches:\n{failures}");
    assert_eq!(all.len(), 356);
}

/// Ruby's `encode_www_form_component` set (library-specific in the corpus):
/// alphanumerics and `*-._`, built as a custom const set.
const RUBY_FORM_COMPONENT: EncodeSet = pct::UNRESERVED.but_encode(b"~").and_keep(b"*");

/// The encoder a corpus `context` describes, as `(set, keep_escapes)`.
fn encoder_for(context: &str) -> Option<(&'static EncodeSet, bool)> {
    let exact = [
        ("reg-name", &pct::REG_NAME),
        ("path segment", &pct::PATH_SEGMENT),
        ("path", &pct::PATH),
        ("query", &pct::QUERY),
        ("fragment", &pct::FRAGMENT),
    ];
    if let Some((_, set)) = exact.iter().find(|(name, _)| *name == context) {
        return Some((set, false));
    }
    let prefixed: [(&str, &'static EncodeSet, bool); 7] = [
        ("uri-chars", &pct::URI_CHARS, false),
        ("unreserved-only", &pct::UNRESERVED, false),
        ("uriEscape", &pct::UNRESERVED, false),
        ("UTF-8, escape all but unreserved", &pct::UNRESERVED, false),
        ("query (IRI to URI mapping", &pct::QUERY, false),
        ("rfc3986_py encode_component on a path", &pct::PATH, true),
        ("ruby encode_uri_component", &RUBY_FORM_COMPONENT, false),
    ];
    prefixed
        .iter()
        .find(|(p, ..)| context.starts_with(p))
        .map(|&(_, set, keep)| (set, keep))
}

fn hex_bytes(hex: &str) -> Vec<u8> {
    (0..hex.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).expect("decoded_hex is hex"))
        .collect()
}

#[test]
fn percent_coding_vectors_match_the_corpus() {
    let all = cases("pct.json");
    let mut failures = String::new();
    let mut checked = 0;
    for case in &all {
        let op = text(case, "op").unwrap();
        let encoded = text(case, "encoded").unwrap();
        let decoded = text(case, "decoded_hex").map(hex_bytes);
        let must_reject = flag(case, "expected_error") || flag(case, "strict_decoder_rejects");
        if op == "decode" || op == "roundtrip" {
            match (pct::decode(encoded), must_reject) {
                (Err(_), true) => {}
                (Ok(bytes), false) if Some(bytes.as_ref()) == decoded.as_deref() => {}
                (result, _) => writeln!(failures, "decode {encoded:?} gave {result:?}").unwrap(),
            }
            checked += 1;
        }
        if op == "encode" || op == "roundtrip" {
            let context = text(case, "context").unwrap();
            let Some((set, keep_escapes)) = encoder_for(context) else {
                panic!("no encoder is mapped for the corpus context {context:?}");
            };
            let input = text(case, "decoded_text").unwrap();
            let output = if keep_escapes {
                pct::encode_keep_escapes(input, set)
            } else {
                pct::encode(input, set)
            };
            if output != encoded {
                writeln!(
                    failures,
                    "encode {input:?} ({context}) gave {output:?}, expected {encoded:?}"
                )
                .unwrap();
            }
            if pct::decode(&output).as_deref() != Ok(input.as_bytes()) {
                writeln!(failures, "{output:?} does not decode back to {input:?}").unwrap();
            }
            checked += 1;
        }
    }
    assert!(
        failures.is_empty(),
        "percent-coding mismatches:\n{failures}"
    );
    assert!(
        checked >= all.len(),
        "every vector must be checked at least once"
    );
}

#[test]
fn disputed_cases_follow_rfc_3986() {
    // The corpus keeps the RFC verdict as `expected` for disputed cases;
    // spell out a few so a change in policy is a visible decision.
    for zone in ["http://[fe80::1%25eth0]/", "http://[::1%25lo]"] {
        assert!(
            UriRef::parse(zone).is_err(),
            "{zone}: zone ids are opt-in (RFC 6874)"
        );
    }
    assert!(
        Uri::parse("https://256.256.256.256").is_ok(),
        "a valid reg-name"
    );
    assert!(
        UriRef::parse("?a[]=1").is_err(),
        "[ and ] are not allowed in a query"
    );
    let disputed = [
        "uri_valid.json",
        "uri_invalid.json",
        "ref_valid.json",
        "ref_invalid.json",
    ]
    .iter()
    .flat_map(|f| cases(f))
    .filter(|c: &Value| flag(c, "disputed"))
    .count();
    assert_eq!(
        disputed, 24,
        "all disputed validity cases are run by the verdict test"
    );
}
