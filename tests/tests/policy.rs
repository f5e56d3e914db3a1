//! The boundary policy (DESIGN.md policy 12): every row of the IANA
//! special-purpose registries classified, a hostile list refused by the
//! public-web preset, and a property read through `url` as an independent
//! reader of the host.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

use proptest::prelude::*;
use proptest::test_runner::Config;
use uri::policy::{
    HostClass, Policy, Refusal, Rule, classify_host, classify_ip, special_purpose_block,
};
use uri::{Component, Uri};

use HostClass as C;

/// The first and last address of a block.
fn ends(cidr: &str) -> (IpAddr, IpAddr) {
    let (network, prefix) = cidr.split_once('/').unwrap();
    let prefix: u32 = prefix.parse().unwrap();
    match network.parse::<IpAddr>().unwrap() {
        IpAddr::V4(a) => {
            let mask = if prefix == 0 {
                0
            } else {
                u32::MAX << (32 - prefix)
            };
            let first = a.to_bits() & mask;
            (
                IpAddr::V4(Ipv4Addr::from_bits(first)),
                IpAddr::V4(Ipv4Addr::from_bits(first | !mask)),
            )
        }
        IpAddr::V6(a) => {
            let mask = if prefix == 0 {
                0
            } else {
                u128::MAX << (128 - prefix)
            };
            let first = a.to_bits() & mask;
            (
                IpAddr::V6(Ipv6Addr::from_bits(first)),
                IpAddr::V6(Ipv6Addr::from_bits(first | !mask)),
            )
        }
    }
}

/// Each row of the IPv4 registry (as revised 2020-09-04) and RFC 5771's
/// multicast block: both ends of the block have the row's class, unless a
/// more specific row listed in the registry holds that end (noted).
#[test]
fn every_ipv4_registry_row() {
    for (cidr, first, last) in [
        ("0.0.0.0/8", C::Unspecified, C::Unspecified),
        ("0.0.0.0/32", C::Unspecified, C::Unspecified),
        ("10.0.0.0/8", C::PrivateUse, C::PrivateUse),
        (
            "100.64.0.0/10",
            C::SharedAddressSpace,
            C::SharedAddressSpace,
        ),
        ("127.0.0.0/8", C::Loopback, C::Loopback),
        ("169.254.0.0/16", C::LinkLocal, C::LinkLocal),
        ("172.16.0.0/12", C::PrivateUse, C::PrivateUse),
        ("192.0.0.0/24", C::ProtocolAssignment, C::ProtocolAssignment),
        ("192.0.0.0/29", C::ProtocolAssignment, C::ProtocolAssignment),
        ("192.0.0.8/32", C::ProtocolAssignment, C::ProtocolAssignment),
        (
            "192.0.0.9/32",
            C::GlobalSpecialPurpose,
            C::GlobalSpecialPurpose,
        ),
        (
            "192.0.0.10/32",
            C::GlobalSpecialPurpose,
            C::GlobalSpecialPurpose,
        ),
        (
            "192.0.0.170/32",
            C::ProtocolAssignment,
            C::ProtocolAssignment,
        ),
        (
            "192.0.0.171/32",
            C::ProtocolAssignment,
            C::ProtocolAssignment,
        ),
        ("192.0.2.0/24", C::Documentation, C::Documentation),
        (
            "192.31.196.0/24",
            C::GlobalSpecialPurpose,
            C::GlobalSpecialPurpose,
        ),
        (
            "192.52.193.0/24",
            C::GlobalSpecialPurpose,
            C::GlobalSpecialPurpose,
        ),
        ("192.88.99.0/24", C::Reserved, C::Reserved),
        ("192.168.0.0/16", C::PrivateUse, C::PrivateUse),
        (
            "192.175.48.0/24",
            C::GlobalSpecialPurpose,
            C::GlobalSpecialPurpose,
        ),
        ("198.18.0.0/15", C::Benchmarking, C::Benchmarking),
        ("198.51.100.0/24", C::Documentation, C::Documentation),
        ("203.0.113.0/24", C::Documentation, C::Documentation),
        ("224.0.0.0/4", C::Multicast, C::Multicast),
        // The last address of 240.0.0.0/4 is the broadcast row.
        ("240.0.0.0/4", C::Reserved, C::Broadcast),
        ("255.255.255.255/32", C::Broadcast, C::Broadcast),
    ] {
        let (a, b) = ends(cidr);
        assert_eq!((classify_ip(a), classify_ip(b)), (first, last), "{cidr}");
        assert!(special_purpose_block(a).is_some(), "{cidr}");
    }
    // Just outside the blocks: public.
    for address in [
        "9.255.255.255",
        "11.0.0.0",
        "100.63.255.255",
        "100.128.0.0",
        "172.15.255.255",
        "172.32.0.0",
        "192.0.1.0",
        "192.167.255.255",
        "198.17.255.255",
        "198.20.0.0",
        "223.255.255.255",
        "1.1.1.1",
        "8.8.8.8",
    ] {
        let ip: IpAddr = address.parse().unwrap();
        assert_eq!(classify_ip(ip), C::Public, "{address}");
        assert_eq!(special_purpose_block(ip), None, "{address}");
    }
}

