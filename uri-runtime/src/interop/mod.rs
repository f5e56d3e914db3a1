//! Conversions to and from other crates' types, each behind the feature
//! of the same name: `http::Uri` ([`http`]), `url::Url` ([`url`]), and
//! `serde` ([`serde`]).
//!
//! This layer uses the value types only (and the operations they carry);
//! nothing else in the crate uses it.

#[cfg(feature = "http")]
pub(crate) mod http;
#[cfg(any(feature = "http", feature = "url"))]
mod reread;
#[cfg(feature = "serde")]
mod serde;
#[cfg(feature = "url")]
pub(crate) mod url;
