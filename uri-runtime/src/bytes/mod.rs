//! The byte loops under percent-coding: finding the next byte of interest,
//! escaping and unescaping runs of bytes, checking UTF-8, and the vector
//! versions of those loops.
//!
//! This layer knows bytes and [`EncodeSet`](uri_core::pct::EncodeSet)s,
//! not URIs: it uses only `uri-core`, and everything above it reaches the
//! loops through [`raw`], which picks the fastest one this CPU runs
//! (`uri-core`'s grammar stamped out over its vector scans among them;
//! the value types reach it through `value::parse`).
//!
//! - `scan`: where the next byte of interest is, many bytes at a time;
//! - `utf8`: the UTF-8 check behind decoding to text;
//! - `name_tail`: the end of a dotted name inside a longer text, as two
//!   sixteen-byte blocks (the portable twin of `raw`'s SSE2 kernel);
//! - `words`: a byte in part of a longer text, a machine word at a time
//!   (where a resolution base's directory ends); safe code on every
//!   target, so reached directly rather than through `raw`;
//! - `escape`, `unescape`: the portable encoding and decoding loops;
//! - `raw`: the crate's only `unsafe` code, each piece with a safe twin
//!   (`--cfg uri_safe`), and the dispatch to vector loops.

/// Items compiled only where this build has vector kernels: on x86-64,
/// where the CPU can be asked what it runs (`std`), unless `--cfg
/// uri_safe` asks for the portable twins everywhere; `vector_kernels! {
/// else … }` for the items compiled otherwise. A new architecture adds
/// its `target_arch` here, and to the same condition on `raw`'s `mod
/// arch` declarations (written out there so that rustfmt reaches the
/// kernels' files; a mismatch fails the build), with its folder under
/// `raw/` (see `raw`'s docs for the recipe).
#[cfg(feature = "alloc")]
macro_rules! vector_kernels {
    (else $($item:item)*) => {$(
        #[cfg(not(all(target_arch = "x86_64", feature = "std", not(uri_safe))))]
        $item
    )*};
    ($($item:item)*) => {$(
        #[cfg(all(target_arch = "x86_64", feature = "std", not(uri_safe)))]
        $item
    )*};
}

#[cfg(feature = "alloc")]
pub(crate) mod escape;
#[cfg(feature = "alloc")]
pub(crate) mod name_tail;
#[cfg(feature = "alloc")]
pub(crate) mod raw;
#[cfg(feature = "alloc")]
pub(crate) mod scan;
#[cfg(feature = "alloc")]
pub(crate) mod unescape;
#[cfg(feature = "alloc")]
#[cfg_attr(
    uri_safe,
    allow(dead_code, reason = "checked against the standard library in tests")
)]
pub(crate) mod utf8;
#[cfg(feature = "alloc")]
pub(crate) mod words;
