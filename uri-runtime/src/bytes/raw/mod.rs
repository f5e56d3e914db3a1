//! The crate's only `unsafe` code, each piece with a safe twin:
//!
//! - appending bytes the caller has already proven to be ASCII to a
//!   `String` without checking them a second time (percent-encoding writes
//!   three ASCII bytes per escaped byte; re-validating them costs more than
//!   the encoding itself), and turning decoded bytes into a `String` after
//!   checking them with the state machine of `utf8.rs`, which is several
//!   times faster than the standard library's check on non-ASCII text,
//!   instead of checking them a second time, or without a check when the
//!   input was a `str` and every escape decoded to ASCII (`text.rs`);
//! - a string written into capacity reserved once, whose length is set
//!   once at the end, so that the compiler keeps it in registers
//!   (`reserved.rs`), and short pieces appended to it or to a `String`
//!   with two overlapping copies of fixed width instead of a call to
//!   `memcpy` (`append.rs`);
//! - the vector kernels, by instruction set, each entered only after the
//!   CPU said it has what the kernel is compiled for (`x86_64/`):
//!   - SSE2, which every x86-64 CPU has: finding one byte (a `%`, a `.`,
//!     a `&`) sixteen bytes per comparison, and reading the end of a
//!     dotted name (a host a policy classifies) as two vectors
//!     (`sse2.rs`);
//!   - SSSE3: which of sixteen bytes an `EncodeSet` keeps with two byte
//!     shuffles instead of sixteen table lookups, for encoding and for the
//!     parser's scans, over which `uri-core`'s grammar is stamped out
//!     once more; decoding sixteen escapes in a row with a handful of
//!     shuffles and comparisons (`ssse3.rs`);
//!   - AVX2: the parser's scans with SSSE3's classifier on thirty-two
//!     bytes at once, and the text classified once, sixty-four bytes a
//!     block, into one mask per class, which the grammar stamped out over
//!     them reads its spans from (`x86_64/masks.rs`); normalization's
//!     two checks (escapes in normal form, dot segments) thirty-two bytes
//!     a step, and the SSSE3 decoder with the marks of thirty-two bytes in
//!     one comparison (`avx2/`);
//!   - AVX-512: with VBMI, the parser's scans sixty-four bytes per step,
//!     every byte looked up in a table of all the classes at once, with no
//!     read past the scan's end, the same lookup classifying a block for
//!     the masks the grammar stamped out over them reads, and
//!     normalization's two checks (escapes in normal form, dot segments)
//!     with no branch per escape or dot; with VBMI2, decoding sixty-four
//!     and encoding sixty-three bytes per step without a branch, written
//!     straight into the output's spare capacity (`avx512/`).
//!
//! `dispatch.rs` holds the safe choosers the rest of the crate calls: each
//! takes the kernel from the first row of the table (`arch::SETS`,
//! fastest first) that this CPU runs and that has one, else the portable
//! loop. `agreement.rs` compares every kernel this CPU runs with its twin,
//! for the tests and the fuzz targets.
//!
//! A new kernel for an instruction set the table has is one file and
//! one row entry: AVX2's parser is `x86_64/avx2/classify.rs` (over the
//! scans of `scan.rs`), the grammar stamped out over it in
//! `x86_64/avx2/mod.rs`, and `parse:` in that row.
//! A new architecture (ARM NEON, say) is one folder and two lines:
//!
//! 1. `aarch64/mod.rs` with `SETS`, its rows fastest first, each a
//!    `const Kernels` naming `#[target_feature]` functions with the
//!    signatures of [`kernels`] (`..Kernels::NONE` for the jobs it does
//!    not speed up) and the run-time test of its features; and the three
//!    safe choosers every architecture module has (`position`,
//!    `has_segment_starting_with_dot`, `name_tail`), which may call the
//!    portable twins;
//! 2. its `target_arch` in `vector_kernels!` (`bytes/mod.rs`) and in
//!    the same condition on the two `mod arch` declarations here, with
//!    its `path` line.
//!
//! The choosers in `dispatch.rs`, the agreement checks and their tests
//! then take its kernels with no change; a parser kernel is the
//! `__grammar!` stamp over the set's scans, as in `ssse3.rs`.
//!
//! Building with `RUSTFLAGS="--cfg uri_safe"` uses the twins everywhere;
//! the tests compare each piece with its twin on random input, and every
//! decoding loop the CPU runs with the portable one. `--cfg
//! uri_no_avx512` keeps the vector kernels but leaves AVX-512's rows out
//! of x86-64's table (`x86_64/mod.rs`).
#![allow(unsafe_code)]

mod agreement;
mod append;
mod dispatch;
mod kernels;
mod reserved;
mod text;
// This build's kernels: the architecture's folder where it has vector
// kernels, else the portable twins alone. The condition is
// `vector_kernels!`'s, written out because rustfmt does not look inside a
// macro call for modules; the two assertions below fail the build where
// the two conditions part.
#[cfg(all(target_arch = "x86_64", feature = "std", not(uri_safe)))]
#[path = "x86_64/mod.rs"]
mod arch;
#[cfg(not(all(target_arch = "x86_64", feature = "std", not(uri_safe))))]
#[path = "portable.rs"]
mod arch;
vector_kernels! {
    const _: () = assert!(!arch::SETS.is_empty(), "`mod arch` names the portable twins");
}
vector_kernels! { else
    const _: () = assert!(arch::SETS.is_empty(), "`mod arch` names vector kernels");
}

#[cfg(test)]
mod tests;

pub(crate) use agreement::{
    every_check_agrees, every_decoder_agrees, every_encoder_agrees, every_parser_agrees,
};
#[cfg(not(uri_safe))]
pub(crate) use append::push_str;
#[cfg(uri_safe)]
pub(crate) use append::safe::push_str;
pub(crate) use dispatch::{
    escapes_in_normal_form, has_dot_segments, has_segment_starting_with_dot, kept_prefix,
    name_tail, parse, position, push_decoded, push_escaped, push_escaped_each,
    uri_escapes_in_normal_form,
};
#[cfg(not(uri_safe))]
pub(crate) use reserved::Reserved;
#[cfg(uri_safe)]
pub(crate) use reserved::safe::Reserved;
pub(crate) use text::string_from_decoded;
