//! The special-use domain names (the IANA Special-Use Domain Names
//! registry, RFC 6761 and its successors) and the names reserved for
//! private use, by the class of place they name.

use core::ops::Range;

use super::class::HostClass;
use crate::bytes::name_tail::{BLOCK, NameTail};
use crate::bytes::raw;
use crate::value::numbers::ends_in_number;

/// The class of a DNS name in ASCII, in any case (one final dot allowed,
/// as `localhost.` is `localhost`): that of the special-use name it is or
/// is below, or public. The names, with their RFCs, are listed on
/// [`HostClass`]; the last label decides (the one before it for a few),
/// read from the name's last sixteen bytes.
pub(super) fn classify_name(name: &str) -> HostClass {
    let name = name.as_bytes();
    let name = name.strip_suffix(b".").unwrap_or(name);
    if ends_in_number(name) {
        return HostClass::NotAnAddress;
    }
    let last = name
        .get(name.len().saturating_sub(BLOCK)..)
        .unwrap_or_default();
    let single_label = !name.contains(&b'.');
    tail_of_short(last).map_or(HostClass::Unresolvable, |tail| {
        tail_class(tail, name.len(), single_label)
    })
}

/// The class of the registered name `text[host]`, read in place, as
/// [`classify_name`] gives it; `None` for a name with an escape (whose
/// class is that of the name it decodes to), one that starts with a
/// digit or whose last label is a number (which may be an IPv4 address
/// in an older notation: [`numbers`](crate::value::numbers)), or one
/// with an empty label (which readers part ways on: the caller's
/// [`is_ambiguous`](crate::value::ambiguous::is_ambiguous) says so).
///
/// Most hosts are such names, and this is the policy check's hottest
/// path: the name is read as two sixteen-byte blocks of the text
/// ([`raw::name_tail`]: its first and its last sixteen bytes, which
/// overlap or cover it for a name of up to 32 bytes), with no loop and no
/// branch that depends on where a label ends; a byte loop mispredicts
/// where it stops, once a name.
pub(super) fn classify_name_at(text: &[u8], host: Range<usize>) -> Option<HostClass> {
    let Range { start, mut end } = host;
    if text.get(end.wrapping_sub(1)) == Some(&b'.') && end > start {
        end -= 1;
    }
    let len = end.checked_sub(start)?;
    let first = *text.get(start).unwrap_or(&b'.');
    if len == 0 {
        return Some(HostClass::Unresolvable);
    }
    if first.is_ascii_digit() {
        return None;
    }
    let tail = raw::name_tail(text, start..end);
    match tail {
        Some(tail) if len <= 2 * BLOCK && tail.after_dot < BLOCK as u32 => {
            class_of_whole(tail, len)
        }
        _ => classify_name_rarely(text, start..end, tail),
    }
}

/// The class of a name of `len` bytes, up to 32, whose `tail` holds all of
/// it (its first and last sixteen bytes) and its last label whole; `None`
/// where it is not regular, as [`classify_name_at`] says.
fn class_of_whole(tail: NameTail, len: usize) -> Option<HostClass> {
    let regular = !tail.escaped && !tail.empty_label && !last_label_may_be_a_number(tail);
    regular.then(|| tail_class(tail, len, tail.after_dot as usize == len))
}

/// Whether the last label of a name whose `tail` holds it whole may be a
/// number (then the caller reads the name through every reader of a
/// number): it ends with a digit or starts with `0x`. Read from the
/// tail's bits, with no loop over the label.
fn last_label_may_be_a_number(tail: NameTail) -> bool {
    let last_byte = (tail.bytes >> (8 * (BLOCK - 1))) as u8;
    let start = BLOCK as u32 - tail.after_dot;
    let first_two = tail.bytes.checked_shr(8 * start).unwrap_or(0) as u16;
    last_byte.is_ascii_digit() || tail.after_dot >= 2 && first_two == u16::from_le_bytes(*b"0x")
}

