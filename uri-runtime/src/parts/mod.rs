//! Making and changing URIs part by part: [`UriBuilder`](builder::UriBuilder)
//! ([`builder`]), the setters of the owned types built on it ([`set`]),
//! and query parameters, read decoded and written encoded ([`query`]).
//!
//! Raw values are encoded with their component's own set; encoded values
//! are checked against the grammar. This layer uses the value types,
//! percent-coding and the writer.

pub(crate) mod builder;
pub(crate) mod query;
pub(crate) mod set;
