//! Conversions to and from [`url::Url`] (feature `url`).
//!
//! `url` follows the WHATWG URL Standard, which parses and rewrites where
//! RFC 3986 only checks. A conversion to `url::Url` therefore reads the
//! result back, component by component, and refuses the hand-off where
//! `url` would read something else: a request sent with the result must
//! reach the resource the URI names, or not be sent. The conversion from
//! `url::Url` parses its serialization strictly.
//!
//! [`UrlError`] lists what `url` changes and which changes keep the
//! meaning.

use alloc::borrow::Cow;
use alloc::string::String;
use core::fmt;

use uri_core::{Component, ParseError};

use super::reread::{Difference, same_host};
use crate::value::buf::UriBuf;
use crate::value::reach::{Reached, reach_text};
use crate::value::uri::Uri;
use crate::write::compose::{Form, text_in};
use crate::write::dots::{has_dot_segments, remove_dot_segments};

/// Why a URI could not become a [`url::Url`] that means the same (feature
/// `url`).
///
/// ```
/// use uri_runtime::{Component, Uri, interop::UrlError};
///
/// // A template wrote the value ".." as data; WHATWG would climb over it.
/// let uri = Uri::parse("https://api.example.com/v2/users/%2E%2E/delete")?;
/// let err = url::Url::try_from(&uri).unwrap_err();
/// assert!(matches!(err, UrlError::Reread { component: Component::Path, .. }));
/// assert_eq!(
///     err.to_string(),
///     "url reads the path \"/v2/users/%2E%2E/delete\" as \"/v2/delete\""
/// );
/// # Ok::<(), uri_runtime::ParseError>(())
/// ```
///
/// What `url` changes, and what the conversion does about each:
///
/// | `url` reads | example | conversion |
/// |---|---|---|
/// | `%2E` and `%2E%2E` segments as `.` and `..` (special schemes) | `/users/%2E%2E/delete` becomes `/delete` | [`UrlError::Reread`], path |
/// | a path after `scheme:/` as the host (special schemes) | `http:/a` becomes `http://a/` | [`UrlError::Reread`], host |
/// | an empty host of a special scheme as the next segment | `http:///a` becomes `http://a/` | [`UrlError::Reread`], host |
/// | a registered name in another IPv4 notation as an address | `0x7f.1` becomes `127.0.0.1` | [`UrlError::Reread`], host (also in the schemes `url` does not know, whose host it keeps as text: the resolver reads the address) |
/// | a percent-encoded international name in punycode | `b%C3%BCcher.de` becomes `xn--bcher-kva.de` | kept with the `idna` feature (UTS 46 maps it for DNS as `url` does, so `local%C2%ADhost` is `localhost` to both, and [`Origin`](crate::scheme::http::Origin) says so too), else [`UrlError::Reread`], host |
/// | literal `.` and `..` segments removed | `/a/./b/../c` becomes `/a/c` | kept: RFC 3986 removes them too (section 5.2.4) |
/// | the scheme and host lowercased, the default port dropped, an empty path as `/` | `HTTP://H:80` becomes `http://h/` | kept: equivalent (sections 6.2.2.1 and 6.2.3) |
/// | escapes of unreserved characters, `'` in a query as `%27` | `%7E` and `~` | kept: the same characters |
/// | an empty password, or an empty userinfo, dropped | `http://u:@h/` becomes `http://u@h/` | kept: the same credentials |
///
/// Tabs, newlines and `\`, which WHATWG strips or reads as `/`, cannot
/// be in a URI, so they never reach `url` from here.
///
/// The conversion from `url::Url` reads back the same way, so a URL that
/// this crate would read as other components (a host kept as text in a
/// scheme `url` does not know, say) is refused too. In every message and
/// field a password is shown as `***`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum UrlError {
    /// `url` refused the text.
    Rejected(url::ParseError),
    /// The URL's serialization is not an RFC 3986 URI: WHATWG leaves some
    /// characters unencoded that RFC 3986 does not allow.
    Parse(ParseError),
    /// `url` reads `component` differently: `ours` as RFC 3986 reads it,
    /// `theirs` as `url` does; a password is `***` in both.
    Reread {
        /// The first component read differently.
        component: Component,
        /// The component as this crate reads it.
        ours: String,
        /// The component as `url` reads it.
        theirs: String,
    },
}

