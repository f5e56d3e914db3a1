//! Editing the query parameters of an owned URI in place: append, set,
//! remove, retain and sort, each writing the new text once.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

use uri_core::Components;

use crate::pct::{EncodeSet, QUERY_PARAM, decode_form_utf8, decode_utf8, encode, encode_form_with};
use crate::value::buf::{UriBuf, UriRefBuf};

/// The query parameters of a [`UriBuf`] or [`UriRefBuf`], open for
/// editing: from [`UriBuf::query_edit`].
///
/// ```
/// use uri_runtime::UriBuf;
///
/// let mut u = UriBuf::parse("https://example.com/search?q=rust&page=1&utm_source=x#top")?;
/// u.query_edit()
///     .set("page", "2")
///     .append("tag", "a b")
///     .retain(|key, _| !key.starts_with("utm_"));
/// assert_eq!(u, "https://example.com/search?q=rust&page=2&tag=a%20b#top");
///
/// u.query_edit().remove("q").remove("page").remove("tag");
/// assert_eq!(u, "https://example.com/search#top"); // no parameter: no `?`
///
/// let mut u = UriBuf::parse("https://h.example/?a=1&&b=2")?;
/// u.query_edit().remove("zzz");
/// assert_eq!(u, "https://h.example/?a=1&&b=2"); // nothing to remove: as it was
/// # Ok::<(), uri_runtime::ParseError>(())
/// ```
///
/// Pairs an edit does not touch keep their bytes exactly, and so do empty
/// pieces where they stand (`a=1&&b=2`); an edit that changes nothing
/// leaves the URI as it was, an empty query's `?` included. Keys are
/// compared decoded, so `a%20b` matches `"a b"`. New pairs are encoded
/// with [`QUERY_PARAM`], a space as `%20`;
/// [`form_style`](Self::form_style) writes `+` and reads `+` as a space, as
/// HTML forms do. A pair whose escapes do not decode is kept as it is and
/// never matches. Each edit allocates the new text once, and records its
/// boundaries as it writes: nothing is parsed again.
#[derive(Debug)]
pub struct QueryEdit<'u> {
    text: &'u mut String,
    parts: &'u mut Components,
    form: bool,
    separator: char,
}

impl UriBuf {
    /// The query parameters, open for editing; see [`QueryEdit`].
    pub fn query_edit(&mut self) -> QueryEdit<'_> {
        let (text, parts) = self.text_and_parts_mut();
        QueryEdit::new(text, parts)
    }
}

impl UriRefBuf {
    /// The query parameters, open for editing; see [`QueryEdit`].
    pub fn query_edit(&mut self) -> QueryEdit<'_> {
        let (text, parts) = self.text_and_parts_mut();
        QueryEdit::new(text, parts)
    }
}

/// One `key=value` piece of the query, as written, with its key and
/// value decoded when that works.
struct Piece<'q> {
    text: &'q str,
    key: Option<Cow<'q, str>>,
    value: Option<Cow<'q, str>>,
}

impl Piece<'_> {
    /// The decoded key, or the text as written when it does not decode.
    fn sort_key(&self) -> &str {
        self.key.as_deref().unwrap_or(self.text)
    }
}

