//! Reference resolution, RFC 3986 section 5.2.

use alloc::string::String;
use core::ops::Range;

use uri_core::{Components, ParseError};

use crate::bytes::raw::push_str;
use crate::bytes::words::plain_directory_end;
use crate::ops::path_reference::{join_path_reference, path_reference};
use crate::value::as_uri::AsUri;
use crate::value::buf::{IriBuf, UriBuf};
use crate::value::iri::{Iri, IriRef};
use crate::value::parse;
use crate::value::uri::{Parsed, Uri, UriRef};
use crate::write::compose::keep_path_shape;
use crate::write::dots::{Joined, last_slash, push_relative, remove_dot_segments_into};

/// How [`UriRef::resolve_against_with`] reads a reference.
///
/// ```
/// use uri_runtime::{resolve::ResolveOptions, Uri, UriRef};
///
/// let base = Uri::parse("http://a/b/c/d;p?q")?;
/// let r = UriRef::parse("http:g")?;
/// assert_eq!(r.resolve_against_with(&base, ResolveOptions::STRICT), "http:g");
/// assert_eq!(r.resolve_against_with(&base, ResolveOptions::NON_STRICT), "http://a/b/c/g");
/// # Ok::<(), uri_runtime::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ResolveOptions {
    same_scheme_is_relative: bool,
}

impl ResolveOptions {
    /// Section 5.2.2 as written: a reference with a scheme is absolute.
    /// The default.
    pub const STRICT: ResolveOptions = ResolveOptions {
        same_scheme_is_relative: false,
    };

    /// The backward-compatible reading section 5.2.2 allows: a reference
    /// whose scheme equals the base's (ignoring ASCII case) is treated as
    /// if it had no scheme, as some RFC 1630 parsers did.
    pub const NON_STRICT: ResolveOptions = ResolveOptions {
        same_scheme_is_relative: true,
    };
}

/// Writes the target of `r` against `base` into `out` (section 5.2.2),
/// recomposed as section 5.3 says.
///
/// The target's scheme and authority (its head) are those of the
/// reference or of the base, so they are copied from one of them in one
/// piece, at the same offsets, and the target's boundaries are that
/// value's with a new path end and the reference's query and fragment,
/// copied with their delimiters as written. Two kinds of reference take
/// another way: one with an empty path keeps the base's path, and its
/// query too when it has none ([`write_same_document`]); a network-path
/// reference (`//host/…`), whose head is assembled from both, goes
/// through the general writer.
fn write_resolved(
    r: &Parsed<'_>,
    base: &Parsed<'_>,
    options: ResolveOptions,
    out: &mut String,
) -> Components {
    out.clear();
    let r_path = r.parts.path();
    let path = r.text.get(r_path.clone()).unwrap_or("");
    let keeps_scheme = r
        .parts
        .scheme()
        .is_some_and(|scheme| !(options.same_scheme_is_relative && same_scheme(r, scheme, base)));
    let head = if keeps_scheme {
        push_head(out, r);
        push_without_dots(out, path);
        r
    } else if r.parts.authority().is_some() {
        return write_network_path(r, base, out);
    } else if path.is_empty() {
        return write_same_document(r, base, out);
    } else if path.starts_with('/') {
        push_head(out, base);
        push_without_dots(out, path);
        base
    } else {
        push_merged(out, base, path);
        base
    };
    if head.parts.authority().is_none() {
        // No authority, and a scheme: every target has the base's or its own.
        let (has_authority, has_scheme) = (false, true);
        keep_path_shape(out, head.parts.path().start, has_authority, has_scheme);
    }
    let path_end = out.len();
    push_tail(out, r);
    head.parts.with_path_end_and_tail_of(path_end, &r.parts)
}

/// A reference with neither scheme, authority nor path (`""`, `?y`,
/// `#s`): the base through its path, and through its query too unless
/// the reference has its own, then the reference's query and fragment.
fn write_same_document(r: &Parsed<'_>, base: &Parsed<'_>, out: &mut String) -> Components {
    let path_end = base.parts.path().end;
    let base_query = base.parts.query().filter(|_| r.parts.query().is_none());
    let kept = base_query.clone().map_or(path_end, |query| query.end);
    push_str(out, base.text.get(..kept).unwrap_or(""));
    push_tail(out, r);
    match base_query {
        Some(query) => {
            let fragment_len = r.parts.fragment().map(|fragment| fragment.len());
            base.parts.with_tail(Some(query.len()), fragment_len)
        }
        None => base.parts.with_path_end_and_tail_of(path_end, &r.parts),
    }
}

/// The target of `r` against `base`, in a string of its own sized for
/// the longest target they can make.
// Inlined, and small, so that its callers are inlined too and the
// 96-byte `UriBuf` is built where the caller keeps it rather than copied
// out (about 30 instructions of a short reference's 800).
#[inline]
fn resolved(r: &Parsed<'_>, base: &Parsed<'_>, options: ResolveOptions) -> UriBuf {
    let mut out = String::with_capacity(base.text.len() + r.text.len());
    let parts = write_resolved(r, base, options, &mut out);
    UriBuf::from_written(out, parts)
}

