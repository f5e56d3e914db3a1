//! Checking a URI against a [`Policy`]: every broken rule, each with the
//! bytes it is about, in text order.

use alloc::borrow::Cow;
use core::fmt;
use core::net::{IpAddr, Ipv4Addr};
use core::ops::Range;

use uri_core::parse::{ipv4_number_form, ipv4_of_accepted, ipv6_of_accepted};
use uri_core::render::Caret;
use uri_core::scheme::scheme_facts;
use uri_core::{Component, Components, HostKind};

use super::class::{HostClass, classify_ip};
use super::names::{classify_name, classify_name_at};
use super::readings::number_readings;
use super::rules::{Credentials, Policy};
use crate::bytes::raw;
use crate::value::ambiguous::is_ambiguous;
use crate::value::as_uri::AsUri;
use crate::value::decoded::secret_span;
use crate::value::host::Host;
use crate::value::reach::{NumberForms, Reached, reach};
use crate::value::uri::{Parsed, Uri};

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
///
/// Offsets are kept in 32 bits, so that an error stays small enough to
/// return without a copy that costs more than the check; in a URI longer
/// than 4 GiB an offset past that reads as 4 GiB (`u32::MAX`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Violation {
    rule: Rule,
    index: u32,
    len: u32,
}

impl Violation {
    /// What an error's slots past its violations hold.
    const UNUSED: Violation = Violation {
        rule: Rule::Scheme,
        index: 0,
        len: 0,
    };

    fn new(rule: Rule, range: Range<usize>) -> Violation {
        let clamp = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
        Violation {
            rule,
            index: clamp(range.start),
            len: clamp(range.end.saturating_sub(range.start)),
        }
    }

    /// Which rule.
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// Where the bytes it is about start.
    pub fn index(&self) -> usize {
        self.index as usize
    }

    /// How many bytes (none where something is missing).
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether it points at something missing rather than at text.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The URI drawn with carets under the bytes.
    pub fn render<'a>(&self, input: &'a str) -> Caret<'a> {
        Caret::new(input, self.index(), self.len())
    }
}

impl fmt::Display for Violation {
    /// A sentence about the part of the URI at [`index`](Self::index)
    /// (lowercase, no final period, as every error of the crate).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = self.index();
        match self.rule {
            Rule::Scheme => write!(f, "the scheme at byte {at} is not one this policy allows"),
            Rule::Userinfo => write!(
                f,
                "the userinfo at byte {at} is not allowed: this policy takes no credentials"
            ),
            Rule::Password => write!(
                f,
                "the password at byte {at} is not allowed: this policy takes a user name alone"
            ),
            Rule::Host => write!(f, "the host at byte {at} is not one this policy allows"),
            Rule::HostClass(class) => write!(f, "the host at byte {at} {}", class.meaning()),
            Rule::Port => write!(f, "the port at byte {at} is not one this policy allows"),
            Rule::Query => write!(f, "the query at byte {at} is not allowed"),
            Rule::Fragment => write!(f, "the fragment at byte {at} is not allowed"),
            Rule::Required(component) => {
                write!(f, "the {component} is required, and missing at byte {at}")
            }
            Rule::Length => write!(
                f,
                "the URI is longer than this policy allows, from byte {at}"
            ),
        }
    }
}

/// The most rules one URI can break: one each, and every component
/// required.
const MAX_VIOLATIONS: usize = 16;

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
///     "the userinfo at byte 7 is not allowed: this policy takes no credentials; \
///      the host at byte 12 is in a private network's range or name (RFC 1918, RFC 8375), \
///      reachable only inside a local network"
/// );
/// assert_eq!(
///     err.render(input).to_string(),
///     "http://****@10.0.0.7:8080/\n       ^^^^ userinfo\n\
///      http://****@10.0.0.7:8080/\n            ^^^^^^^^ host-class (private-use)"
/// );
/// # Ok::<(), uri_runtime::ParseError>(())
/// ```
///
/// The violations are held inline, not on the heap: a check that fails
/// (as about half of what arrives from users does) allocates nothing.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct PolicyError {
    violations: [Violation; MAX_VIOLATIONS],
    len: u8,
}

impl PolicyError {
    /// The broken rules, in text order (never empty).
    pub fn violations(&self) -> &[Violation] {
        self.violations
            .get(..usize::from(self.len))
            .unwrap_or_default()
    }

