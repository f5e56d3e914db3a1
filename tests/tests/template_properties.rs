//! Properties of `uri!` templates over random values, per hole kind: the
//! result parses with the components the expansion recorded, the value is
//! confined to its hole, and decoding the hole gives the value back.

use proptest::prelude::*;
use uri::{UriBuf, UriRefBuf, pct, uri, uri_ref};

/// Strings dense in the characters that carry structure, plus anything.
fn value() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::collection::vec(
            prop::sample::select(vec![
                "/", "?", "#", "&", "=", "+", "%", "%2F", ".", "..", ":", "@", " ", "\r\n", "\0",
                "[", "]", "é", "例", "a", "Z", "~", ";", ",",
            ]),
            0..8
        )
        .prop_map(|pieces| pieces.concat()),
        any::<String>(),
    ]
}

fn reparses(text: &str, recorded: uri_core::Components) -> Result<(), TestCaseError> {
    let parsed = uri_core::parse_uri_reference(text);
    prop_assert_eq!(parsed, Ok(recorded), "{}", text);
    Ok(())
}

fn decoded(text: &str) -> String {
    pct::decode_utf8(text)
        .expect("a template writes valid escapes")
        .into_owned()
}

/// The template's result where no segment the value wrote is `.` or `..`;
/// where one is, that it was refused, naming the hole `{v}` (and `None`).
fn written<T>(
    result: Result<T, uri::holes::HoleError>,
    segments: &[&str],
) -> Result<Option<T>, TestCaseError> {
    let dot = segments.iter().any(|s| matches!(*s, "." | ".."));
    match result {
        Ok(value) => {
            prop_assert!(!dot, "a dot segment was written: {:?}", segments);
            Ok(Some(value))
        }
        Err(err) => {
            prop_assert!(dot, "refused without a dot segment: {:?}", segments);
            prop_assert!(matches!(err.kind().segment(), "." | ".."));
            prop_assert_eq!(err.hole(), "v");
            let hole = err.template().get(err.index()..err.index() + err.len());
            prop_assert!(matches!(hole, Some("{v}" | "{*v}")), "{:?}", hole);
            Ok(None)
        }
    }
}

