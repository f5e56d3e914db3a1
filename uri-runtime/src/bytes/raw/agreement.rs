//! The agreement checks between each accelerated loop and its twin,
//! shared by the unit tests, the integration tests and the fuzz targets
//! (through `crate::__differential`): every vector parser against the
//! `const` parser, every decoding loop against the portable one, every
//! encoding loop against the table loop, every check of a text (escapes
//! in normal form, dot segments, the end of a name) against its portable
//! twin.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use uri_core::ParseOptions;
use uri_core::pct::EncodeSet;

use super::dispatch::{kept_prefix, portable_escaped, push_escaped, supported_sets};
use super::text::safe;
use crate::bytes::unescape::{self, Replacements};
use crate::bytes::{escape, scan};

/// Parses `text` with each vector parser this CPU runs (a row of the
/// kernel table with a `parse`) and with `uri-core`'s `const` parser, as
/// a URI and as a reference, in the grammars of RFC 3986 and RFC 3987,
/// with and without zone identifiers, and says where one differs: a
/// verdict, a boundary, a host kind, an error's index or kind. On a CPU
/// without SSSE3 (or with `--cfg uri_safe`) there is nothing to compare.
/// The tests drive it with the corpus and generated strings, the fuzz
/// target `parsers` with the fuzzer's.
pub(crate) fn every_parser_agrees(text: &str) -> Result<(), String> {
    for set in supported_sets() {
        let Some(parse) = set.parse else { continue };
        for require_scheme in [false, true] {
            for grammar in [ParseOptions::RFC3986, ParseOptions::RFC3987] {
                for options in [grammar, grammar.with_zone_ids()] {
                    let scalar = if require_scheme {
                        uri_core::parse_uri_with(text, options)
                    } else {
                        uri_core::parse_uri_reference_with(text, options)
                    };
                    // SAFETY: the kernel comes from a row this CPU runs.
                    let fast = unsafe { parse(text.as_bytes(), require_scheme, options) };
                    if fast != scalar {
                        return Err(format!(
                            "{text:?} (scheme required: {require_scheme}, {options:?}): \
                             {} parser {fast:?}, const parser {scalar:?}",
                            set.name
                        ));
                    }
                }
            }
        }
    }
    Ok(())
}

/// Decodes `text` through every loop, plain and form-style, and says
/// where one disagrees with the portable loop: other bytes, another error
/// index, or `Replacements::Ascii` where an escape decoded to a byte
/// outside ASCII (and `MaybeNonAscii` where the text and every escape are
/// ASCII). Every loop this CPU runs is compared. The unit tests drive it
/// with generated text, the fuzz target `decoders` with the fuzzer's.
pub(crate) fn every_decoder_agrees(text: &[u8]) -> Result<(), String> {
    // The bytes the escapes spell, where every `%` starts a well-formed
    // one (as when decoding succeeds).
    let only_ascii_decoded = (0..text.len())
        .filter_map(|at| uri_core::pct::decode_triplet(text, at, text.len()))
        .all(|b| b.is_ascii());
    for form in [false, true] {
        let mut portable = Vec::new();
        let plus = form.then_some(b'+');
        let expected = unescape::push_decoded(&mut portable, text, plus).map(|_| portable);
        let loops = supported_sets().filter_map(|set| {
            let decode = set.decode?[usize::from(form)];
            let mut out = Vec::new();
            // SAFETY: the kernel comes from a row this CPU runs.
            let result = unsafe { decode(&mut out, text) };
            Some((String::from(set.name), result, out))
        });
        let mut each = Vec::new();
        let each_result = unescape::push_decoded_each(&mut each, text, plus);
        let each = core::iter::once(("byte at a time".into(), each_result, each));
        for (name, result, out) in loops.chain(each) {
            let wrong = match result {
                _ if result.map(|_| &out) != expected.as_ref().map_err(|&at| at) => {
                    Some("other bytes or another error index")
                }
                Ok(Replacements::Ascii) if !only_ascii_decoded => Some("`Ascii` wrongly"),
                Ok(Replacements::MaybeNonAscii) if only_ascii_decoded && text.is_ascii() => {
                    Some("`MaybeNonAscii` for ASCII")
                }
                _ => None,
            };
            if let Some(wrong) = wrong {
                return Err(format!("{name} (form {form}): {wrong}"));
            }
        }
    }
    Ok(())
}

