//! Re-exports the literal macros, as a framework crate would: users of
//! this crate need no dependency on `uri-runtime` of their own.

pub use uri_runtime::{Uri, UriRef, uri, uri_ref};
