//! The safe choosers: each byte loop the crate calls, run through the
//! fastest kernel this CPU has for it ([`chosen`]) or through its portable
//! twin.

use alloc::string::String;
use alloc::vec::Vec;
use core::ops::Range;

use uri_core::pct::EncodeSet;
use uri_core::{Components, ParseError, ParseOptions};

use super::kernels::Kernels;
use super::text::push_ascii;
use crate::bytes::escape::{self, Also};
use crate::bytes::name_tail::NameTail;
use crate::bytes::scan;
use crate::bytes::unescape::{self, Replacements};

/// This build's rows (none without vector kernels; see `vector_kernels!`).
use super::arch::SETS;

/// The rows of the table this CPU runs, fastest first.
pub(super) fn supported_sets() -> impl Iterator<Item = &'static Kernels> {
    SETS.iter().filter(|set| (set.supported)())
}

/// For each job, the kernel of the first row this CPU runs that has one:
/// chosen once, on the first call (the CPU's answers do not change), so
/// that a call costs a load and an indirect call, not a walk through the
/// table asking for each row's features.
#[cfg(feature = "std")]
#[inline]
fn chosen() -> &'static Kernels {
    static CHOSEN: std::sync::OnceLock<Kernels> = std::sync::OnceLock::new();
    if SETS.is_empty() {
        return &Kernels::NONE;
    }
    CHOSEN.get_or_init(|| Kernels {
        name: "the fastest this CPU runs",
        supported: || true,
        encode: supported_sets().find_map(|set| set.encode),
        decode: supported_sets().find_map(|set| set.decode),
        parse: supported_sets().find_map(|set| set.parse),
        kept_prefix: supported_sets().find_map(|set| set.kept_prefix),
        escapes_in_normal_form: supported_sets().find_map(|set| set.escapes_in_normal_form),
        has_dot_segments: supported_sets().find_map(|set| set.has_dot_segments),
    })
}

/// Without `std` the CPU cannot be asked, and the build has no rows.
#[cfg(not(feature = "std"))]
fn chosen() -> &'static Kernels {
    &Kernels::NONE
}

/// Inputs shorter than this are escaped a byte at a time
/// ([`escape::push_each`]): for them, zeroing the block loops' stack
/// buffer (1.5 KB) costs more than the bytes do. Template values and path
/// segments are mostly this short.
const SHORT_INPUT: usize = 32;

/// Appends `bytes` to `out` with every byte `set` does not keep escaped,
/// through the fastest loop this CPU runs.
#[inline]
pub(crate) fn push_escaped(out: &mut String, bytes: &[u8], set: &EncodeSet) {
    if bytes.len() < SHORT_INPUT {
        push_escaped_each(out, bytes, set, Also::NOTHING);
    } else {
        push_escaped_blocks(out, bytes, set);
    }
}

/// Appends `bytes` to `out` with every byte `set` does not keep escaped,
/// except what `also` keeps, a byte at a time.
pub(crate) fn push_escaped_each(out: &mut String, bytes: &[u8], set: &EncodeSet, also: Also) {
    escape::push_each(bytes, set, also, |kept| push_ascii(out, kept));
}

/// [`push_escaped`] for long input, out of line so that a short value
/// does not pay for setting up this frame.
#[inline(never)]
fn push_escaped_blocks(out: &mut String, bytes: &[u8], set: &EncodeSet) {
    match chosen().encode {
        // SAFETY: the kernel comes from a row this CPU runs.
        Some(encode) => unsafe { encode(out, bytes, set) },
        None => portable_escaped(out, bytes, set),
    }
}

/// The portable encoding loop: the set's table, eight bytes at a time
/// (`escape.rs`).
pub(super) fn portable_escaped(out: &mut String, bytes: &[u8], set: &EncodeSet) {
    escape::push_escaped(bytes, set, |escaped| push_ascii(out, escaped));
}

/// How many leading bytes of `bytes` `set` keeps, sixteen bytes at a time
/// with SSSE3 when the CPU has it.
pub(crate) fn kept_prefix(bytes: &[u8], set: &EncodeSet) -> usize {
    match chosen().kept_prefix {
        // SAFETY: the kernel comes from a row this CPU runs.
        Some(kept_prefix) => unsafe { kept_prefix(bytes, set) },
        None => scan::kept_prefix(bytes, set),
    }
}

/// The index of the first `needle` in `bytes`, for texts of tens of bytes
/// such as a URI or its components: sixteen bytes per comparison on
/// x86-64, else a machine word at a time
/// ([`scan::position_in_short`], the safe twin).
#[inline]
pub(crate) fn position(bytes: &[u8], needle: u8) -> Option<usize> {
    super::arch::position(bytes, needle)
}

/// Whether a segment of the path `bytes` starts with a dot, written
/// (`.`) or escaped (`%2e`, `%2E`): sixteen places per step on x86-64
/// (a path shorter than two steps read from a zeroed block), else the
/// portable twin ([`scan::has_segment_starting_with_dot`]).
#[inline]
pub(crate) fn has_segment_starting_with_dot(bytes: &[u8]) -> bool {
    super::arch::has_segment_starting_with_dot(bytes)
}

