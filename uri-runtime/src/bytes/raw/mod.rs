//! The crate's only `unsafe` code, each piece with a safe twin:
//!
//! - appending bytes the caller has already proven to be ASCII to a
//!   `String` without checking them a second time (percent-encoding writes
//!   three ASCII bytes per escaped byte; re-validating them costs more than
//!   the encoding itself);
//! - turning decoded bytes into a `String` after checking them with the
//!   state machine of `utf8.rs`, which is several times faster than the
//!   standard library's check on non-ASCII text, instead of checking them
//!   a second time, or without a check when the input was a `str` and
//!   every escape decoded to ASCII;
//! - on x86-64 CPUs with SSSE3 (detected at run time, so only with `std`),
//!   asking which of sixteen bytes an `EncodeSet` keeps with two byte
//!   shuffles instead of sixteen table lookups, and decoding sixteen
//!   escapes in a row with a handful of byte shuffles and comparisons
//!   (`x86.rs`; with AVX2, the marks of thirty-two bytes in one
//!   comparison);
//! - on x86-64, finding one byte (a `%`, a `.`, a `&`) sixteen bytes per
//!   comparison with SSE2, which every x86-64 CPU has, for the checks and
//!   splits that look through a URI for it;
//! - on x86-64 CPUs with SSSE3, parsing with `uri-core`'s grammar stamped
//!   out over a scan that classifies sixteen bytes at a time with the
//!   encoder's two shuffles (`x86::span`, `x86::encoded_span`), compiled
//!   for SSSE3 and so entered only after the CPU said it has it; on CPUs
//!   with AVX-512BW and AVX-512VBMI, stamped out once more over a scan of
//!   sixty-four bytes per step that looks every byte up in a table of all
//!   the classes at once and reads no byte past the scan's end
//!   (`scan512.rs`); the tests and the fuzz target `parsers` compare each
//!   with the `const` parser, their twin;
//! - on x86-64 CPUs with AVX-512BW and AVX-512VBMI, checking that a
//!   text's escapes are in normal form, and whether a path has a `.` or
//!   `..` segment, sixty-four bytes per step, with no branch per escape or
//!   dot (`scan512.rs`, the first with the parser's table);
//! - on x86-64 CPUs with AVX-512BW and AVX-512VBMI2, decoding sixty-four
//!   bytes per step without a branch, written straight into the output's
//!   spare capacity (`decode512.rs`), and encoding sixty-three bytes per
//!   step the same way, whatever share of them is escaped
//!   (`encode512.rs`, which needs AVX-512VBMI and BMI2 too).
//!
//! Building with `RUSTFLAGS="--cfg uri_safe"` uses the twins everywhere;
//! the tests below compare each piece with its twin on random input, and
//! every decoding loop the CPU runs with the portable one.
#![allow(unsafe_code)]

use alloc::string::{FromUtf8Error, String};
use alloc::vec::Vec;

use uri_core::pct::EncodeSet;
#[cfg(all(target_arch = "x86_64", feature = "std", not(uri_safe)))]
use uri_core::table::Class;
use uri_core::{Components, ParseError, ParseOptions};

use crate::bytes::escape::{self, Also};
use crate::bytes::scan;
use crate::bytes::unescape::{self, Replacements};

/// `bytes`, decoded from a `str` with the escapes replaced by
/// `replacements`, as a `String` if they are UTF-8, else the standard
/// library's error (which tells where the bad sequence starts).
pub(crate) fn string_from_decoded(
    bytes: Vec<u8>,
    #[cfg_attr(
        uri_safe,
        allow(unused_variables, reason = "the safe build checks every output")
    )]
    replacements: Replacements,
) -> Result<String, FromUtf8Error> {
    #[cfg(not(uri_safe))]
    if replacements == Replacements::Ascii {
        debug_assert!(core::str::from_utf8(&bytes).is_ok());
        // SAFETY: the bytes are a `str`'s own, whole characters (every mark
        // is ASCII, so no escape falls inside one), with escapes replaced
        // by ASCII bytes, which are characters of their own. That the
        // decoders report `Ascii` only then is tested against the bytes
        // they write, through every loop, on random text.
        return Ok(unsafe { String::from_utf8_unchecked(bytes) });
    }
    #[cfg(not(uri_safe))]
    if crate::bytes::utf8::is_utf8(&bytes) {
        // SAFETY: `is_utf8` accepts exactly the UTF-8 byte strings: its
        // tests compare it with the standard library's check on every pair
        // of bytes, every sequence of four bytes drawn from where the rules
        // change, and random text.
        return Ok(unsafe { String::from_utf8_unchecked(bytes) });
    }
    String::from_utf8(bytes)
}

