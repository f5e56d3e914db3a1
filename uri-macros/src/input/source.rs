//! Where each byte of the literal's value was written in the source file:
//! escapes (`\n`, `\u{e9}`), raw strings and line continuations make the
//! two differ. Spans, and the line and column in messages, come from here.

use proc_macro2::Span;
use syn::LitStr;

/// The span of `len` bytes at `at` in the literal's value: exact where the
/// compiler supports `Literal::subspan` (nightly), the whole literal
/// elsewhere.
pub(crate) fn span_in(literal: &LitStr, value: &str, at: usize, len: usize) -> Span {
    let Some(offsets) = value_offsets(literal, value) else {
        return literal.span();
    };
    let from = offsets[at.min(value.len())];
    let to = offsets[(at + len).min(value.len())].max(from + 1);
    literal
        .token()
        .subspan(from..to)
        .unwrap_or_else(|| literal.span())
}

/// [`source_offsets`] of the literal, when they account for every byte of
/// its value.
pub(crate) fn value_offsets(literal: &LitStr, value: &str) -> Option<Vec<usize>> {
    source_offsets(&literal.token().to_string()).filter(|o| o.len() == value.len() + 1)
}

/// The 1-based line and column of byte `offset` of a token that starts at
/// `line` and 0-based `column`.
pub(crate) fn line_column(
    source: &str,
    offset: usize,
    mut line: usize,
    mut column: usize,
) -> (usize, usize) {
    for c in source.get(..offset).unwrap_or(source).chars() {
        if c == '\n' {
            line += 1;
            column = 0;
        } else {
            column += 1;
        }
    }
    (line, column + 1)
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
        assert_eq!(line_column("\"ab%\"", 3, 4, 17), (4, 21));
        assert_eq!(line_column("\"a\nb%\"", 4, 4, 17), (5, 2));
    }
}
