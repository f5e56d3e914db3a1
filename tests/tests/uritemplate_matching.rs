//! Matching URIs back to RFC 6570 templates: for templates in the
//! matchable subset and random values, matching an expansion gives the
//! values back; templates outside it are refused as ambiguous, whatever
//! the URI; URIs a template cannot produce do not match.

use std::collections::BTreeMap;

use proptest::prelude::*;
use uri::uri_template::UriTemplate;
use uri::uri_template::{Captured, Var};

/// Values dense in what carries structure: every reserved character, `%`,
/// spaces, non-ASCII, and plain letters.
fn text(alphabet: &'static [&'static str]) -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(alphabet), 1..6).prop_map(|pieces| pieces.concat())
}

const ANY: &[&str] = &[
    "/", "?", "#", "&", "=", "+", "%", "%2F", ".", ":", "@", " ", "[", "]", "é", "例", "a", "Z",
    "~", ";", ",", "'", "-", "_", "0",
];
/// What `{+var}` keeps as written and so cannot give back exactly: an
/// escape (it comes back decoded) and the `?` and `#` that end a path.
const RESERVED_SAFE: &[&str] = &[
    "/", "&", "=", "+", ".", ":", "@", " ", "é", "a", "Z", "~", ";", ",", "-", "0",
];

/// A template of the subset whose variables are all strings, the
/// operators each once, with literal text between them.
const STRING_TEMPLATES: &[&str] = &[
    "/users/{id}",
    "/users/{id}/posts/{post}{?page,sort}",
    "https://example.com/{a}/{b}{#frag}",
    "{/a,b}{?c}",
    "/x{;p,q}",
    "/search{?q}{&lang,page}",
    "/label{.ext}",
    "/files{+path}",
    "{+base}{?q}",
    "/lang/caf\u{e9}/{x}",
];

fn roundtrip(template: &str, vars: &BTreeMap<&str, &dyn Var>) -> Result<(), TestCaseError> {
    let template = UriTemplate::parse(template).unwrap();
    let mut expansion = String::new();
    template.expand_to(vars, &mut expansion).unwrap();
    let found = template.match_uri(&expansion).unwrap();
    let found = found
        .ok_or_else(|| TestCaseError::fail(format!("{expansion:?} did not match {template}")))?;
    for (name, var) in vars {
        let expected = match var.value() {
            Some(uri::uri_template::Value::String(text)) => Captured::String(text.into_owned()),
            Some(uri::uri_template::Value::List(items)) => {
                let mut all = Vec::new();
                items
                    .each_item(&mut |item| all.push(item.to_owned()))
                    .unwrap();
                Captured::List(all)
            }
            _ => unreachable!("the tests give strings and lists"),
        };
        prop_assert_eq!(
            found.value(name),
            Some(&expected),
            "{} from {:?}",
            name,
            expansion
        );
    }
    prop_assert_eq!(found.len(), vars.len());
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn string_values_come_back(
        index in 0..STRING_TEMPLATES.len(),
        values in prop::collection::vec(text(ANY), 8),
        reserved in text(RESERVED_SAFE),
    ) {
        let template = STRING_TEMPLATES[index];
        let names = UriTemplate::parse(template).unwrap().variable_names();
        let mut vars: BTreeMap<&str, &dyn Var> = BTreeMap::new();
        for (name, value) in names.iter().zip(&values) {
            let keeps_reserved = template.contains(&format!("{{+{name}")) || template.contains(&format!("{{#{name}"));
            vars.insert(name, if keeps_reserved { &reserved } else { value });
        }
        roundtrip(template, &vars)?;
    }

    #[test]
    fn exploded_lists_come_back(
        path in prop::collection::vec(text(ANY), 1..5),
        tags in prop::collection::vec(text(ANY), 1..5),
        id in text(ANY),
    ) {
        let vars: BTreeMap<&str, &dyn Var> = BTreeMap::from([("path", &path as &dyn Var), ("tags", &tags), ("id", &id)]);
        roundtrip("/files{/path*}{?id,tags*}", &vars)?;
        let vars: BTreeMap<&str, &dyn Var> = BTreeMap::from([("tags", &tags as &dyn Var), ("id", &id)]);
        roundtrip("/t/{id}/{tags*}", &vars)?;
    }

    /// Whatever the values (lists and arrays included), the captures
    /// expand back to the same text.
    #[test]
    fn captures_expand_to_the_same_text(
        list in prop::collection::vec(text(ANY), 0..4),
        pairs in prop::collection::vec((text(ANY), text(ANY)), 0..4),
        one in text(ANY),
    ) {
        let assoc = uri::uri_template::Assoc(pairs);
        let mut vars: BTreeMap<&str, &dyn Var> = BTreeMap::new();
        vars.insert("list", &list);
        vars.insert("keys", &assoc);
        vars.insert("one", &one);
        for template in ["/a/{one}{?keys*}", "/b{/list*}", "/c/{list}", "{?one,list}{#frag}", "/d{;keys*}"] {
            let template = UriTemplate::parse(template).unwrap();
            let mut first = String::new();
            template.expand_to(&vars, &mut first).unwrap();
            let found = template.match_uri(&first).unwrap();
            let found = found.ok_or_else(|| TestCaseError::fail(format!("{first:?} did not match {template}")))?;
            let mut again = String::new();
            template.expand_to(&found, &mut again).unwrap();
            prop_assert_eq!(&again, &first, "{}: {:?}", template, found);
        }
    }
}

