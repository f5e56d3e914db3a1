//! Editing the query of an owned URI: what each edit writes, what it
//! leaves byte for byte, the two styles, and that no parameter means no
//! `?` at all.

use uri::{UriBuf, UriBuilder, UriRefBuf};

fn uri(text: &str) -> UriBuf {
    UriBuf::parse(text).unwrap()
}

/// The edited URI re-parses to the boundaries the editor recorded.
fn reparses(u: &UriBuf) {
    assert_eq!(
        uri_core::parse_uri_reference(u.as_str()),
        Ok(u.components()),
        "{u}"
    );
}

#[test]
fn each_edit_writes_what_it_says_and_leaves_the_rest_as_written() {
    let mut u = uri("https://h/p?q=a%2bb&Page=1&q=c&x#f");
    u.query_edit().set("q", "rust & uri");
    // The first `q` takes the value in place, the second goes; `a%2bb`'s
    // lowercase escape is gone with it, the other pairs are untouched.
    assert_eq!(u, "https://h/p?q=rust%20%26%20uri&Page=1&x#f");
    reparses(&u);
    u.query_edit().append("tag", "é/ü").set("new", "1");
    assert_eq!(
        u,
        "https://h/p?q=rust%20%26%20uri&Page=1&x&tag=%C3%A9/%C3%BC&new=1#f"
    );
    reparses(&u);
    u.query_edit()
        .remove("x")
        .retain(|k, v| k != "tag" || v != "é/ü");
    assert_eq!(u, "https://h/p?q=rust%20%26%20uri&Page=1&new=1#f");
    u.query_edit().sort();
    assert_eq!(u, "https://h/p?Page=1&new=1&q=rust%20%26%20uri#f");
    reparses(&u);
}

#[test]
fn keys_are_compared_decoded_and_broken_pairs_are_kept() {
    let mut u = uri("http://h/?a%20b=1&bad=%FF&a+b=2");
    u.query_edit().remove("a b");
    // `a+b` is not `a b` outside form style; `%FF` is no UTF-8, so the
    // pair stays whatever is removed.
    assert_eq!(u, "http://h/?bad=%FF&a+b=2");
    u.query_edit()
        .form_style()
        .remove("a b")
        .retain(|_, _| false);
    assert_eq!(u, "http://h/?bad=%FF");
}

#[test]
fn styles_write_spaces_and_separators_as_asked() {
    let mut u = uri("http://h/?a=1");
    u.query_edit().append("s", "x y");
    u.query_edit().form_style().append("f", "x y+z");
    assert_eq!(u, "http://h/?a=1&s=x%20y&f=x+y%2Bz");
    let mut u = uri("http://h/?a=1;b=2");
    u.query_edit().semicolons().set("b", "3").append("c", "4");
    assert_eq!(u, "http://h/?a=1;b=3;c=4");
    reparses(&u);
    // A `;` in a value or key is data there: encoded, so the next reader
    // finds one pair, not two.
    u.query_edit()
        .semicolons()
        .append("d;e", "x;y")
        .set("a", "&;");
    assert_eq!(u, "http://h/?a=%26%3B;b=3;c=4;d%3Be=x%3By");
    let mut seen = Vec::new();
    u.query_edit().semicolons().retain(|key, value| {
        seen.push((key.to_owned(), value.to_owned()));
        true
    });
    assert_eq!(seen[3], ("d;e".to_owned(), "x;y".to_owned()));
    reparses(&u);
}

#[test]
fn no_parameter_left_means_no_question_mark() {
    let mut u = uri("http://h/p?only=1#frag");
    u.query_edit().remove("only");
    assert_eq!(u, "http://h/p#frag");
    assert_eq!(u.query(), None);
    reparses(&u);
    u.query_edit().append("back", "1");
    assert_eq!(u, "http://h/p?back=1#frag");
    // The builder agrees: no pairs, no `?`.
    let none: [(&str, &str); 0] = [];
    let built = UriBuilder::new()
        .scheme("http")
        .host("h")
        .query_pairs(none)
        .build()
        .unwrap();
    assert_eq!(built, "http://h");
    assert_eq!(built.query(), None);
}

#[test]
fn references_are_edited_the_same_way() {
    let mut r = UriRefBuf::parse("../search?q=1").unwrap();
    r.query_edit().set("page", "2");
    assert_eq!(r, "../search?q=1&page=2");
    assert_eq!(
        uri_core::parse_uri_reference(r.as_str()),
        Ok(r.components())
    );
}

#[test]
fn values_are_read_decoded_by_key() {
    let u = uri("https://h/?tag=a%20b&page=2&tag=c&bad=%FF&tag");
    assert_eq!(u.query_value("page").unwrap().unwrap(), "2");
    let tags: Vec<_> = u.query_values("tag").map(Result::unwrap).collect();
    assert_eq!(tags, ["a b", "c", ""]);
    assert_eq!(u.query_value("missing"), None);
    // A value that does not decode is an error at its offset in the query.
    let err = u.query_value("bad").unwrap().unwrap_err();
    assert_eq!(err.index(), 27);
}

/// The edit in the style asked for.
fn styled(
    edit: uri::query::QueryEdit<'_>,
    form: bool,
    semicolons: bool,
) -> uri::query::QueryEdit<'_> {
    let edit = if form { edit.form_style() } else { edit };
    if semicolons { edit.semicolons() } else { edit }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2_000))]

    /// Whatever the key and value hold (either separator, `=`, `+`, `#`,
    /// `%`, spaces), a pair appended in any style reads back as itself,
    /// one pair, after the pairs that were there.
    #[test]
    fn an_appended_pair_reads_back_as_itself(
        key in "[a&;=+# %é]{0,6}",
        value in "[a&;=+# %é]{0,6}",
        form: bool,
        semicolons: bool,
    ) {
        let mut u = uri(if semicolons { "http://h/?a=1;b=2" } else { "http://h/?a=1&b=2" });
        styled(u.query_edit(), form, semicolons).append(&key, &value);
        reparses(&u);
        let mut seen = Vec::new();
        styled(u.query_edit(), form, semicolons).retain(|k, v| {
            seen.push((k.to_owned(), v.to_owned()));
            true
        });
        proptest::prop_assert_eq!(seen.len(), 3, "{}", u);
        proptest::prop_assert_eq!(&seen[2], &(key, value), "{}", u);
    }
}

#[test]
fn empty_pieces_and_untouched_queries_keep_their_bytes() {
    let removed = |text: &str, key: &str| {
        let mut uri = UriBuf::parse(text).unwrap();
        uri.query_edit().remove(key);
        uri.to_string()
    };
    assert_eq!(
        removed("https://h.example/?a=1&&b=2", "zzz"),
        "https://h.example/?a=1&&b=2"
    );
    assert_eq!(
        removed("https://h.example/?a=1&&b=2", "a"),
        "https://h.example/?&b=2"
    );
    assert_eq!(
        removed("https://h.example/?&a=1&", "zzz"),
        "https://h.example/?&a=1&"
    );
    assert_eq!(removed("https://h.example/?", "zzz"), "https://h.example/?");
    let mut uri = UriBuf::parse("https://h.example/?b=2&&a=1").unwrap();
    uri.query_edit().retain(|_, _| true);
    assert_eq!(uri, "https://h.example/?b=2&&a=1");
    uri.query_edit().append("c", "3");
    assert_eq!(uri, "https://h.example/?b=2&&a=1&c=3");
    uri.query_edit().sort();
    assert_eq!(uri, "https://h.example/?a=1&b=2&c=3");
}
