//! The one shape of a positioned error in the workspace: what is wrong (a
//! kind that describes itself and names its likely fix), where (a byte
//! range of the text), drawn with carets, displayed as
//! `what at byte N: fix`.
//!
//! ```
//! use uri_core::located::{Explain, Located};
//!
//! #[derive(Clone, Copy, Debug, PartialEq, Eq)]
//! enum Mistake { Tab }
//!
//! impl Explain for Mistake {
//!     fn description(self) -> &'static str { "tab in a name" }
//!     fn hint(self) -> Option<&'static str> { Some("write it as %09") }
//! }
//!
//! let err = Located::new(3, 1, Mistake::Tab);
//! assert_eq!(err.to_string(), "tab in a name at byte 3: write it as %09");
//! assert_eq!(err.render("abc\tdef").to_string(), "abc\\tdef\n   ^^");
//! ```
//!
//! The workspace's errors built on it: `SchemeError`, `TemplateError`
//! (here), and in `uri-runtime` `DecodeError`, `PortError`,
//! `DotSegmentError`, `FilePathError` and `FileUriError`;
//! [`ParseError`](crate::ParseError) and `uri-idna`'s `IdnaError` hold
//! one beside the offending text they quote in their messages and hints,
//! and `MailtoError` holds a `SchemeError` beside the part it is about.
//! Four keep a shape of their own, each for a reason: `PolicyError` is a
//! list of every broken rule, held inline with 32-bit offsets so that a
//! failed check allocates nothing and stays cheap to return;
//! `uri-runtime`'s `HoleError` (a `uri!` template's) names its hole and
//! holds the template it points into, so that it draws itself; and
//! `BuildError` and the policy's `Refusal` are enums of the others.

use core::fmt;

use crate::render::Caret;

/// An error kind: a phrase for what is wrong, and the likely fix.
pub trait Explain: Copy {
    /// A lowercase phrase, as `Display` uses it.
    fn description(self) -> &'static str;
    /// How to fix it, where one fix is the likely one.
    fn hint(self) -> Option<&'static str>;
}

/// An error of kind `K` at bytes `index..index + len` of a text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Located<K> {
    index: usize,
    len: usize,
    kind: K,
}

impl<K: Copy> Located<K> {
    /// An error covering `len` bytes from `index`.
    pub const fn new(index: usize, len: usize, kind: K) -> Located<K> {
        Located { index, len, kind }
    }

    /// The byte offset the kind's doc names.
    pub const fn index(&self) -> usize {
        self.index
    }

    /// How many bytes from [`index`](Self::index) the error covers (none
    /// where something is missing).
    pub const fn len(&self) -> usize {
        self.len
    }

    /// Whether the error points at something missing rather than at text.
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// What is wrong.
    pub const fn kind(&self) -> K {
        self.kind
    }

    /// The same error in a text that holds this one from byte `offset`.
    #[must_use]
    pub const fn offset_by(self, offset: usize) -> Located<K> {
        Located {
            index: self.index + offset,
            ..self
        }
    }

    /// The text drawn with carets under the offending bytes.
    pub fn render<'a>(&self, text: &'a str) -> Caret<'a> {
        Caret::new(text, self.index, self.len)
    }
}

impl<K: Explain> Located<K> {
    /// How to fix it, where one fix is the likely one.
    pub fn hint(&self) -> Option<&'static str> {
        self.kind.hint()
    }
}

/// What, where, and the likely fix: `missing host at byte 7: name the
/// server after '//', as in http://example.com/path`.
impl<K: Explain> fmt::Display for Located<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at byte {}", self.kind.description(), self.index)?;
        match self.kind.hint() {
            Some(hint) => write!(f, ": {hint}"),
            None => Ok(()),
        }
    }
}

impl<K: Explain + fmt::Debug> core::error::Error for Located<K> {}
