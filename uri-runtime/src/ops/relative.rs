//! Relativization: the shortest reference that resolves back to a target.

use alloc::string::String;
use alloc::vec::Vec;

use crate::ops::resolve::{ResolveOptions, directory_of};
use crate::value::as_uri::AsUri;
use crate::value::buf::UriRefBuf;
use crate::value::uri::Uri;
use crate::write::compose::{Authority, write_as_is};
use crate::write::dots::Joined;

/// A candidate reference from its parts, valid as they are.
fn reference(
    scheme: Option<&str>,
    authority: Option<&Authority<'_>>,
    path: Joined<'_>,
    query: Option<&str>,
    fragment: Option<&str>,
) -> UriRefBuf {
    let (text, parts) = write_as_is(scheme, authority, path, query, fragment);
    UriRefBuf::from_written(text, parts)
}

/// A relative path from the base's directory to `target`, climbing with
/// `../` past the directories the two do not share.
fn relative_path<'p>(directory: &'p str, target: &'p str) -> (String, &'p str) {
    // The shared directories end at the last `/` both start with.
    let shared = directory
        .bytes()
        .zip(target.bytes())
        .take_while(|(a, b)| a == b)
        .count();
    let shared = directory
        .get(..shared)
        .and_then(|common| common.rfind('/'))
        .map_or(0, |slash| slash + 1);
    // `shared` follows a `/` both strings have, so it is a char boundary.
    let ups = directory.get(shared..).unwrap_or("").matches('/').count();
    let rest = target.get(shared..).unwrap_or("");
    let mut climb = "../".repeat(ups);
    if rest.is_empty() {
        // `../..` says what `../../` does; an empty reference would mean
        // "this document", so the directory itself is `.`.
        if climb.pop().is_none() {
            climb.push('.');
        }
    } else if climb.is_empty() && rest.starts_with('/') {
        // `/x` would be an absolute path; `./` keeps it relative.
        climb.push_str("./");
    }
    (climb, rest)
}

impl Uri<'_> {
    /// The shortest reference that, resolved against this URI (strictly,
    /// RFC 3986 section 5.2), gives `target` back byte for byte: the
    /// inverse of [`UriRef::resolve_against`](crate::UriRef::resolve_against).
    ///
    /// ```
    /// use uri_runtime::Uri;
    ///
    /// let base = Uri::parse("http://example.com/a/b/c?q")?;
    /// let rel = |t| base.make_relative(&Uri::parse(t).unwrap()).unwrap().into_string();
    /// assert_eq!(rel("http://example.com/a/b/d"), "d");
    /// assert_eq!(rel("http://example.com/a/x/y"), "../x/y");
    /// assert_eq!(rel("http://example.com/a/b/c?r#f"), "?r#f");
    /// assert_eq!(rel("http://example.com/a/b/c?q#f"), "#f");
    /// assert_eq!(rel("http://other.org/a"), "//other.org/a");
    /// assert_eq!(rel("https://example.com/a"), "https://example.com/a");
    ///
    /// // A path with dot segments comes out of no resolution but its own:
    /// assert!(base.make_relative(&Uri::parse("http://example.com/a/../b")?).is_none());
    /// # Ok::<(), uri_runtime::ParseError>(())
    /// ```
    ///
    /// A different scheme or authority is still expressible: the target
    /// itself, or a network-path reference (`//host/path`), is returned
    /// then. The answer is `None` only when no reference at all resolves to
    /// `target`: its path has dot segments (resolution removes them), it
    /// is not this URI's own path, and so only an empty-path reference
    /// could keep it, which cannot.
    ///
    /// Comparisons are byte-wise, as resolution copies bytes: normalize
    /// both URIs first to relativize across spelling differences such as
    /// `HTTP` and `http`. Among references of equal length the first of
    /// fragment-only, query, relative path, absolute path, network path,
    /// absolute URI is chosen; every answer is checked by resolving it.
    pub fn make_relative(&self, target: &impl AsUri) -> Option<UriRefBuf> {
        let target = target.as_uri();
        let (base, goal) = (&self.0, &target.0);
        let mut candidates: Vec<UriRefBuf> = Vec::new();
        let same_scheme = base.scheme() == goal.scheme();
        let same_authority = same_scheme && base.authority() == goal.authority();
        let goal_path = goal.path();

        let (query, fragment) = (goal.query(), goal.fragment());
        let from_parts = |scheme, authority: Option<&Authority<'_>>, path: Joined<'_>| {
            reference(scheme, authority, path, query, fragment)
        };

        if same_authority {
            if base.path() == goal_path {
                // An empty path keeps the base's path, and its query when
                // the reference has none.
                candidates.push(reference(None, None, Joined::one(""), None, fragment));
                candidates.push(from_parts(None, None, Joined::one("")));
            }
            let (climb, rest) = relative_path(directory_of(base), goal_path);
            candidates.push(from_parts(None, None, Joined::new(&climb, rest)));
            if goal_path.starts_with('/') && !goal_path.starts_with("//") {
                candidates.push(from_parts(None, None, Joined::one(goal_path)));
            }
        }
        let authority = Authority::of(goal);
        if same_scheme && authority.is_some() {
            candidates.push(from_parts(None, authority.as_ref(), Joined::one(goal_path)));
        }
        candidates.push(from_parts(
            goal.scheme(),
            authority.as_ref(),
            Joined::one(goal_path),
        ));

        candidates.sort_by_key(|c| c.as_str().len());
        let mut scratch = String::with_capacity(target.as_str().len());
        candidates.into_iter().find(|candidate| {
            let back =
                candidate
                    .as_uri_ref()
                    .resolve_into(self, ResolveOptions::STRICT, &mut scratch);
            back.as_str() == target.as_str()
        })
    }
}
