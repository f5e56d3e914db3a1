//! The site a URI belongs to: the public suffix of its host and its
//! registrable domain (eTLD+1), from the Public Suffix List (feature
//! `psl`).
//!
//! ```
//! use uri_runtime::site::{NoSite, Rules};
//! use uri_runtime::Uri;
//!
//! let uri = Uri::parse("https://WWW.Example.CO.UK./shop")?;
//! let site = uri.registrable_domain(Rules::IcannAndPrivate)?;
//! assert_eq!(site.as_str(), "example.co.uk"); // the DNS form: lowercase, punycode
//! assert_eq!(site.as_written(), Some("Example.CO.UK")); // the host's own spelling
//! assert_eq!(site.public_suffix(), "co.uk");
//!
//! // Private suffixes count unless asked otherwise.
//! let blog = Uri::parse("https://alice.blogspot.com/")?;
//! assert_eq!(blog.registrable_domain(Rules::IcannAndPrivate)?.as_str(), "alice.blogspot.com");
//! assert_eq!(blog.registrable_domain(Rules::Icann)?.as_str(), "blogspot.com");
//!
//! // No site, and why.
//! let why = |s| Uri::parse(s).unwrap().registrable_domain(Rules::IcannAndPrivate).unwrap_err();
//! assert_eq!(why("http://127.0.0.1/"), NoSite::IpAddress);
//! assert_eq!(why("http://co.uk/"), NoSite::PublicSuffix);
//! assert_eq!(why("http://localhost/"), NoSite::PublicSuffix); // the list's implicit `*` rule
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # The host as a client reaches it
//!
//! The lookup reads the host as the [policy](crate::policy) does, the way
//! a client resolving it would: escapes decoded (`%65xample.co.uk` is
//! `example.co.uk`), case folded, one final dot (the DNS root) left out,
//! an international name mapped to punycode by UTS 46 (with the `idna`
//! feature; without it such a host has no site, [`NoSite::NotAName`]).
//! An IP address, in any notation a resolver reads (`127.1`, `0x7f.1`),
//! has none ([`NoSite::IpAddress`]), and neither has a name readers part
//! ways on (`localhost..`, `0169.254.169.254`: [`NoSite::Ambiguous`]).
//!
//! # The list
//!
//! The rules come from the `psl` crate, which compiles the Public Suffix
//! List into code and is released as the list changes (several times a
//! month). How fresh the list is, is the application's choice, made in
//! its lock file: `cargo update -p psl` brings the newest list, and
//! nothing here pins a version. [`Rules::IcannAndPrivate`] is the whole
//! list, as browsers use it for cookies and same-site checks;
//! [`Rules::Icann`] leaves out the private section (`blogspot.com`,
//! `github.io`, cloud providers' names), as registries and analytics
//! that count organisations often want. The algorithm is the list's own
//! (`https://publicsuffix.org/list/`): the rule with the most labels
//! wins, a wildcard takes one more label, an exception one less, and a
//! name no rule matches falls under the implicit `*` rule.
//!
//! This layer uses the value types (the host as a client reaches it); the
//! policy's same-site rule uses it.

mod list;
mod same_site;

pub use same_site::Site;
pub(crate) use same_site::registrable_domain_of_name;

use alloc::borrow::Cow;
use core::fmt;

use crate::value::ambiguous::is_ambiguous;
use crate::value::buf::{IriBuf, IriRefBuf, UriBuf, UriRefBuf};
use crate::value::host::Host;
use crate::value::iri::{Iri, IriRef};
use crate::value::numbers::ends_in_number;
use crate::value::reach::{NumberForms, Reached, reach};
use crate::value::uri::{Uri, UriRef};

/// Which rules of the Public Suffix List apply.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rules {
    /// The whole list, its ICANN and its private sections: what browsers
    /// use for cookies and same-site checks.
    IcannAndPrivate,
    /// The ICANN section alone: the suffixes under which registries sell
    /// names, without those that companies open to their users.
    Icann,
}

/// Where the rule that gave a public suffix comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Source {
    /// The list's ICANN section.
    Icann,
    /// The list's private section.
    Private,
    /// No rule: the list's implicit `*`, which makes the last label a
    /// public suffix (an unknown top-level domain, a single-label name).
    Implicit,
}

/// Why a host has no public suffix or no registrable domain.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum NoSite {
    /// The URI has no host, or an empty one (`file:///x`, `mailto:`).
    NoHost,
    /// The host is an IP address, in any notation a resolver reads
    /// (`127.0.0.1`, `[::1]`, `127.1`, `0x7f.1`): addresses have no site.
    IpAddress,
    /// The host spells no DNS name a client can look up: escapes that are
    /// not UTF-8 or spell a character no name holds, an international name
    /// UTS 46 refuses or, without the `idna` feature, any international
    /// name; an `IPvFuture` literal; a name of the root alone (`.`); a
    /// host whose last label is a number but that is no IPv4 address
    /// (`1.2.3.4.5`, `4294967296`), which a browser refuses.
    NotAName,
    /// Readers part ways on the host (an empty label, `localhost..`; a
    /// dotted quad with a leading zero, `0169.254.169.254`), so no one
    /// site holds for all of them.
    Ambiguous,
    /// The name is itself a public suffix (`co.uk`, `github.io`), which no
    /// one registers, so it has no registrable domain. A single-label
    /// name (`localhost`) is one, under the list's implicit `*` rule.
    PublicSuffix,
}

