//! Strict decoding: every `%XX` becomes its byte, and anything else after
//! a `%` is an error at its offset.

use alloc::borrow::Cow;
use alloc::vec::Vec;

use uri_core::located::{Explain, Located};

use crate::bytes::unescape::Replacements;
use crate::bytes::{raw, scan};

/// Why percent-decoding failed, and where.
///
/// ```
/// use uri_runtime::pct::{self, DecodeErrorKind};
///
/// let err = pct::decode("ab%4").unwrap_err();
/// assert_eq!((err.index(), err.kind()), (2, DecodeErrorKind::InvalidEscape));
///
/// let err = pct::decode_utf8("ok%20%FF").unwrap_err();
/// assert_eq!((err.index(), err.len(), err.kind()), (5, 3, DecodeErrorKind::InvalidUtf8));
/// assert_eq!(err.render("ok%20%FF").to_string(), "ok%20%FF\n     ^^^");
/// ```
///
/// It covers the broken escape's `%`, or the escape (or character) where
/// the bad UTF-8 starts, and displays as what, where, and the fix.
pub type DecodeError = Located<DecodeErrorKind>;

/// What [`DecodeError`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DecodeErrorKind {
    /// A `%` not followed by two hex digits; the index points at the `%`.
    InvalidEscape,
    /// The decoded bytes are not UTF-8; the index points at the input byte
    /// (a `%` or a literal character) where the bad sequence starts.
    InvalidUtf8,
    /// The escapes spell a control character or a line break (C0, DEL,
    /// C1, U+2028, U+2029; see
    /// [`classes::is_control_or_line_break`](super::classes::is_control_or_line_break)),
    /// which the decoded accessors of a URI's names (user name,
    /// password, path segments, fragment) never hand out; the index
    /// points at the escape.
    ControlCharacter,
}

impl DecodeErrorKind {
    /// The kind's name in lowercase kebab case (`invalid-escape`,
    /// `invalid-utf8`, `control-character`), for output that a program
    /// reads, such as the command line's JSON.
    ///
    /// ```
    /// use uri_runtime::pct::DecodeErrorKind;
    ///
    /// assert_eq!(DecodeErrorKind::InvalidUtf8.name(), "invalid-utf8");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            DecodeErrorKind::InvalidEscape => "invalid-escape",
            DecodeErrorKind::InvalidUtf8 => "invalid-utf8",
            DecodeErrorKind::ControlCharacter => "control-character",
        }
    }
}

impl Explain for DecodeErrorKind {
    fn description(self) -> &'static str {
        match self {
            DecodeErrorKind::InvalidEscape => "invalid percent-encoding",
            DecodeErrorKind::InvalidUtf8 => "decoded text is not UTF-8",
            DecodeErrorKind::ControlCharacter => "escaped control character or line break",
        }
    }

    fn hint(self) -> Option<&'static str> {
        Some(match self {
            DecodeErrorKind::InvalidEscape => "\"%\" must be followed by two hex digits",
            DecodeErrorKind::InvalidUtf8 => {
                "the bytes from here are no UTF-8 character: decode to bytes \
                 (`pct::decode`), or lossily (`pct::decode_lossy`)"
            }
            DecodeErrorKind::ControlCharacter => {
                "decode the raw component with `pct::decode_utf8` to take it as it is, and \
                 escape it again before it reaches a log, a header or a terminal \
                 (`pct::encode_unshowable`)"
            }
        })
    }
}

/// Decodes every `%XX` triplet into its byte.
///
/// ```
/// use uri_runtime::pct;
///
/// assert_eq!(pct::decode("a%2Fb%00").unwrap().as_ref(), b"a/b\0");
/// assert!(pct::decode("%zz").is_err());
/// ```
///
/// # Errors
///
/// [`DecodeErrorKind::InvalidEscape`] at a `%` not followed by two hex
/// digits.
pub fn decode(input: &str) -> Result<Cow<'_, [u8]>, DecodeError> {
    decode_with(input, false).map(|(bytes, _)| bytes)
}

/// Decodes every `%XX` triplet and checks that the result is UTF-8.
///
/// ```
/// assert_eq!(uri_runtime::pct::decode_utf8("caf%C3%A9").unwrap(), "café");
/// ```
///
/// # Errors
///
/// [`DecodeErrorKind::InvalidEscape`] as [`decode`], or
/// [`DecodeErrorKind::InvalidUtf8`] at the input offset where the invalid
/// sequence starts.
pub fn decode_utf8(input: &str) -> Result<Cow<'_, str>, DecodeError> {
    into_utf8(input, decode_with(input, false)?)
}

/// Form-style decoding: like [`decode_utf8`], but `+` is a space.
///
/// ```
/// assert_eq!(uri_runtime::pct::decode_form_utf8("a+b%2Bc").unwrap(), "a b+c");
/// ```
///
/// # Errors
///
/// As [`decode_utf8`].
pub fn decode_form_utf8(input: &str) -> Result<Cow<'_, str>, DecodeError> {
    into_utf8(input, decode_with(input, true)?)
}

/// The decoded bytes, and what replaced the escapes.
type Decoded<'a> = (Cow<'a, [u8]>, Replacements);

