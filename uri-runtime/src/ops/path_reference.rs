//! The resolver's fast path (DESIGN.md's one named exception to the one
//! parser): `Uri::join` reads a reference that is a path, with no scheme
//! and no authority (`g`, `../g;x?y#s`, `/a/b`), with the character
//! table's own classes, as it finds its boundaries, instead of calling the
//! parser first. Anything else (a scheme or what could be one, `//`, a
//! reference that starts with `?` or `#` or is empty, any byte outside the
//! classes) is the parser's, errors included, so the two cannot disagree
//! on what is refused; the agreement tests and the `join` fuzz target hold
//! the two ways to the same targets and boundaries.

use uri_core::Components;
use uri_core::pct::is_triplet;
use uri_core::table::{PCHAR, QUERY_FRAGMENT};

/// The boundaries of `reference` read as a relative reference that is a
/// path and maybe a query and fragment, or `None` where the parser must
/// read it.
pub(crate) fn path_reference(reference: &str) -> Option<Components> {
    let bytes = reference.as_bytes();
    match bytes {
        [] | [b'?' | b'#', ..] | [b'/', b'/', ..] => return None,
        _ => {}
    }
    // A `:` before the first `/` would make the first segment a scheme,
    // or an error the parser reports.
    let mut colon_allowed = bytes[0] == b'/';
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        if b == b'/' {
            colon_allowed = true;
        } else if b == b'?' || b == b'#' {
            break;
        } else if b == b'%' {
            if !is_triplet(bytes, i, bytes.len()) {
                return None;
            }
            i += 2;
        } else if !PCHAR.contains(b) || (b == b':' && !colon_allowed) {
            return None;
        }
        i += 1;
    }
    let query_mark = (bytes.get(i) == Some(&b'?')).then_some(i);
    if query_mark.is_some() {
        i = tail_end(bytes, i + 1, true)?;
    }
    let fragment_mark = (bytes.get(i) == Some(&b'#')).then_some(i);
    if fragment_mark.is_some() {
        i = tail_end(bytes, i + 1, false)?;
    }
    (i == bytes.len())
        .then(|| Components::from_bounds(bytes.len(), None, None, 0, query_mark, fragment_mark))
}

/// Where a query (ended by `#`) or a fragment (ended by the end) that
/// starts at `from` ends; `None` at a byte neither may hold.
fn tail_end(bytes: &[u8], from: usize, in_query: bool) -> Option<usize> {
    let mut i = from;
    while let Some(&b) = bytes.get(i) {
        if b == b'#' && in_query {
            break;
        } else if b == b'%' {
            if !is_triplet(bytes, i, bytes.len()) {
                return None;
            }
            i += 2;
        } else if !QUERY_FRAGMENT.contains(b) {
            return None;
        }
        i += 1;
    }
    Some(i)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_read_and_the_rest_is_left_to_the_parser() {
        for (text, query, fragment) in [
            ("g", None, None),
            ("../g;x=1/./y", None, None),
            ("/a:b/c", None, None),
            ("a/b:c?q:/?#f/?", Some(5), Some(10)),
            ("%41b#", None, Some(4)),
        ] {
            let parts = path_reference(text).unwrap();
            assert_eq!(parts.query().map(|q| q.start - 1), query, "{text}");
            assert_eq!(parts.fragment().map(|f| f.start - 1), fragment, "{text}");
            assert_eq!(
                parts,
                uri_core::parse_uri_reference(text).unwrap(),
                "{text}"
            );
        }
        for text in [
            "", "?y", "#s", "//g", "g:h", "a:b/c", "%4", "a b", "a#b#c", "a?[", "é",
        ] {
            assert_eq!(path_reference(text), None, "{text}");
        }
    }
}
