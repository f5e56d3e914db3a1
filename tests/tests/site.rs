//! The site a URI belongs to (feature `psl`): hostile spellings of a
//! host, each with its answer and why, and the Public Suffix List's own
//! test file run as a public suite.

use uri::site::{NoSite, Rules, Source};
use uri::{IriRef, Uri, UriBuf};

fn site(text: &str) -> Result<String, NoSite> {
    let uri = Uri::parse(text).unwrap();
    uri.registrable_domain(Rules::IcannAndPrivate)
        .map(|site| site.as_str().to_owned())
}

#[test]
fn hostile_spellings_of_one_site_agree() {
    for (text, expected, written, why) in [
        (
            "https://EXAMPLE.co.uk./",
            "example.co.uk",
            Some("EXAMPLE.co.uk"),
            "case folded, the root's dot left out",
        ),
        (
            "https://%65xample.co.uk/",
            "example.co.uk",
            Some("%65xample.co.uk"),
            "escapes decoded as a resolver reads the name",
        ),
        (
            "https://www.xn--bcher-kva.de/",
            "xn--bcher-kva.de",
            Some("xn--bcher-kva.de"),
            "punycode as it is",
        ),
        (
            "https://www.b%C3%BCcher.de/",
            "xn--bcher-kva.de",
            Some("b%C3%BCcher.de"),
            "an escaped international name mapped by UTS 46",
        ),
        (
            "https://example%2Eco.uk/",
            "example.co.uk",
            None,
            "an escaped dot: the text's labels are not the name's",
        ),
    ] {
        let uri = Uri::parse(text).unwrap();
        let found = uri.registrable_domain(Rules::IcannAndPrivate).unwrap();
        assert_eq!(found.as_str(), expected, "{text}: {why}");
        assert_eq!(found.as_written(), written, "{text}: {why}");
    }
    // An IRI's host in Unicode: its own spelling, and the DNS form.
    let iri = IriRef::parse("https://www.bücher.de/").unwrap();
    let found = iri.registrable_domain(Rules::IcannAndPrivate).unwrap();
    assert_eq!(
        (found.as_str(), found.as_written()),
        ("xn--bcher-kva.de", Some("bücher.de"))
    );
}

#[test]
fn hosts_without_a_site_say_why() {
    for (text, why) in [
        ("http://127.0.0.1/", NoSite::IpAddress),
        ("http://[::1]/", NoSite::IpAddress),
        ("http://0x7f.1/", NoSite::IpAddress),
        ("http://co.uk/", NoSite::PublicSuffix),
        ("http://github.io/", NoSite::PublicSuffix),
        ("http://localhost/", NoSite::PublicSuffix),
        ("http://./", NoSite::NotAName),
        ("http:///x", NoSite::NoHost),
        ("mailto:a@example.com", NoSite::NoHost),
        ("http://localhost../", NoSite::Ambiguous),
        ("http://0169.254.169.254/", NoSite::Ambiguous),
        ("http://%FF.com/", NoSite::NotAName),
        ("http://[v1.x]/", NoSite::NotAName),
    ] {
        assert_eq!(site(text), Err(why), "{text}");
    }
    // A public suffix itself still has a suffix.
    let uri = Uri::parse("http://co.uk/").unwrap();
    assert_eq!(uri.public_suffix(Rules::Icann).unwrap().as_str(), "co.uk");
}

#[test]
fn the_sections_and_the_implicit_rule() {
    let uri = UriBuf::parse("https://alice.github.io/x").unwrap();
    let all = uri.registrable_domain(Rules::IcannAndPrivate).unwrap();
    assert_eq!(
        (all.as_str(), all.source()),
        ("alice.github.io", Source::Private)
    );
    let icann = uri.registrable_domain(Rules::Icann).unwrap();
    assert_eq!(
        (icann.as_str(), icann.source()),
        ("github.io", Source::Icann)
    );
    let unknown = Uri::parse("https://a.b.example.notatld/").unwrap();
    let suffix = unknown.public_suffix(Rules::IcannAndPrivate).unwrap();
    assert_eq!(
        (suffix.as_str(), suffix.source()),
        ("notatld", Source::Implicit)
    );
}

/// Where the list's own test file is: `$URI_PSL_TESTS`, a copy that
/// `scripts/psl-suite.sh` unpacked under `target/`, or where Debian's
/// `publicsuffix` package installs it.
fn suite_file() -> Option<std::path::PathBuf> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let candidates = [
        std::env::var_os("URI_PSL_TESTS").map(Into::into),
        Some(root.join("target/psl-suite/test_psl.txt")),
        Some("/usr/share/doc/publicsuffix/examples/test_psl.txt".into()),
    ];
    candidates
        .into_iter()
        .flatten()
        .find(|path: &std::path::PathBuf| path.is_file())
}

/// The Public Suffix List's test file (`tests/test_psl.txt` of the list's
/// repository, dedicated to the public domain; Debian ships it in the
/// `publicsuffix` package): each `checkPublicSuffix(input, expected)`
/// line names the registrable domain of `input`, or `null` for none.
/// `.ci/run` fetches it and sets `URI_PSL_TESTS_REQUIRED`, so CI cannot
/// skip it; elsewhere, without the file, the test says how to get it.
#[test]
fn the_public_suffix_lists_own_tests_pass() {
    let Some(path) = suite_file() else {
        assert!(
            std::env::var_os("URI_PSL_TESTS_REQUIRED").is_none(),
            "the PSL test file is missing: run scripts/psl-suite.sh"
        );
        eprintln!("skipped: no PSL test file (scripts/psl-suite.sh fetches it)");
        return;
    };
    let text = std::fs::read_to_string(&path).unwrap();
    let mut checked = 0;
    for line in text.lines() {
        let Some(args) = line
            .trim()
            .strip_prefix("checkPublicSuffix(")
            .and_then(|rest| rest.strip_suffix(");"))
        else {
            continue;
        };
        let (input, expected) = args.split_once(", ").unwrap();
        let unquote = |s: &str| (s != "null").then(|| s.trim_matches('\'').to_owned());
        let (Some(input), expected) = (unquote(input), unquote(expected)) else {
            continue; // `null` input: no string to ask about.
        };
        let found = IriRef::parse(&format!("http://{input}/"))
            .ok()
            .and_then(|iri| iri.registrable_domain(Rules::IcannAndPrivate).ok())
            .map(|site| site.as_str().to_owned());
        // The file writes international names in Unicode; compare DNS forms.
        let expected = expected.map(|e| uri_idna::host_to_ascii(&e).unwrap().into_owned());
        assert_eq!(found, expected, "checkPublicSuffix({input:?})");
        checked += 1;
    }
    assert!(
        checked > 70,
        "only {checked} cases read from {}",
        path.display()
    );
}
