//! The one refusal a template's value can cause: a path segment that
//! comes out as `.` or `..`.

use uri_core::located::{Explain, Located};

/// A value made a path segment `.` or `..`: the result of
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
/// The error's index is where the segment starts, a byte offset into the
/// URI as it was written up to it (for the builder, see
/// [`BuildError::DotSegment`](crate::BuildError::DotSegment)). A `uri!`
/// template's value that does this is a [`HoleError`](crate::holes::HoleError)
/// instead, which names the hole.
///
/// ```
/// use uri_runtime::{BuildError, UriBuf};
///
/// let mut u = UriBuf::parse("https://api.example.com/v2/users")?;
/// let Err(BuildError::DotSegment(err)) = u.push_segment("..") else { panic!() };
/// assert_eq!((err.index(), err.kind().segment()), (33, ".."));
/// assert_eq!(
///     err.to_string(),
///     "a value made the path segment \"..\" at byte 33: every reader takes it as a step up, \
///      however it is encoded; refuse the value, or map it to a segment of your own"
/// );
/// # Ok::<(), uri_runtime::ParseError>(())
/// ```
pub type DotSegmentError = Located<DotSegment>;

/// Which dot segment a value made.
///
/// ```
/// use uri_runtime::{BuildError, error::DotSegment, UriBuf};
///
/// let mut u = UriBuf::parse("https://example.com/files")?;
/// let Err(BuildError::DotSegment(err)) = u.push_segment(".") else { panic!() };
/// assert_eq!((err.kind(), err.kind().segment()), (DotSegment::Current, "."));
/// # Ok::<(), uri_runtime::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DotSegment {
    /// `.`, read as no segment at all.
    Current,
    /// `..`, read as a step up.
    Parent,
}

impl DotSegment {
    /// The segment: `"."` or `".."`.
    pub fn segment(self) -> &'static str {
        match self {
            DotSegment::Current => ".",
            DotSegment::Parent => "..",
        }
    }

    /// The dot segment a segment's raw value reads as, if any.
    pub(crate) fn of(value: &str) -> Option<DotSegment> {
        match value {
            "." => Some(DotSegment::Current),
            ".." => Some(DotSegment::Parent),
            _ => None,
        }
    }
}

impl Explain for DotSegment {
    fn description(self) -> &'static str {
        match self {
            DotSegment::Current => "a value made the path segment \".\"",
            DotSegment::Parent => "a value made the path segment \"..\"",
        }
    }

    fn hint(self) -> Option<&'static str> {
        Some(match self {
            DotSegment::Current => {
                "every reader takes it as no segment, however it is encoded; refuse the value, \
                 or map it to a segment of your own"
            }
            DotSegment::Parent => {
                "every reader takes it as a step up, however it is encoded; refuse the value, \
                 or map it to a segment of your own"
            }
        })
    }
}

/// The error for the dot segment `segment` (`.` or `..`), written from
/// byte `index`.
pub(crate) fn dot_segment_error(index: usize, segment: &str) -> DotSegmentError {
    let kind = DotSegment::of(segment).unwrap_or(DotSegment::Current);
    Located::new(index, segment.len(), kind)
}

/// Whether a segment's raw value would read as `.` or `..`.
pub(crate) fn is_dot_segment(value: &str) -> bool {
    DotSegment::of(value).is_some()
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
