//! The toolbox's behaviour on chosen inputs, bad ones as carefully as good
//! ones: builder and setter refusals, zone identifiers, decoded query
//! parameters, relativization edge cases and the equivalence ladder.

use std::net::Ipv6Addr;

use uri::pct::DecodeErrorKind;
use uri::{
    BuildError, Component, Host, ParseErrorKind, ParseOptions, SchemeRules, Uri, UriBuf,
    UriBuilder, UriRef, UriRefBuf, query::QueryParams, resolve::ResolveOptions,
};

#[test]
fn builder_refusals_name_the_component_and_the_offset() {
    let err = UriBuilder::new().host("h").build().unwrap_err();
    assert_eq!(err, BuildError::MissingScheme);

    let err = UriBuilder::new().userinfo("me").build_ref().unwrap_err();
    assert_eq!(err, BuildError::MissingHost(Component::Userinfo));
    let err = UriBuilder::new().port(80).build_ref().unwrap_err();
    assert_eq!(err, BuildError::MissingHost(Component::Port));

    let err = UriBuilder::new()
        .host("h")
        .path("rootless")
        .build_ref()
        .unwrap_err();
    assert_eq!(err, BuildError::PathNotAbsolute);

    let cases: [(UriBuilder<'_>, Component, usize, ParseErrorKind); 6] = [
        (
            UriBuilder::new().scheme("ht tp"),
            Component::Scheme,
            2,
            ParseErrorKind::InvalidScheme,
        ),
        (
            UriBuilder::new().scheme(""),
            Component::Scheme,
            0,
            ParseErrorKind::InvalidScheme,
        ),
        (
            UriBuilder::new().host_encoded("a b"),
            Component::Host,
            1,
            ParseErrorKind::InvalidChar(Component::Host),
        ),
        (
            UriBuilder::new().host_encoded("[::1"),
            Component::Host,
            0,
            ParseErrorKind::UnclosedIpLiteral,
        ),
        (
            UriBuilder::new().query_encoded("a#b"),
            Component::Query,
            1,
            ParseErrorKind::InvalidChar(Component::Query),
        ),
        (
            UriBuilder::new().fragment_encoded("%4"),
            Component::Fragment,
            0,
            ParseErrorKind::InvalidPercentEncoding(Component::Fragment),
        ),
    ];
    for (builder, component, index, kind) in cases {
        match builder.build_ref() {
            Err(BuildError::Invalid(c, err)) => {
                assert_eq!((c, err.index(), err.kind()), (component, index, kind));
            }
            other => panic!("{component:?}: expected a refusal, got {other:?}"),
        }
    }
}

#[test]
fn builder_fixes_the_two_ambiguous_path_shapes_with_dot_segments() {
    let r = UriBuilder::new().path("a:b/c").build_ref().unwrap();
    assert_eq!(r, "./a:b/c");
    assert_eq!(r.scheme(), None);
    let u = UriBuilder::new().scheme("f").path("//g").build().unwrap();
    assert_eq!(u, "f:/.//g");
    assert_eq!(u.authority(), None);
    // Both still resolve as the path given.
    let base = Uri::parse("f:/x/y").unwrap();
    assert_eq!(r.as_uri_ref().resolve_against(&base).path(), "/x/a:b/c");
    assert_eq!(u.as_uri().normalize().path(), "/.//g");
}

#[test]
fn raw_values_are_encoded_with_their_own_sets() {
    let u = UriBuilder::new()
        .scheme("s")
        .userinfo("a@b:c")
        .reg_name("h st")
        .path("/a b/%/c")
        .query("k=v w&x")
        .fragment("#f")
        .build()
        .unwrap();
    assert_eq!(u, "s://a%40b:c@h%20st/a%20b/%25/c?k=v%20w&x#%23f");
}

#[test]
fn setters_refuse_without_changing_anything() {
    let mut u = UriBuf::parse("http://u@h:1/p?q#f").unwrap();
    let before = u.clone();
    assert!(matches!(u.set_path("x"), Err(BuildError::PathNotAbsolute)));
    assert!(matches!(
        u.set_path("/a%"),
        Err(BuildError::Invalid(Component::Path, _))
    ));
    assert!(matches!(
        u.set_host("a/b"),
        Err(BuildError::Invalid(Component::Host, _))
    ));
    assert!(matches!(
        u.set_scheme("-x"),
        Err(BuildError::Invalid(Component::Scheme, _))
    ));
    assert_eq!(u, before);

    let mut r = UriRefBuf::parse("/p").unwrap();
    assert_eq!(
        r.set_port(80),
        Err(BuildError::MissingHost(Component::Port))
    );
    // Removing the authority keeps the path's meaning with the `/.` rule.
    let mut u = UriBuf::parse("f://h//x").unwrap();
    u.remove_authority();
    assert_eq!(u, "f:/.//x");
    assert_eq!(u.path(), "/.//x");
    // A parsed port's digits stay as they were when another part changes.
    let mut u = UriBuf::parse("http://h:0080/").unwrap();
    u.set_fragment("x").unwrap();
    assert_eq!(u, "http://h:0080/#x");
    r.set_query("").unwrap();
    assert_eq!(r, "/p?");
}

#[test]
fn zone_identifiers_are_opt_in_and_checked() {
    let zoned = ParseOptions::RFC3986.with_zone_ids();
    let err = Uri::parse("http://[fe80::1%25eth0]/").unwrap_err();
    assert_eq!((err.index(), err.kind()), (15, ParseErrorKind::InvalidIpv6));

    let uri = Uri::parse_with("http://[FE80::1%25En0]/", zoned).unwrap();
    let addr: Ipv6Addr = "fe80::1".parse().unwrap();
    assert_eq!(uri.host_parsed(), Some(Host::Ipv6Zoned(addr, "En0")));
    assert_eq!(uri.host_parsed().unwrap().to_string(), "[fe80::1%25En0]");
    // Normalization lowercases the address, not the zone.
    assert_eq!(uri.normalize(), "http://[fe80::1%25En0]/");

    for (bad, index) in [
        ("http://[fe80::1%25]/", 18),    // empty zone
        ("http://[fe80::1%eth0]/", 15),  // `%` not written `%25`
        ("http://[fe80::1%25a b]/", 19), // space in the zone
        ("http://[fe80::1%25a%2]/", 19), // broken escape
        ("http://[1.2.3.4%25x]/", 15),   // too short for IPv6
    ] {
        let err = UriRef::parse_with(bad, zoned).unwrap_err();
        assert_eq!(err.index(), index, "{bad}: {err}");
        let kind = if bad.contains("1.2") {
            ParseErrorKind::InvalidIpv6
        } else {
            ParseErrorKind::InvalidZoneId
        };
        assert_eq!(err.kind(), kind, "{bad}");
    }
    // The builder accepts a zone only when told to.
    assert!(
        UriBuilder::new()
            .host_encoded("[fe80::1%25x]")
            .build_ref()
            .is_err()
    );
    let built = UriBuilder::new()
        .host_encoded("[fe80::1%25x]")
        .parse_options(zoned)
        .build_ref()
        .unwrap();
    assert_eq!(built, "//[fe80::1%25x]");
}

#[test]
fn query_params_decode_borrow_and_report_bad_escapes() {
    let uri = Uri::parse("http://h/?a=%20b&c+d=e+f&&=&g").unwrap();
    let params: Vec<(String, String)> = uri
        .query_params()
        .map(|p| p.map(|(k, v)| (k.into_owned(), v.into_owned())).unwrap())
        .collect();
    let expected = [("a", " b"), ("c+d", "e+f"), ("", ""), ("g", "")];
    assert!(
        params
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .eq(expected)
    );
    let form: Vec<_> = uri.form_params().map(Result::unwrap).collect();
    assert_eq!(form[1], ("c d".into(), "e f".into()));
    assert!(matches!(form[3].0, std::borrow::Cow::Borrowed("g")));

    // A parsed URI's escapes are well formed, but not always UTF-8.
    let mut bad = QueryParams::new("ok=1&k%C3=v");
    assert!(bad.next().unwrap().is_ok());
    let err = bad.next().unwrap().unwrap_err();
    assert_eq!((err.index(), err.kind()), (6, DecodeErrorKind::InvalidUtf8));
    // Raw text may hold broken escapes too: the offset is into the query.
    let err = QueryParams::form("a=b&c=%zz").nth(1).unwrap().unwrap_err();
    assert_eq!(
        (err.index(), err.kind()),
        (6, DecodeErrorKind::InvalidEscape)
    );
}

#[test]
fn relativization_edge_cases() {
    let rel = |base: &str, target: &str| {
        Uri::parse(base)
            .unwrap()
            .make_relative(&Uri::parse(target).unwrap())
            .map(UriRefBuf::into_string)
    };
    assert_eq!(rel("http://a/b/c", "http://a/b/c").as_deref(), Some(""));
    assert_eq!(rel("http://a/b/c#x", "http://a/b/c").as_deref(), Some(""));
    assert_eq!(rel("http://a/b/c?q", "http://a/b/c").as_deref(), Some("c"));
    assert_eq!(rel("http://a/b/c", "http://a/b/").as_deref(), Some("."));
    assert_eq!(rel("http://a/b/c/d", "http://a/b/").as_deref(), Some(".."));
    assert_eq!(
        rel("http://a/b/c", "http://a/b//x").as_deref(),
        Some(".//x")
    );
    assert_eq!(
        rel("http://a/b/c", "http://a/b/x:y").as_deref(),
        Some("./x:y")
    );
    assert_eq!(rel("http://a/b/c", "http://a").as_deref(), Some("//a"));
    assert_eq!(
        rel("http://a/b", "HTTP://a/b").as_deref(),
        Some("HTTP://a/b")
    );
    assert_eq!(rel("http://a/b", "http:/b").as_deref(), Some("http:/b"));
    assert_eq!(rel("foo:a/b", "foo:a/c").as_deref(), Some("c"));
    assert_eq!(rel("foo:a/b", "foo:c").as_deref(), Some("foo:c"));
    // Unreachable: dot segments that are not the base's own path.
    assert_eq!(rel("http://a/x", "http://a/b/../c"), None);
    assert_eq!(
        rel("http://a/b/../c", "http://a/b/../c?y").as_deref(),
        Some("?y")
    );
}

#[test]
fn the_equivalence_ladder() {
    let pairs = [
        ("http://a/b", "http://a/b", [true, true, true]),
        ("HTTP://A/%7e", "http://a/~", [false, true, true]),
        ("http://a/./b/../c", "http://a/c", [false, true, true]),
        ("http://a:80/", "http://a/", [false, false, true]),
        ("http://a", "http://a/", [false, false, true]),
        ("http://a:/", "http://a/", [false, false, true]),
        ("http://a/%2F", "http://a//", [false, false, false]),
        ("http://a/b?", "http://a/b", [false, false, false]),
        ("foo://a", "foo://a/", [false, false, false]),
    ];
    for (a, b, [bytes, syntax, scheme]) in pairs {
        let (x, y) = (Uri::parse(a).unwrap(), Uri::parse(b).unwrap());
        assert_eq!(x == y, bytes, "{a} == {b}");
        assert_eq!(x.normalized_eq(&y), syntax, "{a} ~ {b}");
        assert_eq!(
            x.scheme_normalized_eq(&y, &SchemeRules::STANDARD),
            scheme,
            "{a} ~~ {b}"
        );
        // The owned form answers the same questions.
        let owned = UriBuf::parse(a).unwrap();
        assert_eq!(owned.is_normalized(), x.is_normalized(), "{a}");
        assert_eq!(
            owned.is_normalized_with(&SchemeRules::STANDARD),
            x.is_normalized_with(&SchemeRules::STANDARD),
            "{a}"
        );
        assert!(owned.normalize().is_normalized());
    }
}

#[test]
fn decoding_an_escape_can_turn_a_name_into_an_address() {
    let uri = Uri::parse("http://%31%32%37.0.0.1/").unwrap();
    assert!(matches!(uri.host_parsed(), Some(Host::RegName(_))));
    let normal = uri.normalize();
    assert_eq!(normal, "http://127.0.0.1/");
    assert!(matches!(normal.host_parsed(), Some(Host::Ipv4(_))));
}

#[test]
fn resolving_into_a_buffer_reuses_it() {
    let base = Uri::parse("http://example.com/a/b").unwrap();
    let mut buf = String::with_capacity(64);
    let capacity = buf.capacity();
    for link in ["c", "../d", "//other/x", "?q", "#f"] {
        let target =
            UriRef::parse(link)
                .unwrap()
                .resolve_into(&base, ResolveOptions::default(), &mut buf);
        assert_eq!(
            target,
            UriRef::parse(link).unwrap().resolve_against(&base).as_uri()
        );
    }
    assert_eq!(buf.capacity(), capacity);
}

#[test]
fn display_honours_width_and_alignment() {
    let uri = Uri::parse("a:b").unwrap();
    assert_eq!(format!("[{uri:<6}]"), "[a:b   ]");
    assert_eq!(format!("[{:>6}]", uri.normalize()), "[   a:b]");
}

#[test]
fn build_errors_say_what_to_do() {
    let messages = [
        (
            BuildError::MissingScheme,
            "a URI needs a scheme: set one, or build a reference",
        ),
        (
            BuildError::MissingHost(Component::Port),
            "a port needs a host to belong to: set a host",
        ),
        (
            BuildError::PathNotAbsolute,
            "with an authority the path must be empty or start with \"/\": add the \"/\"",
        ),
    ];
    for (err, message) in messages {
        assert_eq!(err.to_string(), message);
    }
}

#[test]
fn components_are_checked_on_their_own() {
    use uri_core::parse::check_component;

    let err = check_component("80a", Component::Port).unwrap_err();
    assert_eq!((err.index(), err.kind()), (2, ParseErrorKind::InvalidPort));
    assert!(check_component("", Component::Port).is_ok());
    let err = check_component("a_b", Component::Scheme).unwrap_err();
    assert_eq!(
        (err.index(), err.kind()),
        (1, ParseErrorKind::InvalidScheme)
    );
    let err = check_component("[::1]x", Component::Host).unwrap_err();
    assert_eq!(
        (err.index(), err.kind()),
        (5, ParseErrorKind::InvalidChar(Component::Host))
    );
    assert!(check_component("a@b", Component::Userinfo).is_err());
    assert!(check_component("a:b", Component::Userinfo).is_ok());
}

#[test]
fn a_host_is_taken_as_a_person_writes_it() {
    let build = |host: &str| UriBuilder::new().scheme("http").host(host).build();
    assert_eq!(build("::1").unwrap(), "http://[::1]");
    assert_eq!(build("[::1]").unwrap(), "http://[::1]");
    assert_eq!(build("127.0.0.1").unwrap(), "http://127.0.0.1");
    assert_eq!(build("Example.COM").unwrap(), "http://Example.COM");
    assert_eq!(build("bücher.de").unwrap(), "http://xn--bcher-kva.de");
    // What no host holds is an error at the culprit, never an escape.
    for (host, at) in [
        ("example.com:8080", 11),
        ("a/b", 1),
        ("user@h", 4),
        ("exa mple", 3),
        ("h%", 1),
    ] {
        match build(host) {
            Err(BuildError::Invalid(Component::Host, err)) => assert_eq!(err.index(), at, "{host}"),
            other => panic!("{host}: {other:?}"),
        }
    }
    let err = build("bücher..de").unwrap_err();
    assert!(matches!(err, BuildError::InternationalHost(_)), "{err:?}");
    assert!(err.to_string().contains("empty label"), "{err}");
    // The same rule for the setter.
    let mut u = uri::UriBuf::parse("http://h/p").unwrap();
    u.set_host("bücher.de").unwrap();
    assert_eq!(u, "http://xn--bcher-kva.de/p");
    assert!(u.set_host("example.com:8080").is_err());
    // An escaped name, valid RFC 3986 though no DNS name, stays possible.
    let raw = UriBuilder::new()
        .scheme("x")
        .reg_name("a b")
        .build()
        .unwrap();
    assert_eq!(raw, "x://a%20b");
}

#[test]
fn segments_are_pushed_and_popped_without_encoding_twice() {
    let mut u = UriBuf::parse("https://h").unwrap();
    u.push_segment("a b")
        .and_then(|u| u.push_segment("100%"))
        .and_then(|u| u.push_segment("x/y"))
        .unwrap();
    assert_eq!(u, "https://h/a%20b/100%25/x%2Fy");
    // Copying segments from another URI goes through their decoded text.
    let other = Uri::parse("https://o/my%20api/v%2F2").unwrap();
    let mut copy = UriBuf::parse("https://h/").unwrap();
    for segment in other.path_segments_decoded() {
        copy.push_segment(&segment.unwrap()).unwrap();
    }
    assert_eq!(copy, "https://h/my%20api/v%2F2");
    assert_eq!(copy.pop_segment().as_deref(), Some("v%2F2"));
    assert_eq!(copy.pop_segment().as_deref(), Some("my%20api"));
    assert_eq!(copy, "https://h/");
    assert_eq!(copy.pop_segment(), None);
    let mut trailing = UriBuf::parse("https://h/a/b/?q#f").unwrap();
    assert_eq!(trailing.pop_segment().as_deref(), Some("b"));
    assert_eq!(trailing, "https://h/a?q#f");
    // A relative reference grows from its own path.
    let mut relative = uri::UriRefBuf::parse("").unwrap();
    relative
        .push_segment("a:b")
        .unwrap()
        .push_segment("c")
        .unwrap();
    assert_eq!(relative, "./a:b/c");
}

#[test]
fn appending_treats_the_base_as_a_directory() {
    let base = Uri::parse("https://host/api/v2?key=1").unwrap();
    let append = |r: &str| base.append(UriRef::parse(r).unwrap());
    assert_eq!(append("users/7"), "https://host/api/v2/users/7");
    assert_eq!(append("users?x"), "https://host/api/v2/users?x");
    // What resolution does anyway is left to it.
    assert_eq!(append("/root"), "https://host/root");
    assert_eq!(append("//other/x"), "https://other/x");
    assert_eq!(append("?q=2"), "https://host/api/v2?q=2");
    assert_eq!(append(""), "https://host/api/v2?key=1");
    // A literal `..` written by the caller still climbs, from the directory.
    assert_eq!(append("../v1/x"), "https://host/api/v1/x");
    // The same base written as a directory gives the same results.
    let slash = Uri::parse("https://host/api/v2/").unwrap();
    assert_eq!(
        slash.append(UriRef::parse("users/7").unwrap()),
        "https://host/api/v2/users/7"
    );
    // And resolution alone keeps RFC 3986's rule.
    assert_eq!(
        UriRef::parse("users/7").unwrap().resolve_against(&base),
        "https://host/api/users/7"
    );
}

#[test]
fn owned_and_borrowed_forms_work_like_string_and_str() {
    use std::collections::HashSet;
    let owned = UriBuf::parse("http://a/b/c").unwrap();
    let borrowed = Uri::parse("http://a/b/c").unwrap();
    // Comparisons both ways, and with text.
    assert_eq!(borrowed, owned);
    assert_eq!(owned, borrowed);
    assert_eq!("http://a/b/c", owned);
    assert_eq!(owned, "http://a/b/c");
    // A base or target in either form.
    let link = UriRef::parse("../d").unwrap();
    assert_eq!(
        link.resolve_against(&owned),
        link.resolve_against(&borrowed)
    );
    let sibling = Uri::parse("http://a/b/d").unwrap();
    assert_eq!(sibling.make_relative(&owned).unwrap(), "c");
    assert!(owned.normalized_eq(&Uri::parse("HTTP://A/b/./c").unwrap()));
    // A view of an owned value, and sets searched by text.
    let view: Uri<'_> = (&owned).into();
    assert_eq!(view.path(), "/b/c");
    let set: HashSet<UriBuf> = [owned.clone()].into_iter().collect();
    assert!(set.contains("http://a/b/c"));
    // Conversions by value.
    let theirs: http::Uri = owned.clone().try_into().unwrap();
    assert_eq!(theirs.path(), "/b/c");
    let url: url::Url = owned.try_into().unwrap();
    assert_eq!(url.as_str(), "http://a/b/c");
}

#[test]
fn to_owned_gives_the_owned_form_with_its_boundaries() {
    let text = "https://user@例え.jp:8443/a%20b?q#f";
    let iri = uri::Iri::parse(text).unwrap();
    let owned: uri::IriBuf = iri.to_owned();
    assert_eq!(owned, iri);
    assert_eq!(owned.components(), iri.components());
    let owned_ref: uri::IriRefBuf = uri::IriRef::parse("../写真").unwrap().to_owned();
    assert_eq!(owned_ref.path(), "../写真");

    // Kept past the text it was parsed from.
    let owned: UriBuf = {
        let text = String::from("http://h:80/p?q#f");
        Uri::parse(&text).unwrap().to_owned()
    };
    assert_eq!((owned.port(), owned.query()), (Some("80"), Some("q")));
    let owned_ref: UriRefBuf = UriRef::parse("//h/p").unwrap().to_owned();
    assert_eq!(owned_ref.host(), Some("h"));
}

#[test]
fn owned_forms_widen_as_their_views_do() {
    let uri = UriBuf::parse("https://user@[::1]:8443/a%20b?q#f").unwrap();
    let parts = uri.components();
    let reference = UriRefBuf::from(uri.clone());
    let iri = uri::IriBuf::from(uri.clone());
    let iri_reference = uri::IriRefBuf::from(reference.clone());
    let from_iri = uri::IriRefBuf::from(iri.clone());
    for (text, found) in [
        (reference.as_str(), reference.components()),
        (iri.as_str(), iri.components()),
        (iri_reference.as_str(), iri_reference.components()),
        (from_iri.as_str(), from_iri.components()),
    ] {
        assert_eq!((text, found), (uri.as_str(), parts));
    }
    // The same as widening the view and taking it over.
    assert_eq!(reference, UriRefBuf::from(uri.as_uri().as_uri_ref()));
}

#[test]
fn owned_references_narrow_exactly_when_their_views_do_and_give_back_the_rest() {
    for text in [
        "https://user@[::1]:8443/a%20b?q#f",
        "urn:isbn:0451450523",
        "a:",
        "//host/path",
        "../a:b",
        "?q",
        "",
    ] {
        let reference = UriRefBuf::parse(text).unwrap();
        let view = reference
            .as_uri_ref()
            .as_uri()
            .map(|u| (u.as_str(), u.components()));
        match reference.clone().into_uri() {
            Ok(uri) => assert_eq!(Some((uri.as_str(), uri.components())), view, "{text}"),
            Err(back) => {
                assert_eq!(view, None, "{text}");
                assert_eq!(back.components(), reference.components(), "{text}");
                assert_eq!(back, reference, "{text}");
            }
        }
        let iri_reference = uri::IriRefBuf::from(reference.clone());
        let iri = iri_reference.clone().into_iri();
        assert_eq!(iri.is_ok(), view.is_some(), "{text}");
        if let Err(back) = iri {
            assert_eq!(back, iri_reference, "{text}");
        }
    }
}

#[test]
fn iris_serialize_as_their_text_and_deserialize_by_parsing() {
    let iri: uri::IriBuf = serde_json::from_str(r#""https://例え.jp/引き出し""#).unwrap();
    assert_eq!(iri.host(), Some("例え.jp"));
    assert_eq!(
        serde_json::to_string(&iri).unwrap(),
        r#""https://例え.jp/引き出し""#
    );
    let borrowed: uri::IriRef<'_> = serde_json::from_str(r#""../写真""#).unwrap();
    assert_eq!(borrowed.path(), "../写真");
    let err = serde_json::from_str::<uri::IriBuf>(r#""https://e.com/\u202efdp""#).unwrap_err();
    assert!(err.to_string().contains("at byte 14"), "{err}");
}

// Data never becomes structure: a segment value `.` or `..` is a step
// whatever its spelling (RFC 3986 section 2.3), so no URI is written.

#[test]
fn builders_refuse_dot_segment_values_where_they_would_start() {
    for segments in [
        &["v2", "users", "..", "delete"][..],
        &["."],
        &["a", "b", ".."],
    ] {
        let built = UriBuilder::new()
            .scheme("https")
            .host("h")
            .path_segments(segments)
            .build();
        let Err(BuildError::DotSegment(err)) = built else {
            panic!("{segments:?} gave {built:?}")
        };
        let at = segments
            .iter()
            .position(|s| matches!(*s, "." | ".."))
            .unwrap();
        let start: usize = segments[..at].iter().map(|s| s.len() + 1).sum::<usize>() + 1;
        assert_eq!((err.kind().segment(), err.index()), (segments[at], start));
    }
    // Dots inside a segment are data, and a later `path` replaces the refusal.
    let ok = UriBuilder::new()
        .path_segments(["..x", ".a."])
        .build_ref()
        .unwrap();
    assert_eq!(ok, "/..x/.a.");
    let replaced = UriBuilder::new()
        .path_segments([".."])
        .path("/a")
        .build_ref()
        .unwrap();
    assert_eq!(replaced, "/a");

    let mut u = UriBuf::parse("https://h/api/v2?k=1").unwrap();
    let err = u.push_segment("..").unwrap_err();
    let BuildError::DotSegment(err) = err else {
        panic!("{err}")
    };
    assert_eq!(err.index(), "https://h/api/v2/".len());
    assert_eq!(u, "https://h/api/v2?k=1", "unchanged");
    assert!(u.push_segment(".").is_err());
    u.push_segment("...").unwrap();
    assert_eq!(u, "https://h/api/v2/...?k=1");
    // And what normalize would have made of the old `%2E%2E` spelling:
    let old = Uri::parse("https://h/api/v2/%2E%2E").unwrap();
    assert_eq!(old.normalize(), "https://h/api/");
}

#[test]
fn a_refused_segment_is_reported_where_it_would_start() {
    for (text, at) in [
        ("https://h", 10),
        ("https://h/a", 12),
        ("https://h/a/", 12),
        ("", 0),
        ("a", 2),
    ] {
        let mut u = UriRefBuf::parse(text).unwrap();
        let Err(BuildError::DotSegment(err)) = u.push_segment("..") else {
            panic!("{text}")
        };
        assert_eq!(err.index(), at, "{text:?}");
    }
}