/// Each row of the IPv6 registry (as revised 2024-10-22), RFC 4291's
/// multicast block and the deprecated IPv4-compatible form; the blocks
/// that embed an IPv4 address have the class of the address they embed.
#[test]
fn every_ipv6_registry_row() {
    for (cidr, first, last) in [
        ("::1/128", C::Loopback, C::Loopback),
        ("::/128", C::Unspecified, C::Unspecified),
        // Embeds 0.0.0.0 and 255.255.255.255.
        ("::ffff:0:0/96", C::Unspecified, C::Broadcast),
        ("64:ff9b::/96", C::Unspecified, C::Broadcast),
        ("64:ff9b:1::/48", C::Reserved, C::Reserved),
        ("100::/64", C::DiscardOnly, C::DiscardOnly),
        // Its first address is Teredo's, whose client (the last 32 bits,
        // inverted) is 255.255.255.255.
        ("2001::/23", C::Broadcast, C::ProtocolAssignment),
        (
            "2001:1::1/128",
            C::GlobalSpecialPurpose,
            C::GlobalSpecialPurpose,
        ),
        (
            "2001:1::2/128",
            C::GlobalSpecialPurpose,
            C::GlobalSpecialPurpose,
        ),
        (
            "2001:1::3/128",
            C::GlobalSpecialPurpose,
            C::GlobalSpecialPurpose,
        ),
        ("2001:2::/48", C::Benchmarking, C::Benchmarking),
        (
            "2001:3::/32",
            C::GlobalSpecialPurpose,
            C::GlobalSpecialPurpose,
        ),
        (
            "2001:4:112::/48",
            C::GlobalSpecialPurpose,
            C::GlobalSpecialPurpose,
        ),
        ("2001:10::/28", C::Reserved, C::Reserved),
        (
            "2001:20::/28",
            C::GlobalSpecialPurpose,
            C::GlobalSpecialPurpose,
        ),
        (
            "2001:30::/28",
            C::GlobalSpecialPurpose,
            C::GlobalSpecialPurpose,
        ),
        ("2001:db8::/32", C::Documentation, C::Documentation),
        // 6to4 of 0.0.0.0 and of 255.255.255.255.
        ("2002::/16", C::Unspecified, C::Broadcast),
        (
            "2620:4f:8000::/48",
            C::GlobalSpecialPurpose,
            C::GlobalSpecialPurpose,
        ),
        ("3fff::/20", C::Documentation, C::Documentation),
        ("5f00::/16", C::Reserved, C::Reserved),
        ("fc00::/7", C::UniqueLocal, C::UniqueLocal),
        ("fe80::/10", C::LinkLocal, C::LinkLocal),
        ("ff00::/8", C::Multicast, C::Multicast),
    ] {
        let (a, b) = ends(cidr);
        assert_eq!((classify_ip(a), classify_ip(b)), (first, last), "{cidr}");
        assert!(special_purpose_block(a).is_some(), "{cidr}");
    }
    // The forms that embed IPv4, with a public and a private address.
    for (address, class) in [
        ("::ffff:8.8.8.8", C::Public),
        ("::ffff:192.168.1.1", C::PrivateUse),
        ("::127.0.0.1", C::Loopback),
        ("64:ff9b::a9fe:a9fe", C::LinkLocal),
        ("64:ff9b::808:808", C::Public),
        ("2002:7f00:1::", C::Loopback),
        ("2002:808:808::1", C::Public),
        // Teredo: the client is the last 32 bits, inverted.
        ("2001:0:4136:e378:8000:63bf:80ff:fffe", C::Loopback),
        ("2001:0:4136:e378:8000:63bf:f7f7:f7f7", C::Public),
        ("2606:4700::1111", C::Public),
    ] {
        assert_eq!(classify_ip(address.parse().unwrap()), class, "{address}");
    }
}