fn decode_with(input: &str, plus_as_space: bool) -> Result<Decoded<'_>, DecodeError> {
    let bytes = input.as_bytes();
    let plus = plus_as_space.then_some(b'+');
    let first = scan::find(bytes, b'%', plus);
    if first == bytes.len() {
        return Ok((Cow::Borrowed(bytes), Replacements::Ascii));
    }
    // Decoding never lengthens: one allocation, sized up front.
    let mut out = Vec::with_capacity(bytes.len());
    out.extend_from_slice(&bytes[..first]);
    let replacements = raw::push_decoded(&mut out, &bytes[first..], plus_as_space)
        .map_err(|at| DecodeError::new(first + at, 1, DecodeErrorKind::InvalidEscape))?;
    Ok((Cow::Owned(out), replacements))
}

fn into_utf8<'a>(input: &'a str, decoded: Decoded<'a>) -> Result<Cow<'a, str>, DecodeError> {
    match decoded {
        // Nothing was decoded, so the bytes are the input's own.
        (Cow::Borrowed(_), _) => Ok(Cow::Borrowed(input)),
        (Cow::Owned(bytes), replacements) => raw::string_from_decoded(bytes, replacements)
            .map(Cow::Owned)
            .map_err(|err| {
                let at = input_offset(input, err.utf8_error().valid_up_to());
                // The escape, or the character, where the bad bytes start.
                let len = match input.as_bytes().get(at) {
                    Some(b'%') => 3,
                    _ => input
                        .get(at..)
                        .and_then(|rest| rest.chars().next())
                        .map_or(0, char::len_utf8),
                };
                DecodeError::new(at, len, DecodeErrorKind::InvalidUtf8)
            }),
    }
}

/// The input offset that decodes to output offset `target`.
fn input_offset(input: &str, target: usize) -> usize {
    let bytes = input.as_bytes();
    let (mut i, mut produced) = (0, 0);
    while produced < target && i < bytes.len() {
        i += if bytes[i] == b'%' { 3 } else { 1 };
        produced += 1;
    }
    i.min(bytes.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::String;
    #[test]
    fn utf8_error_index_points_into_the_input() {
        // "é" split: the lone continuation byte starts the bad sequence.
        let err = decode_utf8("ab%A9cd").unwrap_err();
        assert_eq!(err.index(), 2);
        // A literal non-ASCII char before the bad escape keeps offsets right.
        let err = decode_utf8("é%C3").unwrap_err();
        assert_eq!(err.index(), 2);
    }

    #[test]
    fn a_bad_escape_after_a_dense_run_is_reported_at_its_percent() {
        let text = "%41".repeat(9) + "%4G";
        let err = decode(&text).unwrap_err();
        assert_eq!(
            (err.index(), err.kind()),
            (27, DecodeErrorKind::InvalidEscape)
        );
        assert_eq!(
            decode(&"%41".repeat(9)).unwrap().as_ref(),
            "A".repeat(9).as_bytes()
        );
    }

    /// One byte at a time, as the RFC reads: what the block-wise decoder
    /// must agree with.
    fn decode_slowly(input: &[u8], plus_as_space: bool) -> Result<Vec<u8>, usize> {
        let (mut out, mut i) = (Vec::new(), 0);
        while let Some(&b) = input.get(i) {
            match b {
                b'%' => {
                    out.push(uri_core::pct::decode_triplet(input, i, input.len()).ok_or(i)?);
                    i += 3;
                }
                b'+' if plus_as_space => {
                    out.push(b' ');
                    i += 1;
                }
                _ => {
                    out.push(b);
                    i += 1;
                }
            }
        }
        Ok(out)
    }

    /// Runs of every length (short, across the 16- and 64-byte steps, and
    /// across stack blocks), dense escapes, `+`, and now and then a broken
    /// escape, against [`decode_slowly`].
    #[test]
    fn block_wise_decoding_agrees_with_byte_at_a_time() {
        let mut seed = 0x2F2F_u64;
        for round in 0..3000_u32 {
            let len = (crate::bytes::scan::tests::xorshift(&mut seed) % 2000) as usize;
            let escapes = 1 + crate::bytes::scan::tests::xorshift(&mut seed) % 60;
            let mut text = String::new();
            while text.len() < len {
                let r = crate::bytes::scan::tests::xorshift(&mut seed);
                match r % escapes {
                    0 if (r >> 8).is_multiple_of(64) => {
                        text.push_str(["%4", "%G1"][(r >> 16) as usize % 2]);
                    }
                    0 => text.push_str(["%41", "%e9", "%C3%A9", "%25"][(r >> 16) as usize % 4]),
                    1 => text.push('+'),
                    _ => text.push(char::from(b'a' + (r >> 16) as u8 % 26)),
                }
            }
            if round.is_multiple_of(7) {
                text.push('%');
            }
            for plus_as_space in [false, true] {
                let fast = decode_with(&text, plus_as_space)
                    .map(|(bytes, _)| bytes.into_owned())
                    .map_err(|err| err.index());
                let slow = decode_slowly(text.as_bytes(), plus_as_space);
                assert_eq!(fast, slow, "round {round}: {text:?}");
                let as_text = if plus_as_space {
                    decode_form_utf8(&text)
                } else {
                    decode_utf8(&text)
                };
                assert_eq!(
                    as_text.ok().map(Cow::into_owned),
                    slow.ok().and_then(|bytes| String::from_utf8(bytes).ok()),
                    "round {round}: {text:?}"
                );
            }
        }
    }

    #[test]
    fn form_decoding_turns_plus_into_space_only_when_asked() {
        assert_eq!(decode_utf8("a+b").unwrap(), "a+b");
        assert_eq!(decode_form_utf8("a+b").unwrap(), "a b");
    }
}
