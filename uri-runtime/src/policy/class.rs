//! Host classes: every block of the IANA IPv4 and IPv6 Special-Purpose
//! Address Registries (RFC 6890, RFC 8190 and their updates), multicast,
//! and the special-use domain names, each mapped to the class a boundary
//! policy refuses or admits.
//!
//! The rows are those of the IPv4 registry as revised on 2020-09-04 and
//! of the IPv6 registry as revised on 2024-10-22, with the multicast
//! blocks of RFC 5771 (IPv4) and RFC 4291 (IPv6), which have registries
//! of their own; the IPv4-compatible form of RFC 4291 section 2.5.5.1
//! and the IPv4-translated form `::ffff:0:0/96` of RFC 2765 (both
//! deprecated, and still read by some stacks); the deprecated site-local
//! block `fec0::/10` (RFC 3879); and, from the IANA IPv6 Address Space
//! registry, everything outside `2000::/3`, "Reserved by IETF". An
//! address in a block that embeds an IPv4 address (IPv4-mapped,
//! IPv4-compatible, IPv4-translated, NAT64, 6to4, Teredo) has the class
//! of the address it embeds, since that is where its packets go.
//!
//! The policy assumes the worst common reader of each row: where one
//! stack still routes a deprecated form to the address it embeds, the
//! form has that address's class.