#[test]
fn ambiguous_templates_are_refused_whatever_the_uri() {
    for (template, at) in [
        ("/files/{name}.json", 7),
        ("{a}{b}", 0),
        ("{+path}/edit", 0),
        ("{#a}{?b}", 0),
        ("/x{/a}/y", 2),
        ("{.a,b}", 0),
        ("{a*,b}", 0),
        ("{?a*,b*}", 0),
        ("{?q}?x", 0),
    ] {
        let template = UriTemplate::parse(template).unwrap();
        for uri in ["", "/files/a.json", "x"] {
            let err = template.match_uri(uri).unwrap_err();
            assert_eq!(err.index(), at, "{template}: {err}");
        }
    }
}

#[test]
fn uris_the_template_cannot_write_do_not_match() {
    let cases = [
        ("/users/{id}", "/users/a/b"),
        ("/users/{id}", "/people/1"),
        ("/users/{id}", "/users/a%zz"),
        ("/users/{id}", "/users/%FF"),
        ("/search{?q}", "/search?q=1&other=2"),
        ("/search{?q}", "/search?q=1#top"),
        ("/search{?q}", "/search#top"),
        ("{/a,b}", "/1/2/3"),
        ("/{x}/{x}", "/1/2"),
        ("/{x}", "/a+b"),
    ];
    for (template, uri) in cases {
        let found = UriTemplate::parse(template)
            .unwrap()
            .match_uri(uri)
            .unwrap();
        assert_eq!(found, None, "{template} matched {uri}");
    }
}

#[test]
fn captures_are_decoded_and_typed() {
    let template = UriTemplate::parse("/repos/{owner}{/path*}{?labels,params*}").unwrap();
    let found = template
        .match_uri("/repos/caf%C3%A9/a%20b/c?labels=x,y&state=open&sort=")
        .unwrap()
        .unwrap();
    assert_eq!(found.get("owner"), Some("café"));
    assert_eq!(
        found.value("path"),
        Some(&Captured::List(vec!["a b".into(), "c".into()]))
    );
    assert_eq!(
        found.value("labels"),
        Some(&Captured::List(vec!["x".into(), "y".into()]))
    );
    assert_eq!(
        found.value("params"),
        Some(&Captured::AssocArray(vec![
            ("state".into(), "open".into()),
            ("sort".into(), String::new())
        ]))
    );
    // A variable that wrote nothing is undefined.
    let found = template.match_uri("/repos/o").unwrap().unwrap();
    assert_eq!(found.len(), 1);
}

#[test]
fn a_variable_read_whole_and_through_a_prefix_comes_back_whole() {
    let template = UriTemplate::parse("{/var:1,var}{?var:3}").unwrap();
    let found = template.match_uri("/v/value?var=val").unwrap().unwrap();
    assert_eq!(found.get("var"), Some("value"));
    assert_eq!(template.match_uri("/x/value?var=val").unwrap(), None);
    let found = UriTemplate::parse("/{v:2}")
        .unwrap()
        .match_uri("/ab")
        .unwrap()
        .unwrap();
    assert_eq!(found.get("v"), Some("ab"));
}

#[test]
fn an_expression_that_writes_nothing_lets_the_text_after_it_end_the_one_before() {
    let template = UriTemplate::parse("/search.{format}{?q,page}$all{#top}").unwrap();
    let found = template.match_uri("/search.json$all").unwrap().unwrap();
    assert_eq!(found.get("format"), Some("json"));
    let found = template
        .match_uri("/search.json?page=2$all#x")
        .unwrap()
        .unwrap();
    assert_eq!(
        (found.get("page"), found.get("top")),
        (Some("2"), Some("x"))
    );
}

#[test]
fn an_mcp_resource_template_matches_its_uris() {
    let template = UriTemplate::parse("file:///{+path}").unwrap();
    let found = template
        .match_uri("file:///home/ada/notes%20v2.md")
        .unwrap()
        .unwrap();
    assert_eq!(found.get("path"), Some("home/ada/notes v2.md"));
    let template = UriTemplate::parse("github://repos/{owner}/{repo}/issues/{number}").unwrap();
    let found = template
        .match_uri("github://repos/rust-lang/rust/issues/1")
        .unwrap()
        .unwrap();
    assert_eq!(
        found.iter().map(|(name, _)| name).collect::<Vec<_>>(),
        ["owner", "repo", "number"]
    );
}

