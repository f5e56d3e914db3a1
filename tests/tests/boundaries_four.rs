//! Round four of the boundary holes: every reader of a number, a
//! reference read without its base, a password in a path, dot segments
//! in a rootless path. Each reproducer is pinned as a regression, and
//! each family (numeric spellings, base-less readings) generated as a
//! property against a model written here, apart from the library's.

use std::net::Ipv4Addr;

use proptest::prelude::*;
use proptest::test_runner::Config;
use uri::policy::{HostClass, number_readings};
use uri::site::{NoSite, Rules};
use uri::{ParseErrorKind, SchemeRules, Uri, UriRef, UriRefBuf};

// The runtime under the name the shared model imports it by.
extern crate uri as uri_runtime;

#[path = "common/number_readers.rs"]
mod number_readers;

#[path = "common/policy_probe.rs"]
mod policy_probe;
use policy_probe::{admitted, class_of};

// 1. Short numeric hosts with a leading zero, and every other spelling
//    some reader takes as an address.

#[test]
fn short_numbers_with_a_leading_zero_are_refused() {
    for text in [
        "http://0127.1/",
        "http://010.1/",
        "http://02130706433/",
        "http://0169.254.43518/latest/meta-data/",
        "http://08.1/",
        "http://0177.1/",
    ] {
        assert_eq!(class_of(text), HostClass::Ambiguous, "{text}");
        assert!(!admitted(text), "{text}");
    }
    let readings = number_readings("0169.254.43518").unwrap();
    assert_eq!(readings.decimal, Some(Ipv4Addr::new(169, 254, 169, 254)));
    assert_eq!(readings.whatwg, None);
    assert!(readings.disputed());
}

/// One part of a numeric host in a chosen spelling.
fn spell(value: u32, how: u8) -> String {
    match how {
        0 => format!("{value}"),
        1 => format!("0{value}"),
        2 => format!("00{value}"),
        3 => format!("0{value:o}"),
        4 => format!("0x{value:x}"),
        _ => format!("0X{value:X}"),
    }
}

/// Every spelling of `address` in one to four parts, each part in every
/// spelling above.
fn spellings(address: Ipv4Addr) -> Vec<String> {
    let bits = u32::from(address);
    let [a, b, c, d] = address.octets().map(u32::from);
    let shapes: [Vec<u32>; 4] = [
        vec![bits],
        vec![a, bits & 0xff_ffff],
        vec![a, b, bits & 0xffff],
        vec![a, b, c, d],
    ];
    let mut out = Vec::new();
    for parts in shapes {
        for how in 0..6u8 {
            out.push(
                parts
                    .iter()
                    .map(|&v| spell(v, how))
                    .collect::<Vec<_>>()
                    .join("."),
            );
            // Only the first part in the other spelling.
            let mut mixed: Vec<String> = parts.iter().map(|&v| spell(v, 0)).collect();
            mixed[0] = spell(parts[0], how);
            out.push(mixed.join("."));
        }
    }
    out.sort();
    out.dedup();
    out
}

#[test]
fn every_spelling_of_a_non_public_address_is_refused() {
    let mut refused = 0;
    for address in [
        Ipv4Addr::LOCALHOST,
        Ipv4Addr::new(10, 0, 0, 1),
        Ipv4Addr::new(192, 168, 1, 1),
        Ipv4Addr::new(172, 16, 0, 1),
        Ipv4Addr::new(169, 254, 169, 254),
        Ipv4Addr::new(100, 64, 0, 1),
        Ipv4Addr::UNSPECIFIED,
    ] {
        for host in spellings(address) {
            let text = format!("http://{host}/");
            assert!(!admitted(&text), "{text} is admitted ({})", class_of(&text));
            refused += 1;
        }
    }
    assert!(refused > 242, "{refused} spellings");
}

// 4. Names of one label.

#[test]
fn single_label_names_are_not_public() {
    for text in [
        "http://metadata/",
        "http://kubernetes/",
        "http://instance-data/",
        "http://metadata./",
    ] {
        assert_eq!(class_of(text), HostClass::SingleLabel, "{text}");
        assert!(!admitted(text), "{text}");
    }
    assert_eq!(class_of("http://localhost/"), HostClass::Loopback);
    assert_eq!(
        class_of("http://metadata.google.internal/"),
        HostClass::PrivateUse
    );
    assert!(admitted("http://rust-lang.org/"));
}

// 6. Numbers no browser reads as an address.

#[test]
fn numbers_no_reader_takes_as_an_address_are_refused_and_have_no_site() {
    for text in [
        "http://4294967296/",
        "http://0x100000000/",
        "http://127.0.0.256/",
        "http://1.2.3.4.5/",
        "http://example.123/",
    ] {
        assert_eq!(class_of(text), HostClass::NotAnAddress, "{text}");
        assert!(!admitted(text), "{text}");
        let uri = Uri::parse(text).unwrap();
        let site = uri
            .registrable_domain(Rules::IcannAndPrivate)
            .map(|s| s.as_str().to_owned());
        assert_eq!(site, Err(NoSite::NotAName), "{text}");
    }
}

