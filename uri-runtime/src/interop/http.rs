//! Conversions to and from [`http::Uri`] (feature `http`), documented on
//! [`HttpUriError`].

use alloc::string::String;
use core::fmt;

use uri_core::{Component, ParseError};

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
/// - Every conversion reads the result back: a URI that `http` would read
///   as other components is [`HttpUriError::Reread`], never a request for
///   another resource. The reference `example.com:443` (scheme
///   `example.com`) is one: `http` takes it for an authority.
#[derive(Debug)]
#[non_exhaustive]
pub enum HttpUriError {
    /// The URI has a fragment, which `http::Uri` cannot hold; the index of
    /// its `#`.
    Fragment(usize),
    /// `http::Uri` refused the text.
    Rejected(http::uri::InvalidUri),
    /// `http::Uri` reads `component` differently: `ours` as RFC 3986 reads
    /// it, `theirs` as `http` does. No URI is known to do this today; the
    /// check keeps a future change in `http` from turning into a request
    /// for another resource.
    Reread {
        /// The first component read differently.
        component: Component,
        /// The component as this crate reads it.
        ours: String,
        /// The component as `http` reads it.
        theirs: String,
    },
}

impl fmt::Display for HttpUriError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HttpUriError::Fragment(at) => write!(
                f,
                "http::Uri cannot hold the fragment starting at byte {at}; remove it first"
            ),
            HttpUriError::Rejected(err) => write!(f, "http::Uri refused the URI: {err}"),
            HttpUriError::Reread {
                component,
                ours,
                theirs,
            } => super::reread::describe(f, "http::Uri", *component, ours, theirs),
        }
    }
}

impl core::error::Error for HttpUriError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match self {
            HttpUriError::Fragment(_) | HttpUriError::Reread { .. } => None,
            HttpUriError::Rejected(err) => Some(err),
        }
    }
}

fn to_http(uri: &UriRef<'_>) -> Result<http::Uri, HttpUriError> {
    if let Some(fragment) = uri.components().fragment() {
        return Err(HttpUriError::Fragment(fragment.start - 1));
    }
    let theirs = http::Uri::try_from(uri.as_str()).map_err(HttpUriError::Rejected)?;
    match reread(uri, &theirs) {
        None => Ok(theirs),
        Some((component, ours, theirs)) => Err(HttpUriError::Reread {
            component,
            ours: ours.into(),
            theirs: theirs.into(),
        }),
    }
}

/// The first component `http` reads differently from `uri`. `http` keeps
/// the text of each component as written, but lowercases the scheme and
/// writes an empty path after an authority as `/` (the same resource for
/// `http` and `https`, RFC 9110 section 4.2.3); an authority-form target
/// (`example.com:443`) has no `//` in our reading.
fn reread<'a>(uri: &UriRef<'a>, theirs: &'a http::Uri) -> Option<(Component, &'a str, &'a str)> {
    let ours_scheme = uri.scheme().unwrap_or("");
    let theirs_scheme = theirs.scheme_str().unwrap_or("");
    if !ours_scheme.eq_ignore_ascii_case(theirs_scheme) {
        return Some((Component::Scheme, ours_scheme, theirs_scheme));
    }
    let ours_authority = uri.authority().unwrap_or("");
    let theirs_authority = theirs.authority().map_or("", http::uri::Authority::as_str);
    if ours_authority != theirs_authority {
        return Some((Component::Host, ours_authority, theirs_authority));
    }
    let empty_as_slash = uri.path().is_empty() && theirs.path() == "/";
    if uri.path() != theirs.path() && !empty_as_slash {
        return Some((Component::Path, uri.path(), theirs.path()));
    }
    if uri.query() != theirs.query() {
        return Some((
            Component::Query,
            uri.query().unwrap_or(""),
            theirs.query().unwrap_or(""),
        ));
    }
    None
}

/// The conversions to `http::Uri`, from a reference and by value (a view
/// is `Copy`, and `u.try_into()` is what people write first).
macro_rules! into_http {
    ($($ty:ty => |$uri:ident| $as_ref:expr),*) => {$(
        impl TryFrom<&$ty> for http::Uri {
            type Error = HttpUriError;

            /// See [`HttpUriError`] for what differs.
            fn try_from($uri: &$ty) -> Result<http::Uri, HttpUriError> {
                to_http(&$as_ref)
            }
        }

        impl TryFrom<$ty> for http::Uri {
            type Error = HttpUriError;

            /// See [`HttpUriError`] for what differs.
            fn try_from(uri: $ty) -> Result<http::Uri, HttpUriError> {
                http::Uri::try_from(&uri)
            }
        }
    )*};
}

into_http!(
    Uri<'_> => |uri| uri.as_uri_ref(),
    UriRef<'_> => |uri| *uri,
    UriBuf => |uri| uri.as_uri().as_uri_ref(),
    UriRefBuf => |uri| uri.as_uri_ref()
);

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
