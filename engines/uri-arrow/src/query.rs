//! Query parameters of each row, decoded: one value, every value, and the
//! names.

use arrow_array::{Array, ArrayRef};
use arrow_schema::ArrowError;
use std::borrow::Cow;
use uri_runtime::{UriRef, pct};

use crate::strings::Strings;

/// The first value of the query parameter `name` in each row, decoded
/// (keys compared decoded, `+` left as it is: RFC 3986, not a form); NULL
/// where the row has no such parameter, or its value does not decode.
///
/// # Errors
///
/// An input that is not a string column.
pub fn query_param(array: &dyn Array, name: &str) -> Result<ArrayRef, ArrowError> {
    Ok(Strings::of(array)?.strings(|text| {
        let reference = UriRef::parse(text).ok()?;
        let value = reference.query_value(name)?.ok()?;
        Some(Cow::Owned(value.into_owned()))
    }))
}

/// Every value of the query parameter `name` in each row, decoded as
/// [`query_param`] decodes the first, in order, as a list of `Utf8`: an
/// empty list when no pair has that name, a NULL item for a value that
/// does not decode (it keeps its place), a NULL row for a NULL row or
/// one that is no URI reference.
///
/// ```
/// use arrow_array::{Array, StringArray, cast::AsArray};
///
/// let urls = StringArray::from(vec!["https://h/?tag=a%20b&x=1&tag=c"]);
/// let tags = uri_arrow::query_values(&urls, "tag")?;
/// let first = tags.as_list::<i32>().value(0);
/// let first = first.as_string::<i32>();
/// assert_eq!((first.value(0), first.value(1)), ("a b", "c"));
/// # Ok::<(), arrow_schema::ArrowError>(())
/// ```
///
/// # Errors
///
/// An input that is not a string column.
pub fn query_values(array: &dyn Array, name: &str) -> Result<ArrayRef, ArrowError> {
    Ok(Strings::of(array)?.lists(|text, items| {
        let reference = UriRef::parse(text).ok()?;
        for value in reference.query_values(name) {
            items.append_option(value.ok());
        }
        Some(())
    }))
}

/// The name of each pair of each row's query, decoded, in order and as
/// often as it occurs (so that a count of a name is a count of its
/// pairs), as a list of `Utf8`: an empty list for a row without a query,
/// a NULL item for a name that does not decode, a NULL row for a NULL
/// row or one that is no URI reference. Empty pieces (`a=1&&b=2`) are no
/// pairs.
///
/// # Errors
///
/// An input that is not a string column.
pub fn query_names(array: &dyn Array) -> Result<ArrayRef, ArrowError> {
    Ok(Strings::of(array)?.lists(|text, items| {
        let reference = UriRef::parse(text).ok()?;
        for (name, _) in reference.query_pairs() {
            items.append_option(pct::decode_utf8(name).ok());
        }
        Some(())
    }))
}