use core::fmt;
use core::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// What kind of place a host is, by the special-purpose registries. A
/// policy refuses classes ([`Policy::deny_class`](super::Policy::deny_class));
/// [`is_globally_reachable`](Self::is_globally_reachable) is the
/// registries' own column.
///
/// ```
/// use std::net::IpAddr;
/// use uri_runtime::policy::{classify_ip, HostClass};
///
/// let class = |s: &str| classify_ip(s.parse::<IpAddr>().unwrap());
/// assert_eq!(class("10.1.2.3"), HostClass::PrivateUse);
/// assert_eq!(class("::ffff:127.0.0.1"), HostClass::Loopback); // IPv4-mapped
/// assert_eq!(class("2002:a9fe:a9fe::"), HostClass::LinkLocal); // 6to4 of 169.254.169.254
/// assert_eq!(class("93.184.215.14"), HostClass::Public);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum HostClass {
    /// In no special-purpose block: a public address or an ordinary name.
    Public,
    /// A special-purpose block the registries mark globally reachable:
    /// anycast services (PCP, TURN, DNS-SD SRP, AS112, AMT) and the
    /// `ORCHIDv2` and DET identifier prefixes.
    GlobalSpecialPurpose,
    /// `0.0.0.0/8` ("this network", which Linux connects as this host)
    /// and `::`.
    Unspecified,
    /// `127.0.0.0/8`, `::1`, and the names `localhost` and `*.localhost`
    /// (RFC 6761 section 6.3); the names hosts files give this host
    /// (`localhost.localdomain`, `localhost6`, `ip6-localhost`,
    /// `ip6-loopback`, and what is under `localdomain` and `localdomain6`)
    /// and systemd-resolved's stub `_localdnsstub` (127.0.0.53).
    Loopback,
    /// `10.0.0.0/8`, `172.16.0.0/12`, `192.168.0.0/16` (RFC 1918), the
    /// names `*.home.arpa` (RFC 8375) and `*.internal` (reserved by ICANN
    /// for private use in 2024), and the names systemd-resolved answers
    /// with this network's addresses, `_gateway` and `_outbound`.
    PrivateUse,
    /// `100.64.0.0/10`, carrier-grade NAT (RFC 6598).
    SharedAddressSpace,
    /// `169.254.0.0/16` (cloud metadata services live here),
    /// `fe80::/10`, and `*.local` names (multicast DNS, RFC 6762).
    LinkLocal,
    /// `fc00::/7` (RFC 4193).
    UniqueLocal,
    /// TEST-NET-1, -2, -3 (RFC 5737), `2001:db8::/32` (RFC 3849),
    /// `3fff::/20` (RFC 9637), and the names under `.example` (RFC 6761).
    ///
    /// Not `example.com`, `example.net` or `example.org`: RFC 2606
    /// reserves them for documentation, but they are registered, resolve
    /// in public DNS and serve a page, so they are [`Public`](Self::Public).
    Documentation,
    /// `198.18.0.0/15` (RFC 2544), `2001:2::/48` (RFC 5180).
    Benchmarking,
    /// `192.0.0.0/24` and `2001::/23`, IETF protocol assignments not
    /// globally reachable (DS-Lite, NAT64 discovery, …), and the name
    /// `ipv4only.arpa` (RFC 8880).
    ProtocolAssignment,
    /// Blocks held back or withdrawn: `240.0.0.0/4` (RFC 1112), the
    /// deprecated 6to4 relay anycast `192.88.99.0/24` (RFC 7526), the
    /// deprecated ORCHID `2001:10::/28`, `SRv6` SIDs `5f00::/16` (RFC 9602),
    /// the local-use NAT64 prefix `64:ff9b:1::/48` (RFC 8215), the
    /// deprecated site-local `fec0::/10` (RFC 3879), and every IPv6
    /// address outside `2000::/3` that no other row holds, which the IANA
    /// IPv6 Address Space registry marks "Reserved by IETF" (RFC 4291
    /// section 2.4): none is globally reachable.
    Reserved,
    /// `100::/64`, whose packets are dropped (RFC 6666).
    DiscardOnly,
    /// `255.255.255.255` (RFC 919).
    Broadcast,
    /// `224.0.0.0/4` (RFC 5771), `ff00::/8` (RFC 4291), and the names
    /// hosts files give the IPv6 all-nodes and all-routers groups
    /// (`ip6-allnodes`, `ip6-allrouters`).
    Multicast,
    /// Names DNS never resolves publicly: `*.test`, `*.invalid` (RFC
    /// 6761), `*.onion` (RFC 7686), `*.alt` (RFC 9476).
    SpecialUseName,
    /// A host no client can reach by its text: escapes that spell no
    /// name, an international name without the `idna` feature or that
    /// UTS 46 refuses, an `IPvFuture` literal, an empty host.
    Unresolvable,
    /// A host that common readers take to different places, so that no
    /// class holds for all of them: a number with a leading zero
    /// (`0169.254.169.254`, `010.1`, `0127.1`, `02130706433`), which
    /// `inet_aton` and the WHATWG URL Standard read as octal or refuse,
    /// while Java 17, Go before 1.17 (CVE-2021-29923) and other
    /// decimal readers reach `169.254.169.254`, `10.0.0.1` and
    /// `127.0.0.1`; and a name with an empty label (`localhost..`,
    /// `..example.com`, `example..com`), which some resolvers refuse and
    /// others read with the empty labels dropped.
    /// [`number_readings`](super::number_readings) says what each reader
    /// makes of a number.
    Ambiguous,
    /// A name of one label that is not special (`metadata`, `kubernetes`,
    /// `instance-data`): a resolver tries it under the host's search
    /// domains first, so it reaches whatever the local network calls so
    /// (Google Cloud's metadata server answers to `metadata`). The
    /// special ones keep their class (`localhost` is
    /// [`Loopback`](Self::Loopback)).
    SingleLabel,
    /// A host whose last label is a number but that no reader takes as an
    /// IPv4 address (`4294967296`, `0x100000000`, `127.0.0.256`,
    /// `1.2.3.4.5`): the WHATWG URL Standard reads every such host as an
    /// address and a browser refuses the URL, while other readers look it
    /// up as a name, which no public DNS answers.
    NotAnAddress,
}

impl HostClass {
    /// Every class, in declaration order.
    pub const ALL: [HostClass; 20] = [
        HostClass::Public,
        HostClass::GlobalSpecialPurpose,
        HostClass::Unspecified,
        HostClass::Loopback,
        HostClass::PrivateUse,
        HostClass::SharedAddressSpace,
        HostClass::LinkLocal,
        HostClass::UniqueLocal,
        HostClass::Documentation,
        HostClass::Benchmarking,
        HostClass::ProtocolAssignment,
        HostClass::Reserved,
        HostClass::DiscardOnly,
        HostClass::Broadcast,
        HostClass::Multicast,
        HostClass::SpecialUseName,
        HostClass::Unresolvable,
        HostClass::Ambiguous,
        HostClass::SingleLabel,
        HostClass::NotAnAddress,
    ];

