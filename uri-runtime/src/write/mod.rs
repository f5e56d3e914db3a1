//! The one writer: every operation that makes a new URI writes it through
//! [`compose`], which records each component's boundaries as it writes,
//! so a result is never parsed again; [`dots`] removes dot segments
//! (RFC 3986 section 5.2.4) as paths are written; [`dot_segment`] is the
//! refusal of a value that would write a dot segment of its own.
//!
//! This layer uses the value types and the byte loops; the operations,
//! the builder and the templates above it use it.

pub(crate) mod compose;
pub(crate) mod dot_segment;
pub(crate) mod dots;