/// [`classify_name_at`] for the names it does not read from two blocks in
/// place (`tail`, as it read them): a name longer than 32 bytes (whose
/// middle is searched for a `%` too), or one too close to the text's
/// ends for a block on each side. Out of line, so that the common path
/// saves no registers for the calls these make.
#[cold]
#[inline(never)]
fn classify_name_rarely(
    text: &[u8],
    name: Range<usize>,
    tail: Option<NameTail>,
) -> Option<HostClass> {
    let Range { start, end } = name;
    let len = end.checked_sub(start)?;
    let tail = match tail {
        Some(tail) => tail,
        None => tail_of_short(text.get(start..end)?)?,
    };
    if len <= 2 * BLOCK && tail.after_dot < BLOCK as u32 {
        // A short name in a short text, read from a copy: the tail holds
        // it whole, as on the common path.
        return class_of_whole(tail, len);
    }
    let name = text.get(start..end)?;
    let last_label = name.rsplit(|&b| b == b'.').next().unwrap_or_default();
    let may_be_a_number = last_label.last().is_some_and(u8::is_ascii_digit)
        || matches!(last_label, [b'0', b'x' | b'X', ..]);
    let irregular = tail.escaped
        || tail.empty_label
        || may_be_a_number
        || len > 2 * BLOCK && (name.contains(&b'%') || name.windows(2).any(|w| w == b".."));
    if irregular {
        return None;
    }
    Some(tail_class(tail, len, !name.contains(&b'.')))
}

/// The end of a name of at most sixteen bytes (or the last sixteen of a
/// longer one), read from a copy with a block of room on each side: a
/// name in a text too short to hold a block on either side of it, or a
/// decoded name ([`classify_name`] always reads one so). Out of line: the
/// policy check's common path does not take it.
#[inline(never)]
fn tail_of_short(name: &[u8]) -> Option<NameTail> {
    let mut copy = [0; 3 * BLOCK];
    let room = copy.get_mut(BLOCK..BLOCK + name.len())?;
    room.copy_from_slice(name);
    raw::name_tail(&copy, BLOCK..BLOCK + name.len())
}

/// The class of a name from its `tail` (without the final dot); `len` is
/// the whole name's length, and `single_label` whether it has no dot. A
/// name of one label that is not special is no public name: resolvers
/// try it under the host's search domains first
/// ([`HostClass::SingleLabel`]).
///
/// The last label is looked up in [`SLOTS`] with one comparison whatever
/// the label, and the class is read from the table at an index computed
/// from the comparisons, not chosen by branches: most names are public,
/// but which special label a name has changes from name to name, and a
/// branch on it mispredicts as often.
fn tail_class(tail: NameTail, len: usize, single_label: bool) -> HostClass {
    let last = Label::last(tail);
    let tail = tail.bytes;
    let at = last.slot();
    let missing = SLOTS.get(at).is_none_or(|slot| slot.label != last);
    let slot = SLOTS
        .get(at | (usize::from(missing) * SLOT_COUNT))
        .unwrap_or(&NOT_SPECIAL);
    // Only under `arpa` does what comes before the label change the
    // class. A branch, unlike the lookup: such names are rare, so it is
    // predicted, and the endings' tests cost every other name nothing.
    let ending = if last == ARPA {
        arpa_ending(tail, len)
    } else {
        0
    };
    let class = slot
        .classes
        .get(ending)
        .copied()
        .unwrap_or(HostClass::Public);
    match len {
        0 => HostClass::Unresolvable,
        _ if single_label && class == HostClass::Public => HostClass::SingleLabel,
        _ => class,
    }
}

/// The label whose names' class depends on the label before it.
const ARPA: Label = Label::of(b"arpa");

/// Which of the classes of [`ARPA`]'s slot a name of `len` bytes ending
/// in `.arpa` (whose tail's bytes are `tail`) takes: 1 below `.home`, 2
/// for `ipv4only.arpa` itself, else 0. The two endings exclude one
/// another.
fn arpa_ending(tail: u128, len: usize) -> usize {
    let before_arpa = tail << 40;
    let whole = len == b"ipv4only.arpa".len();
    usize::from(ends_with(before_arpa, b".home"))
        | (usize::from(ends_with(before_arpa, b".ipv4only") & whole) << 1)
}

