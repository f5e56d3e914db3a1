//! Differential testing against two strict RFC 3986 parsers, fluent-uri
//! and iri-string: wherever both agree on a generated string, our verdict
//! (valid or not) and our split into components must be the same. The
//! same holds for IRI references (RFC 3987), against the IRI parsers of
//! the same two crates.
//!
//! The strings come from a seeded generator: URI-shaped text assembled from
//! pools of valid and nearly valid pieces (IPv6 forms, `IPvFuture`, ports,
//! escapes, dot segments, reserved characters out of place, non-ASCII,
//! controls), then mutated a few characters at a time. CI runs 200,000
//! cases; `scripts/differential.sh SEED COUNT` runs as many as asked.
//! Differences that are policy live in `differential/deviations.rs`, each
//! with its reason; any other difference fails the test.
//!
//! Resolution and normalization are compared the same way
//! (`differential/operations.rs`, with their own deliberate differences):
//! on a tenth as many generated cases, wherever both peers write the same
//! string, ours must be that string.

mod differential {
    pub mod deviations;
    pub mod generator;
    pub mod operations;
}

use differential::deviations::{DEVIATIONS, Deviation, IRI_DEVIATIONS};
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

/// Our split of `text` as `$ty` (`UriRef` or `IriRef`).
macro_rules! split_ours {
    ($ty:ty, $text:expr) => {{
        let r = <$ty>::parse($text).ok()?;
        Some(Split {
            scheme: r.scheme(),
            userinfo: r.userinfo(),
            host: r.host(),
            port: r.port(),
            path: r.path(),
            query: r.query(),
            fragment: r.fragment(),
        })
    }};
}

/// fluent-uri's split of `text` as its `$ty` (`UriRef` or `IriRef`).
macro_rules! split_fluent {
    ($ty:ty, $text:expr) => {{
        use fluent_uri::component::Scheme;
        use fluent_uri::pct_enc::EStr;

        let r = <$ty>::parse($text).ok()?;
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
    }};
}

/// iri-string's split of `text` as its `$ty` (`UriReferenceStr` or
/// `IriReferenceStr`).
macro_rules! split_iri_string {
    ($ty:ty, $text:expr) => {{
        use iri_string::components::AuthorityComponents;

        let r = <$ty>::new($text).ok()?;
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
    }};
}

fn ours(text: &str) -> Option<Split<'_>> {
    split_ours!(uri::UriRef<'_>, text)
}

fn fluent(text: &str) -> Option<Split<'_>> {
    split_fluent!(fluent_uri::UriRef<&str>, text)
}

fn iri_string(text: &str) -> Option<Split<'_>> {
    split_iri_string!(iri_string::types::UriReferenceStr, text)
}

fn ours_iri(text: &str) -> Option<Split<'_>> {
    split_ours!(uri::IriRef<'_>, text)
}

fn fluent_iri(text: &str) -> Option<Split<'_>> {
    split_fluent!(fluent_uri::IriRef<&str>, text)
}

fn iri_string_iri(text: &str) -> Option<Split<'_>> {
    split_iri_string!(iri_string::types::IriReferenceStr, text)
}

type Parser = for<'a> fn(&'a str) -> Option<Split<'a>>;

/// One grammar under test: how to make its strings, our parser, the two
/// peers', and the deliberate differences.
struct Subject {
    generate: fn(&mut Generator) -> String,
    ours: Parser,
    peers: [Parser; 2],
    deviations: &'static [Deviation],
}

const URIS: Subject = Subject {
    generate: Generator::next_uri_like,
    ours,
    peers: [fluent, iri_string],
    deviations: DEVIATIONS,
};

const IRIS: Subject = Subject {
    generate: Generator::next_iri_like,
    ours: ours_iri,
    peers: [fluent_iri, iri_string_iri],
    deviations: IRI_DEVIATIONS,
};

/// What one run found.
#[derive(Debug, Default)]
struct Tally {
    compared: u64,
    valid: u64,
    peers_disagree: u64,
    deviations: Vec<(&'static str, u64)>,
    failures: Vec<String>,
}

fn run(subject: &Subject, seed: u64, count: u64) -> Tally {
    let mut generator = Generator::new(seed);
    let mut tally = Tally {
        deviations: subject.deviations.iter().map(|d| (d.name, 0)).collect(),
        ..Tally::default()
    };
    for _ in 0..count {
        let text = (subject.generate)(&mut generator);
        let [first, second] = subject.peers;
        let (a, b) = (first(&text), second(&text));
        if a != b {
            tally.peers_disagree += 1;
            continue;
        }
        tally.compared += 1;
        tally.valid += u64::from(a.is_some());
        let mine = (subject.ours)(&text);
        if mine == a {
            continue;
        }
        match subject
            .deviations
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

/// Prints how often each deliberate deviation was met, and fails with the
/// first unexplained differences, if any.
fn report(deviations: &[Deviation], met: &[(&str, u64)], failures: &[String]) {
    for (deviation, (_, n)) in deviations.iter().zip(met) {
        println!(
            "deliberate deviation {} ({}): {n}",
            deviation.name, deviation.reason
        );
    }
    assert!(
        failures.is_empty(),
        "{} disagreements (first 20):\n{}",
        failures.len(),
        failures.join("\n")
    );
}

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Runs `subject` for `DIFF_SEED` / `DIFF_COUNT` (or the defaults),
/// prints the tally and fails on any unexplained difference.
fn check(label: &str, subject: &Subject, default_count: u64) -> Tally {
    let seed = env_number("DIFF_SEED", 3986);
    let count = env_number("DIFF_COUNT", default_count);
    let tally = run(subject, seed, count);
    println!(
        "{label}, seed {seed}: {count} generated, {} compared ({} valid), {} where the peers disagree",
        tally.compared, tally.valid, tally.peers_disagree
    );
    report(subject.deviations, &tally.deviations, &tally.failures);
    // The generator must exercise both verdicts in earnest.
    assert!(tally.valid * 10 > tally.compared, "{tally:?}");
    assert!(tally.valid * 10 < tally.compared * 9, "{tally:?}");
    tally
}

#[test]
fn we_agree_with_both_peers_wherever_they_agree() {
    check("URI references", &URIS, 200_000);
}

#[test]
fn iris_agree_with_both_peers_wherever_they_agree() {
    let tally = check("IRI references", &IRIS, 100_000);
    // The one deliberate difference must actually be met.
    assert!(tally.deviations.iter().all(|&(_, n)| n > 0), "{tally:?}");
}

/// Resolution and normalization, each on `DIFF_COUNT` / 10 cases (or the
/// default): wherever both peers write the same string, so must we.
fn check_operation(operation: &differential::operations::Operation, default_count: u64) {
    let seed = env_number("DIFF_SEED", 3986);
    let count = env_number("DIFF_COUNT", default_count * 10) / 10;
    let tally = differential::operations::run(operation, seed, count);
    println!(
        "{}, seed {seed}: {} cases, {} where both peers agree",
        operation.name, tally.generated, tally.compared
    );
    report(operation.deviations, &tally.deviations, &tally.failures);
    assert!(tally.compared * 2 > tally.generated, "{tally:?}");
}

#[test]
fn resolution_agrees_with_both_peers_wherever_they_agree() {
    check_operation(&differential::operations::RESOLUTION, 20_000);
}

#[test]
fn normalization_agrees_with_both_peers_wherever_they_agree() {
    check_operation(&differential::operations::NORMALIZATION, 20_000);
}
