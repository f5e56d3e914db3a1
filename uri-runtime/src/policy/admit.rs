//! Text in hand, a URI out: [`Policy::parse`], the parse and the check in
//! one call, and [`Refusal`], why a text was not admitted.

use core::fmt;

use uri_core::ParseError;

use super::check::PolicyError;
use super::rules::Policy;
use crate::value::parse;
use crate::value::uri::{Parsed, Uri};

/// Why [`Policy::parse`] did not admit a text: it is not a URI, or it is
/// one that breaks rules of the policy.
///
/// ```
/// use uri_runtime::policy::{Policy, Refusal};
///
/// let policy = Policy::public_web();
/// let refused = |s| policy.parse(s).unwrap_err();
/// assert!(matches!(refused("http://exa mple.com/"), Refusal::Parse(_)));
/// assert!(matches!(refused("http://127.0.0.1/"), Refusal::Policy(_)));
/// assert_eq!(
///     refused("ftp://user@10.0.0.7/").to_string(),
///     "the scheme at byte 0 is not one this policy allows; \
///      the userinfo at byte 6 is not allowed: this policy takes no credentials; \
///      the host at byte 11 is in a private network's range or name (RFC 1918, RFC 8375), \
///      reachable only inside a local network"
/// );
/// ```
///
/// An enum of the two errors rather than a third shape, as
/// [`BuildError`](crate::BuildError) is: each keeps its own positions and
/// rendering, and a caller that treats them alike uses `Display` or
/// [`render`](Self::render).
///
/// It is as large as a [`PolicyError`] (about 200 bytes), whose
/// violations are held inline so that a refusal allocates nothing: half
/// of what users send is refused, and a box per refusal measured slower
/// than the copy. Clippy's `result_large_err` flags a function of yours
/// that returns it; `Box<dyn Error>` or your own boxed error at that
/// boundary answers it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Refusal {
    /// The text is not a URI (RFC 3986 `URI`).
    Parse(ParseError),
    /// The URI breaks these rules of the policy.
    Policy(PolicyError),
}

impl Refusal {
    /// The text drawn with carets under each byte range, as
    /// [`ParseError::render`] and [`PolicyError::render`] draw them,
    /// without the message, which is `Display`'s: print both, and nothing
    /// is said twice.
    ///
    /// ```
    /// use uri_runtime::policy::Policy;
    ///
    /// let input = "https://10.0.0.1/";
    /// let refusal = Policy::public_web().parse(input).unwrap_err();
    /// assert_eq!(
    ///     format!("{refusal}\n{}", refusal.render(input)),
    ///     "the host at byte 8 is in a private network's range or name (RFC 1918, RFC 8375), \
    ///      reachable only inside a local network\n\
    ///      https://10.0.0.1/\n        ^^^^^^^^ host-class (private-use)"
    /// );
    /// ```
    pub fn render<'a>(&'a self, input: &'a str) -> impl fmt::Display + 'a {
        Rendered {
            refusal: self,
            input,
        }
    }
}

struct Rendered<'a> {
    refusal: &'a Refusal,
    input: &'a str,
}

impl fmt::Display for Rendered<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.refusal {
            Refusal::Parse(err) => write!(f, "{}", err.render(self.input)),
            Refusal::Policy(err) => write!(f, "{}", err.render(self.input)),
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Parse(err) => err.fmt(f),
            Refusal::Policy(err) => err.fmt(f),
        }
    }
}

impl core::error::Error for Refusal {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match self {
            Refusal::Parse(err) => Some(err),
            Refusal::Policy(err) => Some(err),
        }
    }
}

impl From<ParseError> for Refusal {
    fn from(err: ParseError) -> Refusal {
        Refusal::Parse(err)
    }
}

impl From<PolicyError> for Refusal {
    fn from(err: PolicyError) -> Refusal {
        Refusal::Policy(err)
    }
}

impl Policy {
    /// Parses `text` as a URI and checks it against the policy: the URI,
    /// or why it was refused. What [`Uri::parse`] and then
    /// [`check`](Self::check) give, in one call.
    ///
    /// ```
    /// use uri_runtime::policy::Policy;
    ///
    /// let webhooks = Policy::public_web();
    /// let target = webhooks.parse("https://ci.rust-lang.org/hook")?;
    /// assert_eq!(target.host(), Some("ci.rust-lang.org"));
    ///
    /// let input = "http://[::ffff:127.0.0.1]/";
    /// let refused = webhooks.parse(input).unwrap_err();
    /// assert_eq!(
    ///     refused.to_string(),
    ///     "the host at byte 7 is this machine itself (loopback, RFC 1122, RFC 6761)"
    /// );
    /// assert_eq!(
    ///     refused.render(input).to_string(),
    ///     "http://[::ffff:127.0.0.1]/\n       ^^^^^^^^^^^^^^^^^^ host-class (loopback)"
    /// );
    /// # Ok::<(), uri_runtime::policy::Refusal>(())
    /// ```
    ///
    /// With the text in hand this is the faster way (BENCHMARKS.md, "A
    /// boundary policy's cost"): the check reads the boundaries
    /// where the parser wrote them. A `Uri` that [`Uri::parse`] returns is
    /// a copy of them, which the compiler makes in sixteen-byte pieces
    /// that the CPU cannot take from the parser's eight-byte writes still
    /// in flight, so a check that follows waits for them.
    ///
    /// # Errors
    ///
    /// [`Refusal::Parse`] where `text` is not a URI (the check is not
    /// made), [`Refusal::Policy`] with every broken rule where it is one
    /// the policy refuses.
    #[allow(
        clippy::result_large_err,
        reason = "as `check`: the violations are inline, so a refusal allocates nothing"
    )]
    #[inline]
    pub fn parse<'a>(&self, text: &'a str) -> Result<Uri<'a>, Refusal> {
        let parsed = parse::uri(text);
        // Borrowed where the parser wrote it, not moved out first (see
        // above).
        let parts = match &parsed {
            Ok(parts) => parts,
            Err(err) => return Err(Refusal::Parse(*err)),
        };
        self.check_parts(text, parts)?;
        Ok(Uri(Parsed {
            text,
            parts: *parts,
        }))
    }
}