/// Writes the reference's query and fragment, with their delimiters.
// Always in line: the compiler kept it a call of its own once the copy
// below was written in line, and each resolution paid that call and the
// registers saved around it (BENCHMARKS.md has the figures).
#[allow(
    clippy::inline_always,
    reason = "`#[inline]` left it out of line; the call cost every resolution"
)]
#[inline(always)]
fn push_tail(out: &mut String, r: &Parsed<'_>) {
    let tail = r.text.get(r.parts.path().end..).unwrap_or("");
    // Most references have no tail: nothing to append.
    if !tail.is_empty() {
        push_str(out, tail);
    }
}

/// Whether the reference's scheme, at `scheme` in its text, is the
/// base's, ignoring ASCII case.
fn same_scheme(r: &Parsed<'_>, scheme: Range<usize>, base: &Parsed<'_>) -> bool {
    let r_scheme = r.text.get(scheme).unwrap_or("");
    r_scheme.eq_ignore_ascii_case(base.scheme().unwrap_or(""))
}

/// Writes `value`'s scheme and authority, those it has, byte for byte.
fn push_head(out: &mut String, value: &Parsed<'_>) {
    push_str(
        out,
        value.text.get(..value.parts.path().start).unwrap_or(""),
    );
}

/// Writes `path` with its dot segments removed (section 5.2.4).
fn push_without_dots(out: &mut String, path: &str) {
    let start = out.len();
    remove_dot_segments_into(out, start, Joined::one(path));
}

/// Writes the base's scheme and authority, then the merge of its
/// directory and `r_path` (section 5.2.3) with dot segments removed. The
/// usual directory, absolute and without a `.`, goes out with the head in
/// one piece and only the reference's path is walked; any other goes
/// through the general algorithm.
fn push_merged(out: &mut String, base: &Parsed<'_>, r_path: &str) {
    let path = base.parts.path();
    let text = base.text.as_bytes();
    // Found a word at a time: see `plain_directory_end`.
    let plain_directory = plain_directory_end(text, path.clone());
    if let Some(head_and_directory) = plain_directory.and_then(|slash| base.text.get(..=slash)) {
        push_str(out, head_and_directory);
        push_relative(out, path.start, r_path);
    } else {
        push_head(out, base);
        remove_dot_segments_into(out, path.start, Joined::new(directory_of(base), r_path));
    }
}

/// A network-path reference (`//host/…`, or `s://host/…` read without
/// its scheme, non-strictly): the base's scheme and its `:`, then the
/// reference's `//` and authority as written, its path with dot segments
/// removed, and its query and fragment. The path of a reference with an
/// authority is empty or starts with `/`, and so is what remains of it,
/// so nothing guards its shape.
fn write_network_path(r: &Parsed<'_>, base: &Parsed<'_>, out: &mut String) -> Components {
    let scheme_len = base.parts.scheme().map_or(0, |scheme| scheme.end);
    push_str(out, base.text.get(..=scheme_len).unwrap_or(""));
    let r_prefix = r.parts.scheme().map_or(0, |scheme| scheme.end + 1);
    push_str(
        out,
        r.text.get(r_prefix..r.parts.path().start).unwrap_or(""),
    );
    push_without_dots(out, r.path());
    let path_end = out.len();
    push_tail(out, r);
    let head = r.parts.with_scheme_len(scheme_len);
    head.with_path_end_and_tail_of(path_end, &r.parts)
}

/// The directory a relative path is merged into (section 5.2.3): the
/// base's path up to its last `/`, or `/` when the base has an authority
/// and an empty path. Relativization climbs out of the same directory.
pub(crate) fn directory_of<'p>(base: &Parsed<'p>) -> &'p str {
    let path = base.path();
    match last_slash(path) {
        Some(slash) => path.get(..=slash).unwrap_or(""),
        // With an authority the path is empty or starts with `/`.
        None if base.parts.authority().is_some() => "/",
        None => "",
    }
}

