//! Query parameters of each row, decoded.

use std::borrow::Cow;

use arrow_array::{Array, ArrayRef};
use arrow_schema::ArrowError;
use uri_runtime::UriRef;

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
