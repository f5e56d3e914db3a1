//! The resolver's fast path (DESIGN.md's one named exception to the one
//! parser): `Uri::join` reads a reference that is a path, with no scheme
//! and no authority (`g`, `../g;x?y#s`, `/a/b`), with the character
//! table's own classes instead of calling the parser first. Against a
//! base with an authority and a plain directory (the common case),
//! [`join_path_reference`] checks each segment as it writes it behind the
//! base's directory, removing dot segments as they come, so the reference
//! is read once; otherwise [`path_reference`] finds its boundaries for
//! the general resolver (a reference with an empty path, `?y`, `#s` or
//! nothing, among them). Anything else (a scheme or what could be one,
//! `//`, any byte outside the classes) is the parser's, errors included,
//! so the ways cannot disagree on what is refused; the agreement tests
//! and the `resolve` fuzz target hold them to the same targets and
//! boundaries.

use uri_core::Components;
use uri_core::pct::is_triplet;
use uri_core::table::{PCHAR, QUERY_FRAGMENT};

use crate::bytes::raw::Reserved;
use crate::bytes::words::plain_directory_end;
use crate::value::buf::UriBuf;
use crate::value::uri::Parsed;

/// `reference` resolved against `base` in one pass, where `reference` is
/// a path reference (as [`path_reference`] reads it) and `base` has an
/// authority and a directory that starts with `/` and holds no dot
/// segment; `None` otherwise, for the general way to take.
///
/// Each segment of the reference is checked against `pchar` as it is
/// read and written behind the base's directory at once; a `.` is
/// dropped and a `..` cuts the output back a segment, which is
/// `remove_dot_segments` of the merged path when the directory has no
/// dot segment of its own (RFC 3986 sections 5.2.3 and 5.2.4). The query
/// and the fragment are checked, then copied whole.
#[inline]
pub(crate) fn join_path_reference(base: &Parsed<'_>, reference: &str) -> Option<UriBuf> {
    let bytes = reference.as_bytes();
    let absolute = match bytes {
        [] | [b'?' | b'#', ..] | [b'/', b'/', ..] => return None,
        [first, ..] => *first == b'/',
    };
    // Without an authority, a merged path could start with `//`, which
    // the general writer guards; a base with one has nothing to guard.
    base.parts.authority()?;
    let text = base.text.as_bytes();
    let path = base.parts.path();
    let head_end = if absolute {
        path.start
    } else {
        plain_directory_end(text, path.clone())? + 1
    };
    // The first segment is read before anything is written, so that a
    // reference with a scheme (`g:h`) goes to the parser without an
    // allocation. A `:` in it, unless after a `/`, would make it a scheme.
    let mut start = usize::from(absolute);
    let mut end = segment_end(bytes, start, absolute)?;
    // The target is at most as long as the two together, so every piece
    // fits; `Reserved` (rather than a `String`) keeps it in registers.
    let mut out = Reserved::with_capacity(base.text.len() + reference.len());
    out.push(base.text.get(..head_end)?)?;
    if absolute {
        out.push("/")?;
    }
    loop {
        let more = bytes.get(end) == Some(&b'/');
        match reference.get(start..end)? {
            "." => {}
            // Back to the `/` before the directory's last segment; the
            // root (`path.start`) stays.
            ".." => out.cut_after_last(b'/', path.start),
            segment => {
                out.push(segment)?;
                if more {
                    out.push("/")?;
                }
            }
        }
        if !more {
            break;
        }
        start = end + 1;
        end = segment_end(bytes, start, true)?;
    }
    let path_end = out.len();
    // Most references end with their path: no tail to check or copy.
    let r = if end == bytes.len() {
        NO_TAIL
    } else {
        let r = with_tail(bytes, end)?;
        out.push(reference.get(end..)?)?;
        r
    };
    let out = out.into_string();
    let parts = base.parts.with_path_end_and_tail_of(path_end, &r);
    Some(UriBuf::from_written(out, parts))
}

/// The boundaries of the empty reference, whose path ends where it
/// starts, with no query or fragment: the tail of a reference that ends
/// with its path.
const NO_TAIL: Components = Components::from_bounds(0, None, None, 0, None, None);

