//! The README's example, run as a test so the front page cannot go stale.

use uri::{Uri, pct, uri};

#[test]
fn readme_example_holds() -> Result<(), Box<dyn std::error::Error>> {
    const API: Uri<'static> = uri!("https://api.example.com/v1/my files?q=été");
    assert_eq!(
        API.as_str(),
        "https://api.example.com/v1/my%20files?q=%C3%A9t%C3%A9"
    );
    assert_eq!(API.host(), Some("api.example.com"));

    let (user, tag, page) = ("ada/lovelace", "r&d", Some(2));
    let url = uri!("https://api.example.com/users/{user}/posts?tag={tag}&page={page}")?;
    assert_eq!(
        url,
        "https://api.example.com/users/ada%2Flovelace/posts?tag=r%26d&page=2"
    );

    let uri = Uri::parse("https://example.com:8443/docs/a%20b?lang=en#intro")?;
    assert_eq!(uri.port_u16(), Ok(Some(8443)));
    assert_eq!(pct::decode_utf8(uri.path())?, "/docs/a b");

    assert_eq!(pct::encode("Q&A 1/2", &pct::PATH_SEGMENT), "Q&A%201%2F2");
    assert_eq!(pct::encode("Q&A 1/2", &pct::QUERY_PARAM), "Q%26A%201/2");
    Ok(())
}

#[test]
fn readme_toolbox_example_holds() -> Result<(), Box<dyn std::error::Error>> {
    use uri::{SchemeRules, UriBuilder, UriRef};

    let base = Uri::parse("http://a/b/c/d;p?q")?;
    assert_eq!(
        UriRef::parse("../g?x")?.resolve_against(&base),
        "http://a/b/g?x"
    );

    let target = Uri::parse("http://a/b/e/f")?;
    let rel = base.make_relative(&target).unwrap();
    assert_eq!(rel, "../e/f");
    assert_eq!(rel.as_uri_ref().resolve_against(&base), target);

    let messy = Uri::parse("HTTP://Example.COM:80/a/./b/../%7euser")?;
    assert_eq!(messy.normalize(), "http://example.com:80/a/~user");
    assert_eq!(
        messy.normalize_with(&SchemeRules::STANDARD),
        "http://example.com/a/~user"
    );

    let tidy = Uri::parse("http://example.com/a/~user")?;
    assert!(messy != tidy && !messy.normalized_eq(&tidy));
    assert!(messy.scheme_normalized_eq(&tidy, &SchemeRules::STANDARD));

    let uri = UriBuilder::new()
        .scheme("https")
        .host("example.com")
        .path_segments(["files", "Q&A 1/2.pdf"])
        .query_pairs([("lang", "fr & en")])
        .build()?;
    assert_eq!(
        uri,
        "https://example.com/files/Q&A%201%2F2.pdf?lang=fr%20%26%20en"
    );
    let params: Vec<_> = uri.query_params().collect::<Result<_, _>>()?;
    assert_eq!(params[0].1, "fr & en");

    let mut page = uri::UriBuf::parse("https://example.com/search?q=rust&page=1&utm_source=x")?;
    page.query_edit()
        .set("page", "2")
        .retain(|key, _| !key.starts_with("utm_"));
    assert_eq!(page, "https://example.com/search?q=rust&page=2");
    assert_eq!(page.query_value("q").transpose()?.as_deref(), Some("rust"));
    Ok(())
}

#[test]
fn readme_runtime_error_matches_the_macro_wording() {
    let input = "https://example.com/100%";
    let err = Uri::parse(input).unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid percent-encoding \"%\" in path at byte 23: \
         \"%\" must be followed by two hex digits; write \"%25\" for a literal percent sign"
    );
    assert_eq!(
        err.render(input).to_string(),
        "https://example.com/100%\n                       ^"
    );
}

#[test]
fn readme_iri_example_holds() -> Result<(), Box<dyn std::error::Error>> {
    use uri::{Iri, iri};

    const PAGE: Uri<'static> = uri!("http://例え.jp/引き出し");
    const SHOWN: Iri<'static> = iri!("http://例え.jp/引き出し");
    assert_eq!(
        PAGE.as_str(),
        "http://xn--r8jz45g.jp/%E5%BC%95%E3%81%8D%E5%87%BA%E3%81%97"
    );
    assert_eq!(SHOWN.to_uri_idna()?, PAGE.as_str());
    assert_eq!(PAGE.to_iri_idna(), "http://例え.jp/引き出し");
    let err = Iri::parse("https://example.com/\u{202E}fdp.exe").unwrap_err();
    assert_eq!(err.index(), 20);
    Ok(())
}

