//! The policy value: which schemes, hosts, ports, host classes and
//! components may come in, built once and checked against many URIs.

use alloc::string::String;
use alloc::vec::Vec;
use core::net::IpAddr;

use uri_core::Component;

use super::class::{ClassSet, HostClass};
use super::schemes::Schemes;
use crate::scheme::http::Origin;
use crate::value::reach::Reached;

/// What may come in: built once (from a preset or [`Policy::new`]),
/// checked against every URI with [`Policy::check`], which reports every
/// rule the URI breaks.
///
/// ```
/// use uri_runtime::policy::{HostClass, Policy};
/// use uri_runtime::{Component, Uri};
///
/// let policy = Policy::new()
///     .allow_scheme("https")
///     .allow_host("*.example.com")
///     .allow_port(443)
///     .deny_userinfo()
///     .require(Component::Host);
/// assert!(policy.check(&Uri::parse("https://api.example.com/hook")?).is_ok());
///
/// let err = policy.check(&Uri::parse("http://user@example.org:8080/")?).unwrap_err();
/// let rules: Vec<&str> = err.violations().iter().map(|v| v.rule().name()).collect();
/// assert_eq!(rules, ["scheme", "userinfo", "host", "port"]);
/// # Ok::<(), uri_runtime::ParseError>(())
/// ```
///
/// Its `Debug` names the refused classes and the schemes:
///
/// ```
/// use uri_runtime::policy::{HostClass, Policy};
///
/// // The classes by name, the schemes in lowercase.
/// let policy = Policy::new().allow_scheme("https").deny_class(HostClass::Loopback);
/// assert_eq!(
///     format!("{policy:?}"),
///     r#"Policy { schemes: ["https"], hosts: [], ports: [], denied: ["loopback"], userinfo: Allowed, no_query: false, no_fragment: false, required: [], max_length: None }"#
/// );
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Policy {
    pub(super) schemes: Schemes,
    pub(super) hosts: Vec<HostPattern>,
    pub(super) ports: Vec<u16>,
    /// The refused classes.
    pub(super) denied: ClassSet,
    pub(super) userinfo: Credentials,
    pub(super) no_query: bool,
    pub(super) no_fragment: bool,
    pub(super) required: Vec<Component>,
    pub(super) max_length: Option<usize>,
}

/// What a userinfo may hold.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) enum Credentials {
    #[default]
    Allowed,
    WithoutPassword,
    Denied,
}

/// An allowed host: one name or address, every name below a domain, or
/// every name whose registrable domain is one (feature `psl`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum HostPattern {
    Exact(String),
    Below(String),
    #[cfg(feature = "psl")]
    Site(String),
}

impl HostPattern {
    /// Whether a host, as a client reaches it, matches.
    pub(super) fn matches(&self, host: &Reached<'_>) -> bool {
        match (self, host) {
            // Patterns are lowercase; a host read without escapes may not be.
            (HostPattern::Exact(name), Reached::Name(host)) => host
                .strip_suffix('.')
                .unwrap_or(host)
                .eq_ignore_ascii_case(name),
            (HostPattern::Below(domain), Reached::Name(host)) => {
                let host = host.strip_suffix('.').unwrap_or(host).as_bytes();
                let head = host.len().checked_sub(domain.len() + 1);
                head.is_some_and(|head| {
                    head > 0
                        && host.get(head) == Some(&b'.')
                        && host[head + 1..].eq_ignore_ascii_case(domain.as_bytes())
                })
            }
            #[cfg(feature = "psl")]
            (HostPattern::Site(domain), Reached::Name(host)) => {
                // A host read without escapes keeps its case; the list's
                // labels are lowercase.
                let host = host.to_ascii_lowercase();
                crate::site::registrable_domain_of_name(&host) == Some(domain.as_str())
            }
            (HostPattern::Exact(text), Reached::Ip(address)) => {
                let text = text.trim_start_matches('[').trim_end_matches(']');
                text.parse::<IpAddr>()
                    .is_ok_and(|allowed| allowed == *address)
            }
            _ => false,
        }
    }
}

impl Policy {
    /// A policy that admits every URI; add rules to it.
    pub fn new() -> Policy {
        Policy::default()
    }

