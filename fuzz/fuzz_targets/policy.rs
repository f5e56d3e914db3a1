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

use libfuzzer_sys::fuzz_target;
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

#[path = "../../tests/tests/common/number_readers.rs"]
mod number_readers;

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
        // (every other line, the carets between) shows it as `*`.
        if let Some(userinfo) = uri.components().userinfo().filter(|u| !u.is_empty()) {
            for line in drawn.lines().step_by(2) {
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
    let numeric = |h: &&str| !h.starts_with('[') && !h.contains('%') && number_readers::ends_in_number(h);
    if let Some(host) = uri.host().filter(numeric) {
        if !number_readers::may_admit(host) {
            assert!(refused_class(&by_class).is_some(), "{text}: admitted");
        }
    }
});