// 2, 3 and 5. A reference read without its base.

const BASES: [&str; 6] = [
    "http://a.example/b/c/d",
    "https://a.example/b/c/d?q#f",
    "http://a.example/",
    "ws://a.example:8080/x/y/z/",
    "ftp://a.example/pub/dir/file",
    "https://a.example",
];

/// What a reference read without a base means once resolved against
/// `base`, and what a browser makes of it with the base, both after
/// scheme-based normalization.
fn both_readings(
    base: &str,
    href: &str,
) -> (
    Result<String, ParseErrorKind>,
    Result<String, ParseErrorKind>,
) {
    let base = Uri::parse(base).unwrap();
    let alone = UriRefBuf::parse_lenient(href)
        .map(|r| {
            r.value
                .resolve_against(&base)
                .normalize_with(&SchemeRules::STANDARD)
                .to_string()
        })
        .map_err(|e| e.kind());
    let joined = base
        .join_lenient(href)
        .map(|r| r.value.normalize_with(&SchemeRules::STANDARD).to_string())
        .map_err(|e| e.kind());
    (alone, joined)
}

#[test]
fn escaped_dot_segments_resolve_as_a_browser_resolves_them() {
    for href in [
        "%2e%2e/..",
        "a/%2e/..",
        "a/.%2e/../../..",
        "%2E",
        "x/%2e%2E/y",
        "%2e./z?%2e%2e#%2e",
    ] {
        for base in BASES {
            let (alone, joined) = both_readings(base, href);
            assert_eq!(alone, joined, "{href} against {base}");
        }
    }
    let read = UriRefBuf::parse_lenient("%2e%2e/..").unwrap().value;
    assert_eq!(read, "../..");
    let base = Uri::parse("http://a.example/b/c/d").unwrap();
    assert_eq!(read.resolve_against(&base), "http://a.example/");
}

#[test]
fn readings_that_depend_on_the_base_are_refused_without_it() {
    for (href, index) in [
        ("///evil.com/x", 2),
        ("////x", 2),
        ("//", 2),
        ("//u:p@:80/", 6),
        ("//a%2fb/", 2),
        ("//0x7f.1/", 2),
        ("//127.1/", 2),
        ("C|/x", 0),
        ("/C|/x", 1),
        ("c|", 0),
        ("/a?q=it's", 7),
    ] {
        let err = UriRefBuf::parse_lenient(href).unwrap_err();
        assert_eq!(
            (err.kind(), err.index()),
            (ParseErrorKind::NeedsBase, index),
            "{href}"
        );
    }
    // An `xn--` label a browser's reading refuses is refused without the
    // base too.
    let err = UriRefBuf::parse_lenient("//cdn.xn--bcher-ks/").unwrap_err();
    assert_eq!((err.kind(), err.index()), (ParseErrorKind::InvalidIdn, 6));
    let err = UriRefBuf::parse_lenient("//h:65536/").unwrap_err();
    assert_eq!((err.kind(), err.index()), (ParseErrorKind::PortTooLarge, 4));
    // What every base reads alike is still read.
    for href in [
        "//cdn.example.net/x.js",
        "//127.0.0.1:8080/",
        "//[::1]/",
        "C:x",
        "Cx|/y",
        "?q",
        "#f",
    ] {
        assert!(UriRefBuf::parse_lenient(href).is_ok(), "{href}");
    }
}

/// A tab between a reference's two slashes is dropped as a browser drops
/// it, so `/<tab>/é` is a network-path reference whose host every special
/// base reads as the browser does (the property below once took it for a
/// path, by its text).
#[test]
fn a_tab_between_the_slashes_leaves_a_network_path_reference() {
    let read = UriRefBuf::parse_lenient("/\t/é").unwrap();
    assert_eq!(read.value.authority(), Some("xn--9ca"));
    for base in BASES {
        let (alone, joined) = both_readings(base, "/\t/é");
        assert_eq!(alone, joined, "against {base}");
    }
}

#[test]
fn ip_literals_read_without_a_base_are_written_as_every_base_writes_them() {
    let read = UriRefBuf::parse_lenient("//[0::0]/x").unwrap();
    assert_eq!(read.value, "//[::]/x");
    // A port's leading zeros go, as every base's reader drops them.
    let read = UriRefBuf::parse_lenient("//[20::1]:080/x").unwrap();
    assert_eq!(read.value, "//[20::1]:80/x");
    for base in BASES {
        let (alone, joined) = both_readings(base, "//[0:0::1]");
        assert_eq!(alone, joined, "against {base}");
    }
    let err = UriRefBuf::parse_lenient("//[v1.x]/").unwrap_err();
    assert_eq!((err.kind(), err.index()), (ParseErrorKind::InvalidIpv6, 2));
}

