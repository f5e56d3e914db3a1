//! What allocates and what does not, counted by `allocation-counter`'s
//! global allocator: borrowed parsing never allocates,
//! and the equivalence ladder and the decoders allocate only for inputs
//! that are not already in their final form.

use uri::{SchemeRules, Uri, UriRef};

/// How many allocations `f` makes on this thread.
fn allocations<T>(f: impl FnOnce() -> T) -> u64 {
    allocation_counter::measure(|| {
        std::hint::black_box(f());
    })
    .count_total
}

#[test]
fn borrowed_parsing_never_allocates() {
    assert_eq!(
        allocations(|| Uri::parse("https://u@example.com:8/a/b?q=1#f").is_ok()),
        0
    );
    assert_eq!(allocations(|| UriRef::parse("../a%zz").is_err()), 0);
}

/// An owned parse copies borrowed text once, after it has parsed, and
/// takes a `String` over: a refused text, which a service reading
/// untrusted input meets often, costs no allocation.
#[test]
fn owned_parsing_allocates_only_what_it_keeps() {
    use uri::{UriBuf, UriRefBuf};

    let text = "https://u@example.com:8/a/b?q=1#f";
    assert_eq!(allocations(|| UriBuf::parse(text).is_ok()), 1);
    assert_eq!(allocations(|| UriBuf::parse("https://a b/").is_err()), 0);
    assert_eq!(allocations(|| UriRefBuf::parse("../a%zz").is_err()), 0);
    assert_eq!(
        allocations(|| uri::uri_template::UriTemplateBuf::parse("/a{unclosed").is_err()),
        0
    );
    let owned = String::from(text);
    assert_eq!(allocations(|| UriBuf::parse(owned).is_ok()), 0);
    // The parse read the caller's text; what it keeps is that text.
    let parsed = UriBuf::parse(text).map(UriBuf::into_string);
    assert_eq!(parsed.as_deref(), Ok(text));
}

#[test]
fn equivalence_allocates_only_for_inputs_not_yet_normal() {
    let a = Uri::parse("http://example.com/a/~b?x#y").unwrap();
    let b = Uri::parse("http://example.com/a/~b?x#y").unwrap();
    let messy = Uri::parse("HTTP://Example.com/a/./%7Eb?x#y").unwrap();
    assert_eq!(allocations(|| a.normalized_eq(&b)), 0);
    assert_eq!(allocations(|| a.is_normalized()), 0);
    assert_eq!(
        allocations(|| a.scheme_normalized_eq(&b, &SchemeRules::STANDARD)),
        0
    );
    // Only the side that is not normal is normalized, into a new string
    // (and, since its path has escapes, a scratch path).
    assert!(a.normalized_eq(&messy));
    assert_eq!(allocations(|| a.normalized_eq(&messy)), 2);
    assert_eq!(allocations(|| messy.normalized_eq(&messy)), 4);
}

#[test]
fn query_params_borrow_what_needs_no_decoding() {
    let uri = Uri::parse("http://h/?a=1&b=two&c").unwrap();
    assert_eq!(allocations(|| uri.query_params().count()), 0);
    let encoded = Uri::parse("http://h/?a=%20").unwrap();
    assert_eq!(allocations(|| encoded.query_params().count()), 1);
}

#[test]
fn a_template_allocates_its_string_once() {
    use uri::uri;

    let (user, tag, page, section) = ("ada lovelace", Some("a&b"), 3, "top");
    // Values are encoded straight into the result, which is sized up front
    // for the fixed text and a typical value per hole.
    let count = allocations(|| {
        uri!("https://api.example.com/users/{user}/posts?tag={tag}&page={page}#{section}")
    });
    assert_eq!(count, 1);
    let tags = ["x", "y", "z"];
    assert_eq!(allocations(|| uri!("https://x.org/?t={tags}")), 1);
}

#[test]
fn a_query_edit_allocates_the_new_text_once() {
    let mut u = uri::UriBuf::parse("https://example.com/search?q=rust&page=1#top").unwrap();
    assert_eq!(
        allocations(|| {
            u.query_edit().set("page", "2");
        }),
        1
    );
    assert_eq!(
        allocations(|| {
            u.query_edit().remove("q");
        }),
        1
    );
    assert_eq!(
        allocations(|| {
            u.query_edit().append("tag", "x");
        }),
        1
    );
    assert_eq!(u, "https://example.com/search?page=2&tag=x#top");
}

#[test]
fn a_join_allocates_its_target_once_and_a_refused_link_nothing() {
    let base = Uri::parse("http://a/b/c/d;p?q").unwrap();
    // Through the one-pass path, the general resolver and the parser
    // (a scheme in the reference): one allocation, the target's.
    for reference in ["g", "../g?y#s", "/./g", "?y", "", "g:h", "//g", "http:g"] {
        assert_eq!(allocations(|| base.join(reference)), 1, "{reference}");
    }
    // Refused: found in the first segment, before anything is written,
    // costs nothing; found later, the target begun is dropped.
    for (reference, count) in [("a b", 0), ("%zz", 0), ("[x]", 0), ("g/a b", 1), ("g?[", 1)] {
        assert!(base.join(reference).is_err(), "{reference}");
        assert_eq!(allocations(|| base.join(reference)), count, "{reference}");
    }
}