/// Encodes `bytes` with every set the tests use through every loop,
/// appended to text already there in a `String` with no spare room (the
/// AVX-512 loop reserves as it writes), and says where one differs from
/// the table loop: the dispatcher, the portable loop and every kernel
/// this CPU runs; and where the prefix each set keeps, by the dispatcher
/// and by every kernel, differs from the table's. The unit tests drive it
/// with generated bytes, the fuzz target `encoders` with the fuzzer's.
pub(crate) fn every_encoder_agrees(bytes: &[u8]) -> Result<(), String> {
    for set in SETS {
        let mut expected = String::from("é");
        escape::push_escaped(bytes, set, |escaped| {
            safe::push_ascii(&mut expected, escaped);
        });
        let mut fastest = String::from("é");
        push_escaped(&mut fastest, bytes, set);
        let loops = supported_sets().filter_map(|kernels| {
            let encode = kernels.encode?;
            let mut out = String::from("é");
            out.shrink_to_fit();
            // SAFETY: the kernel comes from a row this CPU runs.
            unsafe { encode(&mut out, bytes, set) };
            Some((String::from(kernels.name), out))
        });
        let mut portable = String::from("é");
        portable_escaped(&mut portable, bytes, set);
        let ours = [
            ("the dispatcher".into(), fastest),
            ("portable".into(), portable),
        ];
        for (name, out) in ours.into_iter().chain(loops) {
            if out != expected {
                return Err(format!("{name}, set keeping {:?}", kept_bytes(set)));
            }
        }
        let table = scan::kept_prefix(bytes, set);
        let kernels = supported_sets().filter_map(|kernels| {
            // SAFETY: the kernel comes from a row this CPU runs.
            let prefix = unsafe { (kernels.kept_prefix?)(bytes, set) };
            Some((kernels.name, prefix))
        });
        let dispatched = ("the dispatcher", kept_prefix(bytes, set));
        for (name, prefix) in core::iter::once(dispatched).chain(kernels) {
            if prefix != table {
                return Err(format!(
                    "{name}: kept prefix {prefix}, table says {table}, set keeping {:?}",
                    kept_bytes(set)
                ));
            }
        }
    }
    Ok(())
}

/// Sets with few and many kept bytes, and none.
pub(in crate::bytes::raw) const SETS: [&EncodeSet; 5] = [
    &uri_core::pct::UNRESERVED,
    &uri_core::pct::PATH,
    &uri_core::pct::QUERY_PARAM,
    &uri_core::pct::URI_CHARS,
    &EncodeSet::NONE,
];

/// The bytes `set` keeps, for a message.
fn kept_bytes(set: &EncodeSet) -> String {
    (0..=127u8)
        .filter(|&b| set.keeps(b))
        .map(char::from)
        .collect()
}

/// `text` with each `%` that two hex digits do not follow made an `x`:
/// a text in which every `%` starts an escape, as in a URI.
pub(crate) fn with_stray_percents_crossed(text: &[u8]) -> Vec<u8> {
    let escape_at = |i: usize| uri_core::pct::is_triplet(text, i, text.len());
    let crossed = |(i, &b): (usize, &u8)| if b == b'%' && !escape_at(i) { b'x' } else { b };
    text.iter().enumerate().map(crossed).collect()
}

/// Asks each check kernel this CPU runs, and its portable twin, about
/// `text`: whether its escapes are in normal form, with the capital-free
/// prefix ending at each of its first 130 bytes and at its end, and
/// whether it has a dot segment; and says where one answer differs. The
/// unit tests compare them on generated text, the fuzz target `checks`
/// on the fuzzer's.
pub(crate) fn every_check_agrees(text: &[u8]) -> Result<(), String> {
    let prefixes = (0..=text.len().min(130)).chain([text.len()]);
    // The same text with each `%` that starts no escape made an `x`, for
    // the kernels told that every `%` starts one.
    let proven = with_stray_percents_crossed(text);
    for set in supported_sets() {
        if let Some(checks) = set.escapes_in_normal_form {
            for (check, text) in [(checks[0], text), (checks[1], &proven[..])] {
                for prefix in prefixes.clone() {
                    // SAFETY: the kernel comes from a row this CPU runs.
                    let fast = unsafe { check(text, prefix) };
                    if fast != scan::escapes_in_normal_form(text, prefix) {
                        return Err(format!(
                            "{text:?}, prefix {prefix}: {} escape check says {fast}",
                            set.name
                        ));
                    }
                }
            }
        }
        if let Some(check) = set.has_dot_segments {
            // SAFETY: the kernel comes from a row this CPU runs.
            let fast = unsafe { check(text) };
            if fast != scan::has_dot_segments(text) {
                return Err(format!("{text:?}: {} dot check says {fast}", set.name));
            }
        }
    }
    names_agree(text)?;
    dotted_segments_agree(text)
}

/// The search for a segment starting with a dot, with SSE2, against its
/// portable twin, on every end of `text` from its first 40 bytes and
/// every start up to its 40th byte, so that a `/.` or `/%2e` meets each
/// step's edge and the text's.
fn dotted_segments_agree(text: &[u8]) -> Result<(), String> {
    let reach = text.len().min(40);
    let pieces = (0..=reach)
        .map(|start| &text[start..])
        .chain((0..=reach).map(|cut| &text[..text.len() - cut]));
    for piece in pieces {
        let fast = super::has_segment_starting_with_dot(piece);
        if fast != crate::bytes::scan::has_segment_starting_with_dot(piece) {
            return Err(format!("{piece:?}: segment starting with a dot: {fast}"));
        }
    }
    Ok(())
}

/// The end of a name read with SSE2 against its portable twin, for every
/// name that starts in the first 40 bytes of `text` and is at most 40
/// bytes long (the empty and the crossed ranges included).
fn names_agree(text: &[u8]) -> Result<(), String> {
    let reach = text.len().min(40);
    for start in 0..=reach + 1 {
        for end in start.saturating_sub(1)..=(start + 40).min(text.len() + 1) {
            let fast = super::name_tail(text, start..end);
            if fast != crate::bytes::name_tail::name_tail(text, start..end) {
                return Err(format!("{text:?}, name {start}..{end}: read as {fast:?}"));
            }
        }
    }
    Ok(())
}
