//! RFC 3986 URIs over Apache Arrow string columns: the grammar of
//! `uri-runtime`, one row at a time, for query engines and data tools.
//!
//! ```
//! use std::sync::Arc;
//! use arrow_array::{Array, StringArray, cast::AsArray};
//! use uri_arrow::{Part, part, normalize};
//!
//! let urls = StringArray::from(vec![
//!     Some("HTTPS://Example.COM/a/../b"),
//!     Some("mailto:ada@example.org"),
//!     Some("not a uri"),
//!     None,
//! ]);
//! let hosts = part(&urls, Part::Host)?;
//! let hosts = hosts.as_string::<i32>();
//! assert_eq!(hosts.value(0), "Example.COM");
//! assert!(hosts.is_null(1)); // no authority
//! assert!(hosts.is_null(2)); // no URI reference: NULL, the row kept
//!
//! let normal = normalize(&urls)?;
//! assert_eq!(normal.as_string::<i32>().value(0), "https://example.com/b");
//! # Ok::<(), arrow_schema::ArrowError>(())
//! ```
//!
//! Every kernel takes `Utf8`, `LargeUtf8` or `Utf8View` and keeps the row
//! count: a NULL row, or one the kernel cannot read, is NULL in the same
//! row, never an error for the column (the SQL convention). The one
//! exception is [`part_or_error`], for pipelines that must stop at the
//! first bad row, with its number and byte.
//!
//! # What copies
//!
//! [`part`] on a `Utf8View` column gives views into the input's own
//! buffers: no byte of a component is copied (a component of at most
//! twelve bytes lives in its view, as the layout requires). On `Utf8` and
//! `LargeUtf8` it copies each component into a new column of that type.
//! The kernels that write new text (normalization, resolution, the
//! lenient reading, percent-coding, sites, classes) always copy. Numbers
//! and booleans are new columns.
//!
//! # One grammar
//!
//! The kernels call `uri-runtime` and nothing else: no second parser, no
//! regular expression. A row is what `UriRef::parse` (or, for
//! [`is_valid`] and [`normalize`], `Uri::parse`) says it is.

mod boundary;
mod components;
mod cut;
mod query;
mod rewrite;
mod site;
mod strict;
mod strings;
mod unchecked;
mod validity;

pub use boundary::{host_class, policy_violations};
pub use components::{Part, effective_port, host_kind, is_valid, part, port};
pub use cut::{cut_fragment, cut_query, host_without_www, remove_query_param};
pub use query::{query_names, query_param, query_values};
pub use rewrite::{decode, encode, join_lenient, normalize, parse_lenient, relativize, resolve};
pub use site::{public_suffix, registrable_domain};
pub use strict::{PartError, RowError, part_or_error};
pub use uri_runtime::site::Rules;
