//! Decoded views of the components people decode by hand (user name,
//! password, path segments, fragment), and a display that hides secrets,
//! for logs.

use alloc::borrow::Cow;
use core::fmt;
use core::ops::Range;

use crate::pct::{DecodeError, decode_utf8};
use crate::value::iri::{Iri, IriRef};
use crate::value::uri::{Parsed, Uri, UriRef};

/// A component's text, percent-decoded; an error's index is an offset in
/// the whole string.
type Decoded<'a> = Result<Cow<'a, str>, DecodeError>;

impl<'a> Parsed<'a> {
    /// `range` of the text, decoded: borrowed when it holds no escape.
    fn decoded(&self, range: Range<usize>) -> Decoded<'a> {
        let text = self.text.get(range.clone()).unwrap_or_default();
        decode_utf8(text).map_err(|err| err.offset_by(range.start))
    }

    /// The userinfo's parts: before its first `:`, and after it (if any).
    fn credentials(&self) -> Option<(Range<usize>, Option<Range<usize>>)> {
        let userinfo = self.parts.userinfo()?;
        let text = self.text.get(userinfo.clone())?;
        Some(match text.find(':') {
            Some(colon) => (
                userinfo.start..userinfo.start + colon,
                Some(userinfo.start + colon + 1..userinfo.end),
            ),
            None => (userinfo, None),
        })
    }
}

impl_each! {
    [Uri<'a>, UriRef<'a>, Iri<'a>, IriRef<'a>]
    {
        /// The user name: the userinfo before its first `:`, decoded.
        /// `None` without a userinfo.
        ///
        /// ```
        /// use uri_runtime::Uri;
        ///
        /// let u = Uri::parse("ftp://ada%40home:s%3Acret@example.com/")?;
        /// assert_eq!(u.username().transpose()?.as_deref(), Some("ada@home"));
        /// assert_eq!(u.password().transpose()?.as_deref(), Some("s:cret"));
        /// # Ok::<(), Box<dyn std::error::Error>>(())
        /// ```
        ///
        /// # Errors
        ///
        /// Inside the option, a [`DecodeError`] whose index is an offset
        /// in the whole string.
        pub fn username(&self) -> Option<Decoded<'a>> {
            let (user, _) = self.0.credentials()?;
            Some(self.0.decoded(user))
        }

        /// The password: the userinfo after its first `:`, decoded.
        /// `None` without one. RFC 3986 section 3.2.1 deprecates
        /// passwords in URIs; [`redacted`](Self::redacted) keeps them
        /// out of logs.
        ///
        /// # Errors
        ///
        /// As [`username`](Self::username).
        pub fn password(&self) -> Option<Decoded<'a>> {
            let (_, password) = self.0.credentials()?;
            Some(self.0.decoded(password?))
        }

        /// The path's segments, each decoded (so a `%2F` inside one is
        /// a `/` in its text, not a separator).
        ///
        /// ```
        /// use uri_runtime::Uri;
        ///
        /// let u = Uri::parse("https://h/docs/Q%26A%201%2F2")?;
        /// let segments: Vec<_> = u.path_segments_decoded().collect::<Result<_, _>>()?;
        /// assert_eq!(segments, ["docs", "Q&A 1/2"]);
        /// # Ok::<(), Box<dyn std::error::Error>>(())
        /// ```
        pub fn path_segments_decoded(&self) -> impl Iterator<Item = Decoded<'a>> + use<'a> {
            let parsed = self.0;
            let path = parsed.parts.path();
            let mut start = path.start + usize::from(self.path().starts_with('/'));
            self.path_segments().map(move |segment| {
                let range = start..start + segment.len();
                start = range.end + 1;
                parsed.decoded(range)
            })
        }

        /// The fragment, decoded; `None` without one.
        ///
        /// # Errors
        ///
        /// As [`username`](Self::username).
        pub fn fragment_decoded(&self) -> Option<Decoded<'a>> {
            Some(self.0.decoded(self.0.parts.fragment()?))
        }

        /// A display for logs that hides the secrets a URI may carry: a
        /// password as `***` (`ada:***@`), and a userinfo without `:` as
        /// a whole (`***@`), since that form is how access tokens travel
        /// (`https://ghp_…@github.com/`); with
        /// [`Redacted::query_values`] every query value, with
        /// [`Redacted::fragment`] the fragment (`#access_token=…`).
        ///
        /// A password written with a raw `@`, `/`, `?` or `#` (never
        /// encoded) ends the userinfo early, so part of it is read as host,
        /// path or fragment: `postgres://admin:p@ss#word@db/app` has the
        /// host `ss`. Whenever an `@` follows the userinfo, the display
        /// hides everything up to the last `@` and
        /// [`Redacted::is_ambiguous`] says so; the host it then shows is
        /// what the writer probably meant, not what the URI says.
        ///
        /// ```
        /// use uri_runtime::Uri;
        ///
        /// let u = Uri::parse("https://ada:s3cret@example.com/api?token=abc&page=2")?;
        /// assert_eq!(u.redacted().to_string(), "https://ada:***@example.com/api?token=abc&page=2");
        /// assert_eq!(
        ///     u.redacted().query_values().to_string(),
        ///     "https://ada:***@example.com/api?token=***&page=***"
        /// );
        ///
        /// let token = Uri::parse("https://ghp_TOKEN@github.com/o/r.git#access_token=x")?;
        /// assert_eq!(token.redacted().fragment().to_string(), "https://***@github.com/o/r.git#***");
        ///
        /// let raw = Uri::parse("postgres://admin:p@ss#word@db:5432/app")?;
        /// assert_eq!(raw.redacted().to_string(), "postgres://***@db:5432/app");
        /// assert!(raw.redacted().is_ambiguous());
        /// # Ok::<(), uri_runtime::ParseError>(())
        /// ```
        pub fn redacted(&self) -> Redacted<'a> {
            Redacted { parsed: self.0, query_values: false, fragment: false }
        }
    }
}

