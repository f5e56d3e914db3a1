//! `ftp` URIs (RFC 1738 section 3.2): the login, the directories to walk,
//! the file name, and the `;type=` typecode.
//!
//! ```
//! use uri_runtime::scheme::ftp::{FtpUri, Typecode};
//! use uri_runtime::Uri;
//!
//! let ftp = FtpUri::new(Uri::parse("ftp://anon:guest@ftp.example.org/pub/a%3Bb/notes.txt;type=a")?)?;
//! assert_eq!(ftp.user().as_deref(), Some("anon"));
//! assert!(ftp.directories().eq(["pub", "a;b"]));
//! assert_eq!(ftp.file_name(), "notes.txt");
//! assert_eq!(ftp.typecode(), Some(Typecode::Ascii));
//! assert_eq!(ftp.port(), 21);
//!
//! // Names are encoded, so `;` inside them survives; a name that would
//! // be structure (`..`, or one holding `/`) is refused.
//! let path = uri_runtime::scheme::ftp::path(["pub", "a;b"], "y.bin", Some(Typecode::Image))?;
//! assert_eq!(path, "/pub/a%3Bb/y.bin;type=i");
//! assert!(uri_runtime::scheme::ftp::path(["pub", ".."], "y.bin", None).is_err());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! RFC 1738 section 3.2.3 reads `%2F` in a name as a `/` the server
//! gets inside one `CWD` (its example `ftp://host/%2Fetc/motd` changes to
//! `/etc`). This view refuses it, and a name `.` or `..` however it is
//! spelled: a name handed to a server must not climb or jump where the
//! URI's own path text does not, which RFC 3986 section 2.3 (`%2E` is
//! `.`) and every URI reader's dot-segment removal would hide.

use alloc::borrow::Cow;
use alloc::string::String;
use core::ops::Range;

use super::{KnownScheme, SchemeError, SchemeErrorKind, check_field, check_view, decoded};
use crate::pct::{self, EncodeSet};
use crate::value::buf::UriBuf;
use crate::value::uri::Uri;
use crate::write::compose::{Authority, write_as_is};
use crate::write::dot_segment::reads_as_dot_segment;
use crate::write::dots::Joined;
use uri_core::scheme::typecode_semicolon;
use uri_core::table::escaped_when_shown;

/// A name or directory of an ftp path: `pchar` without `;`, which RFC
/// 1738 section 3.2.3 reserves for the typecode.
const NAME: EncodeSet = pct::PATH_SEGMENT.but_encode(b";");

/// How the file is transferred (RFC 1738 section 3.2.2; RFC 959 section
/// 3.1.1 for the data types).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Typecode {
    /// `a`: ASCII text, line ends converted.
    Ascii,
    /// `i`: image, the bytes as they are.
    Image,
    /// `d`: a directory listing.
    Directory,
}

impl Typecode {
    /// The letter written after `;type=`.
    pub fn letter(self) -> char {
        match self {
            Typecode::Ascii => 'a',
            Typecode::Image => 'i',
            Typecode::Directory => 'd',
        }
    }

    /// The typecode a letter names, in either case.
    pub fn from_letter(letter: char) -> Option<Typecode> {
        match letter.to_ascii_lowercase() {
            'a' => Some(Typecode::Ascii),
            'i' => Some(Typecode::Image),
            'd' => Some(Typecode::Directory),
            _ => None,
        }
    }
}

/// That no segment of `text[path]` (an ftp path without its typecode)
/// decodes to structure: `.` or `..` in any spelling, or a `/`.
fn check_segments(text: &str, path: Range<usize>) -> Result<(), SchemeError> {
    let mut at = path.start;
    for segment in text.get(path).unwrap_or_default().split('/') {
        let slash = segment
            .as_bytes()
            .windows(3)
            .position(|w| w[0] == b'%' && w[1] == b'2' && w[2] | 0x20 == b'f');
        match slash {
            Some(offset) => {
                return Err(SchemeError::new(
                    at + offset,
                    3,
                    SchemeErrorKind::SegmentStructure,
                ));
            }
            None if reads_as_dot_segment(segment) => {
                return Err(SchemeError::new(
                    at,
                    segment.len(),
                    SchemeErrorKind::SegmentStructure,
                ));
            }
            None => at += segment.len() + 1,
        }
    }
    Ok(())
}

/// A checked `ftp` URI, read as RFC 1738 section 3.2 reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FtpUri<'a> {
    uri: Uri<'a>,
    /// Where the last segment's `;type=` starts, if it has one.
    typecode_at: Option<usize>,
}

