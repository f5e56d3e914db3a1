//! The value types and their views: what a parse returns and what every
//! other layer takes.
//!
//! [`Uri`](uri::Uri), [`UriRef`](uri::UriRef), [`Iri`](iri::Iri) and
//! [`IriRef`](iri::IriRef) borrow the parsed text; `UriBuf` and its
//! siblings own it (feature `alloc`). Both kinds keep the
//! [`Components`](uri_core::Components) the parser found, and their
//! accessors slice the text with them: the host's kind ([`host`]), the
//! port as a number ([`port`]), path segments and query pairs ([`iter`]).
//!
//! Every parse goes through [`parse`]: `uri-core`'s grammar over the
//! fastest scan this CPU runs (`bytes::raw`). This layer builds without an
//! allocator; the owned forms and the decoded views ([`decoded`]) need
//! one, and decode through percent-coding. The
//! operations on these types (normalize, resolve, build, …) live in the
//! layers above, as `impl` blocks of their own.

// The constructors first (rustdoc lists `impl` blocks in module order), then
// the accessors; the rest in rustfmt's order.
pub(crate) mod uri;

pub(crate) mod accessors;
#[cfg(feature = "alloc")]
pub(crate) mod ambiguous;
#[cfg(feature = "alloc")]
pub(crate) mod as_uri;
#[cfg(feature = "alloc")]
pub(crate) mod buf;
#[cfg(feature = "alloc")]
pub(crate) mod decoded;
pub(crate) mod host;
pub(crate) mod iri;
pub(crate) mod iter;
#[cfg(feature = "alloc")]
pub(crate) mod numbers;
#[cfg(feature = "alloc")]
pub(crate) mod owned_methods;
pub(crate) mod parse;
pub(crate) mod port;
#[cfg(feature = "alloc")]
pub(crate) mod reach;
