//! `UriBuilder`, and the setters of the owned types built on it.

use alloc::borrow::Cow;
use alloc::string::String;
use core::fmt;
use core::net::IpAddr;

use uri_core::parse::{ParseOptions, check_component, parse_host};
use uri_core::pct::{FRAGMENT, PATH, PATH_SEGMENT, QUERY, REG_NAME, USERINFO, is_triplet};
use uri_core::{Component, Components, ParseError, ParseErrorKind};

use crate::parts::query::QueryWriter;
use crate::pct::encode;
use crate::value::buf::{UriBuf, UriRefBuf};
use crate::value::uri::{Parsed, UriRef};
use crate::write::compose::{Authority, write_as_is};
use crate::write::dot_segment::{DotSegmentError, dot_segment_error, is_dot_segment};
use crate::write::dots::Joined;

/// Why a [`UriBuilder`] or a setter refused its values.
///
/// ```
/// use uri_runtime::{BuildError, UriBuilder};
///
/// let err = UriBuilder::new().host("example.com").path_encoded("/a%zz").build_ref().unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "the path value is invalid: invalid percent-encoding \"%zz\" in path at byte 2: \
///      \"%\" must be followed by two hex digits; write \"%25\" for a literal percent sign"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum BuildError {
    /// An already-encoded value does not match its component's rule; the
    /// error's index is an offset into that value.
    Invalid(Component, ParseError),
    /// [`UriBuilder::build`] needs a scheme.
    MissingScheme,
    /// A userinfo or port was given without a host, which the authority
    /// needs.
    MissingHost(Component),
    /// With an authority, a non-empty path must start with `/` (RFC 3986
    /// section 3.3); adding one silently would change the path you gave.
    PathNotAbsolute,
    /// A raw segment given to [`UriBuilder::path_segments`] or
    /// [`push_segment`](crate::UriBuf::push_segment) is `.` or `..`,
    /// which every reader takes as a step however it is encoded; the
    /// error's index is where the segment would start in the path
    /// (`path_segments`) or in the URI (`push_segment`).
    DotSegment(DotSegmentError),
    /// An international host name with no ASCII form (feature `idna`);
    /// the error's offsets are into the name given to
    /// [`UriBuilder::host`].
    #[cfg(feature = "idna")]
    InternationalHost(uri_idna::IdnaError),
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BuildError::Invalid(component, err) => {
                write!(f, "the {} value is invalid: {err}", component.name())
            }
            BuildError::MissingScheme => {
                f.write_str("a URI needs a scheme: set one, or build a reference")
            }
            BuildError::MissingHost(component) => {
                write!(
                    f,
                    "a {} needs a host to belong to: set a host",
                    component.name()
                )
            }
            BuildError::PathNotAbsolute => f.write_str(
                "with an authority the path must be empty or start with \"/\": add the \"/\"",
            ),
            BuildError::DotSegment(err) => err.fmt(f),
            #[cfg(feature = "idna")]
            BuildError::InternationalHost(err) => write!(f, "the host value is invalid: {err}"),
        }
    }
}

impl core::error::Error for BuildError {}

/// Builds a URI or a reference from its components, each either raw (and
/// percent-encoded with its component's own set) or already encoded (and
/// checked against the grammar). The result is always valid: what cannot
/// be made valid is an error, and the two path shapes that would re-parse
/// differently are fixed with a dot segment, which changes nothing on
/// resolution (RFC 3986 section 4.2).
///
/// ```
/// use uri_runtime::UriBuilder;
///
/// let uri = UriBuilder::new()
///     .scheme("https")
///     .host("example.com")
///     .path_segments(["docs", "Q&A 1/2"])
///     .query_pairs([("q", "rust & uri"), ("page", "2")])
///     .fragment("part 3")
///     .build()?;
/// assert_eq!(uri, "https://example.com/docs/Q&A%201%2F2?q=rust%20%26%20uri&page=2#part%203");
/// assert_eq!(uri.path_segments().nth(1), Some("Q&A%201%2F2"));
/// # Ok::<(), uri_runtime::BuildError>(())
/// ```
///
/// | path given | no authority, no scheme | no authority | with authority |
/// |---|---|---|---|
/// | `a:b` (colon in first segment) | written `./a:b` | as is | error |
/// | `//a` | written `/.//a` | written `/.//a` | as is |
/// | `a` (rootless) | as is | as is | [`BuildError::PathNotAbsolute`] |
#[derive(Clone, Debug, Default)]
pub struct UriBuilder<'a> {
    pub(crate) scheme: Option<Cow<'a, str>>,
    pub(crate) userinfo: Option<Cow<'a, str>>,
    pub(crate) host: Option<Cow<'a, str>>,
    pub(crate) port: Option<Cow<'a, str>>,
    options: ParseOptions,
    pub(crate) path: Cow<'a, str>,
    pub(crate) query: Option<Cow<'a, str>>,
    pub(crate) fragment: Option<Cow<'a, str>>,
    /// Why the host given to [`host`](Self::host) is no host, reported by
    /// `build` (the setters return `Self`, to chain).
    host_error: Option<BuildError>,
    /// The first dot segment given to [`path_segments`](Self::path_segments).
    segment_error: Option<DotSegmentError>,
}

