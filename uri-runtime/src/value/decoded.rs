//! Decoded views of the components people decode by hand (user name,
//! password, path segments, fragment), and a display that hides secrets,
//! for logs.

use alloc::borrow::Cow;
use core::fmt;
use core::ops::Range;

use uri_core::table::is_control_or_line_break;

use crate::bytes::unescape::escaped_char;
use crate::pct::{DecodeError, DecodeErrorKind, decode_utf8};
use crate::value::iri::{Iri, IriRef};
use crate::value::uri::{Parsed, Uri, UriRef};

/// A component's text, percent-decoded; an error's index is an offset in
/// the whole string.
type Decoded<'a> = Result<Cow<'a, str>, DecodeError>;

impl<'a> Parsed<'a> {
    /// `range` of the text, decoded: borrowed when it holds no escape.
    /// Escapes that spell a control character or a line break are an
    /// error ([`DecodeErrorKind::ControlCharacter`]): these accessors hand
    /// out names, which go into logs, headers and file systems, and
    /// `u%0D%0AX` is no user name.
    fn decoded(&self, range: Range<usize>) -> Decoded<'a> {
        let text = self.text.get(range.clone()).unwrap_or_default();
        let decoded = decode_utf8(text).map_err(|err| err.offset_by(range.start))?;
        if let Cow::Owned(_) = decoded
            && let Some((at, width)) = control_escape(text)
        {
            return Err(DecodeError::new(
                range.start + at,
                width,
                DecodeErrorKind::ControlCharacter,
            ));
        }
        Ok(decoded)
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

/// The first escape in `text` that spells a control character or a line
/// break, with its width in bytes.
fn control_escape(text: &str) -> Option<(usize, usize)> {
    let bytes = text.as_bytes();
    let mut at = 0;
    while let Some(offset) = bytes.get(at..)?.iter().position(|&b| b == b'%') {
        at += offset;
        match escaped_char(bytes, at) {
            Some((c, width)) if is_control_or_line_break(c) => return Some((at, width)),
            Some((_, width)) => at += width,
            None => at += 1,
        }
    }
    None
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
        /// in the whole string: escapes that are not UTF-8, or that spell
        /// a control character or a line break
        /// ([`DecodeErrorKind::ControlCharacter`]), which none of the
        /// decoded names (user name, password, segments, fragment) ever
        /// holds. What they may hold is every other character, the
        /// bidirectional and invisible ones included: show it to people
        /// through [`pct::encode_unshowable`](crate::pct::encode_unshowable).
        ///
        /// ```
        /// use uri_runtime::{pct::DecodeErrorKind, Uri};
        ///
        /// let u = Uri::parse("https://u%0D%0AX:p%00w@h/")?;
        /// let err = u.username().unwrap().unwrap_err();
        /// assert_eq!((err.kind(), err.index()), (DecodeErrorKind::ControlCharacter, 9));
        /// assert!(u.password().unwrap().is_err());
        /// # Ok::<(), uri_runtime::ParseError>(())
        /// ```
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

        /// A display for logs that hides the secrets a URI may carry: the
        /// whole userinfo as `***` (`https://***@host/`), since either
        /// half may be the secret (a password, or a token as the user
        /// name: `https://ghp_…@github.com/`,
        /// `https://TOKEN:x-oauth-basic@github.com/`); with
        /// [`Redacted::query_values`] every query value and every value
        /// of a fragment written as parameters (`#access_token=…`, where
        /// OAuth's implicit flow puts tokens), with [`Redacted::fragment`]
        /// the whole fragment.
        ///
        /// A password written with a raw `@`, `/`, `?` or `#` (never
        /// encoded) ends the userinfo early, so part of it is read as
        /// host, path or fragment: `postgres://admin:p@ss#word@db/app` has
        /// the host `ss`. Without any userinfo, a password of digits reads
        /// as a port (`postgres://admin:1234/abcd@db/app` has the host
        /// `admin`, the port `1234`). Whenever an `@` follows the
        /// userinfo, or follows an authority with a port and no userinfo,
        /// the display hides everything from the authority's start up to
        /// the last `@`, and [`Redacted::is_ambiguous`] says so; without
        /// an authority, a first path segment `user:password@…` is hidden
        /// up to its `@` the same way; the host
        /// it then shows is what the writer probably meant, not what the
        /// URI says.
        ///
        /// The rejected alternative, showing the user name beside a
        /// hidden password (`ada:***@`), leaks the token of every
        /// convention that puts it first, and a list of such conventions
        /// is never complete.
        ///
        /// ```
        /// use uri_runtime::Uri;
        ///
        /// let u = Uri::parse("https://ada:s3cret@example.com/api?token=abc&page=2")?;
        /// assert_eq!(u.redacted().to_string(), "https://***@example.com/api?token=abc&page=2");
        /// assert_eq!(
        ///     u.redacted().query_values().to_string(),
        ///     "https://***@example.com/api?token=***&page=***"
        /// );
        ///
        /// let token = Uri::parse("https://ghp_TOKEN@github.com/o/r.git#access_token=x")?;
        /// assert_eq!(token.redacted().fragment().to_string(), "https://***@github.com/o/r.git#***");
        ///
        /// let raw = Uri::parse("postgres://admin:p@ss#word@db:5432/app")?;
        /// assert_eq!(raw.redacted().to_string(), "postgres://***@db:5432/app");
        /// assert!(raw.redacted().is_ambiguous());
        ///
        /// let port_like = Uri::parse("postgres://admin:1234/abcd@db/app")?;
        /// assert_eq!(port_like.redacted().to_string(), "postgres://***@db/app");
        ///
        /// // With no `//`, a reader that adds it finds a user and password.
        /// let no_slashes = Uri::parse("foo:u:secret13@h")?;
        /// assert_eq!(no_slashes.redacted().to_string(), "foo:***@h");
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
    /// the keys, and every value of a fragment written as parameters
    /// (`#access_token=***&state=***`).
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

    /// Whether the hidden credentials may reach past what the URI reads
    /// as its userinfo: an `@` follows the userinfo (a password with a
    /// raw `@`, `/`, `?` or `#`), or follows an authority with a port and
    /// no userinfo (a password of digits read as the port). The display
    /// then hides everything up to the last `@`.
    pub fn is_ambiguous(&self) -> bool {
        self.hidden().is_some_and(|hidden| {
            self.parsed
                .parts
                .userinfo()
                .is_none_or(|userinfo| hidden.end > userinfo.end)
        })
    }

    /// The bytes that may hold credentials ([`secret_span`]).
    fn hidden(&self) -> Option<Range<usize>> {
        secret_span(self.parsed.text, &self.parsed.parts)
    }
}

/// The bytes of `text` (parsed as `parts`) that may hold credentials,
/// however the text happens to parse: the userinfo, and up to the last
/// `@` when one follows it; without a userinfo, from the host to the last
/// `@` when an `@` follows an authority with a port (`admin:1234/x@db`,
/// `user:123?tok@host`); without an authority, from the path's first
/// segment to its last `@` when a `:` stands before that `@` in the
/// segment (`foo:u:secret@h`, which a reader that adds the missing `//`
/// takes as a user and password). `None` when there are none.
pub(crate) fn secret_span(text: &str, parts: &uri_core::Components) -> Option<Range<usize>> {
    let start = match (parts.userinfo(), parts.port()) {
        (Some(userinfo), _) => userinfo.start,
        (None, Some(port)) => {
            let after_port = text.get(port.end..)?;
            after_port.contains('@').then_some(())?;
            parts.host()?.start
        }
        (None, None) if parts.authority().is_none() => return userinfo_in_path(text, parts),
        (None, None) => return None,
    };
    let end = text.rfind('@')?;
    (end >= start).then_some(start..end)
}

/// A `user:password@` in the first segment of a path with no authority
/// before it (after any leading slashes): from the segment's start to its
/// last `@`, when a `:` comes before that `@`.
fn userinfo_in_path(text: &str, parts: &uri_core::Components) -> Option<Range<usize>> {
    let path = parts.path();
    let written = text.get(path.clone())?;
    let start = path.start + (written.len() - written.trim_start_matches('/').len());
    let segment = text.get(start..path.end)?;
    let segment = segment.split('/').next()?;
    let at = segment.rfind('@')?;
    segment
        .get(..at)?
        .contains(':')
        .then_some(start..start + at)
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
        if let Some(hidden) = self.hidden() {
            f.write_str(slice(0..hidden.start))?;
            f.write_str("***")?;
            written = hidden.end;
        }
        // Where the hidden credentials reach into the query or fragment,
        // only what follows them is left to hide.
        if let Some(query) = parts
            .query()
            .filter(|q| self.query_values && q.end > written)
        {
            let start = query.start.max(written);
            f.write_str(slice(written..start))?;
            write_values_hidden(f, slice(start..query.end))?;
            written = query.end;
        }
        if let Some(fragment) = parts
            .fragment()
            .filter(|r| self.fragment && r.end > written)
        {
            f.write_str(slice(written..fragment.start.max(written)))?;
            f.write_str("***")?;
            written = fragment.end;
        } else if let Some(fragment) = parts
            .fragment()
            .filter(|r| self.query_values && r.end > written && slice(r.clone()).contains('='))
        {
            let start = fragment.start.max(written);
            f.write_str(slice(written..start))?;
            write_values_hidden(f, slice(start..fragment.end))?;
            written = fragment.end;
        }
        f.write_str(slice(written..text.len()))
    }
}

/// `pairs` (`k=v&k2=v2`) with each value written as `***`.
fn write_values_hidden(f: &mut fmt::Formatter<'_>, pairs: &str) -> fmt::Result {
    for (n, pair) in pairs.split('&').enumerate() {
        if n > 0 {
            f.write_str("&")?;
        }
        match pair.split_once('=') {
            Some((key, _)) => write!(f, "{key}=***")?,
            None => f.write_str(pair)?,
        }
    }
    Ok(())
}
