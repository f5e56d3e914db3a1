//! Normalizing URLs for deduplication: RFC 3986 section 6.2.2 (case,
//! escapes, dot segments) and 6.2.3 (default ports, empty paths), and
//! nothing more. Two URLs that differ after that may still name the same
//! resource, but none of the merged ones can name different ones.
//!
//! Run it with `cargo run --example dedup`, or pass your own URLs.

use std::collections::BTreeMap;

use uri_runtime::{SchemeRules, Uri};

const SAMPLE: &[&str] = &[
    "https://example.com/a/b",
    "HTTPS://Example.COM/a/b",
    "https://example.com:443/a/b",
    "https://example.com/a/./c/../b",
    "https://example.com/%61/b",
    "https://example.com/a/b/",
    "https://example.com/a/b?",
    "https://example.com/A/b",
    "http://example.com",
    "http://example.com:80/",
    "http://example.com:/",
    "https://example.com/caf%c3%a9",
    "https://example.com/caf%C3%A9",
    "not a url",
];

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let inputs: Vec<&str> = if args.is_empty() {
        SAMPLE.to_vec()
    } else {
        args.iter().map(String::as_str).collect()
    };
    let mut groups: BTreeMap<String, Vec<&str>> = BTreeMap::new();
    for input in inputs {
        match Uri::parse(input) {
            Ok(uri) => {
                let key = uri.normalize_with(&SchemeRules::STANDARD);
                groups.entry(key.into()).or_default().push(input);
            }
            Err(err) => eprintln!("skipped {input:?}: {err}"),
        }
    }
    for (key, members) in &groups {
        println!("{key}");
        for member in members {
            println!("    {member}");
        }
    }
    println!("{} distinct", groups.len());
}
