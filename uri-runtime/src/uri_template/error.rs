//! Why an expansion failed, with where.

use alloc::string::String;
use core::fmt;

use uri_core::ParseError;

/// Why a template could not be expanded into the value asked for.
///
/// ```
/// use std::collections::BTreeMap;
/// use uri_runtime::uri_template::UriTemplate;
/// use uri_runtime::uri_template::ExpandError;
///
/// let vars = BTreeMap::from([("list", vec!["a", "b"])]);
/// let err = UriTemplate::parse("/x{list:1}")?.expand(&vars).unwrap_err();
/// assert_eq!(err, ExpandError::PrefixOfComposite { index: 3 });
/// assert_eq!(err.to_string(), "prefix modifier on a list or associative array at byte 3 of the template");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ExpandError {
    /// A prefix modifier (`{var:3}`) on a list or an associative array,
    /// which RFC 6570 section 2.4.1 does not allow; `index` is the
    /// variable name's first byte in the template.
    PrefixOfComposite {
        /// Where the variable's name starts in the template.
        index: usize,
    },
    /// A list or associative array with a member that is itself a list or
    /// an array, which RFC 6570 section 2.3 leaves undefined.
    NestedValue {
        /// Where the variable's name starts in the template.
        index: usize,
    },
    /// The expansion is not an RFC 3986 URI reference (or, for
    /// [`expand_uri`](super::UriTemplate::expand_uri), has no scheme):
    /// literal text such as `[` in a path, or a value that `{+var}` kept
    /// as it is. The error's index is a byte of `expansion`.
    Invalid {
        /// The whole expansion, which `error` points into.
        expansion: String,
        /// What is wrong with it, and where.
        error: ParseError,
    },
    /// A value made a path segment `.` or `..` (escaped or not), which
    /// [`expand_no_dot_segments`](super::UriTemplate::expand_no_dot_segments)
    /// refuses; `index` is where the segment starts in `expansion`.
    DotSegment {
        /// The whole expansion.
        expansion: String,
        /// Where the segment starts in it.
        index: usize,
    },
    /// A value changed the authority the template's text fixes (added
    /// one, moved the host, added a userinfo), which
    /// [`expand_fixed_authority`](super::UriTemplate::expand_fixed_authority)
    /// refuses; `index` is where the changed part starts in `expansion`.
    Authority {
        /// The whole expansion.
        expansion: String,
        /// Where the changed part of the authority starts in it.
        index: usize,
    },
}

impl fmt::Display for ExpandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExpandError::PrefixOfComposite { index } => write!(
                f,
                "prefix modifier on a list or associative array at byte {index} of the template"
            ),
            ExpandError::NestedValue { index } => write!(
                f,
                "list or associative array inside another at byte {index} of the template"
            ),
            ExpandError::Invalid { expansion, error } => {
                write!(f, "expansion {expansion:?} is not valid: {error}")
            }
            ExpandError::DotSegment { expansion, index } => {
                write!(
                    f,
                    "a value made the dot segment at byte {index} of {expansion:?}"
                )
            }
            ExpandError::Authority { expansion, index } => write!(
                f,
                "a value changed the authority the template fixes at byte {index} of {expansion:?}"
            ),
        }
    }
}

impl core::error::Error for ExpandError {}
