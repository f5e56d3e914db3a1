//! Hand-offs to other crates' types, each behind the feature of the same
//! name: `TryFrom` both ways with `http::Uri` (feature `http`, refused
//! conversions say why in `HttpUriError`) and `url::Url` (feature
//! `url`, `UrlError`), and `Serialize` / `Deserialize` (feature
//! `serde`). The conversions are trait impls on the value types; this
//! module holds their errors.
//!
//! ```
//! # #[cfg(feature = "http")] {
//! use uri_runtime::Uri;
//!
//! let uri = Uri::parse("https://example.com/a?b#frag")?;
//! // http has no fragment: the conversion refuses rather than drop it.
//! assert!(http::Uri::try_from(uri).is_err());
//! # }
//! # Ok::<(), uri_runtime::ParseError>(())
//! ```
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

#[cfg(feature = "http")]
pub use http::HttpUriError;
#[cfg(feature = "url")]
pub use url::UrlError;
