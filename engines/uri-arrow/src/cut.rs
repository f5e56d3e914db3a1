//! Kernels that cut one piece out of each row, as ClickHouse's URL
//! functions do: the query, the fragment, one query parameter, a host's
//! leading `www.`. Each row is read as an RFC 3986 URI reference; what
//! is cut goes through `uri-runtime`'s own editors, and what is not cut
//! keeps its bytes.

use std::borrow::Cow;

use arrow_array::{Array, ArrayRef};
use arrow_schema::ArrowError;
use uri_runtime::UriRef;

use crate::strings::Strings;

/// Each row without its query (`?` included), the fragment kept:
/// ClickHouse's `cutQueryString`. A row without a query is returned as it
/// is; NULL for a row that is no URI reference.
///
/// ```
/// use arrow_array::{Array, StringArray, cast::AsArray};
///
/// let urls = StringArray::from(vec!["https://h/p?utm_source=x#top", "https://h/q", "a b"]);
/// let cut = uri_arrow::cut_query(&urls)?;
/// let cut = cut.as_string::<i32>();
/// assert_eq!((cut.value(0), cut.value(1)), ("https://h/p#top", "https://h/q"));
/// assert!(cut.is_null(2));
/// # Ok::<(), arrow_schema::ArrowError>(())
/// ```
///
/// # Errors
///
/// An input that is not a string column.
pub fn cut_query(array: &dyn Array) -> Result<ArrayRef, ArrowError> {
    Ok(Strings::of(array)?.strings(|text| {
        let reference = UriRef::parse(text).ok()?;
        if reference.query().is_none() {
            return Some(Cow::Borrowed(text));
        }
        let mut owned = reference.to_owned();
        owned.remove_query();
        Some(Cow::Owned(owned.into_string()))
    }))
}

/// Each row without its fragment (`#` included): ClickHouse's
/// `cutFragment`. The rest is a prefix of the row, so a `Utf8View`
/// column's result is views into the input's buffers; NULL for a row that
/// is no URI reference.
///
/// # Errors
///
/// An input that is not a string column.
pub fn cut_fragment(array: &dyn Array) -> Result<ArrayRef, ArrowError> {
    Strings::of(array)?.slices(|text| {
        let reference = UriRef::parse(text).ok()?;
        let end = reference
            .components()
            .fragment()
            .map_or(text.len(), |f| f.start - 1);
        Some(0..end)
    })
}

/// Each row without the query parameters named `name` (compared decoded,
/// so `a%20b` is `"a b"`), every other byte kept: ClickHouse's
/// `cutURLParameter`. NULL for a row that is no URI reference.
///
/// ```
/// use arrow_array::{Array, StringArray, cast::AsArray};
///
/// let urls = StringArray::from(vec!["https://h/?a=1&utm_source=x&&b=2", "https://h/"]);
/// let cut = uri_arrow::remove_query_param(&urls, "utm_source")?;
/// let cut = cut.as_string::<i32>();
/// assert_eq!((cut.value(0), cut.value(1)), ("https://h/?a=1&&b=2", "https://h/"));
/// # Ok::<(), arrow_schema::ArrowError>(())
/// ```
///
/// # Errors
///
/// An input that is not a string column.
pub fn remove_query_param(array: &dyn Array, name: &str) -> Result<ArrayRef, ArrowError> {
    Ok(Strings::of(array)?.strings(|text| {
        let reference = UriRef::parse(text).ok()?;
        if reference.query().is_none() {
            return Some(Cow::Borrowed(text));
        }
        let mut owned = reference.to_owned();
        owned.query_edit().remove(name);
        Some(Cow::Owned(owned.into_string()))
    }))
}

/// Each row's host without a leading `www.` (in any case): ClickHouse's
/// `domainWithoutWWW`, as written (`www.Example.com` gives
/// `Example.com`), a `Utf8View` column's result views into the input.
/// NULL where the row has no host or is no URI reference.
///
/// # Errors
///
/// An input that is not a string column.
pub fn host_without_www(array: &dyn Array) -> Result<ArrayRef, ArrowError> {
    Strings::of(array)?.slices(|text| {
        let host = UriRef::parse(text).ok()?.components().host()?;
        let name = text.get(host.clone())?;
        let www = name
            .get(..4)
            .is_some_and(|start| start.eq_ignore_ascii_case("www."))
            && name.len() > 4;
        Some(if www { host.start + 4..host.end } else { host })
    })
}