/// Appends `bytes`, which must all be ASCII, to `out`.
#[inline]
pub(crate) fn push_ascii(out: &mut String, bytes: &[u8]) {
    debug_assert!(bytes.is_ascii());
    #[cfg(not(uri_safe))]
    // SAFETY: every caller passes bytes below 0x80 (escapes built from
    // `%` and `UPPER_HEX`, or bytes an `EncodeSet` keeps, which are ASCII
    // by construction), and ASCII is UTF-8 on its own, so `out` stays
    // UTF-8 whatever surrounds the new bytes.
    unsafe { out.as_mut_vec() }.extend_from_slice(bytes);
    #[cfg(uri_safe)]
    safe::push_ascii(out, bytes);
}

/// Inputs shorter than this are escaped a byte at a time
/// ([`escape::push_each`]): for them, zeroing the block loops' stack
/// buffer (1.5 KB) costs more than the bytes do. Template values and path
/// segments are mostly this short.
const SHORT_INPUT: usize = 32;

/// Appends `bytes` to `out` with every byte `set` does not keep escaped,
/// through the fastest loop this CPU runs ([`Encoder`]).
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
    Encoder::fastest().push_escaped(out, bytes, set);
}

/// The percent-encoding loops for long input, fastest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Encoder {
    /// Sixty-three bytes per step, in three rounds of twenty-one packed
    /// with `vpcompressb` when any is escaped (`encode512.rs`).
    #[cfg(all(target_arch = "x86_64", feature = "std", not(uri_safe)))]
    Avx512,
    /// Which of thirty-two bytes to escape as a bit mask, from byte
    /// shuffles (`x86.rs`, around `escape::masked`).
    #[cfg(all(target_arch = "x86_64", feature = "std", not(uri_safe)))]
    Ssse3,
    /// Safe code for every CPU: the set's table, eight bytes at a time
    /// (`escape.rs`).
    Portable,
}

impl Encoder {
    const ALL: &[Self] = &[
        #[cfg(all(target_arch = "x86_64", feature = "std", not(uri_safe)))]
        Self::Avx512,
        #[cfg(all(target_arch = "x86_64", feature = "std", not(uri_safe)))]
        Self::Ssse3,
        Self::Portable,
    ];

    fn fastest() -> Self {
        Self::ALL
            .iter()
            .copied()
            .find(|encoder| encoder.is_supported())
            .unwrap_or(Self::Portable)
    }

    /// Whether this CPU has the instructions the loop needs (asked at run
    /// time, and remembered by the standard library).
    fn is_supported(self) -> bool {
        match self {
            #[cfg(all(target_arch = "x86_64", feature = "std", not(uri_safe)))]
            Self::Avx512 => {
                std::is_x86_feature_detected!("avx512bw")
                    && std::is_x86_feature_detected!("avx512vbmi")
                    && std::is_x86_feature_detected!("avx512vbmi2")
                    && std::is_x86_feature_detected!("bmi2")
            }
            #[cfg(all(target_arch = "x86_64", feature = "std", not(uri_safe)))]
            Self::Ssse3 => std::is_x86_feature_detected!("ssse3"),
            Self::Portable => true,
        }
    }

    /// [`push_escaped`] through this loop, or through the portable one if
    /// this CPU cannot run it.
    fn push_escaped(self, out: &mut String, bytes: &[u8], set: &EncodeSet) {
        let portable = |out: &mut String| {
            escape::push_escaped(bytes, set, |escaped| push_ascii(out, escaped));
        };
        if !self.is_supported() {
            return portable(out);
        }
        // SAFETY (every arm): the CPU has the features the loop needs, as
        // `is_supported` just said.
        match self {
            #[cfg(all(target_arch = "x86_64", feature = "std", not(uri_safe)))]
            Self::Avx512 => unsafe { encode512::push_escaped(out, bytes, set) },
            #[cfg(all(target_arch = "x86_64", feature = "std", not(uri_safe)))]
            Self::Ssse3 => unsafe { x86::push_escaped(out, bytes, set) },
            Self::Portable => portable(out),
        }
    }
}

