//! The RFC 6570 test suite (`tests/data/conformance/uritemplate`, from
//! `uri-templates/uritemplate-test`): every case of its four files, with
//! the variables given as JSON. A case with several accepted expansions
//! accepts any of them; a case marked `false` must fail, at parse time
//! or while expanding, with an index inside the template.

// Only the directory lookup is shared; the RFC 3986 loaders are not used.
#[allow(dead_code)]
mod common;
#[path = "common/template_walk.rs"]
mod template_walk;

use std::fmt::Write as _;

use common::corpus_dir;
use serde_json::Value;
use uri::uri_template::ExpandError;
use uri::{UriRef, uri_template::UriTemplate};

const FILES: [&str; 4] = [
    "spec-examples.json",
    "spec-examples-by-section.json",
    "extended-tests.json",
    "negative-tests.json",
];

/// Runs one case; a failure is written to `failures`.
fn run_case(file: &str, template: &str, vars: &Value, expected: &Value, failures: &mut String) {
    let parsed = UriTemplate::parse(template);
    let mut out = String::new();
    let expanded = parsed.map(|t| t.expand_to(vars, &mut out));
    match (expected, parsed, expanded) {
        (Value::Bool(false), Err(err), _) => {
            if err.index() > template.len() || !template.is_char_boundary(err.index()) {
                writeln!(
                    failures,
                    "{file}: {template:?}: index {} off the template",
                    err.index()
                )
                .unwrap();
            }
        }
        (Value::Bool(false), Ok(_), Ok(Err(ExpandError::PrefixOfComposite { index }))) => {
            if index >= template.len() {
                writeln!(
                    failures,
                    "{file}: {template:?}: index {index} off the template"
                )
                .unwrap();
            }
        }
        (Value::Bool(false), Ok(_), _) => {
            writeln!(
                failures,
                "{file}: {template:?} accepted as {out:?}, expected an error"
            )
            .unwrap();
        }
        (_, Err(err), _) => writeln!(failures, "{file}: {template:?} refused: {err}").unwrap(),
        (_, Ok(_), Ok(Err(err))) => {
            writeln!(failures, "{file}: {template:?} not expanded: {err}").unwrap();
        }
        (_, Ok(template_value), _) => {
            let accepted: Vec<&str> = match expected {
                Value::String(one) => vec![one],
                Value::Array(many) => many.iter().filter_map(Value::as_str).collect(),
                other => panic!("{file}: {template:?}: unexpected expectation {other}"),
            };
            if !accepted.contains(&out.as_str()) {
                writeln!(
                    failures,
                    "{file}: {template:?} gave {out:?}, expected one of {accepted:?}"
                )
                .unwrap();
            }
            check_value(file, template_value, vars, &out, failures);
        }
    }
}

/// `expand` agrees with the text: a URI reference with the same
/// components the parser finds, or an `Invalid` error pointing into it.
fn check_value(
    file: &str,
    template: UriTemplate<'_>,
    vars: &Value,
    text: &str,
    failures: &mut String,
) {
    match (template.expand(vars), UriRef::parse(text)) {
        (Ok(value), Ok(parsed)) => {
            if value.as_str() != text || value.components() != parsed.components() {
                writeln!(failures, "{file}: {template}: expand gave {value:?}").unwrap();
            }
        }
        (Err(ExpandError::Invalid { expansion, error }), Err(parse_error)) => {
            if expansion != text || error != parse_error {
                writeln!(
                    failures,
                    "{file}: {template}: Invalid({expansion:?}, {error})"
                )
                .unwrap();
            }
        }
        (got, parsed) => {
            writeln!(
                failures,
                "{file}: {template}: expand gave {got:?}, the parser {parsed:?}"
            )
            .unwrap();
        }
    }
}

#[test]
fn the_uritemplate_test_suite_passes_whole() {
    let dir = corpus_dir().join("uritemplate");
    let mut failures = String::new();
    let mut cases = 0;
    for file in FILES {
        let path = dir.join(file);
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let groups: Value = serde_json::from_str(&text).unwrap();
        for group in groups.as_object().expect("an object of groups").values() {
            let vars = &group["variables"];
            for case in group["testcases"].as_array().expect("testcases") {
                let template = case[0].as_str().expect("a template string");
                run_case(file, template, vars, &case[1], &mut failures);
                cases += 1;
            }
        }
    }
    assert!(failures.is_empty(), "{failures}");
    assert_eq!(cases, 270, "the suite has 270 cases");
}

#[test]
fn large_values_expand_whole() {
    let value = "é".repeat(20_000);
    let url = UriTemplate::parse("/{v:9999}")
        .unwrap()
        .expand(&[("v", &value)])
        .unwrap();
    assert_eq!(url.as_str().len(), 1 + 9999 * 6);
    assert!(url.as_str().ends_with("%C3%A9"));

    let list: Vec<String> = (0..10_000).map(|i| i.to_string()).collect();
    let url = UriTemplate::parse("/files{/list*}{?list*}")
        .unwrap()
        .expand(&[("list", &list)])
        .unwrap();
    assert_eq!(url.path().matches('/').count(), 10_001);
    assert_eq!(url.query().unwrap().matches("list=").count(), 10_000);
}

