//! A webhook URL a user typed, checked before the server ever calls it:
//! https only, no credentials, and a host the whole internet reaches (not
//! this machine, the private network, a cloud's metadata address, or a
//! name only a local resolver answers). The same check written with the
//! `url` crate stands beside ours, run on the same inputs: ours is one
//! preset, theirs a list of address classes to keep up to date, which
//! still lets through the ones it forgot.
//!
//! Run it with `cargo run --example webhook_check`.

use std::net::Ipv4Addr;

use uri_runtime::policy::Policy;

/// With this crate: the public-web preset, narrowed to https.
fn ours(text: &str) -> Result<String, String> {
    let webhooks = Policy::public_web().allow_scheme("https");
    match webhooks.parse(text) {
        Ok(uri) => Ok(uri.to_string()),
        Err(refused) => Err(refused.to_string()),
    }
}

/// With `url`: each class a newcomer finds in the standard library, and
/// the names they know of.
fn with_url(text: &str) -> Result<String, String> {
    let url = url::Url::parse(text).map_err(|e| e.to_string())?;
    if url.scheme() != "https" {
        return Err(format!("scheme {} is not https", url.scheme()));
    }
    if !url.username().is_empty() || url.password().is_some() {
        return Err("credentials in the URL".into());
    }
    let v4_refused = |ip: Ipv4Addr| {
        ip.is_private()
            || ip.is_loopback()
            || ip.is_link_local()
            || ip.is_unspecified()
            || ip.is_broadcast()
            || ip.is_documentation()
    };
    let refused = match url.host() {
        None => true,
        Some(url::Host::Domain(name)) => {
            let last = name.trim_end_matches('.').rsplit('.').next();
            matches!(last, Some("localhost" | "local"))
        }
        Some(url::Host::Ipv4(ip)) => v4_refused(ip),
        Some(url::Host::Ipv6(ip)) => {
            let first = ip.segments()[0];
            ip.is_loopback()
                || ip.is_unspecified()
                || first & 0xfe00 == 0xfc00
                || first & 0xffc0 == 0xfe80
                || ip.to_ipv4_mapped().is_some_and(v4_refused)
        }
    };
    if refused {
        return Err("host not reachable from the internet".into());
    }
    Ok(url.to_string())
}

fn main() {
    let inputs = [
        "https://hooks.slack.com/services/T0/B0/x",
        "http://hooks.slack.com/services/T0/B0/x",
        "https://user:secret@hooks.slack.com/",
        "https://127.0.0.1/admin",
        "https://169.254.169.254/latest/meta-data/",
        "https://[::ffff:10.0.0.1]/",
        // Below, the `url` twin admits what ours refuses.
        "https://100.64.0.1/",        // carrier-grade NAT, shared address space
        "https://198.18.0.1/",        // benchmarking network
        "https://[64:ff9b::7f00:1]/", // NAT64 of 127.0.0.1
        "https://[2002:7f00:1::]/",   // 6to4 of 127.0.0.1
        "https://metadata.google.internal/",
        "https://240.0.0.1/", // reserved for future use
    ];
    let mut admitted_by_url_only = Vec::new();
    for input in inputs {
        let (a, b) = (ours(input), with_url(input));
        println!("{input}\n  uri: {a:?}\n  url: {b:?}");
        if a.is_err() && b.is_ok() {
            admitted_by_url_only.push(input);
        }
    }
    // The twins agree on the first six; the last six are the classes the
    // `url` twin forgot.
    assert!(ours(inputs[0]).is_ok() && with_url(inputs[0]).is_ok());
    assert_eq!(
        admitted_by_url_only,
        inputs[6..],
        "the twins part where the comments say"
    );
    println!(
        "{} URLs the `url` twin lets through",
        admitted_by_url_only.len()
    );
}
