//! `http` and `https` targets (RFC 9110 section 4.2): a checked view
//! that gives the origin to compare and the request-target forms to send.
//!
//! ```
//! use uri_runtime::scheme::http::HttpTarget;
//! use uri_runtime::Uri;
//!
//! let target = HttpTarget::new(Uri::parse("https://Example.COM/search?q=uri#top")?)?;
//! assert_eq!(target.origin_form(), "/search?q=uri");
//! assert_eq!(target.authority_form(), "Example.COM:443");
//! let page = HttpTarget::new(Uri::parse("https://example.com:443/")?)?;
//! assert_eq!(target.origin(), page.origin()); // same origin
//! assert_eq!(page.origin().to_string(), "https://example.com");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use alloc::borrow::Cow;
use alloc::string::{String, ToString};
use core::fmt;

use super::{KnownScheme, SchemeError, SchemeErrorKind, check_view};
use crate::value::reach::{NumberForms, Reached, Unreachable, reach};
use crate::value::uri::Uri;

/// An `http` or `https` URI that a client may send: one with a host, no
/// userinfo and a port that fits in 16 bits (RFC 9110 section 4.2).
///
/// The view borrows the URI; building it checks the rules once, so every
/// accessor after that is infallible.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HttpTarget<'a> {
    uri: Uri<'a>,
    secure: bool,
    port: u16,
}

impl<'a> HttpTarget<'a> {
    /// Checks `uri` as an `http` or `https` target.
    ///
    /// ```
    /// use uri_runtime::scheme::http::HttpTarget;
    /// use uri_runtime::{scheme::SchemeErrorKind, Uri};
    ///
    /// let err = HttpTarget::new(Uri::parse("http:///path")?).unwrap_err();
    /// assert_eq!((err.kind(), err.index()), (SchemeErrorKind::MissingHost, 7));
    /// let err = HttpTarget::new(Uri::parse("ftp://example.com/")?).unwrap_err();
    /// assert_eq!((err.kind(), err.index()), (SchemeErrorKind::NotThisScheme, 0));
    /// # Ok::<(), uri_runtime::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`SchemeErrorKind::NotThisScheme`] for another scheme; otherwise
    /// the rule broken ([`SchemeErrorKind::MissingHost`],
    /// [`SchemeErrorKind::UserinfoNotAllowed`],
    /// [`SchemeErrorKind::PortOutOfRange`]), a host with no
    /// name a client can look up ([`SchemeErrorKind::InvalidUtf8`],
    /// [`SchemeErrorKind::IdnaNeeded`] without the `idna` feature,
    /// [`SchemeErrorKind::InvalidHostName`]), and where.
    pub fn new(uri: Uri<'a>) -> Result<HttpTarget<'a>, SchemeError> {
        let scheme = check_view(&uri, &[KnownScheme::Http, KnownScheme::Https])?;
        reached_host(&uri)?;
        let secure = scheme == KnownScheme::Https;
        let default = scheme.default_port().unwrap_or_default();
        // Checked above: digits that fit in 16 bits, or none.
        let port = uri.port_u16().ok().flatten().unwrap_or(default);
        Ok(HttpTarget { uri, secure, port })
    }

    /// The URI viewed.
    pub fn uri(&self) -> Uri<'a> {
        self.uri
    }

    /// Whether the scheme is `https`.
    pub fn is_secure(&self) -> bool {
        self.secure
    }

    /// The host, as written (never empty).
    pub fn host(&self) -> &'a str {
        self.uri.host().unwrap_or_default()
    }

    /// The port, with the scheme's default (80, 443) when none is written.
    pub fn port(&self) -> u16 {
        self.port
    }

    /// The origin-form of the request target (RFC 9112 section 3.2.1): the
    /// path and query, with an empty path sent as `/`. Borrowed unless the
    /// path is empty.
    pub fn origin_form(&self) -> Cow<'a, str> {
        let text = self.uri.as_str();
        let parts = self.uri.components();
        let start = parts.path().start;
        let end = parts.query().map_or(parts.path().end, |query| query.end);
        let form = text.get(start..end).unwrap_or_default();
        if form.starts_with('/') {
            Cow::Borrowed(form)
        } else {
            let mut rooted = String::with_capacity(form.len() + 1);
            rooted.push('/');
            rooted.push_str(form);
            Cow::Owned(rooted)
        }
    }

    /// The absolute-form (RFC 9112 section 3.2.2), for requests through a
    /// proxy: the whole URI without its fragment, which is never sent.
    pub fn absolute_form(&self) -> &'a str {
        let text = self.uri.as_str();
        match self.uri.components().fragment() {
            Some(fragment) => text.get(..fragment.start - 1).unwrap_or(text),
            None => text,
        }
    }

    /// The authority-form (RFC 9112 section 3.2.3), as `CONNECT` sends it:
    /// the host and the port, written even when it is the default.
    pub fn authority_form(&self) -> String {
        alloc::format!("{}:{}", self.host(), self.port)
    }

    /// The origin (RFC 6454): scheme, the host a client reaches and the
    /// port, for same-origin checks. The host is the one a browser, `url`
    /// or the system resolver goes to, not the text: escapes decoded and
    /// an international name in its DNS form (UTS 46, as `url` maps it),
    /// an older IPv4 notation as its address.
    ///
    /// ```
    /// use uri_runtime::scheme::http::HttpTarget;
    /// use uri_runtime::Uri;
    ///
    /// let origin = |s| HttpTarget::new(Uri::parse(s).unwrap()).unwrap().origin().to_string();
    /// assert_eq!(origin("http://0x7f.1/"), "http://127.0.0.1");
    /// assert_eq!(origin("http://%6Cocalhost/"), "http://localhost");
    /// # #[cfg(feature = "idna")]
    /// assert_eq!(origin("http://local%C2%ADhost/"), "http://localhost");
    /// ```
    pub fn origin(&self) -> Origin {
        // `new` checked that the host has a DNS form.
        let host = reached_host(&self.uri).map_or_else(|_| String::new(), |host| host.to_string());
        Origin {
            secure: self.secure,
            host,
            port: self.port,
        }
    }
}

