//! A policy check never panics, reports its violations in text order at
//! bytes inside the URI, and, under the public-web preset, refuses every
//! host whose own text reaches a class a public fetch must not reach; the
//! class read from a name's text (the check's shortcut when the class is
//! the only host rule) is the one read through the reached host (its way
//! when a host pattern is set too); `Policy::parse` gives what the
//! parse and then the check give; and a host some reader takes as an
//! IPv4 address is admitted only where every reader, modelled here apart
//! from the library (the WHATWG URL Standard and `inet_aton`; Java and Go
//! before 1.17, which read a leading zero as decimal), reaches one public
//! address.
#![no_main]

use std::net::{IpAddr, Ipv4Addr};

use libfuzzer_sys::fuzz_target;
use uri_runtime::policy::classify_ip;
use uri_runtime::Uri;
use uri_runtime::policy::{HostClass, Policy, PolicyError, Refusal, Rule, classify_host};

/// The class the check refused the host for, if it did.
fn refused_class(result: &Result<(), PolicyError>) -> Option<HostClass> {
    let err = result.as_ref().err()?;
    err.violations().iter().find_map(|violation| match violation.rule() {
        Rule::HostClass(class) => Some(class),
        _ => None,
    })
}

/// One reader of a number: one to four parts, the last filling the bytes
/// left; `octal` reads a leading zero as octal and `0x` as hexadecimal,
/// otherwise every part is decimal.
fn reader(host: &str, octal: bool) -> Option<Ipv4Addr> {
    let host = host.strip_suffix('.').unwrap_or(host);
    let parts: Vec<&str> = host.split('.').collect();
    if parts.len() > 4 {
        return None;
    }
    let mut values = Vec::new();
    for part in &parts {
        let lower = part.to_ascii_lowercase();
        let value = if octal && lower.starts_with("0x") {
            if lower.len() == 2 { Some(0) } else { u64::from_str_radix(&lower[2..], 16).ok() }
        } else if octal && part.len() > 1 && part.starts_with('0') {
            u64::from_str_radix(&part[1..], 8).ok()
        } else if !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit()) {
            part.parse::<u64>().ok()
        } else {
            None
        };
        values.push(value?);
    }
    let (last, leading) = values.split_last()?;
    if leading.iter().any(|&v| v > 255) || *last >= 1u64 << (8 * (4 - leading.len())) {
        return None;
    }
    let mut address = *last;
    for (i, v) in leading.iter().enumerate() {
        address |= v << (8 * (3 - i));
    }
    u32::try_from(address).ok().map(Ipv4Addr::from)
}

/// Whether the host's last label is a number, as the WHATWG URL Standard
/// reads it (digits, or `0x` and hex digits).
fn ends_in_number(host: &str) -> bool {
    let host = host.strip_suffix('.').unwrap_or(host);
    let last = host.rsplit('.').next().unwrap_or_default().to_ascii_lowercase();
    match last.strip_prefix("0x") {
        Some(hex) => hex.bytes().all(|b| b.is_ascii_hexdigit()),
        None => !last.is_empty() && last.bytes().all(|b| b.is_ascii_digit()),
    }
}

fuzz_target!(|text: &str| {
    let one_call = Policy::public_web().parse(text);
    let Ok(uri) = Uri::parse(text) else {
        assert!(matches!(one_call, Err(Refusal::Parse(_))), "{text}");
        return;
    };
    let by_class = Policy::public_web().check(&uri);
    match &one_call {
        Ok(admitted) => assert!(by_class.is_ok() && admitted.components() == uri.components()),
        Err(refusal) => assert_eq!(Some(*refusal), by_class.err().map(Refusal::Policy), "{text}"),
    }
    if let Err(err) = &by_class {
        let violations = err.violations();
        assert!(!violations.is_empty());
        assert!(violations.windows(2).all(|w| w[0].index() <= w[1].index()));
        for violation in violations {
            assert!(violation.index() + violation.len() <= text.len(), "{violation}");
        }
        let drawn = err.render(text).to_string();
        assert!(!drawn.is_empty());
        // No byte of the userinfo is drawn: each drawing of the input
        // shows it as `*`.
        if let Some(userinfo) = uri.components().userinfo().filter(|u| !u.is_empty()) {
            for line in drawn.lines().skip(1).step_by(3) {
                let shown = line.get(userinfo.clone());
                assert!(
                    shown.is_none_or(|s| s.chars().all(|c| c == '*' || c == '…')) || line.starts_with('…'),
                    "{text:?} -> {drawn}"
                );
            }
        }
    }
    let class = uri.host_parsed().map(|host| classify_host(&host));
    if let Some(class) = class.filter(|class| !class.is_globally_reachable()) {
        assert_eq!(refused_class(&by_class), Some(class), "{text}");
    }
    // A pattern no host matches sends the class through the reached host.
    let with_pattern = Policy::public_web().allow_host("*.no-host-matches.invalid").check(&uri);
    assert_eq!(refused_class(&by_class), refused_class(&with_pattern), "{text}");
    // Every reader of a number: a host that ends in one is admitted only
    // where the readers that read an address read one public address.
    if let Some(host) = uri.host().filter(|h| !h.starts_with('[') && !h.contains('%') && ends_in_number(h)) {
        let public = |a: Ipv4Addr| classify_ip(IpAddr::V4(a)).is_globally_reachable();
        let may_pass = match (reader(host, true), reader(host, false)) {
            (Some(a), Some(b)) => a == b && public(a),
            (Some(a), None) => public(a),
            (None, _) => false,
        };
        if !may_pass {
            assert!(refused_class(&by_class).is_some(), "{text}: admitted");
        }
    }
});
