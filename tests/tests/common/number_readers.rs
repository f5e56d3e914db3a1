//! The readers of a number, modelled plainly and apart from the library,
//! for the property test and the fuzz target that hold the policy to
//! them: one to four parts, the last filling the bytes the others leave.

use std::net::{IpAddr, Ipv4Addr};

use uri_runtime::policy::classify_ip;

/// What one reader makes of `host`: `octal` reads a leading zero as octal
/// and `0x` as hexadecimal (the WHATWG URL Standard, `inet_aton`);
/// otherwise every part is decimal and `0x` is no number (Java, Go before
/// 1.17).
pub fn read(host: &str, octal: bool) -> Option<Ipv4Addr> {
    let host = host.strip_suffix('.').unwrap_or(host);
    let parts: Vec<&str> = host.split('.').collect();
    if parts.len() > 4 {
        return None;
    }
    let mut values = Vec::new();
    for part in &parts {
        let lower = part.to_ascii_lowercase();
        let value = if octal && lower.starts_with("0x") {
            if lower.len() == 2 {
                Some(0)
            } else {
                u64::from_str_radix(&lower[2..], 16).ok()
            }
        } else if octal && part.len() > 1 && part.starts_with('0') {
            u64::from_str_radix(&part[1..], 8).ok()
        } else if !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit()) {
            part.parse::<u64>().ok()
        } else {
            None
        };
        values.push(value?);
    }
    let (last, leading) = values.split_last()?;
    if leading.iter().any(|&v| v > 255) || *last >= 1u64 << (8 * (4 - leading.len())) {
        return None;
    }
    let mut address = *last;
    for (i, v) in leading.iter().enumerate() {
        address |= v << (8 * (3 - i));
    }
    u32::try_from(address).ok().map(Ipv4Addr::from)
}

/// Whether the host's last label is a number as the WHATWG URL Standard
/// reads it (digits, or `0x` and hex digits).
pub fn ends_in_number(host: &str) -> bool {
    let host = host.strip_suffix('.').unwrap_or(host);
    let last = host
        .rsplit('.')
        .next()
        .unwrap_or_default()
        .to_ascii_lowercase();
    match last.strip_prefix("0x") {
        Some(hex) => hex.bytes().all(|b| b.is_ascii_hexdigit()),
        None => !last.is_empty() && last.bytes().all(|b| b.is_ascii_digit()),
    }
}

/// Whether a policy for public fetches may admit the numeric host `host`:
/// only where every reader that reads an address reads one public
/// address, and no decimal reader reads one where the others refuse.
pub fn may_admit(host: &str) -> bool {
    let public = |a: Ipv4Addr| classify_ip(IpAddr::V4(a)).is_globally_reachable();
    match (read(host, true), read(host, false)) {
        (Some(a), Some(b)) => a == b && public(a),
        (Some(a), None) => public(a),
        (None, _) => false,
    }
}
