//! Every rejected string points at the real culprit: exact indices and
//! kinds for a selection of malformed inputs, one per way to fail.

use uri::{Component, Iri, ParseErrorKind as K, Uri, UriRef};

use Component::{Fragment, Host, Path, Query, Userinfo};

/// `(input, index, kind)` for `UriRef::parse`.
const REFERENCE_ERRORS: &[(&str, usize, K)] = &[
    // Percent-encoding: the index is the `%`.
    ("http://x/%G1", 9, K::InvalidPercentEncoding(Path)),
    ("http://x/%4", 9, K::InvalidPercentEncoding(Path)),
    ("http://x/a%", 10, K::InvalidPercentEncoding(Path)),
    ("http://x/?q=%zz", 12, K::InvalidPercentEncoding(Query)),
    ("#%", 1, K::InvalidPercentEncoding(Fragment)),
    ("http://us%er@x/", 9, K::InvalidPercentEncoding(Userinfo)),
    ("http://x%2/", 8, K::InvalidPercentEncoding(Host)),
    // Characters out of place.
    ("http://x/a b", 10, K::InvalidChar(Path)),
    ("http://x/a[b]", 10, K::InvalidChar(Path)),
    ("http://x/a#b#c", 12, K::InvalidChar(Fragment)),
    ("http://x/?a[]=1", 11, K::InvalidChar(Query)),
    ("http://x/\u{7f}", 9, K::InvalidChar(Path)),
    ("http://x/a\nb", 10, K::InvalidChar(Path)),
    ("/caf\u{e9}", 4, K::InvalidChar(Path)),
    ("http://a@b@c/", 10, K::InvalidChar(Host)),
    ("http://evil\\@good/", 11, K::InvalidChar(Userinfo)),
    ("http://exa mple.com/", 10, K::InvalidChar(Host)),
    ("http://[::1]x/", 12, K::InvalidChar(Host)),
    ("http://us er@x/", 9, K::InvalidChar(Userinfo)),
    ("a\u{0}b", 1, K::InvalidChar(Path)),
    // Schemes.
    ("3ttp://a.com", 0, K::InvalidScheme),
    (":hello", 0, K::InvalidScheme),
    ("ht tp://x", 2, K::InvalidScheme),
    ("h_p://x", 1, K::InvalidScheme),
    ("\u{e9}:x", 0, K::InvalidScheme),
    // Ports.
    ("http://x:8a/", 10, K::InvalidPort),
    ("http://x:80:90/", 11, K::InvalidPort),
    ("http://a@b:c@d/", 11, K::InvalidPort),
    // IP literals.
    ("http://[::1/", 7, K::UnclosedIpLiteral),
    ("http://[1:::2]/", 11, K::InvalidIpv6),
    ("http://[1:2]/", 11, K::InvalidIpv6),
    ("http://[12345::]/", 12, K::InvalidIpv6),
    ("http://[::1::2]/", 11, K::InvalidIpv6),
    ("http://[1:2:3:4:5:6:7:8::]/", 23, K::InvalidIpv6),
    ("http://[1:2:3:4:5:6:7:8:9]/", 24, K::InvalidIpv6),
    ("http://[::ffff:1.2.3.256]/", 21, K::InvalidIpv6),
    ("http://[::ffff:01.2.3.4]/", 15, K::InvalidIpv6),
    ("http://[:1]/", 8, K::InvalidIpv6),
    ("http://[fe80::1%25eth0]/", 15, K::InvalidIpv6),
    ("http://[]/", 8, K::InvalidIpv6),
    ("http://[v.x]/", 9, K::InvalidIpvFuture),
    ("http://[v1x]/", 10, K::InvalidIpvFuture),
    ("http://[v1.]/", 11, K::InvalidIpvFuture),
    ("http://[v1.a/b]/", 7, K::UnclosedIpLiteral),
    ("http://[v1.a b]/", 12, K::InvalidIpvFuture),
];