impl<'a> UriBuilder<'a> {
    /// An empty builder: every component absent, the path empty.
    pub fn new() -> UriBuilder<'a> {
        UriBuilder::default()
    }

    /// The components of a parsed reference, as they are, to change some.
    ///
    /// ```
    /// use uri_runtime::{UriBuilder, UriRef};
    ///
    /// let r = UriRef::parse("http://example.com/a?x#y")?;
    /// let uri = UriBuilder::from_components(&r).fragment("z").build()?;
    /// assert_eq!(uri, "http://example.com/a?x#z");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_components(reference: &UriRef<'a>) -> UriBuilder<'a> {
        UriBuilder::from_parsed(&reference.0)
    }

    pub(crate) fn from_parsed(parsed: &Parsed<'a>) -> UriBuilder<'a> {
        UriBuilder {
            scheme: parsed.scheme().map(Cow::Borrowed),
            userinfo: parsed.userinfo().map(Cow::Borrowed),
            host: parsed.host().map(Cow::Borrowed),
            // Kept as digits: an empty or large port is valid syntax.
            port: parsed.port().map(Cow::Borrowed),
            // A host parsed with a zone identifier may keep it.
            options: if parsed
                .host()
                .is_some_and(|h| h.starts_with('[') && h.contains('%'))
            {
                ParseOptions::RFC3986.with_zone_ids()
            } else {
                ParseOptions::RFC3986
            },
            path: Cow::Borrowed(parsed.path()),
            query: parsed.query().map(Cow::Borrowed),
            fragment: parsed.fragment().map(Cow::Borrowed),
            host_error: None,
            segment_error: None,
        }
    }

    /// The scheme, which is never encoded: it is checked at build time.
    #[must_use]
    pub fn scheme(mut self, scheme: &'a str) -> Self {
        self.scheme = Some(Cow::Borrowed(scheme));
        self
    }

    /// A raw userinfo, encoded with [`USERINFO`].
    #[must_use]
    pub fn userinfo(mut self, raw: &'a str) -> Self {
        self.userinfo = Some(encode(raw, &USERINFO));
        self
    }

    /// An encoded userinfo, checked at build time.
    #[must_use]
    pub fn userinfo_encoded(mut self, text: &'a str) -> Self {
        self.userinfo = Some(Cow::Borrowed(text));
        self
    }

    /// The host as a person writes it: an IP address (IPv6 with or
    /// without its brackets), a DNS name, or an international name, which
    /// becomes its ASCII form through IDNA (feature `idna`). A character
    /// no host holds (`:`, `/`, `@`, a space, …) is an error from `build`
    /// pointing at it, never encoded: `example.com:8080` is a host and a
    /// port, and only [`port`](Self::port) sets the port.
    ///
    /// ```
    /// use uri_runtime::{BuildError, Component, UriBuilder};
    ///
    /// let uri = UriBuilder::new().scheme("http").host("::1").build()?;
    /// assert_eq!(uri, "http://[::1]");
    /// # #[cfg(feature = "idna")]
    /// assert_eq!(UriBuilder::new().scheme("http").host("bücher.de").build()?, "http://xn--bcher-kva.de");
    ///
    /// let err = UriBuilder::new().scheme("http").host("example.com:8080").build().unwrap_err();
    /// let BuildError::Invalid(Component::Host, at) = err else { panic!("{err}") };
    /// assert_eq!(at.index(), 11);
    /// # Ok::<(), BuildError>(())
    /// ```
    ///
    /// Percent-encoded registered names, valid in RFC 3986 but unknown to
    /// DNS, go through [`reg_name`](Self::reg_name) or
    /// [`host_encoded`](Self::host_encoded).
    #[must_use]
    pub fn host(mut self, host: &'a str) -> Self {
        self.host_error = None;
        self.host = match person_host(host) {
            Ok(text) => Some(text),
            Err(err) => {
                self.host_error = Some(err);
                Some(Cow::Borrowed(host))
            }
        };
        self
    }

    /// A raw registered name, encoded with
    /// [`REG_NAME`]: for the rare registry that is
    /// not DNS and takes any bytes. Prefer [`host`](Self::host).
    #[must_use]
    pub fn reg_name(mut self, raw: &'a str) -> Self {
        self.host_error = None;
        self.host = Some(encode(raw, &REG_NAME));
        self
    }

    /// An IP address as the host, IPv6 in brackets.
    ///
    /// ```
    /// use std::net::Ipv6Addr;
    /// use uri_runtime::UriBuilder;
    ///
    /// let uri = UriBuilder::new().scheme("http").host_ip(Ipv6Addr::LOCALHOST.into()).port(8080).build()?;
    /// assert_eq!(uri, "http://[::1]:8080");
    /// # Ok::<(), uri_runtime::BuildError>(())
    /// ```
    #[must_use]
    pub fn host_ip(mut self, address: IpAddr) -> Self {
        self.host_error = None;
        self.host = Some(Cow::Owned(ip_host(address)));
        self
    }

    /// An encoded host (a reg-name, an IPv4 address, or an IP-literal in
    /// brackets), checked at build time.
    #[must_use]
    pub fn host_encoded(mut self, text: &'a str) -> Self {
        self.host_error = None;
        self.host = Some(Cow::Borrowed(text));
        self
    }

    /// The port.
    #[must_use]
    pub fn port(mut self, port: u16) -> Self {
        self.port = Some(Cow::Owned(alloc::format!("{port}")));
        self
    }

    /// The grammar extensions the encoded values may use, such as RFC 6874
    /// zone identifiers in [`host_encoded`](Self::host_encoded).
    #[must_use]
    pub fn parse_options(mut self, options: ParseOptions) -> Self {
        self.options = options;
        self
    }

    /// A raw path whose `/` separate segments; everything else outside
    /// [`PATH`] is encoded, `%` included.
    #[must_use]
    pub fn path(mut self, raw: &'a str) -> Self {
        self.path = encode(raw, &PATH);
        self.segment_error = None;
        self
    }

    /// A path from raw segments, each encoded with
    /// [`PATH_SEGMENT`] (so a `/` inside one is
    /// `%2F`), joined by `/` after a leading `/`. A segment `.` or `..` is
    /// refused by `build` with [`BuildError::DotSegment`]: it would be a
    /// step, not data, whatever its spelling.
    ///
    /// ```
    /// use uri_runtime::{BuildError, UriBuilder};
    ///
    /// let built = UriBuilder::new().scheme("https").host("h").path_segments(["v2", "..", "x"]).build();
    /// let Err(BuildError::DotSegment(err)) = built else { panic!() };
    /// assert_eq!((err.kind().segment(), err.index()), ("..", 4)); // in the path "/v2/.."
    /// ```
    #[must_use]
    pub fn path_segments<I, S>(mut self, segments: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        let mut path = String::new();
        self.segment_error = None;
        for segment in segments {
            let segment = segment.as_ref();
            path.push('/');
            if is_dot_segment(segment) && self.segment_error.is_none() {
                self.segment_error = Some(dot_segment_error(path.len(), segment));
            }
            path.push_str(&encode(segment, &PATH_SEGMENT));
        }
        self.path = Cow::Owned(path);
        self
    }

    /// An encoded path, checked at build time.
    #[must_use]
    pub fn path_encoded(mut self, text: &'a str) -> Self {
        self.path = Cow::Borrowed(text);
        self.segment_error = None;
        self
    }

    /// A raw query, encoded with [`QUERY`]: its `&` and
    /// `=` stay as they are.
    #[must_use]
    pub fn query(mut self, raw: &'a str) -> Self {
        self.query = Some(encode(raw, &QUERY));
        self
    }

    /// A query from raw `key=value` pairs, each side encoded with
    /// [`QUERY_PARAM`](crate::pct::QUERY_PARAM); see also
    /// [`QueryWriter`].
    #[must_use]
    pub fn query_pairs<I, K, V>(mut self, pairs: I) -> Self
    where
        I: IntoIterator<Item = (K, V)>,
        K: AsRef<str>,
        V: AsRef<str>,
    {
        let mut writer = QueryWriter::new();
        for (key, value) in pairs {
            writer.append(key.as_ref(), value.as_ref());
        }
        // No pair, no query: `?` alone would be an empty query, which
        // differs from none (RFC 3986 section 6.2.3 keeps them apart).
        let query = writer.into_string();
        self.query = (!query.is_empty()).then_some(Cow::Owned(query));
        self
    }

    /// An encoded query, checked at build time.
    #[must_use]
    pub fn query_encoded(mut self, text: &'a str) -> Self {
        self.query = Some(Cow::Borrowed(text));
        self
    }

    /// A raw fragment, encoded with [`FRAGMENT`].
    #[must_use]
    pub fn fragment(mut self, raw: &'a str) -> Self {
        self.fragment = Some(encode(raw, &FRAGMENT));
        self
    }

    /// An encoded fragment, checked at build time.
    #[must_use]
    pub fn fragment_encoded(mut self, text: &'a str) -> Self {
        self.fragment = Some(Cow::Borrowed(text));
        self
    }

    /// Builds a [`UriBuf`]; a scheme is required.
    ///
    /// # Errors
    ///
    /// [`BuildError::MissingScheme`], or any error of
    /// [`build_ref`](Self::build_ref).
    pub fn build(self) -> Result<UriBuf, BuildError> {
        if self.scheme.is_none() {
            return Err(BuildError::MissingScheme);
        }
        let (text, parts) = self.write()?;
        Ok(UriBuf::from_written(text, parts))
    }

    /// Builds a [`UriRefBuf`], which may be relative.
    ///
    /// # Errors
    ///
    /// [`BuildError::Invalid`] for an encoded value its rule refuses,
    /// [`BuildError::MissingHost`] for a userinfo or port without a host,
    /// [`BuildError::PathNotAbsolute`] for a rootless path after an
    /// authority.
    pub fn build_ref(self) -> Result<UriRefBuf, BuildError> {
        let (text, parts) = self.write()?;
        Ok(UriRefBuf::from_written(text, parts))
    }

    /// Checks every value and writes the reference.
    pub(crate) fn write(&self) -> Result<(String, Components), BuildError> {
        if let Some(err) = &self.host_error {
            return Err(err.clone());
        }
        if let Some(err) = self.segment_error {
            return Err(BuildError::DotSegment(err));
        }
        let check = |value: &Option<Cow<'a, str>>, component| match value {
            Some(text) => {
                check_component(text, component).map_err(|e| BuildError::Invalid(component, e))
            }
            None => Ok(()),
        };
        check(&self.scheme, Component::Scheme)?;
        check(&self.userinfo, Component::Userinfo)?;
        check(&self.query, Component::Query)?;
        check(&self.fragment, Component::Fragment)?;
        // No port check: `port` takes a number, and `from_parsed` keeps
        // digits the parser accepted.
        check_component(&self.path, Component::Path)
            .map_err(|e| BuildError::Invalid(Component::Path, e))?;

        let port = self.port.as_deref();
        let host_kind = match &self.host {
            Some(host) => Some(
                parse_host(host, self.options)
                    .map_err(|e| BuildError::Invalid(Component::Host, e))?,
            ),
            None if self.userinfo.is_some() => {
                return Err(BuildError::MissingHost(Component::Userinfo));
            }
            None if port.is_some() => return Err(BuildError::MissingHost(Component::Port)),
            None => None,
        };
        if host_kind.is_some() && !self.path.is_empty() && !self.path.starts_with('/') {
            return Err(BuildError::PathNotAbsolute);
        }

        let authority = match (&self.host, host_kind) {
            (Some(host), Some(host_kind)) => Some(Authority {
                userinfo: self.userinfo.as_deref(),
                host,
                host_kind,
                port,
            }),
            _ => None,
        };
        Ok(write_as_is(
            self.scheme.as_deref(),
            authority.as_ref(),
            Joined::one(&self.path),
            self.query.as_deref(),
            self.fragment.as_deref(),
        ))
    }
}

