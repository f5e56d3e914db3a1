//! RFC 6570 URI Templates, all four levels: parsed and checked, expanded
//! into URI references, and matched back to their variables.
//!
//! ```
//! use std::collections::HashMap;
//! use uri_runtime::uri_template::UriTemplate;
//!
//! let template = UriTemplate::parse("https://api.github.com/repos/{owner}/{repo}/releases{?page,per_page}")?;
//! let vars = HashMap::from([("owner", "rust-lang"), ("repo", "rust"), ("page", "2")]);
//! let url = template.expand(&vars)?;
//! assert_eq!(url, "https://api.github.com/repos/rust-lang/rust/releases?page=2");
//! assert_eq!(url.query(), Some("page=2"));
//!
//! // And back: which values would have produced this URI?
//! let found = template.match_uri(&url)?.expect("it matches");
//! assert_eq!(found.get("repo"), Some("rust"));
//! assert_eq!(found.get("per_page"), None);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # This or `uri!`
//!
//! Both stay, for different jobs. A URI you write in Rust source with
//! values from variables is a `uri!` literal: checked while compiling,
//! each hole encoded for the component it sits in, any `Display` value.
//! A template that arrives as data (an API's hypermedia links, an `OpenAPI`
//! server URL, an MCP resource's `uriTemplate`) or that must follow RFC
//! 6570 is a [`UriTemplate`]; [`uri_template!`](crate::uri_template!)
//! checks such a template while compiling when it is a literal.
//!
//! # What a template holds
//!
//! A template is its text, checked once: [`UriTemplate`] borrows it and
//! is `Copy` (and can be a `const` through the macro), [`UriTemplateBuf`]
//! owns it. Expanding walks the text again, allocating nothing but the
//! result. Every template error is a [`TemplateError`] with the byte it
//! points at and the rule it breaks; [`TemplateError::render`] draws it.
//!
//! # Variables
//!
//! [`Variables`] finds a variable by name; maps (`HashMap`, `BTreeMap`),
//! slices of pairs and, with the `serde_json` feature, a JSON object
//! implement it. A value is a string, a list or an associative array
//! ([`Value`]); a name with no value is undefined, and so is an empty
//! list or array, as RFC 6570 section 2.3 says, and an undefined variable
//! writes nothing (not even its operator's `?` or `;`).
//!
//! # Expansion and RFC 3986
//!
//! [`UriTemplate::expand`] returns a [`UriRefBuf`] whose components the
//! parser found in the same call: values kept by `{+var}` and `{#var}` may
//! bring delimiters (`/`, `?`, `#`) of their own, so the components are
//! known only once the text is. An expansion that is not a URI reference
//! (a literal `[` in a path, a value holding `[` through `{+var}`) is an
//! [`ExpandError::Invalid`], never a value. [`UriTemplate::expand_to`]
//! writes the RFC 6570 text with no such check.
//!
//! Two choices the RFC leaves open or gets in the way of:
//!
//! - A prefix (`{var:3}`) counts characters, and under `+` and `#`, which
//!   keep `%XX` escapes, an escape counts as one character, so a prefix
//!   never cuts one in two.
//! - The `literals` rule leaves out `'`, but the standard test suite
//!   expects `'{var}'` to be accepted and RFC 3986 allows it unencoded,
//!   so literal text may hold it.
//!
//! # Values that are dot segments
//!
//! RFC 6570 writes `.` unencoded, so a value `..` in a path expression
//! expands to a `..` segment: `/users/{id}/delete` with `id = ".."` is
//! `/users/../delete`, which every reader (this crate's `normalize`,
//! browsers, `url`, servers) takes to `/delete`. `expand` follows the RFC
//! and writes it. Where values are data (a user name, an id from a
//! request), call
//! [`expand_no_dot_segments`](UriTemplate::expand_no_dot_segments),
//! which refuses an expansion where a value made a `.` or `..` segment,
//! spelled with escapes or not ([`ExpandError::DotSegment`]); `uri!`
//! templates always refuse them.
//!
//! ```
//! use uri_runtime::uri_template::UriTemplate;
//!
//! let template = UriTemplate::parse("/users/{id}/delete")?;
//! assert_eq!(template.expand(&[("id", "..")])?, "/users/../delete");
//! assert!(template.expand_no_dot_segments(&[("id", "..")]).is_err());
//! assert_eq!(template.expand_no_dot_segments(&[("id", "7")])?, "/users/7/delete");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Values that move the host
//!
//! RFC 6570 expands a value where it stands, so a value beside the host
//! extends it (`http://example.com{.d}` with `d = "evil.net"` is
//! `http://example.com.evil.net`), and one kept as it is by `{+var}` may
//! end the authority and start another (`https://{+sub}.example.com/`
//! with `sub = "evil.net/"`). [`expand_fixed_authority`](UriTemplate::expand_fixed_authority)
//! refuses an expansion whose authority differs from what the
//! template's text fixes ([`ExpandError::Authority`]).
//!
//! Which call for which values:
//!
//! | values | call |
//! |---|---|
//! | trusted, or the RFC's exact expansion wanted | [`expand`](UriTemplate::expand) |
//! | path data in a template whose host is yours | [`expand_no_dot_segments`](UriTemplate::expand_no_dot_segments) |
//! | anything that must not pick the server | [`expand_fixed_authority`](UriTemplate::expand_fixed_authority) |
//! | from users or requests: both checks | [`expand_data`](UriTemplate::expand_data) |
//!
//! A template whose host is all expressions (`{+base}/x`) fixes no host:
//! check the result with a [`Policy`](crate::policy::Policy) instead.
//!
//! ```
//! use uri_runtime::uri_template::UriTemplate;
//!
//! let template = UriTemplate::parse("http://example.com{.d}/")?;
//! assert_eq!(template.expand(&[("d", "evil.net")])?, "http://example.com.evil.net/");
//! assert!(template.expand_fixed_authority(&[("d", "evil.net")]).is_err());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! This layer owns RFC 6570; the checker itself is `uri_core::template`,
//! which the `uri_template!` macro calls too. It uses `bytes` (the
//! parser), `pct` and `value`; only the macros' wrapper uses it.

