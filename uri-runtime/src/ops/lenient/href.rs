//! The `href` a browser would show for a text, as an RFC 3986 URI, in one
//! call: the lenient reading and scheme-based normalization together.

use uri_core::ParseError;

use super::{Repaired, Way, read_uri};
use crate::ops::normalize::{SchemeRules, is_normalized_but_for_dots};
use crate::value::buf::UriBuf;

impl UriBuf {
    /// Reads text from the wild as a browser does and writes the `href`
    /// the browser would show, normalized as RFC 3986 section 6 says:
    /// what [`parse_lenient`](Self::parse_lenient) then
    /// [`normalize_with`](Self::normalize_with)`(&SchemeRules::STANDARD)`
    /// give, with the repairs of the reading, and one copy of the text
    /// where the reading's value is already normal (as it is for most
    /// links: the reading writes the scheme's and host's case, default
    /// ports and dot segments as a browser does).
    ///
    /// Beside `url::Url::parse`, which reads the text the same way but
    /// leaves escapes as written:
    ///
    /// ```
    /// use uri_runtime::UriBuf;
    ///
    /// let text = " HTTP://Example.COM:80/a/./b/%7euser?q=%4a ";
    /// let href = UriBuf::parse_href(text)?;
    /// assert_eq!(href.value, "http://example.com/a/b/~user?q=J");
    ///
    /// let url = url::Url::parse(text).unwrap();
    /// assert_eq!(url.as_str(), "http://example.com/a/b/%7euser?q=%4a");
    /// // The same resource, spelled the one normal way.
    /// assert!(href.value.scheme_normalized_eq(
    ///     &UriBuf::parse(url.as_str())?,
    ///     &uri_runtime::SchemeRules::STANDARD,
    /// ));
    /// # Ok::<(), uri_runtime::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`parse_lenient`](Self::parse_lenient).
    pub fn parse_href(text: &str) -> Result<Repaired<UriBuf>, ParseError> {
        let (Repaired { value, repairs }, way) = read_uri(text)?;
        let rules = &SchemeRules::STANDARD;
        let uri = &value.as_uri().0;
        // The common path took the path only without dot segments, so
        // its value is not scanned for them again.
        let normal = match way {
            Way::AsWritten => is_normalized_but_for_dots(uri, Some(rules)),
            Way::Machine => value.is_normalized_with(rules),
        };
        let value = if normal {
            value
        } else {
            value.normalize_with(rules)
        };
        Ok(Repaired { value, repairs })
    }
}
