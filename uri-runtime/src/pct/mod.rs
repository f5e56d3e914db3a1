//! Percent-encoding and decoding, per component (RFC 3986 section 2.1).
//!
//! Encoding takes the [`EncodeSet`] of the component the text will land
//! in: which set for which place is the whole art of building URIs safely.
//!
//! | the text is…                          | encode with       |
//! |---------------------------------------|-------------------|
//! | one path segment (a file name, an id) | [`PATH_SEGMENT`]  |
//! | a whole path whose `/` are separators | [`PATH`]          |
//! | one query key or value                | [`QUERY_PARAM`]   |
//! | a whole, already structured query     | [`QUERY`]         |
//! | a fragment                            | [`FRAGMENT`]      |
//! | a userinfo                            | [`USERINFO`]      |
//! | a registered name (not IDNA)          | [`REG_NAME`]      |
//! | data that must survive any component  | [`UNRESERVED`]    |
//!
//! ```
//! use uri_runtime::pct;
//!
//! let name = "Q&A: 50% off/today";
//! assert_eq!(pct::encode(name, &pct::PATH_SEGMENT), "Q&A:%2050%25%20off%2Ftoday");
//! assert_eq!(pct::encode(name, &pct::QUERY_PARAM), "Q%26A:%2050%25%20off/today");
//!
//! let back = pct::decode_utf8("Q%26A:%2050%25%20off/today")?;
//! assert_eq!(back, name);
//! # Ok::<(), pct::DecodeError>(())
//! ```
//!
//! Encoders always write uppercase hex and return the input borrowed when
//! nothing needs encoding; decoders are strict: a `%` without two hex digits
//! is an error, never passed through. `+` means a space only in the
//! form-style functions ([`encode_form`], [`decode_form_utf8`]).

mod decode;
mod encode;
mod lossy;
mod shown;

/// Which bytes stay as they are when encoding; the sets above are the
/// ones each component needs, and a set of your own starts from a class
/// of RFC 3986's table ([`classes`]).
///
/// ```
/// use uri_runtime::pct::{self, classes, EncodeSet};
///
/// // Unreserved characters and `/`, for a path whose slashes are meant.
/// const SLASHES_KEPT: EncodeSet = EncodeSet::keeping(classes::UNRESERVED).and_keep(b"/");
/// assert_eq!(pct::encode("a b/c", &SLASHES_KEPT), "a%20b/c");
/// assert_eq!(pct::encode("a b/c", &pct::PATH_SEGMENT.but_encode(b"&")), "a%20b%2Fc");
/// ```
#[doc(inline)]
pub use uri_core::pct::EncodeSet;
pub use uri_core::pct::{
    FRAGMENT, NAMED, PATH, PATH_SEGMENT, QUERY, QUERY_PARAM, REG_NAME, SEGMENT_NZ_NC, UNRESERVED,
    URI_CHARS, USERINFO, named,
};
/// RFC 3986's character classes (`UNRESERVED`, `PCHAR`, `SUB_DELIMS`, …),
/// each with its ABNF rule: what [`EncodeSet::keeping`] starts from.
pub use uri_core::table as classes;
#[doc(inline)]
pub use uri_core::table::Class;

pub use decode::{DecodeError, DecodeErrorKind, decode, decode_form_utf8, decode_utf8};
pub use encode::{encode, encode_form, encode_keep_escapes};
pub(crate) use encode::{encode_form_with, push_encoded, push_encoded_keep_escapes};
pub use lossy::decode_lossy;
pub use shown::encode_unshowable;
