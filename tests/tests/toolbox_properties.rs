//! Properties of the toolbox over generated URIs: normalization is
//! idempotent, every written URI re-parses with the components recorded
//! while writing it, resolution follows section 5.2 as written,
//! relativization inverts resolution, the builder and the setters never
//! produce an invalid URI.

use proptest::prelude::*;
use uri::{
    SchemeRules, Uri, UriBuf, UriBuilder, UriRef, UriRefBuf,
    resolve::{ResolveOptions, remove_dot_segments},
};

/// Path segments chosen to hit every rule of `remove_dot_segments`, the
/// escapes normalization touches, and the colon and `//` hazards.
fn segment() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "", ".", "..", "a", "B", "%2E", "%2e%2E", "%7e", "%7E", "%41", "%c3%a9", "%2F", "x:y",
        "...", ".a", "~", "@", "g;p", "=",
    ])
}

fn path() -> impl Strategy<Value = String> {
    (
        prop::sample::select(vec!["", "/"]),
        prop::collection::vec(segment(), 0..7),
    )
        .prop_map(|(lead, segments)| format!("{lead}{}", segments.join("/")))
}

fn authority() -> impl Strategy<Value = Option<&'static str>> {
    prop::option::of(prop::sample::select(vec![
        "",
        "a",
        "Example.COM",
        "%41.com",
        "%31%32%37.0.0.1",
        "u%3a@h:",
        "u@h:80",
        "h:443",
        "[::1]",
        "[V1.Ab]",
        "[FE80::A]:8080",
    ]))
}

fn tail() -> impl Strategy<Value = (Option<&'static str>, Option<&'static str>)> {
    let piece = prop::sample::select(vec!["", "q", "a=1&b=%7e", "%2f?/", "x#"]);
    (
        prop::option::of(piece.clone()),
        prop::option::of(piece.prop_map(|p| p.trim_end_matches('#'))),
    )
}

/// Text assembled from the pieces above, mostly valid references; the
/// tests keep those that parse.
fn reference_text(scheme: bool) -> impl Strategy<Value = String> {
    let scheme = if scheme {
        prop::sample::select(vec![Some("http"), Some("HTTP"), Some("f"), Some("urn")]).boxed()
    } else {
        prop::option::of(prop::sample::select(vec!["http", "f"])).boxed()
    };
    (scheme, authority(), path(), tail()).prop_map(
        |(scheme, authority, path, (query, fragment))| {
            let mut text = String::new();
            if let Some(s) = scheme {
                text += s;
                text += ":";
            }
            if let Some(a) = authority {
                text += "//";
                text += a;
            }
            text += &path;
            if let Some(q) = query {
                text += "?";
                text += q;
            }
            if let Some(f) = fragment {
                text += "#";
                text += f;
            }
            text
        },
    )
}

/// Whether the components a writer recorded are those a parse finds.
fn reparses_same(text: &str, recorded: uri::parsed::Components) -> Result<(), TestCaseError> {
    let parsed = UriRef::parse(text);
    prop_assert!(parsed.is_ok(), "{:?} does not parse: {:?}", text, parsed);
    prop_assert_eq!(parsed.unwrap().components(), recorded, "{:?}", text);
    Ok(())
}

