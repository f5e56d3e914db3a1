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
//! would: an older IPv4 notation (`0x7f.1`, `2130706433`, `0177.0.0.1`)
//! is the address it spells, an escaped or international name its DNS
//! form, and an IPv6 address that embeds an IPv4 address (IPv4-mapped,
//! NAT64, 6to4, Teredo) the address it embeds. The classes are the rows
//! of the IANA special-purpose registries and the special-use names
//! ([`HostClass`] lists them with their RFCs); [`classify_ip`] classifies
//! an address directly.
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
//! This layer uses the value types, the `http` scheme's [`Origin`](crate::scheme::http::Origin)
//! and the normalization's scheme table; nothing else in the crate uses it.

mod admit;
mod ambiguous;
mod check;
mod class;
mod names;
mod rules;
mod schemes;

pub use admit::Refusal;
pub use check::{PolicyError, Rule, Violation, classify_host};
pub use class::{HostClass, classify_ip, embedded_ipv4, special_purpose_block};
pub use rules::Policy;
