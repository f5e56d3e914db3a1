//! Iterators over path segments and query pairs.

use core::iter::FusedIterator;
use core::str::Split;

/// The segments of a path, split at `/`, still percent-encoded.
///
/// An absolute path's leading `/` opens the first segment rather than
/// ending an empty one, so `/a/b` has two segments; a trailing `/` ends in
/// an empty segment, and the empty path has none.
///
/// ```
/// use uri_runtime::UriRef;
///
/// let segments = |s| UriRef::parse(s).unwrap().path_segments().collect::<Vec<_>>();
/// assert_eq!(segments("/a/b%2Fc/"), ["a", "b%2Fc", ""]);
/// assert_eq!(segments("a//b"), ["a", "", "b"]);
/// assert_eq!(segments("/"), [""]);
/// assert!(segments("").is_empty());
/// ```
#[derive(Clone, Debug)]
pub struct PathSegments<'a> {
    inner: Option<Split<'a, char>>,
}

impl<'a> PathSegments<'a> {
    pub(crate) fn new(path: &'a str) -> PathSegments<'a> {
        let inner = match path.strip_prefix('/') {
            Some(rest) => Some(rest.split('/')),
            None if path.is_empty() => None,
            None => Some(path.split('/')),
        };
        PathSegments { inner }
    }
}

impl<'a> Iterator for PathSegments<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        self.inner.as_mut()?.next()
    }
}

impl DoubleEndedIterator for PathSegments<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        self.inner.as_mut()?.next_back()
    }
}

impl FusedIterator for PathSegments<'_> {}

/// The `&`-separated pairs of a query, as `(key, value)` still
/// percent-encoded; the value is `None` when the pair has no `=`. Empty
/// pieces (`a=1&&b=2`) are skipped.
///
/// ```
/// use uri_runtime::UriRef;
///
/// let q = UriRef::parse("?a=1&flag&&b=x%3Dy&c=").unwrap();
/// assert_eq!(
///     q.query_pairs().collect::<Vec<_>>(),
///     [("a", Some("1")), ("flag", None), ("b", Some("x%3Dy")), ("c", Some(""))]
/// );
/// ```
#[derive(Clone, Debug)]
pub struct QueryPairs<'a> {
    inner: Split<'a, char>,
}

impl<'a> QueryPairs<'a> {
    pub(crate) fn new(query: &'a str) -> QueryPairs<'a> {
        QueryPairs {
            inner: query.split('&'),
        }
    }
}

fn pair(piece: &str) -> (&str, Option<&str>) {
    match piece.split_once('=') {
        Some((key, value)) => (key, Some(value)),
        None => (piece, None),
    }
}

impl<'a> Iterator for QueryPairs<'a> {
    type Item = (&'a str, Option<&'a str>);

    fn next(&mut self) -> Option<Self::Item> {
        self.inner
            .by_ref()
            .find(|piece| !piece.is_empty())
            .map(pair)
    }
}

impl DoubleEndedIterator for QueryPairs<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        self.inner
            .by_ref()
            .rfind(|piece| !piece.is_empty())
            .map(pair)
    }
}

impl FusedIterator for QueryPairs<'_> {}
