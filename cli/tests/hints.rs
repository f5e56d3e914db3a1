//! Every hint the command prints names a fix on the command line, and
//! that fix, applied to the input that produced the hint, works.

mod common;

use common::{stderr, stdout, uri};

/// Runs `args`, which must fail with a hint holding `names`; then
/// `fixed`, which must succeed and print `prints`.
fn hint_works(args: &[&str], names: &str, fixed: &[&str], prints: &str) {
    let out = uri(args);
    assert_eq!(out.status.code(), Some(1), "{args:?}");
    let err = stderr(&out);
    assert!(err.contains(names), "{args:?}: {err}");
    for rust in [
        "ParseOptions",
        "Iri::",
        "Uri::",
        "pct::",
        "to_uri_idna",
        "feature",
    ] {
        assert!(!err.contains(rust), "{args:?} names a Rust call: {err}");
    }
    let out = uri(fixed);
    assert!(out.status.success(), "{fixed:?}: {}", stderr(&out));
    assert_eq!(stdout(&out), prints, "{fixed:?}");
}

#[test]
fn a_zone_identifier_is_taken_with_zone_ids() {
    let zoned = "http://[fe80::1%25eth0]/";
    hint_works(
        &["get", "host", zoned],
        "`--zone-ids`",
        &["--zone-ids", "get", "host", zoned],
        "[fe80::1%25eth0]\n",
    );
}

#[test]
fn non_ascii_text_is_read_with_iri_or_lenient() {
    let host = "http://bücher.example/";
    hint_works(
        &["normalize", host],
        "`--iri`",
        &["--iri", "normalize", host],
        "http://xn--bcher-kva.example/\n",
    );
    hint_works(
        &["normalize", host],
        "`--lenient`",
        &["--lenient", "normalize", host],
        "http://xn--bcher-kva.example/\n",
    );
    let path = "http://h/é";
    hint_works(
        &["normalize", path],
        "`--iri`",
        &["--iri", "normalize", path],
        "http://h/%C3%A9\n",
    );
}

#[test]
fn a_character_no_iri_holds_is_encoded_with_the_encode_command() {
    // A private-use character: an IRI holds it only in a query.
    let out = uri(&["check", "http://h/\u{E000}"]);
    let err = stderr(&out);
    assert!(err.contains("`uri encode`"), "{err}");
    let out = uri(&["encode", "--set", "path-segment", "\u{E000}"]);
    let segment = stdout(&out);
    let fixed = format!("http://h/{}", segment.trim_end());
    assert!(uri(&["check", &fixed]).status.success(), "{fixed}");
}

#[test]
fn a_backslash_is_read_against_its_base_with_lenient_resolve() {
    hint_works(
        &["--lenient", "check", "\\\\evil.example/x"],
        "`uri --lenient resolve BASE REFERENCE`",
        &[
            "--lenient",
            "resolve",
            "https://a.example/p",
            "\\\\evil.example/x",
        ],
        "https://evil.example/x\n",
    );
}

#[test]
fn a_host_with_no_ascii_form_is_blamed_whole() {
    let out = uri(&["--lenient", "normalize", "http://xn-----/"]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(
        err.contains("host name with no ASCII form \"xn-----\" in host at byte 7"),
        "{err}"
    );
    assert!(err.contains("\n         ^^^^^^^\n"), "{err}");
    let out = uri(&["--lenient", "parse", "--json", "http://xn-----/"]);
    assert!(
        stdout(&out).contains(r#""kind":"invalid-idn""#),
        "{}",
        stdout(&out)
    );
}