fn reference_piece() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "/",
        "//",
        "///",
        "\\",
        ".",
        "..",
        "%2e",
        "%2E",
        ".%2e",
        "%2e.",
        "a",
        "B",
        "h.example",
        "0x7f",
        "1",
        "127.0.0.1",
        "%41",
        "%2f",
        ":",
        ":80",
        ":65536",
        "@",
        "u:p@",
        "?",
        "#",
        "=",
        "&",
        " ",
        "\t",
        "é",
        "[::1]",
        "C|",
        "|",
        "~",
        "%",
        "%zz",
        ";",
    ])
}

proptest! {
    #![proptest_config(Config { cases: 20_000, failure_persistence: None, ..Config::default() })]

    /// Family 1: a host of numbers in any spelling is admitted only where
    /// every reader that reads an address reads the same public one.
    #[test]
    fn numeric_hosts_are_admitted_only_where_every_reader_agrees_on_a_public_address(
        parts in prop::collection::vec((any::<u32>(), 0u8..6, 0u8..4), 1..5),
    ) {
        let host = parts
            .iter()
            .enumerate()
            .map(|(i, &(value, how, width))| {
                let last = i + 1 == parts.len();
                // Mostly parts that fit, sometimes ones that do not.
                let value = if last || width == 0 { value >> (8 * (i as u32).min(3)) } else { value & 0xff };
                spell(value, how)
            })
            .collect::<Vec<_>>()
            .join(".");
        let text = format!("http://{host}/");
        prop_assume!(number_readers::ends_in_number(&host));
        prop_assert_eq!(admitted(&text), number_readers::may_admit(&host), "{} ({:?})", text, number_readings(&host));
    }

    /// Family 2: a reference read without its base means, against every
    /// base, what a browser reads with that base.
    #[test]
    fn a_reading_without_the_base_means_what_the_browser_reads_with_it(
        pieces in prop::collection::vec(reference_piece(), 0..7),
    ) {
        let href: String = pieces.concat();
        // A text with a scheme is read as a browser reads it whatever the
        // base; what the base changes is the reading of a relative one.
        let read = UriRefBuf::parse_lenient(&href);
        let relative = read.as_ref().is_ok_and(|read| read.value.scheme().is_none());
        if relative {
            for base in BASES {
                let (alone, joined) = both_readings(base, &href);
                prop_assert_eq!(&alone, &joined, "{:?} against {}", href, base);
            }
            // A path without an authority, against a base of a scheme
            // without special rules. Whether there is one is the
            // reading's to say: a tab or newline between the slashes
            // (`/\t/é`) is dropped, and the host is then read as a
            // special scheme's, which a non-special base reads opaque.
            if read.as_ref().is_ok_and(|read| read.value.authority().is_none()) {
                let (alone, joined) = both_readings("x-other://a.example/b/c/d", &href);
                prop_assert_eq!(&alone, &joined, "{:?} against x-other", href);
            }
        }
    }
}

// 7. A password in a path, where no `//` introduced an authority.

#[test]
fn a_password_without_an_authority_is_hidden() {
    for (text, shown) in [
        ("foo:u:secret13@h", "foo:***@h"),
        ("http:admin:hunter2@h/x", "http:***@h/x"),
        ("foo:/u:pw@h", "foo:/***@h"),
    ] {
        let uri = Uri::parse(text).unwrap();
        assert_eq!(uri.redacted().to_string(), shown, "{text}");
    }
    let mail = Uri::parse("mailto:joe@example.com").unwrap();
    assert_eq!(mail.redacted().to_string(), "mailto:joe@example.com");
}

// 8. Dot segments in a rootless path.

#[test]
fn normalizing_a_rootless_path_keeps_its_kind() {
    for (text, normal) in [
        ("urn:a/../b", "urn:a/../b"),
        ("javascript:alert(1)/../x", "javascript:alert(1)/../x"),
        ("URN:a/%2E%2E/b", "urn:a/../b"),
        ("foo:/a/../b", "foo:/b"),
        ("http://h/a/./b/../c", "http://h/a/c"),
    ] {
        let uri = Uri::parse(text).unwrap();
        assert_eq!(uri.normalize(), normal, "{text}");
        assert!(uri.normalize().as_uri().is_normalized(), "{text}");
    }
    // Resolution still removes them, where the base gives a root.
    let base = Uri::parse("http://h/x/y").unwrap();
    assert_eq!(
        UriRef::parse("a/../b").unwrap().resolve_against(&base),
        "http://h/x/b"
    );
}
