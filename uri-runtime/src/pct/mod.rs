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

pub use uri_core::pct::{
    EncodeSet, FRAGMENT, PATH, PATH_SEGMENT, QUERY, QUERY_PARAM, REG_NAME, UNRESERVED, URI_CHARS,
    USERINFO,
};

pub use decode::{DecodeError, DecodeErrorKind, decode, decode_form_utf8, decode_utf8};
pub(crate) use encode::push_encoded;
pub use encode::{encode, encode_form, encode_keep_escapes};