/// How many leading bytes of `bytes` `set` keeps, sixteen bytes at a time
/// with SSSE3 when the CPU has it.
pub(crate) fn kept_prefix(bytes: &[u8], set: &EncodeSet) -> usize {
    #[cfg(all(target_arch = "x86_64", feature = "std", not(uri_safe)))]
    if std::is_x86_feature_detected!("ssse3") {
        // SAFETY: the CPU supports SSSE3, as just checked.
        return unsafe { x86::kept_prefix(bytes, set) };
    }
    scan::kept_prefix(bytes, set)
}

/// The index of the first `needle` in `bytes`, for texts of tens of bytes
/// such as a URI or its components: sixteen bytes per comparison on
/// x86-64, else a machine word at a time
/// ([`scan::position_in_short`], the safe twin).
#[inline]
pub(crate) fn position(bytes: &[u8], needle: u8) -> Option<usize> {
    #[cfg(all(
        target_arch = "x86_64",
        target_feature = "sse2",
        feature = "std",
        not(uri_safe)
    ))]
    if bytes.len() >= 16 {
        // SAFETY: the build targets SSE2, as the `cfg` says (every x86-64
        // target does).
        return unsafe { x86::position(bytes, needle) };
    }
    scan::position_in_short(bytes, needle)
}

/// [`scan::escapes_in_normal_form`], sixty-four bytes per step with no
/// branch per escape on CPUs with AVX-512BW and AVX-512VBMI.
pub(crate) fn escapes_in_normal_form(bytes: &[u8]) -> bool {
    #[cfg(all(target_arch = "x86_64", feature = "std", not(uri_safe)))]
    if Stamp::Avx512.is_supported() {
        // SAFETY: the CPU supports AVX-512BW and AVX-512VBMI, as just
        // checked.
        return unsafe { scan512::escapes_in_normal_form(bytes) };
    }
    scan::escapes_in_normal_form(bytes)
}

/// [`scan::has_dot_segments`], sixty-four bytes per step with no branch
/// per dot on CPUs with AVX-512BW and AVX-512VBMI.
pub(crate) fn has_dot_segments(bytes: &[u8]) -> bool {
    #[cfg(all(target_arch = "x86_64", feature = "std", not(uri_safe)))]
    if Stamp::Avx512.is_supported() {
        // SAFETY: the CPU supports AVX-512BW and AVX-512VBMI, as just
        // checked.
        return unsafe { scan512::has_dot_segments(bytes) };
    }
    scan::has_dot_segments(bytes)
}

/// Appends `bytes` percent-decoded to `out`, with `+` decoded to a space
/// for forms; the error is the index of a `%` without two hex digits.
/// Through the fastest loop this CPU runs ([`Decoder`]), except for short
/// input (a query key or value), decoded a byte at a time before a vector
/// loop would have asked the CPU what it has and set up its masks.
pub(crate) fn push_decoded(
    out: &mut Vec<u8>,
    bytes: &[u8],
    form: bool,
) -> Result<Replacements, usize> {
    if bytes.len() < SHORT_INPUT {
        return unescape::push_decoded_each(out, bytes, form.then_some(b'+'));
    }
    Decoder::fastest().push_decoded(out, bytes, form)
}

/// The percent-decoding loops, fastest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Decoder {
    /// Sixty-four bytes per step whatever they hold, packed with
    /// `vpcompressb` (`decode512.rs`).
    #[cfg(all(target_arch = "x86_64", feature = "std", not(uri_safe)))]
    Avx512,
    /// [`Decoder::Ssse3`] with the marks of thirty-two bytes in one
    /// comparison (`x86.rs`).
    #[cfg(all(target_arch = "x86_64", feature = "std", not(uri_safe)))]
    Avx2,
    /// The marks of thirty-two bytes as a bit mask, sixteen escapes in a
    /// row at once (`x86.rs`, around `unescape::masked`).
    #[cfg(all(target_arch = "x86_64", feature = "std", not(uri_safe)))]
    Ssse3,
    /// Safe code for every CPU (`unescape.rs`).
    Portable,
}