    /// The URI drawn with carets under each violation, followed by the
    /// rule's name (and the host's class, with what each reader makes of
    /// a number where they part ways); what may hold credentials (the
    /// userinfo, or a password read as a port: see
    /// [`Uri::redacted`](crate::Uri::redacted)) is drawn as `*`. The
    /// messages are `Display`'s, not repeated here, so the two compose:
    /// print the error, then its drawing, as
    /// [`ParseError::render`](crate::ParseError::render) does.
    ///
    /// ```
    /// use uri_runtime::policy::Policy;
    ///
    /// let input = "https://admin:hunter2@10.0.0.1/";
    /// let err = Policy::new().deny_password().check(&uri_runtime::Uri::parse(input)?).unwrap_err();
    /// assert_eq!(
    ///     format!("{err}\n{}", err.render(input)),
    ///     "the password at byte 14 is not allowed: this policy takes a user name alone\n\
    ///      https://*************@10.0.0.1/\n              ^^^^^^^ password"
    /// );
    ///
    /// let input = "http://0127.1/";
    /// let err = Policy::public_web().check(&uri_runtime::Uri::parse(input)?).unwrap_err();
    /// assert_eq!(
    ///     err.render(input).to_string(),
    ///     "http://0127.1/\n       ^^^^^^ host-class (ambiguous): browsers and inet_aton \
    ///      read 87.0.0.1; Java and older Go read 127.0.0.1"
    /// );
    /// # Ok::<(), uri_runtime::ParseError>(())
    /// ```
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
        // Found again here, where the error is shown, not kept in the
        // error: the check refuses about half of what it is given, and a
        // search for `@` in each refused URI cost 5 % of the check.
        let hidden = uri_core::parse_uri_reference(self.input)
            .ok()
            .and_then(|parts| secret_span(self.input, &parts))
            .unwrap_or(0..0);
        for (n, violation) in self.error.violations().iter().enumerate() {
            if n > 0 {
                f.write_str("\n")?;
            }
            let drawing = violation.render(self.input).hiding(hidden.clone());
            write!(f, "{drawing} {}", violation.rule().name())?;
            if let Rule::HostClass(class) = violation.rule() {
                write!(f, " ({class})")?;
                let host = self
                    .input
                    .get(violation.index()..violation.index() + violation.len());
                let readings = host
                    .and_then(number_readings)
                    .filter(|r| r.whatwg != r.decimal);
                if let Some(readings) = readings {
                    write!(f, ": {readings}")?;
                }
            }
        }
        Ok(())
    }
}

impl fmt::Display for PolicyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (n, violation) in self.violations().iter().enumerate() {
            if n > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{violation}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for PolicyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PolicyError")
            .field("violations", &self.violations())
            .finish()
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
/// assert_eq!(class("http://www.example/"), HostClass::Documentation);
/// assert_eq!(class("http://metadata/"), HostClass::SingleLabel); // found through search domains
/// assert_eq!(class("http://rust-lang.org/"), HostClass::Public);
/// ```
pub fn classify_host(host: &Host<'_>) -> HostClass {
    class_of(host, reached(host).as_ref())
}

/// The class of `host`, which a client reaches as `reached`: ambiguous
/// where readers part ways on its text, else where it goes.
fn class_of(host: &Host<'_>, reached: Option<&Reached<'_>>) -> HostClass {
    if is_ambiguous_host(host) {
        HostClass::Ambiguous
    } else {
        classify_reached(reached)
    }
}

/// Whether readers part ways on a registered name, read as DNS reads it
/// (escapes decoded, so `localhost%2E%2E` is `localhost..`).
fn is_ambiguous_host(host: &Host<'_>) -> bool {
    match *host {
        Host::RegName(name) if !name.contains('%') => is_ambiguous(name),
        Host::RegName(_) => match reach(host, NumberForms::AsNames) {
            Ok(Reached::Name(name)) => is_ambiguous(&name),
            _ => false,
        },
        _ => false,
    }
}

/// The host of `text` (whose components are `parts`), without parsing an
/// address again for a registered name.
fn host_of<'a>(text: &'a str, parts: &Components) -> Option<Host<'a>> {
    let kind = parts.host_kind()?;
    let host = text.get(parts.host()?)?;
    match kind {
        HostKind::RegName => Some(Host::RegName(host)),
        _ => Some(Host::classify(host, kind)),
    }
}

/// The host as a client reaches it, for the rules: a name without
/// escapes as written (the rules compare names without regard to case),
/// anything else through [`reach`].
fn reached<'a>(host: &Host<'a>) -> Option<Reached<'a>> {
    match *host {
        Host::RegName(name) if !name.contains('%') => {
            Some(match ipv4_number_form(name.as_bytes()) {
                Some(octets) => Reached::Ip(IpAddr::V4(Ipv4Addr::from(octets))),
                None => Reached::Name(Cow::Borrowed(name)),
            })
        }
        _ => reach(host, NumberForms::AsAddresses).ok(),
    }
}

