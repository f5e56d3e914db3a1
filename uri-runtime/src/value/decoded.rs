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
        decode_utf8(text).map_err(|err| err.shifted(range.start))
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

        /// A display for logs: the password replaced by `***`; with
        /// [`Redacted::query_values`], every query value too.
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
        /// # Ok::<(), uri_runtime::ParseError>(())
        /// ```
        pub fn redacted(&self) -> Redacted<'a> {
            Redacted { parsed: self.0, query_values: false }
        }
    }
}

/// A URI shown with its secrets hidden; from `redacted()` on every URI
/// type. It is still a valid URI reference (`*` may stand in both places).
#[derive(Clone, Copy)]
pub struct Redacted<'a> {
    parsed: Parsed<'a>,
    query_values: bool,
}

impl Redacted<'_> {
    /// Hides every query value as well (`?token=***&page=***`), keeping
    /// the keys.
    #[must_use]
    pub fn query_values(mut self) -> Self {
        self.query_values = true;
        self
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
        let slice = |range: Range<usize>| text.get(range).unwrap_or_default();
        let mut written = 0;
        if let Some((user, Some(password))) = self.parsed.credentials() {
            f.write_str(slice(0..user.end))?;
            f.write_str(":***")?;
            written = password.end;
        }
        if let Some(query) = self.parsed.parts.query().filter(|_| self.query_values) {
            f.write_str(slice(written..query.start))?;
            for (n, pair) in slice(query.clone()).split('&').enumerate() {
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
        f.write_str(slice(written..text.len()))
    }
}