#[test]
fn special_use_names_are_classified_in_any_case_and_with_a_final_dot() {
    for (host, class) in [
        ("localhost", C::Loopback),
        ("LOCALHOST.", C::Loopback),
        ("api.localhost", C::Loopback),
        ("printer.local", C::LinkLocal),
        ("router.home.arpa", C::PrivateUse),
        ("db.internal", C::PrivateUse),
        ("ipv4only.arpa", C::ProtocolAssignment),
        ("example.com", C::Public),
        ("www.Example.NET", C::Public),
        ("x.example", C::Documentation),
        ("metadata", C::SingleLabel),
        ("a.test", C::SpecialUseName),
        ("a.invalid", C::SpecialUseName),
        (
            "duckduckgogg42xjoc72x3sjasowoarfbgcmvfimaftt6twagswzczad.onion",
            C::SpecialUseName,
        ),
        ("x.alt", C::SpecialUseName),
        ("rust-lang.org", C::Public),
        ("localhost.example.co", C::Public),
        ("%6Cocalhost", C::Loopback),
        ("%FF", C::Unresolvable),
        ("a%2Fb", C::Unresolvable),
    ] {
        let text = format!("http://{host}/");
        let uri = Uri::parse(&text).unwrap();
        assert_eq!(classify_host(&uri.host_parsed().unwrap()), class, "{host}");
    }
}

#[test]
fn the_public_web_preset_refuses_the_hostile_list() {
    let policy = Policy::public_web();
    for hostile in [
        "http://127.0.0.1/",
        "http://127.1/",
        "http://0x7f.1/",
        "http://0x7F000001/",
        "http://2130706433/",
        "http://017700000001/",
        "http://0177.0.0.1/",
        "http://127.0.0.1./",
        "http://0/",
        "http://[::1]/",
        "http://[::]/",
        "http://[::ffff:127.0.0.1]/",
        "http://[::ffff:7f00:1]/",
        "http://[0:0:0:0:0:ffff:a9fe:a9fe]/",
        "http://[64:ff9b::10.0.0.1]/",
        "http://[2002:c0a8:101::]/",
        "http://[fe80::1%25eth0]/",
        "http://[fd00::1]/",
        "http://169.254.169.254/latest/meta-data/",
        "http://100.100.100.200/",
        "http://192.168.0.1:8080/",
        "http://10.0.0.1/",
        "http://localhost/",
        "http://LOCALHOST/",
        "http://localhost./",
        "http://a.b.localhost/",
        "http://%6C%6F%63%61%6C%68%6F%73%74/",
        "http://metadata.google.internal/",
        "http://printer.local/",
        "http://www.example/",
        "http://metadata/",
        "http://[v1.x]/",
        "http://user:pass@public.example.org.uk/",
        "ftp://ftp.rust-lang.org/",
        "file:///etc/passwd",
        "http:/path-only",
    ] {
        let parsed = Uri::parse(hostile)
            .or_else(|_| Uri::parse_with(hostile, uri::ParseOptions::RFC3986.with_zone_ids()));
        let Ok(uri) = parsed else {
            panic!("{hostile} does not parse")
        };
        assert!(policy.check(&uri).is_err(), "{hostile}");
    }
    for idn in [
        "http://local%C2%ADhost/",
        "http://%EF%BD%8C%EF%BD%8F%EF%BD%83%EF%BD%81%EF%BD%8C%EF%BD%88%EF%BD%8F%EF%BD%93%EF%BD%94/",
    ] {
        // UTS 46 maps the soft hyphen away and fullwidth letters to ASCII.
        let err = policy.check(&Uri::parse(idn).unwrap()).unwrap_err();
        assert_eq!(
            err.violations()[0].rule(),
            Rule::HostClass(C::Loopback),
            "{idn}"
        );
    }
    for fine in [
        "https://hooks.slack.com/services/T0/B0/x",
        "http://93.184.215.14:8080/x?y#z",
        "https://[2606:4700::1111]/",
    ] {
        assert_eq!(policy.check(&Uri::parse(fine).unwrap()), Ok(()), "{fine}");
    }
}

