//! The components of each row, read as RFC 3986's `URI-reference`.

use std::ops::Range;
use std::sync::Arc;

use arrow_array::{Array, ArrayRef, BooleanArray, Int32Array};
use arrow_schema::ArrowError;
use uri_runtime::{SchemeRules, UriRef, parsed::Components};

use crate::strings::Strings;

/// A component of a URI reference, or its authority whole.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Part {
    /// `scheme`, before the first `:`.
    Scheme,
    /// `userinfo`, before the authority's `@`.
    Userinfo,
    /// `host`: a name, an IPv4 address, or an IP literal in brackets.
    Host,
    /// `port`, the digits after the host's `:` (as text; [`port`] gives
    /// the number).
    Port,
    /// `path`, present in every reference (possibly empty).
    Path,
    /// `query`, after the `?`.
    Query,
    /// `fragment`, after the `#`.
    Fragment,
    /// `authority`: userinfo, host and port, after `//`.
    Authority,
}

/// The `part` of each row, still percent-encoded, exactly as
/// [`UriRef::parse`] gives it: NULL for a NULL row, a row that is no URI
/// reference, or a reference without that part; `""` for an empty one
/// (`http://h?` has the query `""`, `http://h` none).
///
/// The result has the input's layout. From a `Utf8View` column it is
/// views into the input's buffers and copies no byte; from `Utf8` and
/// `LargeUtf8` it copies each part.
///
/// ```
/// use std::sync::Arc;
/// use arrow_array::{Array, StringViewArray, cast::AsArray};
/// use uri_arrow::{Part, part};
///
/// let urls = StringViewArray::from(vec![
///     Some("https://example.com:8443/docs?q=1"),
///     Some("not a uri"),
///     None,
///     Some("/relative/path"),
/// ]);
/// let hosts = part(&urls, Part::Host)?;
/// let hosts = hosts.as_string_view();
/// assert_eq!(hosts.value(0), "example.com");
/// assert!(hosts.is_null(1) && hosts.is_null(2) && hosts.is_null(3));
/// # Ok::<(), arrow_schema::ArrowError>(())
/// ```
///
/// # Errors
///
/// An input that is not a string column.
pub fn part(array: &dyn Array, part: Part) -> Result<ArrayRef, ArrowError> {
    let strings = Strings::of(array)?;
    // Each arm is a kernel of its own (a method is a type of its own), so
    // that the part is chosen once a column, not again at every row as a
    // closure over `part` would.
    match part {
        Part::Scheme => slices_by(strings, Components::scheme),
        Part::Userinfo => slices_by(strings, Components::userinfo),
        Part::Host => slices_by(strings, Components::host),
        Part::Port => slices_by(strings, Components::port),
        Part::Path => slices_by(strings, |parts| Some(parts.path())),
        Part::Query => slices_by(strings, Components::query),
        Part::Fragment => slices_by(strings, Components::fragment),
        Part::Authority => slices_by(strings, Components::authority),
    }
}

/// The bytes `range` names in each row's components, as [`part`] gives
/// them.
fn slices_by(
    strings: Strings<'_>,
    range: impl Fn(&Components) -> Option<Range<usize>>,
) -> Result<ArrayRef, ArrowError> {
    strings.slices(|text| range(&UriRef::parse(text).ok()?.components()))
}

/// The port of each row as a number: NULL where the row is NULL, no URI
/// reference, has no port or an empty one, or one above 65535.
///
/// # Errors
///
/// An input that is not a string column.
pub fn port(array: &dyn Array) -> Result<Int32Array, ArrowError> {
    let strings = Strings::of(array)?;
    Ok((0..strings.len())
        .map(|i| {
            let r = UriRef::parse(strings.get(i)?).ok()?;
            r.port_u16().ok().flatten().map(i32::from)
        })
        .collect())
}

/// The port each row reaches: the one written, or its scheme's default
/// (80 for `http`, 443 for `https`, …, RFC 3986 section 6.2.3); NULL where
/// there is neither.
///
/// # Errors
///
/// An input that is not a string column.
pub fn effective_port(array: &dyn Array) -> Result<Int32Array, ArrowError> {
    let strings = Strings::of(array)?;
    Ok((0..strings.len())
        .map(|i| {
            let r = UriRef::parse(strings.get(i)?).ok()?;
            let written = r.port_u16().ok().flatten();
            written
                .or_else(|| SchemeRules::STANDARD.default_port(r.scheme()?))
                .map(i32::from)
        })
        .collect())
}

/// The kind of each row's host: `reg-name`, `ipv4`, `ipv6` or
/// `ipvfuture` (RFC 3986 section 3.2.2); NULL without a host.
///
/// # Errors
///
/// An input that is not a string column.
pub fn host_kind(array: &dyn Array) -> Result<ArrayRef, ArrowError> {
    let strings = Strings::of(array)?;
    Ok(strings.strings(|text| {
        let kind = UriRef::parse(text).ok()?.components().host_kind()?;
        Some(kind.name().into())
    }))
}

/// Whether each row is an RFC 3986 URI (a scheme required); NULL for a
/// NULL row.
///
/// # Errors
///
/// An input that is not a string column.
pub fn is_valid(array: &dyn Array) -> Result<ArrayRef, ArrowError> {
    let strings = Strings::of(array)?;
    let valid: BooleanArray = (0..strings.len())
        .map(|i| Some(uri_runtime::Uri::parse(strings.get(i)?).is_ok()))
        .collect();
    Ok(Arc::new(valid))
}