impl fmt::Display for UrlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UrlError::Rejected(err) => write!(f, "url refused the URI: {err}"),
            UrlError::Parse(err) => write!(f, "the URL is not an RFC 3986 URI: {err}"),
            UrlError::Reread {
                component,
                ours,
                theirs,
            } => super::reread::describe(f, "url", *component, ours, theirs),
        }
    }
}

impl core::error::Error for UrlError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match self {
            UrlError::Rejected(err) => Some(err),
            UrlError::Parse(err) => Some(err),
            UrlError::Reread { .. } => None,
        }
    }
}

impl From<Difference> for UrlError {
    fn from(difference: Difference) -> UrlError {
        UrlError::Reread {
            component: difference.component,
            ours: difference.ours,
            theirs: difference.theirs,
        }
    }
}

impl TryFrom<&url::Url> for UriBuf {
    type Error = UrlError;

    /// Parses the URL's serialization as an RFC 3986 URI. WHATWG leaves
    /// some characters unencoded that RFC 3986 does not allow (in a query,
    /// `[`, `]`, `|`, `^`, `{`, `}` and `` ` ``; `|` and `^` in a path), so a
    /// URL holding them is an error naming the byte, not a silent repair.
    ///
    /// ```
    /// use uri_runtime::{UriBuf, interop::UrlError};
    ///
    /// let url = url::Url::parse("https://EXAMPLE.com/a/../b?q=[1]")?;
    /// assert_eq!(url.as_str(), "https://example.com/b?q=[1]");
    /// let Err(UrlError::Parse(err)) = UriBuf::try_from(&url) else { panic!() };
    /// assert_eq!(err.index(), 24); // the `[`: not allowed in an RFC 3986 query
    ///
    /// let url = url::Url::parse("https://example.com/b?q=%5B1%5D")?;
    /// assert_eq!(UriBuf::try_from(&url)?, "https://example.com/b?q=%5B1%5D");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn try_from(url: &url::Url) -> Result<UriBuf, UrlError> {
        let ours = UriBuf::parse(url.as_str()).map_err(UrlError::Parse)?;
        match reread(&ours.as_uri(), url) {
            None => Ok(ours),
            Some(difference) => Err(difference.into()),
        }
    }
}

impl TryFrom<&UriBuf> for url::Url {
    type Error = UrlError;

    /// See the conversion from [`Uri`].
    fn try_from(uri: &UriBuf) -> Result<url::Url, UrlError> {
        url::Url::try_from(&uri.as_uri())
    }
}

impl TryFrom<UriBuf> for url::Url {
    type Error = UrlError;

    /// See the conversion from [`Uri`].
    fn try_from(uri: UriBuf) -> Result<url::Url, UrlError> {
        url::Url::try_from(&uri.as_uri())
    }
}

impl TryFrom<Uri<'_>> for url::Url {
    type Error = UrlError;

    /// See the conversion from [`&Uri`](Uri).
    fn try_from(uri: Uri<'_>) -> Result<url::Url, UrlError> {
        url::Url::try_from(&uri)
    }
}

impl TryFrom<&Uri<'_>> for url::Url {
    type Error = UrlError;

    /// Parses the URI with the WHATWG rules, then checks that `url` reads
    /// the same scheme, userinfo, host, port, path, query and fragment;
    /// [`UrlError`] lists what `url` rewrites and which rewrites keep the
    /// meaning.
    ///
    /// ```
    /// use uri_runtime::Uri;
    ///
    /// // Rewritten, but equivalent: accepted.
    /// let uri = Uri::parse("HTTP://Example.com:80/a/./b/../c")?;
    /// assert_eq!(url::Url::try_from(&uri)?.as_str(), "http://example.com/a/c");
    ///
    /// // Read as another resource: refused.
    /// let uri = Uri::parse("http:/internal-host/admin")?;
    /// assert!(url::Url::try_from(&uri).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn try_from(uri: &Uri<'_>) -> Result<url::Url, UrlError> {
        let url = url::Url::parse(uri.as_str()).map_err(UrlError::Rejected)?;
        match reread(uri, &url) {
            None => Ok(url),
            Some(difference) => Err(difference.into()),
        }
    }
}