impl Decoder {
    const ALL: &[Self] = &[
        #[cfg(all(target_arch = "x86_64", feature = "std", not(uri_safe)))]
        Self::Avx512,
        #[cfg(all(target_arch = "x86_64", feature = "std", not(uri_safe)))]
        Self::Avx2,
        #[cfg(all(target_arch = "x86_64", feature = "std", not(uri_safe)))]
        Self::Ssse3,
        Self::Portable,
    ];

    /// The loops this CPU runs, fastest first; the portable one always.
    fn supported() -> impl Iterator<Item = Self> {
        Self::ALL
            .iter()
            .copied()
            .filter(|decoder| decoder.is_supported())
    }

    fn fastest() -> Self {
        Self::supported().next().unwrap_or(Self::Portable)
    }

    /// Whether this CPU has the instructions the loop needs (asked at run
    /// time, and remembered by the standard library).
    fn is_supported(self) -> bool {
        match self {
            #[cfg(all(target_arch = "x86_64", feature = "std", not(uri_safe)))]
            Self::Avx512 => {
                std::is_x86_feature_detected!("avx512bw")
                    && std::is_x86_feature_detected!("avx512vbmi2")
            }
            #[cfg(all(target_arch = "x86_64", feature = "std", not(uri_safe)))]
            Self::Avx2 => std::is_x86_feature_detected!("avx2"),
            #[cfg(all(target_arch = "x86_64", feature = "std", not(uri_safe)))]
            Self::Ssse3 => std::is_x86_feature_detected!("ssse3"),
            Self::Portable => true,
        }
    }

    /// [`push_decoded`] through this loop, or through the portable one if
    /// this CPU cannot run it.
    fn push_decoded(
        self,
        out: &mut Vec<u8>,
        bytes: &[u8],
        form: bool,
    ) -> Result<Replacements, usize> {
        if form {
            self.run::<true>(out, bytes)
        } else {
            self.run::<false>(out, bytes)
        }
    }

    /// [`Decoder::push_decoded`], for forms when `FORM`.
    fn run<const FORM: bool>(self, out: &mut Vec<u8>, bytes: &[u8]) -> Result<Replacements, usize> {
        if !self.is_supported() {
            return unescape::push_decoded(out, bytes, FORM.then_some(b'+'));
        }
        // SAFETY (every arm): the CPU has the features the loop needs, as
        // `is_supported` just said.
        match self {
            #[cfg(all(target_arch = "x86_64", feature = "std", not(uri_safe)))]
            Self::Avx512 => unsafe { decode512::push_decoded::<FORM>(out, bytes) },
            #[cfg(all(target_arch = "x86_64", feature = "std", not(uri_safe)))]
            Self::Avx2 => unsafe { x86::push_decoded_avx2::<FORM>(out, bytes) },
            #[cfg(all(target_arch = "x86_64", feature = "std", not(uri_safe)))]
            Self::Ssse3 => unsafe { x86::push_decoded::<FORM>(out, bytes) },
            Self::Portable => unescape::push_decoded(out, bytes, FORM.then_some(b'+')),
        }
    }
}

/// `uri-core`'s parser, as `parse_uri_with` (`require_scheme`) or
/// `parse_uri_reference_with`: its grammar stamped out again over the
/// fastest vector scan this CPU runs ([`Stamp`]), else `scalar`, the
/// `const` entry point for the same grammar and options (whose options
/// the compiler can fold). All run the same grammar, so they differ only
/// in speed; [`every_parser_agrees`] is how the tests and the fuzz target
/// `parsers` check that.
#[inline]
pub(crate) fn parse(
    text: &str,
    require_scheme: bool,
    options: ParseOptions,
    scalar: impl FnOnce(&str) -> Result<Components, ParseError>,
) -> Result<Components, ParseError> {
    #[cfg(all(target_arch = "x86_64", feature = "std", not(uri_safe)))]
    if text.len() >= Stamp::SHORTEST
        && let Some(stamp) = Stamp::ALL.into_iter().find(|stamp| stamp.is_supported())
    {
        // SAFETY: the CPU has what the stamp needs, as just checked.
        return unsafe { stamp.parse(text.as_bytes(), require_scheme, options) };
    }
    #[cfg(not(all(target_arch = "x86_64", feature = "std", not(uri_safe))))]
    let _ = (require_scheme, options);
    scalar(text)
}

