//! The lenient entry on text from the wild: the hrefs, the links
//! of two saved HTML pages (`tests/data/html`), and random text. Every
//! result is a strict URI that re-parses to itself, every repair points at
//! bytes of the input, and valid text passes through untouched.

#[path = "common/boundaries.rs"]
mod boundaries;
#[path = "common/browser.rs"]
mod browser;

use boundaries::has_its_own_boundaries;

use proptest::prelude::*;
use uri::{
    Component, ParseErrorKind, SchemeRules, Uri, UriBuf, UriRef, UriRefBuf, lenient::RepairKind,
};

/// The value of every `name="…"` attribute, in order, with `&amp;`
/// unescaped: enough HTML for these fixtures.
fn attributes(html: &str, name: &str) -> Vec<String> {
    let marker = format!(" {name}=\"");
    let mut values = Vec::new();
    let mut rest = html;
    while let Some(start) = rest.find(&marker) {
        rest = &rest[start + marker.len()..];
        let Some(end) = rest.find('"') else { break };
        values.push(rest[..end].replace("&amp;", "&"));
        rest = &rest[end..];
    }
    values
}

fn page(name: &str) -> String {
    let path = format!("{}/data/html/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn the_hrefs_people_write_are_repaired_and_reported() {
    let base = Uri::parse("https://example.com/blog/post.html").unwrap();
    for (href, expected, kinds) in [
        (
            "images/my photo.jpg",
            "https://example.com/blog/images/my%20photo.jpg",
            &[RepairKind::Encoded][..],
        ),
        (
            "/wiki/Café",
            "https://example.com/wiki/Caf%C3%A9",
            &[RepairKind::Encoded],
        ),
        (
            "?q=[rust]",
            "https://example.com/blog/post.html?q=%5Brust%5D",
            &[RepairKind::Encoded, RepairKind::Encoded],
        ),
        (
            "/x#a#b",
            "https://example.com/x#a%23b",
            &[RepairKind::Encoded],
        ),
        (
            "  /padded  ",
            "https://example.com/padded",
            &[RepairKind::Trimmed, RepairKind::Trimmed],
        ),
        (
            "https://bücher.example/ö ä",
            "https://xn--bcher-kva.example/%C3%B6%20%C3%A4",
            &[RepairKind::HostMapped, RepairKind::Encoded],
        ),
        (
            "/50%-off",
            "https://example.com/50%25-off",
            &[RepairKind::PercentEscaped],
        ),
        (
            "/a\n  b",
            "https://example.com/a%20%20b",
            &[RepairKind::Removed, RepairKind::Encoded],
        ),
        (
            "/already%20fine?x=1#y",
            "https://example.com/already%20fine?x=1#y",
            &[],
        ),
    ] {
        let joined = base
            .join_lenient(href)
            .unwrap_or_else(|e| panic!("{href:?}: {e}"));
        assert_eq!(joined.value, expected, "{href:?}");
        let found: Vec<RepairKind> = joined.repairs.iter().map(|r| r.kind).collect();
        assert_eq!(found, kinds, "{href:?}: {:?}", joined.repairs);
    }
    // Ranges name the input's bytes.
    let repaired = UriRefBuf::parse_lenient("/wiki/Café").unwrap();
    assert_eq!(repaired.repairs[0].range, 9..11);
    assert_eq!(
        repaired.repairs[0].to_string(),
        "percent-encoded at bytes 9..11"
    );
}

#[test]
fn what_has_no_obvious_reading_is_an_error_at_its_byte() {
    for (text, at, kind) in [
        ("http://example.com:80a/", 21, ParseErrorKind::InvalidPort),
        // A browser reads this as a relative path, which needs a base.
        ("ht tp://example.com/", 0, ParseErrorKind::MissingScheme),
        ("http://[fe80::1%eth0]/", 15, ParseErrorKind::InvalidIpv6),
        ("  http://[::1/", 9, ParseErrorKind::UnclosedIpLiteral),
    ] {
        let err = UriBuf::parse_lenient(text).unwrap_err();
        assert_eq!((err.index(), err.kind()), (at, kind), "{text:?}: {err}");
    }
    // A port of digits above 65535 is said to be that, at its digits (it
    // was "character \"6\" not allowed", which no digit is).
    let text = "http://h:0065536/";
    let err = UriBuf::parse_lenient(text).unwrap_err();
    assert_eq!(
        (err.index(), err.len(), err.kind()),
        (9, 7, ParseErrorKind::PortTooLarge)
    );
    assert_eq!(
        err.to_string(),
        "port above 65535 at byte 9: a TCP or UDP port is 0 to 65535"
    );
    assert_eq!(
        err.render(text).to_string(),
        "http://h:0065536/\n         ^^^^^^^"
    );
    // In a reference read without its base, a host IDNA refuses is
    // refused at its byte of the text, after a tab removed before it.
    let err = UriRefBuf::parse_lenient("//a\té|").unwrap_err();
    assert_eq!(
        (err.index(), err.kind()),
        (6, ParseErrorKind::InvalidChar(Component::Host))
    );
    // An IP literal no browser reads, at the `v` where reading stops.
    let err = UriBuf::parse_lenient("https://u@[v7.a]/").unwrap_err();
    assert_eq!((err.index(), err.kind()), (11, ParseErrorKind::InvalidIpv6));
    // Not a URI at all, for the URI entry: no scheme.
    let err = UriBuf::parse_lenient(" /relative").unwrap_err();
    assert_eq!(err.kind(), ParseErrorKind::MissingScheme);
}

#[test]
fn the_links_of_saved_pages_resolve_or_fail_with_a_position() {
    let pages = [
        // The one failure: a port that is not a number (`ht tp://` is a
        // relative path to a browser).
        ("blog.html", "https://example.com/blog/2024/voyage.html", 1),
        ("docs.html", "https://example.com/guide/index.html", 1),
    ];
    for (name, url, failures) in pages {
        let html = page(name);
        let mut base = UriBuf::parse(url).unwrap();
        let mut links = attributes(&html, "href");
        links.extend(attributes(&html, "src"));
        // HTML's rule: the first <base href> is the base for every link.
        if let Some(start) = html.find("<base href=\"") {
            let href = &html[start + 12..];
            let href = &href[..href.find('"').unwrap()];
            base = base.as_uri().join_lenient(href).unwrap().value;
            links.retain(|link| link != href);
        }
        let mut failed = 0;
        for href in &links {
            match base.as_uri().join_lenient(href) {
                Ok(joined) => {
                    assert_eq!(
                        UriBuf::parse(joined.value.as_str()).as_ref(),
                        Ok(&joined.value),
                        "{href:?}"
                    );
                    for repair in &joined.repairs {
                        assert!(
                            href.get(repair.range.clone()).is_some(),
                            "{href:?}: {repair}"
                        );
                    }
                    if joined.repairs.is_empty() {
                        let strict = UriRef::parse(href).unwrap().resolve_against(&base.as_uri());
                        assert_eq!(joined.value, strict, "{href:?}");
                    }
                }
                Err(err) => {
                    failed += 1;
                    assert!(err.index() <= href.len(), "{href:?}");
                }
            }
        }
        assert_eq!(failed, failures, "{name}");
        assert!(links.len() >= 10, "{name}: {links:?}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Any text: no panic; a result is strict and re-parses to itself,
    /// with repairs in order of where they start, in bounds and on
    /// character boundaries (a host's repair may span a tab removed inside
    /// it); text
    /// that was already a valid reference comes back unchanged and
    /// without repairs.
    #[test]
    fn any_text_is_repaired_into_a_strict_reference_or_refused(text in prop_oneof![
        any::<String>(),
        prop::collection::vec(
            prop::sample::select(vec!["http:", "//", "a", "é", " ", "\t", "\n", "%", "%41", "#", "?", "[", "]", "::1", "@", ":", "/", ".", "|", "例.jp"]),
            0..10
        ).prop_map(|pieces| pieces.concat()),
    ]) {
        match UriRefBuf::parse_lenient(&text) {
            Ok(repaired) => {
                // Boundaries and all: values compare by their text alone.
                let again = UriRefBuf::parse(repaired.value.as_str());
                prop_assert_eq!(again.as_ref(), Ok(&repaired.value));
                prop_assert_eq!(again.map(|again| again.components()), Ok(repaired.value.components()));
                let mut start = 0;
                for repair in &repaired.repairs {
                    prop_assert!(repair.range.start >= start, "{:?}", repaired.repairs);
                    prop_assert!(text.get(repair.range.clone()).is_some(), "{:?}", repair);
                    start = repair.range.start;
                }
                // Strict text a browser reads as written is the same
                // resource; where it reads otherwise (`http:a` is
                // `http://a/`), a repair says so.
                if let (Ok(strict), true) = (UriRef::parse(&text), repaired.repairs.is_empty()) {
                    if let Some(uri) = strict.as_uri() {
                        prop_assert_eq!(
                            uri.normalize_with(&SchemeRules::STANDARD),
                            repaired.value.as_uri().unwrap().normalize_with(&SchemeRules::STANDARD)
                        );
                    } else {
                        prop_assert_eq!(repaired.value.as_str(), text.as_str());
                    }
                }
            }
            Err(err) => {
                prop_assert!(err.index() <= text.len() && text.is_char_boundary(err.index()));
            }
        }
    }
}

/// The hrefs of the report that asked for the browser's reading: each
/// goes where a browser goes.
#[test]
fn hrefs_go_where_a_browser_goes() {
    let page = Uri::parse("https://example.com/dir/page").unwrap();
    for (href, expected) in [
        ("\\\\evil.com/x", "https://evil.com/x"),
        (
            "https://evil.com\\@good.com/",
            "https://evil.com/@good.com/",
        ),
        ("\u{1}//evil.com/x", "https://evil.com/x"),
        ("http:evil.com", "http://evil.com/"),
        ("https:evil.com", "https://example.com/dir/evil.com"),
        ("https://0x7f.1/", "https://127.0.0.1/"),
        ("http://exa\tmple.com/", "http://example.com/"),
        ("http://2130706433/", "http://127.0.0.1/"),
        ("http://0177.0.0.1/", "http://127.0.0.1/"),
        ("http://%65vil.com/", "http://evil.com/"),
        ("https://u:p@a@evil.com:443/", "https://u:p%40a@evil.com/"),
        ("/a/..\\..\\b", "https://example.com/b"),
        ("file:C|/x", "file:///C:/x"),
    ] {
        let joined = page.join_lenient(href).unwrap();
        assert_eq!(joined.value, expected, "{href:?}");
        assert!(
            !joined.repairs.is_empty() || href == "https:evil.com",
            "{href:?}"
        );
    }
    for (href, kind) in [
        ("http://1.2.3.256/", ParseErrorKind::InvalidIpv4),
        ("http://evil.0x/", ParseErrorKind::InvalidIpv4),
        ("https:///", ParseErrorKind::MissingHost),
        ("http://u@/", ParseErrorKind::MissingHost),
        ("http://h:65536/", ParseErrorKind::PortTooLarge),
    ] {
        let err = page.join_lenient(href).unwrap_err();
        assert_eq!(err.kind(), kind, "{href:?}: {err}");
    }
}

/// An IP address in another spelling than the browser's is reported; an
/// address already in its form is not.
#[test]
fn addresses_written_as_browsers_write_them_are_reported() {
    for (text, written, reported) in [
        ("http://[0:0::1]/", "http://[::1]/", true),
        ("http://[::FFFF:1.2.3.4]/", "http://[::ffff:102:304]/", true),
        ("http://[::1]/", "http://[::1]/", false),
        ("http://[::A]/", "http://[::a]/", false),
        ("http://0x7f.1/", "http://127.0.0.1/", true),
        ("http://127.0.0.1/", "http://127.0.0.1/", false),
    ] {
        let repaired = UriBuf::parse_lenient(text).unwrap();
        assert_eq!(repaired.value, written, "{text}");
        let kinds: Vec<RepairKind> = repaired.repairs.iter().map(|r| r.kind).collect();
        assert_eq!(
            kinds.contains(&RepairKind::AddressRewritten),
            reported,
            "{text}: {kinds:?}"
        );
    }
}

/// Without its base a relative reference's `\` has no one reading.
#[test]
fn a_backslash_in_a_reference_without_its_base_is_refused() {
    let err = UriRefBuf::parse_lenient("  a\\b").unwrap_err();
    assert_eq!((err.index(), err.kind()), (3, ParseErrorKind::NeedsBase));
    assert!(err.hint().unwrap().contains("join_lenient"));
    // In a query it is data everywhere.
    let repaired = UriRefBuf::parse_lenient("a?b\\c").unwrap();
    assert_eq!(repaired.value, "a?b%5Cc");
}

/// A name that maps to a number (`¹` and `①` are `1`) is an IPv4 address
/// to a `http` base's reader, as `//1` is, so without its base it is
/// refused as `//1` is; it was read as the name `1`, another host than the
/// `0.0.0.1` that `join_lenient` finds (found by the `lenient` fuzz
/// target).
#[test]
fn a_name_that_maps_to_a_number_needs_its_base() {
    for href in ["//¹", "//¹/x", "//①", "//a.¹", "//a.１２"] {
        let err = UriRefBuf::parse_lenient(href).unwrap_err();
        assert_eq!(
            (err.index(), err.kind()),
            (2, ParseErrorKind::NeedsBase),
            "{href}"
        );
    }
    let base = Uri::parse("http://a.example/b").unwrap();
    assert_eq!(base.join_lenient("//¹").unwrap().value, "http://0.0.0.1/");
    // A name that maps to a strict dotted address reads as that address
    // against every special base, and is kept.
    let repaired = UriRefBuf::parse_lenient("//１.２.３.４/x").unwrap();
    assert_eq!(repaired.value, "//1.2.3.4/x");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    /// A reference read without its base, where it is read at all, names
    /// against a special base what `join_lenient` names with that base:
    /// hosts among them that map to numbers, to addresses and to names.
    #[test]
    fn a_reference_read_alone_names_what_the_join_names(pieces in prop::collection::vec(
        prop::sample::select(vec![
            "//", "/", "a", ".", "¹", "①", "１", "２５５", "0x", "7f", "1", "ü", "Ａ", "%41", "?",
            "#", ":80", "@", "xn--", "-",
        ]),
        1..8,
    )) {
        let href = pieces.concat();
        let Ok(alone) = UriRefBuf::parse_lenient(&href) else { return Ok(()) };
        prop_assume!(alone.value.scheme().is_none());
        for base in ["http://a.example/b/c", "https://a.example/b?q", "ws://a.example:81/x/"] {
            let base = Uri::parse(base).unwrap();
            let resolved = alone.value.resolve_against(&base).normalize_with(&SchemeRules::STANDARD);
            let joined = base.join_lenient(&href).map(|joined| joined.value.normalize_with(&SchemeRules::STANDARD));
            prop_assert_eq!(Ok(resolved), joined, "{:?} against {}", href, base);
        }
    }
}

/// A reference read without its base keeps the parts where its text puts
/// them. It used to fold a port into the host (`//x:80/p` became
/// `//x%3A%38%30/p`, another host and no port) and a fragment into the
/// query (`page?x=1#top` became `page?x=1%23top`, so a fragment, where
/// sign-in flows put tokens, would be sent to the server).
#[test]
fn a_reference_without_its_base_keeps_its_port_and_fragment() {
    let link = UriRefBuf::parse_lenient("//x:80/p").unwrap();
    assert_eq!(
        (link.value.host(), link.value.port()),
        (Some("x"), Some("80"))
    );
    assert_eq!(link.value, "//x:80/p");
    let link = UriRefBuf::parse_lenient("page?x=1#access_token=secret").unwrap();
    assert_eq!(link.value.query(), Some("x=1"));
    assert_eq!(link.value.fragment(), Some("access_token=secret"));
    assert!(link.repairs.is_empty(), "{:?}", link.repairs);
    // A second `#` is data of the fragment.
    let link = UriRefBuf::parse_lenient("//[::1]:443/a?b#c#d").unwrap();
    assert_eq!(link.value, "//[::1]:443/a?b#c%23d");
    assert_eq!(link.value.port(), Some("443"));
    // What is no port is refused at its byte, not hidden in the host.
    let err = UriRefBuf::parse_lenient("//x:8a/p").unwrap_err();
    assert_eq!((err.index(), err.kind()), (5, ParseErrorKind::InvalidPort));
    let err = UriRefBuf::parse_lenient("//~:]").unwrap_err();
    assert_eq!((err.index(), err.kind()), (4, ParseErrorKind::InvalidPort));
    // After an IP literal only a port may follow.
    let err = UriRefBuf::parse_lenient("//[::1]x/p").unwrap_err();
    assert_eq!(
        (err.index(), err.kind()),
        (7, ParseErrorKind::InvalidChar(Component::Host))
    );
    // A first segment with a `:` would read as a scheme it cannot be.
    let err = UriRefBuf::parse_lenient("  1a:b").unwrap_err();
    assert_eq!(
        (err.index(), err.kind()),
        (2, ParseErrorKind::InvalidScheme)
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(5000))]

    /// Strict text without a scheme is read as written: the same text,
    /// no repair, every part where the strict parser puts it; or, where
    /// its authority reads otherwise against a `http` base than against
    /// others (an empty host, a number, a port above 65535), or its query
    /// holds a `'` (`%27` against a `http` base), refused.
    #[test]
    fn a_strict_reference_without_a_scheme_is_read_as_written(pieces in prop::collection::vec(
        prop::sample::select(vec![
            "//", "/", "a", "B", "@", ":", "80", "?", "#", "%41", "%2F", ".", "..", "[::1]",
            "1.2.3.4", "~", "!", "=", "&", "'", "",
        ]),
        0..10,
    )) {
        let text = pieces.concat();
        let Ok(strict) = UriRef::parse(&text) else { return Ok(()) };
        prop_assume!(strict.scheme().is_none());
        let read = match UriRefBuf::parse_lenient(&text) {
            Err(err) if matches!(err.kind(), ParseErrorKind::NeedsBase | ParseErrorKind::PortTooLarge) => {
                let quote_in_query = strict.query().is_some_and(|q| q.contains('\''));
                prop_assert!(strict.authority().is_some() || quote_in_query, "{:?}: {}", text, err);
                return Ok(());
            }
            read => read.map_err(|e| format!("{text:?}: {e}")).unwrap(),
        };
        if read.repairs.is_empty() {
            prop_assert_eq!(read.value.as_str(), text.as_str());
            prop_assert_eq!(read.value.components(), strict.components());
        } else {
            // In the userinfo alone: an empty user name and password, or
            // an empty password, left out, and `;`, `=` or a second `:`
            // escaped, as every base's reader writes them.
            let userinfo = strict.components().userinfo().unwrap_or(0..0);
            for repair in &read.repairs {
                let inside = userinfo.start <= repair.range.start && repair.range.end <= userinfo.end + 1;
                let kind_ok = matches!(repair.kind, RepairKind::EmptyCredentials | RepairKind::Encoded);
                prop_assert!(inside && kind_ok, "{:?}: {:?}", text, read.repairs);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(5000))]

    /// `url`, an independent reader of the URL Standard: where it and the
    /// lenient join both accept an href, they send a client to the same
    /// place (scheme, host and port). Paths are left to the web platform
    /// tests (`wpt.rs`): `url` 2 reads a few of them otherwise than the
    /// Standard (`////` against a `file:` base). Against a base of another
    /// scheme `url` reads `\` as `/`, where the Standard and the web
    /// platform tests (`\a` against `foo://foo/a`) keep it as data, so
    /// the bases here are special.
    #[test]
    fn the_lenient_join_goes_to_the_host_url_goes_to(pieces in prop::collection::vec(
        prop::sample::select(vec![
            "http:", "https:", "file:", "sc:", "//", "/", "\\", "\\\\", "@", ":", "a", "B", "0x7f", "1", ".",
            "%2e", "%41", "..", "?", "#", "[::1]", " ", "\t", "é", "%", "C|", "|", "127.0.0.1", "xn--", "'",
        ]),
        0..10,
    ), base in prop::sample::select(vec![
        "https://example.com/dir/page?q#f", "file:///C:/dir/x", "http://u:p@h:81/a/b/", "wss://h/",
    ])) {
        let href = pieces.concat();
        let page = Uri::parse(base).unwrap();
        let ours = page.join_lenient(&href).map(|r| r.value);
        let theirs = url::Url::parse(base).unwrap().join(&href);
        // `url` 2 reads a `file:` drive after a host as an older Standard
        // did (dropping the host; the web platform tests keep it).
        if let (Ok(ours), Some(theirs)) = (ours, theirs.ok().filter(|u| u.scheme() != "file")) {
            let theirs = Uri::parse(&browser::strict_href(theirs.as_str())).map_err(|e| format!("{theirs} {e}")).unwrap().normalize_with(&SchemeRules::STANDARD);
            let ours = ours.as_uri().normalize_with(&SchemeRules::STANDARD);
            prop_assert_eq!(ours.scheme(), theirs.scheme(), "{:?}", href);
            prop_assert_eq!(ours.host(), theirs.host(), "{:?}", href);
            prop_assert_eq!(ours.port(), theirs.port(), "{:?}", href);
        }
    }
}

/// The lenient parse takes text that a browser reads as written without
/// the state machine; the join runs it for every text. Both must give
/// the same value and repairs (a base of a scheme no text has, so an
/// absolute text is read alone), and boundaries that are the value's
/// own: the ones the strict parser finds in it (values compare by their
/// text, so a wrong boundary would pass the comparison unseen).
fn agrees_with_the_machine(text: &str) -> Result<(), String> {
    let alone = UriBuf::parse_lenient(text);
    let machine = Uri::parse("x-agree:/").unwrap().join_lenient(text);
    match (alone, machine) {
        (Ok(a), Ok(m)) if a == m && has_its_own_boundaries(&a.value) => Ok(()),
        (Err(a), Err(m)) if a.kind() == m.kind() && a.index() == m.index() => Ok(()),
        // Only the join has a base to read a relative text against.
        (Err(a), _) if a.kind() == ParseErrorKind::MissingScheme => Ok(()),
        (alone, machine) => Err(format!("{text:?}: {alone:?} / {machine:?}")),
    }
}

#[test]
fn the_common_path_agrees_with_the_machine_on_the_corpus() {
    let corpus = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../bench/data/corpus.txt"
    ))
    .unwrap();
    let mut checked = 0;
    for line in corpus.lines() {
        agrees_with_the_machine(line).unwrap();
        checked += 1;
    }
    assert!(checked >= 10_000, "{checked}");
}

/// The edges of the common path, each one a condition it tests: empty
/// credentials dropped, `file://localhost`, an IP literal browsers
/// refuse, `xn--` labels that decode or do not, a `'` in a special query,
/// a `file` URL without an authority (which gets an empty one when its
/// path is rooted).
#[test]
fn the_common_path_agrees_with_the_machine_at_its_edges() {
    for text in [
        "sc://@x",
        "http://@h/",
        "http://u:@h/",
        "http://:@h/",
        "ssh://anonymous:@h:22/",
        "file://localhost/x",
        "FILE://LocalHost/x",
        "https://[v7.a]/",
        "ldap://u@[v7.a]:1/",
        "https://xn--bcher-kva.example/",
        "https://XN--BCHER-KVA.example/",
        "https://xn--a.example/",
        "http://h/?it's",
        "http://h:80?a'b#c'd",
        "HTTP://[0:0::1]:0080",
        "file:/tmp/x",
        "FILE:/tmp/x?it's#f",
        "file:/",
        "file:/C:/x",
        "file:/c:",
        "file:tmp",
        "file:?q",
        "file:",
        "file:/%2e/x",
    ] {
        agrees_with_the_machine(text).unwrap();
        assert!(
            UriBuf::parse_lenient(text).is_ok() || text.contains("[v7") || text.contains("xn--a."),
            "{text}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(20_000))]

    /// Generated URIs near the conditions of the common path.
    #[test]
    fn the_common_path_agrees_with_the_machine(pieces in prop::collection::vec(
        prop::sample::select(vec![
            "http://", "https://", "file://", "ws://", "sc://", "sc:", "mailto:", "HTTP://", "a", "B", "0", "1",
            "255", ".", "-", "xn--", "0x", ":", ":80", ":443", ":0", ":08", ":65536", "/", "%2e", "%2E", "..",
            "?", "'", "#", "@", "localhost", "LocalHost", "[::1]", "[0:0::A]", "[v7.a]", "%41", "~", "!", "=", ";",
            "u:@", ":@", "u:p:q@", "xn--bcher-kva", "XN--a", "ex", "Xn--", "file:///", "file:", "FILE:/",
            "C:",
        ]),
        1..10,
    )) {
        let text = pieces.concat();
        prop_assert!(agrees_with_the_machine(&text).is_ok(), "{}", agrees_with_the_machine(&text).unwrap_err());
    }
}