    /// For a URL a server fetches on a user's behalf (a webhook, an
    /// avatar, a link preview): `http` or `https`, a host, no userinfo,
    /// at most 8,000 bytes (RFC 9110 section 4.1's floor for what a
    /// recipient must support), and no host outside the globally
    /// reachable classes: no loopback, private, link-local, shared,
    /// documentation or reserved address, no IPv4 address embedded in
    /// IPv6 that is one, no special-use name, no host without a name.
    ///
    /// ```
    /// use uri_runtime::policy::Policy;
    /// use uri_runtime::Uri;
    ///
    /// let policy = Policy::public_web();
    /// for bad in [
    ///     "http://127.0.0.1/", "http://0x7f.1/", "http://2130706433/", "http://[::ffff:10.0.0.1]/",
    ///     "http://169.254.169.254/latest/meta-data/", "http://localhost./", "http://api.localhost/",
    ///     "http://printer.local/", "https://user:pw@example.net/", "gopher://example.net/",
    /// ] {
    ///     assert!(policy.check(&Uri::parse(bad)?).is_err(), "{bad}");
    /// }
    /// assert!(policy.check(&Uri::parse("https://hooks.slack.com/services/T0/B0/x")?).is_ok());
    /// # Ok::<(), uri_runtime::ParseError>(())
    /// ```
    pub fn public_web() -> Policy {
        Policy {
            schemes: Schemes::preset(&["http", "https"]),
            denied: ClassSet::NOT_PUBLIC,
            userinfo: Credentials::Denied,
            required: [Component::Host].into(),
            max_length: Some(8000),
            ..Policy::default()
        }
    }

