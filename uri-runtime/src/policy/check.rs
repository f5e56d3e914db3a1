//! Checking a URI against a [`Policy`]: every broken rule, each with the
//! bytes it is about, in text order.

use alloc::vec::Vec;
use core::fmt;
use core::ops::Range;

use uri_core::Component;
use uri_core::render::Caret;

use super::class::{HostClass, classify_ip};
use super::names::classify_name;
use super::rules::{Credentials, Policy};
use crate::ops::normalize::SchemeRules;
use crate::value::as_uri::AsUri;
use crate::value::host::Host;
use crate::value::reach::{NumberForms, Reached, reach};
use crate::value::uri::Uri;

/// Which rule of a [`Policy`] a URI breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Rule {
    /// The scheme is not one the policy admits; at the scheme.
    Scheme,
    /// A userinfo where the policy admits none; at the userinfo.
    Userinfo,
    /// A password where the policy admits a user name only; at the
    /// password.
    Password,
    /// The host matches no host the policy admits; at the host.
    Host,
    /// The host is of a class the policy refuses; at the host.
    HostClass(HostClass),
    /// The port (or the scheme's default) is not one the policy admits,
    /// or is not a port at all; at the port, or where it would be.
    Port,
    /// A query where the policy admits none; at its `?`.
    Query,
    /// A fragment where the policy admits none; at its `#`.
    Fragment,
    /// A component the policy requires is missing; where it would be.
    Required(Component),
    /// The URI is longer than the policy admits; from the first byte
    /// past the limit.
    Length,
}

impl Rule {
    /// The rule's name, as the CLI and JSON write it.
    pub const fn name(self) -> &'static str {
        match self {
            Rule::Scheme => "scheme",
            Rule::Userinfo => "userinfo",
            Rule::Password => "password",
            Rule::Host => "host",
            Rule::HostClass(_) => "host-class",
            Rule::Port => "port",
            Rule::Query => "query",
            Rule::Fragment => "fragment",
            Rule::Required(_) => "required",
            Rule::Length => "length",
        }
    }
}

/// One broken rule and the bytes of the URI it is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Violation {
    rule: Rule,
    index: usize,
    len: usize,
}

impl Violation {
    /// Which rule.
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// Where the bytes it is about start.
    pub fn index(&self) -> usize {
        self.index
    }

    /// How many bytes (none where something is missing).
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether it points at something missing rather than at text.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The URI drawn with carets under the bytes.
    pub fn render<'a>(&self, input: &'a str) -> Caret<'a> {
        Caret::new(input, self.index, self.len)
    }
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.rule {
            Rule::Scheme => f.write_str("scheme not allowed")?,
            Rule::Userinfo => f.write_str("userinfo not allowed")?,
            Rule::Password => f.write_str("password not allowed")?,
            Rule::Host => f.write_str("host not allowed")?,
            Rule::HostClass(class) => write!(f, "host is {class}, which is not allowed")?,
            Rule::Port => f.write_str("port not allowed")?,
            Rule::Query => f.write_str("query not allowed")?,
            Rule::Fragment => f.write_str("fragment not allowed")?,
            Rule::Required(component) => write!(f, "{component} required")?,
            Rule::Length => f.write_str("longer than allowed")?,
        }
        write!(f, " at byte {}", self.index)
    }
}

/// Every rule of a [`Policy`] a URI breaks, in text order.
///
/// ```
/// use uri_runtime::policy::Policy;
/// use uri_runtime::Uri;
///
/// let input = "http://user@10.0.0.7:8080/";
/// let err = Policy::public_web().check(&Uri::parse(input)?).unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "userinfo not allowed at byte 7; host is private-use, which is not allowed at byte 12"
/// );
/// assert_eq!(
///     err.render(input).to_string(),
///     "userinfo not allowed at byte 7\n\
///      http://user@10.0.0.7:8080/\n       ^^^^\n\
///      host is private-use, which is not allowed at byte 12\n\
///      http://user@10.0.0.7:8080/\n            ^^^^^^^^"
/// );
/// # Ok::<(), uri_runtime::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PolicyError {
    violations: Vec<Violation>,
}

impl PolicyError {
    /// The broken rules, in text order (never empty).
    pub fn violations(&self) -> &[Violation] {
        &self.violations
    }

    /// Each violation with its message and the URI drawn with carets.
    pub fn render<'a>(&'a self, input: &'a str) -> impl fmt::Display + 'a {
        Rendered { error: self, input }
    }
}

struct Rendered<'a> {
    error: &'a PolicyError,
    input: &'a str,
}

impl fmt::Display for Rendered<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (n, violation) in self.error.violations.iter().enumerate() {
            if n > 0 {
                f.write_str("\n")?;
            }
            write!(f, "{violation}\n{}", violation.render(self.input))?;
        }
        Ok(())
    }
}

impl fmt::Display for PolicyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (n, violation) in self.violations.iter().enumerate() {
            if n > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{violation}")?;
        }
        Ok(())
    }
}

impl core::error::Error for PolicyError {}