/// An IP address as URI host text: IPv6 in brackets.
fn ip_host(address: IpAddr) -> String {
    match address {
        IpAddr::V4(v4) => alloc::format!("{v4}"),
        IpAddr::V6(v6) => alloc::format!("[{v6}]"),
    }
}

/// A host as a person writes it, as URI host text (see
/// [`UriBuilder::host`]): an address in its URI form, an IP literal as
/// given (checked with the rest), an international name in ASCII, and a
/// name of registered-name characters (escapes included) as it is.
pub(crate) fn person_host(host: &str) -> Result<Cow<'_, str>, BuildError> {
    if let Ok(address) = host.parse::<IpAddr>() {
        return Ok(Cow::Owned(ip_host(address)));
    }
    if host.starts_with('[') {
        return Ok(Cow::Borrowed(host));
    }
    #[cfg(feature = "idna")]
    if !host.is_ascii() {
        return match uri_idna::host_to_ascii(host) {
            Ok(ascii) => Ok(Cow::Owned(ascii.into_owned())),
            Err(err) => Err(BuildError::InternationalHost(err)),
        };
    }
    let bytes = host.as_bytes();
    let mut at = 0;
    while let Some(&b) = bytes.get(at) {
        if b == b'%' && is_triplet(bytes, at, bytes.len()) {
            at += 3;
        } else if REG_NAME.keeps(b) {
            at += 1;
        } else {
            let err = ParseError::new(host, at, ParseErrorKind::InvalidChar(Component::Host));
            return Err(BuildError::Invalid(Component::Host, err));
        }
    }
    Ok(Cow::Borrowed(host))
}
