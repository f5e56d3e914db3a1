//! Everyday programs written twice, with this library and with `url`,
//! and held to the same answers: a link extractor and a configuration
//! check (the API client, the webhook check and the crawler are the
//! newcomer programs of `uri-runtime/examples/`, which run their twins
//! themselves).
//! They are the measure of whether the API is as short to use as the one
//! people know: each `ours` is no longer than its `with_url`.

use std::collections::BTreeSet;

/// Absolute http(s) links of a page, fragments dropped, each once.
mod links {
    use super::BTreeSet;

    pub fn ours(page: &str, hrefs: &[&str]) -> Option<Vec<String>> {
        let base = uri::Uri::parse(page).ok()?;
        let mut found = BTreeSet::new();
        for href in hrefs {
            let Ok(mut link) = base.join(href.trim()) else {
                continue;
            };
            link.remove_fragment();
            if ["http", "https"].contains(&link.scheme()) {
                found.insert(link.into_string());
            }
        }
        Some(found.into_iter().collect())
    }

    pub fn with_url(page: &str, hrefs: &[&str]) -> Option<Vec<String>> {
        let base = url::Url::parse(page).ok()?;
        let mut found = BTreeSet::new();
        for href in hrefs {
            let Ok(mut link) = base.join(href.trim()) else {
                continue;
            };
            link.set_fragment(None);
            if ["http", "https"].contains(&link.scheme()) {
                found.insert(String::from(link));
            }
        }
        Some(found.into_iter().collect())
    }
}

/// Each configured endpoint checked: an https URL with a host and no
/// credentials, or the reason, with where it is.
mod config_check {
    pub fn ours(value: &str) -> Result<(), String> {
        let url = uri::Uri::parse(value).map_err(|e| e.to_string())?;
        url.check_scheme_rules().map_err(|e| e.to_string())?;
        match url.scheme() {
            "https" => Ok(()),
            other => Err(format!("scheme {other} is not https")),
        }
    }

    pub fn with_url(value: &str) -> Result<(), String> {
        let url = url::Url::parse(value).map_err(|e| e.to_string())?;
        if url.host().is_none() {
            return Err("no host".into());
        }
        if !url.username().is_empty() || url.password().is_some() {
            return Err("credentials in the URL".into());
        }
        match url.scheme() {
            "https" => Ok(()),
            other => Err(format!("scheme {other} is not https")),
        }
    }
}

#[test]
fn the_link_extractors_agree() {
    let hrefs = [
        "../img/a.png",
        " /docs/#intro",
        "https://other.example/x?y#z",
        "mailto:someone@example.com",
        "?page=2",
        "//cdn.example/lib.js",
        "/docs/",
    ];
    let page = "https://example.com/blog/post/index.html";
    let ours = links::ours(page, &hrefs).unwrap();
    assert_eq!(ours, links::with_url(page, &hrefs).unwrap());
    assert_eq!(
        ours,
        [
            "https://cdn.example/lib.js",
            "https://example.com/blog/img/a.png",
            "https://example.com/blog/post/index.html?page=2",
            "https://example.com/docs/",
            "https://other.example/x?y",
        ]
    );
}

#[test]
fn the_config_checks_agree_on_what_they_refuse() {
    for good in ["https://api.example.com/v1", "https://[::1]:8443/"] {
        assert_eq!(config_check::ours(good), Ok(()), "{good}");
        assert_eq!(config_check::with_url(good), Ok(()), "{good}");
    }
    for bad in [
        "https://user:secret@api.example.com/",
        "http://api.example.com/",
        "https://exa mple.com/",
        "not a url",
    ] {
        assert!(config_check::ours(bad).is_err(), "{bad}");
        assert!(config_check::with_url(bad).is_err(), "{bad}");
    }
    // Ours says where: the byte of the culprit.
    assert_eq!(
        config_check::ours("https://user:secret@api.example.com/").unwrap_err(),
        "userinfo not allowed at byte 8: send credentials in an Authorization header, not in the URI"
    );
}
