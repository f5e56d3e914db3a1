//! The site of each row's host, from the Public Suffix List.

use std::borrow::Cow;

use arrow_array::{Array, ArrayRef};
use arrow_schema::ArrowError;
use uri_runtime::UriRef;
use uri_runtime::site::Rules;

use crate::strings::Strings;

/// The registrable domain (eTLD+1) of each row's host, in its DNS form
/// (lowercase, punycode), under `rules`: NULL for a NULL row, no URI
/// reference, no host, an IP address, or a host that is a public suffix
/// itself (see `uri_runtime::site`).
///
/// # Errors
///
/// An input that is not a string column.
pub fn registrable_domain(array: &dyn Array, rules: Rules) -> Result<ArrayRef, ArrowError> {
    Ok(Strings::of(array)?.strings(|text| {
        let domain = UriRef::parse(text).ok()?.registrable_domain(rules).ok()?;
        Some(Cow::Owned(domain.as_str().to_owned()))
    }))
}

/// The public suffix of each row's host, in its DNS form, under `rules`;
/// NULL as for [`registrable_domain`], but a host that is a suffix itself
/// has one.
///
/// # Errors
///
/// An input that is not a string column.
pub fn public_suffix(array: &dyn Array, rules: Rules) -> Result<ArrayRef, ArrowError> {
    Ok(Strings::of(array)?.strings(|text| {
        let suffix = UriRef::parse(text).ok()?.public_suffix(rules).ok()?;
        Some(Cow::Owned(suffix.as_str().to_owned()))
    }))
}