/// The end of the name `text[name]`, read as SSE2 vectors on x86-64
/// (the safe twin: [`crate::bytes::name_tail::name_tail`]); `None` where
/// a block cannot be read at each end.
#[inline]
pub(crate) fn name_tail(text: &[u8], name: Range<usize>) -> Option<NameTail> {
    super::arch::name_tail(text, name)
}

/// [`scan::escapes_in_normal_form`] with no branch per escape: sixty-four
/// bytes per step on CPUs with AVX-512BW and AVX-512VBMI, thirty-two with
/// AVX2.
pub(crate) fn escapes_in_normal_form(bytes: &[u8], lowercase_until: usize) -> bool {
    match chosen().escapes_in_normal_form {
        // SAFETY: the kernel comes from a row this CPU runs.
        Some([check, _]) => unsafe { check(bytes, lowercase_until) },
        None => scan::escapes_in_normal_form(bytes, lowercase_until),
    }
}

/// [`escapes_in_normal_form`] of a URI's or an IRI's text, where each
/// `%` starts an escape (the grammar has no other): the vector rows then
/// skip reading a `%`'s two digits as hex. A stray `%` there may be read as an escape of whatever follows
/// it, so the debug builds hold the caller to its word.
pub(crate) fn uri_escapes_in_normal_form(bytes: &[u8], lowercase_until: usize) -> bool {
    debug_assert!(every_percent_starts_an_escape(bytes), "{bytes:?}");
    match chosen().escapes_in_normal_form {
        // SAFETY: the kernel comes from a row this CPU runs.
        Some([_, check]) => unsafe { check(bytes, lowercase_until) },
        None => scan::escapes_in_normal_form(bytes, lowercase_until),
    }
}

/// Whether each `%` of `bytes` is followed by two hex digits.
fn every_percent_starts_an_escape(bytes: &[u8]) -> bool {
    (0..bytes.len()).all(|i| bytes[i] != b'%' || uri_core::pct::is_triplet(bytes, i, bytes.len()))
}

/// [`scan::has_dot_segments`] with no branch per dot: sixty-four bytes
/// per step on CPUs with AVX-512BW and AVX-512VBMI, thirty-two with
/// AVX2.
pub(crate) fn has_dot_segments(bytes: &[u8]) -> bool {
    match chosen().has_dot_segments {
        // SAFETY: the kernel comes from a row this CPU runs.
        Some(check) => unsafe { check(bytes) },
        None => scan::has_dot_segments(bytes),
    }
}

/// Appends `bytes` to `out` percent-decoded, with `+` decoded to a space
/// for forms; the error is the index of a `%` without two hex digits.
/// Through the fastest loop this CPU runs, except for short input (a
/// query key or value), decoded a byte at a time before a vector loop
/// would have asked the CPU what it has and set up its masks.
pub(crate) fn push_decoded(
    out: &mut Vec<u8>,
    bytes: &[u8],
    form: bool,
) -> Result<Replacements, usize> {
    if bytes.len() < SHORT_INPUT {
        return unescape::push_decoded_each(out, bytes, form.then_some(b'+'));
    }
    match chosen().decode {
        // SAFETY: the kernel comes from a row this CPU runs.
        Some(decode) => unsafe { decode[usize::from(form)](out, bytes) },
        None => unescape::push_decoded(out, bytes, form.then_some(b'+')),
    }
}

/// The shortest text worth a vector parser. Shorter ones (most relative
/// references) take the `const` parser: its loops run a few times per
/// component, and cost less than a vector step when the CPU predicts
/// them. The SSSE3 scans need a whole window of sixteen bytes besides.
/// Measured on the RFC 3986 section 5.4 references, the AVX-512 parser
/// was a tenth slower than the `const` one; on the corpus, whose lines of
/// sixteen bytes and more are nine in ten, the vector parsers win.
const SHORTEST_PARSED: usize = 16;

/// `uri-core`'s parser, as `parse_uri_with` (`require_scheme`) or
/// `parse_uri_reference_with`: its grammar stamped out again over the
/// fastest vector scans this CPU runs (see `chosen_parse`), else
/// `scalar`, the `const` entry point for the same grammar and options
/// (whose options the compiler can fold). All run the same grammar, so
/// they differ only in speed;
/// [`every_parser_agrees`](super::every_parser_agrees) is how the tests
/// and the fuzz target `parsers` check that.
#[inline]
pub(crate) fn parse(
    text: &str,
    require_scheme: bool,
    options: ParseOptions,
    scalar: impl FnOnce(&str) -> Result<Components, ParseError>,
) -> Result<Components, ParseError> {
    // Without vector kernels (`SETS` empty, as it is without `std`) the
    // test is a constant and the `const` parser is all there is.
    #[cfg(feature = "std")]
    if !SETS.is_empty() && text.len() >= SHORTEST_PARSED {
        // SAFETY: the kernel is given a `str`'s bytes, as it asks.
        return unsafe { chosen_parse::kernel()(text.as_bytes(), require_scheme, options) };
    }
    #[cfg(not(feature = "std"))]
    let _ = (require_scheme, options, SHORTEST_PARSED);
    scalar(text)
}

