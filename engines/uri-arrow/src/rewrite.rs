//! Kernels that write a new URI for each row: normalization, resolution,
//! the lenient reading, and percent-coding. Each result is a new string
//! (so these copy, whatever the layout).

use std::borrow::Cow;

use arrow_array::{Array, ArrayRef};
use arrow_schema::ArrowError;
use uri_runtime::{SchemeRules, Uri, UriBuf, UriRef, pct};

use crate::strings::Strings;

/// Each row normalized as RFC 3986 section 6.2.2 says (case, escapes,
/// dot segments): `Uri::parse` then `normalize`; NULL for a row that is
/// no URI.
///
/// # Errors
///
/// An input that is not a string column.
pub fn normalize(array: &dyn Array) -> Result<ArrayRef, ArrowError> {
    let strings = Strings::of(array)?;
    Ok(strings.strings(|text| {
        let normalized = Uri::parse(text).ok()?.normalize();
        Some(Cow::Owned(normalized.into_string()))
    }))
}

/// Each reference resolved against its base (RFC 3986 section 5.2,
/// strict): `base` has one row for all, or one per reference. NULL where
/// either is NULL, the reference is no URI reference, or the base no URI.
///
/// # Errors
///
/// An input that is not a string column, or a base column whose length
/// is neither 1 nor the references'.
pub fn resolve(references: &dyn Array, base: &dyn Array) -> Result<ArrayRef, ArrowError> {
    let references = Strings::of(references)?;
    let bases = Strings::of(base)?;
    let one_base = bases.len() == 1;
    if !one_base && bases.len() != references.len() {
        return Err(ArrowError::InvalidArgumentError(format!(
            "a base column of {} rows for {} references",
            bases.len(),
            references.len()
        )));
    }
    // One base for every row is parsed once.
    let shared = one_base
        .then(|| bases.get(0).and_then(|b| Uri::parse(b).ok()))
        .flatten();
    Ok(references.strings_at(|i, text| {
        let reference = UriRef::parse(text).ok()?;
        let resolved = match shared {
            Some(base) => reference.resolve_against(&base),
            None if one_base => return None,
            None => reference.resolve_against(&Uri::parse(bases.get(i)?).ok()?),
        };
        Some(Cow::Owned(resolved.into_string()))
    }))
}

/// Each row read as a browser reads text from the wild (the lenient
/// parser: `\\` as `/`, spaces and tabs trimmed, IPv4 number forms,
/// international hosts), then normalized with the standard schemes'
/// rules: the resource a browser would fetch, as a strict URI. NULL where
/// a browser would refuse the text or no RFC 3986 URI can name it.
///
/// # Errors
///
/// An input that is not a string column.
pub fn parse_lenient(array: &dyn Array) -> Result<ArrayRef, ArrowError> {
    let strings = Strings::of(array)?;
    Ok(strings.strings(|text| {
        let read = UriBuf::parse_lenient(text).ok()?;
        let normalized = read.value.normalize_with(&SchemeRules::STANDARD);
        Some(Cow::Owned(normalized.into_string()))
    }))
}

/// Each href resolved against its base as a browser resolves a link on
/// that page (`Uri::join_lenient`: the base parsed as a URI, the href
/// read as text from the wild), then normalized as [`parse_lenient`]
/// does; `base` has one row for all, or one per href. NULL where a
/// browser would refuse the href, or the base is no URI.
///
/// # Errors
///
/// An input that is not a string column, or a base column whose length
/// is neither 1 nor the hrefs'.
pub fn join_lenient(hrefs: &dyn Array, base: &dyn Array) -> Result<ArrayRef, ArrowError> {
    let hrefs = Strings::of(hrefs)?;
    let bases = Strings::of(base)?;
    let one_base = bases.len() == 1;
    if !one_base && bases.len() != hrefs.len() {
        return Err(ArrowError::InvalidArgumentError(format!(
            "a base column of {} rows for {} hrefs",
            bases.len(),
            hrefs.len()
        )));
    }
    let shared = one_base
        .then(|| bases.get(0).and_then(|b| Uri::parse(b).ok()))
        .flatten();
    Ok(hrefs.strings_at(|i, text| {
        let joined = match shared {
            Some(base) => base.join_lenient(text),
            None if one_base => return None,
            None => Uri::parse(bases.get(i)?).ok()?.join_lenient(text),
        };
        let normalized = joined.ok()?.value.normalize_with(&SchemeRules::STANDARD);
        Some(Cow::Owned(normalized.into_string()))
    }))
}

/// Which component a value is encoded for: each keeps what may stand
/// unencoded there, and encodes the rest (`%` included).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EncodeFor {
    /// One path segment: `/` is encoded.
    PathSegment,
    /// A whole path: `/` is kept.
    Path,
    /// One query key or value: `&`, `=`, `+` and `#` are encoded.
    QueryParam,
    /// A whole query.
    Query,
    /// A fragment.
    Fragment,
    /// A userinfo.
    Userinfo,
    /// Only unreserved characters kept: safe anywhere.
    Unreserved,
}

impl EncodeFor {
    /// The component named `name` (`path-segment`, `path`, `query-param`,
    /// `query`, `fragment`, `userinfo`, `unreserved`).
    pub fn from_name(name: &str) -> Option<EncodeFor> {
        Some(match name {
            "path-segment" => EncodeFor::PathSegment,
            "path" => EncodeFor::Path,
            "query-param" => EncodeFor::QueryParam,
            "query" => EncodeFor::Query,
            "fragment" => EncodeFor::Fragment,
            "userinfo" => EncodeFor::Userinfo,
            "unreserved" => EncodeFor::Unreserved,
            _ => return None,
        })
    }

    fn set(self) -> &'static pct::EncodeSet {
        match self {
            EncodeFor::PathSegment => &pct::PATH_SEGMENT,
            EncodeFor::Path => &pct::PATH,
            EncodeFor::QueryParam => &pct::QUERY_PARAM,
            EncodeFor::Query => &pct::QUERY,
            EncodeFor::Fragment => &pct::FRAGMENT,
            EncodeFor::Userinfo => &pct::USERINFO,
            EncodeFor::Unreserved => &pct::UNRESERVED,
        }
    }
}

/// Each row percent-encoded for the component `target` (uppercase hex,
/// UTF-8 bytes); NULL for a NULL row.
///
/// # Errors
///
/// An input that is not a string column.
pub fn encode(array: &dyn Array, target: EncodeFor) -> Result<ArrayRef, ArrowError> {
    Ok(Strings::of(array)?.strings(|text| Some(pct::encode(text, target.set()))))
}

/// Each row percent-decoded as UTF-8; NULL where an escape is malformed
/// or the bytes are not UTF-8 (decoding is strict: nothing is guessed).
///
/// # Errors
///
/// An input that is not a string column.
pub fn decode(array: &dyn Array) -> Result<ArrayRef, ArrowError> {
    Ok(Strings::of(array)?.strings(|text| pct::decode_utf8(text).ok()))
}