/// The grammar's expansions over vector scans, fastest first.
#[cfg(all(target_arch = "x86_64", feature = "std", not(uri_safe)))]
#[derive(Clone, Copy, Debug)]
enum Stamp {
    /// Over [`scan512`]: sixty-four bytes per step, every class in one
    /// table lookup, and no step reads past the scan's end.
    Avx512,
    /// Over [`x86::span`]: thirty-two bytes per step, two byte shuffles
    /// per sixteen bytes and class.
    Ssse3,
}

#[cfg(all(target_arch = "x86_64", feature = "std", not(uri_safe)))]
impl Stamp {
    const ALL: [Self; 2] = [Self::Avx512, Self::Ssse3];

    /// The shortest text worth a vector parser. Shorter ones (most
    /// relative references) take the `const` parser: its loops run a few
    /// times per component, and cost less than a vector step when the CPU
    /// predicts them. The SSSE3 scans need a whole window of sixteen bytes
    /// besides. Measured on the RFC 3986 section 5.4 references, the
    /// AVX-512 parser was a tenth slower than the `const` one; on the
    /// corpus, whose lines of sixteen bytes and more are nine in ten, the
    /// vector parsers win.
    const SHORTEST: usize = 16;

    /// Whether this CPU has the instructions the scans need (asked at run
    /// time, and remembered by the standard library).
    fn is_supported(self) -> bool {
        match self {
            Self::Avx512 => {
                std::is_x86_feature_detected!("avx512bw")
                    && std::is_x86_feature_detected!("avx512vbmi")
            }
            Self::Ssse3 => std::is_x86_feature_detected!("ssse3"),
        }
    }

    /// The grammar's `parse` over this stamp's scans.
    ///
    /// # Safety
    ///
    /// The CPU must have what the stamp needs ([`Stamp::is_supported`]).
    #[inline]
    unsafe fn parse(
        self,
        b: &[u8],
        require_scheme: bool,
        options: ParseOptions,
    ) -> Result<Components, ParseError> {
        // SAFETY (each arm): the caller has checked the CPU.
        match self {
            Self::Avx512 => unsafe { avx512_grammar::parse(b, require_scheme, options) },
            Self::Ssse3 => unsafe { ssse3::parse(b, require_scheme, options) },
        }
    }
}

/// The grammar of `uri-core` over [`scan512::span`]; its functions may
/// run only on CPUs with AVX-512BW and AVX-512VBMI.
#[cfg(all(target_arch = "x86_64", feature = "std", not(uri_safe)))]
mod avx512_grammar {
    uri_core::__grammar!(
        attrs: [#[target_feature(enable = "avx512bw,avx512vbmi")]],
        qualifier: [],
        span: super::scan512::span,
        encoded_span: super::scan512::encoded_span,
    );
}

/// The grammar of `uri-core` over [`x86::span`]; its functions may run
/// only on CPUs with SSSE3.
#[cfg(all(target_arch = "x86_64", feature = "std", not(uri_safe)))]
mod ssse3 {
    uri_core::__grammar!(
        attrs: [#[target_feature(enable = "ssse3")]],
        qualifier: [],
        span: super::x86::span,
        encoded_span: super::x86::encoded_span,
    );
}

/// The nibble rows (see [`EncodeSet::nibble_rows`]) of the set that keeps
/// exactly the bytes of `class`, for the classes the parser scans, found
/// by the class's one bit; `None` for other classes, which the scalar scan
/// handles.
#[cfg(all(target_arch = "x86_64", feature = "std", not(uri_safe)))]
#[inline(always)]
fn span_rows(class: Class) -> Option<&'static [u8; 16]> {
    use uri_core::table;
    const ROWS: [Option<[u8; 16]>; 32] = {
        let mut rows = [None; 32];
        let scanned = [
            table::PATH,
            table::QUERY_FRAGMENT,
            table::REG_NAME,
            table::USERINFO,
            table::SCHEME,
        ];
        let mut k = 0;
        while k < scanned.len() {
            let class = scanned[k];
            assert!(class.bits().is_power_of_two());
            let set = EncodeSet::keeping(class);
            rows[class.bits().trailing_zeros() as usize] = Some(*set.nibble_rows());
            k += 1;
        }
        rows
    };
    let bits = class.bits();
    if !bits.is_power_of_two() {
        return None;
    }
    ROWS[bits.trailing_zeros() as usize].as_ref()
}

#[cfg(all(target_arch = "x86_64", feature = "std", not(uri_safe)))]
mod decode512;
#[cfg(all(target_arch = "x86_64", feature = "std", not(uri_safe)))]
mod encode512;
#[cfg(all(target_arch = "x86_64", feature = "std", not(uri_safe)))]
mod scan512;
#[cfg(all(target_arch = "x86_64", feature = "std", not(uri_safe)))]
mod x86;

mod agreement;
pub(crate) use agreement::{every_decoder_agrees, every_encoder_agrees, every_parser_agrees};

/// The safe twins, also what `--cfg uri_safe` builds.
mod safe {
    use alloc::string::String;