impl<'u> QueryEdit<'u> {
    fn new(text: &'u mut String, parts: &'u mut Components) -> QueryEdit<'u> {
        QueryEdit {
            text,
            parts,
            form: false,
            separator: '&',
        }
    }

    /// Form style (`application/x-www-form-urlencoded`): a space is
    /// written `+`, and `+` read as a space when keys and values are
    /// compared and passed to [`retain`](Self::retain).
    #[must_use]
    pub fn form_style(mut self) -> Self {
        self.form = true;
        self
    }

    /// `;` as the separator between pairs, as some older servers use, for
    /// reading and for writing: a `;` in a key or value is then written
    /// `%3B`, so that the next reader finds the pair it was given.
    ///
    /// ```
    /// use uri_runtime::UriBuf;
    ///
    /// let mut u = UriBuf::parse("http://h/?a=1;b=2")?;
    /// u.query_edit().semicolons().append("c", "x;y").remove("a");
    /// assert_eq!(u, "http://h/?b=2;c=x%3By");
    /// # Ok::<(), uri_runtime::ParseError>(())
    /// ```
    #[must_use]
    pub fn semicolons(mut self) -> Self {
        self.separator = ';';
        self
    }

    /// Adds `key=value` after the other parameters.
    pub fn append(&mut self, key: &str, value: &str) -> &mut Self {
        let (key_text, value_text) = (self.encode(key), self.encode(value));
        self.rewrite(|edit, query, out| {
            for piece in edit.pieces(query) {
                out.push(piece.text);
            }
            out.push_pair(&key_text, &value_text);
        })
    }

    /// Sets `key` to `value`: the first pair with that key takes the new
    /// value where it stands, the others with that key are removed, and
    /// with none the pair is appended.
    pub fn set(&mut self, key: &str, value: &str) -> &mut Self {
        let (key_text, value_text) = (self.encode(key), self.encode(value));
        self.rewrite(|edit, query, out| {
            let mut done = false;
            for piece in edit.pieces(query) {
                if piece.key.as_deref() != Some(key) {
                    out.push(piece.text);
                } else if !done {
                    out.push_pair(&key_text, &value_text);
                    done = true;
                }
            }
            if !done {
                out.push_pair(&key_text, &value_text);
            }
        })
    }

    /// Removes every pair with `key`.
    pub fn remove(&mut self, key: &str) -> &mut Self {
        self.retain(|k, _| k != key)
    }

    /// Keeps the pairs for which `keep(key, value)` is true, both decoded;
    /// a pair that does not decode is kept.
    pub fn retain(&mut self, mut keep: impl FnMut(&str, &str) -> bool) -> &mut Self {
        self.rewrite(|edit, query, out| {
            for piece in edit.pieces(query) {
                let kept = match (&piece.key, &piece.value) {
                    (Some(key), Some(value)) => keep(key, value),
                    _ => true,
                };
                if kept {
                    out.push(piece.text);
                }
            }
        })
    }

    /// Sorts the pairs by decoded key, keeping the order of pairs with the
    /// same key (a stable sort): the same parameters in any order give the
    /// same text, as a cache key needs. (The one edit that allocates a
    /// list, of the pairs, besides the new text.)
    pub fn sort(&mut self) -> &mut Self {
        self.rewrite(|edit, query, out| {
            let mut pieces: Vec<Piece<'_>> = edit
                .pieces(query)
                .filter(|piece| !piece.text.is_empty())
                .collect();
            pieces.sort_by(|a, b| a.sort_key().cmp(b.sort_key()));
            for piece in pieces {
                out.push(piece.text);
            }
        })
    }

    /// `text` encoded as a key or value in this editor's style.
    fn encode<'t>(&self, text: &'t str) -> Cow<'t, str> {
        /// A key or value between `;` separators: `;` encoded too, or it
        /// would split the pair for the next reader.
        const BETWEEN_SEMICOLONS: EncodeSet = QUERY_PARAM.but_encode(b";");
        let set = if self.separator == ';' {
            &BETWEEN_SEMICOLONS
        } else {
            &QUERY_PARAM
        };
        if self.form {
            encode_form_with(text, set)
        } else {
            encode(text, set)
        }
    }

    /// Writes the URI with the query `write` makes, in one new string:
    /// the text through the path, `?` and the query unless it is empty,
    /// then the fragment; the boundaries follow from the lengths.
    fn rewrite(&mut self, write: impl FnOnce(&Self, &str, &mut Query)) -> &mut Self {
        let path_end = self.parts.path().end;
        let query = self
            .parts
            .query()
            .and_then(|q| self.text.get(q))
            .unwrap_or("");
        let fragment = self.parts.fragment().and_then(|f| self.text.get(f));
        // Room for the text and one new pair of moderate size.
        let mut text = String::with_capacity(self.text.len() + 64);
        text.push_str(self.text.get(..path_end).unwrap_or(""));
        text.push('?');
        let mut out = Query {
            start: text.len(),
            text,
            separator: self.separator,
            written: false,
        };
        write(self, query, &mut out);
        let Query {
            mut text, start, ..
        } = out;
        // An edit that changed nothing leaves the URI as it was, an empty
        // query's `?` included.
        if self.parts.query().is_some() && text.get(start..) == Some(query) {
            return self;
        }
        let query_len = (text.len() > start).then_some(text.len() - start);
        if query_len.is_none() {
            text.pop();
        }
        if let Some(fragment) = fragment {
            text.push('#');
            text.push_str(fragment);
        }
        *self.parts = self.parts.with_tail(query_len, fragment.map(str::len));
        *self.text = text;
        self
    }

    /// The query's pieces, keys and values decoded in this editor's style;
    /// an empty piece (between `&&`, or before a leading `&`) is one too,
    /// with no key, so that an edit copies it where it stands.
    fn pieces<'q>(&self, query: &'q str) -> impl Iterator<Item = Piece<'q>> + use<'q> {
        let (form, separator) = (self.form, self.separator);
        let decode = move |text: &'q str| {
            if form {
                decode_form_utf8(text).ok()
            } else {
                decode_utf8(text).ok()
            }
        };
        query
            .split(separator)
            .filter(move |piece| !(query.is_empty() && piece.is_empty()))
            .map(move |text| {
                if text.is_empty() {
                    return Piece {
                        text,
                        key: None,
                        value: None,
                    };
                }
                let (key, value) = text.split_once('=').unwrap_or((text, ""));
                Piece {
                    text,
                    key: decode(key),
                    value: decode(value),
                }
            })
    }
}

/// The query being written, after its `?`.
struct Query {
    text: String,
    /// Where the query starts in `text`.
    start: usize,
    separator: char,
    /// Whether a piece was written (an empty one too, so that `&&` and a
    /// leading `&` keep their separators).
    written: bool,
}

impl Query {
    /// Appends a pair as it is written, after a separator unless first.
    fn push(&mut self, piece: &str) {
        if self.written {
            self.text.push(self.separator);
        }
        self.written = true;
        self.text.push_str(piece);
    }

    /// Appends `key=value`, both already encoded.
    fn push_pair(&mut self, key: &str, value: &str) {
        self.push(key);
        self.text.push('=');
        self.text.push_str(value);
    }
}
