//! Where each byte of the literal's value was written in the source file:
//! escapes (`\n`, `\u{e9}`), raw strings and line continuations make the
//! two differ. Spans, and the line and column in messages, come from here.

use proc_macro2::Span;
use syn::LitStr;

/// Where the bytes of one literal's value are, computed once per literal
/// so that placing each error costs a lookup, not a pass over the
/// literal: with thousands of errors that is the difference between
/// linear and quadratic.
pub(crate) struct Positions<'a> {
    literal: &'a LitStr,
    /// [`source_offsets`] of the literal, when they account for every byte
    /// of its value.
    offsets: Option<Vec<usize>>,
    /// The token's source text, and where each of its lines starts.
    source: String,
    line_starts: Vec<usize>,
}

impl<'a> Positions<'a> {
    pub(crate) fn of(literal: &'a LitStr, value: &str) -> Positions<'a> {
        let source = literal.token().to_string();
        let offsets = source_offsets(&source).filter(|o| o.len() == value.len() + 1);
        let line_starts = core::iter::once(0)
            .chain(source.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        Positions {
            literal,
            offsets,
            source,
            line_starts,
        }
    }

    /// The token offset where value byte `at` was written.
    fn source_offset(&self, at: usize) -> Option<usize> {
        let offsets = self.offsets.as_ref()?;
        offsets.get(at).or(offsets.last()).copied()
    }

    /// The span of `len` bytes at `at` in the literal's value: exact where
    /// the compiler supports `Literal::subspan` (nightly), the whole
    /// literal elsewhere.
    pub(crate) fn span(&self, at: usize, len: usize) -> Span {
        let (Some(from), Some(to)) = (self.source_offset(at), self.source_offset(at + len)) else {
            return self.literal.span();
        };
        self.literal
            .token()
            .subspan(from..to.max(from + 1))
            .unwrap_or_else(|| self.literal.span())
    }

    /// The 1-based line and column in the source file of value byte `at`,
    /// when the compiler says where the literal starts.
    pub(crate) fn line_column(&self, at: usize) -> Option<(usize, usize)> {
        let start = self.literal.span().start();
        if start.line == 0 {
            return None;
        }
        let offset = self.source_offset(at)?;
        Some(line_column(
            &self.source,
            &self.line_starts,
            offset,
            (start.line, start.column),
        ))
    }
}

/// The 1-based line and column of byte `offset` of a token whose lines
/// start at `line_starts` and which itself starts at `start` (a 1-based
/// line and a 0-based column): the line by binary search, the column by
/// counting the characters before `offset` on its line.
fn line_column(
    source: &str,
    line_starts: &[usize],
    offset: usize,
    start: (usize, usize),
) -> (usize, usize) {
    let index = line_starts
        .partition_point(|&s| s <= offset)
        .saturating_sub(1);
    let line_start = line_starts.get(index).copied().unwrap_or(0);
    let before = source.get(line_start..offset).unwrap_or("").chars().count();
    let column = if index == 0 { start.1 + before } else { before };
    (start.0 + index, column + 1)
}

/// For each byte of a string literal's value, the offset in the token's
/// source text where it was written, plus one entry for the end. `None`
/// for tokens this does not understand, which then lose only the exact
/// position.
pub(crate) fn source_offsets(token: &str) -> Option<Vec<usize>> {
    if let Some(raw) = token.strip_prefix('r') {
        let hashes = raw.len() - raw.trim_start_matches('#').len();
        let open = 1 + hashes + 1;
        let close = token.len().checked_sub(1 + hashes)?;
        return Some((open..=close).collect());
    }
    let inner = token.strip_prefix('"')?.strip_suffix('"')?;
    let mut offsets = Vec::with_capacity(inner.len() + 1);
    let mut chars = inner.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        let at = i + 1;
        if c != '\\' {
            offsets.extend((0..c.len_utf8()).map(|k| at + k));
            continue;
        }
        match chars.next()?.1 {
            'u' => {
                let mut digits = String::new();
                for (_, d) in chars.by_ref() {
                    match d {
                        '{' => {}
                        '}' => break,
                        _ => digits.push(d),
                    }
                }
                let escaped = char::from_u32(u32::from_str_radix(&digits, 16).ok()?)?;
                offsets.extend(std::iter::repeat_n(at, escaped.len_utf8()));
            }
            'x' => {
                chars.next()?;
                chars.next()?;
                offsets.push(at);
            }
            '\n' | '\r' => {
                // A line continuation: the newline and the next line's
                // leading whitespace are not part of the value.
                while chars.next_if(|(_, w)| w.is_whitespace()).is_some() {}
            }
            _ => offsets.push(at),
        }
    }
    offsets.push(token.len() - 1);
    Some(offsets)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_and_raw_literals_map_by_their_prefix() {
        assert_eq!(source_offsets("\"ab\""), Some(vec![1, 2, 3]));
        assert_eq!(source_offsets("r#\"ab\"#"), Some(vec![3, 4, 5]));
    }

    #[test]
    fn escapes_map_to_where_they_start() {
        // value: "a", "\n", "é" (2 bytes from \u{e9}), "%"
        let offsets = source_offsets(r#""a\n\u{e9}%""#).unwrap();
        assert_eq!(offsets, vec![1, 2, 4, 4, 10, 11]);
        // A line continuation contributes nothing.
        let offsets = source_offsets("\"a\\\n    b\"").unwrap();
        assert_eq!(offsets, vec![1, 8, 9]);
    }

    #[test]
    fn columns_count_from_the_token_start() {
        let one_line = "\"ab%\"";
        assert_eq!(line_column(one_line, &[0], 3, (4, 17)), (4, 21));
        let two_lines = "\"a\nb%\"";
        assert_eq!(line_column(two_lines, &[0, 3], 4, (4, 17)), (5, 2));
        // Columns count characters, not bytes.
        let wide = "\"é\nxé%\"";
        assert_eq!(line_column(wide, &[0, 4], 7, (1, 0)), (2, 3));
    }
}