    /// The class's name in kebab case, as the CLI and JSON write it;
    /// `Display` writes it too, padded to a width when one is asked.
    ///
    /// ```
    /// use uri_runtime::policy::HostClass;
    ///
    /// assert_eq!(HostClass::LinkLocal.name(), "link-local");
    /// assert_eq!(format!("{:>12}|", HostClass::Loopback), "    loopback|");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            HostClass::Public => "public",
            HostClass::GlobalSpecialPurpose => "global-special-purpose",
            HostClass::Unspecified => "unspecified",
            HostClass::Loopback => "loopback",
            HostClass::PrivateUse => "private-use",
            HostClass::SharedAddressSpace => "shared-address-space",
            HostClass::LinkLocal => "link-local",
            HostClass::UniqueLocal => "unique-local",
            HostClass::Documentation => "documentation",
            HostClass::Benchmarking => "benchmarking",
            HostClass::ProtocolAssignment => "protocol-assignment",
            HostClass::Reserved => "reserved",
            HostClass::DiscardOnly => "discard-only",
            HostClass::Broadcast => "broadcast",
            HostClass::Multicast => "multicast",
            HostClass::SpecialUseName => "special-use-name",
            HostClass::Unresolvable => "unresolvable",
            HostClass::Ambiguous => "ambiguous",
            HostClass::SingleLabel => "single-label",
            HostClass::NotAnAddress => "not-an-address",
        }
    }

    /// What the class means for a caller, as a sentence's predicate about
    /// a host, naming the registry or RFC it comes from: what a refusal
    /// says after "the host".
    ///
    /// ```
    /// use uri_runtime::policy::HostClass;
    ///
    /// assert_eq!(
    ///     HostClass::Documentation.meaning(),
    ///     "is in a range or under a name reserved for documentation (RFC 5737, RFC 3849, \
    ///      RFC 9637, RFC 6761) and reaches no real server"
    /// );
    /// ```
    pub const fn meaning(self) -> &'static str {
        match self {
            HostClass::Public => "is a public address or name",
            HostClass::GlobalSpecialPurpose => {
                "is a special-purpose address the IANA registries mark globally reachable \
                 (an anycast service or an identifier prefix)"
            }
            HostClass::Unspecified => {
                "is the unspecified address (RFC 1122, RFC 4291), which many systems connect \
                 as this machine itself"
            }
            HostClass::Loopback => "is this machine itself (loopback, RFC 1122, RFC 6761)",
            HostClass::PrivateUse => {
                "is in a private network's range or name (RFC 1918, RFC 8375), reachable only \
                 inside a local network"
            }
            HostClass::SharedAddressSpace => {
                "is in the carrier-grade NAT range (RFC 6598), reachable only inside a \
                 provider's network"
            }
            HostClass::LinkLocal => {
                "is link-local (RFC 3927, RFC 4291, RFC 6762), reachable only on the local \
                 link, where cloud metadata services answer"
            }
            HostClass::UniqueLocal => {
                "is a unique local IPv6 address (RFC 4193), reachable only inside a site"
            }
            HostClass::Documentation => {
                "is in a range or under a name reserved for documentation (RFC 5737, RFC 3849, \
                 RFC 9637, RFC 6761) and reaches no real server"
            }
            HostClass::Benchmarking => {
                "is in a range reserved for benchmarking (RFC 2544, RFC 5180) and reaches no \
                 real server"
            }
            HostClass::ProtocolAssignment => {
                "is an IETF protocol assignment (RFC 6890) that is not globally reachable"
            }
            HostClass::Reserved => {
                "is in a range the IANA registries hold back or withdrew, which is not \
                 globally reachable"
            }
            HostClass::DiscardOnly => {
                "is in the discard-only range (RFC 6666), whose packets are dropped"
            }
            HostClass::Broadcast => "is the limited broadcast address (RFC 919)",
            HostClass::Multicast => "is a multicast group (RFC 5771, RFC 4291), not one server",
            HostClass::SpecialUseName => {
                "is a special-use name (RFC 6761, RFC 7686, RFC 9476) that public DNS never \
                 resolves"
            }
            HostClass::Unresolvable => {
                "cannot be reached by its text (escapes that spell no name, an international \
                 name with no ASCII form, an IPvFuture literal, or nothing)"
            }
            HostClass::Ambiguous => {
                "is read as different places by different readers (a number with a leading \
                 zero, or a name with an empty label)"
            }
            HostClass::SingleLabel => {
                "is a name of one label, which resolvers look up under this machine's search \
                 domains first, so it reaches whatever the local network calls so"
            }
            HostClass::NotAnAddress => {
                "ends in a number but is no IPv4 address: browsers refuse it, and other \
                 readers look it up as a name no public DNS answers"
            }
        }
    }

    /// The class named `name` ([`name`](Self::name)'s spelling).
    pub fn from_name(name: &str) -> Option<HostClass> {
        HostClass::ALL
            .into_iter()
            .find(|class| class.name() == name)
    }

    /// Whether packets to the class reach beyond one network, as the
    /// registries' "Globally Reachable" column says: only
    /// [`Public`](Self::Public) and
    /// [`GlobalSpecialPurpose`](Self::GlobalSpecialPurpose).
    pub const fn is_globally_reachable(self) -> bool {
        matches!(self, HostClass::Public | HostClass::GlobalSpecialPurpose)
    }

    /// The bit of this class in a [`ClassSet`].
    const fn bit(self) -> u32 {
        1 << self as u32
    }
}

