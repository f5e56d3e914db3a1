//! The `serde`, `http` and `url` features: what converts, what is
//! refused, and what changes on the way.

use uri::{
    Component, ParseErrorKind, Uri, UriBuf, UriRef, UriRefBuf,
    interop::{HttpUriError, UrlError},
};

#[test]
fn serde_round_trips_every_type_as_a_string() {
    let text = "https://u@example.com:8/a%20b?q#f";
    let json = format!("{text:?}");
    let borrowed: Uri<'_> = serde_json::from_str(&json).unwrap();
    let reference: UriRef<'_> = serde_json::from_str(&json).unwrap();
    let owned: UriBuf = serde_json::from_str(&json).unwrap();
    let owned_ref: UriRefBuf = serde_json::from_str(&json).unwrap();
    for serialized in [
        serde_json::to_string(&borrowed).unwrap(),
        serde_json::to_string(&reference).unwrap(),
        serde_json::to_string(&owned).unwrap(),
        serde_json::to_string(&owned_ref).unwrap(),
    ] {
        assert_eq!(serialized, json);
    }
    // Borrowed means borrowed: the view points into the JSON text.
    let inside = json.as_ptr() as usize..json.as_ptr() as usize + json.len();
    assert!(inside.contains(&(borrowed.as_str().as_ptr() as usize)));
}

