//! What can be wrong with a literal, worded for the person who wrote it:
//! each [`Problem`] is located by byte offset in the literal's value and
//! carries its message and help; the last phase draws it.

use uri_core::pct::encode_byte;
use uri_core::render::Quoted;
use uri_core::scheme::KnownScheme;
use uri_core::{Component, ParseError, ParseErrorKind};

use crate::check::holes::{HoleSpec, MAX_HOLES, is_keyword};
use crate::input::Grammar;

/// How many problems of one literal are shown; the rest are counted. The
/// search for independent parse errors also stops past it, since each one
/// costs another parse.
pub(crate) const MAX_ERRORS: usize = 8;

/// One thing wrong with a literal, located in its value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Problem {
    /// Byte offset in the literal's value.
    pub(crate) at: usize,
    /// Byte length of the offending text (0 at the end of the input).
    pub(crate) len: usize,
    pub(crate) message: String,
    pub(crate) help: Option<String>,
}

impl Problem {
    /// A parser error, worded as at run time but quoting the user's text.
    pub(crate) fn from_parse_error(err: &ParseError, text: &str, grammar: Grammar) -> Problem {
        let at = err.index();
        let culprit = err.culprit_in(text);
        let help = match err.kind() {
            ParseErrorKind::MissingScheme if grammar.requires_scheme() => Some(format!(
                "a URI starts with a scheme such as \"https:\"; \
                 use `{}_ref!` for a relative reference",
                grammar.macro_name()
            )),
            // A host takes no escapes a person would mean, so no "write %XX".
            ParseErrorKind::InvalidChar(component)
                if component != Component::Host && culprit.len() == 1 && !culprit.contains(' ') =>
            {
                let byte = culprit.as_bytes()[0];
                let encoded = String::from_utf8_lossy(&encode_byte(byte)).into_owned();
                Some(match err.hint() {
                    Some(hint) if !byte.is_ascii_control() => {
                        format!("{hint}: write \"{encoded}\"")
                    }
                    _ => format!(
                        "control characters cannot appear in a URI; write \"{encoded}\" if it is data"
                    ),
                })
            }
            _ => err.hint().map(str::to_owned),
        };
        Problem {
            at,
            len: culprit.len(),
            message: err.describe(culprit).to_string(),
            help,
        }
    }

    /// A `{` with no `}` after it, or a `}` that closes nothing.
    pub(crate) fn lone_brace(at: usize, brace: char) -> Problem {
        let (what, hole) = if brace == '{' {
            ("unclosed", "a template hole is written \"{name}\"; ")
        } else {
            ("unmatched", "")
        };
        Problem {
            at,
            len: 1,
            message: format!("{what} {:?} at byte {at}", brace.to_string()),
            help: Some(format!(
                "{hole}write \"{brace}{brace}\" for a literal brace (it is encoded as \"{}\")",
                String::from_utf8_lossy(&encode_byte(brace as u8))
            )),
        }
    }

    /// Braces around something that is not a hole name.
    /// A hole past the most a template may hold.
    pub(crate) fn too_many_holes(hole: &HoleSpec) -> Problem {
        Problem {
            at: hole.at,
            len: hole.len,
            message: format!(
                "too many holes: a template holds at most {MAX_HOLES}, and this is hole {}",
                MAX_HOLES + 1
            ),
            help: Some(
                "the compiler's memory grows with each hole (about 50 KB); build a URI \
                 this long at run time, with `UriBuilder` or `UriTemplate`"
                    .to_owned(),
            ),
        }
    }

    pub(crate) fn bad_hole(written: &str, at: usize) -> Problem {
        let name = written
            .trim_start_matches('{')
            .trim_start_matches('*')
            .trim_end_matches('}');
        if name.is_empty() {
            return Problem {
                at,
                len: written.len(),
                message: format!("hole {} at byte {at} has no name", Quoted(written)),
                help: Some(
                    "name the value, as in \"{id}\" with `id = value` or a variable `id` in \
                     scope; write \"{{}}\" for literal braces"
                        .to_owned(),
                ),
            };
        }
        let help = if is_keyword(name) {
            format!("`{name}` is a Rust keyword, which cannot name a hole: rename the value")
        } else if let Some(plain) = name.strip_prefix("r#") {
            format!("a hole names its value without `r#`, as `format!` does: write \"{{{plain}}}\"")
        } else {
            "a hole holds a Rust identifier, after a `*` to keep the component's delimiters \
             (\"{id}\", \"{*path}\"); format options are not supported, so format the value \
             first; write \"{{\" and \"}}\" for literal braces"
                .to_owned()
        };
        Problem {
            at,
            len: written.len(),
            message: format!("invalid hole {} at byte {at}", Quoted(written)),
            help: Some(help),
        }
    }

