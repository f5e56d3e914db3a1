//! The agreement checks between each accelerated loop and its twin,
//! shared by the unit tests, the integration tests and the fuzz targets
//! (through `crate::__differential`): every vector parser against the
//! `const` parser, every decoding loop against the portable one, every
//! encoding loop against the table loop.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

#[cfg(all(target_arch = "x86_64", feature = "std", not(uri_safe)))]
use uri_core::ParseOptions;
use uri_core::pct::EncodeSet;

#[cfg(all(target_arch = "x86_64", feature = "std", not(uri_safe)))]
use super::Stamp;
use super::{Decoder, Encoder, kept_prefix, push_escaped, safe};
use crate::bytes::unescape::{self, Replacements};
use crate::bytes::{escape, scan};

/// Parses `text` with each vector parser this CPU runs ([`Stamp`]) and
/// with `uri-core`'s `const` parser, as a URI and as a reference, in the
/// grammars of RFC 3986 and RFC 3987, with and without zone identifiers,
/// and says where one differs: a verdict, a boundary, a host kind, an
/// error's index or kind. On a CPU without SSSE3 (or with
/// `--cfg uri_safe`) there is nothing to compare. The tests drive it with
/// the corpus and generated strings, the fuzz target `parsers` with the
/// fuzzer's.
pub(crate) fn every_parser_agrees(text: &str) -> Result<(), String> {
    #[cfg(all(target_arch = "x86_64", feature = "std", not(uri_safe)))]
    for stamp in Stamp::ALL.into_iter().filter(|stamp| stamp.is_supported()) {
        for require_scheme in [false, true] {
            for grammar in [ParseOptions::RFC3986, ParseOptions::RFC3987] {
                for options in [grammar, grammar.with_zone_ids()] {
                    let scalar = if require_scheme {
                        uri_core::parse_uri_with(text, options)
                    } else {
                        uri_core::parse_uri_reference_with(text, options)
                    };
                    // SAFETY: the CPU has what the stamp needs, as the
                    // filter checked.
                    let fast = unsafe { stamp.parse(text.as_bytes(), require_scheme, options) };
                    if fast != scalar {
                        return Err(format!(
                            "{text:?} (scheme required: {require_scheme}, {options:?}): \
                             {stamp:?} parser {fast:?}, const parser {scalar:?}"
                        ));
                    }
                }
            }
        }
    }
    #[cfg(not(all(target_arch = "x86_64", feature = "std", not(uri_safe))))]
    let _ = text;
    Ok(())
}

/// Decodes `text` through every loop, plain and form-style, and says
/// where one disagrees with the portable loop: other bytes, another error
/// index, or `Replacements::Ascii` where an escape decoded to a byte
/// outside ASCII (and `MaybeNonAscii` where the text and every escape are
/// ASCII). A loop this CPU lacks falls back to the portable one, so every
/// variant runs. The unit tests drive it with generated text, the fuzz
/// target `decoders` with the fuzzer's.
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
        let loops = Decoder::ALL.iter().map(|&decoder| {
            let mut out = Vec::new();
            let result = decoder.push_decoded(&mut out, text, form);
            (format!("{decoder:?}"), result, out)
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
/// the table loop. A loop this CPU lacks falls back to the portable one,
/// so every variant runs. The unit tests drive it with generated bytes,
/// the fuzz target `encoders` with the fuzzer's.
pub(crate) fn every_encoder_agrees(bytes: &[u8]) -> Result<(), String> {
    for set in SETS {
        let mut expected = String::from("é");
        escape::push_escaped(bytes, set, |escaped| {
            safe::push_ascii(&mut expected, escaped);
        });
        let mut fastest = String::from("é");
        push_escaped(&mut fastest, bytes, set);
        let loops = Encoder::ALL.iter().map(|&encoder| {
            let mut out = String::from("é");
            out.shrink_to_fit();
            encoder.push_escaped(&mut out, bytes, set);
            (format!("{encoder:?}"), out)
        });
        for (name, out) in core::iter::once(("the dispatcher".into(), fastest)).chain(loops) {
            if out != expected {
                return Err(format!("{name}, set keeping {:?}", kept_bytes(set)));
            }
        }
        let (prefix, table) = (kept_prefix(bytes, set), scan::kept_prefix(bytes, set));
        if prefix != table {
            return Err(format!("kept prefix {prefix}, table says {table}"));
        }
    }
    Ok(())
}

/// Sets with few and many kept bytes, and none.
pub(super) const SETS: [&EncodeSet; 5] = [
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