/// The first component `url` reads differently from `uri`, with both
/// readings.
fn reread(uri: &Uri<'_>, url: &url::Url) -> Option<Difference> {
    let differs =
        |component, ours: &str, theirs: &str| Some(Difference::new(component, ours, theirs));
    if !uri.scheme().eq_ignore_ascii_case(url.scheme()) {
        return differs(Component::Scheme, uri.scheme(), url.scheme());
    }
    let (user, password) = match uri.userinfo() {
        Some(userinfo) => userinfo.split_once(':').unwrap_or((userinfo, "")),
        None => ("", ""),
    };
    if !same_text(user, url.username()) || !same_text(password, url.password().unwrap_or("")) {
        let theirs = match url.password() {
            Some(password) => alloc::format!("{}:{password}", url.username()),
            None => url.username().into(),
        };
        return differs(Component::Userinfo, uri.userinfo().unwrap_or(""), &theirs);
    }
    let theirs_host = url.host().map(|host| match host {
        url::Host::Ipv4(address) => Reached::Ip(address.into()),
        url::Host::Ipv6(address) => Reached::Ip(address.into()),
        // A special scheme's name, already mapped; or the host of another
        // scheme kept as text, which a resolver reads as written.
        url::Host::Domain(name) => reach_text(name),
    });
    if !same_host(uri.host_parsed().as_ref(), theirs_host.as_ref()) {
        let ours_host = uri.host().unwrap_or("");
        return differs(Component::Host, ours_host, url.host_str().unwrap_or(""));
    }
    let ours_port = uri.port_u16().ok().flatten();
    if url.port() != ours_port && url.port_or_known_default() != ours_port {
        let theirs = url
            .port()
            .map(|p| alloc::format!("{p}"))
            .unwrap_or_default();
        return differs(Component::Port, uri.port().unwrap_or(""), &theirs);
    }
    if !same_path(uri, url) {
        return differs(Component::Path, uri.path(), url.path());
    }
    // WHATWG also writes `'` as `%27` in the query of the special schemes:
    // the same character, so not another reading.
    let apostrophe = |text: &str| text.replace("%27", "'");
    let same_query = |ours: &str, theirs: &str| same_text(&apostrophe(ours), &apostrophe(theirs));
    if !same_optional(uri.query(), url.query(), same_query) {
        return differs(
            Component::Query,
            uri.query().unwrap_or(""),
            url.query().unwrap_or(""),
        );
    }
    if !same_optional(uri.fragment(), url.fragment(), same_text) {
        return differs(
            Component::Fragment,
            uri.fragment().unwrap_or(""),
            url.fragment().unwrap_or(""),
        );
    }
    None
}

/// Whether two texts are the same characters: equal once escapes of
/// unreserved characters are decoded and the rest are in uppercase hex
/// (RFC 3986 section 6.2.2).
fn same_text(ours: &str, theirs: &str) -> bool {
    ours == theirs || text_in(ours, Form::Normalized) == text_in(theirs, Form::Normalized)
}

/// Both absent, or both present and `same`.
fn same_optional(
    ours: Option<&str>,
    theirs: Option<&str>,
    same: impl Fn(&str, &str) -> bool,
) -> bool {
    match (ours, theirs) {
        (Some(ours), Some(theirs)) => same(ours, theirs),
        (ours, theirs) => ours.is_none() && theirs.is_none(),
    }
}

/// Whether `url` reads the same path: ours once its literal dot segments
/// are removed (as RFC 3986 removes them; escaped dots stay data), with an
/// empty path after an authority read as `/` as WHATWG writes it.
fn same_path(uri: &Uri<'_>, url: &url::Url) -> bool {
    let path = uri.path();
    let ours = if path.starts_with('/') && has_dot_segments(path) {
        Cow::Owned(remove_dot_segments(path))
    } else {
        Cow::Borrowed(path)
    };
    let theirs = url.path();
    same_text(&ours, theirs) || (ours.is_empty() && theirs == "/" && uri.authority().is_some())
}
