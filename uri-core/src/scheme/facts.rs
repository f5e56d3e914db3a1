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
    let mut i = 0;
    while i < SCHEMES.len() {
        if scheme.eq_ignore_ascii_case(SCHEMES[i].name) {
            return Some(&SCHEMES[i]);
        }
        i += 1;
    }
    None
}
