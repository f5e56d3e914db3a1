//! The `uri!` and `uri_ref!` literal macros.
//!
//! Both are `macro_rules!` wrappers that hand this crate's own path
//! (`$crate`) to the procedural macro, which is how the expansion names
//! [`Uri`](crate::Uri) under a renamed dependency or through a re-exporting
//! crate. The expansion touches only the hidden `__private` module.

/// A [`Uri`](crate::Uri) checked and pre-encoded while compiling.
///
/// The literal must match RFC 3986's `URI` rule once the policy's encodings
/// are applied: a space, `"` `<` `>` `\` `^` `` ` `` `|` and non-ASCII
/// characters are percent-encoded as UTF-8, escape hex is uppercased, and
/// escapes of unreserved characters are decoded. Nothing else changes. The
/// value is a `const`: nothing is parsed at run time.
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
#[macro_export]
macro_rules! uri_ref {
    ($($literal:tt)*) => {
        $crate::__private::uri_literal!($crate; uri_ref; $($literal)*)
    };
}
