//! Operations that take whole URIs and write new ones: normalization and
//! the equivalence ladder ([`normalize`], RFC 3986 section 6), resolution
//! ([`resolve`], section 5.2), relativization ([`relative`]), and the
//! mappings between IRIs and URIs ([`iri_map`], RFC 3987 section 3), and
//! the lenient entry for text from the wild ([`lenient`]), which repairs
//! and reports.
//!
//! Each is an `impl` block on the value types, writing through the one
//! writer (`write`). [`owned`] lets the owned types reach the same
//! operations without borrowing a view first. This layer uses the value
//! types, the writer and percent-coding; nothing below it uses it.

pub(crate) mod iri_map;
pub(crate) mod lenient;
pub(crate) mod normalize;
pub(crate) mod owned;
pub(crate) mod path_reference;
pub(crate) mod relative;
pub(crate) mod resolve;
