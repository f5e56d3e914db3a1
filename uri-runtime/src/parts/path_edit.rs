//! A base known at run time, extended with segments or a relative part,
//! without the trap of RFC 3986's last-segment rule and without encoding
//! anything twice.

use alloc::string::String;

use crate::parts::builder::BuildError;
use crate::pct::{PATH_SEGMENT, encode};
use crate::value::buf::{UriBuf, UriRefBuf};
use crate::value::uri::{Uri, UriRef};
use crate::write::compose::{Authority, write_as_is};
use crate::write::dot_segment::{dot_segment_error, is_dot_segment};
use crate::write::dots::Joined;

/// The path with one more segment from raw text (see `push_segment`).
fn pushed(path: &str, has_authority: bool, raw: &str) -> String {
    let segment = encode(raw, &PATH_SEGMENT);
    let mut next = String::with_capacity(path.len() + 1 + segment.len());
    next.push_str(path);
    if needs_slash(path, has_authority) {
        next.push('/');
    }
    next.push_str(&segment);
    next
}

/// Whether a segment pushed onto `path` needs a `/` before it: an empty
/// path after an authority is the root, and without one an empty relative
/// path takes the segment as its first.
fn needs_slash(path: &str, has_authority: bool) -> bool {
    !path.ends_with('/') && (has_authority || !path.is_empty())
}

/// The path without its last segment, and that segment as written.
fn popped(path: &str) -> Option<(String, String)> {
    let trimmed = path.strip_suffix('/').unwrap_or(path);
    let slash = trimmed.rfind('/')?;
    let segment = trimmed.get(slash + 1..)?;
    if segment.is_empty() {
        return None;
    }
    let keep = if slash == 0 { 1 } else { slash };
    Some((
        String::from(path.get(..keep).unwrap_or("/")),
        String::from(segment),
    ))
}

impl_each! {
    [UriBuf, UriRefBuf]
    {
        /// Appends one segment to the path, from raw text: encoded with
        /// [`PATH_SEGMENT`] (so a `/` or `%`
        /// in it is data, and text that is already encoded is encoded
        /// again, which is what raw text means). A path ending in `/`
        /// has its empty last segment filled; the query and fragment
        /// stay. The segments `.` and `..` are refused: no spelling of
        /// them is data (RFC 3986 section 2.3 makes `%2E` equal to `.`).
        ///
        /// ```
        /// use uri_runtime::{BuildError, UriBuf};
        ///
        /// let mut u = UriBuf::parse("https://example.com/api/v2?key=1")?;
        /// u.push_segment("my api")?.push_segment("a..b")?;
        /// assert_eq!(u, "https://example.com/api/v2/my%20api/a..b?key=1");
        /// assert!(matches!(u.push_segment(".."), Err(BuildError::DotSegment(_))));
        /// assert_eq!(u.pop_segment().as_deref(), Some("a..b"));
        /// assert_eq!(u, "https://example.com/api/v2/my%20api?key=1");
        /// # Ok::<(), Box<dyn std::error::Error>>(())
        /// ```
        ///
        /// # Errors
        ///
        /// [`BuildError::DotSegment`] for `.` and `..`, at the byte where
        /// the segment would start; [`BuildError::PathNotAbsolute`]
        /// only where the path cannot take the segment as it stands (a
        /// reference whose path would then read as a scheme is given
        /// `./`, as the builder does).
        pub fn push_segment(&mut self, raw: &str) -> Result<&mut Self, BuildError> {
            if is_dot_segment(raw) {
                let path = self.components().path();
                let slash = usize::from(needs_slash(self.path(), self.authority().is_some()));
                let at = path.end + slash;
                return Err(BuildError::DotSegment(dot_segment_error(at, raw)));
            }
            let next = pushed(self.path(), self.authority().is_some(), raw);
            self.set_path(&next)?;
            Ok(self)
        }

        /// Removes the last segment of the path and returns it as it
        /// was written (still encoded); `None` when the path has no
        /// segment left. The `/` before it goes too, except the
        /// root's: `https://h/a` becomes `https://h/`. It cannot fail:
        /// what is left of a valid path is valid where it stands (a path
        /// after an authority keeps its `/`, and the writer gives a
        /// first segment that would read as a scheme its `./`).
        pub fn pop_segment(&mut self) -> Option<String> {
            let (next, segment) = popped(self.path())?;
            let written = self.set_path(&next);
            debug_assert!(written.is_ok(), "a shorter path was refused: {written:?}");
            written.ok().map(|()| segment)
        }
    }
}

impl Uri<'_> {
    /// Appends a relative reference below this base's path, taken as a
    /// directory: `https://host/api/v2` with `users/7?x=1` is
    /// `https://host/api/v2/users/7?x=1`, where RFC 3986 resolution
    /// ([`UriRef::resolve_against`]) would replace `v2`, the last segment
    /// (section 5.2.3; a base meant as a directory ends in `/`). A
    /// reference with a scheme, an authority or an absolute path is
    /// resolved as usual. Built with a `uri_ref!` template, each value is
    /// encoded for its hole and cannot climb out of it. The reference may
    /// be a `UriRef` or a `&UriRefBuf`; the method is on `UriBuf` too.
    ///
    /// ```
    /// use uri_runtime::{uri_ref, UriBuf};
    ///
    /// let base = UriBuf::parse("https://host/api/v2")?; // from configuration
    /// let (id, tag) = ("7/../8", "a&b");
    /// let url = base.append(&uri_ref!("users/{id}/posts?tag={tag}")?);
    /// assert_eq!(url, "https://host/api/v2/users/7%2F..%2F8/posts?tag=a%26b");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn append<'r>(&self, reference: impl Into<UriRef<'r>>) -> UriBuf {
        let reference: UriRef<'r> = reference.into();
        let relative_path = reference.scheme().is_none()
            && reference.authority().is_none()
            && !reference.path().is_empty()
            && !reference.path().starts_with('/');
        if !relative_path || self.path().ends_with('/') {
            return reference.resolve_against(self);
        }
        // The base with a `/` after its path: a directory for resolution.
        let (text, parts) = write_as_is(
            Some(self.scheme()),
            Authority::of(&self.0).as_ref(),
            Joined::new(self.path(), "/"),
            None,
            None,
        );
        reference.resolve_against(&UriBuf::from_written(text, parts))
    }
}

impl UriBuf {
    /// See [`Uri::append`].
    #[must_use]
    pub fn append<'r>(&self, reference: impl Into<UriRef<'r>>) -> UriBuf {
        self.as_uri().append(reference)
    }
}