/// Sections 5.2.2, 5.2.3 and 5.3 as their pseudocode reads, over the
/// components a parse finds, plus DESIGN.md policy 7 (a path that would
/// read as an authority gets `/.` before it). `remove_dot_segments` is the
/// library's, which its unit tests hold to section 5.2.4's rules.
fn resolve_by_the_letter(base: &Uri<'_>, r: &UriRef<'_>, options: ResolveOptions) -> String {
    let r_scheme = r.scheme().filter(|scheme| {
        options != ResolveOptions::NON_STRICT || !scheme.eq_ignore_ascii_case(base.scheme())
    });
    let (scheme, authority, path, query) = if let Some(scheme) = r_scheme {
        (
            scheme,
            r.authority(),
            remove_dot_segments(r.path()),
            r.query(),
        )
    } else if r.authority().is_some() {
        (
            base.scheme(),
            r.authority(),
            remove_dot_segments(r.path()),
            r.query(),
        )
    } else if r.path().is_empty() {
        (
            base.scheme(),
            base.authority(),
            base.path().to_owned(),
            r.query().or(base.query()),
        )
    } else if r.path().starts_with('/') {
        (
            base.scheme(),
            base.authority(),
            remove_dot_segments(r.path()),
            r.query(),
        )
    } else {
        let merged = if base.authority().is_some() && base.path().is_empty() {
            format!("/{}", r.path())
        } else {
            let directory = base
                .path()
                .rfind('/')
                .map_or("", |slash| &base.path()[..=slash]);
            format!("{directory}{}", r.path())
        };
        (
            base.scheme(),
            base.authority(),
            remove_dot_segments(&merged),
            r.query(),
        )
    };
    let mut target = format!("{scheme}:");
    if let Some(authority) = authority {
        target += "//";
        target += authority;
    } else if path.starts_with("//") {
        target += "/.";
    }
    target += &path;
    if let Some(query) = query {
        target += "?";
        target += query;
    }
    if let Some(fragment) = r.fragment() {
        target += "#";
        target += fragment;
    }
    target
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn normalization_is_idempotent_and_reparses(text in reference_text(true)) {
        let Ok(uri) = Uri::parse(&text) else { return Ok(()) };
        for rules in [None, Some(SchemeRules::STANDARD)] {
            let once = match &rules {
                None => uri.normalize(),
                Some(rules) => uri.normalize_with(rules),
            };
            reparses_same(once.as_str(), once.components())?;
            let twice = match &rules {
                None => once.as_uri().normalize(),
                Some(rules) => once.as_uri().normalize_with(rules),
            };
            prop_assert_eq!(&once, &twice, "not idempotent from {:?}", text);
            // The allocation-free check agrees with normalizing.
            let unchanged = once == uri;
            match &rules {
                None => {
                    prop_assert!(once.as_uri().is_normalized());
                    prop_assert_eq!(uri.is_normalized(), unchanged, "{:?}", text);
                    prop_assert!(uri.normalized_eq(&once.as_uri()));
                }
                Some(rules) => {
                    prop_assert!(once.as_uri().is_normalized_with(rules));
                    prop_assert_eq!(uri.is_normalized_with(rules), unchanged, "{:?}", text);
                    prop_assert!(uri.scheme_normalized_eq(&once.as_uri(), rules));
                }
            }
        }
    }

    #[test]
    fn resolution_follows_section_5_2_and_reparses_with_its_components(
        base in reference_text(true),
        reference in reference_text(false),
    ) {
        let (Ok(base), Ok(r)) = (Uri::parse(&base), UriRef::parse(&reference)) else {
            return Ok(());
        };
        // `join` parses the reference itself and skips `UriRef`.
        prop_assert_eq!(base.join(&reference), Ok(r.resolve_against(&base)));
        for options in [ResolveOptions::STRICT, ResolveOptions::NON_STRICT] {
            let target = r.resolve_against_with(&base, options);
            prop_assert_eq!(target.as_str(), resolve_by_the_letter(&base, &r, options));
            reparses_same(target.as_str(), target.components())?;
            // Resolving the target again changes nothing: its path is
            // free of dot segments (or is the base's own).
            let again = UriRef::from(target.as_uri()).resolve_against(&base);
            let keeps_base_path = r.path().is_empty()
                && r.authority().is_none()
                && (r.scheme().is_none() || options == ResolveOptions::NON_STRICT);
            if !keeps_base_path {
                prop_assert_eq!(&again, &target);
            }
        }
    }

    #[test]
    fn relativization_inverts_resolution(
        base in reference_text(true),
        target in reference_text(true),
        reference in reference_text(false),
    ) {
        let Ok(base) = Uri::parse(&base) else { return Ok(()) };
        // Any target: if a reference is offered, it resolves back exactly.
        if let Ok(target) = Uri::parse(&target)
            && let Some(rel) = base.make_relative(&target)
        {
            reparses_same(rel.as_str(), rel.components())?;
            prop_assert_eq!(rel.as_uri_ref().resolve_against(&base), target);
        }
        // A target that some reference reaches: one must be offered, no
        // longer than that reference.
        if let Ok(r) = UriRef::parse(&reference) {
            let reachable = r.resolve_against(&base);
            let rel = base.make_relative(&reachable.as_uri());
            prop_assert!(rel.is_some(), "{} from {}: none offered", reachable, base);
            let rel = rel.unwrap();
            prop_assert_eq!(rel.as_uri_ref().resolve_against(&base), reachable.clone());
            prop_assert!(rel.as_str().len() <= reachable.as_str().len());
        }
    }

    #[test]
    fn built_references_always_parse(
        scheme in prop::option::of(prop::sample::select(vec!["http", "a+b", "x"])),
        host in prop::option::of(any::<String>()),
        port in prop::option::of(any::<u16>()),
        path in any::<String>(),
        query in prop::option::of(any::<String>()),
        fragment in prop::option::of(any::<String>()),
    ) {
        let mut builder = UriBuilder::new().path(&path);
        if let Some(s) = scheme { builder = builder.scheme(s); }
        if let Some(h) = &host { builder = builder.reg_name(h); }
        if let Some(p) = port { builder = builder.port(p); }
        if let Some(q) = &query { builder = builder.query(q); }
        if let Some(f) = &fragment { builder = builder.fragment(f); }
        match builder.build_ref() {
            Ok(built) => {
                reparses_same(built.as_str(), built.components())?;
                prop_assert_eq!(uri::pct::decode_utf8(built.host().unwrap_or("")).unwrap(), host.clone().unwrap_or_default());
                prop_assert_eq!(built.query().map(|q| uri::pct::decode_utf8(q).unwrap().into_owned()), query);
            }
            Err(err) => {
                // Raw values are always encodable: only structure can fail.
                prop_assert!(matches!(err, uri::BuildError::PathNotAbsolute | uri::BuildError::MissingHost(_)), "{}", err);
            }
        }
    }

    #[test]
    fn setters_keep_the_uri_valid_or_change_nothing(
        start in reference_text(true),
        value in prop::option::of(prop::sample::select(vec![
            "", "/", "//x", "a:b", "x", "/a b", "%zz", "[::1]", "h", "1", "a#b", "?q",
        ])),
        which in 0..7usize,
    ) {
        let Ok(mut uri) = UriBuf::parse(start.as_str()) else { return Ok(()) };
        let before = uri.clone();
        // `None` removes the component, which cannot fail.
        let result = match (which, value) {
            (0, value) => uri.set_scheme(value.unwrap_or("")),
            (1, Some(value)) => uri.set_userinfo(value),
            (2, Some(value)) => uri.set_host(value),
            (3, Some(value)) => value.parse().map_or(Ok(()), |port| uri.set_port(port)),
            (4, value) => uri.set_path(value.unwrap_or("")),
            (5, Some(value)) => uri.set_query(value),
            (_, Some(value)) => uri.set_fragment(value),
            (1, None) => {
                uri.remove_userinfo();
                Ok(())
            }
            (2, None) => {
                uri.remove_authority();
                Ok(())
            }
            (3, None) => {
                uri.remove_port();
                Ok(())
            }
            (5, None) => {
                uri.remove_query();
                Ok(())
            }
            (_, None) => {
                uri.remove_fragment();
                Ok(())
            }
        };
        if result.is_ok() {
            reparses_same(uri.as_str(), uri.components())?;
        } else {
            prop_assert_eq!(&uri, &before);
        }
        // The same through a reference, which may also lose its scheme.
        let mut r = UriRefBuf::parse(start.as_str()).unwrap();
        if r.set_scheme(None).is_ok() {
            reparses_same(r.as_str(), r.components())?;
        }
    }

    #[test]
    fn arbitrary_encoded_values_are_refused_cleanly(text in any::<String>(), which in 0..6usize) {
        let mut uri = UriBuf::parse("http://h/p?q#f").unwrap();
        let before = uri.clone();
        let result = match which {
            0 => uri.set_scheme(&text),
            1 => uri.set_userinfo(&text),
            2 => uri.set_host(&text),
            3 => uri.set_path(&text),
            4 => uri.set_query(&text),
            _ => uri.set_fragment(&text),
        };
        match result {
            Ok(()) => reparses_same(uri.as_str(), uri.components())?,
            Err(uri::BuildError::Invalid(_, err)) => {
                prop_assert_eq!(&uri, &before);
                prop_assert!(err.index() <= text.len() && text.is_char_boundary(err.index()));
                let _ = err.to_string();
            }
            Err(uri::BuildError::InternationalHost(err)) => {
                // Only a host goes through IDNA, and it points into the text.
                prop_assert_eq!(&uri, &before);
                prop_assert_eq!(which, 2);
                prop_assert!(err.index() + err.len() <= text.len(), "{:?}", err);
            }
            Err(other) => {
                prop_assert_eq!(&uri, &before);
                prop_assert_eq!(other, uri::BuildError::PathNotAbsolute);
            }
        }
    }

    /// `host` takes what a person writes: the result is a valid URI whose
    /// host is the text given (or its ASCII form), or the error points at
    /// the culprit in the text.
    #[test]
    fn a_host_as_written_is_kept_mapped_or_refused(host in prop_oneof![
        any::<String>(),
        prop::collection::vec(
            prop::sample::select(vec!["a", "Z", "0", ".", "-", "é", "例", ":", "/", "@", " ", "[", "::1", "%41", "%"]),
            0..6
        ).prop_map(|pieces| pieces.concat()),
    ]) {
        match UriBuilder::new().scheme("http").host(&host).build() {
            Ok(built) => {
                reparses_same(built.as_str(), built.components())?;
                let written = built.host().unwrap_or_default();
                let address = host.parse::<std::net::IpAddr>().is_ok();
                prop_assert!(address || written == host || !host.is_ascii(), "{:?} became {:?}", host, written);
                prop_assert!(written.is_ascii());
            }
            Err(uri::BuildError::Invalid(uri::Component::Host, err)) => {
                prop_assert!(err.index() < host.len() && host.is_char_boundary(err.index()));
            }
            Err(uri::BuildError::InternationalHost(err)) => {
                prop_assert!(err.index() + err.len() <= host.len());
            }
            Err(other) => prop_assert!(false, "{:?}: {}", host, other),
        }
    }
}
