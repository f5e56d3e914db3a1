//! The special-use domain names (the IANA Special-Use Domain Names
//! registry, RFC 6761 and its successors) and the names reserved for
//! private use, by the class of place they name.

use super::class::HostClass;

/// Names and the class of every name below them (and themselves), most
/// specific first; in lowercase, without a final dot.
const SUFFIXES: [(&str, HostClass); 13] = [
    ("localhost", HostClass::Loopback),
    ("ipv4only.arpa", HostClass::ProtocolAssignment),
    ("home.arpa", HostClass::PrivateUse),
    ("internal", HostClass::PrivateUse),
    ("local", HostClass::LinkLocal),
    ("example", HostClass::Documentation),
    ("example.com", HostClass::Documentation),
    ("example.net", HostClass::Documentation),
    ("example.org", HostClass::Documentation),
    ("test", HostClass::SpecialUseName),
    ("invalid", HostClass::SpecialUseName),
    ("onion", HostClass::SpecialUseName),
    ("alt", HostClass::SpecialUseName),
];

/// The class of a DNS name in lowercase ASCII (one final dot allowed, as
/// `localhost.` is `localhost`): its special-use suffix's, or public.
pub(super) fn classify_name(name: &str) -> HostClass {
    let name = name.strip_suffix('.').unwrap_or(name);
    if name.is_empty() {
        return HostClass::Unresolvable;
    }
    SUFFIXES
        .iter()
        .find(|(suffix, _)| {
            name == *suffix
                || name
                    .strip_suffix(suffix)
                    .is_some_and(|head| head.ends_with('.'))
        })
        .map_or(HostClass::Public, |&(_, class)| class)
}

#[cfg(test)]
mod tests {
    use super::{HostClass, SUFFIXES, classify_name};

    #[test]
    fn every_special_use_name_and_its_subdomains_are_classified() {
        for (suffix, class) in SUFFIXES {
            assert_eq!(classify_name(suffix), class, "{suffix}");
            let below = alloc::format!("a.b.{suffix}.");
            assert_eq!(classify_name(&below), class, "{below}");
        }
        for public in [
            "example.co",
            "notlocalhost",
            "localhost.com",
            "test.example.co",
            "onion.org",
        ] {
            assert_eq!(classify_name(public), HostClass::Public, "{public}");
        }
        assert_eq!(classify_name("."), HostClass::Unresolvable);
    }
}