/// The class of the host of `text` (whose components are `parts`), read
/// through [`reached`].
fn classify_host_of(text: &str, parts: &Components) -> HostClass {
    match host_of(text, parts) {
        Some(host) => class_of(&host, reached(&host).as_ref()),
        None => classify_reached(None),
    }
}

/// The class of the IP host `text[host]` of kind `kind`, read in place:
/// the address is read where it lies (its zone, which does not change
/// where it goes, left out), not built into a [`Host`] and then a
/// [`Reached`] first, which cost more than the check, and for its value
/// only, since the parse that found its kind has checked it. `None` for
/// an `IPvFuture`.
fn classify_ip_at(text: &[u8], host: Range<usize>, kind: HostKind) -> Option<HostClass> {
    let host = text.get(host)?;
    let address = match kind {
        HostKind::Ipv4 => IpAddr::from(ipv4_of_accepted(host)),
        HostKind::Ipv6 => {
            // Inside the brackets, up to a zone's `%`.
            let inside = host.get(1..host.len().checked_sub(1)?)?;
            let end = raw::position(inside, b'%').unwrap_or(inside.len());
            IpAddr::from(ipv6_of_accepted(inside.get(..end)?))
        }
        HostKind::IpvFuture | HostKind::RegName => return None,
    };
    Some(classify_ip(address))
}

/// The class of a host as a client reaches it (`None`: it cannot).
fn classify_reached(host: Option<&Reached<'_>>) -> HostClass {
    match host {
        Some(Reached::Ip(address)) => classify_ip(*address),
        Some(Reached::Name(name)) => classify_name(name),
        Some(Reached::Future(_)) | None => HostClass::Unresolvable,
    }
}