#[test]
fn every_broken_rule_is_reported_with_its_range() {
    let policy = Policy::new()
        .allow_scheme("https")
        .allow_host("*.example.com")
        .allow_port(443)
        .deny_password()
        .deny_query()
        .deny_fragment()
        .deny_class(C::Loopback)
        .require(Component::Path)
        .max_length(30);
    let input = "http://u:pw@localhost:80?q=1#f";
    let err = policy.check(&Uri::parse(input).unwrap()).unwrap_err();
    let found: Vec<(&str, &str)> = err
        .violations()
        .iter()
        .map(|v| (v.rule().name(), &input[v.index()..v.index() + v.len()]))
        .collect();
    assert_eq!(
        found,
        [
            ("scheme", "http"),
            ("password", "pw"),
            ("host", "localhost"),
            ("host-class", "localhost"),
            ("port", "80"),
            ("required", ""),
            ("query", "?q=1"),
            ("fragment", "#f"),
        ]
    );
    let long = "https://a.example.com/0123456789";
    let err = policy.check(&Uri::parse(long).unwrap()).unwrap_err();
    assert_eq!(err.violations()[0].rule(), Rule::Length);
    assert_eq!(err.violations()[0].index(), 30);
    // Subdomains only: the apex and look-alikes are not below the domain.
    for host in ["example.com", "evil-example.com", "example.com.evil.net"] {
        let text = format!("https://{host}/x");
        assert!(policy.check(&Uri::parse(&text).unwrap()).is_err(), "{host}");
    }
}

/// A required component that is missing is reported where it would be,
/// once, whether the policy requires it alone (the presets' host) or
/// beside others, and in the order the policy required them.
#[test]
fn a_missing_required_component_is_reported_where_it_would_be() {
    let missing = |policy: &Policy, text: &str| -> Vec<(Component, usize)> {
        match policy.check(&Uri::parse(text).unwrap()) {
            Ok(()) => Vec::new(),
            Err(err) => err
                .violations()
                .iter()
                .filter_map(|v| match v.rule() {
                    Rule::Required(component) => Some((component, v.index())),
                    _ => None,
                })
                .collect(),
        }
    };
    let host = Policy::new().require(Component::Host);
    assert_eq!(
        missing(&host, "urn:isbn:0451450523"),
        [(Component::Host, 4)]
    );
    assert_eq!(
        missing(&host, "mailto:a@example.com?subject=hi"),
        [(Component::Host, 7)]
    );
    assert_eq!(
        missing(&host, "file:///etc/hosts"),
        [],
        "an empty host is a host"
    );
    assert_eq!(
        missing(&Policy::public_web(), "news:comp.lang.rust"),
        [(Component::Host, 5)]
    );

    let several = Policy::new()
        .require(Component::Fragment)
        .require(Component::Host)
        .require(Component::Query)
        .require(Component::Host);
    assert_eq!(
        missing(&several, "urn:x"),
        [
            (Component::Fragment, 5),
            (Component::Host, 4),
            (Component::Query, 5)
        ]
    );
    assert_eq!(
        missing(&several, "http://h/p?q"),
        [(Component::Fragment, 12)]
    );
    assert_eq!(missing(&several, "http://h/p?q#"), []);
    let path = Policy::new()
        .require(Component::Path)
        .require(Component::Port);
    assert_eq!(
        missing(&path, "http://h?q"),
        [(Component::Path, 8), (Component::Port, 8)]
    );
}