impl UriRef<'_> {
    /// Resolves this reference against `base`, RFC 3986 section 5.2,
    /// strictly; the base's fragment is ignored (section 5.1).
    ///
    /// ```
    /// use uri_runtime::{Uri, UriRef};
    ///
    /// let base = Uri::parse("http://a/b/c/d;p?q#frag")?;
    /// let resolve = |r| UriRef::parse(r).unwrap().resolve_against(&base).into_string();
    /// assert_eq!(resolve("g"), "http://a/b/c/g");
    /// assert_eq!(resolve("../../g"), "http://a/g");
    /// assert_eq!(resolve("?y"), "http://a/b/c/d;p?y");
    /// assert_eq!(resolve(""), "http://a/b/c/d;p?q");
    /// assert_eq!(resolve("//g"), "http://g");
    /// # Ok::<(), uri_runtime::ParseError>(())
    /// ```
    ///
    /// It cannot fail: RFC 3986 defines a target for every reference
    /// against every base that has a scheme, and [`Uri`] always has one.
    /// (A `Result` whose error no input can produce was rejected: it would
    /// only make every caller handle a case that does not exist.) Rootless
    /// bases such as `foo:bar`, which some libraries refuse, resolve as the
    /// RFC says (`baz` gives `foo:baz`).
    ///
    /// One deliberate difference from the literal algorithm: where the
    /// target would have no authority and a path starting with `//`
    /// (`f:/a` with `.//g`), the literal string `f://g` would re-parse with
    /// an authority `g`, so `/.` is written before the path: `f:/.//g`,
    /// which resolves and dereferences the same. The output therefore
    /// always re-parses with the components it was built with.
    ///
    /// Percent-encoded dots (`%2E`) are not dot segments here, as the RFC
    /// says; normalize first if you want them treated as dots.
    ///
    /// The base's last segment is a file, not a directory (section 5.2.3):
    /// `users` against `https://host/api/v2` is `https://host/api/users`.
    /// For a base from configuration meant as a directory, end it with `/`
    /// or use [`Uri::append`].
    pub fn resolve_against(&self, base: &impl AsUri) -> UriBuf {
        self.resolve_against_with(base, ResolveOptions::STRICT)
    }

    /// [`resolve_against`](Self::resolve_against), strict or not as
    /// `options` says.
    pub fn resolve_against_with(&self, base: &impl AsUri, options: ResolveOptions) -> UriBuf {
        base.with_uri(|base| resolved(&self.0, &base.0, options))
    }

    /// Resolves into `buf`, replacing its contents and reusing its
    /// capacity, and returns a view of it: resolving many references in a
    /// loop then allocates only when a target outgrows the buffer.
    ///
    /// ```
    /// use uri_runtime::{resolve::ResolveOptions, Uri, UriRef};
    ///
    /// let base = Uri::parse("https://example.com/docs/")?;
    /// let mut buf = String::new();
    /// for (link, expected) in [("a.html", "/docs/a.html"), ("../b", "/b")] {
    ///     let target = UriRef::parse(link)?.resolve_into(&base, ResolveOptions::STRICT, &mut buf);
    ///     assert_eq!(target.path(), expected);
    /// }
    /// # Ok::<(), uri_runtime::ParseError>(())
    /// ```
    pub fn resolve_into<'b>(
        &self,
        base: &Uri<'_>,
        options: ResolveOptions,
        buf: &'b mut String,
    ) -> Uri<'b> {
        let parts = write_resolved(&self.0, &base.0, options, buf);
        Uri(Parsed { text: buf, parts })
    }
}

impl IriRef<'_> {
    /// Resolves this IRI reference against `base`: RFC 3987 section 6.5
    /// applies RFC 3986 section 5.2 to IRIs unchanged, so this is
    /// [`UriRef::resolve_against`] with non-ASCII text carried through.
    ///
    /// ```
    /// use uri_runtime::{Iri, IriRef};
    ///
    /// let base = Iri::parse("http://例え.jp/記事/一覧")?;
    /// assert_eq!(IriRef::parse("../写真")?.resolve_against(&base), "http://例え.jp/写真");
    /// # Ok::<(), uri_runtime::ParseError>(())
    /// ```
    pub fn resolve_against(&self, base: &Iri<'_>) -> IriBuf {
        let mut out = String::with_capacity(base.as_str().len() + self.as_str().len());
        let parts = write_resolved(&self.0, &base.0, ResolveOptions::STRICT, &mut out);
        IriBuf::from_written(out, parts)
    }
}

impl Uri<'_> {
    /// Parses `reference` and resolves it against this URI: the usual way
    /// to follow a link found in a document.
    ///
    /// ```
    /// let page = uri_runtime::Uri::parse("https://example.com/a/b.html")?;
    /// assert_eq!(page.join("../img/c.png")?, "https://example.com/img/c.png");
    /// assert!(page.join("bad link").is_err());
    /// # Ok::<(), uri_runtime::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// The [`ParseError`] of `reference`, which is not a `URI-reference`.
    pub fn join(&self, reference: &str) -> Result<UriBuf, ParseError> {
        // A path reference against a plain base is read and written in
        // one pass (see `path_reference`); the rest, out of line, so that
        // this path keeps a small frame.
        match join_path_reference(&self.0, reference) {
            Some(target) => Ok(target),
            None => join_generally(&self.0, reference),
        }
    }
}

/// [`Uri::join`] for what its one pass does not take: a path reference
/// (an empty one included) read with the table's classes for the general
/// resolver, anything else through the parser.
#[inline(never)]
fn join_generally(base: &Parsed<'_>, reference: &str) -> Result<UriBuf, ParseError> {
    if let Some(parts) = path_reference(reference) {
        let r = Parsed {
            text: reference,
            parts,
        };
        return Ok(resolved(&r, base, ResolveOptions::STRICT));
    }
    // The reference's boundaries go to the resolver as the parser returns
    // them, not through a `UriRef` and `resolve_against`: wrapping them in
    // a `Result<UriRef>` costs a short reference about forty more
    // instructions, most of them copies of its boundaries.
    parse::uri_reference(reference).map(|parts| {
        let r = Parsed {
            text: reference,
            parts,
        };
        resolved(&r, base, ResolveOptions::STRICT)
    })
}