/// The class of a host: where a client reaching it by its text goes.
/// Names in an older IPv4 notation are the address they spell, names are
/// in their DNS form; a host no client can reach is
/// [`HostClass::Unresolvable`].
///
/// ```
/// use uri_runtime::policy::{classify_host, HostClass};
/// use uri_runtime::Uri;
///
/// let class = |s| classify_host(&Uri::parse(s).unwrap().host_parsed().unwrap());
/// assert_eq!(class("http://0x7f.1/"), HostClass::Loopback);
/// assert_eq!(class("http://LOCALHOST./"), HostClass::Loopback);
/// assert_eq!(class("http://[fe80::1]/"), HostClass::LinkLocal);
/// assert_eq!(class("http://example.org/"), HostClass::Documentation);
/// assert_eq!(class("http://rust-lang.org/"), HostClass::Public);
/// ```
pub fn classify_host(host: &Host<'_>) -> HostClass {
    match reach(host, NumberForms::AsAddresses) {
        Ok(Reached::Ip(address)) => classify_ip(address),
        Ok(Reached::Name(name)) => classify_name(&name),
        Ok(Reached::Future(_)) | Err(_) => HostClass::Unresolvable,
    }
}

impl Policy {
    /// Every rule `uri` breaks, in text order, or `Ok`.
    ///
    /// # Errors
    ///
    /// A [`PolicyError`] listing each [`Violation`].
    pub fn check(&self, uri: &impl AsUri) -> Result<(), PolicyError> {
        let uri = uri.as_uri();
        let mut found = Vec::new();
        self.each_violation(&uri, |violation| found.push(violation));
        if found.is_empty() {
            Ok(())
        } else {
            Err(PolicyError { violations: found })
        }
    }

    fn each_violation(&self, uri: &Uri<'_>, mut report: impl FnMut(Violation)) {
        let parts = uri.components();
        let mut at = |rule, range: Range<usize>| {
            report(Violation {
                rule,
                index: range.start,
                len: range.end - range.start,
            });
        };
        let scheme = parts.scheme().unwrap_or(0..0);
        let scheme_text = uri.scheme();
        if !self.schemes.is_empty()
            && !self
                .schemes
                .iter()
                .any(|allowed| allowed.eq_ignore_ascii_case(scheme_text))
        {
            at(Rule::Scheme, scheme.clone());
        }
        if let Some(userinfo) = parts.userinfo() {
            match self.userinfo {
                Credentials::Allowed => {}
                Credentials::Denied => at(Rule::Userinfo, userinfo),
                Credentials::WithoutPassword => {
                    let text = uri.userinfo().unwrap_or_default();
                    if let Some(colon) = text.find(':') {
                        at(Rule::Password, userinfo.start + colon + 1..userinfo.end);
                    }
                }
            }
        }
        let authority_end = parts.path().start;
        if let (Some(host), Some(range)) = (uri.host_parsed(), parts.host()) {
            let reached = reach(&host, NumberForms::AsAddresses).ok();
            if !self.hosts.is_empty()
                && !reached
                    .as_ref()
                    .is_some_and(|r| self.hosts.iter().any(|p| p.matches(r)))
            {
                at(Rule::Host, range.clone());
            }
            let class = classify_host(&host);
            if self.denies(class) {
                at(Rule::HostClass(class), range);
            }
            self.check_port(uri, authority_end, &mut at);
        } else {
            if self.required.contains(&Component::Host) {
                at(
                    Rule::Required(Component::Host),
                    authority_end..authority_end,
                );
            }
            if !self.hosts.is_empty() {
                at(Rule::Host, authority_end..authority_end);
            }
        }
        for component in &self.required {
            let missing_at = match component {
                Component::Userinfo if parts.userinfo().is_none() => Some(authority_end),
                Component::Port if parts.port().is_none() => Some(authority_end),
                Component::Path if uri.path().is_empty() => Some(parts.path().start),
                Component::Query if parts.query().is_none() => Some(parts.path().end),
                Component::Fragment if parts.fragment().is_none() => Some(uri.as_str().len()),
                _ => None,
            };
            if let Some(missing_at) = missing_at {
                at(Rule::Required(*component), missing_at..missing_at);
            }
        }
        if let Some(query) = parts.query().filter(|_| self.no_query) {
            at(Rule::Query, query.start - 1..query.end);
        }
        if let Some(fragment) = parts.fragment().filter(|_| self.no_fragment) {
            at(Rule::Fragment, fragment.start - 1..fragment.end);
        }
        let len = uri.as_str().len();
        if let Some(max) = self.max_length.filter(|&max| len > max) {
            at(Rule::Length, max..len);
        }
    }

    /// The port rule: the port written, or the scheme's default.
    fn check_port(
        &self,
        uri: &Uri<'_>,
        authority_end: usize,
        at: &mut impl FnMut(Rule, Range<usize>),
    ) {
        if self.ports.is_empty() {
            return;
        }
        let parts = uri.components();
        let range = parts.port().unwrap_or(authority_end..authority_end);
        let port = match uri.port_u16() {
            Ok(Some(port)) => Some(port),
            Ok(None) => SchemeRules::STANDARD.default_port(uri.scheme()),
            Err(_) => None,
        };
        if !port.is_some_and(|port| self.ports.contains(&port)) {
            at(Rule::Port, range);
        }
    }
}