#[test]
fn serde_errors_name_the_byte() {
    let err = serde_json::from_str::<UriBuf>(r#""http://h/a b""#).unwrap_err();
    assert!(
        err.to_string()
            .starts_with("character \" \" not allowed in path at byte 10"),
        "{err}"
    );
    let err = serde_json::from_str::<UriBuf>(r#""/relative""#).unwrap_err();
    assert!(err.to_string().contains("scheme"), "{err}");
    assert!(serde_json::from_str::<UriRefBuf>(r#""/relative""#).is_ok());
    // A view cannot borrow a string the format had to unescape; the error
    // points at the owned type.
    let err = serde_json::from_str::<Uri<'_>>(r#""http:\/\/h\/""#).unwrap_err();
    assert!(err.to_string().contains("use the owned type"), "{err}");
    assert!(serde_json::from_str::<UriBuf>(r#""http:\/\/h\/""#).is_ok());
    // Not a string at all.
    assert!(serde_json::from_str::<UriBuf>("42").is_err());
}

#[test]
fn http_takes_every_request_target_form() {
    for (target, expected, is_uri) in [
        ("https://example.com/a?b", "https://example.com/a?b", true),
        ("/search?q=1", "/search?q=1", false),
        ("*", "*", false),
        ("example.com:443", "//example.com:443", false),
        ("http://h", "http://h/", true),
    ] {
        let theirs: http::Uri = target.parse().unwrap();
        let back = UriRefBuf::try_from(&theirs).unwrap();
        assert_eq!(back, expected, "{target}");
        assert_eq!(UriBuf::try_from(&theirs).is_ok(), is_uri, "{target}");
    }
    let origin: http::Uri = "/x".parse().unwrap();
    let Err(HttpUriError::Parse(err)) = UriBuf::try_from(&origin) else {
        panic!("an origin-form target has no scheme")
    };
    assert_eq!(err.kind(), ParseErrorKind::MissingScheme);
}

#[test]
fn every_form_converts_by_reference_and_by_value() {
    let owned = UriBuf::parse("https://example.com/a?b").unwrap();
    let view = owned.as_uri();
    let reference = view.as_uri_ref();
    let owned_reference = UriRefBuf::from(owned.clone());
    let expected: http::Uri = "https://example.com/a?b".parse().unwrap();
    let by_value: [http::Uri; 4] = [
        view.try_into().unwrap(),
        reference.try_into().unwrap(),
        owned.clone().try_into().unwrap(),
        owned_reference.clone().try_into().unwrap(),
    ];
    let by_reference: [http::Uri; 4] = [
        (&view).try_into().unwrap(),
        (&reference).try_into().unwrap(),
        (&owned).try_into().unwrap(),
        (&owned_reference).try_into().unwrap(),
    ];
    assert!(
        by_value
            .iter()
            .chain(&by_reference)
            .all(|theirs| *theirs == expected)
    );
    let url: url::Url = view.try_into().unwrap();
    assert_eq!(url, url::Url::try_from(&owned).unwrap());
    // By value, refusals stay refusals.
    let relative = UriRef::parse("../x").unwrap();
    assert!(http::Uri::try_from(relative).is_err());
}

#[test]
fn http_refuses_instead_of_losing_the_fragment() {
    let uri = UriBuf::parse("https://example.com/p?q#section").unwrap();
    match http::Uri::try_from(&uri) {
        Err(err @ HttpUriError::Fragment(23)) => assert_eq!(
            err.to_string(),
            "http::Uri cannot hold the fragment starting at byte 23; remove it first"
        ),
        other => panic!("{other:?}"),
    }
    let without = UriBuf::parse("https://example.com/p?q").unwrap();
    let theirs = http::Uri::try_from(&without).unwrap();
    assert_eq!(theirs.to_string(), "https://example.com/p?q");
    assert_eq!(UriBuf::try_from(&theirs).unwrap(), without);
    // Valid URI references that are not request targets are refused.
    for text in ["a/b", ""] {
        let r = UriRef::parse(text).unwrap();
        let err = http::Uri::try_from(&r).unwrap_err();
        assert!(matches!(err, HttpUriError::Rejected(_)), "{text:?}");
        assert!(err.to_string().starts_with("http::Uri refused the URI: "));
        assert!(std::error::Error::source(&err).is_some());
    }
}

#[test]
fn url_conversions_keep_meaning_or_fail() {
    // Rewrites that mean the same: accepted.
    for (ours, theirs) in [
        ("HTTP://Example.COM:80/a/./b/../c", "http://example.com/a/c"),
        ("http://h", "http://h/"),
        ("http://h:/p", "http://h/p"),
        ("https://h/%7euser?q=it's#f", "https://h/%7euser?q=it%27s#f"),
        ("http://[0:0:0:0:0:0:0:1]/", "http://[::1]/"),
        ("http://u:p@h/", "http://u:p@h/"),
        ("file:///etc/hosts", "file:///etc/hosts"),
        ("urn:isbn:0451450523", "urn:isbn:0451450523"),
        ("mailto:a@example.com", "mailto:a@example.com"),
    ] {
        let uri = Uri::parse(ours).unwrap();
        let url = url::Url::try_from(&uri).unwrap_or_else(|e| panic!("{ours}: {e}"));
        assert_eq!(url.as_str(), theirs, "{ours}");
    }
    // Each known way WHATWG reads another resource: refused, naming the
    // component and both readings.
    for (ours, component, theirs) in [
        (
            "https://api.example.com/v2/users/%2E%2E/delete",
            Component::Path,
            "/v2/delete",
        ),
        ("http://h/a/%2e./b", Component::Path, "/b"),
        ("http://h/a/.%2E", Component::Path, "/"),
        ("http://h/a/%2E", Component::Path, "/a/"),
        ("http:/a", Component::Host, "a"),
        ("http:///a", Component::Host, "a"),
        ("http://0x7f.1/", Component::Host, "127.0.0.1"),
        ("http://127.1/", Component::Host, "127.0.0.1"),
    ] {
        let uri = Uri::parse(ours).unwrap();
        match url::Url::try_from(&uri) {
            Err(UrlError::Reread {
                component: c,
                theirs: t,
                ..
            }) => assert_eq!((c, t.as_str()), (component, theirs), "{ours}"),
            other => panic!("{ours}: {other:?}"),
        }
    }
    // An international name given percent-encoded is the same name in
    // punycode: kept with IDNA (the tests build with it).
    let uri = Uri::parse("http://b%C3%BCcher.example/").unwrap();
    let url = url::Url::try_from(&uri).unwrap();
    assert_eq!(url.host_str(), Some("xn--bcher-kva.example"));
    // What WHATWG strips or turns into `/` never gets that far: it is not
    // a URI.
    for text in ["http://h/a\tb", "http://h/a\nb", "http://h\\a"] {
        assert!(Uri::parse(text).is_err(), "{text:?}");
    }
    let err = url::Url::try_from(&Uri::parse("http://h:99999/").unwrap()).unwrap_err();
    assert!(matches!(err, UrlError::Rejected(_)), "{err:?}");
    assert!(std::error::Error::source(&err).is_some());

    // WHATWG to RFC 3986: characters WHATWG leaves raw are refused, with
    // their position.
    let url = url::Url::parse("https://h/p?a=|").unwrap();
    assert_eq!(url.as_str(), "https://h/p?a=|");
    let Err(UrlError::Parse(err)) = UriBuf::try_from(&url) else {
        panic!("a raw | is not RFC 3986")
    };
    assert_eq!(err.index(), 14);
    // A URL with nothing of the kind converts unchanged, both ways.
    let url = url::Url::parse("https://h/p?a=1#f").unwrap();
    let ours = UriBuf::try_from(&url).unwrap();
    assert_eq!(ours, url.as_str());
    assert_eq!(url::Url::try_from(&ours).unwrap(), url);
}

#[test]
fn a_template_value_cannot_climb_out_before_or_after_a_hand_off() {
    // No URI is written for a dot-segment value, so none can be handed on.
    let id = "..";
    let err = uri::uri!("https://api.example.com/v2/users/{id}/delete").unwrap_err();
    assert_eq!((err.kind().segment(), err.index()), ("..", 33));
    let path = "../../admin";
    assert!(uri::uri!("https://api.example.com/files/{*path}").is_err());
    // A URI that already holds `%2E%2E` (from elsewhere) is still refused
    // by the hand-off, which reads it as WHATWG does.
    let u = UriBuf::parse("https://api.example.com/v2/users/%2E%2E/delete").unwrap();
    assert!(url::Url::try_from(&u).is_err());
}

#[test]
fn an_http_target_is_never_read_with_another_scheme() {
    let reference = UriRef::parse("example.com:443").unwrap();
    assert_eq!(reference.scheme(), Some("example.com"));
    let err = http::Uri::try_from(&reference).unwrap_err();
    assert!(
        matches!(
            &err,
            HttpUriError::Reread {
                component: Component::Scheme,
                ..
            }
        ),
        "{err:?}"
    );
    assert_eq!(
        err.to_string(),
        "http::Uri reads no scheme where the URI has \"example.com\""
    );
}

// The holes a review found in the hand-offs (each failed before the fix).

#[test]
fn a_request_path_that_starts_with_two_slashes_is_not_an_authority() {
    // hyper's target for `GET //evil.com/x`: no authority, that path.
    let target: http::Uri = "//evil.com/x".parse().unwrap();
    assert!(target.authority().is_none());
    let err = UriRefBuf::try_from(&target).unwrap_err();
    assert!(
        matches!(&err, HttpUriError::Reread { component: Component::Host, ours, theirs }
            if ours == "evil.com" && theirs.is_empty()),
        "{err:?}"
    );
    // Resolving it against the app's base would have left the site.
    assert!(UriBuf::try_from(&target).is_err());
}

#[test]
fn ports_and_ipv4_spellings_the_client_reads_differently_are_refused() {
    for (text, component, theirs) in [
        ("http://h:65536/", Component::Port, ""),
        ("http://h:99999999999/", Component::Port, ""),
        ("http://0x7f.1/", Component::Host, "127.0.0.1"),
        ("http://127.1/", Component::Host, "127.0.0.1"),
        ("http://2130706433/", Component::Host, "127.0.0.1"),
        ("http://0177.0.0.1/", Component::Host, "127.0.0.1"),
        ("http://127.0.0.01/", Component::Host, "127.0.0.1"),
    ] {
        let ours = UriBuf::parse(text).unwrap();
        let err = http::Uri::try_from(&ours).unwrap_err();
        assert!(
            matches!(&err, HttpUriError::Reread { component: c, theirs: t, .. }
                if *c == component && t == theirs),
            "{text}: {err:?}"
        );
        // And the other way: hyper hands such a target over.
        let parsed: Result<http::Uri, _> = text.parse();
        if let Ok(theirs) = parsed {
            assert!(UriBuf::try_from(&theirs).is_err(), "{text}");
        }
        assert!(url::Url::try_from(&ours).is_err(), "{text}");
    }
    // A resolver does not decode escapes: hyper would look up "%6Cocalhost".
    let ours = UriBuf::parse("http://%6Cocalhost/").unwrap();
    assert!(http::Uri::try_from(&ours).is_err());
}

#[test]
fn international_names_reach_the_same_host_through_the_origin_and_url() {
    use uri::scheme::http::Origin;
    for (text, host) in [
        ("http://local%C2%ADhost/", "localhost"),
        ("http://%E2%84%AA.com/", "k.com"),
        ("http://LOCALHOST/", "localhost"),
        ("http://0x7f.1/", "127.0.0.1"),
    ] {
        let ours = UriBuf::parse(text).unwrap();
        let origin = Origin::of(ours.as_uri()).unwrap();
        assert_eq!(origin.host(), host, "{text}");
        if let Ok(url) = url::Url::try_from(&ours) {
            assert_eq!(url.host_str(), Some(host), "{text}");
        }
    }
}

#[test]
fn no_hand_off_error_shows_a_password() {
    let ours = UriBuf::parse("http://user:s3cr;t@h/").unwrap();
    let err = url::Url::try_from(&ours).unwrap_err();
    let shown = format!("{err} {err:?}");
    assert!(!shown.contains("s3cr"), "{shown}");
    assert!(!shown.contains("user:"), "{shown}");
    assert!(shown.contains("***"), "{shown}");
}

#[test]
fn ipv4_hosts_of_schemes_url_does_not_know_convert() {
    for text in [
        "redis://127.0.0.1:6379/0",
        "postgres://u@[::1]:5432/db",
        "foo://h",
    ] {
        let ours = UriBuf::parse(text).unwrap();
        let url = url::Url::try_from(&ours).unwrap();
        assert_eq!(UriBuf::try_from(&url).unwrap(), ours, "{text}");
    }
    // A name that only a resolver reads as an address is still refused.
    let ours = UriBuf::parse("redis://0x7f.1:6379/0").unwrap();
    assert!(url::Url::try_from(&ours).is_err());
}

#[test]
fn http_writes_an_empty_path_as_slash_only_where_they_are_the_same() {
    for (text, ok) in [
        ("http://h", true),
        ("HTTPS://h?q", true),
        ("ws://h", true),
        ("foo://h", false),
        ("foo://h/", true),
    ] {
        let ours = UriBuf::parse(text).unwrap();
        assert_eq!(http::Uri::try_from(&ours).is_ok(), ok, "{text}");
    }
}