/// Two errors are equal when they list the same violations, whatever
/// else the URIs held: the slots past the violations hold nothing of
/// either URI.
#[test]
fn errors_with_the_same_violations_are_equal() {
    let policy = Policy::public_web();
    let error = |text: &str| policy.check(&Uri::parse(text).unwrap()).unwrap_err();
    assert_eq!(error("http://10.0.0.1/a"), error("http://10.0.0.1/b?q"));
    assert_ne!(error("http://10.0.0.1/a"), error("http://10.0.0.10/a"));
    assert_ne!(error("http://10.0.0.1/a"), error("http://u@10.0.0.1/a"));
}

/// `Policy::parse` is `Uri::parse` then `check`, whatever the text: the
/// same URI, the same parse error, the same violations. Over the
/// benchmark corpus (10,000 lines of every shape, about half refused by
/// the preset) and the hostile hosts, under policies that take each way
/// through the check: the class alone, host patterns, ports.
#[test]
fn parsing_under_a_policy_is_parsing_then_checking() {
    let corpus = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../bench/data/corpus.txt"
    ))
    .unwrap();
    let policies = [
        Policy::public_web(),
        Policy::new(),
        Policy::public_web()
            .allow_host("*.example.com")
            .allow_port(443)
            .deny_fragment(),
        Policy::new()
            .allow_scheme("https")
            .deny_password()
            .deny_query()
            .require(Component::Port)
            .max_length(40),
    ];
    let extra = [
        "http://0x7f.1/",
        "http://[::ffff:127.0.0.1]:80/",
        "http://%6C%6F%63%61%6C%68%6F%73%74/",
        "not a uri",
        "",
    ];
    let mut refused = [0; 2];
    for text in corpus.lines().chain(extra) {
        for policy in &policies {
            let one_call = policy.parse(text);
            let two_calls = match Uri::parse(text) {
                Err(err) => Err(Refusal::Parse(err)),
                Ok(uri) => match policy.check(&uri) {
                    Ok(()) => Ok(uri),
                    Err(err) => Err(Refusal::Policy(err)),
                },
            };
            match (&one_call, &two_calls) {
                (Ok(a), Ok(b)) => assert!(
                    a.as_str() == b.as_str() && a.components() == b.components(),
                    "{text}"
                ),
                _ => assert_eq!(one_call.err(), two_calls.err(), "{text}"),
            }
            match one_call {
                Err(Refusal::Parse(_)) => refused[0] += 1,
                Err(Refusal::Policy(_)) => refused[1] += 1,
                Err(other) => panic!("{text}: a refusal of neither kind, {other:?}"),
                Ok(_) => {}
            }
        }
    }
    // Both ways of refusing were taken, many times.
    assert!(refused.iter().all(|&n| n > 1_000), "{refused:?}");
}

/// A refusal of either kind tells a person what and where, names its
/// error as its source, and comes from either error through `?`.
#[test]
#[allow(
    clippy::result_large_err,
    reason = "a caller's own function returning a refusal, as `Refusal`'s doc describes"
)]
fn a_refusal_says_what_and_where_whichever_its_kind() {
    let policy = Policy::public_web();
    let input = "http://exa mple.com/";
    let refused = policy.parse(input).unwrap_err();
    assert!(matches!(refused, Refusal::Parse(_)));
    // The drawing alone: printed after the message, nothing is said
    // twice.
    assert_eq!(
        refused.render(input).to_string(),
        "http://exa mple.com/\n          ^"
    );
    let input = "ftp://user@10.0.0.7/";
    let refused = policy.parse(input).unwrap_err();
    let drawing = refused.render(input).to_string();
    assert_eq!(
        drawing,
        "ftp://****@10.0.0.7/\n^^^ scheme\n\
         ftp://****@10.0.0.7/\n      ^^^^ userinfo\n\
         ftp://****@10.0.0.7/\n           ^^^^^^^^ host-class (private-use)"
    );
    for sentence in refused.to_string().split("; ") {
        assert!(sentence.starts_with("the "), "{sentence}");
        assert!(!drawing.contains(sentence), "{sentence}");
    }
    for input in ["http://exa mple.com/", "http://127.0.0.1/"] {
        let refused = policy.parse(input).unwrap_err();
        let source = std::error::Error::source(&refused).map(ToString::to_string);
        assert_eq!(source, Some(refused.to_string()), "{input}");
    }
    // The two calls, each error taken into a refusal by `?`.
    let two_calls = |text| -> Result<(), Refusal> {
        policy.check(&Uri::parse(text)?)?;
        Ok(())
    };
    for input in [
        "http://exa mple.com/",
        "http://127.0.0.1/",
        "https://rust-lang.org/",
    ] {
        assert_eq!(two_calls(input).err(), policy.parse(input).err(), "{input}");
    }
}