mod authority_check;
mod dot_check;
mod error;
mod expand;
#[cfg(feature = "serde_json")]
mod json;
mod matching;
mod vars;
mod walk;

use alloc::borrow::Cow;
use alloc::collections::BTreeSet;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

pub use error::ExpandError;
pub use matching::{Ambiguous, Captured, Captures};
pub use uri_core::template::{TemplateError, TemplateErrorKind};
pub use vars::{Assoc, Items, NestedValue, PairList, Pairs, Value, Var, Variables};

use crate::value::buf::{UriBuf, UriRefBuf};
use crate::value::parse as grammar;

/// An RFC 6570 URI Template, checked, borrowing its text.
///
/// ```
/// use uri_runtime::uri_template::UriTemplate;
///
/// let template = UriTemplate::parse("/users/{id}{?fields*}")?;
/// let url = template.expand(&[("id", "42")])?;
/// assert_eq!(url, "/users/42");
///
/// let err = UriTemplate::parse("/users/{id").unwrap_err();
/// assert_eq!(err.index(), 7);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct UriTemplate<'a> {
    text: &'a str,
}

impl<'a> UriTemplate<'a> {
    /// Checks `text` against RFC 6570 section 2.
    ///
    /// # Errors
    ///
    /// The first thing wrong with the text, with its byte index; see
    /// [`TemplateErrorKind`].
    pub const fn parse(text: &'a str) -> Result<UriTemplate<'a>, TemplateError> {
        match uri_core::template::check(text) {
            Ok(()) => Ok(UriTemplate { text }),
            Err(err) => Err(err),
        }
    }

    /// What `uri_template!` expands to: a text it has checked.
    #[doc(hidden)]
    pub const fn __checked(text: &'a str) -> UriTemplate<'a> {
        UriTemplate { text }
    }

    /// The template's text.
    pub const fn as_str(&self) -> &'a str {
        self.text
    }

    /// The names of the template's variables, in order, each once.
    ///
    /// ```
    /// use uri_runtime::uri_template::UriTemplate;
    ///
    /// let template = UriTemplate::parse("{/a,b}{?b,c*}")?;
    /// assert_eq!(template.variable_names(), ["a", "b", "c"]);
    /// # Ok::<(), uri_runtime::uri_template::TemplateError>(())
    /// ```
    pub fn variable_names(&self) -> Vec<&'a str> {
        let text = self.text;
        let mut seen = BTreeSet::new();
        walk::varspecs(text)
            .map(|spec| walk::name(text, spec))
            .filter(|name| seen.insert(*name))
            .collect()
    }

