//! `UriBuf::parse_href` is the lenient reading then scheme-based
//! normalization in one call: the same value, repairs and errors as the
//! two calls, on the benchmark corpus, every input of the web platform
//! tests and generated text.

#[path = "common/boundaries.rs"]
mod boundaries;
mod common;

use boundaries::has_its_own_boundaries;
use common::{cases, text};
use proptest::prelude::*;
use uri::{SchemeRules, UriBuf};

/// Where `parse_href` and the two calls differ on `input`, if they do;
/// and where `parse_href`'s boundaries are not those the strict parser
/// finds in its value (values compare by their text alone).
fn differs(input: &str) -> Option<String> {
    let one = UriBuf::parse_href(input);
    let two = UriBuf::parse_lenient(input).map(|mut repaired| {
        repaired.value = repaired.value.normalize_with(&SchemeRules::STANDARD);
        repaired
    });
    let own_boundaries = one
        .as_ref()
        .map_or(true, |href| has_its_own_boundaries(&href.value));
    (one != two || !own_boundaries)
        .then(|| format!("{input:?}: parse_href {one:?}, the two calls {two:?}"))
}

#[test]
fn parse_href_agrees_with_the_two_calls_on_the_corpus() {
    let corpus = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../bench/data/corpus.txt"
    ))
    .unwrap();
    let lines: Vec<&str> = corpus.lines().collect();
    assert!(lines.len() >= 10_000, "{}", lines.len());
    let differences: Vec<String> = lines.iter().filter_map(|line| differs(line)).collect();
    assert!(differences.is_empty(), "{differences:#?}");
}

#[test]
fn parse_href_agrees_with_the_two_calls_on_the_web_platform_tests() {
    let inputs: Vec<String> = cases("wpt/urltestdata.json")
        .iter()
        .filter_map(|case| text(case, "input").map(String::from))
        .collect();
    assert!(inputs.len() > 500, "{}", inputs.len());
    let differences: Vec<String> = inputs.iter().filter_map(|input| differs(input)).collect();
    assert!(differences.is_empty(), "{differences:#?}");
}

#[test]
fn parse_href_normalizes_what_the_reading_leaves() {
    let href = UriBuf::parse_href("HTTPS://Example.com:443/%7e/a/../b?%4a#%3f").unwrap();
    assert_eq!(href.value, "https://example.com/~/b?J#%3F");
    assert!(href.repairs.is_empty());
    let href = UriBuf::parse_href(" http://h/a b").unwrap();
    assert_eq!(href.value, "http://h/a%20b");
    assert_eq!(href.repairs.len(), 2);
    // Escapes in every part that holds them, the reading's only change
    // a default port.
    let href =
        UriBuf::parse_href("http://%7eu:p%4a%2f@example.com:80/%7e%2f?%4a%e2#%3f%41").unwrap();
    assert_eq!(href.value, "http://~u:pJ%2F@example.com/~%2F?J%E2#%3FA");
    assert_eq!(href.value.userinfo(), Some("~u:pJ%2F"));
    assert_eq!(href.value.path(), "/~%2F");
    assert_eq!(href.value.query(), Some("J%E2"));
    assert_eq!(href.value.fragment(), Some("%3FA"));
    let err = UriBuf::parse_href("http://exa mple.com/").unwrap_err();
    assert_eq!(err.index(), 10);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(5_000))]

    #[test]
    fn parse_href_agrees_with_the_two_calls(pieces in prop::collection::vec(
        prop::sample::select(vec![
            "http://", "HTTPS://", "file:///", "ws:", "sc://", "mailto:", "a", "B", "0", ".", "..",
            "/", "\\", "%2e", "%7E", "%4a", "%", "%zz", ":80", ":443", ":", "@", "?", "#", " ", "\t",
            "[::1]", "é", "xn--", "C|", "~", "'", ":080", "%7e", "%2F", "u:@", "[0:0::A]",
            "wss://", "FTP://", "localhost", "-", "file:", "FILE:/",
        ]),
        0..12,
    )) {
        let input = pieces.concat();
        prop_assert!(differs(&input).is_none(), "{}", differs(&input).unwrap_or_default());
    }
}
