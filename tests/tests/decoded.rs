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
        "https://***@h/p?token=abc&flag&n=1#f"
    );
    assert_eq!(
        u.redacted().query_values().to_string(),
        "https://***@h/p?token=***&flag&n=***#f"
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
        ("https://:tok@h/", "https://***@h/", false),
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

/// However the text happens to parse, a secret stays hidden: a token as
/// the user name, a password of digits read as a port, one with a `?`
/// read as a query, a token in a fragment of parameters.
#[test]
fn redaction_hides_secrets_however_the_text_parses() {
    for (text, shown, ambiguous) in [
        (
            "https://TOKEN:x-oauth-basic@github.com/o/r.git",
            "https://***@github.com/o/r.git",
            false,
        ),
        (
            "postgres://admin:1234/abcd@db/app",
            "postgres://***@db/app",
            true,
        ),
        ("https://user:123?tok@host/", "https://***@host/", true),
        ("https://h:8443/a/b", "https://h:8443/a/b", false),
        ("https://h:8443/@alice", "https://***@alice", true),
    ] {
        let u = uri(text);
        let redacted = u.redacted();
        assert_eq!(redacted.to_string(), shown, "{text}");
        assert_eq!(redacted.is_ambiguous(), ambiguous, "{text}");
        for secret in ["TOKEN", "1234/abcd", "123?tok"] {
            assert!(!redacted.to_string().contains(secret), "{text}");
        }
    }
    let implicit = uri("https://app.example/cb#access_token=SECRET&x=1");
    assert_eq!(
        implicit.redacted().query_values().to_string(),
        "https://app.example/cb#access_token=***&x=***"
    );
    // A fragment that is not parameters is left to `fragment()`.
    assert_eq!(
        uri("https://h/doc#intro")
            .redacted()
            .query_values()
            .to_string(),
        "https://h/doc#intro"
    );
}

/// A parse error inside a userinfo says where, never what: no byte of
/// the password in its message, its `Debug`, or its drawing, through
/// every error that carries it.
#[test]
fn no_parse_error_quotes_a_password() {
    for (input, secret) in [
        ("https://ada:s3cr t@example.com/", "s3cr"),
        ("https://ada:pw%zz@example.com/", "%zz"),
        ("postgres://admin:p\u{e9}ss@db/app", "p\u{e9}ss"),
        ("https://tok\"en@h/", "tok"),
    ] {
        let err = UriBuf::parse(input).unwrap_err();
        let shown = format!("{err} {err:?} {}", err.render(input));
        assert!(!shown.contains(secret), "{input}: {shown}");
        assert!(shown.contains("userinfo"), "{input}: {shown}");
        assert_eq!(err.text(), "", "{input}");
    }
}