/// A set of host classes, one bit each; its `Debug` names them.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct ClassSet(u32);

impl ClassSet {
    /// The classes a public web fetch must never reach.
    pub(super) const NOT_PUBLIC: ClassSet = {
        let mut set = ClassSet(0);
        let mut i = 0;
        while i < HostClass::ALL.len() {
            if !HostClass::ALL[i].is_globally_reachable() {
                set = set.with(HostClass::ALL[i]);
            }
            i += 1;
        }
        set
    };

    /// The set and `class`.
    pub(super) const fn with(self, class: HostClass) -> ClassSet {
        ClassSet(self.0 | class.bit())
    }

    /// The set without `class`.
    pub(super) const fn without(self, class: HostClass) -> ClassSet {
        ClassSet(self.0 & !class.bit())
    }

    /// Whether `class` is in the set.
    pub(super) const fn contains(self, class: HostClass) -> bool {
        self.0 & class.bit() != 0
    }

    /// Whether the set is empty.
    pub(super) const fn is_empty(self) -> bool {
        self.0 == 0
    }
}

impl fmt::Debug for ClassSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names = HostClass::ALL
            .into_iter()
            .filter(|&class| self.contains(class))
            .map(HostClass::name);
        f.debug_list().entries(names).finish()
    }
}

impl fmt::Display for HostClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

/// How a block's addresses are classed: as the block says, or by the IPv4
/// address they embed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Rule {
    Is(HostClass),
    Embeds(Embedding),
}

/// Where an IPv6 block carries an IPv4 address.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Embedding {
    /// The last 32 bits (IPv4-mapped, IPv4-compatible, NAT64).
    Last32,
    /// Bits 16 to 48 (6to4, RFC 3056).
    SixToFour,
    /// The last 32 bits, inverted (the Teredo client, RFC 4380).
    TeredoClient,
}

/// One registry row: the block (its network and the mask of its prefix),
/// its rule, and its name in the registry.
pub(super) struct Row<A> {
    pub(super) network: A,
    pub(super) mask: A,
    pub(super) rule: Rule,
    pub(super) name: &'static str,
}

const fn v4(network: [u8; 4], prefix: u32, class: HostClass, name: &'static str) -> Row<u32> {
    Row {
        network: u32::from_be_bytes(network),
        mask: if prefix == 0 {
            0
        } else {
            u32::MAX << (32 - prefix)
        },
        rule: Rule::Is(class),
        name,
    }
}

