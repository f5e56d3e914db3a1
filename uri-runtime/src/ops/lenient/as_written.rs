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

use core::fmt::Write;

use uri_core::scheme::{SchemeFacts, scheme_facts};

use super::host::{ends_in_a_number, ipv6_text};
use super::repair::{Notes, RepairKind};
use crate::value::host::Host;
use crate::value::uri::Uri;
use crate::write::dot_segment::reads_as_dot_segment;

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
/// special query, an IPv6 address rewritten) in `notes`. The checks come
/// first, and text is written only when something changes.
pub(super) fn browser_form(uri: &Uri<'_>, notes: &mut Notes) -> Form {
    let scheme = uri.scheme();
    let facts = scheme_facts(scheme).filter(|facts| facts.whatwg_special);
    let special = facts.is_some();
    if !path_as_written(uri.path()) {
        return Form::Machine;
    }
    let Some(plan) = authority_plan(uri, facts) else {
        return Form::Machine;
    };
    let quote_in_query = special
        && uri
            .query()
            .is_some_and(|query| query.as_bytes().contains(&b'\''));
    let changed = plan.changed || quote_in_query || scheme.bytes().any(|b| b.is_ascii_uppercase());
    if let Some((at, len)) = plan.address_note {
        notes.note(at..at + len, RepairKind::AddressRewritten);
    }
    if !changed {
        return Form::AsWritten;
    }
    Form::Rewritten(rewritten(uri, &plan, quote_in_query, notes))
}

/// What the authority needs: whether it changes, and how.
struct Plan {
    changed: bool,
    /// The host in its written form, when it differs from the text's.
    host: Option<String>,
    /// The port as the Standard writes it (`None`: none).
    port: Option<u16>,
    /// Where an IPv6 address that was rewritten stands, and its length.
    address_note: Option<(usize, usize)>,
    /// A special URL's empty path, written `/`.
    root_path: bool,
}

/// Checks the authority; `None` when the machine must read it.
fn authority_plan(uri: &Uri<'_>, facts: Option<&SchemeFacts>) -> Option<Plan> {
    let special = facts.is_some();
    let mut plan = Plan {
        changed: false,
        host: None,
        port: None,
        address_note: None,
        root_path: false,
    };
    let Some(host) = uri.host() else {
        // A special URL always gets an authority.
        return (!special).then_some(plan);
    };
    let is_file = uri.scheme().eq_ignore_ascii_case("file");
    // A port or userinfo around an empty host is refused (`sc://:80`,
    // `sc://a@`); a `file` URL has neither (`C:` there is a drive).
    let has_more = uri.port().is_some() || uri.userinfo().is_some();
    if (host.is_empty() || is_file) && has_more {
        return None;
    }
    if uri
        .userinfo()
        .is_some_and(|userinfo| !userinfo_as_written(userinfo))
    {
        return None;
    }
    match uri.host_parsed()? {
        Host::Ipv6(address) => {
            let written = ipv6_text(&address.segments());
            if !written.eq_ignore_ascii_case(host) {
                plan.address_note = Some((host_offset(uri), host.len()));
            }
            if written != host {
                plan.changed = true;
                plan.host = Some(written);
            }
        }
        Host::Ipv6Zoned(..) | Host::IpvFuture(_) => return None,
        // `file:///x` has an empty host.
        Host::RegName(name) if special && !(is_file && name.is_empty()) => {
            if !domain_as_written(name) || (is_file && name.eq_ignore_ascii_case("localhost")) {
                return None;
            }
            if name.bytes().any(|b| b.is_ascii_uppercase()) {
                plan.changed = true;
                plan.host = Some(name.to_ascii_lowercase());
            }
        }
        Host::Ipv4(_) | Host::RegName(_) => {}
    }
    if let Some(port) = uri.port() {
        let n = port_number(port)?;
        let default = facts.and_then(|f| f.default_port);
        plan.port = (Some(n) != default && !port.is_empty()).then_some(n);
        plan.changed |= plan.port.is_none() || port.len() > 1 && port.starts_with('0');
    }
    if special && uri.path().is_empty() {
        plan.changed = true;
        plan.root_path = true;
    }
    Some(plan)
}

/// The URI with the plan's changes and a special query's `'` escaped.
fn rewritten(uri: &Uri<'_>, plan: &Plan, quote_in_query: bool, notes: &mut Notes) -> String {
    let text = uri.as_str();
    let mut out = String::with_capacity(text.len() + 8);
    out.push_str(uri.scheme());
    out.make_ascii_lowercase();
    out.push(':');
    if let Some(host) = uri.host() {
        out.push_str("//");
        if let Some(userinfo) = uri.userinfo() {
            out.push_str(userinfo);
            out.push('@');
        }
        out.push_str(plan.host.as_deref().unwrap_or(host));
        if let Some(port) = plan.port {
            out.push(':');
            let _ = write!(out, "{port}");
        }
        if plan.root_path {
            out.push('/');
        }
    }
    out.push_str(uri.path());
    if let Some(query) = uri.query() {
        out.push('?');
        if quote_in_query {
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
    out
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
/// a number (which is read as an IPv4 address), not empty. One pass.
fn domain_as_written(host: &str) -> bool {
    let bytes = host.as_bytes();
    let mut label_start = 0;
    for (k, &b) in bytes.iter().enumerate() {
        if b == b'.' {
            label_start = k + 1;
        } else if !(b.is_ascii_alphanumeric() || b == b'-')
            || k == label_start
                && bytes
                    .get(k..k + 4)
                    .is_some_and(|p| p.eq_ignore_ascii_case(b"xn--"))
        {
            return false;
        }
    }
    !ends_in_a_number(host) && !host.is_empty()
}

/// The port's number, or `None` when it is above 65535 (refused by the
/// machine); an empty port is 0 here and written as none.
fn port_number(port: &str) -> Option<u16> {
    let digits = port.trim_start_matches('0');
    if digits.is_empty() {
        return Some(0);
    }
    digits.parse().ok()
}

/// No segment that the parser reads as `.` or `..` (`%2e` included).
fn path_as_written(path: &str) -> bool {
    !path.split('/').any(reads_as_dot_segment)
}
