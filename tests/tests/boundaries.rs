//! Round three of the boundary holes: each reproducer that an outside
//! review found admitted or shown, pinned as a regression, and each
//! family of them generated as a property. The policy assumes the worst
//! common reader; nothing shown drives a terminal or leaks a secret; no
//! decoded part becomes structure.

use std::net::IpAddr;

use proptest::prelude::*;
use proptest::test_runner::Config;
use uri::policy::{HostClass, Policy, Rule, classify_ip};
use uri::scheme::file::{PathStyle, path_to_uri, uri_to_path};
use uri::scheme::ftp::FtpUri;
use uri::scheme::mailto::Mailto;
use uri::{Uri, UriBuf, UriRefBuf, pct, scheme::SchemeErrorKind, uri_template::UriTemplate};

// The runtime under the name the shared probes import it by.
extern crate uri as uri_runtime;

#[path = "common/policy_probe.rs"]
mod policy_probe;
use policy_probe::{admitted, class_of};

// 1. IPv6 outside 2000::/3, the deprecated site-local block, and the
//    IPv4-translated form.

#[test]
fn ipv6_outside_global_unicast_and_deprecated_forms_are_refused() {
    for (text, class) in [
        ("http://[fec0::1]/", HostClass::Reserved),
        ("http://[feff::1]/", HostClass::Reserved),
        ("http://[4000::1]/", HostClass::Reserved),
        ("http://[1::1]/", HostClass::Reserved),
        ("http://[::ffff:0:a9fe:a9fe]/", HostClass::LinkLocal),
        ("http://[::ffff:0:127.0.0.1]/", HostClass::Loopback),
        ("http://[::ffff:0:8.8.8.8]/", HostClass::Public),
    ] {
        assert_eq!(class_of(text), class, "{text}");
    }
    assert!(!admitted("http://[fec0::1]/"));
    assert!(!admitted("http://[::ffff:0:a9fe:a9fe]/"));
    assert!(admitted("http://[2606:4700::1111]/"));
}

// 2. Leading-zero IPv4 spellings that decimal readers take elsewhere.

#[test]
fn leading_zero_quads_are_ambiguous() {
    for text in [
        "http://0169.254.169.254/",
        "http://0192.168.1.1/",
        "http://10.0.0.09/",
        "http://010.0.0.1/",
        "http://0127.0.0.1/",
    ] {
        assert_eq!(class_of(text), HostClass::Ambiguous, "{text}");
        let Err(uri::policy::Refusal::Policy(err)) = Policy::public_web().parse(text) else {
            panic!("{text} admitted");
        };
        assert_eq!(
            err.violations()[0].rule(),
            Rule::HostClass(HostClass::Ambiguous)
        );
    }
    // Where every reader agrees there is no doubt: the address's class.
    assert_eq!(class_of("http://01.02.03.04/"), HostClass::Public);
    assert_eq!(class_of("http://0x7f.1/"), HostClass::Loopback);
    // A host rule cannot be met by a host readers part ways on.
    let only = Policy::new().allow_host("8.0.0.1");
    assert!(
        only.check(&Uri::parse("http://010.0.0.1/").unwrap())
            .is_err()
    );
}

// 3. Special-use names with more than one trailing dot, or any empty label.

#[test]
fn names_with_empty_labels_are_ambiguous() {
    for text in [
        "http://localhost../",
        "http://localhost%2e%2e/",
        "http://x.onion../",
        "http://example..com/",
        "http://.localhost/",
        "http://a.very.long.name.that.is.longer.than.thirty.two..example.com/",
    ] {
        assert_eq!(class_of(text), HostClass::Ambiguous, "{text}");
        assert!(!admitted(text), "{text}");
    }
    assert_eq!(class_of("http://localhost./"), HostClass::Loopback);
    // The lenient reading of ideographic full stops gives the same name.
    let wild = UriBuf::parse_lenient("http://localhost\u{3002}\u{3002}/");
    if let Ok(read) = wild {
        assert!(!admitted(read.value.as_str()), "{}", read.value);
    }
}

