//! `uri!` templates: each value lands encoded in the component its hole
//! sits in, hostile values cannot change the URI's structure, and the
//! boundaries the expansion records are the ones a parser finds.

use std::cell::Cell;
use std::fmt;

use uri::holes::{Hole, HoleKind, TemplateValue, each};
use uri::{UriBuf, UriRef, UriRefBuf, pct, uri, uri_ref};

/// The recorded components must be exactly what parsing the text finds.
fn assert_reparses(text: &str, recorded: uri_core::Components) {
    let parsed = uri_core::parse_uri_reference(text).expect("template output must parse");
    assert_eq!(parsed, recorded, "{text}");
}

fn check(u: &UriBuf) {
    assert_reparses(u.as_str(), u.components());
}

fn check_ref(u: &UriRefBuf) {
    assert_reparses(u.as_str(), u.components());
}

#[test]
fn the_issue_example_fills_every_component() {
    let (user_id, t, s) = (42, "rust & uri", "part 2");
    let u = uri!(
        "https://api.example.com/users/{id}/posts?tag={tag}&page={n}#{section}",
        id = user_id,
        tag = t,
        n = 3,
        section = s
    );
    assert_eq!(
        u,
        "https://api.example.com/users/42/posts?tag=rust%20%26%20uri&page=3#part%202"
    );
    assert_eq!(u.host(), Some("api.example.com"));
    assert_eq!(u.path(), "/users/42/posts");
    assert_eq!(u.query(), Some("tag=rust%20%26%20uri&page=3"));
    assert_eq!(u.fragment(), Some("part%202"));
    check(&u);
}

#[test]
fn names_are_captured_from_scope_and_braces_escape() {
    let id = "a b";
    let u = uri!("https://x.org/{{v}}/{id}?set={{{id}}}").unwrap();
    assert_eq!(u, "https://x.org/%7Bv%7D/a%20b?set=%7Ba%20b%7D");
    check(&u);
}

#[test]
fn unsized_and_boxed_text_fills_holes_as_one_item() {
    let text = String::from("/a b");
    let boxed: Box<str> = "c/d".into();
    let u = uri!(
        "https://x.org/{tail}/{whole}?q={b}",
        tail = text[1..],
        whole = *boxed,
        b = boxed
    )
    .unwrap();
    assert_eq!(u, "https://x.org/a%20b/c%2Fd?q=c/d");
    check(&u);
}

