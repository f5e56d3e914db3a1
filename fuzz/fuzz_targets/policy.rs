//! A policy check never panics, reports its violations in text order at
//! bytes inside the URI, and, under the public-web preset, refuses every
//! host whose own text reaches a class a public fetch must not reach; the
//! class read from a name's text (the check's shortcut when the class is
//! the only host rule) is the one read through the reached host (its way
//! when a host pattern is set too).
#![no_main]

use libfuzzer_sys::fuzz_target;
use uri_runtime::Uri;
use uri_runtime::policy::{HostClass, Policy, PolicyError, Rule, classify_host};

/// The class the check refused the host for, if it did.
fn refused_class(result: &Result<(), PolicyError>) -> Option<HostClass> {
    let err = result.as_ref().err()?;
    err.violations().iter().find_map(|violation| match violation.rule() {
        Rule::HostClass(class) => Some(class),
        _ => None,
    })
}

fuzz_target!(|text: &str| {
    let Ok(uri) = Uri::parse(text) else { return };
    let by_class = Policy::public_web().check(&uri);
    if let Err(err) = &by_class {
        let violations = err.violations();
        assert!(!violations.is_empty());
        assert!(violations.windows(2).all(|w| w[0].index() <= w[1].index()));
        for violation in violations {
            assert!(violation.index() + violation.len() <= text.len(), "{violation}");
        }
        assert!(!err.render(text).to_string().is_empty());
    }
    let class = uri.host_parsed().map(|host| classify_host(&host));
    if let Some(class) = class.filter(|class| !class.is_globally_reachable()) {
        assert_eq!(refused_class(&by_class), Some(class), "{text}");
    }
    // A pattern no host matches sends the class through the reached host.
    let with_pattern = Policy::public_web().allow_host("*.no-host-matches.invalid").check(&uri);
    assert_eq!(refused_class(&by_class), refused_class(&with_pattern), "{text}");
});