/// The special last labels, and the class of a name that ends in one:
/// alone, after `.home`, and after `.ipv4only` as a whole name
/// (`home.arpa`, `ipv4only.arpa`).
///
/// `example.com`, `example.net` and `example.org` are not here: RFC 2606
/// reserves them for documentation, but they are registered, resolve in
/// public DNS and serve a page, so they are public names. The
/// `.example` top-level name (RFC 6761) resolves nowhere.
const SPECIAL: [(&[u8], [HostClass; 3]); 19] = {
    use HostClass::{
        Documentation, LinkLocal, Loopback, Multicast, PrivateUse, ProtocolAssignment, Public,
        SpecialUseName,
    };
    [
        (b"localhost", [Loopback; 3]),
        (b"internal", [PrivateUse; 3]),
        (b"local", [LinkLocal; 3]),
        (b"example", [Documentation; 3]),
        (b"test", [SpecialUseName; 3]),
        (b"invalid", [SpecialUseName; 3]),
        (b"onion", [SpecialUseName; 3]),
        (b"alt", [SpecialUseName; 3]),
        (b"arpa", [Public, PrivateUse, ProtocolAssignment]),
        // Answered by the host itself, from its hosts file or its stub
        // resolver, before any DNS: the names Linux distributions write
        // into `/etc/hosts` for loopback and the IPv6 multicast groups,
        // and the names systemd-resolved synthesizes (its stub at
        // 127.0.0.53, the default gateway, the address used outbound).
        (b"localdomain", [Loopback; 3]),
        (b"localdomain6", [Loopback; 3]),
        (b"localhost6", [Loopback; 3]),
        (b"ip6-localhost", [Loopback; 3]),
        (b"ip6-loopback", [Loopback; 3]),
        (b"ip6-allnodes", [Multicast; 3]),
        (b"ip6-allrouters", [Multicast; 3]),
        (b"_localdnsstub", [Loopback; 3]),
        (b"_gateway", [PrivateUse; 3]),
        (b"_outbound", [PrivateUse; 3]),
    ]
};

/// The bits of a label's slot, and the slots they address.
const SLOT_BITS: u32 = 5;
const SLOT_COUNT: usize = 1 << SLOT_BITS;

/// A special label, where [`Label::slot`] puts it.
#[derive(Clone, Copy)]
struct Slot {
    label: Label,
    classes: [HostClass; 3],
}

/// A slot no special label takes.
const NOT_SPECIAL: Slot = Slot {
    label: Label(0),
    classes: [HostClass::Public; 3],
};

/// [`SPECIAL`] by [`Label::slot`], and as many slots again not special,
/// for a label found in none.
const SLOTS: [Slot; 2 * SLOT_COUNT] = {
    let mut slots = [NOT_SPECIAL; 2 * SLOT_COUNT];
    let mut i = 0;
    while i < SPECIAL.len() {
        let (text, classes) = SPECIAL[i];
        let label = Label::of(text);
        // Evaluated while compiling: two labels in one slot are an error
        // in the build, not a label that is never found.
        assert!(
            slots[label.slot()].label.0 == 0,
            "two special labels share a slot: choose another SLOT_FACTOR"
        );
        slots[label.slot()] = Slot { label, classes };
        i += 1;
    }
    slots
};

/// A label of at most [`Label::MAX`] bytes, lowercase, as one number, so
/// that the special labels compare as integers with no copy and no loop
/// per candidate; a longer label is none of them.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Label(u128);

impl Label {
    /// The longest special label, `ip6-allrouters`; a label and its
    /// length byte fit one block up to fifteen.
    const MAX: usize = 14;

    /// The label `text`, packed as [`Label::last`] packs one: its bytes
    /// at the top of the number, as they lie at the end of a tail, and
    /// its length in the low byte.
    const fn of(text: &[u8]) -> Label {
        // Evaluated while compiling: a longer constant would never match.
        assert!(
            text.len() <= Self::MAX,
            "a special label is at most MAX bytes"
        );
        Label(at_top(text) | text.len() as u128)
    }

