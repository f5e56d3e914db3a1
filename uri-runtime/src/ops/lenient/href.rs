//! The `href` a browser would show for a text, as an RFC 3986 URI, in one
//! call: the lenient reading and scheme-based normalization together.

use uri_core::ParseError;
use uri_core::scheme::scheme_facts;

use super::{Reading, Repaired, read_by_machine, strict_text};
use crate::bytes::raw::uri_escapes_in_normal_form;
use crate::ops::normalize::{SchemeRules, is_normalized_but_for_dots, rewrite, rewrite_escapes};
use crate::value::buf::UriBuf;
use crate::value::uri::Uri;

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
        strict_text(text, href_of_reading).unwrap_or_else(|| href_by_machine(text))
    }
}

/// The `href` of what the common path read: its text or value as it
/// stands where that is normal (one copy of a text read as written), its
/// normalization where not (and then no copy of the text first).
// In line, as `strict_text` is: called out of line, the reading goes
// through memory.
#[inline]
fn href_of_reading(read: Reading<'_>, special: bool) -> UriBuf {
    let uri = read.as_uri();
    if read_as_written_is_normal(uri, special) {
        return read.into_owned();
    }
    // Known not to be normal, so written again at once rather than
    // through `normalize_with`, which would check the whole URI first:
    // for a special scheme only the escapes can be what is not (see
    // `read_as_written_is_normal`), so the other parts are copied as
    // they are; for another scheme any part can be.
    let href = if special {
        rewrite_escapes(&uri.0)
    } else {
        rewrite(&uri.0, Some(&SchemeRules::STANDARD))
    };
    // Boundaries and all (values compare by their text alone).
    debug_assert!(
        {
            let normalized = uri.normalize_with(&SchemeRules::STANDARD);
            href == normalized && href.components() == normalized.components()
        },
        "{uri}"
    );
    href
}

/// [`UriBuf::parse_href`] of a text the common path leaves to the state
/// machine; out of line, so that the common path keeps a small frame.
#[inline(never)]
fn href_by_machine(text: &str) -> Result<Repaired<UriBuf>, ParseError> {
    let mut read = read_by_machine(text)?;
    if !read_by_machine_is_normal(read.value.as_uri()) {
        read.value = read.value.normalize_with(&SchemeRules::STANDARD);
    }
    Ok(read)
}

/// Whether `value`, which the state machine wrote, is in the normal form
/// of the standard rules. For a special scheme the machine wrote what
/// normalization would but escapes, as the common path does (the scheme
/// and the host in lowercase, an address in its one form, no default
/// port, no port's leading zero, a path of at least `/` with its dot
/// segments, `%2e` ones too, removed), so only the escapes are read.
fn read_by_machine_is_normal(value: Uri<'_>) -> bool {
    let special = scheme_facts(value.scheme()).is_some_and(|facts| facts.whatwg_special);
    escapes_tell(value, special, |value| {
        value.is_normalized_with(&SchemeRules::STANDARD)
    })
}

/// Whether `value`, which the common path (`as_written`) wrote, is in the
/// normal form of the standard rules. That path took the path only
/// without dot segments, so it is not scanned for them again. For a
/// `special` scheme it also proved the rest but escapes: it wrote the
/// scheme and the host in lowercase (a name of letters, digits, `-` and
/// `.`, an IPv4 address, an IPv6 address in its shortest form), dropped
/// the default port and any port's leading zeros, and wrote an empty path
/// as `/`, as normalization would; and it left escapes as they were
/// written, but for a `'` it escaped as `%27`. So only the escapes are
/// read, with no capital in the scheme or host to look for.
fn read_as_written_is_normal(value: Uri<'_>, special: bool) -> bool {
    escapes_tell(value, special, |value| {
        is_normalized_but_for_dots(&value.0, Some(&SchemeRules::STANDARD))
    })
}

/// `check(value)`, which is whether `value` is normal, read from its
/// escapes alone when the reading proved the rest (`escapes_decide`);
/// a debug assertion holds that answer to the check.
fn escapes_tell(value: Uri<'_>, escapes_decide: bool, check: impl Fn(Uri<'_>) -> bool) -> bool {
    if !escapes_decide {
        return check(value);
    }
    let normal = uri_escapes_in_normal_form(value.as_str().as_bytes(), 0);
    debug_assert_eq!(normal, check(value), "{value}");
    normal
}