#[test]
fn readme_wild_text_example_holds() -> Result<(), Box<dyn std::error::Error>> {
    use uri::{UriBuf, lenient::RepairKind};

    let page = Uri::parse("https://example.com/blog/post.html")?;
    let link = page.join_lenient("  images/my photo.jpg#top#2 ")?;
    assert_eq!(
        link.value,
        "https://example.com/blog/images/my%20photo.jpg#top%232"
    );
    let kinds: Vec<RepairKind> = link.repairs.iter().map(|r| r.kind).collect();
    assert_eq!(
        kinds,
        [
            RepairKind::Trimmed,
            RepairKind::Encoded,
            RepairKind::Encoded,
            RepairKind::Trimmed
        ]
    );
    assert_eq!(
        page.join_lenient("\\\\evil.com/x")?.value,
        "https://evil.com/x"
    );
    assert_eq!(
        page.join_lenient("https://evil.com\\@example.com/")?
            .value
            .host(),
        Some("evil.com")
    );
    assert_eq!(
        page.join_lenient("https://0x7f.1/")?.value,
        "https://127.0.0.1/"
    );
    assert_eq!(
        UriBuf::parse_lenient("http://example.com:80a/")
            .unwrap_err()
            .index(),
        21
    );
    let href = UriBuf::parse_href("HTTP://Example.com:80/a/./%7euser")?;
    assert_eq!(href.value, "http://example.com/a/~user");
    let id = "..";
    assert!(uri!("https://api.example.com/v2/users/{id}/delete").is_err());
    let delete = UriBuf::parse("https://api.example.com/v2/users/%2E%2E/delete")?;
    assert!(url::Url::try_from(&delete).is_err());
    Ok(())
}

#[test]
fn readme_template_example_holds() -> Result<(), Box<dyn std::error::Error>> {
    use std::collections::HashMap;
    use uri::{uri_template, uri_template::UriTemplate};

    const ASSETS: UriTemplate<'static> = uri_template!(
        "https://uploads.github.com/repos/{owner}/{repo}/releases/{id}/assets{?name,label}"
    );
    let vars = HashMap::from([
        ("owner", "rust-lang"),
        ("repo", "rust"),
        ("id", "42"),
        ("name", "a b.zip"),
    ]);
    let url = ASSETS.expand(&vars)?;
    assert_eq!(
        url,
        "https://uploads.github.com/repos/rust-lang/rust/releases/42/assets?name=a%20b.zip"
    );
    let found = ASSETS.match_uri(&url)?.expect("it matches");
    assert_eq!(found.get("name"), Some("a b.zip"));
    let err = UriTemplate::parse("/search{?q,lang").unwrap_err();
    assert_eq!(err.index(), 7);
    Ok(())
}

#[test]
fn readme_schemes_example_holds() -> Result<(), Box<dyn std::error::Error>> {
    use uri::scheme::file::{path_to_uri, uri_to_path};
    use uri::{
        scheme::file::PathStyle,
        scheme::mailto::{Mailto, MailtoBuilder},
    };

    let uri = Uri::parse("file:///C:/Users/me/Q%26A%201.txt")?;
    assert_eq!(
        uri_to_path(&uri, PathStyle::Windows)?,
        r"C:\Users\me\Q&A 1.txt"
    );
    assert_eq!(
        path_to_uri(r"\\server\share\a b", PathStyle::Windows)?,
        "file://server/share/a%20b"
    );
    assert!(uri_to_path(&Uri::parse("file:///etc/a%2Fb")?, PathStyle::Posix).is_err());

    let mail = Mailto::new(Uri::parse(
        "mailto:%22not%40me%22@example.org?subject=caf%C3%A9",
    )?)?;
    assert!(mail.to().eq(["\"not@me\"@example.org"]));
    assert_eq!(mail.subject().as_deref(), Some("café"));
    let link = MailtoBuilder::new()
        .to("joe@example.com")
        .body("line 1\nline 2")
        .build()?;
    assert_eq!(link, "mailto:joe@example.com?body=line%201%0D%0Aline%202");
    Ok(())
}

