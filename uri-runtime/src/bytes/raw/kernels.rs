//! The shape of an instruction set's row in the table of kernels: which
//! of the byte loops it runs faster than the portable code, and how to
//! ask the CPU whether it can.

use alloc::string::String;
use alloc::vec::Vec;

use uri_core::pct::EncodeSet;
use uri_core::{Components, ParseError, ParseOptions};

use crate::bytes::unescape::Replacements;

/// Appends `bytes` to `out` with every byte the set does not keep
/// escaped.
pub(super) type Encode = unsafe fn(out: &mut String, bytes: &[u8], set: &EncodeSet);

/// Appends `bytes` percent-decoded to `out`; the error is the index of a
/// `%` without two hex digits.
pub(super) type Decode = unsafe fn(out: &mut Vec<u8>, bytes: &[u8]) -> Result<Replacements, usize>;

/// `uri-core`'s grammar: a URI when `require_scheme`, else a reference.
pub(super) type Parse = unsafe fn(
    bytes: &[u8],
    require_scheme: bool,
    options: ParseOptions,
) -> Result<Components, ParseError>;

/// How many leading bytes the set keeps.
pub(super) type KeptPrefix = unsafe fn(bytes: &[u8], set: &EncodeSet) -> usize;

/// A yes-or-no question about a text.
pub(super) type Check = unsafe fn(bytes: &[u8]) -> bool;

/// [`Check`] with a prefix of the text the question also covers.
pub(super) type PrefixCheck = unsafe fn(bytes: &[u8], prefix: usize) -> bool;

/// One instruction set's kernels. Each is `unsafe` to call: only a CPU
/// for which [`supported`](Self::supported) says yes may run it. `None`:
/// nothing faster than the rows below (and, below them all, the portable
/// loops) for that job.
#[derive(Clone, Copy)]
pub(super) struct Kernels {
    /// The set's name, for the agreement checks' messages.
    pub(super) name: &'static str,
    /// Whether this CPU runs the kernels (asked at run time, and
    /// remembered by the standard library).
    pub(super) supported: fn() -> bool,
    /// Percent-encoding input of [`SHORT_INPUT`](super::dispatch) bytes
    /// and more.
    pub(super) encode: Option<Encode>,
    /// Percent-decoding: plain, and with `+` as a space.
    pub(super) decode: Option<[Decode; 2]>,
    /// The parser, for texts of sixteen bytes and more.
    pub(super) parse: Option<Parse>,
    /// The prefix an encode set keeps.
    pub(super) kept_prefix: Option<KeptPrefix>,
    /// Whether every escape is in normal form, and a prefix has no
    /// capital: in any text, and in one each `%` of which starts an
    /// escape (a URI's text), where a `%` need not be asked for its
    /// digits.
    pub(super) escapes_in_normal_form: Option<[PrefixCheck; 2]>,
    /// Whether a path has a `.` or `..` segment.
    pub(super) has_dot_segments: Option<Check>,
}

impl Kernels {
    /// No kernels: what a row starts from (`..Kernels::NONE`).
    pub(super) const NONE: Kernels = Kernels {
        name: "none",
        supported: || false,
        encode: None,
        decode: None,
        parse: None,
        kept_prefix: None,
        escapes_in_normal_form: None,
        has_dot_segments: None,
    };
}
