//! The boundary policy over a column: each host's class, and each URI
//! checked against a policy.

use std::borrow::Cow;

use arrow_array::{Array, ArrayRef};
use arrow_schema::ArrowError;
use uri_runtime::policy::{Policy, classify_host};
use uri_runtime::{Uri, UriRef};

use crate::strings::Strings;

/// The class of each row's host as a client reaches it (`public`,
/// `loopback`, `private-use`, `link-local`, `ambiguous`, …: the names of
/// `HostClass`); NULL without a host.
///
/// # Errors
///
/// An input that is not a string column.
pub fn host_class(array: &dyn Array) -> Result<ArrayRef, ArrowError> {
    Ok(Strings::of(array)?.strings(|text| {
        let host = UriRef::parse(text).ok()?.host_parsed()?;
        Some(Cow::Borrowed(classify_host(&host).name()))
    }))
}

/// The rules of `policy` each row breaks, by name (`scheme`,
/// `host-class`, `userinfo`, …; empty for a URI the policy admits); NULL
/// for a NULL row or one that is no URI.
///
/// # Errors
///
/// An input that is not a string column.
pub fn policy_violations(array: &dyn Array, policy: &Policy) -> Result<ArrayRef, ArrowError> {
    Ok(Strings::of(array)?.lists(|text, names| {
        let uri = Uri::parse(text).ok()?;
        if let Err(err) = policy.check(&uri) {
            for violation in err.violations() {
                names.append_value(violation.rule().name());
            }
        }
        Some(())
    }))
}
