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
    against_bases(references, base, |base, text| {
        let reference = UriRef::parse(text).ok()?;
        Some(reference.resolve_against(&base).into_string())
    })
}

/// Each URI as a reference relative to its base, the shortest that
/// [`resolve`] turns back into the URI (`Uri::make_relative`): `d` for
/// `http://h/a/b/d` against `http://h/a/b/c`, `//other.org/x` across
/// hosts, the URI itself across schemes; `base` has one row for all, or
/// one per URI. Comparison is byte-wise: normalize both first to
/// relativize across spellings. NULL where either is NULL or no URI, or
/// no reference resolves to the URI (a path with dot segments that is not
/// the base's own).
///
/// # Errors
///
/// An input that is not a string column, or a base column whose length
/// is neither 1 nor the URIs'.
pub fn relativize(uris: &dyn Array, base: &dyn Array) -> Result<ArrayRef, ArrowError> {
    against_bases(uris, base, |base, text| {
        let target = Uri::parse(text).ok()?;
        Some(base.make_relative(&target)?.into_string())
    })
}

/// Each row of `texts` with its base (`bases` has one row for all, parsed
/// once, or one a row) through `with`, which gives the new text; NULL
/// where either is NULL, the base is no URI, or `with` gives `None`.
fn against_bases(
    texts: &dyn Array,
    bases: &dyn Array,
    with: impl Fn(Uri<'_>, &str) -> Option<String>,
) -> Result<ArrayRef, ArrowError> {
    let texts = Strings::of(texts)?;
    let bases = Strings::of(bases)?;
    let one_base = bases.len() == 1;
    if !one_base && bases.len() != texts.len() {
        return Err(ArrowError::InvalidArgumentError(format!(
            "a base column of {} rows for {} rows",
            bases.len(),
            texts.len()
        )));
    }
    let shared = one_base
        .then(|| bases.get(0).and_then(|b| Uri::parse(b).ok()))
        .flatten();
    Ok(texts.strings_at(|i, text| {
        let base = match shared {
            Some(base) => base,
            None if one_base => return None,
            None => Uri::parse(bases.get(i)?).ok()?,
        };
        with(base, text).map(Cow::Owned)
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
    against_bases(hrefs, base, |base, text| {
        let joined = base.join_lenient(text).ok()?.value;
        Some(joined.normalize_with(&SchemeRules::STANDARD).into_string())
    })
}

/// Each row percent-encoded with `set` (uppercase hex, UTF-8 bytes),
/// one of `uri_runtime::pct`'s sets, which [`pct::named`] finds by the
/// name of the component they are for; NULL for a NULL row.
///
/// ```
/// use arrow_array::{StringArray, cast::AsArray};
/// use uri_runtime::pct;
///
/// let names = StringArray::from(vec!["a b/c"]);
/// let encoded = uri_arrow::encode(&names, &pct::PATH_SEGMENT)?;
/// assert_eq!(encoded.as_string::<i32>().value(0), "a%20b%2Fc");
/// # Ok::<(), arrow_schema::ArrowError>(())
/// ```
///
/// # Errors
///
/// An input that is not a string column.
pub fn encode(array: &dyn Array, set: &pct::EncodeSet) -> Result<ArrayRef, ArrowError> {
    Ok(Strings::of(array)?.strings(|text| Some(pct::encode(text, set))))
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
