//! Hostile and edge inputs, each a named behaviour someone relies on.
//!
//! Offsets are `usize` throughout (`Components` stores them so), so there
//! is no narrower index that could wrap on inputs past 4 GiB; the long
//! inputs here show the other half of the promise: time linear in the
//! input (see also `scripts/linear-time.sh`) and no stack use that grows
//! with it, checked by running on a thread with a small, fixed stack.

use uri::{Component, ParseErrorKind, Uri, UriRef, pct, uri};

fn error_at(text: &str) -> (usize, ParseErrorKind) {
    let err = UriRef::parse(text).expect_err(text);
    (err.index(), err.kind())
}

#[test]
fn a_second_at_sign_is_an_error_not_a_new_userinfo() {
    // The userinfo ends at the first `@`; an `@` in a host is invalid.
    assert_eq!(
        error_at("http://a@b@c/"),
        (10, ParseErrorKind::InvalidChar(Component::Host))
    );
    assert_eq!(
        error_at("http://user@evil.com@good.com/"),
        (20, ParseErrorKind::InvalidChar(Component::Host))
    );
}

#[test]
fn a_backslash_never_ends_the_authority() {
    // WHATWG parsers read `\` as `/`, making `evil` the host; RFC 3986 has
    // no such rule, so the character is refused where it stands.
    assert_eq!(
        error_at("http://evil\\@good/"),
        (11, ParseErrorKind::InvalidChar(Component::Userinfo))
    );
    assert_eq!(
        error_at("http://good\\.evil/"),
        (11, ParseErrorKind::InvalidChar(Component::Host))
    );
}

#[test]
fn encoded_slash_and_at_in_userinfo_stay_userinfo() {
    let u = Uri::parse("http://a%2Fb%40evil.com@good.com/x").unwrap();
    assert_eq!(u.userinfo(), Some("a%2Fb%40evil.com"));
    assert_eq!(u.host(), Some("good.com"));
    assert_eq!(u.path(), "/x");
    assert_eq!(
        pct::decode_utf8(u.userinfo().unwrap()).unwrap(),
        "a/b@evil.com"
    );
}

#[test]
fn cr_lf_and_nul_are_refused_anywhere() {
    let valid = "http://u@h:1/p/q?x=1#f";
    for at in 0..=valid.len() {
        for bad in ['\r', '\n', '\0'] {
            let mut text = valid.to_owned();
            text.insert(at, bad);
            let err = UriRef::parse(&text).expect_err(&text);
            assert_eq!(err.index(), at, "{text:?}: {err}");
        }
    }
}

#[test]
fn cr_lf_and_nul_are_always_encoded() {
    let data = "a\r\nb\0c";
    for (_, set) in pct::NAMED {
        assert_eq!(pct::encode(data, set), "a%0D%0Ab%00c");
    }
    assert_eq!(pct::encode_form(data), "a%0D%0Ab%00c");
    assert_eq!(
        uri!("https://x.org/{data}?q={data}#{data}").unwrap(),
        "https://x.org/a%0D%0Ab%00c?q=a%0D%0Ab%00c#a%0D%0Ab%00c"
    );
}

#[test]
fn an_encoded_slash_never_splits_a_segment() {
    let u = Uri::parse("http://h/a%2Fb/c%2f..%2Fd").unwrap();
    let segments: Vec<&str> = u.path_segments().collect();
    assert_eq!(segments, ["a%2Fb", "c%2f..%2Fd"]);
    assert_eq!(pct::decode_utf8(segments[0]).unwrap(), "a/b");
    // Normalization uppercases the escape and keeps it an escape: `/` is
    // reserved, so decoding it would change the path's structure.
    assert_eq!(u.normalize(), "http://h/a%2Fb/c%2F..%2Fd");
}

#[test]
fn encoded_dots_are_not_dot_segments_in_resolution() {
    // RFC 3986 section 5.2.4 removes the literal segments `.` and `..`
    // only; resolution works on the text as written.
    let base = Uri::parse("http://h/a/b/c").unwrap();
    let target = UriRef::parse("%2E%2E/%2e%2e/x")
        .unwrap()
        .resolve_against(&base);
    assert_eq!(target, "http://h/a/b/%2E%2E/%2e%2e/x");
}

#[test]
fn normalization_decodes_encoded_dots_but_never_climbs_above_the_root() {
    // Section 6.2.2.2 decodes `%2E` to `.` (unreserved), and 6.2.2.3 then
    // removes the dot segments it makes: the two spellings are
    // equivalent, as the RFC says. Nothing climbs past the root.
    let u = Uri::parse("http://h/a/%2E%2E/%2e%2E/%2E%2E/etc/passwd").unwrap();
    assert_eq!(u.normalize(), "http://h/etc/passwd");
    let r = Uri::parse("file:/%2E%2E/%2E%2E/x").unwrap();
    assert_eq!(r.normalize(), "file:/x");
}

/// Runs `f` on a thread with a 256 KiB stack: recursion on the input's
/// length would overflow it.
fn on_small_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap();
}

#[test]
fn a_16_mb_path_parses_on_a_small_stack() {
    on_small_stack(|| {
        let text = format!("http://h/{}", "a/".repeat(8 << 20));
        let u = Uri::parse(&text).unwrap();
        assert_eq!(u.path().len(), (16 << 20) + 1);
        let bad = format!("{text}%");
        assert_eq!(
            UriRef::parse(&bad).unwrap_err().index(),
            text.len(),
            "the error index points past 16 MB"
        );
    });
}

#[test]
fn a_1_mb_query_parses_and_iterates_on_a_small_stack() {
    on_small_stack(|| {
        let text = format!("http://h/?{}", "k=v&".repeat(1 << 18));
        let u = Uri::parse(&text).unwrap();
        assert_eq!(u.query().map(str::len), Some(1 << 20));
        assert_eq!(u.query_params().count(), 1 << 18);
    });
}

#[test]
fn a_hundred_thousand_dot_segments_resolve_and_normalize_on_a_small_stack() {
    on_small_stack(|| {
        let text = format!("http://h/{}x", "a/../".repeat(100_000));
        let u = Uri::parse(&text).unwrap();
        assert_eq!(u.path_segments().count(), 200_001);
        assert_eq!(u.normalize(), "http://h/x");
        let base = Uri::parse("http://h/b/c").unwrap();
        let reference = format!("{}y", "../".repeat(100_000));
        let target = UriRef::parse(&reference).unwrap().resolve_against(&base);
        assert_eq!(target, "http://h/y");
        let deep_text = format!("http://h/{}z", "d/".repeat(100_000));
        let deep = Uri::parse(&deep_text).unwrap();
        let back = base.make_relative(&deep).unwrap();
        assert_eq!(back.as_uri_ref().resolve_against(&base), deep);
    });
}
