//! The one writer: every operation that makes a new URI writes it through
//! [`compose`], which records each component's boundaries as it writes,
//! so a result is never parsed again; [`dots`] removes dot segments
//! (RFC 3986 section 5.2.4) as paths are written.
//!
//! This layer uses the value types and the byte loops; the operations,
//! the builder and the templates above it use it.

pub(crate) mod compose;
pub(crate) mod dots;
