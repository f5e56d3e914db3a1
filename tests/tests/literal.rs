//! `uri!` and `uri_ref!` where users put them: `const`, `static`, `let`,
//! under a renamed dependency (this package calls `uri-runtime` `uri`) and
//! through a re-exporting crate.

use uri::{Uri, UriRef, uri, uri_ref};

const API: Uri<'static> = uri!("https://api.example.com/v1/my files?q=été");
static DOCS: UriRef<'static> = uri_ref!("../docs/a%7eb#Intro");

#[test]
fn const_and_static_literals_are_pre_encoded() {
    assert_eq!(
        API.as_str(),
        "https://api.example.com/v1/my%20files?q=%C3%A9t%C3%A9"
    );
    assert_eq!(API.host(), Some("api.example.com"));
    assert_eq!(API.query(), Some("q=%C3%A9t%C3%A9"));
    assert_eq!(DOCS.as_str(), "../docs/a~b#Intro");
    assert_eq!(DOCS.fragment(), Some("Intro"));
}

#[test]
fn issue_examples_compile_to_their_canonical_form() {
    assert_eq!(
        uri!("http://example.com/my document.pdf"),
        "http://example.com/my%20document.pdf"
    );
    assert_eq!(
        uri!("https://x.org/a%7eb?q=été"),
        "https://x.org/a~b?q=%C3%A9t%C3%A9"
    );
    // Only the policy's changes: case, dots and reserved escapes stay.
    assert_eq!(
        uri!("HTTP://Example.COM/./a/../%2f"),
        "HTTP://Example.COM/./a/../%2F"
    );
    assert_eq!(uri_ref!("/{{braces}}"), "/%7Bbraces%7D");
}

#[test]
fn let_bindings_and_trailing_commas_work() {
    let u = uri!("urn:isbn:0451450523",);
    assert_eq!(u.scheme(), "urn");
    assert_eq!(u.path(), "isbn:0451450523");
    let raw = uri!(r#"http://[::1]:8080/"quoted""#);
    assert_eq!(raw.as_str(), "http://[::1]:8080/%22quoted%22");
    assert_eq!(raw.port_u16(), Ok(Some(8080)));
}

#[test]
fn literals_work_through_a_re_exporting_crate() {
    const VIA: uri_facade::Uri<'static> = uri_facade::uri!("https://example.com/via facade");
    assert_eq!(VIA.path(), "/via%20facade");
    let r = uri_facade::uri_ref!("?q=1");
    assert_eq!(r.query(), Some("q=1"));
}

/// A literal forwarded by another `macro_rules!` arrives wrapped in an
/// invisible group; it must still be read as a literal.
macro_rules! forwarded {
    ($text:expr) => {
        uri!($text)
    };
}

#[test]
fn literals_forwarded_by_other_macros_are_accepted() {
    assert_eq!(forwarded!("mailto:a@example.com").path(), "a@example.com");
}

#[test]
fn macro_components_equal_a_runtime_parse() {
    let from_macro = uri!("ssh://user@[v7.x]:1/p a?b#c");
    let parsed = Uri::parse(from_macro.as_str()).unwrap();
    assert_eq!(from_macro.components(), parsed.components());
    assert_eq!(from_macro.host_parsed(), parsed.host_parsed());
}