// 4. Names hosts answer without DNS.

#[test]
fn names_answered_by_the_host_itself_are_not_public() {
    for (text, class) in [
        ("http://localhost.localdomain/", HostClass::Loopback),
        ("http://ip6-localhost/", HostClass::Loopback),
        ("http://ip6-loopback/", HostClass::Loopback),
        ("http://_gateway/", HostClass::PrivateUse),
        ("http://_localdnsstub/", HostClass::Loopback),
        ("http://IP6-LOCALHOST./", HostClass::Loopback),
    ] {
        assert_eq!(class_of(text), class, "{text}");
        assert!(!admitted(text), "{text}");
    }
}

// 5. A rule added to a preset narrows it.

#[test]
fn a_scheme_added_to_a_preset_narrows_it() {
    let https = Policy::public_web().allow_scheme("https");
    let check = |policy: &Policy, text: &str| policy.check(&Uri::parse(text).unwrap()).is_ok();
    assert!(!check(&https, "http://hooks.slack.com/x"));
    assert!(check(&https, "https://hooks.slack.com/x"));
    assert!(!check(
        &Policy::public_web().allow_scheme("gopher"),
        "gopher://hooks.slack.com/x"
    ));
    let wss = Policy::public_web().widen_scheme("wss");
    assert!(check(&wss, "wss://hooks.slack.com/x"));
}

// 7. Secrets, however the text parses.

#[test]
fn policy_drawings_hide_the_userinfo_and_port_like_passwords() {
    for input in [
        "https://admin:hunter2@10.0.0.1/",
        "postgres://admin:1234/abcd@127.0.0.1/app",
    ] {
        let uri = Uri::parse(input).unwrap();
        let err = Policy::new()
            .allow_scheme("https")
            .deny_class(HostClass::Loopback)
            .deny_class(HostClass::PrivateUse)
            .deny_class(HostClass::Ambiguous)
            .deny_password()
            .check(&uri)
            .unwrap_err();
        let drawn = err.render(input).to_string();
        for secret in ["hunter2", "1234/abcd"] {
            assert!(!drawn.contains(secret), "{drawn}");
        }
    }
}

// 8. Decoded parts of ftp and mailto views.

#[test]
fn ftp_and_mailto_views_refuse_escapes_that_spell_structure_or_controls() {
    let ftp = |text: &str| {
        FtpUri::new(Uri::parse(text).unwrap())
            .map(|_| ())
            .map_err(|e| e.kind())
    };
    assert_eq!(
        ftp("ftp://h/%2E%2E/x").unwrap_err(),
        SchemeErrorKind::SegmentStructure
    );
    assert_eq!(
        ftp("ftp://h/a%2Fb").unwrap_err(),
        SchemeErrorKind::SegmentStructure
    );
    for escape in ["%C2%85", "%E2%80%A8", "%E2%80%AE"] {
        for text in [
            format!("mailto:a@x?subject=a{escape}b"),
            format!("mailto:a@x?x-header=a{escape}b"),
        ] {
            let err = Mailto::new(Uri::parse(&text).unwrap()).unwrap_err();
            assert_eq!(err.kind(), SchemeErrorKind::ControlCharacter, "{text}");
        }
    }
    // A body is free text: a NEL there is text, a NUL is not.
    assert!(Mailto::new(Uri::parse("mailto:a@x?body=a%C2%85b").unwrap()).is_ok());
    assert!(Mailto::new(Uri::parse("mailto:a@x?body=a%00b").unwrap()).is_err());
}

// 9. The decoded accessors hand out no control character.

