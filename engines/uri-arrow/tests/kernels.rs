//! The column kernels over every string layout: each row's answer is what
//! `uri-runtime` gives for that row alone, hostile rows (NULL, empty,
//! a megabyte long, not a URI) stay in their place, and a `Utf8View`
//! column's components are views into its own buffers.

// Test helpers report failures by panicking.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::sync::Arc;

use arrow_array::cast::AsArray;
use arrow_array::{
    Array, ArrayRef, Int32Array, LargeStringArray, ListArray, StringArray, StringViewArray,
};
use uri_arrow::{
    Part, Rules, cut_fragment, cut_query, decode, effective_port, encode, host_class, host_kind,
    host_without_www, is_valid, normalize, parse_lenient, part, part_or_error, policy_violations,
    port, public_suffix, query_param, registrable_domain, remove_query_param, resolve,
};
use uri_runtime::UriRef;
use uri_runtime::policy::Policy;

/// Hostile and ordinary rows together.
fn rows() -> Vec<Option<String>> {
    let long = format!("https://long.example.com/{}?q=1", "a".repeat(1 << 20));
    vec![
        Some("https://user:pw@Example.COM:8443/a/../b%7e?q=caf%C3%A9&q=2#top".into()),
        None,
        Some(String::new()),
        Some("not a uri".into()),
        Some("//cdn.example.net/x.js".into()),
        Some("mailto:ada@example.org".into()),
        Some("http://127.0.0.1/admin".into()),
        Some("http://h?".into()),
        Some(long),
        Some("https://alice.github.io/p".into()),
        Some("http://[::1]:80/".into()),
        Some("https://exa mple.com/".into()),
    ]
}

/// The rows in each of the three layouts.
fn layouts() -> Vec<ArrayRef> {
    let rows = rows();
    let refs: Vec<Option<&str>> = rows.iter().map(Option::as_deref).collect();
    vec![
        Arc::new(StringArray::from(refs.clone())),
        Arc::new(LargeStringArray::from(refs.clone())),
        Arc::new(StringViewArray::from(refs)),
    ]
}

/// The strings of a column of any layout.
fn texts(array: &ArrayRef) -> Vec<Option<String>> {
    (0..array.len())
        .map(|i| {
            array.is_valid(i).then(|| match array.data_type() {
                arrow_schema::DataType::Utf8 => array.as_string::<i32>().value(i).to_owned(),
                arrow_schema::DataType::LargeUtf8 => array.as_string::<i64>().value(i).to_owned(),
                _ => array.as_string_view().value(i).to_owned(),
            })
        })
        .collect()
}

#[test]
fn every_part_of_every_row_is_the_parsers() {
    for array in layouts() {
        for which in [
            Part::Scheme,
            Part::Userinfo,
            Part::Host,
            Part::Port,
            Part::Path,
            Part::Query,
            Part::Fragment,
            Part::Authority,
        ] {
            let found = part(&array, which).unwrap();
            assert_eq!(found.data_type(), array.data_type());
            assert_eq!(found.len(), array.len());
            let expected: Vec<Option<String>> = rows()
                .iter()
                .map(|row| {
                    let r = UriRef::parse(row.as_deref()?).ok()?;
                    let text = match which {
                        Part::Scheme => r.scheme(),
                        Part::Userinfo => r.userinfo(),
                        Part::Host => r.host(),
                        Part::Port => r.port(),
                        Part::Path => Some(r.path()),
                        Part::Query => r.query(),
                        Part::Fragment => r.fragment(),
                        Part::Authority => r.authority(),
                    };
                    text.map(str::to_owned)
                })
                .collect();
            assert_eq!(
                texts(&found),
                expected,
                "{which:?} of {}",
                array.data_type()
            );
        }
    }
}