impl Policy {
    /// Every rule `uri` breaks, in text order, or `Ok`.
    ///
    /// # Errors
    ///
    /// A [`PolicyError`] listing each [`Violation`].
    #[allow(
        clippy::result_large_err,
        reason = "inline, the violations cost no allocation: about half of what users send breaks a rule, and a `Box` per failure measured slower than the copy"
    )]
    // Inline, so the parsed value a caller just made is read where it is,
    // not copied into the check first.
    #[inline]
    pub fn check(&self, uri: &impl AsUri) -> Result<(), PolicyError> {
        let uri = uri.as_uri();
        // Borrowed, not copied: the parser has just written these
        // boundaries, and the copy read them in sixteen-byte pieces that
        // straddle its stores, and the check waited for them.
        self.check_parts(uri.as_str(), &uri.0.parts)
    }

    /// [`check`](Self::check) for the URI `text` whose boundaries are
    /// `parts`, read where they lie.
    #[allow(clippy::result_large_err, reason = "as `check`, whose result this is")]
    #[inline]
    pub(super) fn check_parts(&self, text: &str, parts: &Components) -> Result<(), PolicyError> {
        // Filled from the first violation: a URI that passes writes
        // nothing, and its `Ok` is returned without the error's bytes
        // (a `Result` filled in place was copied out whole, 196 bytes, on
        // every call). The unused slots are one constant, written in
        // whole vectors, not copies of the first violation.
        let mut error: Option<PolicyError> = None;
        self.each_violation(text, parts, |violation| {
            let error = error.get_or_insert(PolicyError {
                violations: [Violation::UNUSED; MAX_VIOLATIONS],
                len: 0,
            });
            if let Some(slot) = error.violations.get_mut(usize::from(error.len)) {
                *slot = violation;
                error.len += 1;
            }
        });
        match error {
            None => Ok(()),
            Some(error) => Err(error),
        }
    }

    /// Each rule that is set, in text order; a rule that is not set costs
    /// one test, and the URI's components are read once.
    fn each_violation(&self, text: &str, parts: &Components, mut report: impl FnMut(Violation)) {
        let slice = |range: Range<usize>| text.get(range).unwrap_or_default();
        let mut at = |rule, range: Range<usize>| report(Violation::new(rule, range));
        if self.schemes.is_set() {
            let scheme = parts.scheme().unwrap_or(0..0);
            if !self.schemes.admits(text.as_bytes(), scheme.end) {
                at(Rule::Scheme, scheme);
            }
        }
        if self.userinfo != Credentials::Allowed
            && let Some(userinfo) = parts.userinfo()
        {
            match self.userinfo {
                Credentials::WithoutPassword => {
                    if let Some(colon) = slice(userinfo.clone()).find(':') {
                        at(Rule::Password, userinfo.start + colon + 1..userinfo.end);
                    }
                }
                _ => at(Rule::Userinfo, userinfo),
            }
        }
        let authority_end = parts.path().start;
        let host_rules =
            !self.denied.is_empty() || !self.hosts.is_empty() || !self.ports.is_empty();
        if host_rules && let Some(range) = parts.host() {
            if self.hosts.is_empty() {
                // The class alone, which a name without escapes gives from
                // its text (most hosts are such names).
                if !self.denied.is_empty() {
                    let in_place = match parts.host_kind() {
                        Some(HostKind::RegName) => classify_name_at(text.as_bytes(), range.clone()),
                        Some(kind) => classify_ip_at(text.as_bytes(), range.clone(), kind),
                        None => None,
                    };
                    let class = in_place.unwrap_or_else(|| classify_host_of(text, parts));
                    if self.denies(class) {
                        at(Rule::HostClass(class), range);
                    }
                }
            } else {
                // Read once, for both rules. A host readers part ways on
                // matches no pattern: one of them goes elsewhere.
                let host = host_of(text, parts);
                let reached = host.as_ref().and_then(reached);
                let ambiguous = host.as_ref().is_some_and(is_ambiguous_host);
                if ambiguous
                    || !reached
                        .as_ref()
                        .is_some_and(|r| self.hosts.iter().any(|p| p.matches(r)))
                {
                    at(Rule::Host, range.clone());
                }
                if !self.denied.is_empty() {
                    let class = match &host {
                        Some(host) => class_of(host, reached.as_ref()),
                        None => classify_reached(None),
                    };
                    if self.denies(class) {
                        at(Rule::HostClass(class), range);
                    }
                }
            }
            self.check_port(text, parts, authority_end, &mut at);
        } else if parts.host().is_none() && !self.hosts.is_empty() {
            at(Rule::Host, authority_end..authority_end);
        }
        let mut require = |component| {
            if let Some(missing_at) = missing_at(component, text, parts) {
                at(Rule::Required(component), missing_at..missing_at);
            }
        };
        match self.required.as_slice() {
            // The presets' one requirement, tested alone: the loop reads
            // every boundary before its first turn, which cost about
            // twenty instructions on every URI (a one-entry list of any
            // component, tested alone, still cost seven of them).
            [Component::Host] => require(Component::Host),
            required => required.iter().for_each(|&component| require(component)),
        }
        if self.no_query
            && let Some(query) = parts.query()
        {
            at(Rule::Query, query.start - 1..query.end);
        }
        if self.no_fragment
            && let Some(fragment) = parts.fragment()
        {
            at(Rule::Fragment, fragment.start - 1..fragment.end);
        }
        if let Some(max) = self.max_length.filter(|&max| text.len() > max) {
            at(Rule::Length, max..text.len());
        }
    }

    /// The port rule: the port written, or the scheme's default.
    fn check_port(
        &self,
        text: &str,
        parts: &Components,
        authority_end: usize,
        at: &mut impl FnMut(Rule, Range<usize>),
    ) {
        if self.ports.is_empty() {
            return;
        }
        // A `Uri` for its port and scheme readers: a copy, on a path only
        // policies with ports take.
        let uri = Uri(Parsed {
            text,
            parts: *parts,
        });
        let range = parts.port().unwrap_or(authority_end..authority_end);
        let port = match uri.port_u16() {
            Ok(Some(port)) => Some(port),
            Ok(None) => scheme_facts(uri.scheme()).and_then(|s| s.default_port),
            Err(_) => None,
        };
        if !port.is_some_and(|port| self.ports.contains(&port)) {
            at(Rule::Port, range);
        }
    }
}

/// Where `component` would be in the URI `text` (whose boundaries are
/// `parts`), if the URI lacks it (a path counts as lacking when empty);
/// `None` where it is there. A scheme is never lacking: a URI has one.
fn missing_at(component: Component, text: &str, parts: &Components) -> Option<usize> {
    let authority_end = parts.path().start;
    match component {
        Component::Host if parts.host().is_none() => Some(authority_end),
        Component::Userinfo if parts.userinfo().is_none() => Some(authority_end),
        Component::Port if parts.port().is_none() => Some(authority_end),
        Component::Path if parts.path().is_empty() => Some(parts.path().start),
        Component::Query if parts.query().is_none() => Some(parts.path().end),
        Component::Fragment if parts.fragment().is_none() => Some(text.len()),
        _ => None,
    }
}
