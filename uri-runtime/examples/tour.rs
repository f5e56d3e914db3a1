//! A tour of the library: a compile-time literal, a template, IRIs and
//! international domain names, parsing, components, encoding, decoding,
//! errors drawn with carets, and the RFC 3986 toolbox: resolution, relativization, normalization, building and
//! query parameters.
//!
//! Run it with `cargo run --example tour`.

use uri_runtime::{
    Host, Iri, SchemeRules, Uri, UriBuilder, UriRef, UriRefBuf, iri, pct, resolve::ResolveOptions,
    uri,
};

/// Checked and pre-encoded while compiling: a space and non-ASCII are
/// encoded, the escape `%7e` is decoded to `~`.
const HOME: Uri<'static> = uri!("https://example.com/~me/my files/caf%7e?q=été");

fn main() {
    println!("== A compile-time literal");
    println!("uri!(\"https://example.com/~me/my files/caf%7e?q=été\")");
    println!("  = {HOME}");
    println!(
        "  host {:?}, path {:?}, query {:?}\n",
        HOME.host(),
        HOME.path(),
        HOME.query()
    );

    templates();
    iris();

    println!("== Parsing and components");
    let text = "https://alice@example.com:8443/docs/caf%C3%A9%20menu?lang=fr&page=2#prices";
    match Uri::parse(text) {
        Ok(uri) => show(&uri),
        Err(err) => println!("unexpected: {err}"),
    }

    println!("\n== Hosts, by RFC 3986's first-match rule");
    for text in [
        "http://192.0.2.7/",
        "http://[2001:db8::7]/",
        "http://256.0.0.1/",
        "http://[v9.x]/",
    ] {
        if let Ok(uri) = Uri::parse(text) {
            let kind = match uri.host_parsed() {
                Some(Host::Ipv4(addr)) => format!("IPv4 {addr}"),
                Some(Host::Ipv6(addr)) => format!("IPv6 {addr}"),
                Some(Host::Ipv6Zoned(addr, zone)) => format!("IPv6 {addr} zone {zone}"),
                Some(Host::IpvFuture(f)) => format!("IPvFuture version {}", f.version()),
                Some(Host::RegName(name)) => format!("registered name {name:?}"),
                None => "no host".to_owned(),
            };
            println!("{text:<24} -> {kind}");
        }
    }

    println!("\n== Encoding per component");
    let data = "Q&A: 50% off/today #1";
    for (name, set) in [
        ("PATH_SEGMENT", &pct::PATH_SEGMENT),
        ("QUERY_PARAM", &pct::QUERY_PARAM),
        ("FRAGMENT", &pct::FRAGMENT),
        ("UNRESERVED", &pct::UNRESERVED),
    ] {
        println!("{name:<13} {}", pct::encode(data, set));
    }
    println!("form style    {}", pct::encode_form(data));

    println!("\n== Decoding, strictly");
    for encoded in ["caf%C3%A9%20menu", "100%", "bad%C3"] {
        match pct::decode_utf8(encoded) {
            Ok(text) => println!("{encoded:<18} -> {text:?}"),
            Err(err) => println!("{encoded:<18} -> error: {err}"),
        }
    }

    println!("\n== Errors point at the culprit");
    for text in [
        "https://example.com/100%",
        "http://exa mple.com/",
        "http://[::1/",
        "//no-scheme",
    ] {
        if let Err(err) = Uri::parse(text) {
            println!("{err}\n{}\n", indent(&err.render(text).to_string()));
        }
    }

    println!("== Relative references");
    if let Ok(r) = UriRef::parse("../images/logo.png?v=3") {
        println!(
            "{r}: scheme {:?}, path {:?}, query {:?}",
            r.scheme(),
            r.path(),
            r.query()
        );
    }

    toolbox();
}

/// Holes filled with hostile values: each lands encoded in its component.
fn templates() {
    println!("== A template: each value encoded where its hole sits");
    println!(
        "uri!(\"https://api.example.com/users/{{user}}/files/{{*path}}?tag={{tags}}&page={{page}}#{{note}}\")"
    );
    let user = "../admin";
    let path = "reports/2024 Q1.pdf";
    let tags = ["a&b", "c=d"];
    let page: Option<u32> = None;
    let note = "see #3";
    println!(
        "  user = {user:?}, path = {path:?}, tags = {tags:?}, page = {page:?}, note = {note:?}"
    );
    // A template with a path hole taking text is a `Result`: a value there
    // that comes out as `.` or `..` would be a step, not data, however it
    // is encoded. The error names the hole; numbers need no `Result`.
    match uri!("https://api.example.com/users/{user}/files/{*path}?tag={tags}&page={page}#{note}") {
        Ok(url) => {
            println!("  = {url}");
            println!(
                "  path {:?}, query {:?}, fragment {:?}",
                url.path(),
                url.query(),
                url.fragment()
            );
        }
        Err(err) => println!("  refused: {err}"),
    }
    let user = "..";
    println!("  user = {user:?}");
    match uri!("https://api.example.com/users/{user}/files/{*path}") {
        Ok(url) => println!("  = {url}\n"),
        Err(err) => println!("  refused: {err}\n"),
    }
}

