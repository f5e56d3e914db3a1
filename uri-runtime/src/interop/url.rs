//! Conversions to and from [`url::Url`] (feature `url`).
//!
//! `url` follows the WHATWG URL Standard, which parses and rewrites where
//! RFC 3986 only checks, so a conversion can change the text; each
//! direction is a plain `TryFrom` and says what it does.

use uri_core::ParseError;

use crate::value::buf::UriBuf;
use crate::value::uri::Uri;

impl TryFrom<&url::Url> for UriBuf {
    type Error = ParseError;

    /// Parses the URL's serialization as an RFC 3986 URI. WHATWG leaves
    /// some characters unencoded that RFC 3986 does not allow (in a query,
    /// `[`, `]`, `|`, `^`, `{`, `}` and `` ` ``; `|` and `^` in a path), so a
    /// URL holding them is an error naming the byte, not a silent repair.
    ///
    /// ```
    /// use uri_runtime::UriBuf;
    ///
    /// let url = url::Url::parse("https://EXAMPLE.com/a/../b?q=[1]")?;
    /// assert_eq!(url.as_str(), "https://example.com/b?q=[1]");
    /// let err = UriBuf::try_from(&url).unwrap_err();
    /// assert_eq!(err.index(), 24); // the `[`: not allowed in an RFC 3986 query
    ///
    /// let url = url::Url::parse("https://example.com/b?q=%5B1%5D")?;
    /// assert_eq!(UriBuf::try_from(&url)?, "https://example.com/b?q=%5B1%5D");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn try_from(url: &url::Url) -> Result<UriBuf, ParseError> {
        UriBuf::parse(url.as_str())
    }
}

impl TryFrom<&UriBuf> for url::Url {
    type Error = url::ParseError;

    /// See the conversion from [`Uri`].
    fn try_from(uri: &UriBuf) -> Result<url::Url, url::ParseError> {
        url::Url::try_from(&uri.as_uri())
    }
}

impl TryFrom<&Uri<'_>> for url::Url {
    type Error = url::ParseError;

    /// Parses the URI with the WHATWG rules. For the special schemes
    /// (`http`, `https`, `ws`, `wss`, `ftp`, `file`) that rewrites: the host
    /// is lowercased (and IDNA-mapped), dot segments are removed, escapes
    /// of `.` count as dots (`%2e%2e` climbs like `..`, where RFC 3986
    /// resolution keeps it), the default port is dropped, an empty path
    /// becomes `/`, and `\` would count as `/` (it never appears in a valid
    /// URI). IPv4 hosts in other notations (`0x7f.1`) are read as
    /// addresses; RFC 3986 calls them registered names. Compare with
    /// [`Uri::normalize_with`] if the difference matters.
    ///
    /// ```
    /// use uri_runtime::Uri;
    ///
    /// let uri = Uri::parse("HTTP://Example.com:80/a/%2e%2e/b")?;
    /// let url = url::Url::try_from(&uri)?;
    /// assert_eq!(url.as_str(), "http://example.com/b");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn try_from(uri: &Uri<'_>) -> Result<url::Url, url::ParseError> {
        url::Url::parse(uri.as_str())
    }
}
