//! A crawler's link extraction: the hrefs found on a page, each read as a
//! browser follows it from that page, kept when it stays on the page's
//! site (its registrable domain, from the Public Suffix List), without
//! its fragment and once each. The same extraction written with the `url`
//! and `psl` crates stands beside ours, on the same page.
//!
//! Run it with `cargo run --example crawl_links --features psl`.

use std::collections::BTreeSet;

use uri_runtime::Uri;
use uri_runtime::policy::Policy;
use uri_runtime::site::Site;

/// With this crate: the same-site policy, and the browser's reading.
fn ours(page: &str, hrefs: &[&str]) -> Result<BTreeSet<String>, String> {
    let page = Uri::parse(page).map_err(|e| e.to_string())?;
    let same_site = Policy::same_site(&Site::of(&page).map_err(|e| e.to_string())?);
    let mut links = BTreeSet::new();
    for href in hrefs {
        let Ok(link) = page.join_lenient(href) else {
            continue;
        };
        let mut link = link.value;
        link.remove_fragment();
        if same_site.check(&link).is_ok() {
            links.insert(link.into_string());
        }
    }
    Ok(links)
}

/// With `url` and `psl`: the registrable domain compared by hand.
fn with_url(page: &str, hrefs: &[&str]) -> Result<BTreeSet<String>, String> {
    let page = url::Url::parse(page).map_err(|e| e.to_string())?;
    let site_of = |url: &url::Url| {
        let host = url.host_str()?.trim_end_matches('.').to_ascii_lowercase();
        psl::domain_str(&host).map(str::to_owned)
    };
    let site = site_of(&page).ok_or("the page has no site")?;
    let mut links = BTreeSet::new();
    for href in hrefs {
        let Ok(mut link) = page.join(href) else {
            continue;
        };
        link.set_fragment(None);
        let credentials = !link.username().is_empty() || link.password().is_some();
        if link.scheme() == page.scheme() && !credentials && site_of(&link) == Some(site.clone()) {
            links.insert(link.into());
        }
    }
    Ok(links)
}

fn main() -> Result<(), String> {
    let page = "https://www.example.co.uk/blog/post.html";
    let hrefs = [
        "../about.html#team",
        "/shop?item=1",
        "https://shop.example.co.uk/cart",
        "//cdn.example.net/app.js",
        "https://example.co.uk.evil.net/",
        "https://user:pw@www.example.co.uk/",
        "http://www.example.co.uk/insecure",
        " \\\\Example.CO.uk\\contact ",
        "https://192.168.0.1/router",
    ];
    let (a, b) = (ours(page, &hrefs)?, with_url(page, &hrefs)?);
    for (name, links) in [("uri", &a), ("url + psl", &b)] {
        println!(
            "{name}:\n  {}",
            links.iter().cloned().collect::<Vec<_>>().join("\n  ")
        );
    }
    assert_eq!(a, b, "the two extractions agree on this page");
    Ok(())
}
