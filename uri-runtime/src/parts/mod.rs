//! Making and changing URIs part by part: [`UriBuilder`](builder::UriBuilder)
//! ([`builder`]), the setters of the owned types built on it ([`set`]),
//! query parameters, read decoded and written encoded ([`query`]), and
//! edited in place on the owned types ([`query_edit`]); segments pushed
//! and popped, and a relative part appended under a base known at run
//! time ([`path_edit`]).
//!
//! Raw values are encoded with their component's own set; encoded values
//! are checked against the grammar. This layer uses the value types,
//! percent-coding and the writer.

pub(crate) mod builder;
pub(crate) mod path_edit;
pub(crate) mod query;
pub(crate) mod query_edit;
pub(crate) mod set;