/// A URI shown with its secrets hidden; from `redacted()` on every URI
/// type. It is still a valid URI reference (`*` may stand in every place
/// it is written).
#[derive(Clone, Copy)]
pub struct Redacted<'a> {
    parsed: Parsed<'a>,
    query_values: bool,
    fragment: bool,
}

impl Redacted<'_> {
    /// Hides every query value as well (`?token=***&page=***`), keeping
    /// the keys.
    #[must_use]
    pub fn query_values(mut self) -> Self {
        self.query_values = true;
        self
    }

    /// Hides the fragment as well (`#***`), where OAuth's implicit flow
    /// puts its tokens.
    #[must_use]
    pub fn fragment(mut self) -> Self {
        self.fragment = true;
        self
    }

    /// Whether an `@` follows the userinfo, so that a password with a raw
    /// `@`, `/`, `?` or `#` may reach past it; the display then hides
    /// everything up to the last `@`.
    pub fn is_ambiguous(&self) -> bool {
        self.hidden_until().is_some_and(|end| {
            self.parsed
                .parts
                .userinfo()
                .is_some_and(|userinfo| end > userinfo.end)
        })
    }

    /// Where the hidden credentials end: the last `@` of the text, which
    /// is the userinfo's own unless another follows it.
    fn hidden_until(&self) -> Option<usize> {
        self.parsed.parts.userinfo()?;
        self.parsed.text.rfind('@')
    }
}

/// The redacted text, so that not even `{:?}` shows the secret.
impl fmt::Debug for Redacted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Redacted({:?})", alloc::format!("{self}"))
    }
}

impl fmt::Display for Redacted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = self.parsed.text;
        let parts = &self.parsed.parts;
        let slice = |range: Range<usize>| text.get(range).unwrap_or_default();
        let mut written = 0;
        match (self.parsed.credentials(), self.hidden_until()) {
            (Some((user, Some(_))), Some(end)) if !self.is_ambiguous() => {
                f.write_str(slice(0..user.end))?;
                f.write_str(":***")?;
                written = end;
            }
            (Some((user, _)), Some(end)) => {
                f.write_str(slice(0..user.start))?;
                f.write_str("***")?;
                written = end;
            }
            _ => {}
        }
        // Where the hidden credentials reach into the query or fragment,
        // only what follows them is left to hide.
        if let Some(query) = parts
            .query()
            .filter(|q| self.query_values && q.end > written)
        {
            let start = query.start.max(written);
            f.write_str(slice(written..start))?;
            for (n, pair) in slice(start..query.end).split('&').enumerate() {
                if n > 0 {
                    f.write_str("&")?;
                }
                match pair.split_once('=') {
                    Some((key, _)) => write!(f, "{key}=***")?,
                    None => f.write_str(pair)?,
                }
            }
            written = query.end;
        }
        if let Some(fragment) = parts
            .fragment()
            .filter(|r| self.fragment && r.end > written)
        {
            f.write_str(slice(written..fragment.start.max(written)))?;
            f.write_str("***")?;
            written = fragment.end;
        }
        f.write_str(slice(written..text.len()))
    }
}
