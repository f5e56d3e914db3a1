//! The oracle of the hand-off invariant, shared by the `hand_offs` test
//! and the `hand_offs` fuzz target: what `url` and `http` read, through
//! their own accessors, against what this crate reads, written without
//! the adapters' code.

use std::borrow::Cow;
use std::net::{IpAddr, Ipv4Addr};

use uri::{Host, Uri, UriBuf, UriRef, UriRefBuf};
use uri_core::parse::ipv4_number_form;

/// How many conversions succeeded and were checked, per direction.
#[derive(Default, Debug)]
pub struct Tally {
    pub to_url: usize,
    pub from_url: usize,
    pub to_http: usize,
    pub from_http: usize,
}

/// Every hand-off of `text` that succeeds, checked.
pub fn check_every_hand_off(text: &str, tally: &mut Tally) {
    if let Ok(reference) = UriRef::parse(text) {
        if let Ok(uri) = Uri::parse(text)
            && let Ok(url) = url::Url::try_from(&uri)
        {
            tally.to_url += 1;
            url_reads_the_same(&uri, &url).unwrap_or_else(|e| panic!("to url, {text:?}: {e}"));
        }
        if let Ok(theirs) = http::Uri::try_from(&reference) {
            tally.to_http += 1;
            http_reads_the_same(&reference, &theirs)
                .unwrap_or_else(|e| panic!("to http, {text:?}: {e}"));
        }
    }
    if let Ok(url) = url::Url::parse(text)
        && let Ok(ours) = UriBuf::try_from(&url)
    {
        tally.from_url += 1;
        url_reads_the_same(&ours.as_uri(), &url)
            .unwrap_or_else(|e| panic!("from url, {text:?} ({}): {e}", url.as_str()));
    }
    if let Ok(theirs) = text.parse::<http::Uri>()
        && let Ok(ours) = UriRefBuf::try_from(&theirs)
    {
        tally.from_http += 1;
        http_reads_the_same(&ours.as_uri_ref(), &theirs)
            .unwrap_or_else(|e| panic!("from http, {text:?}: {e}"));
    }
}

/// A registered name as DNS looks it up: escapes decoded, an
/// international name mapped by UTS 46, lowercase; `None` where it has
/// no such form.
fn dns_name(name: &str) -> Option<String> {
    let decoded = uri::pct::decode_utf8(name).ok()?;
    let ascii = if decoded.is_ascii() {
        decoded
    } else {
        Cow::Owned(uri_idna::host_to_ascii(&decoded).ok()?.into_owned())
    };
    Some(ascii.to_ascii_lowercase())
}

/// A path or query split where its structure is (`/`, `&`, `=`), each
/// piece decoded: equal lists are the same resource whatever the escapes.
fn pieces(text: &str, separators: &[char]) -> Vec<Vec<u8>> {
    text.split(separators)
        .map(|piece| {
            uri::pct::decode(piece).map_or_else(|_| piece.as_bytes().to_vec(), Cow::into_owned)
        })
        .collect()
}

fn url_reads_the_same(ours: &Uri<'_>, url: &url::Url) -> Result<(), String> {
    if url.scheme() != ours.scheme().to_ascii_lowercase() {
        return Err(format!("scheme {:?}", url.scheme()));
    }
    let special = ["http", "https", "ws", "wss", "ftp", "file"].contains(&url.scheme());
    let same_host = match (ours.host_parsed(), url.host()) {
        (None | Some(Host::RegName("")), None | Some(url::Host::Domain(""))) => true,
        (Some(Host::Ipv4(a)), Some(url::Host::Ipv4(b))) => a == b,
        (Some(Host::Ipv4(a)), Some(url::Host::Domain(d))) => !special && d == a.to_string(),
        (Some(Host::Ipv6(a)), Some(url::Host::Ipv6(b))) => a == b,
        (Some(Host::RegName(name)), Some(url::Host::Domain(d))) => {
            // A name to us must be the same name, and no address to the
            // resolver behind `url`.
            ipv4_number_form(d.as_bytes()).is_none()
                && dns_name(name).is_some_and(|n| n == d.to_ascii_lowercase())
        }
        _ => false,
    };
    if !same_host {
        return Err(format!("host {:?} against {:?}", url.host(), ours.host()));
    }
    let ours_port = ours.port_u16().map_err(|e| format!("port: {e}"))?;
    if url.port_or_known_default() != ours_port.or(url.port_or_known_default())
        || (ours_port.is_none() && url.port().is_some())
    {
        return Err(format!("port {:?} against {ours_port:?}", url.port()));
    }
    let our_path = if ours.path().starts_with('/') {
        uri::resolve::remove_dot_segments(ours.path())
    } else {
        ours.path().to_owned()
    };
    let empty_as_root = our_path.is_empty() && url.path() == "/" && ours.authority().is_some();
    if pieces(&our_path, &['/']) != pieces(url.path(), &['/']) && !empty_as_root {
        return Err(format!("path {:?} against {our_path:?}", url.path()));
    }
    let query = |q: Option<&str>| q.map(|q| pieces(q, &['&', '=']));
    if query(ours.query()) != query(url.query()) {
        return Err(format!(
            "query {:?} against {:?}",
            url.query(),
            ours.query()
        ));
    }
    Ok(())
}

fn http_reads_the_same(ours: &UriRef<'_>, theirs: &http::Uri) -> Result<(), String> {
    let lower = |s: Option<&str>| s.map(str::to_ascii_lowercase);
    if lower(theirs.scheme_str()) != lower(ours.scheme()) {
        return Err(format!("scheme {:?}", theirs.scheme_str()));
    }
    // `http` keeps the host's text, and the resolver a client hands it to
    // reads it as written: no escapes decoded, number forms as addresses.
    let same_host = match (ours.host_parsed(), theirs.host()) {
        (None, None) => true,
        (Some(Host::RegName(name)), Some(text)) => {
            name.eq_ignore_ascii_case(text)
                && !name.contains('%')
                && ipv4_number_form(name.as_bytes()).is_none()
        }
        (Some(Host::Ipv4(a)), Some(text)) => {
            ipv4_number_form(text.as_bytes()) == Some(a.octets())
                && text.parse::<Ipv4Addr>() == Ok(a)
        }
        (Some(Host::Ipv6(a)), Some(text)) => {
            text.strip_prefix('[')
                .and_then(|t| t.strip_suffix(']'))
                .and_then(|t| t.parse::<IpAddr>().ok())
                == Some(IpAddr::V6(a))
        }
        _ => false,
    };
    if !same_host {
        return Err(format!(
            "host {:?} against {:?}",
            theirs.host(),
            ours.host()
        ));
    }
    let ours_port = ours.port_u16().map_err(|e| format!("port: {e}"))?;
    if theirs.port_u16() != ours_port {
        return Err(format!(
            "port {:?} against {ours_port:?}",
            theirs.port_u16()
        ));
    }
    // RFC 9110 section 4.2.3, RFC 6455 section 3, and for ftp RFC 1738
    // section 3.2.2 (the `/` after the host is no part of its path).
    let root = ["http", "https", "ws", "wss", "ftp"]
        .iter()
        .any(|s| ours.scheme().is_some_and(|o| o.eq_ignore_ascii_case(s)));
    let empty_as_root = ours.path().is_empty() && theirs.path() == "/" && root;
    if theirs.path() != ours.path() && !empty_as_root {
        return Err(format!(
            "path {:?} against {:?}",
            theirs.path(),
            ours.path()
        ));
    }
    if theirs.query() != ours.query() {
        return Err(format!("query {:?}", theirs.query()));
    }
    Ok(())
}