/// `uri-core`'s `const` parser by the entry point `require_scheme` names
/// (`parse_uri_with`, else `parse_uri_reference_with`): what every vector
/// parser must answer, and what a CPU without one runs.
pub(super) fn const_parse(
    text: &str,
    require_scheme: bool,
    options: ParseOptions,
) -> Result<Components, ParseError> {
    if require_scheme {
        uri_core::parse_uri_with(text, options)
    } else {
        uri_core::parse_uri_reference_with(text, options)
    }
}

/// The parser kernel this CPU runs, as a function pointer that one load
/// reads: the first call chooses it (through [`chosen`]) and leaves it
/// there for the next.
///
/// Every parse of sixteen bytes and more goes through here, so its cost
/// is paid per URI: read through [`chosen`], the call asked whether the
/// choice was made and whether the row had a parser, and its caller kept
/// registers saved across the two tests; here it is one load (the count
/// is in BENCHMARKS.md, "The parser classifies once"). The other jobs run
/// on longer input, where a call's few instructions do not show, and keep
/// [`chosen`].
#[cfg(feature = "std")]
mod chosen_parse {
    use core::sync::atomic::{AtomicPtr, Ordering};

    use uri_core::{Components, ParseError, ParseOptions};

    use super::super::kernels::Parse;

    /// Only ever a [`Parse`]: `first` until the first call, then the
    /// chosen kernel or `portable`. Read and written `Relaxed`: the
    /// pointer is all that passes between threads, and each value it
    /// holds parses correctly on this CPU (a thread that still reads
    /// `first` chooses again, the same kernel).
    static KERNEL: AtomicPtr<()> = AtomicPtr::new(first as *mut ());

    /// The kernel to call, on the bytes of a `str` only.
    #[inline]
    pub(super) fn kernel() -> Parse {
        let kernel = KERNEL.load(Ordering::Relaxed);
        // SAFETY: `KERNEL` only ever holds a `Parse` (above).
        unsafe { core::mem::transmute::<*mut (), Parse>(kernel) }
    }

    /// Chooses the kernel, keeps it for the next calls, and parses.
    unsafe fn first(
        bytes: &[u8],
        require_scheme: bool,
        options: ParseOptions,
    ) -> Result<Components, ParseError> {
        let kernel: Parse = super::chosen().parse.unwrap_or(portable);
        KERNEL.store(kernel as *mut (), Ordering::Relaxed);
        // SAFETY: the kernel comes from a row this CPU runs, and the
        // caller hands it a `str`'s bytes.
        unsafe { kernel(bytes, require_scheme, options) }
    }

    /// `uri-core`'s parser, where no row this CPU runs has a parser (an
    /// x86-64 CPU without SSSE3).
    unsafe fn portable(
        bytes: &[u8],
        require_scheme: bool,
        options: ParseOptions,
    ) -> Result<Components, ParseError> {
        // SAFETY: the caller hands the kernels a `str`'s bytes.
        let text = unsafe { core::str::from_utf8_unchecked(bytes) };
        super::const_parse(text, require_scheme, options)
    }

    #[cfg(test)]
    mod tests {
        use alloc::format;
        use alloc::string::String;
        use uri_core::ParseOptions;

        use super::super::const_parse;
        use super::{first, kernel, portable};

        /// The first call, the kernel it leaves behind and the portable
        /// fallback give the `const` parser's answer, errors included,
        /// for texts of every length class and both entry points.
        #[test]
        fn every_way_in_gives_the_const_parsers_answer() {
            let long: String = format!("https://example.com/{}?q=%41%zz", "a/b%20c".repeat(40));
            let texts = [
                "",
                "g;x?y#s",
                "https://example.com/a?b#c",
                "http://[::1]:8080/x",
                "http://192.0.2.16:80/",
                "mailto:someone@example.org",
                "http://h:80x/",
                "1http://h/",
                "//example.com/relative/path",
                "http://exa mple.com/with a space in it",
                "http://例え.jp/パス",
                &long,
            ];
            for text in texts {
                for require_scheme in [false, true] {
                    for options in [ParseOptions::RFC3986, ParseOptions::RFC3987] {
                        let expected = const_parse(text, require_scheme, options);
                        let bytes = text.as_bytes();
                        // SAFETY: each is given a `str`'s bytes; `first` and
                        // `kernel` a kernel this CPU runs.
                        let (by_first, by_kernel, by_portable) = unsafe {
                            (
                                first(bytes, require_scheme, options),
                                kernel()(bytes, require_scheme, options),
                                portable(bytes, require_scheme, options),
                            )
                        };
                        assert_eq!(by_first, expected, "{text:?}");
                        assert_eq!(by_kernel, expected, "{text:?}");
                        assert_eq!(by_portable, expected, "{text:?}");
                    }
                }
            }
        }
    }
}
