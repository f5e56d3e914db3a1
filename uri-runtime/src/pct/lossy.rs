//! Decoding for text that must be shown or searched whatever its escapes
//! hold: nothing refused, nothing silently dropped.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

use uri_core::pct::lenient_byte_at;

use super::decode::decode_utf8;

/// Decodes `input` for display or search, never failing: a `%` that
/// starts no valid escape is kept as written (`100%` stays `100%`), and
/// escaped bytes that are not UTF-8 become U+FFFD REPLACEMENT CHARACTER,
/// one for each invalid sequence, as `String::from_utf8_lossy` writes them.
/// Borrowed when there is nothing to decode.
///
/// The strict decoders ([`decode_utf8`], [`decode`](super::decode())) stay
/// the ones to use for data a program acts on: they say where an escape
/// is wrong instead of guessing. Use this one where a person reads the
/// result (a log viewer, a search index), and compare with the strict
/// one when the difference matters.
///
/// ```
/// use std::borrow::Cow;
/// use uri_runtime::pct;
///
/// assert_eq!(pct::decode_lossy("caf%C3%A9"), "café");
/// assert_eq!(pct::decode_lossy("100%25 or 100%"), "100% or 100%");
/// assert_eq!(pct::decode_lossy("%FFok%zz"), "\u{FFFD}ok%zz");
/// assert!(matches!(pct::decode_lossy("plain"), Cow::Borrowed("plain")));
/// ```
pub fn decode_lossy(input: &str) -> Cow<'_, str> {
    match decode_utf8(input) {
        Ok(decoded) => decoded,
        Err(_) => Cow::Owned(decoded_as_possible(input)),
    }
}

/// Every valid escape decoded, every other byte kept, then the bytes read
/// as UTF-8 with replacement characters.
fn decoded_as_possible(input: &str) -> String {
    let bytes = input.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while let Some((byte, width)) = lenient_byte_at(bytes, i) {
        out.push(byte);
        i += width;
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::decode_lossy;

    #[test]
    fn keeps_what_it_cannot_decode_and_marks_what_is_not_utf8() {
        for (input, shown) in [
            ("a%20b", "a b"),
            ("%", "%"),
            ("%4", "%4"),
            ("%4g", "%4g"),
            ("%C3", "\u{FFFD}"),
            ("%C3%28", "\u{FFFD}("),
            ("é%E9", "é\u{FFFD}"),
            ("%F0%9F%98%80", "😀"),
            ("%F0%9F%98", "\u{FFFD}"),
        ] {
            assert_eq!(decode_lossy(input), shown, "{input}");
        }
    }
}
