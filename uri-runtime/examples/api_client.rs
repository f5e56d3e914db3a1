//! An API client's request URLs: a base from configuration, then paths
//! and parameters filled with user data, each value encoded for the
//! component it lands in, so that no value adds a segment, a parameter or
//! a fragment. The same client written with the `url` crate stands beside
//! ours, on the same values.
//!
//! Run it with `cargo run --example api_client`.

use uri_runtime::{UriBuf, uri_ref};

/// With this crate: the base parsed once, a template per endpoint.
fn ours(base: &str, user: &str, tag: &str, page: u32) -> Result<String, String> {
    let base = UriBuf::parse(base).map_err(|e| e.to_string())?;
    let path = uri_ref!("users/{user}/posts?tag={tag}&page={page}").map_err(|e| e.to_string())?;
    Ok(base.append(&path).into_string())
}

/// With `url`: the segments and the pairs pushed one by one.
fn with_url(base: &str, user: &str, tag: &str, page: u32) -> Result<String, String> {
    let mut url = url::Url::parse(base).map_err(|e| e.to_string())?;
    url.path_segments_mut()
        .map_err(|()| "the base cannot have a path".to_owned())?
        .pop_if_empty()
        .push("users")
        .push(user)
        .push("posts");
    url.query_pairs_mut()
        .append_pair("tag", tag)
        .append_pair("page", &page.to_string());
    Ok(url.into())
}

fn main() {
    let base = "https://api.example.com/v2/";
    // Where `url` encodes alike, the two agree; a space in the query is
    // `%20` here and `+` (form style) there, each right by its own rules.
    assert_eq!(
        ours(base, "ada", "rust", 1),
        with_url(base, "ada", "rust", 1)
    );
    assert_eq!(
        ours(base, "a/b", "c d&e", 1).as_deref(),
        Ok("https://api.example.com/v2/users/a%2Fb/posts?tag=c%20d%26e&page=1")
    );
    assert_eq!(
        with_url(base, "a/b", "c d&e", 1).as_deref(),
        Ok("https://api.example.com/v2/users/a%2Fb/posts?tag=c+d%26e&page=1")
    );
    // `url` pushes `..` as a segment, and its serializer then removes it
    // with the one before: the request goes to another resource.
    assert!(ours(base, "..", "ok", 4).is_err());
    let climbed = with_url(base, "..", "ok", 4);
    assert_eq!(
        climbed.as_deref(),
        Ok("https://api.example.com/v2/users/posts?tag=ok&page=4")
    );
    for (user, tag, page) in [
        ("ada", "rust", 1),
        ("ada/../admin", "a&b=c", 2),
        ("é lo", "x#y z", 3),
        ("..", "ok", 4),
    ] {
        let (a, b) = (ours(base, user, tag, page), with_url(base, user, tag, page));
        println!("{user:?} {tag:?} {page}\n  uri: {a:?}\n  url: {b:?}");
    }
}