/// The IPv4 rows, most specific first: the first block that holds an
/// address gives its class.
pub(super) const IPV4: [Row<u32>; 26] = [
    v4(
        [0, 0, 0, 0],
        32,
        HostClass::Unspecified,
        "\"This host on this network\" (RFC 1122)",
    ),
    v4(
        [0, 0, 0, 0],
        8,
        HostClass::Unspecified,
        "\"This network\" (RFC 791)",
    ),
    v4(
        [10, 0, 0, 0],
        8,
        HostClass::PrivateUse,
        "Private-Use (RFC 1918)",
    ),
    v4(
        [100, 64, 0, 0],
        10,
        HostClass::SharedAddressSpace,
        "Shared Address Space (RFC 6598)",
    ),
    v4(
        [127, 0, 0, 0],
        8,
        HostClass::Loopback,
        "Loopback (RFC 1122)",
    ),
    v4(
        [169, 254, 0, 0],
        16,
        HostClass::LinkLocal,
        "Link Local (RFC 3927)",
    ),
    v4(
        [172, 16, 0, 0],
        12,
        HostClass::PrivateUse,
        "Private-Use (RFC 1918)",
    ),
    v4(
        [192, 0, 0, 9],
        32,
        HostClass::GlobalSpecialPurpose,
        "Port Control Protocol Anycast (RFC 7723)",
    ),
    v4(
        [192, 0, 0, 10],
        32,
        HostClass::GlobalSpecialPurpose,
        "Traversal Using Relays around NAT Anycast (RFC 8155)",
    ),
    v4(
        [192, 0, 0, 0],
        29,
        HostClass::ProtocolAssignment,
        "IPv4 Service Continuity Prefix (RFC 7335)",
    ),
    v4(
        [192, 0, 0, 8],
        32,
        HostClass::ProtocolAssignment,
        "IPv4 dummy address (RFC 7600)",
    ),
    v4(
        [192, 0, 0, 170],
        32,
        HostClass::ProtocolAssignment,
        "NAT64/DNS64 Discovery (RFC 8880)",
    ),
    v4(
        [192, 0, 0, 171],
        32,
        HostClass::ProtocolAssignment,
        "NAT64/DNS64 Discovery (RFC 8880)",
    ),
    v4(
        [192, 0, 0, 0],
        24,
        HostClass::ProtocolAssignment,
        "IETF Protocol Assignments (RFC 6890)",
    ),
    v4(
        [192, 0, 2, 0],
        24,
        HostClass::Documentation,
        "Documentation (TEST-NET-1) (RFC 5737)",
    ),
    v4(
        [192, 31, 196, 0],
        24,
        HostClass::GlobalSpecialPurpose,
        "AS112-v4 (RFC 7535)",
    ),
    v4(
        [192, 52, 193, 0],
        24,
        HostClass::GlobalSpecialPurpose,
        "AMT (RFC 7450)",
    ),
    v4(
        [192, 88, 99, 0],
        24,
        HostClass::Reserved,
        "Deprecated (6to4 Relay Anycast) (RFC 7526)",
    ),
    v4(
        [192, 168, 0, 0],
        16,
        HostClass::PrivateUse,
        "Private-Use (RFC 1918)",
    ),
    v4(
        [192, 175, 48, 0],
        24,
        HostClass::GlobalSpecialPurpose,
        "Direct Delegation AS112 Service (RFC 7534)",
    ),
    v4(
        [198, 18, 0, 0],
        15,
        HostClass::Benchmarking,
        "Benchmarking (RFC 2544)",
    ),
    v4(
        [198, 51, 100, 0],
        24,
        HostClass::Documentation,
        "Documentation (TEST-NET-2) (RFC 5737)",
    ),
    v4(
        [203, 0, 113, 0],
        24,
        HostClass::Documentation,
        "Documentation (TEST-NET-3) (RFC 5737)",
    ),
    v4(
        [224, 0, 0, 0],
        4,
        HostClass::Multicast,
        "Multicast (RFC 5771)",
    ),
    v4(
        [255, 255, 255, 255],
        32,
        HostClass::Broadcast,
        "Limited Broadcast (RFC 919)",
    ),
    v4(
        [240, 0, 0, 0],
        4,
        HostClass::Reserved,
        "Reserved (RFC 1112)",
    ),
];