/// Where the path segment of `bytes` that starts at `from` ends (at a
/// `/`, `?`, `#` or the end), each byte checked to be `pchar` (a `:`
/// only if `colon_allowed`) or part of a well-formed escape; `None` at
/// one that is not.
#[inline]
fn segment_end(bytes: &[u8], from: usize, colon_allowed: bool) -> Option<usize> {
    let mut i = from;
    while let Some(&b) = bytes.get(i) {
        // Most bytes are `pchar`: one lookup, then the next.
        if PCHAR.contains(b) && (b != b':' || colon_allowed) {
            i += 1;
        } else if b == b'%' && is_triplet(bytes, i, bytes.len()) {
            i += 3;
        } else if matches!(b, b'/' | b'?' | b'#') {
            break;
        } else {
            return None;
        }
    }
    Some(i)
}

/// The boundaries of `reference` read as a relative reference that is a
/// path (maybe empty) and maybe a query and fragment, or `None` where the
/// parser must read it.
pub(crate) fn path_reference(reference: &str) -> Option<Components> {
    let bytes = reference.as_bytes();
    if bytes.starts_with(b"//") {
        return None;
    }
    // A `:` before the first `/` would make the first segment a scheme,
    // or an error the parser reports.
    let mut end = segment_end(bytes, 0, false)?;
    while bytes.get(end) == Some(&b'/') {
        end = segment_end(bytes, end + 1, true)?;
    }
    with_tail(bytes, end)
}

/// The boundaries of the reference `bytes` whose path ends at `path_end`:
/// the query and fragment after it checked, or `None` where they hold a
/// byte neither may, or do not run to the end.
fn with_tail(bytes: &[u8], path_end: usize) -> Option<Components> {
    let mut i = path_end;
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
    use crate::value::uri::Uri;

    #[test]
    fn a_path_reference_against_a_plain_base_is_joined_in_one_pass() {
        let base = Uri::parse("http://a/b/c/d;p?q").unwrap();
        for (reference, target) in [
            ("g", "http://a/b/c/g"),
            ("../g", "http://a/b/g"),
            ("/./g", "http://a/g"),
            ("g;x=1/../y", "http://a/b/c/y"),
            ("g?y/./x", "http://a/b/c/g?y/./x"),
            ("../../../g", "http://a/g"),
            (".", "http://a/b/c/"),
            ("%41/..", "http://a/b/c/"),
            ("a//b/./c:d#f", "http://a/b/c/a//b/c:d#f"),
        ] {
            let joined = join_path_reference(&base.0, reference).unwrap();
            assert_eq!(joined.as_str(), target, "{reference}");
        }
        // Left to the general ways: what is not a path reference, and a
        // base with a dot segment in its directory or with no authority
        // or no directory.
        for (base, reference) in [
            ("http://a/b/c/d;p?q", "g:h"),
            ("http://a/b/c/d;p?q", "//g"),
            ("http://a/b/c/d;p?q", "?y"),
            ("http://a/b/c/d;p?q", ""),
            ("http://a/b/c/d;p?q", "a b"),
            ("http://a/b/c/d;p?q", "%4"),
            ("http://a/./b/c", "g"),
            ("foo:/a/b", "g"),
            ("http://a", "g"),
        ] {
            let base = Uri::parse(base).unwrap();
            assert!(
                join_path_reference(&base.0, reference).is_none(),
                "{base} {reference}"
            );
        }
    }

    #[test]
    fn paths_are_read_and_the_rest_is_left_to_the_parser() {
        for (text, query, fragment) in [
            ("g", None, None),
            ("../g;x=1/./y", None, None),
            ("/a:b/c", None, None),
            ("a/b:c?q:/?#f/?", Some(5), Some(10)),
            ("%41b#", None, Some(4)),
            ("", None, None),
            ("?y", Some(0), None),
            ("#s", None, Some(0)),
            ("?#", Some(0), Some(1)),
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
        for text in ["//g", "g:h", "a:b/c", "%4", "a b", "a#b#c", "a?[", "é"] {
            assert_eq!(path_reference(text), None, "{text}");
        }
    }
}