    /// Expands the template into a URI reference (RFC 6570 section 3).
    ///
    /// ```
    /// use uri_runtime::uri_template::UriTemplate;
    ///
    /// let url = UriTemplate::parse("{+base}/search{?q}")?
    ///     .expand(&[("base", "https://example.com/api"), ("q", "café & co")])?;
    /// assert_eq!(url, "https://example.com/api/search?q=caf%C3%A9%20%26%20co");
    /// assert_eq!(url.host(), Some("example.com"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`ExpandError::Invalid`] when the expansion is not a URI reference,
    /// and the errors of [`expand_to`](Self::expand_to).
    pub fn expand<V: Variables + ?Sized>(&self, vars: &V) -> Result<UriRefBuf, ExpandError> {
        let text = self.expand_to_string(vars)?;
        match grammar::uri_reference(&text) {
            Ok(parts) => Ok(UriRefBuf::from_written(text, parts)),
            Err(error) => Err(ExpandError::Invalid {
                expansion: text,
                error,
            }),
        }
    }

    /// As [`expand`](Self::expand), and refuses an expansion whose path
    /// has a `.` or `..` segment (or `%2E`, `%2E%2E`) that the
    /// template's own text does not: one a value made, which every reader
    /// would take as a step rather than data. See the
    /// [module docs](self#values-that-are-dot-segments).
    ///
    /// ```
    /// use uri_runtime::uri_template::UriTemplate;
    ///
    /// let template = UriTemplate::parse("../files{/path*}")?;
    /// let ok = template.expand_no_dot_segments(&[("path", ["a", "b"])])?;
    /// assert_eq!(ok, "../files/a/b"); // the template's own `..` is structure
    /// let err = template.expand_no_dot_segments(&[("path", ["a", ".."])]).unwrap_err();
    /// assert_eq!(err.to_string(), "a value made the dot segment at byte 11 of \"../files/a/..\"");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`ExpandError::DotSegment`], and the errors of
    /// [`expand`](Self::expand).
    pub fn expand_no_dot_segments<V: Variables + ?Sized>(
        &self,
        vars: &V,
    ) -> Result<UriRefBuf, ExpandError> {
        dot_check::refuse_value_dots(self, self.expand(vars)?)
    }