const fn v6(network: [u16; 8], prefix: u32, rule: Rule, name: &'static str) -> Row<u128> {
    let mut bits = 0u128;
    let mut i = 0;
    while i < 8 {
        bits = bits << 16 | network[i] as u128;
        i += 1;
    }
    Row {
        network: bits,
        mask: if prefix == 0 {
            0
        } else {
            u128::MAX << (128 - prefix)
        },
        rule,
        name,
    }
}

use HostClass as C;
use Rule::{Embeds, Is};

/// The IPv6 rows, most specific first.
pub(super) const IPV6: [Row<u128>; 28] = [
    v6(
        [0, 0, 0, 0, 0, 0, 0, 1],
        128,
        Is(C::Loopback),
        "Loopback Address (RFC 4291)",
    ),
    v6(
        [0, 0, 0, 0, 0, 0, 0, 0],
        128,
        Is(C::Unspecified),
        "Unspecified Address (RFC 4291)",
    ),
    v6(
        [0, 0, 0, 0, 0, 0xffff, 0, 0],
        96,
        Embeds(Embedding::Last32),
        "IPv4-mapped Address (RFC 4291)",
    ),
    v6(
        [0, 0, 0, 0, 0, 0, 0, 0],
        96,
        Embeds(Embedding::Last32),
        "IPv4-compatible Address, deprecated (RFC 4291 section 2.5.5.1)",
    ),
    v6(
        [0, 0, 0, 0, 0xffff, 0, 0, 0],
        96,
        Embeds(Embedding::Last32),
        "IPv4-translated Address, deprecated (RFC 2765 section 2.1)",
    ),
    v6(
        [0x64, 0xff9b, 0, 0, 0, 0, 0, 0],
        96,
        Embeds(Embedding::Last32),
        "IPv4-IPv6 Translat. (RFC 6052)",
    ),
    v6(
        [0x64, 0xff9b, 1, 0, 0, 0, 0, 0],
        48,
        Is(C::Reserved),
        "IPv4-IPv6 Translat., local use (RFC 8215)",
    ),
    v6(
        [0x100, 0, 0, 0, 0, 0, 0, 0],
        64,
        Is(C::DiscardOnly),
        "Discard-Only Address Block (RFC 6666)",
    ),
    v6(
        [0x2001, 0, 0, 0, 0, 0, 0, 0],
        32,
        Embeds(Embedding::TeredoClient),
        "TEREDO (RFC 4380)",
    ),
    v6(
        [0x2001, 1, 0, 0, 0, 0, 0, 1],
        128,
        Is(C::GlobalSpecialPurpose),
        "Port Control Protocol Anycast (RFC 7723)",
    ),
    v6(
        [0x2001, 1, 0, 0, 0, 0, 0, 2],
        128,
        Is(C::GlobalSpecialPurpose),
        "Traversal Using Relays around NAT Anycast (RFC 8155)",
    ),
    v6(
        [0x2001, 1, 0, 0, 0, 0, 0, 3],
        128,
        Is(C::GlobalSpecialPurpose),
        "DNS-SD Service Registration Protocol Anycast (RFC 9665)",
    ),
    v6(
        [0x2001, 2, 0, 0, 0, 0, 0, 0],
        48,
        Is(C::Benchmarking),
        "Benchmarking (RFC 5180)",
    ),
    v6(
        [0x2001, 3, 0, 0, 0, 0, 0, 0],
        32,
        Is(C::GlobalSpecialPurpose),
        "AMT (RFC 7450)",
    ),
    v6(
        [0x2001, 4, 0x112, 0, 0, 0, 0, 0],
        48,
        Is(C::GlobalSpecialPurpose),
        "AS112-v6 (RFC 7535)",
    ),
    v6(
        [0x2001, 0x10, 0, 0, 0, 0, 0, 0],
        28,
        Is(C::Reserved),
        "Deprecated (previously ORCHID) (RFC 4843)",
    ),
    v6(
        [0x2001, 0x20, 0, 0, 0, 0, 0, 0],
        28,
        Is(C::GlobalSpecialPurpose),
        "ORCHIDv2 (RFC 7343)",
    ),
    v6(
        [0x2001, 0x30, 0, 0, 0, 0, 0, 0],
        28,
        Is(C::GlobalSpecialPurpose),
        "Drone Remote ID Protocol Entity Tags (DETs) Prefix (RFC 9374)",
    ),
    v6(
        [0x2001, 0, 0, 0, 0, 0, 0, 0],
        23,
        Is(C::ProtocolAssignment),
        "IETF Protocol Assignments (RFC 2928)",
    ),
    v6(
        [0x2001, 0xdb8, 0, 0, 0, 0, 0, 0],
        32,
        Is(C::Documentation),
        "Documentation (RFC 3849)",
    ),
    v6(
        [0x2002, 0, 0, 0, 0, 0, 0, 0],
        16,
        Embeds(Embedding::SixToFour),
        "6to4 (RFC 3056)",
    ),
    v6(
        [0x2620, 0x4f, 0x8000, 0, 0, 0, 0, 0],
        48,
        Is(C::GlobalSpecialPurpose),
        "Direct Delegation AS112 Service (RFC 7534)",
    ),
    v6(
        [0x3fff, 0, 0, 0, 0, 0, 0, 0],
        20,
        Is(C::Documentation),
        "Documentation (RFC 9637)",
    ),
    v6(
        [0x5f00, 0, 0, 0, 0, 0, 0, 0],
        16,
        Is(C::Reserved),
        "Segment Routing (SRv6) SIDs (RFC 9602)",
    ),
    v6(
        [0xfc00, 0, 0, 0, 0, 0, 0, 0],
        7,
        Is(C::UniqueLocal),
        "Unique-Local (RFC 4193)",
    ),
    v6(
        [0xfe80, 0, 0, 0, 0, 0, 0, 0],
        10,
        Is(C::LinkLocal),
        "Link-Local Unicast (RFC 4291)",
    ),
    v6(
        [0xfec0, 0, 0, 0, 0, 0, 0, 0],
        10,
        Is(C::Reserved),
        "Site-Local Unicast, deprecated (RFC 3879)",
    ),
    v6(
        [0xff00, 0, 0, 0, 0, 0, 0, 0],
        8,
        Is(C::Multicast),
        "Multicast (RFC 4291)",
    ),
];

