//! The parser every value type calls: `uri-core`'s grammar, over the
//! fastest scan this CPU runs (see `raw::parse`), by the names of
//! `uri-core`'s entry points. Without `alloc` (so without `raw`), the
//! `const` parser itself.
//!
//! The entry points without options are `#[inline]`, as `uri-core`'s are,
//! so that a short reference (which takes the `const` parser) reaches the
//! grammar from the value type's `parse` with no call in between. A URI
//! is rarely that short, so the entry points that require a scheme call
//! the `const` parser out of line instead (see `out_of_line`).

use uri_core::{Components, ParseError, ParseOptions};

/// The parse every entry point below makes; `scalar` is the `const`
/// entry point of the same grammar and options.
#[inline]
fn run(
    text: &str,
    require_scheme: bool,
    options: ParseOptions,
    scalar: impl FnOnce(&str) -> Result<Components, ParseError>,
) -> Result<Components, ParseError> {
    #[cfg(feature = "alloc")]
    // `require_scheme` is a constant at each entry point, so each keeps
    // one of the two calls.
    return crate::bytes::raw::parse(text, require_scheme, options, |text| {
        if require_scheme {
            out_of_line(text, scalar)
        } else {
            scalar(text)
        }
    });
    #[cfg(not(feature = "alloc"))]
    return {
        let _ = (require_scheme, options);
        scalar(text)
    };
}

/// `scalar(text)`, called rather than inlined: the `const` parser for a
/// text shorter than the vector parsers take, which few URIs are.
///
/// Inlined, the `const` parser made the function that chooses between
/// the two parsers (`raw::parse`, where the compiler keeps it out of
/// line, as for [`Policy::parse`](crate::policy::Policy::parse)) save
/// registers and reserve stack on every call, which every longer text
/// paid before its jump to the vector parser (BENCHMARKS.md, "The goals
/// not met", the policy check, has the count). References keep it
/// inlined: they are often short, and resolving RFC 3986's examples
/// measured worse with the call.
#[cfg(feature = "alloc")]
#[inline(never)]
fn out_of_line(
    text: &str,
    scalar: impl FnOnce(&str) -> Result<Components, ParseError>,
) -> Result<Components, ParseError> {
    scalar(text)
}

/// As [`uri_core::parse_uri`].
#[inline]
pub(crate) fn uri(text: &str) -> Result<Components, ParseError> {
    run(text, true, ParseOptions::RFC3986, uri_core::parse_uri)
}

/// As [`uri_core::parse_uri_reference`].
#[inline]
pub(crate) fn uri_reference(text: &str) -> Result<Components, ParseError> {
    run(
        text,
        false,
        ParseOptions::RFC3986,
        uri_core::parse_uri_reference,
    )
}

/// As [`uri_core::parse_iri`].
#[inline]
pub(crate) fn iri(text: &str) -> Result<Components, ParseError> {
    run(text, true, ParseOptions::RFC3987, uri_core::parse_iri)
}

/// As [`uri_core::parse_iri_reference`].
#[inline]
pub(crate) fn iri_reference(text: &str) -> Result<Components, ParseError> {
    run(
        text,
        false,
        ParseOptions::RFC3987,
        uri_core::parse_iri_reference,
    )
}

/// As [`uri_core::parse_uri_with`].
pub(crate) fn uri_with(text: &str, options: ParseOptions) -> Result<Components, ParseError> {
    run(text, true, options, |text| {
        uri_core::parse_uri_with(text, options)
    })
}

/// As [`uri_core::parse_uri_reference_with`].
pub(crate) fn uri_reference_with(
    text: &str,
    options: ParseOptions,
) -> Result<Components, ParseError> {
    run(text, false, options, |text| {
        uri_core::parse_uri_reference_with(text, options)
    })
}