    #[cfg_attr(not(uri_safe), allow(dead_code, reason = "compared in tests"))]
    pub(super) fn push_ascii(out: &mut String, bytes: &[u8]) {
        out.extend(bytes.iter().map(|&b| char::from(b)));
    }
}

#[cfg(test)]
mod tests {
    use super::agreement::SETS;
    use super::*;
    use crate::bytes::scan::tests::xorshift;
    use alloc::vec::Vec;

    /// `n` rounds, or a few under Miri, which interprets every instruction
    /// (`scripts/miri.sh`); the few still reach every loop's vector steps.
    const fn rounds(n: usize) -> usize {
        if cfg!(miri) { 12 } else { n }
    }

    /// Text of at least `len` bytes: `x` runs (so that runs cross a
    /// vector step's end) with one of `pieces` in place of one `x` in
    /// `plain`, on average.
    fn text_of(seed: &mut u64, pieces: &[&[u8]], len: u64, plain: u64) -> Vec<u8> {
        let mut text = Vec::new();
        while (text.len() as u64) < len {
            let r = xorshift(seed);
            let piece = if r.is_multiple_of(plain) {
                pieces[(r >> 8) as usize % pieces.len()]
            } else {
                b"x"
            };
            text.extend_from_slice(piece);
        }
        text
    }

    #[test]
    fn unchecked_push_matches_the_safe_one_on_random_ascii() {
        let mut seed = 0x3986_u64;
        for _ in 0..rounds(1000) {
            let seed = xorshift(&mut seed);
            let len = (seed % 64) as usize;
            let bytes: Vec<u8> = (0..len)
                .map(|k| ((seed >> (k % 57)) & 0x7F) as u8)
                .collect();
            let (mut fast, mut slow) = (String::from("é"), String::from("é"));
            push_ascii(&mut fast, &bytes);
            safe::push_ascii(&mut slow, &bytes);
            assert_eq!(fast, slow);
        }
    }

    /// Random bytes, from all-kept to all-escaped, through every encoding
    /// loop and the table loop ([`every_encoder_agrees`]). In every other
    /// round the odd bytes are letters among non-ASCII ones, as in text
    /// that is mostly CJK, so that runs of sixteen escaped bytes are
    /// common.
    #[test]
    fn every_encoder_matches_the_table_loop_on_random_bytes() {
        let mut seed = 0x2396_u64;
        for round in 0..rounds(2000) {
            let len = (xorshift(&mut seed) % 1200) as usize;
            let odd_ones = 1 + xorshift(&mut seed) % 30;
            let (common, odd) = if round % 2 == 0 {
                (b'a'..=b'z', 0..=255)
            } else {
                (0x80..=0xFF, b'a'..=b'z')
            };
            let pick = |range: core::ops::RangeInclusive<u8>, r: u64| {
                range.start() + (r % (u64::from(range.end() - range.start()) + 1)) as u8
            };
            let bytes: Vec<u8> = (0..len)
                .map(|_| {
                    let r = xorshift(&mut seed);
                    if r.is_multiple_of(odd_ones) {
                        pick(odd.clone(), r >> 8)
                    } else {
                        pick(common.clone(), r >> 8)
                    }
                })
                .collect();
            if let Err(disagreement) = every_encoder_agrees(&bytes) {
                panic!("round {round}: {disagreement}: {bytes:?}");
            }
        }
    }

