//! What the workspace knows about the schemes it names, written once:
//! scheme-based normalization, the `http` view and origin, the hand-offs
//! and the boundary policy all read this table. The schemes with rules
//! of their own are named by [`KnownScheme::name`], where their names are
//! written.

use super::KnownScheme;

/// The facts of one scheme.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SchemeFacts {
    /// The scheme's name, lowercase.
    pub name: &'static str,
    /// The port a URI of the scheme means when it names none.
    pub default_port: Option<u16>,
    /// Whether an empty path after an authority is the path `/` (RFC 9110
    /// section 4.2.3 for `http` and `https`, RFC 6455 section 3 for `ws`
    /// and `wss`; for `ftp`, RFC 1738 section 3.2.2, where the `/` after
    /// the host is no part of the path, so `ftp://h` and `ftp://h/` both
    /// name the login directory, as browsers read them too). Scheme-based
    /// normalization and the `http::Uri` hand-off both read this fact.
    pub empty_path_is_root: bool,
    /// Whether the WHATWG URL Standard calls it a special scheme, which
    /// browsers and `url` parse by rules of their own (`\` as `/`, hosts
    /// decoded and IDNA-mapped, number forms read as IPv4).
    pub whatwg_special: bool,
}

const fn facts(
    name: &'static str,
    default_port: Option<u16>,
    empty_path_is_root: bool,
    whatwg_special: bool,
) -> SchemeFacts {
    SchemeFacts {
        name,
        default_port,
        empty_path_is_root,
        whatwg_special,
    }
}

/// Every scheme the workspace knows facts of.
///
/// ```
/// use uri_core::scheme::{SchemeFacts, SCHEMES};
///
/// let ports: Vec<(&str, u16)> = SCHEMES
///     .iter()
///     .filter_map(|s| Some((s.name, s.default_port?)))
///     .collect();
/// assert_eq!(ports, [("ftp", 21), ("http", 80), ("https", 443), ("ws", 80), ("wss", 443)]);
/// ```
pub const SCHEMES: [SchemeFacts; 7] = [
    facts(KnownScheme::Ftp.name(), Some(21), true, true),
    facts(KnownScheme::Http.name(), Some(80), true, true),
    facts(KnownScheme::Https.name(), Some(443), true, true),
    facts("ws", Some(80), true, true),
    facts("wss", Some(443), true, true),
    facts(KnownScheme::File.name(), None, false, true),
    facts(KnownScheme::Mailto.name(), None, false, false),
];

/// The facts of `scheme`, compared without regard to ASCII case.
///
/// ```
/// use uri_core::scheme::scheme_facts;
///
/// assert_eq!(scheme_facts("WSS").and_then(|s| s.default_port), Some(443));
/// assert!(scheme_facts("HTTP").is_some_and(|s| s.empty_path_is_root));
/// assert!(scheme_facts("urn").is_none());
/// ```
pub const fn scheme_facts(scheme: &str) -> Option<&'static SchemeFacts> {
    // This runs for every URI that is normalized, checked or read as a
    // browser reads it: a length and a first byte rule out most names.
    let scheme = scheme.as_bytes();
    let mut i = 0;
    while i < SCHEMES.len() {
        if is_named(scheme, SCHEMES[i].name.as_bytes()) {
            return Some(&SCHEMES[i]);
        }
        i += 1;
    }
    None
}

/// Whether `scheme` is `name` ignoring ASCII case, where `name` is in
/// lowercase ASCII letters, as every known scheme's name is: setting a
/// byte's `0x20` bit maps `A` to `a`, leaves `a` as it is, and makes no
/// other byte a lowercase letter.
const fn is_named(scheme: &[u8], name: &[u8]) -> bool {
    if scheme.len() != name.len() {
        return false;
    }
    let mut i = 0;
    while i < name.len() {
        if scheme[i] | 0x20 != name[i] {
            return false;
        }
        i += 1;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lookup is `eq_ignore_ascii_case` against each known name, for
    /// every name of up to three bytes from an alphabet of the known
    /// names' letters in both cases and the bytes around them, and for
    /// the known names with one byte changed or added.
    #[test]
    fn finds_what_a_caseless_comparison_finds() {
        let by_comparison = |scheme: &[u8]| {
            SCHEMES
                .iter()
                .find(|facts| scheme.eq_ignore_ascii_case(facts.name.as_bytes()))
        };
        let check = |scheme: &[u8]| {
            let text = core::str::from_utf8(scheme).unwrap_or("");
            if text.len() == scheme.len() {
                assert_eq!(scheme_facts(text), by_comparison(scheme), "{scheme:?}");
            }
        };
        let alphabet: &[u8] = b"hHtTpPsSfFwWiIlLeEmMaAoO@`[{0+-.\x00\x7f";
        for &a in alphabet {
            check(&[a]);
            for &b in alphabet {
                check(&[a, b]);
                for &c in alphabet {
                    check(&[a, b, c]);
                }
            }
        }
        for facts in &SCHEMES {
            let name = facts.name.as_bytes();
            for at in 0..name.len() {
                for byte in 0..0x80u8 {
                    let mut changed = name.to_vec();
                    changed[at] = byte;
                    check(&changed);
                    changed.push(byte);
                    check(&changed);
                }
            }
            check(&name[1..]);
        }
        assert!(scheme_facts("HTTPS\u{0}").is_none());
        assert!(scheme_facts("httpsxyzw").is_none());
        // The claim `is_named` rests on.
        assert!(
            SCHEMES
                .iter()
                .all(|facts| facts.name.bytes().all(|b| b.is_ascii_lowercase()))
        );
    }
}
