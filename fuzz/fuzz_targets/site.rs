//! The site of a host, against the list's algorithm as the `psl` crate
//! runs it on the host as `url` (a WHATWG reader) reads it: no panic; a
//! host `url` reads as an IP address, or refuses, has no site; for a
//! name, the registrable domain and the public suffix are the ones the
//! list gives that name (lowercase, the root's dot left out). One
//! difference is let through: an `xn--` label that is not valid punycode
//! (`url` refuses the host; here it is ASCII, with a site).
#![no_main]

use libfuzzer_sys::fuzz_target;
use uri_runtime::site::{NoSite, Rules};
use uri_runtime::Uri;

fuzz_target!(|host: &str| {
    let text = format!("http://{host}/");
    let Ok(uri) = Uri::parse(&text) else { return };
    if uri.host() != Some(host) {
        return;
    }
    let ours = uri.registrable_domain(Rules::IcannAndPrivate);
    let suffix = uri.public_suffix(Rules::IcannAndPrivate);
    let theirs = url::Url::parse(&text).ok().and_then(|url| match url.host() {
        Some(url::Host::Domain(name)) => Some(Some(name.trim_end_matches('.').to_owned())),
        Some(url::Host::Ipv4(_) | url::Host::Ipv6(_)) => Some(None),
        None => None,
    });
    match theirs {
        // `url` refuses the host (a browser fails the URL): no site; but a
        // name with an `xn--` label that is not valid punycode has one
        // here (DNS looks it up as the ASCII it is; only a browser checks
        // the punycode).
        None if host.to_ascii_lowercase().contains("xn--") => {}
        None => assert!(ours.is_err(), "{host:?}: {ours:?}"),
        // An address has none.
        Some(None) => assert_eq!(ours.map(|s| s.as_str().to_owned()), Err(NoSite::IpAddress), "{host:?}"),
        Some(Some(name)) => {
            // A name readers part ways on has none, whatever the list says.
            let Ok(ours) = ours else {
                let why = ours.unwrap_err();
                assert!(matches!(why, NoSite::Ambiguous | NoSite::PublicSuffix | NoSite::NotAName), "{host:?}: {why:?}");
                if why == NoSite::PublicSuffix {
                    assert!(psl::domain(name.as_bytes()).is_none(), "{host:?}: the list gives {name} a domain");
                }
                return;
            };
            let domain = psl::domain(name.as_bytes()).expect("the list gives a domain");
            assert_eq!(ours.as_str().as_bytes(), domain.as_bytes(), "{host:?}");
            assert_eq!(ours.public_suffix().as_bytes(), domain.suffix().as_bytes(), "{host:?}");
            let suffix = suffix.expect("a name with a domain has a suffix");
            assert_eq!(suffix.as_str().as_bytes(), domain.suffix().as_bytes(), "{host:?}");
        }
    }
});