#[test]
fn each_error_points_at_its_culprit() {
    let mut wrong = Vec::new();
    for &(input, index, kind) in REFERENCE_ERRORS {
        match UriRef::parse(input) {
            Ok(_) => wrong.push(format!("{input:?}: accepted")),
            Err(err) if (err.index(), err.kind()) != (index, kind) => wrong.push(format!(
                "{input:?}: got ({}, {:?}), expected ({index}, {kind:?})",
                err.index(),
                err.kind()
            )),
            Err(_) => {}
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn a_uri_requires_a_scheme() {
    for input in ["", "//host/path", "/abs", "rel/a:b", "?q", "#f", "./a:b"] {
        let err = Uri::parse(input).unwrap_err();
        assert_eq!(
            (err.index(), err.kind()),
            (0, K::MissingScheme),
            "{input:?}"
        );
        assert!(
            UriRef::parse(input).is_ok(),
            "{input:?} is a valid reference"
        );
    }
}

#[test]
fn first_match_wins_for_ipv4_looking_hosts() {
    for host in ["256.1.1.1", "01.2.3.4", "1.2.3", "1.2.3.4.5", "1.2.3.04"] {
        let text = format!("//{host}/");
        let r = UriRef::parse(&text).unwrap();
        assert_eq!(r.host_parsed(), Some(uri::Host::RegName(host)), "{host}");
    }
}

#[test]
fn messages_name_component_byte_and_text() {
    let cases = [
        (
            "http://x/a b",
            "character \" \" not allowed in path at byte 10",
        ),
        (
            "http://x/%G1",
            "invalid percent-encoding \"%G1\" in path at byte 9",
        ),
        (
            "http://x:8a/",
            "invalid port: character \"a\" not allowed at byte 10",
        ),
        (
            "http://[1:::2]/",
            "invalid IPv6 address \":\" in host at byte 11",
        ),
        (
            "http://[1:2]/",
            "invalid IPv6 address \"]\" in host at byte 11",
        ),
        (":x", "invalid scheme: empty before \":\" at byte 0"),
        (
            "a\u{7}",
            "character \"\\u{7}\" not allowed in path at byte 1",
        ),
        (
            "/\u{e9}t\u{e9}",
            "character \"\u{e9}\" not allowed in path at byte 1",
        ),
    ];
    for (input, start) in cases {
        let message = UriRef::parse(input).unwrap_err().to_string();
        assert!(message.starts_with(start), "{input:?}: {message}");
        assert!(!message.ends_with('.'), "no trailing period: {message}");
        let first_word = message.split(' ').next().unwrap();
        assert_eq!(
            first_word,
            first_word.to_lowercase(),
            "lowercase: {message}"
        );
    }
}

#[test]
fn the_rendering_underlines_the_offending_bytes() {
    let input = "https://example.com/a%zzb";
    let err = UriRef::parse(input).unwrap_err();
    assert_eq!(
        err.render(input).to_string(),
        "https://example.com/a%zzb\n                     ^^^"
    );
    let input = "/tab\there";
    let err = UriRef::parse(input).unwrap_err();
    assert_eq!(err.render(input).to_string(), "/tab\\there\n    ^^");
}

/// Each run-time hint names the fix for the place of the mistake.
#[test]
fn hints_fit_the_place() {
    let hint = |text: &str| Uri::parse(text).unwrap_err().hint().unwrap_or_default();
    let reference_hint = |text: &str| UriRef::parse(text).unwrap_err().hint().unwrap_or_default();
    // A space in a host is no "%20" matter.
    assert_eq!(
        hint("http://exa mple.com/"),
        "a host name cannot contain this character"
    );
    // Non-ASCII: IDNA for a host, IRIs or UTF-8 escapes elsewhere.
    assert!(hint("https://bücher.example/").contains("Iri::parse"));
    assert!(hint("https://bücher.example/").contains("to_uri_idna"));
    assert!(hint("https://example.com/café").contains("Iri::parse"));
    assert!(hint("https://example.com/café").contains("UTF-8"));
    // Characters an IRI refuses too (a noncharacter, the replacement
    // character, a C1 control) get no advice to parse as an IRI, whether
    // the text was parsed as a URI or as an IRI.
    let iri_hint = |text: &str| Iri::parse(text).unwrap_err().hint().unwrap_or_default();
    for text in ["https://b\u{FFFD}.example/", "https://b\u{9F}.example/"] {
        for advice in [hint(text), iri_hint(text)] {
            assert_eq!(
                advice,
                "no host name may hold this character, not even an international one"
            );
        }
    }
    for text in [
        "https://example.com/\u{FFFE}",
        "https://example.com/?\u{9F}",
    ] {
        for advice in [hint(text), iri_hint(text)] {
            assert!(!advice.contains("Iri::parse"), "{text:?}: {advice}");
            assert!(advice.contains("pct::encode"), "{text:?}: {advice}");
        }
    }
    // A private-use character is the query's only: an IRI takes it there.
    assert!(hint("https://example.com/?\u{E000}").contains("Iri::parse"));
    assert!(!hint("https://example.com/\u{E000}").contains("Iri::parse"));
    // Margins of whitespace are named as such, not as a scheme or a path.
    for text in [" http://a/", "http://a/\n", "\thttp://a/"] {
        assert!(
            hint(text).contains("starts or ends with whitespace"),
            "{text:?}"
        );
    }
    assert!(reference_hint("  /padded  ").contains("starts or ends with whitespace"));
    // A space inside is still a "%20".
    assert_eq!(hint("http://a/b c"), "write \"%20\" for a space");
    // A zone identifier names RFC 6874 and the option.
    assert!(hint("http://[fe80::1%25eth0]/").contains("ParseOptions::with_zone_ids"));
}

/// The compile-time error for a space in a host says what the run-time one
/// says (`tests/ui/fail/space-in-host.stderr`).
#[test]
fn a_space_in_a_host_is_worded_alike_at_compile_time() {
    let stderr = include_str!("ui/fail/space-in-host.stderr");
    let hint = Uri::parse("http://exa mple.com/")
        .unwrap_err()
        .hint()
        .unwrap_or_default();
    assert!(stderr.contains(&format!("help: {hint}\n")), "{stderr}");
}