    /// The last label of a name's tail: the bytes after its last dot, in
    /// place, with their count in the low byte (which lies before the
    /// label, so is zero, for a label shorter than the tail).
    ///
    /// A label that reaches the tail's first byte may have begun before
    /// it; it is then sixteen bytes long, longer than [`Label::MAX`], and
    /// matches no special label.
    fn last(tail: NameTail) -> Label {
        let top = TOP.get(tail.after_dot as usize).copied().unwrap_or(0);
        Label(tail.bytes & top | u128::from(tail.after_dot))
    }

    /// The slot of [`SLOTS`] where this label is if it is special: the
    /// top five bits of its halves' XOR times [`Label::SLOT_FACTOR`].
    const fn slot(self) -> usize {
        let folded = (self.0 as u64) ^ ((self.0 >> 64) as u64);
        (folded.wrapping_mul(Self::SLOT_FACTOR) >> (64 - SLOT_BITS)) as usize
    }

    /// An odd number under which the special labels take different
    /// slots (found by trying random ones; [`SLOTS`] checks it while
    /// compiling).
    const SLOT_FACTOR: u64 = 0x6899_3cd4_a927_f83f;
}

/// The bits of a block's top `n` bytes, for `n` from 0 to 16.
const TOP: [u128; BLOCK + 1] = {
    let mut top = [0; BLOCK + 1];
    let mut n = 1;
    while n <= BLOCK {
        top[n] = u128::MAX << (8 * (BLOCK - n));
        n += 1;
    }
    top
};

/// `text` (of at most sixteen bytes) at the top of a block, each byte
/// with its case bit set, as the end of a name lies in its tail (`_`
/// becomes DEL there, which no name holds; a letter its lowercase).
const fn at_top(text: &[u8]) -> u128 {
    let mut block = 0u128;
    let mut i = 0;
    while i < text.len() {
        block |= ((text[i] | 0x20) as u128) << (8 * (BLOCK - text.len() + i));
        i += 1;
    }
    block
}

/// Whether a name's `tail` ends with `text` (lowercase, at most sixteen
/// bytes).
const fn ends_with(tail: u128, text: &[u8]) -> bool {
    tail & TOP[text.len()] == at_top(text)
}

