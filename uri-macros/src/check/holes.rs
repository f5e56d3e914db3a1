//! Template holes as written in a literal: `{name}` and `{*name}`.

/// The most holes one template may hold: each costs the compiler about
/// 50 KB of memory, linearly, and a URI with more is built at run time.
pub(crate) const MAX_HOLES: usize = 1000;

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

/// A name a `format!`-style capture could use: a Rust identifier
/// (`XID_Start` or `_`, then `XID_Continue`, as the Reference defines it),
/// not `_` alone, not raw, and not a keyword of the 2024 edition.
fn is_identifier(name: &str) -> bool {
    let mut chars = name.chars();
    let starts = chars
        .next()
        .is_some_and(|c| c == '_' || unicode_ident::is_xid_start(c));
    starts && chars.all(unicode_ident::is_xid_continue) && name != "_" && !is_keyword(name)
}

/// The strict and reserved keywords of the 2024 edition, which no
/// variable can be named (weak keywords such as `union` can).
const KEYWORDS: &[&str] = &[
    "Self", "abstract", "as", "async", "await", "become", "box", "break", "const", "continue",
    "crate", "do", "dyn", "else", "enum", "extern", "false", "final", "fn", "for", "gen", "if",
    "impl", "in", "let", "loop", "macro", "match", "mod", "move", "mut", "override", "priv", "pub",
    "ref", "return", "self", "static", "struct", "super", "trait", "true", "try", "type", "typeof",
    "unsafe", "unsized", "use", "virtual", "where", "while", "yield",
];

/// Whether `name` is a strict or reserved keyword.
pub(crate) fn is_keyword(name: &str) -> bool {
    KEYWORDS.binary_search(&name).is_ok()
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keywords_are_sorted_for_the_search() {
        assert!(KEYWORDS.windows(2).all(|pair| pair[0] < pair[1]));
    }

    #[test]
    fn names_follow_the_identifier_rules() {
        for name in [
            "id", "_id", "x1", "été", "e\u{301}", "ß", "名前", "union", "raw",
        ] {
            assert!(is_identifier(name), "{name}");
        }
        for name in [
            "", "_", "1x", "a-b", "a b", "r#x", "\u{301}e", "gen", "async", "Self",
        ] {
            assert!(!is_identifier(name), "{name}");
        }
    }
}