fn params(u: &UriBuf) -> Vec<(String, String)> {
    u.query_params()
        .map(|p| {
            let (k, v) = p.expect("a template writes valid escapes");
            (k.into_owned(), v.into_owned())
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn a_segment_value_is_one_segment(v in value()) {
        let Some(u) = written(uri!("https://h/a/{v}/z"), &[&v])? else { return Ok(()) };
        reparses(u.as_str(), u.components())?;
        let segments: Vec<&str> = u.path_segments().collect();
        prop_assert_eq!(segments.len(), 3);
        prop_assert_eq!(decoded(segments[1]), v);
        prop_assert!(!matches!(segments[1], "." | ".."));
        prop_assert_eq!((u.query(), u.fragment()), (None, None));
    }

    #[test]
    fn a_first_segment_never_becomes_a_scheme_or_authority(v in value()) {
        let Some(r): Option<UriRefBuf> = written(uri_ref!("{v}/z"), &[&v])? else {
            return Ok(());
        };
        reparses(r.as_str(), r.components())?;
        prop_assert_eq!(r.scheme(), None);
        prop_assert_eq!(r.authority(), None);
        prop_assert!(!r.path().starts_with('/'), "{}", r);
        prop_assert!(r.path().ends_with("/z"));
        if !v.is_empty() {
            prop_assert_eq!(decoded(r.path_segments().next().unwrap_or("")), v);
        }
    }

    #[test]
    fn a_path_value_keeps_its_slashes_only(v in value()) {
        let segments: Vec<&str> = v.split('/').collect();
        let Some(u) = written(uri!("https://h/{*v}"), &segments)? else { return Ok(()) };
        reparses(u.as_str(), u.components())?;
        prop_assert_eq!(decoded(u.path()), format!("/{v}"));
        prop_assert!(u.path_segments().all(|s| !matches!(s, "." | "..")));
        prop_assert_eq!((u.query(), u.fragment()), (None, None));
    }

    #[test]
    fn a_path_value_never_makes_an_authority(v in value()) {
        let segments: Vec<&str> = v.split('/').collect();
        let Some(u) = written(uri!("s:{*v}"), &segments)? else { return Ok(()) };
        reparses(u.as_str(), u.components())?;
        prop_assert_eq!(u.authority(), None);
        prop_assert_eq!((u.query(), u.fragment()), (None, None));
    }

    /// Numbers cannot spell a dot segment, so these templates give the
    /// URI itself (the `let` states the type), and it is always right.
    #[test]
    fn number_path_holes_need_no_result(
        n in any::<i64>(),
        x in any::<f64>(),
        list in prop::collection::vec(any::<u16>(), 0..4),
        maybe in any::<Option<u8>>(),
    ) {
        let u: UriBuf = uri!("https://h/{n}/{x}/a{list}/{maybe}/{*list}");
        reparses(u.as_str(), u.components())?;
        let segments: Vec<String> = u.path_segments().map(decoded).collect();
        prop_assert!(segments.iter().all(|s| s != "." && s != ".."), "{}", u);
        prop_assert_eq!(&segments[0], &n.to_string());
        prop_assert_eq!(&segments[1], &x.to_string());
        let r: UriRefBuf = uri_ref!("{list}/{n}");
        reparses(r.as_str(), r.components())?;
        prop_assert_eq!(r.scheme(), None);
    }

    #[test]
    fn a_query_value_is_one_parameter(v in value()) {
        let u = uri!("https://h/?a={v}&b=2");
        reparses(u.as_str(), u.components())?;
        prop_assert_eq!(params(&u), vec![("a".into(), v), ("b".into(), "2".into())]);
        prop_assert_eq!(u.fragment(), None);
    }

    #[test]
    fn a_query_key_is_one_key(v in value()) {
        let u = uri!("https://h/?{v}=1&{v}");
        reparses(u.as_str(), u.components())?;
        // An empty parameter (`?=1&`) is there, and query_params skips it.
        prop_assert_eq!(u.query().map(|q| q.matches('&').count()), Some(1));
        let mut expected = vec![(v.clone(), "1".to_owned())];
        if !v.is_empty() {
            expected.push((v, String::new()));
        }
        prop_assert_eq!(params(&u), expected);
    }

    #[test]
    fn lists_and_options_repeat_or_drop_parameters(
        vs in prop::collection::vec(value(), 0..4),
        o in prop::option::of(value()),
    ) {
        let u = uri!("https://h/?t={vs}&o={o}");
        reparses(u.as_str(), u.components())?;
        let mut expected: Vec<(String, String)> =
            vs.iter().map(|v| ("t".to_owned(), v.clone())).collect();
        expected.extend(o.iter().map(|v| ("o".to_owned(), v.clone())));
        prop_assert_eq!(u.query().is_some(), !expected.is_empty());
        prop_assert_eq!(params(&u), expected);
    }

    #[test]
    fn a_fragment_value_stays_the_fragment(v in value()) {
        let u = uri!("https://h/p#{v}");
        reparses(u.as_str(), u.components())?;
        prop_assert_eq!(decoded(u.fragment().unwrap_or("?")), v);
        prop_assert_eq!((u.path(), u.query()), ("/p", None));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Items joined with `,` (in the fragment, and in a query hole that is
    /// not a whole parameter) split and decode back to the same list,
    /// whatever commas they hold.
    #[test]
    fn comma_joined_items_decode_back_to_the_same_list(
        items in prop::collection::vec(value(), 1..5)
    ) {
        let u = uri!("http://h/?range=x{items}#{items}");
        reparses(u.as_str(), u.components())?;
        let fragment: Vec<String> = u.fragment().unwrap_or_default().split(',').map(decoded).collect();
        prop_assert_eq!(&fragment, &items);
        let value = u.query().unwrap_or_default().strip_prefix("range=x").unwrap_or_default();
        let query: Vec<String> = value.split(',').map(decoded).collect();
        prop_assert_eq!(&query, &items);
    }
}

#[test]
fn a_comma_inside_an_item_is_not_a_separator() {
    let (two, three) = (["a,b", "c"], ["a", "b", "c"]);
    assert_eq!(uri!("http://h/#{two}"), "http://h/#a%2Cb,c");
    assert_eq!(uri!("http://h/#{three}"), "http://h/#a,b,c");
    // A whole parameter repeats instead, so its commas need no escape.
    assert_eq!(uri!("http://h/?t={two}"), "http://h/?t=a,b&t=c");
}