/// Any text of a URI's host, read by `url` (an independent reader that
/// knows the number notations, IPv4 inside IPv6 and IDNA): when `url`
/// reads an address in a class that is not globally reachable, or a
/// special-use name, the public-web preset refuses the URI.
fn host_text() -> impl Strategy<Value = String> {
    let ipv4 = (any::<u32>(), 0..5usize).prop_map(|(bits, form)| {
        let [a, b, c, d] = bits.to_be_bytes();
        match form {
            0 => format!("{a}.{b}.{c}.{d}"),
            1 => format!("{bits}"),
            2 => format!("0x{bits:x}"),
            3 => format!("{a}.{}", u32::from_be_bytes([0, b, c, d])),
            _ => format!("0{a:o}.{b}.{c}.{d}"),
        }
    });
    let special_v4 = prop::sample::select(vec![
        "127.0.0.1",
        "10.1.2.3",
        "172.16.5.4",
        "192.168.1.1",
        "169.254.169.254",
        "100.64.0.1",
        "0.0.0.0",
        "192.0.2.1",
        "198.18.0.1",
        "224.0.0.1",
        "255.255.255.255",
        "240.0.0.1",
    ]);
    let embedded = (special_v4, 0..4usize).prop_map(|(v4, form)| {
        let bits = v4.parse::<Ipv4Addr>().unwrap().to_bits();
        match form {
            0 => format!("[::ffff:{v4}]"),
            1 => format!("[64:ff9b::{:x}:{:x}]", bits >> 16, bits & 0xffff),
            2 => format!("[2002:{:x}:{:x}::]", bits >> 16, bits & 0xffff),
            _ => format!("[::{v4}]"),
        }
    });
    let names = (
        prop::sample::select(vec![
            "localhost",
            "local",
            "internal",
            "home.arpa",
            "example",
            "test",
            "onion",
            "rust-lang.org",
        ]),
        prop::sample::select(vec!["", "a.", "A.b."]),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(suffix, sub, upper, dot)| {
            let mut name = format!("{sub}{suffix}");
            if upper {
                name = name.to_uppercase();
            }
            if dot {
                name.push('.');
            }
            name
        });
    prop_oneof![ipv4, embedded, names]
}

proptest! {
    #![proptest_config(Config { cases: 20_000, failure_persistence: None, ..Config::default() })]

    #[test]
    fn nothing_that_reaches_a_refused_class_passes_the_public_web_preset(host in host_text()) {
        let text = format!("http://{host}/");
        let Ok(uri) = Uri::parse(&text) else { return Ok(()) };
        let Ok(url) = url::Url::parse(&text) else {
            // A host the browser refuses reaches nothing; it must not
            // pass as public either unless it is an ordinary name.
            return Ok(());
        };
        let refused_by_url_reading = match url.host() {
            Some(url::Host::Ipv4(a)) => !classify_ip(IpAddr::V4(a)).is_globally_reachable(),
            Some(url::Host::Ipv6(a)) => !classify_ip(IpAddr::V6(a)).is_globally_reachable(),
            Some(url::Host::Domain(d)) => {
                let d = d.trim_end_matches('.');
                !d.contains('.')
                    || ["localhost", "local", "internal", "home.arpa", "example", "test", "onion"]
                        .iter()
                        .any(|s| d == *s || d.ends_with(&format!(".{s}")))
            }
            None => true,
        };
        if refused_by_url_reading {
            prop_assert!(Policy::public_web().check(&uri).is_err(), "{} passed", text);
        }
    }
}
