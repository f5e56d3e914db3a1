//! A strict URI's browser reading without the state machine: most URIs in
//! the wild are strict text that a browser reads as written, or with
//! changes that need no machine (a scheme or host in lowercase, a default
//! port dropped, an IPv6 address in its shortest form, a `'` escaped in a
//! special query, an empty special path written `/`). Anything else is
//! left to the machine.
//!
//! Each condition below stands for a change the Standard's parser would
//! make; the result and its repairs equal the machine's, which the
//! agreement tests check on the corpus and on generated URIs.

use alloc::string::String;

use uri_core::scheme::scheme_facts;

use super::host::ipv6_text;
use super::repair::{Notes, RepairKind};
use crate::value::host::Host;
use crate::value::uri::Uri;

/// What a browser makes of a strict URI, when no machine is needed.
pub(super) enum Form {
    /// The text itself.
    AsWritten,
    /// This text instead.
    Rewritten(String),
    /// Left to the machine.
    Machine,
}

/// The browser form of `uri`, noting its repairs (a `'` escaped in a
/// special query, an IPv6 address rewritten) in `notes`.
pub(super) fn browser_form(uri: &Uri<'_>, notes: &mut Notes) -> Form {
    let text = uri.as_str();
    let scheme = uri.scheme();
    let facts = scheme_facts(scheme).filter(|facts| facts.whatwg_special);
    let special = facts.is_some();
    let path = uri.path();
    if !path_as_written(path) {
        return Form::Machine;
    }
    let mut out = String::new();
    let mut changed = scheme.bytes().any(|b| b.is_ascii_uppercase());
    out.push_str(scheme);
    out.make_ascii_lowercase();
    out.push(':');
    if let Some(host) = uri.host() {
        // A port or userinfo around an empty host is refused (`sc://:80`,
        // `sc://a@`); a `file` URL has neither (`C:` there is a drive).
        let is_file = scheme.eq_ignore_ascii_case("file");
        let has_more = uri.port().is_some() || uri.userinfo().is_some();
        if (host.is_empty() || is_file) && has_more {
            return Form::Machine;
        }
        out.push_str("//");
        if let Some(userinfo) = uri.userinfo() {
            if !userinfo_as_written(userinfo) {
                return Form::Machine;
            }
            out.push_str(userinfo);
            out.push('@');
        }
        match uri.host_parsed() {
            Some(Host::Ipv4(_)) => out.push_str(host),
            Some(Host::Ipv6(address)) => {
                let written = ipv6_text(&address.segments());
                if !written.eq_ignore_ascii_case(host) {
                    let at = host_offset(uri);
                    notes.note(at..at + host.len(), RepairKind::AddressRewritten);
                }
                changed |= written != host;
                out.push_str(&written);
            }
            Some(Host::Ipv6Zoned(..) | Host::IpvFuture(_)) | None => return Form::Machine,
            Some(Host::RegName("")) if is_file => {}
            Some(Host::RegName(name)) if special => {
                if !domain_as_written(name) || (is_file && name.eq_ignore_ascii_case("localhost")) {
                    return Form::Machine;
                }
                changed |= name.bytes().any(|b| b.is_ascii_uppercase());
                let from = out.len();
                out.push_str(name);
                out[from..].make_ascii_lowercase();
            }
            Some(Host::RegName(name)) => out.push_str(name),
        }
        match uri.port() {
            None => {}
            Some(port) => match port_number(port) {
                None => return Form::Machine,
                Some(n) => {
                    let default = facts.and_then(|f| f.default_port);
                    changed |= Some(n) == default
                        || port.is_empty()
                        || port.len() > 1 && port.starts_with('0');
                    if Some(n) != default && !port.is_empty() {
                        out.push(':');
                        out.push_str(port.trim_start_matches('0'));
                        if n == 0 {
                            out.push('0');
                        }
                    }
                }
            },
        }
        if special && path.is_empty() {
            changed = true;
            out.push('/');
        }
    } else if special {
        // A special URL always gets an authority.
        return Form::Machine;
    }
    out.push_str(path);
    if let Some(query) = uri.query() {
        out.push('?');
        if special && query.contains('\'') {
            changed = true;
            let at = text.len() - uri.fragment().map_or(0, |f| f.len() + 1) - query.len();
            for (k, c) in query.char_indices() {
                if c == '\'' {
                    out.push_str("%27");
                    notes.note(at + k..at + k + 1, RepairKind::Encoded);
                } else {
                    out.push(c);
                }
            }
        } else {
            out.push_str(query);
        }
    }
    if let Some(fragment) = uri.fragment() {
        out.push('#');
        out.push_str(fragment);
    }
    if changed {
        Form::Rewritten(out)
    } else {
        Form::AsWritten
    }
}

/// Where the host starts in the URI's text.
fn host_offset(uri: &Uri<'_>) -> usize {
    let scheme = uri.scheme().len() + "://".len();
    scheme + uri.userinfo().map_or(0, |u| u.len() + 1)
}

/// A userinfo the Standard writes back as it is: a name or a password, no
/// `;` or `=` (escaped there), no second `:`, no empty password after `:`.
fn userinfo_as_written(userinfo: &str) -> bool {
    let plain = !userinfo.contains([';', '=']);
    match userinfo.split_once(':') {
        None => plain && !userinfo.is_empty(),
        Some((_, password)) => plain && !password.is_empty() && !password.contains(':'),
    }
}

/// A special host that maps to itself but for case: ASCII letters,
/// digits, `-` and `.`, no `xn--` label (which IDNA checks), not ending in
/// a number (which is read as an IPv4 address), not empty.
fn domain_as_written(host: &str) -> bool {
    let plain = host
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.');
    let last = host.strip_suffix('.').unwrap_or(host);
    let last = last.rsplit('.').next().unwrap_or_default();
    let ends_in_number = last.bytes().all(|b| b.is_ascii_digit())
        || last.get(..2).is_some_and(|p| p.eq_ignore_ascii_case("0x"))
        || last.is_empty();
    let ace = host.split('.').any(|label| {
        label
            .get(..4)
            .is_some_and(|p| p.eq_ignore_ascii_case("xn--"))
    });
    plain && !ends_in_number && !ace
}

/// The port's number, or `None` when it is above 65535 (refused by the
/// machine); an empty port is 0 here and written as none.
fn port_number(port: &str) -> Option<u16> {
    if port.is_empty() {
        return Some(0);
    }
    if port.len() > 5 && port.trim_start_matches('0').len() > 5 {
        return None;
    }
    port.trim_start_matches('0')
        .parse::<u16>()
        .ok()
        .or((port.trim_start_matches('0').is_empty()).then_some(0))
}

/// No segment that the parser reads as `.` or `..` (`%2e` included).
fn path_as_written(path: &str) -> bool {
    !path.split('/').any(|segment| {
        [".", "..", "%2e", ".%2e", "%2e.", "%2e%2e"]
            .iter()
            .any(|dot| segment.eq_ignore_ascii_case(dot))
    })
}