#[cfg(test)]
mod tests {
    use super::{HostClass, classify_name, classify_name_at};
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
        let number = |l: &str| {
            !l.is_empty()
                && match l.strip_prefix("0x") {
                    Some(hex) => hex.bytes().all(|b| b.is_ascii_hexdigit()),
                    None => l.bytes().all(|b| b.is_ascii_digit()),
                }
        };
        if number(labels[0]) {
            return HostClass::NotAnAddress;
        }
        let second = labels.get(1).copied();
        let class = match labels[0] {
            "localhost" | "localdomain" | "localdomain6" | "localhost6" | "ip6-localhost"
            | "ip6-loopback" | "_localdnsstub" => HostClass::Loopback,
            "internal" | "_gateway" | "_outbound" => HostClass::PrivateUse,
            "local" => HostClass::LinkLocal,
            "example" => HostClass::Documentation,
            "test" | "invalid" | "onion" | "alt" => HostClass::SpecialUseName,
            "ip6-allnodes" | "ip6-allrouters" => HostClass::Multicast,
            "arpa" if second == Some("home") => HostClass::PrivateUse,
            "arpa" if name == "ipv4only.arpa" => HostClass::ProtocolAssignment,
            _ => HostClass::Public,
        };
        match class {
            HostClass::Public if labels.len() == 1 => HostClass::SingleLabel,
            class => class,
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
            "localdomain",
            "LocalDomain6",
            "localhost6",
            "ip6-localhost",
            "ip6-loopback",
            "ip6-allnodes",
            "ip6-allrouters",
            "ip6-allrouter",
            "_gateway",
            "_GATEWAY",
            "_localdnsstub",
            "_outbound",
            "gateway",
            "a",
            "xn--bcher-kva",
            "averyveryverylonglabel",
            "0",
            "12",
            "0x",
            "0X1f",
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
    fn a_name_read_in_place_is_classified_as_its_copy_is() {
        // Names of every length around the blocks' sixteen and thirty-two
        // bytes, with escapes and leading digits (left to the caller),
        // in texts that end right at the name or run on with bytes that
        // must not be read as part of it.
        let pieces = [
            "localhost",
            "EXAMPLE",
            "com",
            "arpa",
            "home",
            "ipv4only",
            ".",
            ".",
            "a",
            "-",
            "%2e",
            "7",
            "0x",
            "0xfe",
            "averyveryverylonglabel",
            "averyveryverylonglabel0x1234567890",
            "0x1234567890123456789",
        ];
        let around = ["", "/", "%", ":8080", ".", "x", "//user@", "https://"];
        let mut seed = 0x0b10_c4ed_u64;
        for _ in 0..50_000 {
            let name: String = random_text(&mut seed, &pieces, 6);
            let before: String = random_text(&mut seed, &around, 3);
            let after: String = random_text(&mut seed, &around, 3);
            let text = alloc::format!("{before}{name}{after}");
            let host = before.len()..before.len() + name.len();
            let root = name.strip_suffix('.').unwrap_or(&name);
            let empty_label = !root.is_empty()
                && (root.starts_with('.') || root.ends_with('.') || root.contains(".."));
            // A last label that ends with a digit or starts with `0x` may
            // be a number: left to the caller, which reads every reader.
            let last_label = root
                .rsplit('.')
                .next()
                .unwrap_or_default()
                .to_ascii_lowercase();
            let maybe_number =
                last_label.ends_with(|c: char| c.is_ascii_digit()) || last_label.starts_with("0x");
            let expected = if name.contains('%')
                || name.starts_with(|c: char| c.is_ascii_digit())
                || maybe_number
                || empty_label
            {
                None
            } else {
                Some(classified_plainly(&name))
            };
            assert_eq!(
                classify_name_at(text.as_bytes(), host),
                expected,
                "{name:?} in {text:?}"
            );
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
            ("test", HostClass::SpecialUseName),
            ("invalid", HostClass::SpecialUseName),
            ("onion", HostClass::SpecialUseName),
            ("alt", HostClass::SpecialUseName),
        ] {
            assert_eq!(classify_name(name), class, "{name}");
            let below = alloc::format!("a.b.{name}.");
            assert_eq!(classify_name(&below), class, "{below}");
        }
        for (name, class) in [
            ("localhost.localdomain", HostClass::Loopback),
            ("localhost6.localdomain6", HostClass::Loopback),
            ("ip6-localhost", HostClass::Loopback),
            ("ip6-loopback", HostClass::Loopback),
            ("ip6-allnodes", HostClass::Multicast),
            ("_gateway", HostClass::PrivateUse),
            ("_outbound", HostClass::PrivateUse),
            ("_localdnsstub", HostClass::Loopback),
        ] {
            assert_eq!(classify_name(name), class, "{name}");
        }
        // The one name that is special only itself.
        assert_eq!(
            classify_name("ipv4only.arpa"),
            HostClass::ProtocolAssignment
        );
        assert_eq!(classify_name("x.ipv4only.arpa"), HostClass::Public);
        for public in [
            "example.co",
            "example.com",
            "example.net",
            "www.example.org",
            "notlocalhost.com",
            "localhost.com",
            "test.example.co",
            "onion.org",
        ] {
            assert_eq!(classify_name(public), HostClass::Public, "{public}");
        }
        assert_eq!(classify_name("."), HostClass::Unresolvable);
        assert_eq!(classify_name("Api.LocalHost."), HostClass::Loopback);
        assert_eq!(classify_name("WWW.EXAMPLE"), HostClass::Documentation);
        for single in [
            "metadata",
            "kubernetes",
            "instance-data.",
            "com",
            "arpa",
            "notlocalhost",
        ] {
            assert_eq!(classify_name(single), HostClass::SingleLabel, "{single}");
        }
        for number in ["1.2.3.4.5", "4294967296", "a.0x", "example.123"] {
            assert_eq!(classify_name(number), HostClass::NotAnAddress, "{number}");
        }
    }
}
