//! Query parameters: `&`-separated `key=value` pairs, decoded, and a writer
//! that appends encoded pairs.

use alloc::borrow::Cow;
use alloc::string::String;
use core::iter::FusedIterator;

use crate::bytes::{raw, scan};
use crate::pct::{DecodeError, QUERY_PARAM, decode_form_utf8, decode_utf8, encode, encode_form};
use crate::value::buf::{UriBuf, UriRefBuf};
use crate::value::uri::{Uri, UriRef};

/// The decoded `key=value` pairs of a query, in order. Each side is
/// percent-decoded as UTF-8 (and, form-style, `+` is a space), borrowed
/// from the query when nothing needed decoding. A pair without `=` has the
/// value `""`; empty pieces (`a=1&&b=2`) are skipped. For the raw pairs,
/// which tell `k` from `k=`, see [`QueryPairs`](crate::query::QueryPairs).
///
/// Values are data, not names: unlike the decoded user name, password,
/// segments and fragment, they may hold any character, line breaks and
/// controls included (a form's text area sends `%0D%0A`). Escape one
/// again before it reaches a log, a header or a terminal
/// ([`pct::encode_unshowable`](crate::pct::encode_unshowable)).
///
/// ```
/// use std::borrow::Cow;
/// use uri_runtime::Uri;
///
/// let uri = Uri::parse("http://h/?q=caf%C3%A9+au+lait&flag&x=1")?;
/// let pairs: Vec<_> = uri.query_params().collect::<Result<_, _>>()?;
/// assert_eq!(pairs, [("q".into(), "café+au+lait".into()), ("flag".into(), "".into()), ("x".into(), "1".into())]);
/// assert!(matches!(pairs[2].1, Cow::Borrowed(_)));
///
/// let form: Vec<_> = uri.form_params().collect::<Result<_, _>>()?;
/// assert_eq!(form[0].1, "café au lait");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// An item is a [`DecodeError`] when its escapes do not decode to UTF-8;
/// the error's index is an offset into the query. The iterator goes on
/// with the next pair.
#[derive(Clone, Debug)]
pub struct QueryParams<'a> {
    rest: &'a str,
    offset: usize,
    form: bool,
}

impl<'a> QueryParams<'a> {
    /// The pairs of `query` (the text after `?`), `+` left as it is.
    pub fn new(query: &'a str) -> QueryParams<'a> {
        QueryParams {
            rest: query,
            offset: 0,
            form: false,
        }
    }

    /// The pairs of `query`, form-style: `+` is a space
    /// (`application/x-www-form-urlencoded`).
    pub fn form(query: &'a str) -> QueryParams<'a> {
        QueryParams {
            rest: query,
            offset: 0,
            form: true,
        }
    }

    /// `text`, decoded when `coded` says it holds an escape (or,
    /// form-style, a `+`); errors shifted to `at`, its offset in the query.
    fn decode(&self, text: &'a str, at: usize, coded: bool) -> Result<Cow<'a, str>, DecodeError> {
        if !coded {
            return Ok(Cow::Borrowed(text));
        }
        let decoded = if self.form {
            decode_form_utf8(text)
        } else {
            decode_utf8(text)
        };
        decoded.map_err(|err| err.offset_by(at))
    }
}

/// One decoded pair, or where it failed to decode.
pub type QueryParam<'a> = Result<(Cow<'a, str>, Cow<'a, str>), DecodeError>;

impl<'a> Iterator for QueryParams<'a> {
    type Item = QueryParam<'a>;

    fn next(&mut self) -> Option<QueryParam<'a>> {
        loop {
            if self.rest.is_empty() {
                return None;
            }
            let pair = Pair::find(self.rest.as_bytes(), self.form);
            let (piece, rest) = self.rest.split_at(pair.end);
            let start = self.offset;
            self.rest = rest.strip_prefix('&').unwrap_or(rest);
            self.offset += pair.end + 1;
            if piece.is_empty() {
                continue;
            }
            let (key, value, value_at) = match pair.eq {
                Some(eq) => (&piece[..eq], &piece[eq + 1..], start + eq + 1),
                None => (piece, "", start + piece.len()),
            };
            let key = self.decode(key, start, pair.key_coded);
            let pair =
                key.and_then(|key| Ok((key, self.decode(value, value_at, pair.value_coded)?)));
            return Some(pair);
        }
    }
}

/// Where the first pair of a query ends and where its `=` is, with
/// whether its key and its value hold anything to decode (`%`, or
/// form-style `+`). Each is a search a word or a vector at a time: a loop
/// that stops at every structural byte branches unpredictably, and pairs
/// are short.
struct Pair {
    end: usize,
    eq: Option<usize>,
    key_coded: bool,
    value_coded: bool,
}

impl Pair {
    fn find(bytes: &[u8], form: bool) -> Pair {
        let end = raw::position(bytes, b'&').unwrap_or(bytes.len());
        let piece = &bytes[..end];
        let eq = raw::position(piece, b'=');
        let plus = form.then_some(b'+');
        let first_coded = scan::find(piece, b'%', plus);
        let key_end = eq.unwrap_or(end);
        let (key_coded, value_coded) = if first_coded < key_end {
            let value = piece.get(key_end + 1..).unwrap_or_default();
            (true, scan::find(value, b'%', plus) < value.len())
        } else {
            (false, first_coded < end)
        };
        Pair {
            end,
            eq,
            key_coded,
            value_coded,
        }
    }
}

impl FusedIterator for QueryParams<'_> {}

/// Writes a query from raw pairs, encoding each key and value so that its
/// `&`, `=`, `+` and `#` cannot be mistaken for structure.
///
/// ```
/// use uri_runtime::{query::QueryWriter, UriBuilder};
///
/// let mut query = QueryWriter::new();
/// query.append("q", "a&b=c").append("lang", "fr").append_key("debug");
/// assert_eq!(query.as_str(), "q=a%26b%3Dc&lang=fr&debug");
///
/// let mut form = QueryWriter::form();
/// form.append("name", "Zoë Dupont");
/// assert_eq!(form.as_str(), "name=Zo%C3%AB+Dupont");
///
/// let uri = UriBuilder::new().scheme("https").host("example.com").query_encoded(query.as_str()).build()?;
/// assert_eq!(uri, "https://example.com?q=a%26b%3Dc&lang=fr&debug");
/// # Ok::<(), uri_runtime::BuildError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct QueryWriter {
    text: String,
    form: bool,
}

impl QueryWriter {
    /// An empty query; spaces are written `%20`.
    pub fn new() -> QueryWriter {
        QueryWriter::default()
    }

