//! Encoding: every byte a set does not keep becomes `%XX`, in uppercase
//! hex, through the byte loops of `bytes`.

use alloc::borrow::Cow;
use alloc::string::String;

use uri_core::pct::{EncodeSet, QUERY_PARAM};

use crate::bytes::escape::Also;
use crate::bytes::raw;

/// Encodes every byte of `input` that `set` does not keep, `%` included,
/// so that [`decode`](super::decode()) always gives `input` back.
///
/// ```
/// use uri_runtime::pct;
///
/// assert_eq!(pct::encode("a b/c", &pct::PATH_SEGMENT), "a%20b%2Fc");
/// assert_eq!(pct::encode("100%", &pct::PATH), "100%25");
/// assert_eq!(pct::encode("été", &pct::UNRESERVED), "%C3%A9t%C3%A9");
/// assert!(matches!(pct::encode("plain", &pct::PATH), std::borrow::Cow::Borrowed(_)));
/// ```
pub fn encode<'a>(input: &'a str, set: &EncodeSet) -> Cow<'a, str> {
    encode_with(input, set, Also::NOTHING)
}

/// Like [`encode`], but keeps valid `%XX` triplets as they are, encoding
/// only a `%` that does not start one: for text that may already be partly
/// encoded, such as user-typed paths.
///
/// ```
/// use uri_runtime::pct;
///
/// assert_eq!(pct::encode_keep_escapes("my%20file 100%", &pct::PATH), "my%20file%20100%25");
/// ```
pub fn encode_keep_escapes<'a>(input: &'a str, set: &EncodeSet) -> Cow<'a, str> {
    encode_with(input, set, Also::ESCAPES)
}

/// Form-style encoding (`application/x-www-form-urlencoded` values): like
/// [`encode`] with [`QUERY_PARAM`], but a space becomes `+`.
///
/// ```
/// assert_eq!(uri_runtime::pct::encode_form("a b+c&d"), "a+b%2Bc%26d");
/// ```
pub fn encode_form(input: &str) -> Cow<'_, str> {
    encode_form_with(input, &QUERY_PARAM)
}

/// [`encode_form`] with another set than `QUERY_PARAM` (a space still
/// written `+`).
pub(crate) fn encode_form_with<'a>(input: &'a str, set: &EncodeSet) -> Cow<'a, str> {
    encode_with(input, set, Also::SPACE_AS_PLUS)
}

fn encode_with<'a>(input: &'a str, set: &EncodeSet, also: Also) -> Cow<'a, str> {
    let first = raw::kept_prefix(input.as_bytes(), set);
    if first == input.len() {
        return Cow::Borrowed(input);
    }
    let mut out = String::with_capacity(encoded_len_guess(input.as_bytes(), first, set));
    push_with(&mut out, input, set, also);
    Cow::Owned(out)
}

/// The capacity to allocate for encoding `bytes`, whose first byte to
/// escape is at `first`: as if the rest escaped as many bytes as its first
/// sixty-four do, and at least one byte in four. Exact for short text; for
/// long text, one allocation instead of a growth from 1.5 to 3 times the
/// input for non-ASCII text (each growth a copy, or a fresh mapping whose
/// pages fault in).
fn encoded_len_guess(bytes: &[u8], first: usize, set: &EncodeSet) -> usize {
    let rest = &bytes[first..];
    let sample = &rest[..rest.len().min(64)];
    let escaped = sample.iter().filter(|&&b| !set.keeps(b)).count();
    let estimate = (rest.len() / sample.len().max(1)).saturating_mul(escaped);
    bytes.len() + 2 * estimate.max(bytes.len() / 4) + 8
}

/// Appends `input` to `out`, encoding every byte `set` does not keep, `%`
/// included: [`encode`] into a buffer the caller already has.
pub(crate) fn push_encoded(out: &mut String, input: &str, set: &EncodeSet) {
    push_with(out, input, set, Also::NOTHING);
}

/// Appends `input` to `out` as [`encode_keep_escapes`] would write it.
pub(crate) fn push_encoded_keep_escapes(out: &mut String, input: &str, set: &EncodeSet) {
    push_with(out, input, set, Also::ESCAPES);
}

/// The block loops for plain encoding, the byte loop for the modes that
/// keep more than the set.
fn push_with(out: &mut String, input: &str, set: &EncodeSet, also: Also) {
    if also == Also::NOTHING {
        raw::push_escaped(out, input.as_bytes(), set);
    } else {
        raw::push_escaped_each(out, input.as_bytes(), set, also);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use uri_core::pct::PATH;

    #[test]
    fn keep_escapes_encodes_only_broken_percents() {
        assert_eq!(encode_keep_escapes("%41%4%zz%", &PATH), "%41%254%25zz%25");
    }
}
