//! Building request URLs safely: user data goes through template holes or
//! the builder, each value encoded for the component it lands in, so no
//! value can add a path segment, a parameter or a fragment; and a value
//! that would be the segment `.` or `..` is refused, since no encoding of
//! it is data.
//!
//! Run it with `cargo run --example request_urls`.

use uri_runtime::{UriBuf, UriBuilder, holes::HoleError, uri};

/// A search request: `page` is optional and `tags` repeat.
fn search_url(query: &str, tags: &[&str], page: Option<u32>) -> UriBuf {
    uri!("https://api.example.com/v2/search?q={query}&tag={tags}&page={page}")
}

/// A file under a user's folder: the name is one segment, whatever it
/// holds, or an error where it would be a step (`..`).
fn file_url(user: &str, name: &str) -> Result<UriBuf, HoleError> {
    uri!("https://files.example.com/users/{user}/files/{name}")
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    println!("== Template holes encode for their component");
    for (query, tags, page) in [
        ("rust uri", &["web", "parsing"][..], None),
        ("a&b=c#d", &[][..], Some(2)),
        ("100% café", &["x/y"][..], Some(10)),
    ] {
        println!(
            "{query:<12} {tags:?} {page:?}\n  -> {}",
            search_url(query, tags, page)
        );
    }
    for (user, name) in [
        ("ada", "notes.txt"),
        ("bob", "../../etc/passwd"),
        ("eve", ".."),
    ] {
        match file_url(user, name) {
            Ok(url) => println!("{user}, {name:?}\n  -> {url}"),
            Err(err) => println!("{user}, {name:?}\n  refused: {err}"),
        }
    }

    println!("\n== The builder, when the host comes at run time too");
    let host = "eu.api.example.com";
    let built = UriBuilder::new()
        .scheme("https")
        .host(host)
        .port(8443)
        .path_segments(["v2", "items", "id/with/slashes"])
        .query_pairs([("fields", "name,price"), ("lang", "fr-CA")])
        .build()?;
    println!("{built}");

    println!("\n== A host that is not one is refused, with the reason");
    let refused = UriBuilder::new()
        .scheme("https")
        .host_encoded("evil.com/x?")
        .build();
    if let Err(err) = refused {
        println!("{err}");
    }
    Ok(())
}