/// The host of `uri` as a client reaches it, or why none can.
fn reached_host<'a>(uri: &Uri<'a>) -> Result<Reached<'a>, SchemeError> {
    let (Some(host), Some(range)) = (uri.host_parsed(), uri.components().host()) else {
        return Ok(Reached::Name("".into()));
    };
    reach(&host, NumberForms::AsAddresses).map_err(|why| {
        let kind = match why {
            Unreachable::NotUtf8 => SchemeErrorKind::InvalidUtf8,
            Unreachable::NotAName => SchemeErrorKind::InvalidHostName,
            #[cfg(not(feature = "idna"))]
            Unreachable::NeedsIdna => SchemeErrorKind::IdnaNeeded,
            #[cfg(feature = "idna")]
            Unreachable::InvalidIdn => SchemeErrorKind::InvalidHostName,
        };
        SchemeError::new(range.start, range.end - range.start, kind)
    })
}

impl<'a> TryFrom<Uri<'a>> for HttpTarget<'a> {
    type Error = SchemeError;

    fn try_from(uri: Uri<'a>) -> Result<HttpTarget<'a>, SchemeError> {
        HttpTarget::new(uri)
    }
}

/// Who serves an `http` or `https` URI: the scheme, the host a client
/// reaches (see [`HttpTarget::origin`]) and the port with its default
/// filled in. Two URIs are same-origin when their origins are
/// equal.
///
/// ```
/// use uri_runtime::scheme::http::Origin;
/// use uri_runtime::Uri;
///
/// let a = Origin::of(Uri::parse("http://EXAMPLE.com/a")?)?;
/// let b = Origin::of(Uri::parse("http://example.com:80/b?c")?)?;
/// let c = Origin::of(Uri::parse("https://example.com/a")?)?;
/// assert_eq!(a, b);
/// assert_ne!(a, c);
/// assert_eq!((c.host(), c.port(), c.is_secure()), ("example.com", 443, true));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// It is not a `UriBuf`: an origin has no path, and comparing two of them
/// must not depend on how each was spelled, which a `UriBuf`'s `==` does.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Origin {
    secure: bool,
    host: String,
    port: u16,
}

impl Origin {
    /// The origin of an `http` or `https` URI.
    ///
    /// # Errors
    ///
    /// As [`HttpTarget::new`].
    pub fn of(uri: Uri<'_>) -> Result<Origin, SchemeError> {
        Ok(HttpTarget::new(uri)?.origin())
    }

    /// Whether the scheme is `https`.
    pub fn is_secure(&self) -> bool {
        self.secure
    }

    /// The host in normal form.
    pub fn host(&self) -> &str {
        &self.host
    }

    /// The port, default filled in.
    pub fn port(&self) -> u16 {
        self.port
    }
}

/// RFC 6454 section 6.2's serialization: the port only when it is not the
/// scheme's default.
impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let scheme = if self.secure {
            KnownScheme::Https
        } else {
            KnownScheme::Http
        };
        write!(f, "{}://{}", scheme.name(), self.host)?;
        if Some(self.port) != scheme.default_port() {
            write!(f, ":{}", self.port)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use alloc::string::ToString;

    use super::*;

    fn target(text: &str) -> HttpTarget<'_> {
        HttpTarget::new(Uri::parse(text).unwrap()).unwrap()
    }

    #[test]
    fn request_target_forms() {
        let t = target("http://example.com?q");
        assert_eq!(t.origin_form(), "/?q");
        assert_eq!(t.absolute_form(), "http://example.com?q");
        assert_eq!(t.authority_form(), "example.com:80");
        let t = target("http://[::1]:8080/a/b?x=1#frag");
        assert_eq!(t.origin_form(), "/a/b?x=1");
        assert!(matches!(t.origin_form(), Cow::Borrowed(_)));
        assert_eq!(t.absolute_form(), "http://[::1]:8080/a/b?x=1");
        assert_eq!(t.authority_form(), "[::1]:8080");
        assert_eq!(target("https://h:/").port(), 443);
    }

    #[test]
    fn origins_compare_normalized() {
        let origin = |text: &str| target(text).origin();
        assert_eq!(
            origin("http://%65xample.com/"),
            origin("http://EXAMPLE.COM:80")
        );
        assert_ne!(
            origin("http://example.com/"),
            origin("http://example.com:8080/")
        );
        assert_eq!(
            origin("https://example.com:8443/").to_string(),
            "https://example.com:8443"
        );
        assert_eq!(origin("http://[::1]/").to_string(), "http://[::1]");
    }

    #[test]
    fn other_schemes_and_broken_targets_are_refused() {
        let kind = |text: &str| {
            HttpTarget::new(Uri::parse(text).unwrap())
                .unwrap_err()
                .kind()
        };
        assert_eq!(kind("mailto:a@b"), SchemeErrorKind::NotThisScheme);
        assert_eq!(kind("http://u@h/"), SchemeErrorKind::UserinfoNotAllowed);
        assert_eq!(kind("https://h:65536/"), SchemeErrorKind::PortOutOfRange);
        assert_eq!(kind("http:/a"), SchemeErrorKind::MissingHost);
    }
}