    /// An empty form-style query; spaces are written `+`.
    pub fn form() -> QueryWriter {
        QueryWriter {
            text: String::new(),
            form: true,
        }
    }

    /// Appends `key=value`, both encoded.
    pub fn append(&mut self, key: &str, value: &str) -> &mut QueryWriter {
        self.append_key(key);
        self.text.push('=');
        self.push_encoded(value);
        self
    }

    /// Appends a key without `=` or value, encoded.
    pub fn append_key(&mut self, key: &str) -> &mut QueryWriter {
        if !self.text.is_empty() {
            self.text.push('&');
        }
        self.push_encoded(key);
        self
    }

    fn push_encoded(&mut self, raw: &str) {
        if self.form {
            self.text.push_str(&encode_form(raw));
        } else {
            self.text.push_str(&encode(raw, &QUERY_PARAM));
        }
    }

    /// The query written so far, without a `?`.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// Whether nothing has been appended.
    pub fn is_empty(&self) -> bool {
        self.text.is_empty()
    }

    /// The query, given back.
    pub fn into_string(self) -> String {
        self.text
    }
}

// The decoding accessors, for every type with a query.
impl_each! {
    [Uri<'a>, UriRef<'a>, UriBuf, UriRefBuf]
    {
        /// The query's pairs, percent-decoded; see [`QueryParams`].
        pub fn query_params(&self) -> QueryParams<'_> {
            QueryParams::new(self.query().unwrap_or(""))
        }

        /// The query's pairs, decoded form-style (`+` is a space); see
        /// [`QueryParams`].
        pub fn form_params(&self) -> QueryParams<'_> {
            QueryParams::form(self.query().unwrap_or(""))
        }

