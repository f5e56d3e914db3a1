//! Template holes as written in a literal: `{name}` and `{*name}`.

use syn::Ident;

/// One `{name}` or `{*name}` in the literal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct HoleSpec {
    pub(crate) name: String,
    /// `{*name}`: the value keeps the component's own delimiters (`/` in
    /// the path; `&` and `=` in the query).
    pub(crate) keeps_delimiters: bool,
    /// Byte offset of the `{` in the literal's value.
    pub(crate) at: usize,
    /// Byte length through the `}`.
    pub(crate) len: usize,
}

impl HoleSpec {
    /// Reads the hole `text[at..at + len]`, braces included; `None` when
    /// the braces hold no hole name.
    pub(crate) fn parse(text: &str, at: usize, len: usize) -> Option<HoleSpec> {
        let written = text.get(at..at + len).unwrap_or("");
        let inner = written
            .strip_prefix('{')
            .and_then(|s| s.strip_suffix('}'))
            .unwrap_or("");
        let (keeps_delimiters, name) = match inner.strip_prefix('*') {
            Some(name) => (true, name),
            None => (false, inner),
        };
        is_identifier(name).then(|| HoleSpec {
            name: name.to_owned(),
            keeps_delimiters,
            at,
            len,
        })
    }

    /// Whether byte `index` of the literal's value is inside the hole.
    pub(crate) fn covers(&self, index: usize) -> bool {
        (self.at..self.at + self.len).contains(&index)
    }
}

/// A name a `format!`-style capture could use: a Rust identifier that is
/// not a keyword, not `_` and not raw.
fn is_identifier(name: &str) -> bool {
    name.chars().all(|c| c == '_' || c.is_alphanumeric())
        && !name.starts_with(|c: char| c.is_ascii_digit())
        && syn::parse_str::<Ident>(name).is_ok()
}

/// Whether the literal has a hole: a `{` that is not half of `{{`.
pub(crate) fn has_holes(text: &str) -> bool {
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        rest = rest.get(open + 1..).unwrap_or("");
        match rest.strip_prefix('{') {
            Some(after) => rest = after,
            None => return true,
        }
    }
    false
}
