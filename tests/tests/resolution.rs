//! `resolve.json`: every case of the conformance vectors through
//! `UriRef::resolve_against`, strict or not as the case says, and through
//! `resolve_into` and `Uri::join`, which must give the same target.

mod common;

use std::fmt::Write as _;

use common::{cases, flag, text};
use uri::{AsUri, Uri, UriBuf, UriRef, resolve::ResolveOptions};

/// The corpus gives the literal RFC output; where that output would
/// re-parse with an authority (`f://g` from a path `//g`), the library
/// writes `/.` before the path instead (`f:/.//g`), as DESIGN.md policy 7
/// says.
fn expected_target(case: &serde_json::Value) -> String {
    let expected = text(case, "expected").expect("resolvable cases have a target");
    if !flag(case, "rfc_output_reparses_differently") {
        return expected.to_owned();
    }
    let (scheme, rest) = expected.split_once(':').expect("targets have a scheme");
    assert!(
        rest.starts_with("//"),
        "{expected}: flagged, yet no `//` path"
    );
    format!("{scheme}:/.{rest}")
}

#[test]
fn every_resolution_case_matches_the_corpus() {
    let all = cases("resolve.json");
    let mut failures = String::new();
    let mut buf = String::new();
    let mut checked = 0;
    for case in &all {
        let base = text(case, "base").unwrap();
        let reference = text(case, "ref").unwrap();
        if flag(case, "error") {
            // The one error case: a base without a scheme is not a `Uri`.
            assert!(
                Uri::parse(base).is_err(),
                "{base:?} should not be a base URI"
            );
            checked += 1;
            continue;
        }
        let options = match case.get("strict").and_then(serde_json::Value::as_bool) {
            Some(false) => ResolveOptions::NON_STRICT,
            _ => ResolveOptions::STRICT,
        };
        let base_uri = Uri::parse(base).unwrap();
        let r = UriRef::parse(reference).unwrap();
        let target = r.resolve_against_with(&base_uri, options);
        let expected = expected_target(case);
        if target.as_str() != expected {
            writeln!(
                failures,
                "{base:?} + {reference:?}: got {target}, expected {expected}"
            )
            .unwrap();
        }
        // Components recorded while writing equal those of a fresh parse.
        let reparsed = Uri::parse(target.as_str()).unwrap();
        if reparsed.components() != target.components() {
            writeln!(
                failures,
                "{target}: recorded components differ from a parse"
            )
            .unwrap();
        }
        let into = r.resolve_into(&base_uri, options, &mut buf);
        assert_eq!(into.as_str(), target.as_str());
        assert_eq!(into.components(), target.components());
        if options == ResolveOptions::STRICT {
            // `join` parses the reference itself and skips `UriRef`.
            let joined = base_uri.join(reference).unwrap();
            assert_eq!(joined.as_str(), target.as_str());
            assert_eq!(joined.components(), target.components());
        }
        checked += 1;
    }
    assert!(failures.is_empty(), "resolution mismatches:\n{failures}");
    assert_eq!(checked, 397);
}

#[test]
fn join_refuses_what_the_parser_refuses_with_the_same_error() {
    let base = Uri::parse("http://a/b/c/d;p?q").unwrap();
    for bad in [
        "bad link",
        "g%zz",
        "//[v1]/",
        "http://h:x/",
        "a#b#c",
        "\u{e9}",
        "https://example.com/long path",
    ] {
        let expected = UriRef::parse(bad).unwrap_err();
        assert_eq!(base.join(bad).unwrap_err(), expected, "{bad:?}");
    }
}

#[test]
fn disputed_resolutions_follow_the_rfc() {
    let resolve = |base: &str, r: &str| {
        UriRef::parse(r)
            .unwrap()
            .resolve_against(&Uri::parse(base).unwrap())
            .into_string()
    };
    // Escaped dots are not dot segments.
    assert_eq!(resolve("scheme://a/b/c", "%2E/g"), "scheme://a/b/%2E/g");
    // A rootless base merges literally.
    assert_eq!(resolve("foo:a/b", "../c"), "foo:/c");
    assert_eq!(resolve("foo:bar", "baz"), "foo:baz");
    // The base's dot segments stay where no merge touches them.
    assert_eq!(resolve("foo:/bar/..", "?a"), "foo:/bar/..?a");
    // A base's fragment is ignored, not an error.
    assert_eq!(
        resolve("http://example.com/#title1", "foo"),
        "http://example.com/foo"
    );
    // The `/.` rule.
    assert_eq!(resolve("f:/a", ".//g"), "f:/.//g");
}

#[test]
fn a_network_path_takes_the_base_scheme_and_keeps_its_own_boundaries() {
    for (base, reference, options, target) in [
        (
            "http://a/b",
            "//u@[::1]:8/x/../y?q#f",
            ResolveOptions::STRICT,
            "http://u@[::1]:8/y?q#f",
        ),
        ("https://a/b", "//g", ResolveOptions::STRICT, "https://g"),
        // Read without its scheme, which the base shares.
        ("http:", "http://", ResolveOptions::NON_STRICT, "http://"),
        (
            "HTTP://a/b",
            "http://h:/./c#",
            ResolveOptions::NON_STRICT,
            "HTTP://h:/c#",
        ),
    ] {
        let base = Uri::parse(base).unwrap();
        let target_of = UriRef::parse(reference)
            .unwrap()
            .resolve_against_with(&base, options);
        assert_eq!(target_of, target, "{base} + {reference}");
        let reparsed = Uri::parse(target).unwrap();
        assert_eq!(target_of.components(), reparsed.components(), "{target}");
    }
}

/// A base lent as a `Uri`, an owned `UriBuf`, a type of the caller's own
/// that implements `AsUri` (which takes the trait's default way of lending
/// the view), and any of them behind `dyn AsUri`, resolve alike.
#[test]
fn every_form_of_base_resolves_alike() {
    struct Page(UriBuf);
    impl AsUri for Page {
        fn as_uri(&self) -> Uri<'_> {
            self.0.as_uri()
        }
    }
    let mut checked = 0;
    for case in cases("resolve.json") {
        let (Some(base), Some(reference)) = (text(&case, "base"), text(&case, "ref")) else {
            continue;
        };
        let (Ok(base), Ok(reference)) = (Uri::parse(base), UriRef::parse(reference)) else {
            continue;
        };
        let owned = UriBuf::from(base);
        let page = Page(owned.clone());
        let expected = reference.resolve_against(&base);
        assert_eq!(
            reference.resolve_against(&owned),
            expected,
            "{base} + {reference}"
        );
        assert_eq!(
            reference.resolve_against(&page),
            expected,
            "{base} + {reference}"
        );
        let behind_dyn: [&dyn AsUri; 3] = [&base, &owned, &page];
        for form in behind_dyn {
            let target = reference.resolve_against(&form.as_uri());
            assert_eq!(target, expected, "{base} + {reference}");
        }
        checked += 1;
    }
    assert!(checked > 40, "only {checked} cases resolved");
}
