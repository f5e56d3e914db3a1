//! Taking a URI in either form: `Uri` (borrowed) or `UriBuf` (owned).

use crate::value::buf::UriBuf;
use crate::value::uri::Uri;

/// A value that can be read as a [`Uri`] view without copying: `Uri` and
/// `UriBuf`. The operations that take a base or a target take it through
/// this trait, so either form (or a reference to one) will do, as a
/// function taking `&str` accepts a `&String`.
///
/// ```
/// use uri_runtime::{Uri, UriBuf, UriRef};
///
/// let owned = UriBuf::parse("http://a/b/c")?;
/// let borrowed = Uri::parse("http://a/b/c")?;
/// let link = UriRef::parse("../d")?;
/// assert_eq!(link.resolve_against(&owned), link.resolve_against(&borrowed));
/// assert_eq!(borrowed, owned);
/// # Ok::<(), uri_runtime::ParseError>(())
/// ```
///
/// A trait rather than `AsRef`: a `Uri` is a small value holding a
/// borrowed string and its boundaries, not a place inside a `UriBuf`, so
/// there is no `&Uri` to lend, and no `Deref` or `Borrow` either.
///
/// Not sealed: a type of yours that holds a URI can implement it and be
/// passed where a base or a target is taken. Nothing is at stake: a
/// `Uri` comes only from a parse or a checked literal, so an
/// implementation can hand out no text the parser did not accept.
///
/// ```
/// use uri_runtime::{AsUri, Uri, UriBuf, UriRef};
///
/// struct Webhook {
///     target: UriBuf,
/// }
///
/// impl AsUri for Webhook {
///     fn as_uri(&self) -> Uri<'_> {
///         self.target.as_uri()
///     }
/// }
///
/// let hook = Webhook { target: UriBuf::parse("https://example.com/hooks/1")? };
/// assert_eq!(UriRef::parse("2")?.resolve_against(&hook), "https://example.com/hooks/2");
/// # Ok::<(), uri_runtime::ParseError>(())
/// ```
pub trait AsUri {
    /// The `Uri` view.
    fn as_uri(&self) -> Uri<'_>;

    /// Calls `f` with the `Uri` view, lent in place where the value is
    /// one already. The default builds it with [`as_uri`](Self::as_uri);
    /// implementations need not touch this.
    // Why it exists: an operation that takes `&impl AsUri` and hands the
    // view to code out of line passes it by address, so `as_uri`'s copy
    // of a `Uri` was written to the stack first, on every call; lent in
    // place, resolving against a `Uri` takes less time (BENCHMARKS.md,
    // "Resolve"). Hidden: it is a detail of how, not a way to
    // read a URI, and `as_uri` already is that. `Self: Sized` keeps the
    // trait usable as `dyn AsUri`.
    #[doc(hidden)]
    fn with_uri<R>(&self, f: impl FnOnce(&Uri<'_>) -> R) -> R
    where
        Self: Sized,
    {
        f(&self.as_uri())
    }
}

impl AsUri for Uri<'_> {
    fn as_uri(&self) -> Uri<'_> {
        *self
    }

    fn with_uri<R>(&self, f: impl FnOnce(&Uri<'_>) -> R) -> R {
        f(self)
    }
}

impl AsUri for UriBuf {
    fn as_uri(&self) -> Uri<'_> {
        UriBuf::as_uri(self)
    }
}
