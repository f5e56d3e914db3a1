//! What four schemes add to the generic syntax, one module each:
//! [`file`](mod@file) paths (RFC 8089), [`mailto`] addresses and header fields (RFC
//! 6068), [`ftp`] names and typecodes (RFC 1738), and [`http`] targets and
//! origins (RFC 9110).
//!
//! Parsing stays generic: `Uri::parse("http:///x")` succeeds, because RFC
//! 3986 allows it. The rules of a scheme are applied where they are asked
//! for: by [`Uri::check_scheme_rules`], by each module's typed view, and
//! by `uri!` while compiling, all through the one function in `uri-core`
//! ([`uri_core::scheme::check`]).
//!
//! ```
//! use uri_runtime::{scheme::SchemeErrorKind, Uri};
//!
//! let uri = Uri::parse("https://user:pw@example.com/")?;
//! let err = uri.check_scheme_rules().unwrap_err();
//! assert_eq!(err.kind(), SchemeErrorKind::UserinfoNotAllowed);
//! assert_eq!(err.index(), 8);
//! assert!(Uri::parse("urn:isbn:0451450523")?.check_scheme_rules().is_ok());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! This layer reads the value types, decodes and encodes through the byte
//! kernels and percent-coding, writes the URIs it builds (`file` paths,
//! `mailto` addresses, `ftp` typecodes) through the one writer, and checks
//! segments with the writer's dot-segment rule; the site, policy, interop
//! and macro layers sit above it.

pub mod file;
pub mod ftp;
pub mod http;
pub mod mailto;

use alloc::borrow::Cow;
use core::ops::Range;

use uri_core::table::escaped_when_shown;

use crate::bytes::unescape::escaped_char;
use crate::pct;
use crate::value::buf::{UriBuf, UriRefBuf};
use crate::value::uri::{Uri, UriRef};
pub use uri_core::scheme::{KnownScheme, SchemeError, SchemeErrorKind};

impl Uri<'_> {
    /// Checks the rules of this URI's scheme, for `http`, `https`, `ftp`,
    /// `mailto` and `file`; other schemes pass. `uri!` runs the same check
    /// on its literals while compiling.
    ///
    /// ```
    /// use uri_runtime::{scheme::SchemeErrorKind, Uri};
    ///
    /// let uri = Uri::parse("ftp://example.com/f;type=x")?;
    /// assert_eq!(uri.check_scheme_rules().unwrap_err().kind(), SchemeErrorKind::InvalidTypecode);
    /// # Ok::<(), uri_runtime::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// The first rule broken, with the byte where it is broken.
    pub fn check_scheme_rules(&self) -> Result<(), SchemeError> {
        uri_core::scheme::check(self.as_str(), &self.components())
    }

    /// The scheme, if it is one whose rules this crate knows.
    ///
    /// ```
    /// use uri_runtime::{scheme::KnownScheme, Uri};
    ///
    /// assert_eq!(Uri::parse("MailTo:a@example.org")?.known_scheme(), Some(KnownScheme::Mailto));
    /// # Ok::<(), uri_runtime::ParseError>(())
    /// ```
    pub fn known_scheme(&self) -> Option<KnownScheme> {
        KnownScheme::of(self.scheme())
    }
}

impl UriRef<'_> {
    /// [`Uri::check_scheme_rules`] for a reference with a scheme; a
    /// relative reference passes.
    ///
    /// # Errors
    ///
    /// The first rule broken, with the byte where it is broken.
    pub fn check_scheme_rules(&self) -> Result<(), SchemeError> {
        uri_core::scheme::check(self.as_str(), &self.components())
    }
}

impl UriBuf {
    /// See [`Uri::check_scheme_rules`].
    ///
    /// # Errors
    ///
    /// As [`Uri::check_scheme_rules`].
    pub fn check_scheme_rules(&self) -> Result<(), SchemeError> {
        self.as_uri().check_scheme_rules()
    }

    /// See [`Uri::known_scheme`].
    pub fn known_scheme(&self) -> Option<KnownScheme> {
        self.as_uri().known_scheme()
    }
}

impl UriRefBuf {
    /// See [`UriRef::check_scheme_rules`].
    ///
    /// # Errors
    ///
    /// As [`UriRef::check_scheme_rules`].
    pub fn check_scheme_rules(&self) -> Result<(), SchemeError> {
        self.as_uri_ref().check_scheme_rules()
    }
}

/// What every view checks first: that `uri` is of `scheme` (any one of
/// `schemes`) and keeps its rules.
fn check_view(uri: &Uri<'_>, schemes: &[KnownScheme]) -> Result<KnownScheme, SchemeError> {
    let Some(scheme) = uri.known_scheme().filter(|scheme| schemes.contains(scheme)) else {
        return Err(SchemeError::new(
            0,
            uri.scheme().len(),
            SchemeErrorKind::NotThisScheme,
        ));
    };
    uri.check_scheme_rules()?;
    Ok(scheme)
}

/// That `text[range]` decodes to UTF-8 and spells no character that acts
/// on its reader ([`escaped_when_shown`]: controls, separators,
/// bidirectional and invisible characters) but the ASCII controls in
/// `allowed`; a view calls it once for each field it hands out, so its
/// accessors can decode with [`decoded`] without failing and never hand a
/// protocol a line break it did not expect, or a person a name that reads
/// backwards.
fn check_field(text: &str, range: Range<usize>, allowed: &[u8]) -> Result<(), SchemeError> {
    check_field_for(text, range, allowed, escaped_when_shown)
}

/// [`check_field`] for free text (a mail's `body`), which may hold any
/// character a message may: only the C0 controls and DEL outside
/// `allowed` are refused.
fn check_text_field(text: &str, range: Range<usize>, allowed: &[u8]) -> Result<(), SchemeError> {
    check_field_for(text, range, allowed, |c| c < ' ' || c == '\u{7f}')
}

/// [`check_field`] with the characters `refused` refuses.
fn check_field_for(
    text: &str,
    range: Range<usize>,
    allowed: &[u8],
    refused: fn(char) -> bool,
) -> Result<(), SchemeError> {
    let start = range.start;
    let field = text.get(range).unwrap_or_default();
    if let Err(err) = pct::decode_utf8(field) {
        return Err(SchemeError::new(
            start + err.index(),
            1,
            SchemeErrorKind::InvalidUtf8,
        ));
    }
    // A URI holds no raw control or non-ASCII character, so only escapes
    // can spell one.
    let bytes = field.as_bytes();
    let mut at = 0;
    while let Some(offset) = bytes
        .get(at..)
        .and_then(|rest| rest.iter().position(|&b| b == b'%'))
    {
        at += offset;
        let Some((c, width)) = escaped_char(bytes, at) else {
            at += 1;
            continue;
        };
        let allowed = c.is_ascii() && allowed.contains(&(c as u8));
        if refused(c) && !allowed {
            return Err(SchemeError::new(
                start + at,
                width,
                SchemeErrorKind::ControlCharacter,
            ));
        }
        at += width;
    }
    Ok(())
}

/// Decoded text that [`check_field`] passed.
fn decoded(raw: &str) -> Cow<'_, str> {
    pct::decode_utf8(raw).unwrap_or(Cow::Borrowed(raw))
}
