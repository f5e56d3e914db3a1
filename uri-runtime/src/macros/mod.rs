//! The `uri!` and `uri_ref!` macros (literals, and templates with holes)
//! and the IRI literals `iri!` and `iri_ref!`.
//!
//! All four are `macro_rules!` wrappers that hand this crate's own path
//! (`$crate`) to the procedural macro, which is how the expansion names
//! [`Uri`](crate::Uri) under a renamed dependency or through a re-exporting
//! crate. The expansion touches only the hidden `__private` module.
//!
//! [`compile_time`] is their guide. This layer sits on top: what the
//! expansions name (`crate::__private`) may come from any layer.

pub mod compile_time;

/// A [`Uri`](crate::Uri) checked and pre-encoded while compiling.
///
/// The literal must match RFC 3986's `URI` rule once the policy's encodings
/// are applied: a space, `"` `<` `>` `\` `^` `` ` `` `|` and non-ASCII
/// characters are percent-encoded as UTF-8, escape hex is uppercased, and
/// escapes of unreserved characters are decoded. Nothing else changes. The
/// value is a `const`: nothing is parsed at run time.
///
/// A host with non-ASCII characters is an international domain name: with
/// the `idna` feature (opt-in) it becomes its ASCII form while
/// compiling (UTS 46 `ToASCII`, `xn--` labels), and a name with no ASCII
/// form is a compile error saying which label or character and why. The
/// example of RFC 3987:
///
/// ```
/// # #[cfg(feature = "idna")] {
/// use uri_runtime::{uri, Uri};
///
/// const PAGE: Uri<'static> = uri!("http://例え.jp/引き出し");
/// assert_eq!(PAGE.as_str(), "http://xn--r8jz45g.jp/%E5%BC%95%E3%81%8D%E5%87%BA%E3%81%97");
/// assert_eq!(PAGE.host(), Some("xn--r8jz45g.jp"));
/// # }
/// ```
///
/// ```
/// use uri_runtime::{uri, Uri};
///
/// const API: Uri<'static> = uri!("https://api.example.com/v1/my files?q=été");
/// assert_eq!(API.as_str(), "https://api.example.com/v1/my%20files?q=%C3%A9t%C3%A9");
/// assert_eq!(API.host(), Some("api.example.com"));
///
/// static DOCS: Uri<'static> = uri!("https://x.org/a%7eb");
/// assert_eq!(DOCS.path(), "/a~b");
/// ```
///
/// Anything else is a compile error that names the byte, its line and
/// column, and a fix:
///
/// ```compile_fail
/// let u = uri_runtime::uri!("https://example.com/100%");
/// ```
///
/// ```text
/// error: invalid percent-encoding "%" in path at byte 23 (line 1, column 51)
///          https://example.com/100%
///                                 ^
///          help: "%" must be followed by two hex digits; write "%25" for a literal percent sign
/// ```
///
/// # Templates
///
/// A literal with holes is a template: it gives an owned
/// [`UriBuf`](crate::UriBuf) (feature `alloc`), built by straight-line code
/// that pushes the pre-checked fixed text and encodes each value for the
/// component its hole sits in, with no parsing at run time. A hole is
/// `{name}`, filled by an argument `name = value` or, as with `format!`, by
/// a variable `name` in scope; `{{` and `}}` are literal braces.
///
/// ```
/// use uri_runtime::uri;
///
/// let user_id = 42;
/// let section = "part 2";
/// let url = uri!(
///     "https://api.example.com/users/{id}/posts?tag={tag}&page={n}#{section}",
///     id = user_id,
///     tag = "a/b?c#d&e=f",
///     n = 3,
/// );
/// assert_eq!(
///     url,
///     "https://api.example.com/users/42/posts?tag=a/b?c%23d%26e%3Df&page=3#part%202"
/// );
/// assert_eq!(url.query(), Some("tag=a/b?c%23d%26e%3Df&page=3"));
///
/// // No value in the path can be a step: `..` is refused, not encoded,
/// // and the error names the hole.
/// let id = "..";
/// let err = uri!("https://api.example.com/users/{id}/delete").unwrap_err();
/// assert_eq!(err.hole(), "id");
///
/// // A template whose path holes take numbers, or that has none, cannot
/// // fail: no `Result`.
/// let (id, q) = (42, "a&b");
/// assert_eq!(uri!("https://example.com/users/{id}"), "https://example.com/users/42");
/// assert_eq!(uri!("https://example.com/search?q={q}"), "https://example.com/search?q=a%26b");
/// # Ok::<(), uri_runtime::holes::HoleError>(())
/// ```
///
/// A template whose path has a hole taking text (or any value but a
/// number, a `bool`, or an `Option` or list of them; see
/// [`DotFree`](crate::holes::DotFree)) gives `Result<UriBuf, HoleError>`
/// (see [`HoleError`](crate::holes::HoleError)); any other gives a
/// `UriBuf`.
///
/// In the path a hole is part of one segment, so `/`, `?`, `#` and `%` in
/// the value are encoded; `{*name}` takes a whole path and keeps its `/`.
/// In the query a key or value also has `&`, `=` and `+` encoded; an
/// `Option` that is `None` leaves out its whole `key=value` parameter and a
/// list repeats it. The [`template`](crate::holes) module lists every
/// hole's encode set; values are anything `Display`, or a type implementing
/// [`TemplateValue`](crate::holes::TemplateValue).
///
/// Holes are refused in the scheme and the authority, which decide how the
/// rest is read and which host is contacted; build those parts at run time
/// with [`UriBuilder`](crate::UriBuilder):
///
/// ```compile_fail
/// let tenant = "acme";
/// let u = uri_runtime::uri!("https://{tenant}.example.com/");
/// ```
///
/// A value of a type with neither `Display` nor `TemplateValue`, an unknown
/// or unused name, a duplicate argument and an unclosed `{` are compile
/// errors too, each pointing at the culprit. An argument's value ends at
/// the first comma outside brackets: wrap a value holding one (a turbofish
/// with two types) in parentheses.
#[macro_export]
macro_rules! uri {
    ($($literal:tt)*) => {
        $crate::__private::uri_literal!($crate; uri; $($literal)*)
    };
}

