//! The `serde`, `http` and `url` features: what converts, what is
//! refused, and what changes on the way.

use uri::{HttpUriError, ParseErrorKind, Uri, UriBuf, UriRef, UriRefBuf};

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
    assert_eq!(
        UriBuf::try_from(&origin).unwrap_err().kind(),
        ParseErrorKind::MissingScheme
    );
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
fn url_conversions_show_where_whatwg_and_rfc_3986_differ() {
    // RFC 3986 to WHATWG: the special schemes are rewritten.
    for (ours, theirs) in [
        ("HTTP://Example.COM:80/a/./b/../c", "http://example.com/a/c"),
        ("http://h/a/%2e%2e/b", "http://h/b"),
        ("http://h", "http://h/"),
        ("http://0x7f.1/", "http://127.0.0.1/"),
        ("urn:isbn:0451450523", "urn:isbn:0451450523"),
    ] {
        let uri = Uri::parse(ours).unwrap();
        assert_eq!(url::Url::try_from(&uri).unwrap().as_str(), theirs, "{ours}");
    }
    // WHATWG to RFC 3986: characters WHATWG leaves raw are refused, with
    // their position.
    let url = url::Url::parse("https://h/p?a=|").unwrap();
    assert_eq!(url.as_str(), "https://h/p?a=|");
    let err = UriBuf::try_from(&url).unwrap_err();
    assert_eq!(err.index(), 14);
    // A URL with nothing of the kind converts unchanged.
    let url = url::Url::parse("https://h/p?a=1#f").unwrap();
    let ours = UriBuf::try_from(&url).unwrap();
    assert_eq!(ours, url.as_str());
    assert_eq!(url::Url::try_from(&ours).unwrap(), url);
}