    /// The search for one byte against its safe twin, on texts of every
    /// length up to three windows with the byte nowhere, once, or many
    /// times, so that a match falls in every step and in the overlapping
    /// last window.
    #[test]
    fn the_byte_search_matches_its_twin() {
        let pieces: [&[u8]; 4] = [b"%", b"%%", b"\xA5", b"a"];
        let mut seed = 0x2e_u64;
        for round in 0..rounds(20_000) {
            let (len, sparse) = (xorshift(&mut seed) % 50, 1 + xorshift(&mut seed) % 40);
            let bytes = text_of(&mut seed, &pieces, len, sparse);
            assert_eq!(
                position(&bytes, b'%'),
                scan::position_in_short(&bytes, b'%'),
                "round {round}: {bytes:?}"
            );
        }
    }

    /// The normal-form check of escapes against its portable twin, on text
    /// built from escapes of every kind (uppercase and lowercase digits,
    /// reserved, unreserved and non-ASCII bytes, malformed) and plain
    /// bytes, so that escapes start at every offset of a step and straddle
    /// its end and the text's.
    #[test]
    fn the_escape_check_matches_its_twin() {
        let pieces: [&[u8]; 18] = [
            b"%41", b"%2F", b"%2f", b"%7E", b"%C3", b"%a9", b"%31", b"%3D", b"%5B", b"%E2", b"%",
            b"%4", b"%G1", b"%%", b"a", b"/", b"-", b"\xC3",
        ];
        let mut seed = 0x622_u64;
        for round in 0..rounds(50_000) {
            let (len, plain) = (xorshift(&mut seed) % 150, 1 + xorshift(&mut seed) % 8);
            let text = text_of(&mut seed, &pieces, len, plain);
            assert_eq!(
                escapes_in_normal_form(&text),
                scan::escapes_in_normal_form(&text),
                "round {round}: {:?}",
                alloc::string::String::from_utf8_lossy(&text)
            );
        }
    }

    /// The dot-segment check against its portable twin and against the
    /// segments themselves, on paths long enough to cross several steps,
    /// so that a segment straddles a step's end and the path's.
    #[test]
    fn the_dot_segment_check_matches_its_twin() {
        let pieces: [&[u8]; 9] = [b"/", b".", b"..", b"...", b"a", b"a.", b".a", b"//", b"%2E"];
        let mut seed = 0x524_u64;
        for round in 0..rounds(50_000) {
            let (len, plain) = (xorshift(&mut seed) % 200, 1 + xorshift(&mut seed) % 12);
            let path = text_of(&mut seed, &pieces, len, plain);
            let dotted = path
                .split(|&b| b == b'/')
                .any(|segment| matches!(segment, b"." | b".."));
            let context = alloc::format!("round {round}: {:?}", String::from_utf8_lossy(&path));
            assert_eq!(scan::has_dot_segments(&path), dotted, "{context}");
            assert_eq!(has_dot_segments(&path), dotted, "{context}");
        }
    }