#[test]
fn errors_draw_the_template_with_a_caret() {
    let text = "https://api.example.com/users/{id:0}";
    let err = UriTemplate::parse(text).unwrap_err();
    assert_eq!(
        err.render(text).to_string(),
        format!("{text}\n{}^", " ".repeat(34))
    );
    assert!(err.to_string().contains("prefix length"));

    let err = UriTemplate::parse("/a b/{x}").unwrap_err();
    assert_eq!((err.index(), err.hint().is_some()), (2, true));
}

#[test]
fn an_expansion_that_is_no_uri_reference_is_an_error() {
    let template = UriTemplate::parse("/a[{x}]").unwrap();
    let Err(ExpandError::Invalid { expansion, error }) = template.expand(&[("x", "1")]) else {
        panic!("a '[' in a path was accepted");
    };
    assert_eq!((expansion.as_str(), error.index()), ("/a[1]", 2));
    let mut text = String::new();
    template.expand_to(&[("x", "1")], &mut text).unwrap();
    assert_eq!(text, "/a[1]");
    assert!(
        UriTemplate::parse("{+x}")
            .unwrap()
            .expand_uri(&[("x", "/relative")])
            .is_err()
    );
}

#[test]
fn a_list_inside_a_list_is_an_error_at_its_variable() {
    let vars = serde_json::json!({ "ok": ["a", 1, true, null], "nested": ["a", ["b"]], "deep": { "k": {} } });
    let mut out = String::new();
    UriTemplate::parse("{?ok*}")
        .unwrap()
        .expand_to(&vars, &mut out)
        .unwrap();
    assert_eq!(out, "?ok=a&ok=1&ok=true");
    for (template, index) in [("/x{?nested}", 4), ("{+deep*}", 2)] {
        let err = UriTemplate::parse(template)
            .unwrap()
            .expand(&vars)
            .unwrap_err();
        assert_eq!(err, ExpandError::NestedValue { index }, "{template}");
    }
}

/// `check` reads an expression's body once, finding its `}` as it reads
/// the variables; the walkers the expansion uses find the `}` first. The
/// two must accept the same texts and report the same first error.
mod one_reading_of_a_template {
    use super::template_walk::check_by_walking;
    use proptest::prelude::*;
    use uri_core::template::check;

    /// Texts made of what templates are made of, and of what breaks them.
    fn template_text() -> impl Strategy<Value = String> {
        let pieces = prop::sample::select(vec![
            "{", "}", "+", "#", ".", "/", ";", "?", "&", "=", ",", "*", ":", "%", "%2", "%41", "1",
            "0", "9999", "a", "b_c", "x", "'", " ", "é", "\u{fffe}", "{var}", "{/a,b*}", "{?q:3}",
        ]);
        prop::collection::vec(pieces, 0..12).prop_map(|pieces| pieces.concat())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(20_000))]

        #[test]
        fn check_agrees_with_the_walkers(text in template_text()) {
            prop_assert_eq!(check(&text), check_by_walking(&text), "{:?}", text);
        }
    }

    #[test]
    fn the_cases_where_reading_once_could_differ() {
        for text in [
            "{", "{}", "{a,}", "{a,}b}", "{a b", "{a b}", "{a%2}", "{a.}", "{v:}", "{a*b}", "{=",
            "{a,,",
        ] {
            assert_eq!(check(text), check_by_walking(text), "{text:?}");
        }
    }
}

#[test]
fn expansion_writes_dot_values_as_the_rfc_says_and_refuses_them_on_request() {
    let template = UriTemplate::parse("/v2/users/{id}/delete{?x}").unwrap();
    for id in ["..", ".", "%2E%2E"] {
        // RFC 6570 writes `..` as it is; `%` of a value is encoded.
        let expanded = template.expand(&[("id", id)]).unwrap();
        assert!(expanded.as_str().starts_with("/v2/users/"), "{expanded}");
    }
    assert_eq!(
        template.expand(&[("id", "..")]).unwrap(),
        "/v2/users/../delete"
    );
    for (vars, at) in [(&[("id", "..")][..], 10), (&[("id", ".")], 10)] {
        let err = template.expand_no_dot_segments(&vars).unwrap_err();
        assert!(
            matches!(&err, ExpandError::DotSegment { index, .. } if *index == at),
            "{err:?}"
        );
    }
    // A reserved expansion can bring escaped dots too.
    let reserved = UriTemplate::parse("/files/{+path}").unwrap();
    assert!(
        reserved
            .expand_no_dot_segments(&[("path", "a/%2e%2E/b")])
            .is_err()
    );
    assert!(
        reserved
            .expand_no_dot_segments(&[("path", "a/b.c/d")])
            .is_ok()
    );
    // The template's own dot segments are its structure.
    let up = UriTemplate::parse("../{name}").unwrap();
    assert_eq!(up.expand_no_dot_segments(&[("name", "x")]).unwrap(), "../x");
    assert!(up.expand_no_dot_segments(&[("name", "..")]).is_err());
}
