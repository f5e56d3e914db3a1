//! Resolving the links of an HTML page against its base (RFC 3986 section
//! 5): the page's own address, or its `<base href>` when it has one.
//! Links that are not valid URI references are reported with the reason,
//! not guessed at.
//!
//! Run it with `cargo run --example html_links`.

use uri_runtime::{Uri, UriBuf, UriRef};

const PAGE_URL: &str = "https://example.com/docs/guide/intro.html";

const PAGE: &str = r##"<!doctype html>
<html><head><base href="/docs/guide/v2/"><title>Guide</title></head>
<body>
  <a href="setup.html">Setup</a>
  <a href="../api/index.html#search">API</a>
  <a href="/blog/?tag=rust&amp;page=2">Blog</a>
  <a href="//cdn.example.net/logo.png">Logo</a>
  <a href="#top">Top</a>
  <a href="mailto:docs@example.com">Mail us</a>
  <a href="my notes.html">Notes</a>
  <a href="https://example.com/100%">Broken</a>
</body></html>"##;

/// The value of every `name="…"` attribute, in order. A real crawler uses
/// an HTML parser; this keeps the example about URIs.
fn attributes<'a>(html: &'a str, name: &str) -> Vec<&'a str> {
    let marker = format!("{name}=\"");
    let mut values = Vec::new();
    let mut rest = html;
    while let Some(start) = rest.find(&marker) {
        rest = &rest[start + marker.len()..];
        let Some(end) = rest.find('"') else { break };
        values.push(&rest[..end]);
        rest = &rest[end..];
    }
    values
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let page = Uri::parse(PAGE_URL)?;
    let hrefs = attributes(PAGE, "href");
    // The first href belongs to <base>: resolved against the page, it is
    // the base for every link (HTML's rule).
    let base: UriBuf = match hrefs.first() {
        Some(base) => UriRef::parse(base)?.resolve_against(&page),
        None => page.into(),
    };
    println!("page {PAGE_URL}\nbase {base}\n");
    for href in hrefs.iter().skip(1) {
        // HTML escapes `&` as `&amp;` in attributes.
        let href = href.replace("&amp;", "&");
        match UriRef::parse(&href) {
            Ok(link) => println!("{href:<32} -> {}", link.resolve_against(&base.as_uri())),
            Err(err) => {
                println!("{href:<32} !! {err}");
                for line in err.render(&href).to_string().lines() {
                    println!("{:36}{line}", "");
                }
            }
        }
    }
    Ok(())
}