    /// The vector scans against the scalar ones on random text for every
    /// class the parser scans (and one it does not, which falls back),
    /// with `from` and `to` anywhere, past the end and crossed included:
    /// the parser over them is only as right as they are. The whole
    /// parsers are compared on the same text.
    #[cfg(all(target_arch = "x86_64", feature = "std", not(uri_safe)))]
    #[test]
    fn vector_scans_match_the_scalar_ones_on_random_text() {
        use uri_core::table;
        if !std::is_x86_feature_detected!("ssse3") {
            return;
        }
        let wide = Stamp::Avx512.is_supported();
        let classes = [
            table::PATH,
            table::QUERY_FRAGMENT,
            table::REG_NAME,
            table::USERINFO,
            table::SCHEME,
            table::DIGIT,
            table::PCHAR.union(table::SCHEME),
        ];
        // Non-ASCII bytes too: their low seven bits are letters and digits.
        let pieces: [&[u8]; 14] = [
            b"a",
            b"Z",
            b"0",
            b"%41",
            b"%4",
            b"%",
            b"/",
            b"?",
            b"#",
            b"@",
            b":",
            b" ",
            b"\xC1",
            "\u{e9}".as_bytes(),
        ];
        let mut seed = 0x3986_0016_u64;
        for round in 0..rounds(20_000) {
            let len = xorshift(&mut seed) % 60;
            let text = text_of(&mut seed, &pieces, len, 3);
            if let Ok(text) = core::str::from_utf8(&text) {
                every_parser_agrees(text).unwrap();
            }
            let from = (xorshift(&mut seed) % (len + 3)) as usize;
            let to = (xorshift(&mut seed) % (len + 3)) as usize;
            for class in classes {
                // SAFETY: the CPU supports SSSE3, checked above, and
                // AVX-512BW and AVX-512VBMI where `wide` says so.
                let mut scans = alloc::vec![unsafe {
                    (
                        x86::span(class, &text, from, to),
                        x86::encoded_span(class, &text, from, to),
                    )
                }];
                if wide {
                    scans.push(unsafe {
                        (
                            scan512::span(class, &text, from, to),
                            scan512::encoded_span(class, &text, from, to),
                        )
                    });
                }
                let context = alloc::format!("round {round}: {class:?} {from}..{to} of {text:?}");
                for (span, encoded) in scans {
                    assert_eq!(span, class.span(&text, from, to), "{context}");
                    assert_eq!(
                        encoded,
                        uri_core::parse::encoded_span(class, &text, from, to),
                        "{context}"
                    );
                }
            }
        }
    }

    /// Random text, from plain to all escapes, with now and then a broken
    /// escape (a bad digit, a lone `%`) anywhere, even in the middle of a
    /// long run of escapes or across a step's end: every loop must give
    /// the same bytes, or the same error index, as the portable loop, and
    /// say `Replacements::Ascii` exactly when it may (a loop this CPU lacks
    /// falls back to the portable one).
    #[test]
    fn every_decoder_matches_the_portable_loop_on_random_text() {
        let mut seed = 0x3986_2396_u64;
        for round in 0..rounds(3000) {
            let len = (xorshift(&mut seed) % 1500) as usize;
            let plain = xorshift(&mut seed) % 8;
            let broken = 1 + xorshift(&mut seed) % 400;
            // A third of the texts escape only ASCII bytes.
            let escaped_bytes = if round % 3 == 0 { 0x80 } else { 0x100 };
            let mut text = Vec::new();
            while text.len() < len {
                let r = xorshift(&mut seed);
                if r % 8 < plain {
                    let plain: [&[u8]; 5] = [b"a", b"+", b"7", b"F", "\u{e9}".as_bytes()];
                    text.extend_from_slice(plain[(r >> 8) as usize % 5]);
                } else if (r >> 16).is_multiple_of(broken) {
                    text.extend_from_slice(
                        [&b"%4"[..], b"%G1", b"%1g", b"%"][(r >> 24) as usize % 4],
                    );
                } else {
                    text.extend_from_slice(&encode_byte_for_test(
                        ((r >> 32) % escaped_bytes) as u8,
                        r >> 40 & 1 == 1,
                    ));
                }
            }
            if let Err(disagreement) = every_decoder_agrees(&text) {
                panic!("round {round}: {disagreement}: {text:?}");
            }
        }
    }

    /// `%XX` for `b`, with lowercase digits when asked.
    fn encode_byte_for_test(b: u8, lowercase: bool) -> [u8; 3] {
        let mut triplet = uri_core::pct::encode_byte(b);
        if lowercase {
            triplet = triplet.map(|d| d.to_ascii_lowercase());
        }
        triplet
    }

    #[cfg(all(target_arch = "x86_64", feature = "std", not(uri_safe)))]
    #[test]
    fn vector_classification_matches_the_table_for_every_byte() {
        for set in SETS {
            for first in (0..=255u8).step_by(16) {
                let chunk: [u8; 16] = core::array::from_fn(|k| first + k as u8);
                let Some(escapes) = x86::escapes_of(&chunk, set) else {
                    return;
                };
                for (k, &b) in chunk.iter().enumerate() {
                    assert_eq!(escapes >> k & 1 == 1, !set.keeps(b), "{set:?} {b:#x}");
                }
            }
        }
    }
}