#[test]
fn hole_names_follow_rusts_identifier_rules() {
    // A raw argument names the plain hole, as in `format!`.
    let u = uri!("http://a/{x}/{y}", r#x = 1, y = 2);
    assert_eq!(u, "http://a/1/2");
    // Any identifier Rust accepts, combining marks included.
    let x́ = "acute";
    let 名前 = "name";
    assert_eq!(uri!("http://a/{x́}/{名前}").unwrap(), "http://a/acute/name");
}

#[test]
fn many_values_some_used_twice_are_each_evaluated_once() {
    // Thirty-three values, one of them in two holes: bound up front, in
    // nested groups, each evaluated once.
    let u = uri!(
        "http://h/{a0}/{a1}/{a2}/{a3}/{a4}/{a5}/{a6}/{a7}/{a8}/{a9}/{a10}/{a11}/{a12}/{a13}/{a14}/{a15}/{a16}/{a17}/{a18}/{a19}/{a20}/{a21}/{a22}/{a23}/{a24}/{a25}/{a26}/{a27}/{a28}/{a29}/{a30}/{a31}/{a32}/{a0}",
        a0 = 0,
        a1 = 1,
        a2 = 2,
        a3 = 3,
        a4 = 4,
        a5 = 5,
        a6 = 6,
        a7 = 7,
        a8 = 8,
        a9 = 9,
        a10 = 10,
        a11 = 11,
        a12 = 12,
        a13 = 13,
        a14 = 14,
        a15 = 15,
        a16 = 16,
        a17 = 17,
        a18 = 18,
        a19 = 19,
        a20 = 20,
        a21 = 21,
        a22 = 22,
        a23 = 23,
        a24 = 24,
        a25 = 25,
        a26 = 26,
        a27 = 27,
        a28 = 28,
        a29 = 29,
        a30 = 30,
        a31 = 31,
        a32 = 32
    );
    assert_eq!(
        u,
        "http://h/0/1/2/3/4/5/6/7/8/9/10/11/12/13/14/15/16/17/18/19/20/21/22/23/24/25/26/27/28/29/30/31/32/0"
    );
    check(&u);
}

#[test]
fn arguments_are_evaluated_once_and_borrowed() {
    let calls = Cell::new(0);
    let name = String::from("n");
    let next = || {
        calls.set(calls.get() + 1);
        calls.get()
    };
    let u = uri!("https://x.org/{v}/{v}?name={name}", v = next());
    assert_eq!(u, "https://x.org/1/1?name=n");
    assert_eq!(calls.get(), 1);
    // `name` was only borrowed.
    assert_eq!(name, "n");
}

/// Values chosen to break structure: delimiters of every component,
/// escapes, dot segments, controls, non-ASCII.
const HOSTILE: &[&str] = &[
    "a/b?c#d&e=f",
    "../..",
    "..",
    ".",
    "%2F",
    "%",
    "line\r\nbreak",
    "nul\0",
    "é例 😀",
    "+ +",
    "[::1]",
    "@:;,=!$'()*",
    "",
];

#[test]
fn hostile_segments_stay_one_segment() {
    for &value in HOSTILE {
        let u = match uri!("https://x.org/a/{value}/z") {
            Ok(u) => u,
            // A step is refused rather than written (see the dot test).
            Err(err) => {
                assert!(matches!(value, "." | ".."), "{value:?}: {err}");
                continue;
            }
        };
        check(&u);
        let segments: Vec<&str> = u.path_segments().collect();
        assert_eq!(segments.len(), 3, "{value:?} -> {u}");
        assert_eq!(segments[0], "a");
        assert_eq!(segments[2], "z");
        assert_eq!(pct::decode_utf8(segments[1]).unwrap(), value, "{u}");
        assert!(!matches!(segments[1], "." | ".."), "{u}");
        assert_eq!(u.query(), None);
        assert_eq!(u.fragment(), None);
    }
}

#[test]
fn hostile_query_values_stay_one_parameter() {
    for &value in HOSTILE {
        let u = uri!("https://x.org/?a={value}&b=2");
        check(&u);
        let params: Vec<(String, String)> = u
            .query_params()
            .map(|p| {
                let (k, v) = p.unwrap();
                (k.into_owned(), v.into_owned())
            })
            .collect();
        assert_eq!(
            params,
            [("a".into(), value.to_owned()), ("b".into(), "2".into())],
            "{u}"
        );
        // Form decoders agree: a `+` in a value is never a space.
        let form: Vec<_> = u.form_params().map(|p| p.unwrap().1.into_owned()).collect();
        assert_eq!(form[0], value, "{u}");
        assert_eq!(u.fragment(), None);
    }
}

#[test]
fn hostile_query_keys_and_fragments_stay_in_place() {
    for &value in HOSTILE {
        let u = uri!("https://x.org/p?{value}=1#{value}");
        check(&u);
        let (key, one) = u.query_params().next().unwrap().unwrap();
        assert_eq!((key.as_ref(), one.as_ref()), (value, "1"), "{u}");
        assert_eq!(u.query_params().count(), 1, "{u}");
        assert_eq!(pct::decode_utf8(u.fragment().unwrap()).unwrap(), value);
        assert_eq!(u.path(), "/p");
    }
}

#[test]
fn a_percent_sign_is_data_never_an_escape() {
    let v = "%2F";
    assert_eq!(uri!("https://x.org/{v}").unwrap(), "https://x.org/%252F");
    assert_eq!(uri!("https://x.org/?q={v}"), "https://x.org/?q=%252F");
}

#[test]
fn dot_segments_from_values_are_refused_where_they_start() {
    let (up, here) = ("..", ".");
    let err = uri!("https://x.org/a/{up}/{here}/b").unwrap_err();
    assert_eq!(
        (err.kind().segment(), err.hole(), err.index()),
        ("..", "up", 16)
    );
    let err = uri!("https://x.org/a/{here}/b").unwrap_err();
    assert_eq!(
        (err.kind().segment(), err.hole(), err.index()),
        (".", "here", 16)
    );
    // Two holes that together make `..`, and a relative template.
    let (dot, name) = (".", "x");
    assert!(uri!("https://x.org/{dot}{dot}/b").is_err());
    assert!(uri_ref!("{up}/b").is_err());
    assert!(uri_ref!("a/{here}").is_err());
    // Part of a segment, dots are just text.
    assert_eq!(uri!("https://x.org/{up}x").unwrap(), "https://x.org/..x");
    assert_eq!(
        uri!("https://x.org/{dot}{name}").unwrap(),
        "https://x.org/.x"
    );
    let u = uri!("https://x.org/a/{name}/b").unwrap();
    let resolved = UriRef::parse("c").unwrap().resolve_against(&u.as_uri());
    assert_eq!(resolved, "https://x.org/a/x/c");
    // Fixed dot segments are the template's own structure, kept as written.
    assert_eq!(
        uri!("https://x.org/a/../{name}").unwrap(),
        "https://x.org/a/../x"
    );
}

/// The result type follows from the template and its values' types: a
/// path hole taking text gives a `Result`, numbers and lists of numbers do
/// not. Each `let` below states the type the macro must produce.
#[test]
fn the_result_type_follows_the_path_holes_values() {
    let (id, page, ids, maybe) = (7_u64, -2_i32, vec![1_u16, 2], None::<u8>);
    let u: UriBuf = uri!("https://x.org/users/{id}/{page}/{ids}/{maybe}/{*ids}?q={id}");
    assert_eq!(u, "https://x.org/users/7/-2/1/2//1/2?q=7");
    check(&u);
    let (ratio, flag) = (0.5_f64, true);
    let u: UriBuf = uri!("https://x.org/{ratio}/{flag}/v{id}");
    assert_eq!(u, "https://x.org/0.5/true/v7");
    let r: UriRefBuf = uri_ref!("{ids}/{id}");
    assert_eq!(r, "1/2/7");
    // Through references and iterators of numbers.
    let numbers = each((1..=2).map(|n: u32| n * 10));
    let u: UriBuf = uri!("https://x.org/{numbers}/{id}", id = &&id);
    assert_eq!(u, "https://x.org/10/20/7");
    // Text, even where it happens to be a number, may fail.
    let text = "7";
    let u: Result<UriBuf, uri::holes::HoleError> = uri!("https://x.org/{text}/{id}");
    assert_eq!(u.unwrap(), "https://x.org/7/7");
}

/// A value whose type is a parameter may be anything, so the template is
/// checked.
#[test]
fn a_generic_value_gives_a_result() {
    fn at<T: fmt::Display>(id: T) -> Result<UriBuf, uri::holes::HoleError> {
        uri!("https://x.org/{id}")
    }
    assert_eq!(at(5).unwrap(), "https://x.org/5");
    assert_eq!(at("..").unwrap_err().hole(), "id");
}

/// Where the segment's fixed text is dots, a value that writes nothing
/// leaves a dot segment, so even a list of numbers is checked there.
#[test]
fn a_segment_of_dots_and_a_hole_is_checked_whatever_the_type() {
    let none: Vec<u8> = Vec::new();
    let err = uri!("https://x.org/a/.{none}/b").unwrap_err();
    assert_eq!(
        (err.hole(), err.index(), err.kind().segment()),
        ("none", 17, ".")
    );
    let err = uri!("https://x.org/a/{none}../b").unwrap_err();
    assert_eq!((err.hole(), err.kind().segment()), ("none", ".."));
    let one = [1_u8];
    assert_eq!(uri!("https://x.org/.{one}").unwrap(), "https://x.org/.1");
}

/// The error speaks of the template the caller wrote: the hole's name,
/// where its `{` is, and a drawing of the template, never the output.
#[test]
fn a_dot_segment_error_names_its_hole_in_the_template() {
    let (user, file) = ("ada", "..");
    let err = uri!("https://files.example.com/{user}/docs/{file}?v=1").unwrap_err();
    assert_eq!((err.hole(), err.index(), err.len()), ("file", 38, 6));
    assert_eq!(
        err.template(),
        "https://files.example.com/{user}/docs/{file}?v=1"
    );
    assert_eq!(
        err.render().to_string(),
        "https://files.example.com/{user}/docs/{file}?v=1\n                                      ^^^^^^"
    );
    assert!(
        err.to_string().starts_with(
            "the value of {file} made the path segment \"..\" at byte 38 of the template: "
        ),
        "{err}"
    );
    // Of two holes that make one `..` together, the first is named; a
    // `{*path}` hole is named without its star, for each segment it makes.
    let dot = ".";
    assert_eq!(
        uri!("https://x.org/{user}/{dot}{dot}").unwrap_err().index(),
        21
    );
    let p = "a/b/../c";
    let err = uri!("https://x.org/x/{*p}").unwrap_err();
    assert_eq!((err.hole(), err.index(), err.len()), ("p", 16, 4));
    // An escaped template names positions in the literal's value.
    let err = uri!("https://x.org/{{x}}/{file}").unwrap_err();
    assert_eq!((err.hole(), err.index()), ("file", 20));
}

#[test]
fn empty_values_keep_the_path_shape() {
    let empty = "";
    // `/{v}/b` without an authority must not become `//b`.
    let u = uri_ref!("/{empty}/b").unwrap();
    assert_eq!(u, "/.//b");
    assert_eq!(u.authority(), None);
    check_ref(&u);
    let u = uri!("file:/{empty}/etc").unwrap();
    assert_eq!(u, "file:/.//etc");
    check(&u);
    // `{v}/b` must stay relative.
    let u = uri_ref!("{empty}/b").unwrap();
    assert_eq!(u, ".//b");
    check_ref(&u);
    // With an authority, an empty segment is harmless.
    assert_eq!(uri!("https://x.org/{empty}/b").unwrap(), "https://x.org//b");
}

#[test]
fn a_colon_cannot_turn_a_first_segment_into_a_scheme() {
    let v = "mailto:me";
    let u = uri_ref!("{v}/x").unwrap();
    assert_eq!(u, "mailto%3Ame/x");
    assert_eq!(u.scheme(), None);
    check_ref(&u);
    let p = "javascript:alert(1)/x";
    let u = uri_ref!("{*p}").unwrap();
    assert_eq!(u, "javascript%3Aalert(1)/x");
    check_ref(&u);
    // Elsewhere a colon is an ordinary path character.
    assert_eq!(uri_ref!("a/{v}").unwrap(), "a/mailto:me");
}

#[test]
fn whole_path_holes_keep_slashes_and_nothing_else() {
    let p = "docs/a b/c?d#e";
    let u = uri!("https://x.org/{*p}").unwrap();
    assert_eq!(u, "https://x.org/docs/a%20b/c%3Fd%23e");
    assert_eq!(u.query(), None);
    check(&u);
    let p = "a/../../etc/./passwd";
    let err = uri!("https://x.org/files/{*p}").unwrap_err();
    assert_eq!(
        (err.kind().segment(), err.hole(), err.index(), err.len()),
        ("..", "p", 20, 4)
    );
    let p = "//evil.example/x";
    let u = uri!("file:{*p}").unwrap();
    assert_eq!(u, "file:/.//evil.example/x");
    assert_eq!(u.authority(), None);
    check(&u);
    let p = "etc/hosts";
    assert_eq!(uri!("file:///{*p}").unwrap(), "file:///etc/hosts");
}

#[test]
fn options_drop_parameters_and_the_query() {
    let (some, none) = (Some("x y"), None::<&str>);
    assert_eq!(
        uri!("https://x.org/?a={some}&b={none}"),
        "https://x.org/?a=x%20y"
    );
    assert_eq!(
        uri!("https://x.org/?b={none}&a={some}"),
        "https://x.org/?a=x%20y"
    );
    let u = uri!("https://x.org/p?b={none}#top");
    assert_eq!(u, "https://x.org/p#top");
    assert_eq!(u.query(), None);
    check(&u);
    // Fixed parameters stay, and so does an empty query written as such.
    assert_eq!(uri!("https://x.org/?v=1&b={none}"), "https://x.org/?v=1");
    assert_eq!(uri!("https://x.org/?"), "https://x.org/?");
    // Some("") is a parameter with an empty value.
    let empty = Some("");
    assert_eq!(uri!("https://x.org/?b={empty}"), "https://x.org/?b=");
    // A whole-parameter hole drops as well.
    assert_eq!(uri!("https://x.org/?{none}"), "https://x.org/");
    // Inside a larger parameter, None is just empty text.
    assert_eq!(uri!("https://x.org/?b=x{none}y"), "https://x.org/?b=xy");
}

#[test]
fn lists_repeat_parameters_and_segments() {
    let tags = vec!["a&b", "c"];
    let u = uri!("https://x.org/?tag={tags}&n=1");
    assert_eq!(u, "https://x.org/?tag=a%26b&tag=c&n=1");
    check(&u);
    let none: [&str; 0] = [];
    assert_eq!(uri!("https://x.org/?tag={none}&n=1"), "https://x.org/?n=1");
    let parts = ["a/b", "..", "c d"];
    // Each item is a segment, so the `..` among them is refused.
    assert!(uri!("https://x.org/r/{parts}/end").is_err());
    let items = ["a/b", "c d"];
    let u = uri!("https://x.org/r/{items}/end").unwrap();
    assert_eq!(u, "https://x.org/r/a%2Fb/c%20d/end");
    check(&u);
    // Elsewhere items are joined by commas.
    assert_eq!(
        uri!("https://x.org/?ids=({parts})"),
        "https://x.org/?ids=(a/b,..,c%20d)"
    );
    assert_eq!(
        uri!("https://x.org/#{parts}"),
        "https://x.org/#a/b,..,c%20d"
    );
    let ids = each([3, 1, 2].iter().filter(|n| **n > 1));
    assert_eq!(uri!("https://x.org/?id={ids}"), "https://x.org/?id=3&id=2");
}

#[test]
fn whole_query_holes_keep_their_delimiters() {
    let extra = "a=1&b=x y#z";
    let u = uri!("https://x.org/?v=2&{*extra}");
    assert_eq!(u, "https://x.org/?v=2&a=1&b=x%20y%23z");
    assert_eq!(u.fragment(), None);
    check(&u);
    let nothing = None::<&str>;
    assert_eq!(uri!("https://x.org/p?{*nothing}"), "https://x.org/p");
}

/// A date that writes itself differently in a path and in a query.
struct Day(u16, u8, u8);

impl TemplateValue for Day {
    fn write_value(&self, hole: &mut Hole<'_>) {
        let Day(y, m, d) = self;
        match hole.kind() {
            HoleKind::PathSegment => {
                hole.item(y);
                hole.item(&format_args!("{m:02}"));
                hole.item(&format_args!("{d:02}"));
            }
            _ => hole.item(&format_args!("{y}-{m:02}-{d:02}")),
        }
    }
}

#[test]
fn values_can_render_per_hole_kind() {
    let day = Day(2024, 2, 9);
    let u = uri!("https://x.org/archive/{day}?since={day}").unwrap();
    assert_eq!(u, "https://x.org/archive/2024/02/09?since=2024-02-09");
    check(&u);
}

/// A `Display` impl that breaks its contract by failing.
struct Failing;

impl fmt::Display for Failing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("half")?;
        Err(fmt::Error)
    }
}

#[test]
fn a_failing_display_keeps_what_it_wrote_and_does_not_panic() {
    let u = uri!("https://x.org/{v}/z", v = Failing).unwrap();
    assert_eq!(u, "https://x.org/half/z");
    check(&u);
}

#[test]
fn relative_templates_give_owned_references() {
    let (dir, file) = ("my docs", "a#1.txt");
    let r: UriRefBuf = uri_ref!("../{dir}/{file}").unwrap();
    assert_eq!(r, "../my%20docs/a%231.txt");
    check_ref(&r);
    let r = uri_ref!("?page={n}", n = 2);
    assert_eq!(r, "?page=2");
    check_ref(&r);
}

#[test]
fn templates_work_through_a_facade_crate() {
    let id = 5;
    assert_eq!(uri_facade::uri!("https://x.org/{id}"), "https://x.org/5");
}
