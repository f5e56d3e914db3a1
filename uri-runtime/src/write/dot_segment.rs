//! The one refusal a template's value can cause: a path segment that
//! comes out as `.` or `..`.

use core::fmt;

/// A value made a path segment `.` or `..`: the result of a `uri!` or
/// `uri_ref!` template with a path hole, of
/// [`push_segment`](crate::UriBuf::push_segment), or (as
/// [`BuildError::DotSegment`](crate::BuildError::DotSegment)) of
/// [`UriBuilder::path_segments`](crate::UriBuilder::path_segments).
///
/// No spelling of such a segment is data: RFC 3986 section 2.3 makes
/// `%2E` equivalent to `.`, so `normalize()`, WHATWG readers (`url`,
/// `reqwest`, browsers) and many servers remove `/%2E%2E/` together with
/// the segment before it. A URI holding one would name another resource,
/// so none is written.
///
/// ```
/// use uri_runtime::uri;
///
/// let id = "..";
/// let err = uri!("https://api.example.com/v2/users/{id}/delete").unwrap_err();
/// assert_eq!(err.index(), 33);
/// assert_eq!(err.segment(), "..");
/// assert_eq!(
///     err.to_string(),
///     "a value made the path segment \"..\" at byte 33, which every reader takes as a step up, \
///      however it is encoded"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DotSegmentError {
    index: usize,
    parent: bool,
}

impl DotSegmentError {
    pub(crate) fn new(index: usize, segment: &str) -> DotSegmentError {
        DotSegmentError {
            index,
            parent: segment == "..",
        }
    }

    /// Where the segment starts: a byte offset into the URI as it was
    /// written up to it (for the builder, see
    /// [`BuildError::DotSegment`](crate::BuildError::DotSegment)).
    pub fn index(&self) -> usize {
        self.index
    }

    /// The segment: `"."` or `".."`.
    pub fn segment(&self) -> &'static str {
        if self.parent { ".." } else { "." }
    }
}

impl fmt::Display for DotSegmentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let step = if self.parent {
            "a step up"
        } else {
            "no segment"
        };
        write!(
            f,
            "a value made the path segment \"{}\" at byte {}, which every reader takes as {step}, \
             however it is encoded",
            self.segment(),
            self.index
        )
    }
}

impl core::error::Error for DotSegmentError {}

/// Whether a segment's raw value would read as `.` or `..`.
pub(crate) fn is_dot_segment(value: &str) -> bool {
    matches!(value, "." | "..")
}

/// Whether a written segment reads as `.` or `..` once `%2E` is taken for
/// the `.` it is (RFC 3986 section 2.3): `.`, `%2E`, `..`, `.%2e`,
/// `%2E.`, `%2E%2E`, in either case of hex.
pub(crate) fn reads_as_dot_segment(segment: &str) -> bool {
    let dot = |part: &str| part == "." || part.eq_ignore_ascii_case("%2E");
    match segment.len() {
        1 | 3 => dot(segment),
        2 | 4 | 6 => (1..segment.len()).any(|at| {
            segment
                .split_at_checked(at)
                .is_some_and(|(first, second)| dot(first) && dot(second))
        }),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::reads_as_dot_segment;

    #[test]
    fn every_spelling_of_a_dot_segment_and_nothing_else() {
        for dots in [".", "..", "%2E", "%2e", ".%2E", "%2e.", "%2E%2e"] {
            assert!(reads_as_dot_segment(dots), "{dots}");
        }
        for other in ["", "...", "a", "%2F", ".a", "%2E%2E%2E", "%2E.."] {
            assert!(!reads_as_dot_segment(other), "{other}");
        }
    }
}