impl<'a> FtpUri<'a> {
    /// Checks `uri` as an `ftp` URI: the scheme, a host, a 16-bit port,
    /// no unescaped `;` but the typecode's, and a valid typecode; and
    /// that every name decodes to UTF-8 without a control character, so
    /// the accessors cannot fail, and a name they hand out cannot end an
    /// ftp command line and start another (`dir%0D%0ADELE%20x`).
    ///
    /// ```
    /// use uri_runtime::scheme::ftp::FtpUri;
    /// use uri_runtime::{scheme::SchemeErrorKind, Uri};
    ///
    /// let err = FtpUri::new(Uri::parse("ftp://h/f;type=x")?).unwrap_err();
    /// assert_eq!((err.kind(), err.index()), (SchemeErrorKind::InvalidTypecode, 15));
    /// # Ok::<(), uri_runtime::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`SchemeErrorKind::NotThisScheme`], a rule of the scheme broken,
    /// [`SchemeErrorKind::InvalidUtf8`], [`SchemeErrorKind::ControlCharacter`]
    /// or [`SchemeErrorKind::SegmentStructure`], each with its byte.
    pub fn new(uri: Uri<'a>) -> Result<FtpUri<'a>, SchemeError> {
        check_view(&uri, &[KnownScheme::Ftp])?;
        let parts = uri.components();
        for range in [parts.userinfo(), Some(parts.path())].into_iter().flatten() {
            check_field(uri.as_str(), range, &[])?;
        }
        let path = parts.path();
        let typecode_at = typecode_semicolon(uri.as_str().as_bytes(), path.start, path.end);
        check_segments(uri.as_str(), path.start..typecode_at.unwrap_or(path.end))?;
        Ok(FtpUri { uri, typecode_at })
    }

    /// The URI viewed.
    pub fn uri(&self) -> Uri<'a> {
        self.uri
    }

    /// The user name, decoded.
    pub fn user(&self) -> Option<Cow<'a, str>> {
        let userinfo = self.uri.userinfo()?;
        Some(decoded(userinfo.split(':').next().unwrap_or_default()))
    }

    /// The password, decoded: what follows the first `:` of the userinfo.
    pub fn password(&self) -> Option<Cow<'a, str>> {
        let (_, password) = self.uri.userinfo()?.split_once(':')?;
        Some(decoded(password))
    }

    /// The host (never empty).
    pub fn host(&self) -> &'a str {
        self.uri.host().unwrap_or_default()
    }

    /// The port, 21 when none is written.
    pub fn port(&self) -> u16 {
        self.uri.port_u16().ok().flatten().unwrap_or(21)
    }

    /// The directories to change into (RFC 1738's `cwd`s), decoded: every
    /// segment of the path but the last.
    pub fn directories(&self) -> impl Iterator<Item = Cow<'a, str>> + 'a {
        let (directories, _) = self.split();
        directories
            .into_iter()
            .flat_map(|d| d.split('/'))
            .map(decoded)
    }

    /// The file name, decoded and without its typecode; empty for a URI
    /// that names a directory (`ftp://h/pub/`).
    pub fn file_name(&self) -> Cow<'a, str> {
        decoded(self.split().1)
    }

    /// The typecode after `;type=`, if there is one.
    pub fn typecode(&self) -> Option<Typecode> {
        let at = self.typecode_at?;
        let letter = self
            .uri
            .as_str()
            .get(at + ";type=".len()..)?
            .chars()
            .next()?;
        Typecode::from_letter(letter)
    }

    /// The same URI with its typecode replaced, added or (with `None`)
    /// removed.
    ///
    /// ```
    /// use uri_runtime::scheme::ftp::{FtpUri, Typecode};
    /// use uri_runtime::Uri;
    ///
    /// let ftp = FtpUri::new(Uri::parse("ftp://h/f.bin;type=a")?)?;
    /// assert_eq!(ftp.with_typecode(Some(Typecode::Image)), "ftp://h/f.bin;type=i");
    /// assert_eq!(ftp.with_typecode(None), "ftp://h/f.bin");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_typecode(&self, typecode: Option<Typecode>) -> UriBuf {
        let uri = &self.uri;
        let path = uri.components().path();
        let keep_to = self.typecode_at.unwrap_or(path.end);
        let kept = uri.as_str().get(path.start..keep_to).unwrap_or_default();
        let parameter = typecode.map(|t| alloc::format!(";type={}", t.letter()));
        let (text, parts) = write_as_is(
            Some(uri.scheme()),
            Authority::of(&uri.0).as_ref(),
            Joined::new(kept, parameter.as_deref().unwrap_or_default()),
            uri.query(),
            uri.fragment(),
        );
        UriBuf::from_written(text, parts)
    }

    /// The directory part (before the last `/`, without the leading one)
    /// and the last segment without its typecode.
    fn split(&self) -> (Option<&'a str>, &'a str) {
        let text = self.uri.as_str();
        let path = self.uri.components().path();
        let end = self.typecode_at.unwrap_or(path.end);
        let path = text.get(path.start..end).unwrap_or_default();
        let path = path.strip_prefix('/').unwrap_or(path);
        match path.rsplit_once('/') {
            Some((directories, name)) => (Some(directories), name),
            None => (None, path),
        }
    }
}