    /// As [`expand`](Self::expand), and refuses an expansion where a
    /// value changed the authority the template's own text fixes: added
    /// one where the text has none, added a userinfo, or moved the host.
    /// A value in the host may only add labels in front of a literal
    /// suffix that starts at a label (`https://{tenant}.example.com/`);
    /// one at the host's end (`http://example.com{.d}`) keeps the host
    /// only while it is empty. See the
    /// [module docs](self#values-that-move-the-host).
    ///
    /// ```
    /// use uri_runtime::uri_template::UriTemplate;
    ///
    /// let template = UriTemplate::parse("https://{+tenant}.example.com/{+path}")?;
    /// let ok = template.expand_fixed_authority(&[("tenant", "acme"), ("path", "a/b")])?;
    /// assert_eq!(ok, "https://acme.example.com/a/b");
    /// let err = template.expand_fixed_authority(&[("tenant", "evil.net/")]).unwrap_err();
    /// assert_eq!(
    ///     err.to_string(),
    ///     "a value changed the authority the template fixes at byte 8 of \"https://evil.net/.example.com/\""
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`ExpandError::Authority`], and the errors of
    /// [`expand`](Self::expand).
    pub fn expand_fixed_authority<V: Variables + ?Sized>(
        &self,
        vars: &V,
    ) -> Result<UriRefBuf, ExpandError> {
        authority_check::refuse_authority_change(self, self.expand(vars)?)
    }

    /// For values that are data (from a user, a request, a database): as
    /// [`expand`](Self::expand), and refuses both what
    /// [`expand_fixed_authority`](Self::expand_fixed_authority) and what
    /// [`expand_no_dot_segments`](Self::expand_no_dot_segments) refuse.
    ///
    /// ```
    /// use uri_runtime::uri_template::UriTemplate;
    ///
    /// let template = UriTemplate::parse("https://api.example.com{/user}/delete")?;
    /// assert!(template.expand_data(&[("user", "..")]).is_err());
    /// assert_eq!(template.expand_data(&[("user", "ada")])?, "https://api.example.com/ada/delete");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`ExpandError::Authority`], [`ExpandError::DotSegment`], and the
    /// errors of [`expand`](Self::expand).
    pub fn expand_data<V: Variables + ?Sized>(&self, vars: &V) -> Result<UriRefBuf, ExpandError> {
        let expansion = authority_check::refuse_authority_change(self, self.expand(vars)?)?;
        dot_check::refuse_value_dots(self, expansion)
    }

    /// Expands the template into an absolute URI: as [`expand`](Self::expand),
    /// and an expansion without a scheme is an [`ExpandError::Invalid`].
    ///
    /// ```
    /// use uri_runtime::uri_template::UriTemplate;
    ///
    /// let template = UriTemplate::parse("{scheme}://example.com/")?;
    /// assert!(template.expand_uri(&[("scheme", "https")]).is_ok());
    /// assert!(template.expand_uri(&[("scheme", "")]).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`expand`](Self::expand), and [`ExpandError::Invalid`] for an
    /// expansion with no scheme.
    pub fn expand_uri<V: Variables + ?Sized>(&self, vars: &V) -> Result<UriBuf, ExpandError> {
        let text = self.expand_to_string(vars)?;
        match grammar::uri(&text) {
            Ok(parts) => Ok(UriBuf::from_written(text, parts)),
            Err(error) => Err(ExpandError::Invalid {
                expansion: text,
                error,
            }),
        }
    }

    /// Appends the template's expansion to `out`, as RFC 6570 defines it
    /// and with no RFC 3986 check: for a template whose literal text is
    /// not meant to make a URI reference on its own.
    ///
    /// ```
    /// use uri_runtime::uri_template::UriTemplate;
    ///
    /// let mut out = String::from("GET ");
    /// UriTemplate::parse("{/path*}")?.expand_to(&[("path", ["a b", "c"])], &mut out)?;
    /// assert_eq!(out, "GET /a%20b/c");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`ExpandError::PrefixOfComposite`] for `{var:n}` on a list or an
    /// associative array, [`ExpandError::NestedValue`] for a member that
    /// is itself composite; what was written before the error stays in
    /// `out`.
    pub fn expand_to<V: Variables + ?Sized>(
        &self,
        vars: &V,
        out: &mut String,
    ) -> Result<(), ExpandError> {
        expand::expand_into(self.text, vars, out)
    }

    fn expand_to_string<V: Variables + ?Sized>(&self, vars: &V) -> Result<String, ExpandError> {
        let mut text = String::new();
        expand::expand_into(self.text, vars, &mut text)?;
        Ok(text)
    }

    /// The variables that would have expanded to `uri`: `Ok(Some(…))` if
    /// it matches, `Ok(None)` if it does not, and [`Ambiguous`] if the
    /// template is outside the subset where the answer is unique (see
    /// [`Captures`]).
    ///
    /// # Errors
    ///
    /// [`Ambiguous`], which depends on the template alone.
    pub fn match_uri(&self, uri: impl AsRef<str>) -> Result<Option<Captures>, Ambiguous> {
        matching::match_text(self.text, uri.as_ref())
    }
}

/// An RFC 6570 URI Template that owns its text; [`as_template`](Self::as_template)
/// gives the borrowed form, whose methods it shares.
///
/// ```
/// use uri_runtime::uri_template::UriTemplateBuf;
///
/// let template: UriTemplateBuf = "/files{/path*}".parse()?;
/// let url = template.expand(&[("path", ["docs", "a b.txt"])])?;
/// assert_eq!(url, "/files/docs/a%20b.txt");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct UriTemplateBuf {
    text: String,
}

