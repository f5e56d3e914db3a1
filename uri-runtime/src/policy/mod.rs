//! What may come in, stated once: a boundary policy for URIs that arrive
//! from users (a webhook, an avatar URL, an OAuth redirect, a database URL
//! in configuration), checked on the parsed value, every broken rule
//! reported with its byte range.
//!
//! ```
//! use uri_runtime::policy::{HostClass, Policy, Refusal, Rule};
//!
//! // Built once, at start-up.
//! let webhooks = Policy::public_web().deny_fragment();
//!
//! // Parsed and checked for every URL a user registers.
//! let hook = webhooks.parse("https://ci.rust-lang.org/hook")?;
//! assert_eq!(hook.host(), Some("ci.rust-lang.org"));
//!
//! let input = "http://169.254.169.254/latest/meta-data/#x";
//! let Err(Refusal::Policy(err)) = webhooks.parse(input) else { panic!("admitted") };
//! let rules: Vec<Rule> = err.violations().iter().map(|v| v.rule()).collect();
//! assert_eq!(rules, [Rule::HostClass(HostClass::LinkLocal), Rule::Fragment]);
//! println!("{}", err.render(input));
//! # Ok::<(), Refusal>(())
//! ```
//!
//! [`Policy::parse`] takes text; [`Policy::check`] takes a value already
//! parsed (a [`Uri`](crate::Uri), a [`UriBuf`](crate::UriBuf), …) and
//! returns the [`PolicyError`] alone.
//!
//! # Host classes
//!
//! [`classify_host`] reads a host as a client reaching it by its text
//! would: an older IPv4 notation (`0x7f.1`, `2130706433`, `0177.1`)
//! is the address it spells, an escaped or international name its DNS
//! form, and an IPv6 address that embeds an IPv4 address (IPv4-mapped,
//! NAT64, 6to4, Teredo) the address it embeds. The classes are the rows
//! of the IANA special-purpose registries and the special-use names
//! ([`HostClass`] lists them with their RFCs); [`classify_ip`] classifies
//! an address directly.
//!
//! ## Which reader each class assumes
//!
//! Readers of a host's text part ways, and a check is only as good as
//! the reader it assumes. This one assumes the worst common reader: if
//! any of them reaches a place that is not public, the host is refused,
//! with the class that says why.
//!
//! | the host's text | the reader assumed | class |
//! |---|---|---|
//! | an IPv4 or IPv6 literal | every stack: the address | the registry row that holds it |
//! | IPv6 embedding IPv4 (mapped, compatible, translated, NAT64, 6to4, Teredo) | a stack that still routes the deprecated forms | the class of the embedded address |
//! | IPv6 outside `2000::/3` in no other row, site-local `fec0::/10` | the IANA address space registry: not globally routed | [`HostClass::Reserved`] |
//! | `127.1`, `2130706433`, `0x7f.1` | `inet_aton` (glibc, BSD), the WHATWG URL Standard (`url`, browsers), Java's `InetAddress` (Java 17), Go: the address every reader that reads one spells (the decimal readers look `0x7f.1` up as a name, which no DNS answers) | the address's class |
//! | a number with a leading zero, in one to four parts (`0127.1`, `010.0.0.1`, `02130706433`, `0169.254.43518`, `08.1`) | octal readers (`inet_aton`, WHATWG) and decimal ones (Java, Go before 1.17, hand-written checks) | [`HostClass::Ambiguous`], unless both read one address; [`number_readings`] says what each reads |
//! | a last label that is a number, but no valid address to any reader (`1.2.3.4.5`, `4294967296`, `127.0.0.256`) | browsers refuse it; other readers look it up as a name | [`HostClass::NotAnAddress`] |
//! | a name of one label (`metadata`, `kubernetes`) | a resolver that tries the host's search domains first | [`HostClass::SingleLabel`], unless special (`localhost`) |
//! | a name with an empty label (`localhost..`, `a..b`, `.x`) | resolvers that drop empty labels, and those that refuse them | [`HostClass::Ambiguous`] |
//! | a name with escapes (`local%68ost`) or non-ASCII | DNS after decoding and UTS 46 (feature `idna`) | that name's class, or [`HostClass::Unresolvable`] |
//! | a special-use or private-use name (`localhost`, `*.local`, `*.internal`) | a resolver following RFC 6761 and its successors | as [`HostClass`] lists |
//! | `localhost.localdomain`, `ip6-localhost`, `_gateway`, `_localdnsstub`, … | the host's own hosts file and stub resolver, before any DNS | loopback, private use or multicast |
//!
//! A name that looks public (`my-host.example.net`) is public by its
//! text; where it resolves is the next section's concern. So are
//! `example.com`, `example.net` and `example.org`: RFC 2606 reserves
//! them for documentation, but they are registered and serve a page; the
//! `.example` top-level name is [`HostClass::Documentation`].
//!
//! # DNS rebinding
//!
//! Classifying a URI's *name* says nothing about the address it resolves
//! to: `https://my-host.example.net/` is [`HostClass::Public`], and its
//! DNS may answer `127.0.0.1`, or answer a public address to the check and
//! `127.0.0.1` to the fetch a second later. A policy is therefore half of
//! an SSRF guard. The other half is the caller's: resolve the name, check
//! every address with [`classify_ip`], and connect to the address that was
//! checked (not to the name again), refusing redirects or checking each
//! one the same way.
//!
//! ```
//! use std::net::{IpAddr, ToSocketAddrs};
//! use uri_runtime::policy::{classify_ip, HostClass};
//!
//! fn checked_addresses(host: &str, port: u16) -> std::io::Result<Vec<IpAddr>> {
//!     let addresses: Vec<IpAddr> = (host, port).to_socket_addrs()?.map(|a| a.ip()).collect();
//!     if addresses.iter().all(|&ip| classify_ip(ip).is_globally_reachable()) {
//!         Ok(addresses) // connect to one of these, not to `host`
//!     } else {
//!         Err(std::io::Error::other("resolves to a non-public address"))
//!     }
//! }
//! assert!(checked_addresses("127.0.0.1", 80).is_err());
//! assert_eq!(classify_ip("::1".parse().unwrap()), HostClass::Loopback);
//! ```
//!
//! This layer uses the byte kernels (the name reader), the value types,
//! the `http` scheme's [`Origin`](crate::scheme::http::Origin), the site
//! layer's registrable domains (feature `psl`) and `uri-core`'s scheme
//! facts (default ports); nothing else in the crate uses it.

mod admit;
mod check;
mod class;
mod names;
mod readings;
mod rules;
mod schemes;

pub use admit::Refusal;
pub use check::{PolicyError, Rule, Violation, classify_host};
pub use class::{HostClass, classify_ip, embedded_ipv4, special_purpose_block};
pub use readings::{NumberReadings, number_readings};
pub use rules::Policy;