impl NoSite {
    /// The reason's name in kebab case, as the CLI and JSON write it.
    pub const fn name(self) -> &'static str {
        match self {
            NoSite::NoHost => "no-host",
            NoSite::IpAddress => "ip-address",
            NoSite::NotAName => "not-a-name",
            NoSite::Ambiguous => "ambiguous",
            NoSite::PublicSuffix => "public-suffix",
        }
    }
}

impl fmt::Display for NoSite {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            NoSite::NoHost => "the URI has no host",
            NoSite::IpAddress => "the host is an IP address, which has no site",
            NoSite::NotAName => "the host spells no DNS name",
            NoSite::Ambiguous => "readers part ways on the host",
            NoSite::PublicSuffix => "the host is a public suffix itself",
        })
    }
}

impl core::error::Error for NoSite {}

/// The public suffix of a host (its "effective top-level domain"), from
/// `public_suffix()` on every URI type.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PublicSuffix<'a> {
    found: Found<'a>,
}

impl<'a> PublicSuffix<'a> {
    /// The suffix in the host's DNS form: lowercase ASCII, international
    /// labels in punycode (`co.uk`, `xn--p1ai`).
    pub fn as_str(&self) -> &str {
        self.found.name.get(self.found.suffix..).unwrap_or_default()
    }

    /// The suffix as the host writes it (its case, its escapes, its
    /// Unicode in an IRI), where the host's text has the same labels as
    /// its DNS form; `None` where it does not (an escaped dot, a Unicode
    /// full stop).
    pub fn as_written(&self) -> Option<&'a str> {
        self.found.written(self.found.suffix)
    }

    /// Where the rule comes from: [`Source::Implicit`] for a suffix no
    /// rule of the list names (an unknown top-level domain).
    pub fn source(&self) -> Source {
        self.found.source
    }
}

impl fmt::Display for PublicSuffix<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The registrable domain of a host ("eTLD+1": its public suffix and the
/// label before it), from `registrable_domain()` on every URI type. Two
/// URIs are on the same site when their schemes and their registrable
/// domains are equal.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RegistrableDomain<'a> {
    found: Found<'a>,
    start: usize,
}

impl<'a> RegistrableDomain<'a> {
    /// The domain in the host's DNS form: lowercase ASCII, international
    /// labels in punycode (`example.co.uk`, `xn--bcher-kva.de`). Compare
    /// sites with this form.
    pub fn as_str(&self) -> &str {
        self.found.name.get(self.start..).unwrap_or_default()
    }

    /// The domain as the host writes it (`Example.CO.UK`, `bücher.de` in
    /// an IRI, `%65xample.co.uk`), where the host's text has the same
    /// labels as its DNS form; `None` where it does not.
    pub fn as_written(&self) -> Option<&'a str> {
        self.found.written(self.start)
    }

    /// Its public suffix, in the DNS form.
    pub fn public_suffix(&self) -> &str {
        self.found.name.get(self.found.suffix..).unwrap_or_default()
    }

    /// Where the public suffix's rule comes from.
    pub fn source(&self) -> Source {
        self.found.source
    }
}

impl fmt::Display for RegistrableDomain<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A host's DNS name, where its public suffix starts, and the host's own
/// text.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Found<'a> {
    name: Cow<'a, str>,
    suffix: usize,
    source: Source,
    /// The host as written, without the root's dot.
    text: &'a str,
}

