//! The one refusal a template's value can cause, told in the template's
//! own terms: which hole, where it is written, and what its value made.

use core::fmt;

use uri_core::located::Explain as _;
use uri_core::render::Caret;

use crate::write::dot_segment::DotSegment;

/// A value made a path segment of a `uri!` or `uri_ref!` template `.` or
/// `..`: the error names the hole and points into the template as it is
/// written in the source, not into an output the caller never sees.
///
/// No spelling of such a segment is data (see
/// [`DotSegmentError`](crate::error::DotSegmentError) for why), so the
/// template gives no URI. Only a template with a path hole that takes text
/// can fail this way; see [`uri!`](crate::uri!) for the rule.
///
/// ```
/// use uri_runtime::{uri, error::DotSegment, holes::HoleError};
///
/// let id = "..";
/// let err: HoleError = uri!("https://api.example.com/v2/users/{id}/delete").unwrap_err();
/// assert_eq!((err.hole(), err.index(), err.kind()), ("id", 33, DotSegment::Parent));
/// assert_eq!(
///     err.to_string(),
///     "the value of {id} made the path segment \"..\" at byte 33 of the template: every reader \
///      takes it as a step up, however it is encoded; refuse the value, or map it to a segment \
///      of your own"
/// );
/// assert_eq!(
///     err.render().to_string(),
///     "https://api.example.com/v2/users/{id}/delete\n                                 ^^^^"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HoleError {
    template: &'static str,
    hole: &'static str,
    index: usize,
    len: usize,
    kind: DotSegment,
}

impl HoleError {
    pub(crate) fn new(template: &'static str, site: HoleSite, kind: DotSegment) -> HoleError {
        HoleError {
            template,
            hole: site.name,
            index: site.index,
            len: site.len,
            kind,
        }
    }

    /// The hole's name, as written between its braces (without a `*`).
    #[must_use]
    pub fn hole(&self) -> &'static str {
        self.hole
    }

    /// Where the hole's `{` is: a byte offset into [`template`](Self::template).
    #[must_use]
    pub fn index(&self) -> usize {
        self.index
    }

    /// How many bytes the hole takes in the template, braces included.
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Always `false`: a hole is at least `{x}`. Here because clippy asks
    /// every type with a `len` for one.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Which dot segment the value made.
    #[must_use]
    pub fn kind(&self) -> DotSegment {
        self.kind
    }

    /// The template, as the string literal's value.
    #[must_use]
    pub fn template(&self) -> &'static str {
        self.template
    }

    /// The template drawn with carets under the hole.
    #[must_use]
    pub fn render(&self) -> Caret<'static> {
        Caret::new(self.template, self.index, self.len)
    }

    /// How to fix it.
    #[must_use]
    pub fn hint(&self) -> Option<&'static str> {
        self.kind.hint()
    }
}

/// `the value of {id} made the path segment ".." at byte 33 of the
/// template: …`, then the fix.
impl fmt::Display for HoleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the value of {{{}}} made the path segment \"{}\" at byte {} of the template",
            self.hole,
            self.kind.segment(),
            self.index
        )?;
        match self.hint() {
            Some(hint) => write!(f, ": {hint}"),
            None => Ok(()),
        }
    }
}

impl core::error::Error for HoleError {}

/// Where a path hole is written in its template; the macro's expansion
/// passes one to each path hole it opens.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HoleSite {
    name: &'static str,
    index: usize,
    len: usize,
}

impl HoleSite {
    /// The hole `name`, written as `len` bytes from byte `index` of the
    /// template.
    #[must_use]
    pub const fn new(name: &'static str, index: usize, len: usize) -> HoleSite {
        HoleSite { name, index, len }
    }
}
