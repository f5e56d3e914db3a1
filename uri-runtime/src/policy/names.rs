//! The special-use domain names (the IANA Special-Use Domain Names
//! registry, RFC 6761 and its successors) and the names reserved for
//! private use, by the class of place they name.

use super::class::HostClass;

/// The class of a DNS name in ASCII, in any case (one final dot allowed,
/// as `localhost.` is `localhost`): that of the special-use name it is or
/// is below, or public. The names, with their RFCs, are listed on
/// [`HostClass`]; the last label decides, so a name costs one comparison
/// or two.
pub(super) fn classify_name(name: &str) -> HostClass {
    const LOCALHOST: u128 = pack(b"localhost");
    const INTERNAL: u128 = pack(b"internal");
    const LOCAL: u128 = pack(b"local");
    const EXAMPLE: u128 = pack(b"example");
    const TEST: u128 = pack(b"test");
    const INVALID: u128 = pack(b"invalid");
    const ONION: u128 = pack(b"onion");
    const ALT: u128 = pack(b"alt");
    const COM: u128 = pack(b"com");
    const NET: u128 = pack(b"net");
    const ORG: u128 = pack(b"org");
    const ARPA: u128 = pack(b"arpa");
    let name = name.as_bytes();
    let name = name.strip_suffix(b".").unwrap_or(name);
    if name.is_empty() {
        return HostClass::Unresolvable;
    }
    let (rest, last) = split_last_label(name);
    let second = || split_last_label(rest).1;
    let Some(last) = packed(last) else {
        return HostClass::Public;
    };
    match last {
        LOCALHOST => HostClass::Loopback,
        INTERNAL => HostClass::PrivateUse,
        LOCAL => HostClass::LinkLocal,
        EXAMPLE => HostClass::Documentation,
        TEST | INVALID | ONION | ALT => HostClass::SpecialUseName,
        COM | NET | ORG if packed(second()) == Some(EXAMPLE) => HostClass::Documentation,
        ARPA if packed(second()) == Some(pack(b"home")) => HostClass::PrivateUse,
        ARPA if packed(rest) == Some(pack(b"ipv4only")) => HostClass::ProtocolAssignment,
        _ => HostClass::Public,
    }
}

/// A label of at most fifteen bytes in lowercase, one byte each, as one
/// number: the special labels compare as integers, with no copy and no
/// loop per candidate. Longer labels are none of them.
fn packed(label: &[u8]) -> Option<u128> {
    (label.len() <= 15).then(|| pack(label))
}

const fn pack(label: &[u8]) -> u128 {
    let mut key = label.len() as u128;
    let mut i = 0;
    while i < label.len() && i < 15 {
        key = key << 8 | label[i].to_ascii_lowercase() as u128;
        i += 1;
    }
    key
}

/// What precedes the last label (without its dot) and the last label.
fn split_last_label(name: &[u8]) -> (&[u8], &[u8]) {
    let mut dot = name.len();
    while dot > 0 && name[dot - 1] != b'.' {
        dot -= 1;
    }
    match dot {
        0 => (&[], name),
        dot => (&name[..dot - 1], &name[dot..]),
    }
}

#[cfg(test)]
mod tests {
    use super::{HostClass, classify_name};

    #[test]
    fn every_special_use_name_and_its_subdomains_are_classified() {
        for (name, class) in [
            ("localhost", HostClass::Loopback),
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
        ] {
            assert_eq!(classify_name(name), class, "{name}");
            let below = alloc::format!("a.b.{name}.");
            assert_eq!(classify_name(&below), class, "{below}");
        }
        // The one name that is special only itself.
        assert_eq!(
            classify_name("ipv4only.arpa"),
            HostClass::ProtocolAssignment
        );
        assert_eq!(classify_name("x.ipv4only.arpa"), HostClass::Public);
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
        assert_eq!(classify_name("Api.LocalHost."), HostClass::Loopback);
        assert_eq!(classify_name("WWW.EXAMPLE.ORG"), HostClass::Documentation);
    }
}
