//! Resolving the links of a real-world page with the lenient entry, as a
//! browser reads them: hrefs with spaces, accents, stray `%` and `#`,
//! backslashes, number hosts, margins and line breaks become the strict
//! URI of what the browser would fetch, and every repair is reported with
//! its bytes; what a browser refuses is an error with its position. The page is one of the
//! test fixtures (`tests/data/html/blog.html`).
//!
//! Run it with `cargo run --example wild_links`.

use uri_runtime::Uri;

const PAGE_URL: &str = "https://example.com/blog/2024/voyage.html";
const PAGE: &str = include_str!("../../tests/data/html/blog.html");

/// The value of every `href="…"` and `src="…"`, in order, with `&amp;`
/// unescaped. A real crawler uses an HTML parser; this keeps the example
/// about URIs.
fn links(html: &str) -> Vec<String> {
    let mut found = Vec::new();
    for marker in [" href=\"", " src=\""] {
        let mut rest = html;
        while let Some(start) = rest.find(marker) {
            rest = &rest[start + marker.len()..];
            let Some(end) = rest.find('"') else { break };
            found.push(rest[..end].replace("&amp;", "&"));
            rest = &rest[end..];
        }
    }
    found
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let page = Uri::parse(PAGE_URL)?;
    println!("page {page}\n");
    for href in links(PAGE) {
        match page.join_lenient(&href) {
            Ok(link) => {
                println!("{:<44} -> {}", format!("{href:?}"), link.value);
                for repair in &link.repairs {
                    let bytes = href.get(repair.range.clone()).unwrap_or_default();
                    println!("{:48}{repair}: {bytes:?}", "");
                }
            }
            Err(err) => {
                println!("{:<44} !! {err}", format!("{href:?}"));
                for line in err.render(&href).to_string().lines() {
                    println!("{:48}{line}", "");
                }
            }
        }
    }
    Ok(())
}