/// The host through IDNA while compiling and back for display (feature
/// `idna`: `cargo run --example tour --features idna`).
#[cfg(feature = "idna")]
fn international_hosts() {
    const PAGE: Uri<'static> = uri!("http://例え.jp/引き出し");
    const SHOWN: Iri<'static> = iri!("http://例え.jp/引き出し");
    println!("uri!(\"http://例え.jp/引き出し\")");
    println!("  = {PAGE}   (punycode host, UTF-8 escapes, all while compiling)");
    println!("  shown to people: {}", PAGE.to_iri_idna());
    match SHOWN.to_uri_idna() {
        Ok(uri) => println!("  to_uri_idna (host for DNS):     {uri}"),
        Err(err) => println!("unexpected: {err}"),
    }
}

/// Without the `idna` feature, a literal with an international host does
/// not compile; the tour says how to see it.
#[cfg(not(feature = "idna"))]
fn international_hosts() {
    println!(
        "(international hosts need the `idna` feature: cargo run --example tour --features idna)"
    );
}

/// RFC 3987's example both ways, and a refused bidi override.
fn iris() {
    const SHOWN: Iri<'static> = iri!("http://例え.jp/引き出し");
    println!("== IRIs and international domain names (RFC 3987)");
    international_hosts();
    println!("iri!(\"http://例え.jp/引き出し\") keeps the IRI form: {SHOWN}");
    println!("  to_uri (percent-encoding only): {}", SHOWN.to_uri());
    let spoof = "https://example.com/\u{202E}fdp.exe";
    if let Err(err) = Iri::parse(spoof) {
        println!("Iri::parse with a RIGHT-TO-LEFT OVERRIDE:\n  error: {err}");
        println!("{}\n", indent(&err.render(spoof).to_string()));
    }
}

/// Resolution, relativization, normalization, building and setting.
fn toolbox() {
    println!("\n== Resolving links against a base (RFC 3986 section 5.2)");
    let base = uri!("http://a/b/c/d;p?q");
    let mut buf = String::new();
    for link in [
        "g",
        "./g/",
        "../../g",
        "?y",
        "#s",
        "//h/x",
        "g/./h/../i",
        "http:g",
    ] {
        if let Ok(r) = UriRef::parse(link) {
            let strict = r
                .resolve_into(&base, ResolveOptions::STRICT, &mut buf)
                .to_string();
            let loose = r.resolve_against_with(&base, ResolveOptions::NON_STRICT);
            println!("{link:<12} -> {strict:<22} (non-strict: {loose})");
        }
    }

    println!("\n== And back: the shortest reference to each target");
    for target in [
        "http://a/b/c/g",
        "http://a/b/x/y",
        "http://a/b/c/d;p?q#s",
        "http://h/x",
    ] {
        if let Ok(target) = Uri::parse(target) {
            let rel = base.make_relative(&target);
            let shown = rel.as_ref().map_or("(none)", UriRefBuf::as_str);
            println!("{target:<22} <- {shown:?}");
        }
    }

    println!("\n== Normalization and the equivalence ladder");
    for text in [
        "HTTP://Example.COM:80/a/./b/../%7euser?%3f",
        "http://[FE80::A]:/x/..//y",
        "file:/x/..//y",
    ] {
        if let Ok(uri) = Uri::parse(text) {
            println!("{text}");
            println!("  syntax  {}", uri.normalize());
            println!("  scheme  {}", uri.normalize_with(&SchemeRules::STANDARD));
        }
    }
    if let (Ok(a), Ok(b)) = (Uri::parse("HTTP://a:80/%7e"), Uri::parse("http://a/~")) {
        println!(
            "{a} vs {b}: == {}, normalized_eq {}, scheme_normalized_eq {}",
            a == b,
            a.normalized_eq(&b),
            a.scheme_normalized_eq(&b, &SchemeRules::STANDARD)
        );
    }

    println!("\n== Building from raw values, setting components");
    let built = UriBuilder::new()
        .scheme("https")
        .host("example.com")
        .path_segments(["reports", "Q3 2024/final.pdf"])
        .query_pairs([("by", "Zoë"), ("q", "a&b")])
        .build();
    match built {
        Ok(mut uri) => {
            println!("built      {uri}");
            for param in uri.query_params() {
                match param {
                    Ok((key, value)) => println!("  param    {key:?} = {value:?}"),
                    Err(err) => println!("  param    error: {err}"),
                }
            }
            let refused = uri.set_path("no-leading-slash");
            println!("set_path(\"no-leading-slash\") -> {refused:?}");
            if uri.set_port(8443).is_ok() && uri.set_fragment("page=2").is_ok() {
                println!("after set  {uri}");
            }
        }
        Err(err) => println!("unexpected: {err}"),
    }
}

fn show(uri: &Uri<'_>) {
    println!("uri        {uri}");
    println!("scheme     {}", uri.scheme());
    println!("userinfo   {:?}", uri.userinfo());
    println!("host       {:?}", uri.host());
    println!("port       {:?} = {:?}", uri.port(), uri.port_u16());
    println!("path       {:?}", uri.path());
    for segment in uri.path_segments() {
        let decoded =
            pct::decode_utf8(segment).map_or_else(|e| e.to_string(), std::borrow::Cow::into_owned);
        println!("  segment  {segment:?} decodes to {decoded:?}");
    }
    println!("query      {:?}", uri.query());
    for (key, value) in uri.query_pairs() {
        println!("  pair     {key:?} = {value:?}");
    }
    println!("fragment   {:?}", uri.fragment());
}

fn indent(text: &str) -> String {
    text.lines()
        .map(|line| format!("    {line}"))
        .collect::<Vec<_>>()
        .join("\n")
}