/// `{+var}` and `{#var}` keep escapes of unreserved and reserved
/// characters as written, so such an escape in the URI is the value's own
/// text; what the expansion encodes (non-ASCII text, a space) is decoded.
#[test]
fn reserved_expansions_give_back_escapes_as_written() {
    use uri::uri_template::UriTemplate;
    for (template, uri, value) in [
        ("{+a}", "%41", "%41"),
        ("{+a}", "caf%C3%A9/x%2Fy", "café/x%2Fy"),
        ("/p{#a}", "/p#%25%20", "% "),
        ("/p{#a}", "/p#%2541", "%2541"),
    ] {
        let t = UriTemplate::parse(template).unwrap();
        let found = t.match_uri(uri).unwrap().unwrap();
        assert_eq!(found.get("a"), Some(value), "{template} {uri}");
        // And the value writes the URI again.
        assert_eq!(t.expand(&[("a", value)]).unwrap(), uri, "{template}");
    }
    // Escaped bytes that are not UTF-8 are the value's own escapes, which
    // a reserved expansion keeps as written.
    let t = UriTemplate::parse("{#u}").unwrap();
    let text = t.expand(&[("u", "\u{1f}%%aaȾ")]).unwrap();
    assert_eq!(text, "#%1F%25%aa%C8%BE");
    let found = t.match_uri(&text).unwrap().unwrap();
    assert_eq!(found.get("u"), Some("\u{1f}%%aaȾ"));
    assert_eq!(t.expand(&found).unwrap(), text);
}

#[test]
fn an_exploded_map_in_a_path_matches_its_own_expansion() {
    use std::collections::BTreeMap;
    use uri::uri_template::UriTemplate;
    use uri::uri_template::{Assoc, Captured};

    let template = UriTemplate::parse("/x{/m*}").unwrap();
    let vars = BTreeMap::from([("m", Assoc(vec![("a", "1"), ("b", "2")]))]);
    let uri = template.expand(&vars).unwrap();
    assert_eq!(uri, "/x/a=1/b=2");
    let found = template.match_uri(&uri).unwrap().unwrap();
    assert_eq!(
        found.value("m"),
        Some(&Captured::AssocArray(vec![
            ("a".into(), "1".into()),
            ("b".into(), "2".into())
        ]))
    );
    assert_eq!(template.expand(&found).unwrap(), uri);
    // A list's items cannot hold a raw `=`: mixed members are no expansion.
    assert_eq!(template.match_uri("/x/a=1/b").unwrap(), None);
    // And an `=` after such an expression cannot end it.
    assert!(
        UriTemplate::parse("{/m*}=x")
            .unwrap()
            .match_uri("/a=x")
            .is_err()
    );
}

#[test]
fn positional_variables_named_elsewhere_are_ambiguous() {
    use uri::uri_template::UriTemplate;

    // `/2;x` is `a` = 2 with `e` undefined, not `e` = 2 (which writes `.2/2;x`).
    let err = UriTemplate::parse("{.e}{/e,a};x")
        .unwrap()
        .match_uri("/2;x")
        .unwrap_err();
    assert_eq!(err.index(), 4);
    // A name in one positional expression only is still matched.
    let t = UriTemplate::parse("{/a,b}{?c}").unwrap();
    assert_eq!(
        t.match_uri("/1/2?c=3").unwrap().unwrap().get("b"),
        Some("2")
    );
}

/// Found by the `uri_template` fuzz target: `u` read as a one-item list
/// from `{?u*}` and as a string from `{;u}`; the list wrote `;u=`.
#[test]
fn a_variable_read_as_a_string_and_a_list_comes_back_a_string() {
    use uri::uri_template::UriTemplate;

    let template = UriTemplate::parse("zz+z{?u*}{;u}").unwrap();
    let found = template.match_uri("zz+z?u=;u").unwrap().unwrap();
    assert_eq!(found.get("u"), Some(""));
    assert_eq!(template.expand(&found).unwrap(), "zz+z?u=;u");
}

/// Found by the `uri_template` fuzz target: `{u*}` decodes `%25` to `%`,
/// and `{#u}` must read the same value where no escape follows.
#[test]
fn a_lone_percent_reads_the_same_in_simple_and_reserved_expressions() {
    use uri::uri_template::UriTemplate;

    let template = UriTemplate::parse("{u*}{#u}").unwrap();
    let text = template.expand(&[("u", "\u{1f}%%")]).unwrap();
    assert_eq!(text, "%1F%25%25#%1F%25%25");
    let found = template.match_uri(&text).unwrap().unwrap();
    assert_eq!(found.get("u"), Some("\u{1f}%%"));
}