impl UriTemplateBuf {
    /// Checks `text` against RFC 6570 section 2 and keeps it: a `String`
    /// without a copy, borrowed text copied once it has passed (as
    /// [`UriBuf::parse`] takes its text).
    ///
    /// # Errors
    ///
    /// As [`UriTemplate::parse`].
    pub fn parse<'a>(text: impl Into<Cow<'a, str>>) -> Result<UriTemplateBuf, TemplateError> {
        let text = text.into();
        uri_core::template::check(&text)?;
        Ok(UriTemplateBuf {
            text: text.into_owned(),
        })
    }

    /// The borrowed form.
    pub fn as_template(&self) -> UriTemplate<'_> {
        UriTemplate { text: &self.text }
    }

    /// The template's text.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// See [`UriTemplate::expand`].
    ///
    /// # Errors
    ///
    /// As [`UriTemplate::expand`].
    pub fn expand<V: Variables + ?Sized>(&self, vars: &V) -> Result<UriRefBuf, ExpandError> {
        self.as_template().expand(vars)
    }

    /// See [`UriTemplate::expand_no_dot_segments`].
    ///
    /// # Errors
    ///
    /// As [`UriTemplate::expand_no_dot_segments`].
    pub fn expand_no_dot_segments<V: Variables + ?Sized>(
        &self,
        vars: &V,
    ) -> Result<UriRefBuf, ExpandError> {
        self.as_template().expand_no_dot_segments(vars)
    }

    /// See [`UriTemplate::expand_fixed_authority`].
    ///
    /// # Errors
    ///
    /// As [`UriTemplate::expand_fixed_authority`].
    pub fn expand_fixed_authority<V: Variables + ?Sized>(
        &self,
        vars: &V,
    ) -> Result<UriRefBuf, ExpandError> {
        self.as_template().expand_fixed_authority(vars)
    }

    /// See [`UriTemplate::expand_data`].
    ///
    /// # Errors
    ///
    /// As [`UriTemplate::expand_data`].
    pub fn expand_data<V: Variables + ?Sized>(&self, vars: &V) -> Result<UriRefBuf, ExpandError> {
        self.as_template().expand_data(vars)
    }

    /// See [`UriTemplate::expand_uri`].
    ///
    /// # Errors
    ///
    /// As [`UriTemplate::expand_uri`].
    pub fn expand_uri<V: Variables + ?Sized>(&self, vars: &V) -> Result<UriBuf, ExpandError> {
        self.as_template().expand_uri(vars)
    }

    /// See [`UriTemplate::expand_to`].
    ///
    /// # Errors
    ///
    /// As [`UriTemplate::expand_to`].
    pub fn expand_to<V: Variables + ?Sized>(
        &self,
        vars: &V,
        out: &mut String,
    ) -> Result<(), ExpandError> {
        self.as_template().expand_to(vars, out)
    }

    /// See [`UriTemplate::match_uri`].
    ///
    /// # Errors
    ///
    /// As [`UriTemplate::match_uri`].
    pub fn match_uri(&self, uri: impl AsRef<str>) -> Result<Option<Captures>, Ambiguous> {
        self.as_template().match_uri(uri)
    }
}

impl core::str::FromStr for UriTemplateBuf {
    type Err = TemplateError;

    fn from_str(text: &str) -> Result<UriTemplateBuf, TemplateError> {
        UriTemplateBuf::parse(text)
    }
}

impl From<UriTemplate<'_>> for UriTemplateBuf {
    fn from(template: UriTemplate<'_>) -> UriTemplateBuf {
        UriTemplateBuf {
            text: template.text.into(),
        }
    }
}

impl fmt::Display for UriTemplate<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text)
    }
}

impl fmt::Debug for UriTemplate<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("UriTemplate").field(&self.text).finish()
    }
}

impl fmt::Display for UriTemplateBuf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl fmt::Debug for UriTemplateBuf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("UriTemplateBuf").field(&self.text).finish()
    }
}