#[test]
fn readme_policy_example_holds() -> Result<(), Box<dyn std::error::Error>> {
    use uri::policy::{HostClass, Policy, Refusal, Rule};

    let webhooks = Policy::public_web().deny_fragment();
    let hook = webhooks.parse("https://hooks.slack.com/services/T0/B0/x")?;
    assert_eq!(hook.host(), Some("hooks.slack.com"));

    let input = "http://admin@[::ffff:169.254.169.254]/latest/meta-data/";
    let Err(Refusal::Policy(err)) = webhooks.parse(input) else {
        panic!("admitted")
    };
    let rules: Vec<Rule> = err
        .violations()
        .iter()
        .map(uri::policy::Violation::rule)
        .collect();
    assert_eq!(
        rules,
        [Rule::Userinfo, Rule::HostClass(HostClass::LinkLocal)]
    );
    assert!(err.render(input).to_string().contains("^^^^^"));
    // What a value already parsed gets from `check`.
    assert_eq!(webhooks.check(&Uri::parse(input)?), Err(err));
    Ok(())
}

#[test]
fn readme_site_example_holds() -> Result<(), Box<dyn std::error::Error>> {
    use uri::policy::Policy;
    use uri::site::{NoSite, Rules, Site};

    let uri = Uri::parse("https://WWW.Example.CO.UK./basket")?;
    let domain = uri.registrable_domain(Rules::IcannAndPrivate)?;
    assert_eq!(domain.as_str(), "example.co.uk");
    assert_eq!(domain.as_written(), Some("Example.CO.UK"));
    assert_eq!(domain.public_suffix(), "co.uk");

    let pages = Uri::parse("https://alice.github.io/")?;
    assert_eq!(
        pages.registrable_domain(Rules::IcannAndPrivate)?.as_str(),
        "alice.github.io"
    );
    assert_eq!(
        pages.registrable_domain(Rules::Icann)?.as_str(),
        "github.io"
    );

    let none = Uri::parse("http://127.0.0.1/")?.registrable_domain(Rules::IcannAndPrivate);
    assert_eq!(none.unwrap_err(), NoSite::IpAddress);

    let site = Site::of(&Uri::parse("https://app.example.co.uk/")?)?;
    assert!(
        Policy::same_site(&site)
            .check(&Uri::parse("https://login.example.co.uk/")?)
            .is_ok()
    );
    Ok(())
}

/// Every figure the README states (a time, a ratio, a share) is one that
/// BENCHMARKS.md states, so the front page cannot keep a claim the
/// measurements no longer support. Figures inside the README's examples'
/// code (percent-escapes, byte offsets) are not figures of this kind.
#[test]
fn every_figure_in_the_readme_is_in_benchmarks() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let benchmarks = std::fs::read_to_string(root.join("BENCHMARKS.md")).unwrap();
    let mut checked = 0;
    for line in readme.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        for pair in words.windows(2) {
            let number = pair[0].trim_start_matches(['(', '`']);
            let unit = pair[1].trim_end_matches([',', '.', ')', ';', ':']);
            let is_number =
                !number.is_empty() && number.chars().all(|c| c.is_ascii_digit() || c == '.');
            if is_number && matches!(unit, "s" | "ns" | "µs" | "ms" | "×" | "%") {
                let figure = format!("{number} {unit}");
                assert!(
                    benchmarks.contains(&figure),
                    "README.md states {figure:?}, which BENCHMARKS.md does not"
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 4, "only {checked} figures found");
}

/// A newcomer reads the front page from the top: the commands to run the
/// tour and the tests, and the dependency line, come within its first
/// screens, and the line asks for no optional feature.
#[test]
fn the_first_screens_say_how_to_try_it_and_how_to_depend_on_it() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let first: Vec<&str> = readme.lines().take(120).collect();
    let has = |text: &str| first.iter().any(|line| line.contains(text));
    assert!(
        has("`cargo run --example tour`"),
        "the tour's command is not in the first screens"
    );
    assert!(
        has("`cargo test --workspace`"),
        "the tests' command is not in the first screens"
    );
    let dependency = first
        .iter()
        .find(|line| line.starts_with("uri-runtime = {"))
        .expect("the dependency line is in the first screens");
    assert!(!dependency.contains("features"), "{dependency}");
}
