//! Conversions to and from [`http::Uri`] (feature `http`), documented on
//! [`HttpUriError`].

use alloc::string::{String, ToString};
use core::fmt;

use uri_core::scheme::scheme_facts;
use uri_core::{Component, ParseError};

use super::reread::{Difference, same_host};
use crate::value::buf::{UriBuf, UriRefBuf};
use crate::value::reach::reach_text;
use crate::value::uri::{Uri, UriRef};

/// Why a URI could not become an [`http::Uri`], or an `http::Uri` a URI
/// (feature `http`), and what the conversions between the two types do.
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
///
/// // `GET //evil.com/x` is a path to hyper, an authority to RFC 3986.
/// let target: http::Uri = "//evil.com/x".parse()?;
/// assert_eq!(
///     UriRefBuf::try_from(&target).unwrap_err().to_string(),
///     "http::Uri reads no host where the URI has \"evil.com\""
/// );
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
///   `/`. For `http`, `https`, `ws` and `wss` the two are the same
///   resource (RFC 9110 section 4.2.3, RFC 6455 section 3), so `http://h`
///   comes back as `http://h/`; for any other scheme an empty path and `/`
///   differ, and the conversion is [`HttpUriError::Reread`].
/// - `http::Uri` refuses what is not an HTTP request target: a relative
///   path (`a/b`), an empty string, and some schemes' URIs (`mailto:x`);
///   those are [`HttpUriError::Rejected`].
/// - Both directions read the result back, component by component, and
///   as a client would use it: a URI that `http` (or the resolver a client
///   hands its host to) would read as other components is
///   [`HttpUriError::Reread`], never a request for another resource. So
///   are a request path that starts with `//` (an authority to RFC 3986),
///   a port above 65535 (which `http` reads as no port, so a client
///   connects to the default), a host in an older IPv4 notation (`0x7f.1`,
///   `127.1`, `2130706433`: a name to RFC 3986, `127.0.0.1` to the
///   resolver) and a host with escapes (a resolver does not decode them),
///   and the reference `example.com:443` (scheme `example.com`), which
///   `http` takes for an authority.
#[derive(Debug)]
#[non_exhaustive]
pub enum HttpUriError {
    /// The URI has a fragment, which `http::Uri` cannot hold; the index of
    /// its `#`.
    Fragment(usize),
    /// `http::Uri` refused the text.
    Rejected(http::uri::InvalidUri),
    /// The `http::Uri`'s text is not an RFC 3986 URI reference (or, for a
    /// [`UriBuf`], has no scheme).
    Parse(ParseError),
    /// `http` (or the resolver behind a client) reads `component`
    /// differently: `ours` as RFC 3986 reads it, `theirs` as `http` does.
    /// A password is shown as `***` in both.
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
            HttpUriError::Parse(err) => write!(f, "the http::Uri is not a URI reference: {err}"),
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
            HttpUriError::Parse(err) => Some(err),
        }
    }
}

impl From<Difference> for HttpUriError {
    fn from(difference: Difference) -> HttpUriError {
        HttpUriError::Reread {
            component: difference.component,
            ours: difference.ours,
            theirs: difference.theirs,
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
        Some(difference) => Err(difference.into()),
    }
}

/// The first component `http` reads differently from `uri`, comparing
/// what each component means to a client: the scheme without regard to
/// case, the userinfo as written, the host as the resolver reaches it
/// ([`same_host`]), the port as a number (`http` reads one above 65535
/// as none), the path as written (an empty one as `/` where the scheme
/// makes them equal), the query as written.
fn reread(uri: &UriRef<'_>, theirs: &http::Uri) -> Option<Difference> {
    let ours_scheme = uri.scheme().unwrap_or("");
    let theirs_scheme = theirs.scheme_str().unwrap_or("");
    if !ours_scheme.eq_ignore_ascii_case(theirs_scheme) {
        return Some(Difference::new(
            Component::Scheme,
            ours_scheme,
            theirs_scheme,
        ));
    }
    let theirs_authority = theirs.authority().map(http::uri::Authority::as_str);
    let theirs_userinfo = theirs_authority
        .and_then(|a| a.rsplit_once('@'))
        .map(|(u, _)| u);
    if uri.userinfo() != theirs_userinfo {
        return Some(Difference::new(
            Component::Userinfo,
            uri.userinfo().unwrap_or(""),
            theirs_userinfo.unwrap_or(""),
        ));
    }
    let theirs_host = theirs.host().map(reach_text);
    if !same_host(uri.host_parsed().as_ref(), theirs_host.as_ref()) {
        let theirs_host = theirs_host.map(|h| h.to_string()).unwrap_or_default();
        return Some(Difference::new(
            Component::Host,
            uri.host().unwrap_or(""),
            &theirs_host,
        ));
    }
    if uri.port_u16().ok() != Some(theirs.port_u16()) {
        let theirs_port = theirs.port_u16().map(|p| alloc::format!("{p}"));
        return Some(Difference::new(
            Component::Port,
            uri.port().unwrap_or(""),
            theirs_port.as_deref().unwrap_or(""),
        ));
    }
    // `http::Uri` always writes an empty path as `/`: the same path only
    // where the scheme says so (RFC 9110 section 4.2.3, RFC 6455 section 3).
    let root_scheme = scheme_facts(ours_scheme).is_some_and(|s| s.empty_path_is_root);
    let empty_as_slash = uri.path().is_empty() && theirs.path() == "/" && root_scheme;
    if uri.path() != theirs.path() && !empty_as_slash {
        return Some(Difference::new(Component::Path, uri.path(), theirs.path()));
    }
    if uri.query() != theirs.query() {
        return Some(Difference::new(
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

/// The request target as RFC 3986 text, parsed, and read back against
/// `http`'s own components; see [`HttpUriError`].
fn from_http(uri: &http::Uri) -> Result<UriRefBuf, HttpUriError> {
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
    let ours = UriRefBuf::parse(text).map_err(HttpUriError::Parse)?;
    match reread(&ours.as_uri_ref(), uri) {
        None => Ok(ours),
        Some(difference) => Err(difference.into()),
    }
}

impl TryFrom<&http::Uri> for UriBuf {
    type Error = HttpUriError;

    /// The absolute form of a request target; any other form has no scheme
    /// and is [`HttpUriError::Parse`] with
    /// [`ParseErrorKind::MissingScheme`](crate::ParseErrorKind).
    fn try_from(uri: &http::Uri) -> Result<UriBuf, HttpUriError> {
        // A reference without a scheme: the parser's own error says so.
        from_http(uri)?
            .into_uri()
            .or_else(|reference| UriBuf::parse(String::from(reference.as_str())))
            .map_err(HttpUriError::Parse)
    }
}

impl TryFrom<&http::Uri> for UriRefBuf {
    type Error = HttpUriError;

    /// Any request target; see [`HttpUriError`] for each form.
    fn try_from(uri: &http::Uri) -> Result<UriRefBuf, HttpUriError> {
        from_http(uri)
    }
}