impl<'a> Found<'a> {
    fn of(
        host: Option<Host<'a>>,
        text: Option<&'a str>,
        rules: Rules,
    ) -> Result<Found<'a>, NoSite> {
        let (Some(host), Some(text)) = (host, text) else {
            return Err(NoSite::NoHost);
        };
        if text.is_empty() {
            return Err(NoSite::NoHost);
        }
        let name = match reach(&host, NumberForms::AsAddresses) {
            Ok(Reached::Name(name)) => name,
            Ok(Reached::Ip(_)) => return Err(NoSite::IpAddress),
            Ok(Reached::Future(_)) | Err(_) => return Err(NoSite::NotAName),
        };
        if is_ambiguous(&name) {
            return Err(NoSite::Ambiguous);
        }
        let root = name.strip_suffix('.').unwrap_or(&name);
        if ends_in_number(root.as_bytes()) {
            // A number no reader takes as an address: a browser refuses
            // it, and no public DNS answers the name.
            return Err(NoSite::NotAName);
        }
        let name = match name {
            Cow::Borrowed(name) => Cow::Borrowed(name.strip_suffix('.').unwrap_or(name)),
            Cow::Owned(mut name) => {
                if name.ends_with('.') {
                    name.pop();
                }
                Cow::Owned(name)
            }
        };
        if name.is_empty() {
            return Err(NoSite::NotAName);
        }
        let (len, source) = list::suffix_of(&name, rules);
        Ok(Found {
            suffix: name.len() - len,
            source,
            text: text.strip_suffix('.').unwrap_or(text),
            name,
        })
    }

    /// The registrable domain's start: the label before the suffix.
    fn registrable(self) -> Result<RegistrableDomain<'a>, NoSite> {
        let start = registrable_start(&self.name, self.suffix).ok_or(NoSite::PublicSuffix)?;
        Ok(RegistrableDomain { found: self, start })
    }

    /// The host's own text for the labels of the name from `start` on,
    /// when the text has as many labels as the name.
    fn written(&self, start: usize) -> Option<&'a str> {
        let labels = |s: &str| s.split('.').count();
        if labels(self.text) != labels(&self.name) {
            return None;
        }
        let wanted = labels(self.name.get(start..)?);
        let skip = labels(self.text) - wanted;
        let at = match skip {
            0 => 0,
            _ => self.text.match_indices('.').nth(skip - 1)?.0 + 1,
        };
        self.text.get(at..)
    }
}

/// Where the label before the suffix starting at `suffix` of `name`
/// starts; `None` when there is none (the name is its suffix).
fn registrable_start(name: &str, suffix: usize) -> Option<usize> {
    let before = name.get(..suffix)?.strip_suffix('.')?;
    Some(before.rfind('.').map_or(0, |dot| dot + 1))
}

impl_each! {
    [Uri<'a>, UriRef<'a>, Iri<'a>, IriRef<'a>]
    {
        /// The public suffix of the host (feature `psl`); see the
        /// [`site`](crate::site) module for how the host is read.
        ///
        /// ```
        /// use uri_runtime::site::{Rules, Source};
        /// use uri_runtime::Uri;
        ///
        /// let suffix = Uri::parse("https://docs.rs/psl")?.public_suffix(Rules::Icann)?;
        /// assert_eq!((suffix.as_str(), suffix.source()), ("rs", Source::Icann));
        /// # Ok::<(), Box<dyn std::error::Error>>(())
        /// ```
        ///
        /// # Errors
        ///
        /// [`NoSite`] says why there is none: no host, an IP address, a
        /// host that spells no name, or one readers part ways on.
        pub fn public_suffix(&self, rules: Rules) -> Result<PublicSuffix<'a>, NoSite> {
            let found = Found::of(self.host_parsed(), self.host(), rules)?;
            Ok(PublicSuffix { found })
        }

        /// The registrable domain of the host (feature `psl`): its public
        /// suffix and the label before it. See the [`site`](crate::site)
        /// module.
        ///
        /// ```
        /// use uri_runtime::site::Rules;
        /// use uri_runtime::Uri;
        ///
        /// let site = Uri::parse("https://api.github.com/repos")?.registrable_domain(Rules::IcannAndPrivate)?;
        /// assert_eq!(site.as_str(), "github.com");
        /// # Ok::<(), Box<dyn std::error::Error>>(())
        /// ```
        ///
        /// # Errors
        ///
        /// As [`public_suffix`](Self::public_suffix), and
        /// [`NoSite::PublicSuffix`] for a host that is a public suffix
        /// itself (a single-label name included).
        pub fn registrable_domain(&self, rules: Rules) -> Result<RegistrableDomain<'a>, NoSite> {
            Found::of(self.host_parsed(), self.host(), rules)?.registrable()
        }
    }
}

impl_each! {
    [
        UriBuf { view_name = "Uri" },
        UriRefBuf { view_name = "UriRef" },
        IriBuf { view_name = "Iri" },
        IriRefBuf { view_name = "IriRef" },
    ]
    {
        #[doc = concat!("See [`", view_name!(), "::public_suffix`].")]
        ///
        /// # Errors
        ///
        #[doc = concat!("As [`", view_name!(), "::public_suffix`].")]
        pub fn public_suffix(&self, rules: Rules) -> Result<PublicSuffix<'_>, NoSite> {
            self.view().public_suffix(rules)
        }

        #[doc = concat!("See [`", view_name!(), "::registrable_domain`].")]
        ///
        /// # Errors
        ///
        #[doc = concat!("As [`", view_name!(), "::registrable_domain`].")]
        pub fn registrable_domain(&self, rules: Rules) -> Result<RegistrableDomain<'_>, NoSite> {
            self.view().registrable_domain(rules)
        }
    }
}
