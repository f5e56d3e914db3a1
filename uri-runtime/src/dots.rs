//! `remove_dot_segments` (RFC 3986 section 5.2.4), in one pass over the
//! input and without allocating.

use alloc::string::String;

/// A path given as two pieces, read as if they were one string: resolution
/// merges the base's directory with the reference's path (section 5.2.3)
/// without building the merged string first.
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
            head: path,
            tail: "",
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.head.len() + self.tail.len()
    }

    fn byte(&self, i: usize) -> Option<u8> {
        match i.checked_sub(self.head.len()) {
            None => self.head.as_bytes().get(i).copied(),
            Some(j) => self.tail.as_bytes().get(j).copied(),
        }
    }

    fn starts_with(&self, at: usize, prefix: &[u8]) -> bool {
        prefix
            .iter()
            .enumerate()
            .all(|(k, &b)| self.byte(at + k) == Some(b))
    }

    /// The index of the next `/` at or after `from`, or the end.
    fn next_slash(&self, from: usize) -> usize {
        (from..self.len())
            .find(|&i| self.byte(i) == Some(b'/'))
            .unwrap_or(self.len())
    }

    /// Whether `from..to` is exactly `dots`.
    fn is(&self, from: usize, to: usize, dots: &[u8]) -> bool {
        to - from == dots.len() && self.starts_with(from, dots)
    }

    /// Appends `from..to`; the cut points are ASCII `/` or the ends, so
    /// they fall on char boundaries.
    fn push(&self, out: &mut String, from: usize, to: usize) {
        let split = self.head.len();
        if from < split {
            out.push_str(self.head.get(from..to.min(split)).unwrap_or(""));
        }
        if to > split {
            out.push_str(
                self.tail
                    .get(from.max(split) - split..to - split)
                    .unwrap_or(""),
            );
        }
    }

    /// Writes the pieces as they are.
    pub(crate) fn push_all(&self, out: &mut String) {
        out.push_str(self.head);
        out.push_str(self.tail);
    }
}

/// Appends `remove_dot_segments(input)` to `out`, treating `out[start..]`
/// as the algorithm's output buffer.
///
/// The steps are those of section 5.2.4, read a segment at a time: after
/// the leading `../` and `./` prefixes (rule A, and D for a lone `.` or
/// `..`), every step consumes one `/segment` (or, once, a first segment
/// without `/`). Removing the last output segment truncates at its `/`,
/// scanning only bytes it then drops, so the whole is linear in the input.
pub(crate) fn remove_dot_segments_into(out: &mut String, start: usize, input: Joined<'_>) {
    let len = input.len();
    let mut i = 0;
    // Rule A, repeatedly; then rule D.
    loop {
        if input.starts_with(i, b"../") {
            i += 3;
        } else if input.starts_with(i, b"./") {
            i += 2;
        } else {
            break;
        }
    }
    if input.is(i, len, b".") || input.is(i, len, b"..") {
        return;
    }
    while i < len {
        if input.byte(i) == Some(b'/') {
            let end = input.next_slash(i + 1);
            if input.is(i + 1, end, b".") {
                // Rule B: `/./` becomes `/`, a final `/.` becomes `/`.
                if end == len {
                    out.push('/');
                }
            } else if input.is(i + 1, end, b"..") {
                // Rule C: as B, and the last output segment goes.
                pop_segment(out, start);
                if end == len {
                    out.push('/');
                }
            } else {
                // Rule E.
                input.push(out, i, end);
            }
            i = end;
        } else {
            // Rule E on a first segment that has no leading `/`.
            let end = input.next_slash(i);
            input.push(out, i, end);
            i = end;
        }
    }
}

/// Removes the last segment of `out[start..]` and the `/` before it, if any.
fn pop_segment(out: &mut String, start: usize) {
    let cut = out
        .get(start..)
        .and_then(|path| path.rfind('/'))
        .map_or(start, |slash| start + slash);
    out.truncate(cut);
}

/// Whether `remove_dot_segments` leaves `path` as it is: no segment is
/// `.` or `..`. Checked without allocating.
pub(crate) fn has_dot_segments(path: &str) -> bool {
    path.split('/')
        .any(|segment| segment == "." || segment == "..")
}

/// Applies RFC 3986's `remove_dot_segments` (section 5.2.4) to a path,
/// literally: `.` and `..` segments go, and a `..` takes the segment before
/// it with it.
///
/// ```
/// use uri_runtime::remove_dot_segments;
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
        // The split point never changes the answer.
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
        assert_eq!(joined("/..", "/.."), "x:/");
    }

    #[test]
    fn dot_segment_detection() {
        assert!(has_dot_segments("/a/./b"));
        assert!(has_dot_segments(".."));
        assert!(!has_dot_segments("/a.b/..c/"));
    }
}
