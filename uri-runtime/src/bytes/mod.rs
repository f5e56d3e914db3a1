//! The byte loops under percent-coding: finding the next byte of interest,
//! escaping and unescaping runs of bytes, checking UTF-8, and the vector
//! versions of those loops.
//!
//! This layer knows bytes and [`EncodeSet`](uri_core::pct::EncodeSet)s,
//! not URIs: it uses only `uri-core`, and everything above it reaches the
//! loops through [`raw`], which picks the fastest one this CPU runs.
//!
//! - `scan`: where the next byte of interest is, many bytes at a time;
//! - `utf8`: the UTF-8 check behind decoding to text;
//! - `escape`, `unescape`: the portable encoding and decoding loops;
//! - `raw`: the crate's only `unsafe` code, each piece with a safe twin
//!   (`--cfg uri_safe`), and the dispatch to vector loops.

pub(crate) mod escape;
pub(crate) mod raw;
pub(crate) mod scan;
pub(crate) mod unescape;
#[cfg_attr(
    uri_safe,
    allow(dead_code, reason = "checked against the standard library in tests")
)]
pub(crate) mod utf8;