/// A [`UriRef`](crate::UriRef) checked and pre-encoded while compiling:
/// [`uri!`] for the `URI-reference` rule, so relative references are
/// accepted.
///
/// ```
/// use uri_runtime::{uri_ref, UriRef};
///
/// const LOGO: UriRef<'static> = uri_ref!("../images/logo v2.png");
/// assert_eq!(LOGO.as_str(), "../images/logo%20v2.png");
/// assert_eq!(LOGO.scheme(), None);
/// ```
///
/// With holes it is a template giving a [`UriRefBuf`](crate::UriRefBuf);
/// a value in the first segment has its `:` encoded, so it cannot become a
/// scheme:
///
/// ```
/// use uri_runtime::uri_ref;
///
/// let name = "mailto:boss";
/// assert_eq!(uri_ref!("{name}/inbox?unread={n}", n = 3)?, "mailto%3Aboss/inbox?unread=3");
/// # Ok::<(), uri_runtime::holes::HoleError>(())
/// ```
#[macro_export]
macro_rules! uri_ref {
    ($($literal:tt)*) => {
        $crate::__private::uri_literal!($crate; uri_ref; $($literal)*)
    };
}

/// An [`Iri`](crate::Iri) checked while compiling, kept in IRI form: the
/// literal must match RFC 3987's `IRI` rule, non-ASCII characters
/// (`ucschar`) stay as written, host included. The rest of the policy is
/// [`uri!`]'s: a space, `"` `<` `>` `\` `^` `` ` `` `|`, and private-use
/// characters are percent-encoded, escape hex is uppercased, escapes of
/// unreserved characters are decoded.
///
/// ```
/// use uri_runtime::{iri, Iri};
///
/// const PAGE: Iri<'static> = iri!("http://例え.jp/引き出し?q=my café");
/// assert_eq!(PAGE.as_str(), "http://例え.jp/引き出し?q=my%20café");
/// assert_eq!(PAGE.host(), Some("例え.jp"));
/// assert_eq!(
///     PAGE.to_uri(),
///     "http://%E4%BE%8B%E3%81%88.jp/%E5%BC%95%E3%81%8D%E5%87%BA%E3%81%97?q=my%20caf%C3%A9"
/// );
/// ```
///
/// RFC 3987 section 4.1's bidirectional formatting characters are a
/// compile error wherever they are, since they make an IRI read
/// differently from what it is:
///
/// ```compile_fail
/// let spoof = uri_runtime::iri!("https://example.com/\u{202E}fdp.exe");
/// ```
///
/// `iri!` takes no holes: templates fill values into URIs, so use [`uri!`]
/// and show the result with [`UriBuf::to_iri`](crate::UriBuf::to_iri).
#[macro_export]
macro_rules! iri {
    ($($literal:tt)*) => {
        $crate::__private::uri_literal!($crate; iri; $($literal)*)
    };
}

/// An [`IriRef`](crate::IriRef) checked while compiling: [`iri!`] for the
/// `IRI-reference` rule, so relative references are accepted.
///
/// ```
/// use uri_runtime::{iri_ref, IriRef};
///
/// const PHOTOS: IriRef<'static> = iri_ref!("../写真/夏 2024");
/// assert_eq!(PHOTOS.as_str(), "../写真/夏%202024");
/// ```
#[macro_export]
macro_rules! iri_ref {
    ($($literal:tt)*) => {
        $crate::__private::uri_literal!($crate; iri_ref; $($literal)*)
    };
}

/// An RFC 6570 [`UriTemplate`](crate::uri_template::UriTemplate) checked while
/// compiling, by the same checker as [`UriTemplate::parse`](crate::uri_template::UriTemplate::parse),
/// and usable as a `const` or a `static`.
///
/// ```
/// use uri_runtime::{uri_template, uri_template::UriTemplate};
///
/// const RELEASE_ASSETS: UriTemplate<'static> =
///     uri_template!("https://uploads.github.com/repos/{owner}/{repo}/releases/{id}/assets{?name,label}");
///
/// let url = RELEASE_ASSETS.expand(&[("owner", "o"), ("repo", "r"), ("id", "1"), ("name", "a.zip")])?;
/// assert_eq!(url, "https://uploads.github.com/repos/o/r/releases/1/assets?name=a.zip");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// A template the RFC does not allow is a compile error naming the byte
/// and the rule:
///
/// ```compile_fail
/// let t = uri_runtime::uri_template!("/search{?q,lang");
/// ```
///
/// ```text
/// error: invalid URI template: '{' without a matching '}' at byte 7 (line 1, column 45)
///          /search{?q,lang
///                 ^
/// ```
///
/// Use it for templates that follow RFC 6570 (to share them with other
/// languages, or to match URIs back to variables); for a URI written in
/// Rust with values from Rust variables, [`uri!`]'s holes are shorter and
/// encode each value for its component.
#[cfg(feature = "alloc")]
#[macro_export]
macro_rules! uri_template {
    ($($literal:tt)*) => {
        $crate::__private::uri_template_literal!($crate; $($literal)*)
    };
}