        /// The first value of `key`, decoded; keys are compared
        /// decoded. `None` when no pair has that key; an error, with
        /// its offset in the query, when its value does not decode.
        ///
        /// ```
        /// use uri_runtime::Uri;
        ///
        /// let u = Uri::parse("https://h/?tag=a%20b&page=2&tag=c")?;
        /// assert_eq!(u.query_value("tag").transpose()?.as_deref(), Some("a b"));
        /// assert_eq!(u.query_value("none"), None);
        /// let all: Vec<_> = u.query_values("tag").collect::<Result<_, _>>()?;
        /// assert_eq!(all, ["a b", "c"]);
        /// # Ok::<(), Box<dyn std::error::Error>>(())
        /// ```
        pub fn query_value(&self, key: &str) -> Option<Result<Cow<'_, str>, DecodeError>> {
            self.query_values(key).next()
        }

        /// Every value of `key`, decoded, in order; see
        /// [`query_value`](Self::query_value).
        pub fn query_values(
            &self,
            key: &str,
        ) -> impl Iterator<Item = Result<Cow<'_, str>, DecodeError>> {
            values_of(self.query().unwrap_or(""), key)
        }
    }
}

/// The decoded values of the pairs of `query` whose decoded key is `key`.
fn values_of<'q>(
    query: &'q str,
    key: &str,
) -> impl Iterator<Item = Result<Cow<'q, str>, DecodeError>> {
    let mut offset = 0;
    query.split('&').filter_map(move |piece| {
        let start = offset;
        offset += piece.len() + 1;
        let (name, value) = piece.split_once('=').unwrap_or((piece, ""));
        let matches = decode_utf8(name).is_ok_and(|name| name == key) && !piece.is_empty();
        let value_at = start + name.len() + 1;
        matches.then(|| decode_utf8(value).map_err(|err| err.offset_by(value_at)))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pct::DecodeErrorKind;
    use alloc::vec::Vec;

    #[test]
    fn errors_point_into_the_query() {
        let mut params = QueryParams::new("a=1&b=%FF&c=3");
        assert!(params.next().unwrap().is_ok());
        let err = params.next().unwrap().unwrap_err();
        assert_eq!((err.index(), err.kind()), (6, DecodeErrorKind::InvalidUtf8));
        assert_eq!(params.next().unwrap().unwrap().1, "3");
        assert!(params.next().is_none());
    }

    /// The pairs as the documentation describes them, found one search at
    /// a time.
    fn described(query: &str, form: bool) -> Vec<QueryParam<'_>> {
        let mut offset = 0;
        let mut pairs = Vec::new();
        for piece in query.split('&') {
            let start = offset;
            offset += piece.len() + 1;
            if piece.is_empty() {
                continue;
            }
            let (key, value) = piece.split_once('=').unwrap_or((piece, ""));
            let value_at = if piece.contains('=') {
                start + key.len() + 1
            } else {
                start + piece.len()
            };
            let decode = |text, at| {
                let decoded = if form {
                    decode_form_utf8(text)
                } else {
                    decode_utf8(text)
                };
                decoded.map_err(|err: DecodeError| err.offset_by(at))
            };
            pairs.push(decode(key, start).and_then(|key| Ok((key, decode(value, value_at)?))));
        }
        pairs
    }

    #[test]
    fn pairs_are_found_as_described_whatever_their_length() {
        let pieces = [
            "a",
            "key",
            "&",
            "&",
            "=",
            "==",
            "%41",
            "%C3%A9",
            "%FF",
            "%",
            "%4",
            "+",
            "é",
            "long-value-",
            "0123456789abcdef",
        ];
        let mut seed = 0x0d15_ea5e;
        for round in 0..20_000 {
            let query = crate::bytes::scan::tests::random_text(&mut seed, &pieces, 40);
            for form in [false, true] {
                let params = if form {
                    QueryParams::form(&query)
                } else {
                    QueryParams::new(&query)
                };
                let found: Vec<_> = params.collect();
                assert_eq!(
                    found,
                    described(&query, form),
                    "round {round}, form {form}: {query:?}"
                );
                for (pair, expected) in found.iter().zip(described(&query, form)) {
                    if let (Ok((key, value)), Ok((k, v))) = (pair, expected) {
                        // Borrowed exactly when nothing needed decoding.
                        assert_eq!(
                            matches!(key, Cow::Borrowed(_)),
                            matches!(k, Cow::Borrowed(_)),
                            "{query:?}"
                        );
                        assert_eq!(
                            matches!(value, Cow::Borrowed(_)),
                            matches!(v, Cow::Borrowed(_)),
                            "{query:?}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn writer_output_parses_back() {
        let mut writer = QueryWriter::form();
        writer.append("a b", "c+d&e").append_key("=");
        let back: Vec<_> = QueryParams::form(writer.as_str())
            .map(Result::unwrap)
            .collect();
        assert_eq!(
            back,
            [("a b".into(), "c+d&e".into()), ("=".into(), "".into())]
        );
    }
}