#[test]
fn parts_of_a_view_column_are_views_into_its_buffers() {
    let rows = rows();
    let views = StringViewArray::from(rows.iter().map(Option::as_deref).collect::<Vec<_>>());
    let paths = part(&views, Part::Path).unwrap();
    let paths = paths.as_string_view();
    // The same buffers, not copies of them.
    assert_eq!(paths.data_buffers().len(), views.data_buffers().len());
    for (ours, theirs) in paths.data_buffers().iter().zip(views.data_buffers()) {
        assert_eq!(ours.as_ptr(), theirs.as_ptr());
    }
    assert_eq!(paths.value(8).len(), (1 << 20) + 1);
    assert_eq!(paths.value(0), "/a/../b%7e");
}

#[test]
fn numbers_and_booleans() {
    for array in layouts() {
        let ports = port(&array).unwrap();
        let expected: Int32Array = vec![
            Some(8443),
            None,
            None,
            None,
            None,
            None,
            None,
            None,
            None,
            None,
            Some(80),
            None,
        ]
        .into();
        assert_eq!(ports, expected);
        let effective = effective_port(&array).unwrap();
        assert_eq!(effective.value(6), 80);
        assert_eq!(effective.value(8), 443);
        assert!(effective.is_null(5)); // mailto has no port
        let valid = is_valid(&array).unwrap();
        let valid = valid.as_boolean();
        assert!(valid.value(0) && !valid.value(3) && !valid.value(4) && valid.value(5));
        assert!(valid.is_null(1) && !valid.value(2) && !valid.value(11));
        let kinds = host_kind(&array).unwrap();
        assert_eq!(texts(&kinds)[6].as_deref(), Some("ipv4"));
        assert_eq!(texts(&kinds)[10].as_deref(), Some("ipv6"));
    }
}

#[test]
fn rewritten_rows() {
    for array in layouts() {
        let normal = texts(&normalize(&array).unwrap());
        assert_eq!(
            normal[0].as_deref(),
            Some("https://user:pw@example.com:8443/b~?q=caf%C3%A9&q=2#top")
        );
        assert_eq!(normal[3], None);
        assert_eq!(normal[4], None, "a relative reference is no URI");
        let base = StringArray::from(vec!["https://example.com/docs/guide/"]);
        let resolved = texts(&resolve(&array, &base).unwrap());
        assert_eq!(resolved[4].as_deref(), Some("https://cdn.example.net/x.js"));
        assert_eq!(
            resolved[2].as_deref(),
            Some("https://example.com/docs/guide/")
        );
        let lenient = texts(&parse_lenient(&array).unwrap());
        assert_eq!(lenient[11].as_deref(), None);
        let encoded = texts(&encode(&array, &uri_runtime::pct::PATH_SEGMENT).unwrap());
        assert_eq!(encoded[3].as_deref(), Some("not%20a%20uri"));
        let decoded = texts(&decode(&array).unwrap());
        assert_eq!(decoded[3].as_deref(), Some("not a uri"));
        let params = texts(&query_param(&array, "q").unwrap());
        assert_eq!(params[0].as_deref(), Some("café"));
        assert_eq!(params[8].as_deref(), Some("1"));
        assert_eq!(params[7], None);
    }
    // One base a row, and a base column of the wrong length refused.
    let refs = StringArray::from(vec!["../x", "y"]);
    let bases = StringArray::from(vec!["http://a/b/c", "not a base"]);
    assert_eq!(
        texts(&(Arc::new(resolve(&refs, &bases).unwrap().as_string::<i32>().clone()) as ArrayRef)),
        [Some("http://a/x".to_owned()), None]
    );
    assert!(resolve(&refs, &StringArray::from(vec!["a", "b", "c"])).is_err());
}

