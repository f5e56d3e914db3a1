//! A site in the WHATWG URL Standard's sense ("schemeful site"): a
//! scheme and a registrable domain, what cookies' `SameSite` and the
//! policy's same-site rule compare.

use alloc::string::String;
use core::fmt;

use super::{NoSite, Rules, list, registrable_start};
use crate::value::as_uri::AsUri;

/// A scheme and a registrable domain, both lowercase, the domain in its
/// DNS form; from [`Site::of`]. Two URIs are same-site when their sites
/// are equal.
///
/// ```
/// use uri_runtime::site::Site;
/// use uri_runtime::Uri;
///
/// let app = Site::of(&Uri::parse("https://app.example.co.uk/login")?)?;
/// assert_eq!(app.to_string(), "https://example.co.uk");
/// assert!(app.contains(&Uri::parse("https://API.Example.co.uk./v1")?));
/// assert!(!app.contains(&Uri::parse("http://api.example.co.uk/")?)); // another scheme
/// assert!(!app.contains(&Uri::parse("https://example.org.uk/")?));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Site {
    scheme: String,
    domain: String,
}

impl Site {
    /// The site of `uri`: its scheme and its registrable domain under
    /// the whole list ([`Rules::IcannAndPrivate`]), as browsers read it.
    ///
    /// # Errors
    ///
    /// [`NoSite`], as `registrable_domain` gives it: a host that is an IP
    /// address or a public suffix has no site here. (The WHATWG standard
    /// gives such a host a site of its own, the host itself; a policy that
    /// admits one address is [`Policy::allow_host`](crate::policy::Policy::allow_host).)
    pub fn of(uri: &impl AsUri) -> Result<Site, NoSite> {
        let uri = uri.as_uri();
        let domain = uri.registrable_domain(Rules::IcannAndPrivate)?;
        Ok(Site {
            scheme: uri.scheme().to_ascii_lowercase(),
            domain: String::from(domain.as_str()),
        })
    }

    /// The scheme, lowercase.
    pub fn scheme(&self) -> &str {
        &self.scheme
    }

    /// The registrable domain, in its DNS form.
    pub fn registrable_domain(&self) -> &str {
        &self.domain
    }

    /// Whether `uri` is on this site: the same scheme, and a host whose
    /// registrable domain is this one.
    pub fn contains(&self, uri: &impl AsUri) -> bool {
        Site::of(uri).is_ok_and(|other| other == *self)
    }
}

impl fmt::Display for Site {
    /// As an origin is written: `https://example.co.uk`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}://{}", self.scheme, self.domain)
    }
}

/// The registrable domain of a DNS name (lowercase ASCII, one final dot
/// allowed, no empty label), under the whole list; `None` for a name that
/// is a public suffix itself.
pub(crate) fn registrable_domain_of_name(name: &str) -> Option<&str> {
    let name = name.strip_suffix('.').unwrap_or(name);
    let (len, _) = list::suffix_of(name, Rules::IcannAndPrivate);
    name.get(registrable_start(name, name.len() - len)?..)
}