/// The first octets of the IPv4 rows, one bit each: an address whose
/// first octet has no bit is in no block, without a look at the table.
const IPV4_FIRST_OCTETS: [u64; 4] = {
    let mut bits = [0u64; 4];
    let mut i = 0;
    while i < IPV4.len() {
        let first = (IPV4[i].network >> 24) as usize;
        // The first octets the block spans: all that its mask leaves open.
        let span = ((!IPV4[i].mask >> 24) & 0xff) as usize + 1;
        let mut octet = first;
        while octet < first + span {
            bits[octet / 64] |= 1 << (octet % 64);
            octet += 1;
        }
        i += 1;
    }
    bits
};

/// The registry row holding an IPv4 address, if any.
pub(super) fn ipv4_row(address: Ipv4Addr) -> Option<&'static Row<u32>> {
    let first = address.octets()[0] as usize;
    if IPV4_FIRST_OCTETS[first / 64] & (1 << (first % 64)) == 0 {
        return None;
    }
    let bits = address.to_bits();
    IPV4.iter().find(|row| bits & row.mask == row.network)
}

/// The IANA IPv6 Address Space registry's "Reserved by IETF": every
/// address outside `2000::/3` that no row of [`IPV6`] holds.
const RESERVED_BY_IETF: Row<u128> = v6(
    [0, 0, 0, 0, 0, 0, 0, 0],
    0,
    Is(C::Reserved),
    "Reserved by IETF (RFC 4291 section 2.4)",
);

