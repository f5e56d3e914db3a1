//! Differential testing against two strict RFC 3986 parsers, fluent-uri
//! and iri-string: wherever both agree on a generated string, our verdict
//! (valid or not) and our split into components must be the same.
//!
//! The strings come from a seeded generator: URI-shaped text assembled from
//! pools of valid and nearly valid pieces (IPv6 forms, `IPvFuture`, ports,
//! escapes, dot segments, reserved characters out of place, non-ASCII,
//! controls), then mutated a few characters at a time. CI runs 200,000
//! cases; `scripts/differential.sh SEED COUNT` runs as many as asked.
//! Differences that are policy live in `differential/deviations.rs`, each
//! with its reason; any other difference fails the test.

mod differential {
    pub mod deviations;
    pub mod generator;
}

use differential::deviations::{DEVIATIONS, Deviation};
use differential::generator::Generator;

/// The split compared across implementations. `host` is `Some` exactly
/// when there is an authority.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Split<'a> {
    scheme: Option<&'a str>,
    userinfo: Option<&'a str>,
    host: Option<&'a str>,
    port: Option<&'a str>,
    path: &'a str,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
}

fn ours(text: &str) -> Option<Split<'_>> {
    let r = uri::UriRef::parse(text).ok()?;
    Some(Split {
        scheme: r.scheme(),
        userinfo: r.userinfo(),
        host: r.host(),
        port: r.port(),
        path: r.path(),
        query: r.query(),
        fragment: r.fragment(),
    })
}

fn fluent(text: &str) -> Option<Split<'_>> {
    use fluent_uri::component::Scheme;
    use fluent_uri::pct_enc::EStr;

    let r = fluent_uri::UriRef::parse(text).ok()?;
    let authority = r.authority();
    Some(Split {
        scheme: r.scheme().map(Scheme::as_str),
        userinfo: authority.and_then(|a| a.userinfo()).map(EStr::as_str),
        host: authority.map(|a| a.host()),
        port: authority.and_then(|a| a.port()).map(EStr::as_str),
        path: r.path().as_str(),
        query: r.query().map(EStr::as_str),
        fragment: r.fragment().map(EStr::as_str),
    })
}

fn iri_string(text: &str) -> Option<Split<'_>> {
    use iri_string::components::AuthorityComponents;

    let r = iri_string::types::UriReferenceStr::new(text).ok()?;
    let authority = r.authority_components();
    Some(Split {
        scheme: r.scheme_str(),
        userinfo: authority.as_ref().and_then(AuthorityComponents::userinfo),
        host: authority.as_ref().map(AuthorityComponents::host),
        port: authority.as_ref().and_then(AuthorityComponents::port),
        path: r.path_str(),
        query: r.query_str(),
        fragment: r.fragment_str(),
    })
}

/// What one run found.
#[derive(Debug, Default)]
struct Tally {
    compared: u64,
    valid: u64,
    peers_disagree: u64,
    deviations: Vec<(&'static str, u64)>,
    failures: Vec<String>,
}

fn run(seed: u64, count: u64) -> Tally {
    let mut generator = Generator::new(seed);
    let mut tally = Tally {
        deviations: DEVIATIONS.iter().map(|d| (d.name, 0)).collect(),
        ..Tally::default()
    };
    for _ in 0..count {
        let text = generator.next_uri_like();
        let (a, b) = (fluent(&text), iri_string(&text));
        if a != b {
            tally.peers_disagree += 1;
            continue;
        }
        tally.compared += 1;
        tally.valid += u64::from(a.is_some());
        let mine = ours(&text);
        if mine == a {
            continue;
        }
        match DEVIATIONS
            .iter()
            .position(|d: &Deviation| (d.applies)(&text))
        {
            Some(i) => tally.deviations[i].1 += 1,
            None if tally.failures.len() < 20 => tally
                .failures
                .push(format!("{text:?}\n    peers: {a:?}\n    ours:  {mine:?}")),
            None => {}
        }
    }
    tally
}

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[test]
fn we_agree_with_both_peers_wherever_they_agree() {
    let seed = env_number("DIFF_SEED", 3986);
    let count = env_number("DIFF_COUNT", 200_000);
    let tally = run(seed, count);
    println!(
        "seed {seed}: {count} generated, {} compared ({} valid), {} where the peers disagree",
        tally.compared, tally.valid, tally.peers_disagree
    );
    for (deviation, (_, n)) in DEVIATIONS.iter().zip(&tally.deviations) {
        println!(
            "deliberate deviation {} ({}): {n}",
            deviation.name, deviation.reason
        );
    }
    assert!(
        tally.failures.is_empty(),
        "{} disagreements (first 20):\n{}",
        tally.failures.len(),
        tally.failures.join("\n")
    );
    // The generator must exercise both verdicts in earnest.
    assert!(tally.valid * 10 > tally.compared, "{tally:?}");
    assert!(tally.valid * 10 < tally.compared * 9, "{tally:?}");
}
