//! `remove_dot_segments` (RFC 3986 section 5.2.4), in one pass over the
//! input and without allocating.

use alloc::string::String;

use crate::bytes::raw::{self, position, push_str};

/// A path given as two pieces, read as if they were one string: resolution
/// merges the base's directory with the reference's path (section 5.2.3)
/// without building the merged string first.
///
/// When the head is a directory (empty or ending with `/`), as in a
/// merge, the pieces meet at a segment boundary and dot-segment removal
/// looks at whole segments of either piece.
#[derive(Clone, Copy)]
pub(crate) struct Joined<'a> {
    head: &'a str,
    tail: &'a str,
}

impl<'a> Joined<'a> {
    pub(crate) fn new(head: &'a str, tail: &'a str) -> Joined<'a> {
        Joined { head, tail }
    }

    pub(crate) fn one(path: &'a str) -> Joined<'a> {
        Joined {
            head: "",
            tail: path,
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.head.len() + self.tail.len()
    }

    /// Writes the pieces as they are.
    pub(crate) fn push_all(&self, out: &mut String) {
        push_str(out, self.head);
        push_str(out, self.tail);
    }
}

/// Appends `remove_dot_segments(input)` to `out`, treating `out[start..]`
/// as the algorithm's output buffer.
///
/// The steps are those of section 5.2.4, read a segment at a time: after
/// the leading `../` and `./` prefixes (rule A, and D for a lone `.` or
/// `..`), the first segment is copied (rule E) and every further `/segment`
/// is one of rules B, C or E. Removing the last output segment truncates
/// at its `/`, scanning only bytes it then drops, so the whole is linear in
/// the input.
pub(crate) fn remove_dot_segments_into(out: &mut String, start: usize, input: Joined<'_>) {
    if !(input.head.is_empty() || input.head.ends_with('/')) {
        // The pieces meet inside a segment; no caller removing dots
        // builds such a path, but if one did, this stays right.
        let merged = [input.head, input.tail].concat();
        return remove_dot_segments_into(out, start, Joined::one(&merged));
    }
    // Rule A, repeatedly, reaching into the tail once the head is used up;
    // then rule D.
    let head = strip_dot_prefixes(input.head);
    let tail = if head.is_empty() {
        strip_dot_prefixes(input.tail)
    } else {
        input.tail
    };
    if head.is_empty() && (tail == "." || tail == "..") {
        return;
    }
    // The first segment has no `/` before it (it is empty when the path is
    // absolute). The head's last `/` starts the tail's first segment.
    let (first, rest) = split_at_slash(if head.is_empty() { tail } else { head });
    push_str(out, first);
    if !head.is_empty() {
        if let Some(inner) = rest.and_then(|rest| rest.strip_suffix('/')) {
            push_segments(out, start, inner, false);
        }
        push_segments(out, start, tail, true);
    } else if let Some(rest) = rest {
        push_segments(out, start, rest, true);
    }
}

/// Appends the relative path `tail` to the directory `out[floor..]` and
/// removes the dot segments it brings: what `remove_dot_segments` gives
/// for the merged path, when the directory (a resolution's base
/// directory, mostly) starts and ends with `/` and has no dot segment of
/// its own. Callers check that; [`remove_dot_segments_into`] takes any
/// path.
///
/// Only the tail is looked at, never the directory, except for the
/// segment a `..` removes; that is what makes a merge cheap. The output
/// ends with `/` between segments, so a `.` changes nothing and a `..`
/// cuts back to the `/` before the last segment (or keeps the root).
pub(crate) fn push_relative(out: &mut String, floor: usize, tail: &str) {
    let mut rest = tail;
    // Leading `./` and `../`, the only dot segments of most relative
    // links, each known from its first bytes without a search.
    loop {
        rest = match rest.as_bytes() {
            [b'.', b'/', ..] => rest.get(2..).unwrap_or(""),
            [b'.', b'.', b'/', ..] => {
                pop_directory(out, floor);
                rest.get(3..).unwrap_or("")
            }
            _ => break,
        };
    }
    loop {
        let bytes = rest.as_bytes();
        // Ordinary segments up to the one holding the next `.` go out in
        // one piece; with no `.` left, the rest does.
        let Some(dot) = position(bytes, b'.') else {
            push_str(out, rest);
            return;
        };
        let segment_start = bytes
            .get(..dot)
            .and_then(|before| before.iter().rposition(|&b| b == b'/'))
            .map_or(0, |slash| slash + 1);
        // Skipped when empty (a leading `../`): nothing to append.
        if segment_start > 0 {
            push_str(out, rest.get(..segment_start).unwrap_or(""));
        }
        let (segment, after) = split_at_slash(rest.get(segment_start..).unwrap_or(""));
        match segment {
            "." => {}
            ".." => pop_directory(out, floor),
            _ => {
                push_str(out, segment);
                if after.is_some() {
                    out.push('/');
                }
            }
        }
        match after {
            Some(after) => rest = after,
            None => return,
        }
    }
}

/// Removes the last segment of the directory `out[floor..]`, which ends
/// with `/`, keeping that `/`: `/b/c/` becomes `/b/`; the root stays.
fn pop_directory(out: &mut String, floor: usize) {
    let Some(inner) = out.get(floor..out.len().saturating_sub(1)) else {
        return;
    };
    if let Some(slash) = last_slash(inner) {
        out.truncate(floor + slash + 1);
    }
}

/// Applies rules B, C and E to `segments`, which are `/`-separated and
/// each had a `/` before it in the path; `ends_path` says whether the
/// last of them ends the path. Consecutive ordinary segments are copied
/// as one piece.
fn push_segments(out: &mut String, start: usize, segments: &str, ends_path: bool) {
    let bytes = segments.as_bytes();
    // Without a `.` there is no dot segment: one run (a base's directory,
    // mostly), found a word at a time rather than a segment at a time.
    // (`has_dot_segments` would also pass `a.html`, but pieces with dots
    // mostly hold dot segments, and it would then look for them twice.)
    if position(bytes, b'.').is_none() {
        push_run(out, segments);
        return;
    }
    // Where the run of ordinary segments not yet written starts.
    let mut run = None;
    let mut at = 0;
    loop {
        let end = slash_or_end(bytes, at);
        let dots = match bytes.get(at..end) {
            Some(b".") => 1,
            Some(b"..") => 2,
            _ => 0,
        };
        if dots == 0 {
            // Rule E.
            run.get_or_insert(at);
        } else {
            if let Some(from) = run.take() {
                push_run(out, segments.get(from..at - 1).unwrap_or(""));
            }
            // Rule C: as B, and the last output segment goes.
            if dots == 2 {
                pop_segment(out, start);
            }
            // Rule B: `/./` becomes `/`, a final `/.` becomes `/`.
            if ends_path && end == bytes.len() {
                out.push('/');
            }
        }
        if end == bytes.len() {
            break;
        }
        at = end + 1;
    }
    if let Some(from) = run {
        push_run(out, segments.get(from..).unwrap_or(""));
    }
}

/// Writes ordinary segments, `/` before each.
fn push_run(out: &mut String, run: &str) {
    out.push('/');
    push_str(out, run);
}

/// `text` up to its first `/`, and what follows that `/` if there is one.
fn split_at_slash(text: &str) -> (&str, Option<&str>) {
    let slash = slash_or_end(text.as_bytes(), 0);
    // The `/` is ASCII, so both cuts are char boundaries.
    (text.get(..slash).unwrap_or(""), text.get(slash + 1..))
}

/// The index of the first `/` at or after `from`, or the length.
fn slash_or_end(bytes: &[u8], from: usize) -> usize {
    let mut end = from;
    while end < bytes.len() && bytes[end] != b'/' {
        end += 1;
    }
    end
}

/// `path` without its leading `../` and `./` prefixes (rule A).
fn strip_dot_prefixes(mut path: &str) -> &str {
    while let Some(rest) = path.strip_prefix("../").or_else(|| path.strip_prefix("./")) {
        path = rest;
    }
    path
}

/// Removes the last segment of `out[start..]` and the `/` before it, if any.
fn pop_segment(out: &mut String, start: usize) {
    let cut = out
        .get(start..)
        .and_then(last_slash)
        .map_or(start, |slash| start + slash);
    out.truncate(cut);
}

/// The index of the last `/` in `path`. Paths and their segments are
/// short: a backward byte loop costs less than `rfind`'s set-up.
pub(crate) fn last_slash(path: &str) -> Option<usize> {
    path.bytes().rposition(|b| b == b'/')
}

/// Whether `remove_dot_segments` would change `path`: some segment is `.`
/// or `..`. Checked without allocating, by the fastest loop this CPU runs
/// (see [`raw::has_dot_segments`]).
pub(crate) fn has_dot_segments(path: &str) -> bool {
    raw::has_dot_segments(path.as_bytes())
}

/// Applies RFC 3986's `remove_dot_segments` (section 5.2.4) to a path,
/// literally: `.` and `..` segments go, and a `..` takes the segment before
/// it with it.
///
/// ```
/// use uri_runtime::resolve::remove_dot_segments;
///
/// assert_eq!(remove_dot_segments("/a/b/c/./../../g"), "/a/g");
/// assert_eq!(remove_dot_segments("mid/content=5/../6"), "mid/6");
/// assert_eq!(remove_dot_segments("/../a"), "/a"); // `..` stops at the root
/// assert_eq!(remove_dot_segments("a/.."), "/"); // literal: see below
/// ```
///
/// Applied to a rootless path the literal algorithm can leave a leading
/// `/` (`a/..` gives `/`); that is the RFC's result and it is kept.
/// Escaped dots (`%2E`) are not dots here: decode unreserved escapes first,
/// as [`Uri::normalize`](crate::Uri::normalize) does.
pub fn remove_dot_segments(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    remove_dot_segments_into(&mut out, 0, Joined::one(path));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::format;

    fn joined(head: &str, tail: &str) -> String {
        let mut out = String::from("x:");
        remove_dot_segments_into(&mut out, 2, Joined::new(head, tail));
        out
    }

    #[test]
    fn the_rfc_examples() {
        assert_eq!(remove_dot_segments("/a/b/c/./../../g"), "/a/g");
        assert_eq!(remove_dot_segments("mid/content=5/../6"), "mid/6");
    }

    #[test]
    fn leading_dots_and_lone_dots() {
        for (input, expected) in [
            ("../../a", "a"),
            ("./../a", "a"),
            (".", ""),
            ("..", ""),
            ("../..", ""),
            ("./", ""),
            ("/.", "/"),
            ("/..", "/"),
            ("/a/.", "/a/"),
            ("/a/..", "/"),
            ("a/..", "/"),
            ("/.a/..b/...", "/.a/..b/..."),
            ("/a//../b", "/a/b"),
            ("", ""),
        ] {
            assert_eq!(remove_dot_segments(input), expected, "{input:?}");
        }
    }

    #[test]
    fn two_pieces_read_as_one() {
        // The split point never changes the answer, whether it falls after
        // a `/` (as in a merge) or inside a segment.
        let path = "a/./b/../../c/./d/..";
        for cut in 0..=path.len() {
            assert_eq!(
                joined(&path[..cut], &path[cut..]),
                format!("x:{}", remove_dot_segments(path)),
                "cut at {cut}"
            );
        }
    }

    #[test]
    fn popping_stops_at_the_start_offset() {
        assert_eq!(joined("/../", ".."), "x:/");
        assert_eq!(joined("/..", "/.."), "x:/");
    }

    /// Section 5.2.4 as its text reads: an input buffer consumed from the
    /// front, one rule at a time.
    fn by_the_letter(path: &str) -> String {
        let (mut input, mut output) = (String::from(path), String::new());
        let drop_last = |output: &mut String| {
            let cut = output.rfind('/').unwrap_or(0);
            output.truncate(cut);
        };
        while !input.is_empty() {
            if let Some(rest) = input.strip_prefix("../").or(input.strip_prefix("./")) {
                input = rest.into();
            } else if input.starts_with("/./") || input == "/." {
                input.replace_range(..2, "");
                if input.is_empty() {
                    input.push('/');
                }
            } else if input.starts_with("/../") || input == "/.." {
                input.replace_range(..3, "");
                if input.is_empty() {
                    input.push('/');
                }
                drop_last(&mut output);
            } else if input == "." || input == ".." {
                input.clear();
            } else {
                let from = usize::from(input.starts_with('/'));
                let end = input[from..].find('/').map_or(input.len(), |i| i + from);
                output.extend(input.drain(..end));
            }
        }
        output
    }

    #[test]
    fn agrees_with_the_rule_by_rule_reading_on_random_paths() {
        let pieces = ["/", "/", "a", "bc", ".", "..", ".x", "..y", "./", "../"];
        let mut seed = 0x0524_u64;
        for _ in 0..20_000 {
            let path = crate::bytes::scan::tests::random_text(&mut seed, &pieces, 9);
            let expected = by_the_letter(&path);
            assert_eq!(remove_dot_segments(&path), expected, "{path:?}");
            let dotted = path.split('/').any(|segment| matches!(segment, "." | ".."));
            assert_eq!(has_dot_segments(&path), dotted, "{path:?}");
            for cut in 0..=path.len() {
                let got = joined(&path[..cut], &path[cut..]);
                assert_eq!(got, format!("x:{expected}"), "{path:?} cut at {cut}");
            }
        }
    }

    #[test]
    fn a_tail_after_a_plain_directory_agrees_with_the_merged_path() {
        let pieces = ["/", "/", "a", "bc", ".", "..", ".x", "..y", "./", "../"];
        let directories = ["/", "//", "/a/", "/a/bc/", "/.x/a/", "/a//"];
        let mut seed = 0x0523_u64;
        for _ in 0..20_000 {
            let tail = crate::bytes::scan::tests::random_text(&mut seed, &pieces, 9);
            for directory in directories {
                let mut out = format!("x:{directory}");
                push_relative(&mut out, 2, &tail);
                let merged = by_the_letter(&format!("{directory}{tail}"));
                assert_eq!(out, format!("x:{merged}"), "{directory:?} + {tail:?}");
            }
        }
    }

    #[test]
    fn dot_segment_detection() {
        assert!(has_dot_segments("/a/./b"));
        assert!(has_dot_segments(".."));
        assert!(!has_dot_segments("/a.b/..c/"));
    }
}