#[test]
fn decoded_names_refuse_controls_and_line_breaks() {
    let u = Uri::parse("https://u%0D%0AX:p%00w@h/a%C2%85b/c#x%E2%80%A8y").unwrap();
    assert!(u.username().unwrap().is_err());
    assert!(u.password().unwrap().is_err());
    let segments: Vec<_> = u.path_segments_decoded().collect();
    assert_eq!(
        segments[0].as_ref().unwrap_err().kind(),
        pct::DecodeErrorKind::ControlCharacter
    );
    assert_eq!(segments[0].as_ref().unwrap_err().index(), 26);
    assert_eq!(segments[1].as_deref(), Ok("c"));
    assert!(u.fragment_decoded().unwrap().is_err());
    // Query values are data, documented to hold any character.
    let q = Uri::parse("https://h/?comment=a%0D%0Ab").unwrap();
    assert_eq!(q.query_value("comment").unwrap().unwrap(), "a\r\nb");
}

// 10. A template value cannot move the host.

#[test]
fn template_values_cannot_change_the_authority_with_the_guard() {
    let t = UriTemplate::parse("http://good.com{.d}").unwrap();
    assert_eq!(
        t.expand(&[("d", "evil.com")]).unwrap(),
        "http://good.com.evil.com"
    );
    assert!(t.expand_fixed_authority(&[("d", "evil.com")]).is_err());
    let t = UriTemplate::parse("http://{+host}@good.com/").unwrap();
    assert_eq!(
        t.expand(&[("host", "evil.com#")]).unwrap().host(),
        Some("evil.com")
    );
    assert!(t.expand_fixed_authority(&[("host", "evil.com#")]).is_err());
    assert!(t.expand_data(&[("host", "evil.com#")]).is_err());
}

// 11, 12. Whatever the file writer writes, its reader reads back.

#[test]
fn the_file_writer_never_writes_a_device_or_a_server_it_refuses() {
    for path in [
        r"\\?\UNC\.\C:\Windows\",
        r"\\?\UNC\.\COM1",
        r"\\..\share\x",
        r"\\.\share\x",
        r"\\?\UNC\?\x\y",
    ] {
        assert!(path_to_uri(path, PathStyle::Windows).is_err(), "{path}");
    }
}