    /// For a redirect back to the application itself (an OAuth
    /// `redirect_uri`, a `return_to` after login): the origin's scheme,
    /// its host and port exactly, no userinfo.
    ///
    /// ```
    /// use uri_runtime::policy::Policy;
    /// use uri_runtime::scheme::http::Origin;
    /// use uri_runtime::Uri;
    ///
    /// let app = Origin::of(Uri::parse("https://app.example.com/")?)?;
    /// let policy = Policy::same_origin(&app);
    /// assert!(policy.check(&Uri::parse("https://APP.example.com:443/done?x=1")?).is_ok());
    /// assert!(policy.check(&Uri::parse("https://app.example.com.evil.net/")?).is_err());
    /// assert!(policy.check(&Uri::parse("https://app.example.com@evil.net/")?).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn same_origin(origin: &Origin) -> Policy {
        Policy::new()
            .allow_origin(origin)
            .deny_userinfo()
            .require(Component::Host)
    }

    /// For a link or a redirect that must stay on the application's site
    /// (feature `psl`): the site's scheme, a host whose registrable domain
    /// is the site's (`login.example.co.uk` and `example.co.uk` for the
    /// site `https://example.co.uk`, under the whole Public Suffix List as
    /// browsers read it), any port, no userinfo.
    ///
    /// ```
    /// use uri_runtime::policy::Policy;
    /// use uri_runtime::site::Site;
    /// use uri_runtime::Uri;
    ///
    /// let site = Site::of(&Uri::parse("https://app.example.co.uk/")?)?;
    /// let policy = Policy::same_site(&site);
    /// assert!(policy.check(&Uri::parse("https://login.Example.co.uk./done")?).is_ok());
    /// assert!(policy.check(&Uri::parse("https://example.co.uk.evil.net/")?).is_err());
    /// assert!(policy.check(&Uri::parse("https://alice.github.io/")?).is_err());
    /// assert!(policy.check(&Uri::parse("http://example.co.uk/")?).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[cfg(feature = "psl")]
    pub fn same_site(site: &crate::site::Site) -> Policy {
        Policy::new()
            .allow_scheme(site.scheme())
            .allow_site(site)
            .deny_userinfo()
            .require(Component::Host)
    }

    /// Admits every host whose registrable domain is `site`'s (feature
    /// `psl`), under the whole Public Suffix List; once a host rule is
    /// given, no other host is admitted. The scheme is not checked: see
    /// [`same_site`](Self::same_site) for the whole rule.
    #[cfg(feature = "psl")]
    #[must_use]
    pub fn allow_site(mut self, site: &crate::site::Site) -> Policy {
        self.hosts
            .push(HostPattern::Site(String::from(site.registrable_domain())));
        self
    }

    /// Admits `origin`: its scheme, its host and its port (a URI that
    /// names no port has its scheme's default).
    ///
    /// ```
    /// use uri_runtime::policy::Policy;
    /// use uri_runtime::scheme::http::Origin;
    /// use uri_runtime::Uri;
    ///
    /// let api = Origin::of(Uri::parse("https://hooks.acme.dev:8443/")?)?;
    /// let policy = Policy::public_web().allow_origin(&api);
    /// assert!(policy.check(&Uri::parse("https://hooks.acme.dev:8443/hook")?).is_ok());
    /// assert!(policy.check(&Uri::parse("https://hooks.acme.dev/hook")?).is_err()); // port 443
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn allow_origin(self, origin: &Origin) -> Policy {
        let scheme = if origin.is_secure() { "https" } else { "http" };
        self.allow_scheme(scheme)
            .allow_host(origin.host())
            .allow_port(origin.port())
    }

    /// Admits `scheme` (in any case); once one is given, no other is.
    ///
    /// On a preset this narrows: the preset's schemes are replaced by
    /// those the caller names, and a scheme the preset refuses stays
    /// refused (a rule added to a preset never widens it). To admit a
    /// scheme beyond a preset's, say so with
    /// [`widen_scheme`](Self::widen_scheme).
    ///
    /// ```
    /// use uri_runtime::policy::Policy;
    /// use uri_runtime::Uri;
    ///
    /// let https_only = Policy::public_web().allow_scheme("https");
    /// assert!(https_only.check(&Uri::parse("https://hooks.slack.com/x")?).is_ok());
    /// assert!(https_only.check(&Uri::parse("http://hooks.slack.com/x")?).is_err());
    ///
    /// let nothing = Policy::public_web().allow_scheme("gopher");
    /// assert!(nothing.check(&Uri::parse("gopher://hooks.slack.com/x")?).is_err());
    /// # Ok::<(), uri_runtime::ParseError>(())
    /// ```
    #[must_use]
    pub fn allow_scheme(mut self, scheme: &str) -> Policy {
        self.schemes.admit(scheme);
        self
    }

    /// Admits `scheme` (in any case) beside the schemes a preset admits:
    /// the one call that widens a preset's scheme rule, so that a reader
    /// of the policy sees it. On a policy without a preset it is
    /// [`allow_scheme`](Self::allow_scheme).
    ///
    /// ```
    /// use uri_runtime::policy::Policy;
    /// use uri_runtime::Uri;
    ///
    /// let sockets = Policy::public_web().widen_scheme("wss");
    /// assert!(sockets.check(&Uri::parse("wss://push.rust-lang.org/")?).is_ok());
    /// assert!(sockets.check(&Uri::parse("https://rust-lang.org/")?).is_ok());
    /// # Ok::<(), uri_runtime::ParseError>(())
    /// ```
    #[must_use]
    pub fn widen_scheme(mut self, scheme: &str) -> Policy {
        self.schemes.widen(scheme);
        self
    }

    /// Admits a host: a name (`api.example.com`), every name below a
    /// domain (`*.example.com`, which does not admit `example.com`
    /// itself), or an address (`192.0.2.1`, `[2001:db8::1]`). Names are
    /// compared in their DNS form, lowercase and in punycode (give an
    /// international name as `xn--…`). Once one is given, no other host
    /// is admitted.
    #[must_use]
    pub fn allow_host(mut self, pattern: &str) -> Policy {
        let pattern = pattern.to_ascii_lowercase();
        let pattern = pattern.strip_suffix('.').unwrap_or(&pattern);
        self.hosts.push(match pattern.strip_prefix("*.") {
            Some(domain) => HostPattern::Below(String::from(domain)),
            None => HostPattern::Exact(String::from(pattern)),
        });
        self
    }

    /// Admits a port, compared with the port the URI names or, when it
    /// names none, its scheme's default (80 for `http`); once one is
    /// given, no other is.
    #[must_use]
    pub fn allow_port(mut self, port: u16) -> Policy {
        self.ports.push(port);
        self
    }

    /// Refuses hosts of `class`, wherever the URI's host reaches it:
    /// addresses, IPv4 embedded in IPv6, older IPv4 notations, names.
    #[must_use]
    pub fn deny_class(mut self, class: HostClass) -> Policy {
        self.denied = self.denied.with(class);
        self
    }

    /// Admits hosts of `class` again (after a preset refused it).
    #[must_use]
    pub fn allow_class(mut self, class: HostClass) -> Policy {
        self.denied = self.denied.without(class);
        self
    }

    /// Refuses any userinfo: a user name is often a token
    /// (`https://ghp_…@github.com/`).
    #[must_use]
    pub fn deny_userinfo(mut self) -> Policy {
        self.userinfo = Credentials::Denied;
        self
    }

    /// Admits a user name but refuses a password (anything after the
    /// userinfo's first `:`).
    #[must_use]
    pub fn deny_password(mut self) -> Policy {
        self.userinfo = Credentials::WithoutPassword;
        self
    }

    /// Refuses a query.
    #[must_use]
    pub fn deny_query(mut self) -> Policy {
        self.no_query = true;
        self
    }

    /// Refuses a fragment.
    #[must_use]
    pub fn deny_fragment(mut self) -> Policy {
        self.no_fragment = true;
        self
    }

    /// Requires `component` to be present (a host, a port, a query, …;
    /// a path is required to be non-empty).
    #[must_use]
    pub fn require(mut self, component: Component) -> Policy {
        if !self.required.contains(&component) {
            self.required.push(component);
        }
        self
    }

    /// Refuses a URI longer than `bytes`.
    #[must_use]
    pub fn max_length(mut self, bytes: usize) -> Policy {
        self.max_length = Some(bytes);
        self
    }

    /// Whether the policy refuses hosts of `class`.
    pub fn denies(&self, class: HostClass) -> bool {
        self.denied.contains(class)
    }
}
