//! The decoded views (user name, password, segments, fragment) and the
//! redacted display: decoded text, borrowed when nothing changes, errors
//! at their offset in the whole URI, and no secret in any output.

use uri::{UriBuf, UriRefBuf};

fn uri(text: &str) -> UriBuf {
    UriBuf::parse(text).unwrap()
}

#[test]
fn credentials_segments_and_fragment_decode_with_positions() {
    let u = uri("ftp://ada%40home:s%3Acret@h/a%2Fb/c%FF#sec%20tion");
    assert_eq!(u.username().unwrap().unwrap(), "ada@home");
    assert_eq!(u.password().unwrap().unwrap(), "s:cret");
    let segments: Vec<_> = u.path_segments_decoded().collect();
    assert_eq!(segments[0].as_deref(), Ok("a/b"));
    // `c%FF` is no UTF-8: the error is at the `%`, counted in the whole URI.
    assert_eq!(segments[1].as_ref().unwrap_err().index(), 35);
    assert_eq!(u.fragment_decoded().unwrap().unwrap(), "sec tion");
    // Nothing to decode: borrowed, no copy.
    let plain = uri("https://user@h/x#y");
    assert!(matches!(
        plain.username(),
        Some(Ok(std::borrow::Cow::Borrowed("user")))
    ));
    assert_eq!(plain.password(), None);
    assert_eq!(uri("https://h/").username(), None);
}

#[test]
fn redaction_hides_passwords_and_optionally_query_values() {
    let u = uri("https://ada:s3cret@h/p?token=abc&flag&n=1#f");
    assert_eq!(
        u.redacted().to_string(),
        "https://ada:***@h/p?token=abc&flag&n=1#f"
    );
    assert_eq!(
        u.redacted().query_values().to_string(),
        "https://ada:***@h/p?token=***&flag&n=***#f"
    );
    assert!(!format!("{:?}", u.redacted()).contains("s3cret"));
    // The result is still a valid URI; no password, nothing changed.
    assert!(UriBuf::parse(u.redacted().query_values().to_string()).is_ok());
    // A userinfo without `:` may be a token: all of it is hidden.
    assert_eq!(
        uri("https://ada@h/").redacted().to_string(),
        "https://***@h/"
    );
}

#[test]
fn redaction_hides_tokens_fragments_and_passwords_with_raw_delimiters() {
    for (text, shown, ambiguous) in [
        (
            "https://ghp_TOKEN@github.com/o/r.git",
            "https://***@github.com/o/r.git",
            false,
        ),
        ("https://user%3Asecret@h/", "https://***@h/", false),
        ("https://:tok@h/", "https://:***@h/", false),
        (
            "postgres://admin:p@ss#word@db:5432/app",
            "postgres://***@db:5432/app",
            true,
        ),
        (
            "postgres://admin:p@ss/w@rd@db/app",
            "postgres://***@db/app",
            true,
        ),
        ("https://u:p@h/x?email=a@b.com", "https://***@b.com", true),
        (
            "https://h/no/userinfo@here",
            "https://h/no/userinfo@here",
            false,
        ),
    ] {
        let u = uri(text);
        assert_eq!(u.redacted().to_string(), shown, "{text}");
        assert_eq!(u.redacted().is_ambiguous(), ambiguous, "{text}");
        assert!(UriRefBuf::parse(u.redacted().to_string()).is_ok(), "{text}");
    }
    let u = uri("https://h/cb?code=1#access_token=abc&state=2");
    assert_eq!(
        u.redacted().fragment().query_values().to_string(),
        "https://h/cb?code=***#***"
    );
    // Hidden credentials that reach into the query leave the rest to hide.
    let u = uri("https://u:p@h/?e=x@y&token=abc#f@g");
    assert_eq!(u.redacted().query_values().to_string(), "https://***@g");
    let u = uri("https://u:p@h/?e=x@y&token=abc");
    assert_eq!(
        u.redacted().query_values().to_string(),
        "https://***@y&token=***"
    );
}