proptest! {
    #![proptest_config(Config { cases: 20_000, failure_persistence: None, ..Config::default() })]

    /// Family 1: every IPv6 address outside 2000::/3 is refused by the
    /// public-web preset, whatever block holds it.
    #[test]
    fn no_address_outside_global_unicast_is_public(bits in any::<u128>()) {
        let address = std::net::Ipv6Addr::from_bits(bits);
        let global_unicast = address.segments()[0] & 0xe000 == 0x2000;
        let class = classify_ip(IpAddr::V6(address));
        let embeds = uri::policy::embedded_ipv4(address).is_some();
        if !global_unicast && !embeds {
            prop_assert!(!class.is_globally_reachable(), "{} is {}", address, class);
        }
        let text = format!("http://[{address}]/");
        prop_assert_eq!(admitted(&text), class.is_globally_reachable(), "{}", text);
    }

    /// Family 2: a dotted quad with a leading zero is admitted only where
    /// its decimal and octal readings are the same public address.
    #[test]
    fn leading_zero_quads_are_admitted_only_where_readers_agree(
        octets in prop::array::uniform4(0u8..=255),
        zeros in prop::array::uniform4(0usize..3),
    ) {
        let parts: Vec<String> = octets
            .iter()
            .zip(zeros)
            .map(|(octet, zeros)| format!("{}{octet}", "0".repeat(zeros)))
            .collect();
        let text = format!("http://{}/", parts.join("."));
        let decimal = std::net::Ipv4Addr::from(octets);
        let octal: Option<Vec<u32>> = parts
            .iter()
            .map(|part| {
                if part.len() > 1 && part.starts_with('0') {
                    u32::from_str_radix(&part[1..], 8).ok()
                } else {
                    part.parse().ok()
                }
            })
            .collect();
        let agree = octal.as_deref() == Some(&octets.map(u32::from)[..]);
        let public = classify_ip(IpAddr::V4(decimal)).is_globally_reachable();
        prop_assert_eq!(admitted(&text), agree && public, "{}", text);
    }

    /// Families 3 and 4: a special or local name with any run of empty
    /// labels, in any case, escaped or not, is never admitted.
    #[test]
    fn special_names_are_refused_however_they_are_dotted(
        name in prop::sample::select(vec![
            "localhost", "x.onion", "printer.local", "a.internal", "localhost.localdomain",
            "ip6-localhost", "_gateway", "_localdnsstub", "www.example", "x.test",
        ]),
        dots in 1usize..4,
        upper in any::<bool>(),
        escaped in any::<bool>(),
    ) {
        let name = if upper { name.to_ascii_uppercase() } else { name.to_owned() };
        let dot = if escaped { "%2E" } else { "." };
        let text = format!("http://{name}{}/", dot.repeat(dots));
        prop_assert!(!admitted(&text), "{}", text);
        let inner = format!("http://{}/", name.replacen('.', &dot.repeat(dots + 1), 1));
        prop_assert!(!admitted(&inner), "{}", inner);
    }

    /// Family 6: whatever a value decodes to, the text shown for it holds
    /// no character that acts on a terminal.
    #[test]
    fn nothing_shown_acts_on_a_terminal(c in any::<char>(), around in "[a-z%]{0,3}") {
        let raw = format!("{around}{c}{around}");
        let encoded = pct::encode(&raw, &pct::UNRESERVED);
        let decoded = pct::decode_lossy(&encoded);
        let shown = pct::encode_unshowable(&decoded);
        let acts = uri::pct::classes::escaped_when_shown;
        prop_assert!(!shown.chars().any(acts), "{:?}", shown);
        // And nothing else changes.
        if !decoded.chars().any(acts) {
            prop_assert_eq!(shown.as_ref(), decoded.as_ref());
        }
    }

    /// Family 7: a password, however the text around it parses (a raw
    /// `/`, `?` or `#` in it, digits that read as a port), never reaches
    /// the redacted display or a policy's drawing.
    #[test]
    fn secrets_stay_hidden_however_the_text_parses(
        user in "[a-z]{1,6}",
        secret in "[1-9][0-9]{3,4}|[A-Z]{6}[0-9]{2}",
        after in prop::sample::select(vec!["", "/x", "?t", "#f", "/", "@x"]),
        host in prop::sample::select(vec!["db", "10.0.0.1", "127.0.0.1"]),
    ) {
        let text = format!("postgres://{user}:{secret}{after}@{host}/app");
        let Ok(uri) = UriRefBuf::parse(&text) else { return Ok(()) };
        let shown = uri.redacted().to_string();
        prop_assert!(!shown.contains(&format!("{secret}{after}")), "{} -> {}", text, shown);
        if let Some(uri) = uri.as_uri()
            && let Err(err) = Policy::public_web().check(&uri)
        {
            let drawn = err.render(&text).to_string();
            prop_assert!(!drawn.contains(&secret), "{} -> {}", text, drawn);
        }
    }

    /// Families 11 and 12: whatever UNC path the writer turns into a URI,
    /// the reader reads back, and it names no device.
    #[test]
    fn every_unc_uri_written_is_read_back(
        verbatim in any::<bool>(),
        server in prop::sample::select(vec![".", "..", "?", "srv", "a b", "...", ".x", "localhost", "%"]),
        share in prop::sample::select(vec!["share", "C:", "COM1", ".", "x y"]),
        rest in prop::collection::vec(prop::sample::select(vec!["a", "Windows", "b c", "é"]), 0..3),
    ) {
        let prefix = if verbatim { r"\\?\UNC\" } else { r"\\" };
        let path = format!("{prefix}{server}\\{share}\\{}", rest.join("\\"));
        if let Ok(uri) = path_to_uri(&path, PathStyle::Windows) {
            prop_assert!(!uri.as_str().starts_with("file://./"), "{} -> {}", path, uri);
            prop_assert!(!uri.as_str().starts_with("file://../"), "{} -> {}", path, uri);
            let back = uri_to_path(&uri.as_uri(), PathStyle::Windows);
            prop_assert!(back.is_ok(), "{} -> {} -> {:?}", path, uri, back);
        }
    }
}