/// The IPv6 row holding an address, if any. Most public addresses
/// (`2000::/3` outside `2001::/16`, `2002::/16`, `2620::/16` and
/// `3fff::/16`) are in no row, which one comparison tells; an address
/// outside `2000::/3` in no row is [`RESERVED_BY_IETF`].
pub(super) fn ipv6_row(address: Ipv6Addr) -> Option<&'static Row<u128>> {
    let first = address.segments()[0];
    let global_unicast = first & 0xe000 == 0x2000;
    if global_unicast && !matches!(first, 0x2001 | 0x2002 | 0x2620 | 0x3fff) {
        return None;
    }
    let bits = address.to_bits();
    let row = IPV6.iter().find(|row| bits & row.mask == row.network);
    match row {
        None if !global_unicast => Some(&RESERVED_BY_IETF),
        row => row,
    }
}

/// The class of an IP address: the registry block that holds it, or for a
/// block that embeds an IPv4 address, that address's class.
///
/// Classifying is not connecting: a name that resolves to an address is
/// only safe if the connection goes to the address that was classified
/// (see the [module docs](super#dns-rebinding)).
pub fn classify_ip(address: IpAddr) -> HostClass {
    match address {
        IpAddr::V4(address) => ipv4_row(address).map_or(HostClass::Public, |row| match row.rule {
            Rule::Is(class) => class,
            Rule::Embeds(_) => HostClass::Public,
        }),
        IpAddr::V6(address) => match ipv6_row(address).map(|row| row.rule) {
            Some(Rule::Is(class)) => class,
            Some(Rule::Embeds(embedding)) => classify_ip(IpAddr::V4(embedded(address, embedding))),
            None => HostClass::Public,
        },
    }
}

/// The name of the registry block that holds `address` (with its RFC),
/// for messages and logs; `None` for an address in no special block. For
/// a form that embeds an IPv4 address, the form's block.
///
/// ```
/// use uri_runtime::policy::special_purpose_block;
///
/// assert_eq!(special_purpose_block("100.64.1.1".parse().unwrap()), Some("Shared Address Space (RFC 6598)"));
/// assert_eq!(special_purpose_block("2002::1".parse().unwrap()), Some("6to4 (RFC 3056)"));
/// assert_eq!(special_purpose_block("1.1.1.1".parse().unwrap()), None);
/// ```
pub fn special_purpose_block(address: IpAddr) -> Option<&'static str> {
    match address {
        IpAddr::V4(address) => ipv4_row(address).map(|row| row.name),
        IpAddr::V6(address) => ipv6_row(address).map(|row| row.name),
    }
}

/// The IPv4 address an IPv6 address carries, for the forms that carry
/// one (IPv4-mapped, IPv4-compatible, NAT64 `64:ff9b::/96`, 6to4, the
/// Teredo client).
///
/// ```
/// use std::net::{Ipv4Addr, Ipv6Addr};
/// use uri_runtime::policy::embedded_ipv4;
///
/// let mapped: Ipv6Addr = "::ffff:10.0.0.1".parse().unwrap();
/// assert_eq!(embedded_ipv4(mapped), Some(Ipv4Addr::new(10, 0, 0, 1)));
/// let nat64: Ipv6Addr = "64:ff9b::7f00:1".parse().unwrap();
/// assert_eq!(embedded_ipv4(nat64), Some(Ipv4Addr::LOCALHOST));
/// assert_eq!(embedded_ipv4(Ipv6Addr::LOCALHOST), None);
/// ```
pub fn embedded_ipv4(address: Ipv6Addr) -> Option<Ipv4Addr> {
    match ipv6_row(address)?.rule {
        Rule::Embeds(embedding) => Some(embedded(address, embedding)),
        Rule::Is(_) => None,
    }
}

fn embedded(address: Ipv6Addr, embedding: Embedding) -> Ipv4Addr {
    let bits = address.to_bits();
    Ipv4Addr::from_bits(match embedding {
        Embedding::Last32 => bits as u32,
        Embedding::SixToFour => (bits >> 80) as u32,
        Embedding::TeredoClient => !(bits as u32),
    })
}
