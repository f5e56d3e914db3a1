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
    const LOCALHOST: Label = Label::of(b"localhost");
    const INTERNAL: Label = Label::of(b"internal");
    const LOCAL: Label = Label::of(b"local");
    const EXAMPLE: Label = Label::of(b"example");
    const TEST: Label = Label::of(b"test");
    const INVALID: Label = Label::of(b"invalid");
    const ONION: Label = Label::of(b"onion");
    const ALT: Label = Label::of(b"alt");
    const COM: Label = Label::of(b"com");
    const NET: Label = Label::of(b"net");
    const ORG: Label = Label::of(b"org");
    const ARPA: Label = Label::of(b"arpa");
    const HOME: Label = Label::of(b"home");
    const IPV4ONLY: Label = Label::of(b"ipv4only");
    let name = name.as_bytes();
    let name = name.strip_suffix(b".").unwrap_or(name);
    if name.is_empty() {
        return HostClass::Unresolvable;
    }
    let (last, rest) = Label::last(name);
    match last {
        LOCALHOST => HostClass::Loopback,
        INTERNAL => HostClass::PrivateUse,
        LOCAL => HostClass::LinkLocal,
        EXAMPLE => HostClass::Documentation,
        TEST | INVALID | ONION | ALT => HostClass::SpecialUseName,
        COM | NET | ORG if rest.is_some_and(|rest| Label::last(rest).0 == EXAMPLE) => {
            HostClass::Documentation
        }
        ARPA => match rest.map(Label::last) {
            Some((HOME, _)) => HostClass::PrivateUse,
            Some((IPV4ONLY, None)) => HostClass::ProtocolAssignment,
            _ => HostClass::Public,
        },
        _ => HostClass::Public,
    }
}

/// A label of at most [`Label::MAX`] bytes, lowercase, as one number, so
/// that the special labels compare as integers with no copy and no loop
/// per candidate; every longer label is [`Label::LONG`], which is none of
/// them.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Label(u128);

impl Label {
    /// The longest special label, `localhost`: reading a label stops
    /// after as many bytes.
    const MAX: usize = 9;

    /// Any label longer than [`Label::MAX`]: its length byte is one no
    /// packed label has.
    const LONG: Label = Label(u128::MAX);

    /// The label `text`, packed as [`Label::last`] packs one: byte `i` of
    /// the label at bits `8 i`, the length in the top byte.
    const fn of(text: &[u8]) -> Label {
        // Evaluated while compiling: a longer constant would never match.
        assert!(
            text.len() <= Self::MAX,
            "a special label is at most MAX bytes"
        );
        let mut key = 0u128;
        let mut i = 0;
        while i < text.len() {
            key |= (text[i].to_ascii_lowercase() as u128) << (8 * i);
            i += 1;
        }
        Label(key | (text.len() as u128) << 120)
    }

    /// The last label of `name` and what precedes it (without its dot),
    /// read from the end in one pass that stops at the dot, or after
    /// [`Label::MAX`] bytes with [`Label::LONG`] (nothing before it is
    /// read then, so its rest is `None`, as for a name of one label).
    fn last(name: &[u8]) -> (Label, Option<&[u8]>) {
        // Read backwards, each byte shifts in below the ones after it;
        // shifts by a constant, not by the byte's place, which would be a
        // variable 128-bit shift per byte.
        let mut key = 0u128;
        for (n, &byte) in name.iter().rev().enumerate() {
            if byte == b'.' {
                let dot = name.len() - 1 - n;
                return (Label(key | (n as u128) << 120), name.get(..dot));
            }
            if n == Self::MAX {
                return (Self::LONG, None);
            }
            key = key << 8 | u128::from(byte.to_ascii_lowercase());
        }
        (Label(key | (name.len() as u128) << 120), None)
    }
}

#[cfg(test)]
mod tests {
    use super::{HostClass, classify_name};
    use crate::bytes::scan::tests::random_text;
    use alloc::string::String;
    use alloc::vec::Vec;

    /// The registry read plainly: the name's labels, lowercased, and the
    /// special ones looked for from the right.
    fn classified_plainly(name: &str) -> HostClass {
        let name = name.strip_suffix('.').unwrap_or(name).to_ascii_lowercase();
        if name.is_empty() {
            return HostClass::Unresolvable;
        }
        let labels: Vec<&str> = name.rsplit('.').collect();
        let second = labels.get(1).copied();
        match labels[0] {
            "localhost" => HostClass::Loopback,
            "internal" => HostClass::PrivateUse,
            "local" => HostClass::LinkLocal,
            "example" => HostClass::Documentation,
            "test" | "invalid" | "onion" | "alt" => HostClass::SpecialUseName,
            "com" | "net" | "org" if second == Some("example") => HostClass::Documentation,
            "arpa" if second == Some("home") => HostClass::PrivateUse,
            "arpa" if name == "ipv4only.arpa" => HostClass::ProtocolAssignment,
            _ => HostClass::Public,
        }
    }

    #[test]
    fn packed_labels_classify_as_the_plain_reading_does() {
        // Special labels in both cases, near misses one byte longer or
        // shorter, labels past the packed length, and empty labels.
        let pieces = [
            "localhost",
            "LocalHost",
            "localhosts",
            "ocalhost",
            "internal",
            "local",
            "example",
            "EXAMPLE",
            "test",
            "invalid",
            "onion",
            "alt",
            "com",
            "net",
            "ORG",
            "arpa",
            "home",
            "ipv4only",
            "IPv4Only",
            "a",
            "xn--bcher-kva",
            "averyveryverylonglabel",
            "0",
            "-",
            ".",
            ".",
            ".",
        ];
        let mut seed = 0x5eed_4a3e_u64;
        for _ in 0..50_000 {
            let name: String = random_text(&mut seed, &pieces, 7);
            assert_eq!(classify_name(&name), classified_plainly(&name), "{name:?}");
        }
    }

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
