//! Conversions to and from [`http::Uri`] (feature `http`), documented on
//! [`HttpUriError`].

use alloc::string::String;
use core::fmt;

use uri_core::ParseError;

use crate::value::buf::{UriBuf, UriRefBuf};
use crate::value::uri::{Uri, UriRef};

/// Why a URI could not become an [`http::Uri`] (feature `http`), and what
/// the conversions between the two types do.
///
/// ```
/// use uri_runtime::{UriBuf, UriRefBuf};
///
/// let ours = UriBuf::parse("https://example.com/a%20b?q=1")?;
/// let theirs = http::Uri::try_from(&ours)?;
/// assert_eq!(theirs.path(), "/a%20b");
///
/// // A request target in origin form has no scheme: it is a reference.
/// let target: http::Uri = "/search?q=rust".parse()?;
/// let back = UriRefBuf::try_from(&target)?;
/// assert_eq!(back.query(), Some("q=rust"));
///
/// // `http::Uri` has no fragment, so converting one is an error, not a loss.
/// let with_fragment = UriBuf::parse("https://example.com/#top")?;
/// assert!(http::Uri::try_from(&with_fragment).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// What differs between the two, and what these conversions do about it:
///
/// - `http::Uri` cannot hold a fragment: converting a URI that has one is
///   [`HttpUriError::Fragment`].
/// - `http::Uri` holds the four forms of an HTTP request target (RFC 9112
///   section 3.2). Origin form (`/p?q`) becomes a reference with that path
///   and query; absolute form, the URI; asterisk form (`*`), the reference
///   `*`; authority form (`example.com:443`, used by `CONNECT`) becomes
///   `//example.com:443`, since read as a URI reference the bare text would
///   be the scheme `example.com`.
/// - `http::Uri` writes the path of an absolute URI with an empty path as
///   `/`, so `http://h` comes back as `http://h/`; for `http` and `https`
///   the two are equivalent (RFC 9110 section 4.2.3).
/// - `http::Uri` refuses what is not an HTTP request target: a relative
///   path (`a/b`), an empty string, and some schemes' URIs (`mailto:x`);
///   those are [`HttpUriError::Rejected`].
#[derive(Debug)]
#[non_exhaustive]
pub enum HttpUriError {
    /// The URI has a fragment, which `http::Uri` cannot hold; the index of
    /// its `#`.
    Fragment(usize),
    /// `http::Uri` refused the text.
    Rejected(http::uri::InvalidUri),
}

impl fmt::Display for HttpUriError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HttpUriError::Fragment(at) => write!(
                f,
                "http::Uri cannot hold the fragment starting at byte {at}; remove it first"
            ),
            HttpUriError::Rejected(err) => write!(f, "http::Uri refused the URI: {err}"),
        }
    }
}

impl core::error::Error for HttpUriError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match self {
            HttpUriError::Fragment(_) => None,
            HttpUriError::Rejected(err) => Some(err),
        }
    }
}

fn to_http(text: &str, fragment_mark: Option<usize>) -> Result<http::Uri, HttpUriError> {
    if let Some(mark) = fragment_mark {
        return Err(HttpUriError::Fragment(mark));
    }
    http::Uri::try_from(text).map_err(HttpUriError::Rejected)
}

macro_rules! into_http {
    ($($ty:ty),*) => {$(
        impl TryFrom<&$ty> for http::Uri {
            type Error = HttpUriError;

            /// See [`HttpUriError`] for what differs.
            fn try_from(uri: &$ty) -> Result<http::Uri, HttpUriError> {
                to_http(uri.as_str(), uri.components().fragment().map(|f| f.start - 1))
            }
        }
    )*};
}

into_http!(Uri<'_>, UriRef<'_>, UriBuf, UriRefBuf);

/// The request target as RFC 3986 text; see [`HttpUriError`].
fn from_http(uri: &http::Uri) -> String {
    let capacity = uri.scheme_str().map_or(0, str::len)
        + uri.authority().map_or(0, |a| a.as_str().len())
        + uri.path().len()
        + uri.query().map_or(0, str::len)
        + 4;
    let mut text = String::with_capacity(capacity);
    if let Some(scheme) = uri.scheme_str() {
        text.push_str(scheme);
        text.push(':');
    }
    if let Some(authority) = uri.authority() {
        text.push_str("//");
        text.push_str(authority.as_str());
    }
    text.push_str(uri.path());
    if let Some(query) = uri.query() {
        text.push('?');
        text.push_str(query);
    }
    text
}

impl TryFrom<&http::Uri> for UriBuf {
    type Error = ParseError;

    /// The absolute form of a request target; any other form has no scheme
    /// and is [`ParseErrorKind::MissingScheme`](crate::ParseErrorKind).
    fn try_from(uri: &http::Uri) -> Result<UriBuf, ParseError> {
        UriBuf::parse(from_http(uri))
    }
}

impl TryFrom<&http::Uri> for UriRefBuf {
    type Error = ParseError;

    /// Any request target; see [`HttpUriError`] for each form.
    fn try_from(uri: &http::Uri) -> Result<UriRefBuf, ParseError> {
        UriRefBuf::parse(from_http(uri))
    }
}