#[test]
fn sites_classes_and_policies() {
    for array in layouts() {
        let sites = texts(&registrable_domain(&array, Rules::IcannAndPrivate).unwrap());
        assert_eq!(sites[0].as_deref(), Some("example.com"));
        assert_eq!(sites[6], None, "an address has no site");
        assert_eq!(sites[9].as_deref(), Some("alice.github.io"));
        let icann = texts(&registrable_domain(&array, Rules::Icann).unwrap());
        assert_eq!(icann[9].as_deref(), Some("github.io"));
        let suffixes = texts(&public_suffix(&array, Rules::IcannAndPrivate).unwrap());
        assert_eq!(suffixes[4].as_deref(), Some("net"));
        let classes = texts(&host_class(&array).unwrap());
        assert_eq!(classes[6].as_deref(), Some("loopback"));
        // RFC 2606 reserves it, but it is registered and resolves.
        assert_eq!(classes[0].as_deref(), Some("public"));
        let broken = policy_violations(&array, &Policy::public_web().deny_fragment()).unwrap();
        let broken: &ListArray = broken.as_list();
        let names = |i: usize| texts(&broken.value(i));
        assert_eq!(
            names(0),
            [Some("userinfo".to_owned()), Some("fragment".to_owned())]
        );
        assert!(broken.is_null(3) && broken.is_null(1));
        assert_eq!(names(9), Vec::<Option<String>>::new());
    }
}

#[test]
fn the_strict_form_names_the_row_and_the_byte() {
    for array in layouts() {
        let err = part_or_error(&array, Part::Host).unwrap_err();
        assert_eq!(
            err.to_string(),
            "row 3: character \" \" not allowed in path at byte 3: write \"%20\" for a space"
        );
    }
    let fine = StringArray::from(vec![Some("http://a/"), None, Some("/x")]);
    let hosts = part_or_error(&fine, Part::Host).unwrap();
    assert_eq!(texts(&hosts), [Some("a".to_owned()), None, None]);
    // Not a string column: an error, not a panic.
    let numbers: ArrayRef = Arc::new(Int32Array::from(vec![1]));
    assert!(part(&numbers, Part::Host).is_err());
}

/// ClickHouse's cutting functions: each row loses its query, its
/// fragment, one parameter or a leading `www.`, and keeps every other
/// byte; a row that is no URI reference is NULL.
#[test]
fn cuts_keep_every_byte_they_do_not_cut() {
    let rows = vec![
        Some("https://www.Example.com/p?utm_source=x&a=1&&b=2#top"),
        Some("https://h/q"),
        Some("not a uri"),
        None,
        Some("http://[::1]/?utm_source=y"),
        Some("//WWW.cdn.example.net/x?utm_source"),
        Some("http://www./"),
    ];
    let own = |v: &[Option<&str>]| v.iter().map(|s| s.map(str::to_owned)).collect::<Vec<_>>();
    let arrays: Vec<ArrayRef> = vec![
        Arc::new(StringArray::from(rows.clone())),
        Arc::new(LargeStringArray::from(rows.clone())),
        Arc::new(StringViewArray::from(rows)),
    ];
    for array in arrays {
        assert_eq!(
            texts(&cut_query(&array).unwrap()),
            own(&[
                Some("https://www.Example.com/p#top"),
                Some("https://h/q"),
                None,
                None,
                Some("http://[::1]/"),
                Some("//WWW.cdn.example.net/x"),
                Some("http://www./"),
            ])
        );
        let cut = texts(&cut_fragment(&array).unwrap());
        assert_eq!(
            cut[0].as_deref(),
            Some("https://www.Example.com/p?utm_source=x&a=1&&b=2")
        );
        assert_eq!(cut[1].as_deref(), Some("https://h/q"));
        assert!(cut[2].is_none() && cut[3].is_none());
        let cut = texts(&remove_query_param(&array, "utm_source").unwrap());
        assert_eq!(
            cut[0].as_deref(),
            Some("https://www.Example.com/p?a=1&&b=2#top")
        );
        assert_eq!(cut[4].as_deref(), Some("http://[::1]/"));
        assert_eq!(cut[5].as_deref(), Some("//WWW.cdn.example.net/x"));
        let hosts = texts(&host_without_www(&array).unwrap());
        assert_eq!(
            hosts,
            own(&[
                Some("Example.com"),
                Some("h"),
                None,
                None,
                Some("[::1]"),
                Some("cdn.example.net"),
                Some("www."),
            ])
        );
    }
}