    /// A hole in the scheme or the authority.
    pub(crate) fn hole_not_allowed(hole: &HoleSpec, component: Component) -> Problem {
        Problem {
            at: hole.at,
            len: hole.len,
            message: format!(
                "hole \"{{{}{}}}\" not allowed in the {} at byte {}",
                if hole.keeps_delimiters { "*" } else { "" },
                hole.name,
                component.name(),
                hole.at
            ),
            help: Some(
                "only the path, the query and the fragment take values: the scheme and the \
                 authority decide how the rest is read and which server is contacted, and no \
                 encoding turns an arbitrary value into a valid one; build them at run time \
                 with `UriBuilder`, which checks each part"
                    .to_owned(),
            ),
        }
    }

    /// `{*name}` in the fragment, which has no delimiters to keep.
    pub(crate) fn delimiters_in_fragment(hole: &HoleSpec) -> Problem {
        Problem {
            at: hole.at,
            len: hole.len,
            message: format!(
                "hole \"{{*{}}}\" not allowed in the fragment at byte {}",
                hole.name, hole.at
            ),
            help: Some(format!(
                "the fragment has no delimiters for `*` to keep: write \"{{{}}}\", a fragment \
                 value keeps `/` and `?` already",
                hole.name
            )),
        }
    }

    /// A character the policy would encode, in a component where encoding
    /// is not allowed or would change the meaning; worded as the parser
    /// words a bad character there.
    pub(crate) fn not_encodable_in(
        text: &str,
        at: usize,
        len: usize,
        component: Component,
    ) -> Problem {
        let culprit = text.get(at..at + len).unwrap_or("");
        let kind = match component {
            Component::Scheme => ParseErrorKind::InvalidScheme,
            Component::Port => ParseErrorKind::InvalidPort,
            other => ParseErrorKind::InvalidChar(other),
        };
        let err = ParseError::new(text, at, kind);
        let help = match component {
            Component::Host if !culprit.is_ascii() => Some(
                "an international domain name becomes punycode while compiling only with the \
                 `idna` feature of uri-runtime (turn it on in your Cargo.toml); or write the host \
                 in its ASCII form (\"xn--\" labels)",
            ),
            _ => err.hint(),
        };
        Problem {
            at,
            len,
            message: err.describe(culprit).to_string(),
            help: help.map(str::to_owned),
        }
    }

    /// A non-ASCII host that has no ASCII form; `err`'s offsets are into
    /// the literal.
    #[cfg(feature = "idna")]
    pub(crate) fn idna(err: &uri_idna::IdnaError) -> Problem {
        Problem {
            at: err.index(),
            len: err.len(),
            message: format!("invalid international domain name: {err}"),
            help: Some(err.hint().to_owned()),
        }
    }

    /// Holes in an IRI literal, which has no template form.
    pub(crate) fn iri_template(text: &str, grammar: Grammar) -> Problem {
        Problem {
            at: 0,
            len: text.len(),
            message: format!("`{}!` takes no holes", grammar.macro_name()),
            help: Some(
                "templates fill values into URIs: use `uri!` with the template, and \
                 `.to_iri()` on the result to show it as an IRI; write \"{{\" and \"}}\" for \
                 literal braces"
                    .to_owned(),
            ),
        }
    }

    /// A rule of the literal's scheme broken; `at` and `len` locate
    /// `err`'s culprit in the literal.
    pub(crate) fn scheme_rule(
        err: &uri_core::scheme::SchemeError,
        scheme: KnownScheme,
        at: usize,
        len: usize,
    ) -> Problem {
        Problem {
            at,
            len,
            message: format!(
                "{} at byte {at} (a rule of the `{}` scheme, {})",
                err.kind().description(),
                scheme.name(),
                scheme.rules()
            ),
            help: err.hint().map(str::to_owned),
        }
    }

    /// The canonical form failed to parse: a bug in this crate, reported as
    /// an error rather than a panic.
    pub(crate) fn internal(text: &str) -> Problem {
        Problem {
            at: 0,
            len: text.len(),
            message: "internal error: the pre-encoded literal did not parse again".to_owned(),
            help: Some("please report this literal to the uri crates' issue tracker".to_owned()),
        }
    }
}