/// An ftp path, `/dir/…/name;type=x`, with each name percent-encoded so
/// that `;` and other delimiters inside it stay part of it (RFC 1738
/// section 3.2.3); [`FtpUri`] reads back every path it writes.
///
/// # Errors
///
/// [`SchemeErrorKind::SegmentStructure`] for a name `.` or `..`, or one
/// holding `/`, which would be structure to the server however it is
/// encoded; [`SchemeErrorKind::ControlCharacter`] for one holding a
/// control or another character [`FtpUri`] refuses. The index is where
/// the name would start in the path.
pub fn path<'d>(
    directories: impl IntoIterator<Item = &'d str>,
    name: &str,
    typecode: Option<Typecode>,
) -> Result<String, SchemeError> {
    let mut out = String::new();
    let directories = directories
        .into_iter()
        .map(|directory| -> &str { directory });
    for name in directories.chain([name]) {
        out.push('/');
        let at = out.len();
        let refused = if matches!(name, "." | "..") || name.contains('/') {
            Some(SchemeErrorKind::SegmentStructure)
        } else if name.chars().any(escaped_when_shown) {
            Some(SchemeErrorKind::ControlCharacter)
        } else {
            None
        };
        if let Some(kind) = refused {
            return Err(SchemeError::new(at, name.len(), kind));
        }
        out.push_str(&pct::encode(name, &NAME));
    }
    if let Some(typecode) = typecode {
        out.push_str(";type=");
        out.push(typecode.letter());
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ftp(text: &str) -> FtpUri<'_> {
        FtpUri::new(Uri::parse(text).unwrap()).unwrap()
    }

    #[test]
    fn reads_the_parts_of_rfc_1738() {
        let f = ftp("ftp://h");
        assert_eq!((f.user(), f.password(), f.port()), (None, None, 21));
        assert_eq!(f.directories().count(), 0);
        assert_eq!(f.file_name(), "");
        let f = ftp("ftp://u%40x:p%3Aw:q@h:2121/a/b/;type=d");
        assert_eq!(f.user().as_deref(), Some("u@x"));
        assert_eq!(f.password().as_deref(), Some("p:w:q"));
        assert_eq!(f.port(), 2121);
        assert!(f.directories().eq(["a", "b"]));
        assert_eq!(f.file_name(), "");
        assert_eq!(f.typecode(), Some(Typecode::Directory));
        let f = ftp("ftp://h/etc/x%20y;type=I");
        assert!(f.directories().eq(["etc"]));
        assert_eq!(f.file_name(), "x y");
        assert_eq!(f.typecode(), Some(Typecode::Image));
    }

    #[test]
    fn refuses_names_whose_escapes_spell_structure() {
        for (text, at) in [
            ("ftp://h/%2E%2E/x", 8),
            ("ftp://h/a/%2e/x", 10),
            ("ftp://h/a/../x", 10),
            ("ftp://h/a%2Fb", 9),
            ("ftp://h/%2fetc/x", 8),
            ("ftp://h/x/..;type=a", 10),
        ] {
            let err = FtpUri::new(Uri::parse(text).unwrap()).unwrap_err();
            assert_eq!(
                (err.kind(), err.index()),
                (SchemeErrorKind::SegmentStructure, at),
                "{text}"
            );
        }
        for (text, at) in [
            ("ftp://h/a%C2%85b", 9),
            ("ftp://h/a%E2%80%A8", 9),
            ("ftp://u%E2%80%AEx@h/", 7),
        ] {
            let err = FtpUri::new(Uri::parse(text).unwrap()).unwrap_err();
            assert_eq!(
                (err.kind(), err.index()),
                (SchemeErrorKind::ControlCharacter, at),
                "{text}"
            );
        }
    }

    #[test]
    fn refuses_what_is_not_an_ftp_uri_with_text() {
        let kind = |text: &str| FtpUri::new(Uri::parse(text).unwrap()).unwrap_err();
        assert_eq!(kind("http://h/").kind(), SchemeErrorKind::NotThisScheme);
        assert_eq!(
            kind("ftp://h/a;b").kind(),
            SchemeErrorKind::UnescapedSemicolon
        );
        let err = kind("ftp://h/ok/%FF");
        assert_eq!(
            (err.kind(), err.index()),
            (SchemeErrorKind::InvalidUtf8, 11)
        );
    }

    #[test]
    fn paths_round_trip_through_the_view() {
        let names = ["a b", "c;d", "e?f", "100%", "é"];
        let written = path(names[..4].iter().copied(), names[4], Some(Typecode::Ascii)).unwrap();
        let text = alloc::format!("ftp://h{written}");
        let f = ftp(&text);
        assert!(f.directories().eq(names[..4].iter().copied()));
        assert_eq!(f.file_name(), names[4]);
        assert_eq!(f.typecode(), Some(Typecode::Ascii));
        assert_eq!(
            f.with_typecode(None).as_str(),
            text.trim_end_matches(";type=a")
        );
    }

    #[test]
    fn the_writer_refuses_what_the_view_refuses() {
        for (directories, name, at) in [
            (&["pub", ".."][..], "x", 5),
            (&["pub"][..], "a/b", 5),
            (&["."][..], "x", 1),
            (&["pub"][..], "..", 5),
            (&["pub"][..], "a\u{2028}", 5),
        ] {
            let err = path(directories.iter().copied(), name, None).unwrap_err();
            assert_eq!(err.index(), at, "{directories:?} {name}");
        }
    }
}
