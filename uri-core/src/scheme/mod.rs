//! The rules four schemes add to the generic syntax: `http` and `https`
//! (RFC 9110 section 4.2), `ftp` (RFC 1738 section 3.2), `mailto` (RFC
//! 6068) and `file` (RFC 8089).
//!
//! [`check`] runs after the generic parser, on its [`Components`], and
//! applies the rules of the scheme it finds; a scheme it does not know
//! passes unchecked. The `uri!` macro and the runtime's scheme views
//! call this same function, so a literal is refused while compiling for
//! exactly what a run-time check refuses.
//!
//! ```
//! use uri_core::parse_uri;
//! use uri_core::scheme::{check, SchemeErrorKind};
//!
//! let text = "https://user:pw@example.com/";
//! let err = check(text, &parse_uri(text)?).unwrap_err();
//! assert_eq!(err.kind(), SchemeErrorKind::UserinfoNotAllowed);
//! assert_eq!(err.index(), 8);
//! assert_eq!(err.render(text).to_string(), "https://user:pw@example.com/\n        ^^^^^^^^");
//!
//! let text = "urn:isbn:0451450523";
//! assert!(check(text, &parse_uri(text)?).is_ok()); // not a scheme with rules here
//! # Ok::<(), Box<dyn core::error::Error>>(())
//! ```

mod facts;
mod file;
mod ftp;
mod http;
mod mailto;

use crate::components::Components;
use crate::located::{Explain, Located};
use crate::pct::decode_triplet;

pub use facts::{SCHEMES, SchemeFacts, scheme_facts};
pub use file::starts_with_drive;
pub use ftp::typecode_semicolon;
pub use mailto::check_address;

/// The schemes whose own rules this crate knows.
///
/// ```
/// use uri_core::scheme::KnownScheme;
///
/// assert_eq!(KnownScheme::of("HTTPS"), Some(KnownScheme::Https));
/// assert_eq!(KnownScheme::Https.default_port(), Some(443));
/// assert_eq!(KnownScheme::of("urn"), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum KnownScheme {
    /// `http` (RFC 9110 section 4.2.1).
    Http,
    /// `https` (RFC 9110 section 4.2.2).
    Https,
    /// `ftp` (RFC 1738 section 3.2).
    Ftp,
    /// `mailto` (RFC 6068).
    Mailto,
    /// `file` (RFC 8089).
    File,
}

impl KnownScheme {
    /// The scheme named `name`, compared without regard to ASCII case as
    /// RFC 3986 section 3.1 asks.
    pub const fn of(name: &str) -> Option<KnownScheme> {
        // Each name is written once, in `name`.
        const ALL: [KnownScheme; 5] = [
            KnownScheme::Http,
            KnownScheme::Https,
            KnownScheme::Ftp,
            KnownScheme::Mailto,
            KnownScheme::File,
        ];
        let mut i = 0;
        while i < ALL.len() {
            if name.eq_ignore_ascii_case(ALL[i].name()) {
                return Some(ALL[i]);
            }
            i += 1;
        }
        None
    }

    /// The scheme's name in lowercase.
    pub const fn name(self) -> &'static str {
        match self {
            KnownScheme::Http => "http",
            KnownScheme::Https => "https",
            KnownScheme::Ftp => "ftp",
            KnownScheme::Mailto => "mailto",
            KnownScheme::File => "file",
        }
    }

    /// Whether the rules [`check`] applies to this scheme read the
    /// authority alone (`http` and `https`: a host is required, userinfo
    /// refused), so that a change of path, query or fragment never changes
    /// the answer. A `uri!` template, whose holes stand outside the
    /// authority, is checked while compiling for such a scheme only.
    ///
    /// ```
    /// use uri_core::scheme::KnownScheme;
    ///
    /// assert!(KnownScheme::Https.rules_read_only_the_authority());
    /// assert!(!KnownScheme::Mailto.rules_read_only_the_authority());
    /// ```
    pub const fn rules_read_only_the_authority(self) -> bool {
        matches!(self, KnownScheme::Http | KnownScheme::Https)
    }

    /// Where the rules [`check`] applies to this scheme are written.
    ///
    /// ```
    /// use uri_core::scheme::KnownScheme;
    ///
    /// assert_eq!(KnownScheme::Mailto.rules(), "RFC 6068 section 2");
    /// ```
    pub const fn rules(self) -> &'static str {
        match self {
            KnownScheme::Http | KnownScheme::Https => "RFC 9110 section 4.2",
            KnownScheme::Ftp => "RFC 1738 section 3.2",
            KnownScheme::Mailto => "RFC 6068 section 2",
            KnownScheme::File => "RFC 8089 section 2",
        }
    }

    /// The port a URI of this scheme means when it names none.
    pub const fn default_port(self) -> Option<u16> {
        match scheme_facts(self.name()) {
            Some(facts) => facts.default_port,
            None => None,
        }
    }
}

/// Applies the rules of the scheme of `text` (already parsed into
/// `parts`); a URI whose scheme is not a [`KnownScheme`], or a relative
/// reference, passes.
///
/// # Errors
///
/// The first rule broken, in text order; see [`SchemeErrorKind`] for the
/// rules and where each error's index points.
pub const fn check(text: &str, parts: &Components) -> Result<(), SchemeError> {
    let Some(scheme) = parts.scheme() else {
        return Ok(());
    };
    let Some((_, name)) = text.split_at_checked(scheme.start) else {
        return Ok(());
    };
    let Some((name, _)) = name.split_at_checked(scheme.end - scheme.start) else {
        return Ok(());
    };
    match KnownScheme::of(name) {
        Some(KnownScheme::Http | KnownScheme::Https) => http::check(text.as_bytes(), parts),
        Some(KnownScheme::Ftp) => ftp::check(text.as_bytes(), parts),
        Some(KnownScheme::Mailto) => mailto::check(text.as_bytes(), parts),
        Some(KnownScheme::File) => file::check(text.as_bytes(), parts),
        None => Ok(()),
    }
}

/// Which rule of its scheme a URI breaks; each kind says where
/// [`SchemeError::index`] points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SchemeErrorKind {
    /// An `http`, `https` or `ftp` URI without a host: RFC 9110 section
    /// 4.2.1 has recipients reject it, RFC 1738's `login` requires one.
    /// At the empty host, or after the `:` when there is no authority.
    MissingHost,
    /// Userinfo in an `http` or `https` URI, which RFC 9110 section 4.2.4
    /// says a sender must not generate, or in a `file` URI, whose
    /// authority is a host only (RFC 8089 section 2). Covers the userinfo
    /// and its `@`.
    UserinfoNotAllowed,
    /// A port above 65535 in an `http`, `https` or `ftp` URI, which has no
    /// TCP port to name; at the first digit.
    PortOutOfRange,
    /// A port in a `file` URI (RFC 8089 section 2: `file-auth = "localhost"
    /// / host`); at the `:`.
    PortNotAllowed,
    /// A `file` URI whose path is not absolute (RFC 8089 section 2) and
    /// does not start with a drive letter (appendix E.2); at the path.
    RelativeFilePath,
    /// A `;` in an `ftp` path other than the one before `type=` at the end,
    /// where RFC 1738 section 3.2.3 requires `%3B`; at the `;`.
    UnescapedSemicolon,
    /// An `ftp` typecode other than `a`, `i` or `d` (RFC 1738 section
    /// 3.2.2); at the byte after `type=`.
    InvalidTypecode,
    /// An empty address in a `mailto` address list (`a@x,,b@x`); where
    /// it should start.
    EmptyAddress,
    /// A `mailto` address with no `@` between its local part and domain;
    /// at the end of the address.
    MissingAtSign,
    /// A `mailto` address that breaks RFC 6068's `addr-spec` (RFC 5322's,
    /// without comments or folding); at the first offending character,
    /// which may be an escape (`%22`).
    InvalidAddress,
    /// A character a `mailto` header field may not hold unescaped (RFC
    /// 6068 `qchar`: not `&`, `=`, `/`, `?`, `#`, …); at the character.
    InvalidHeaderField,
    /// A `mailto` header field without `=` (`?subject`); at its end.
    MissingHeaderValue,
    /// Escapes that do not decode to UTF-8 text, where a view returns
    /// text; at the first byte of the bad sequence.
    InvalidUtf8,
    /// A line break in a `mailto` header field other than `body`, where it
    /// would start a header of its own; at the break.
    HeaderLineBreak,
    /// A view of one scheme (`HttpTarget`, `Mailto`, …) given a URI of
    /// another; at the scheme.
    NotThisScheme,
    /// A `file` URI whose authority is a drive letter and its colon
    /// (`file://C:/data.db`), a slash short of the drive path
    /// `file:///C:/data.db`; at the letter.
    DriveAsHost,
    /// A host whose escapes spell an international name, which only UTS
    /// 46 can turn into the name DNS looks up, while the `idna` feature of
    /// `uri-runtime` is off; at the host.
    IdnaNeeded,
    /// A host whose escapes spell no name a client can look up: an
    /// international name that UTS 46 refuses, or an ASCII character a
    /// registered name cannot hold (`%2F`, `%22`); at the host.
    InvalidHostName,
    /// An escape that decodes to a control character (a C0 control such as
    /// CR or LF, DEL, a C1 control such as NEL) or another character that
    /// acts on whoever shows the text instead of showing as itself (the
    /// line separators U+2028 and U+2029, the bidirectional controls, the
    /// characters that render as nothing; see
    /// [`escaped_when_shown`](crate::table::escaped_when_shown)) in a field
    /// a protocol reads (an ftp name or login, a mailto address or
    /// header), where handing it out would let the URI write protocol
    /// lines of its own or disguise what it says; at the escape. A mailto
    /// `body` may hold line breaks and tabs, a header value tabs.
    ControlCharacter,
    /// An `ftp` path segment whose escapes spell structure: a segment that
    /// reads as `.` or `..` (`%2E%2E`, which RFC 3986 section 2.3 makes
    /// equal to `..`), or an escaped `/` (`a%2Fb`), which a server given
    /// the decoded name would take as a separator; at the segment.
    SegmentStructure,
}

impl SchemeErrorKind {
    /// A lowercase phrase naming the rule, as `Display` uses it.
    pub const fn description(self) -> &'static str {
        match self {
            SchemeErrorKind::MissingHost => "missing host",
            SchemeErrorKind::UserinfoNotAllowed => "userinfo not allowed",
            SchemeErrorKind::PortOutOfRange => "port above 65535",
            SchemeErrorKind::PortNotAllowed => "port not allowed",
            SchemeErrorKind::RelativeFilePath => "path not absolute",
            SchemeErrorKind::UnescapedSemicolon => {
                "';' in an ftp path must be escaped unless it starts ';type='"
            }
            SchemeErrorKind::InvalidTypecode => "ftp typecode must be 'a', 'i' or 'd'",
            SchemeErrorKind::EmptyAddress => "empty mail address",
            SchemeErrorKind::MissingAtSign => "mail address without '@'",
            SchemeErrorKind::InvalidAddress => "character not allowed here in a mail address",
            SchemeErrorKind::InvalidHeaderField => {
                "character not allowed unescaped in a mailto header field"
            }
            SchemeErrorKind::MissingHeaderValue => "mailto header field without '='",
            SchemeErrorKind::InvalidUtf8 => "escapes that do not decode to UTF-8",
            SchemeErrorKind::HeaderLineBreak => "line break in a mailto header field",
            SchemeErrorKind::NotThisScheme => "not a URI of the scheme this view reads",
            SchemeErrorKind::DriveAsHost => "drive letter where the host belongs",
            SchemeErrorKind::IdnaNeeded => "international host name without IDNA support",
            SchemeErrorKind::InvalidHostName => "host escapes spell no name a client can look up",
            SchemeErrorKind::ControlCharacter => "escaped control character in a protocol field",
            SchemeErrorKind::SegmentStructure => {
                "ftp path segment whose escapes spell '.', '..' or '/'"
            }
        }
    }

    /// How to fix it, where one fix is the likely one.
    pub const fn hint(self) -> Option<&'static str> {
        match self {
            SchemeErrorKind::UserinfoNotAllowed => {
                Some("send credentials in an Authorization header, not in the URI")
            }
            SchemeErrorKind::UnescapedSemicolon => Some("write ';' in a name as %3B"),
            SchemeErrorKind::InvalidAddress => {
                Some("quote a local part with special characters, as %22a%20b%22@example.org")
            }
            SchemeErrorKind::InvalidHeaderField => Some("percent-encode it, e.g. '&' as %26"),
            SchemeErrorKind::RelativeFilePath => Some("start the path with '/'"),
            SchemeErrorKind::DriveAsHost => {
                Some("a drive path takes three slashes: write file:///C:/… for C:\\…")
            }
            SchemeErrorKind::MissingHost => {
                Some("name the server after '//', as in http://example.com/path")
            }
            SchemeErrorKind::PortOutOfRange => Some("a TCP port is a number from 0 to 65535"),
            SchemeErrorKind::PortNotAllowed => {
                Some("a file URI names a host only; remove the port")
            }
            SchemeErrorKind::InvalidTypecode => {
                Some("write ;type=a for text, ;type=i for binary, ;type=d for a listing")
            }
            SchemeErrorKind::EmptyAddress => Some("remove the extra ','"),
            SchemeErrorKind::MissingAtSign => Some("a mail address is local-part@domain"),
            SchemeErrorKind::MissingHeaderValue => Some("write the field as name=value"),
            SchemeErrorKind::InvalidUtf8 => {
                Some("escape each byte of the UTF-8 encoding of the text, as %C3%A9 for é")
            }
            SchemeErrorKind::HeaderLineBreak => Some("put line breaks in the body only"),
            SchemeErrorKind::IdnaNeeded => {
                Some("enable the `idna` feature of uri-runtime to map the name to its DNS form")
            }
            SchemeErrorKind::ControlCharacter => {
                Some("a reader would hand this character to a protocol; remove it from the URI")
            }
            _ => None,
        }
    }
}

impl Explain for SchemeErrorKind {
    fn description(self) -> &'static str {
        SchemeErrorKind::description(self)
    }

    fn hint(self) -> Option<&'static str> {
        SchemeErrorKind::hint(self)
    }
}

/// A URI that breaks a rule of its scheme, and where.
///
/// ```
/// use uri_core::parse_uri;
/// use uri_core::scheme::{check, SchemeErrorKind};
///
/// let text = "ftp://example.com/pub/file.txt;type=x";
/// let err = check(text, &parse_uri(text)?).unwrap_err();
/// assert_eq!(err.kind(), SchemeErrorKind::InvalidTypecode);
/// assert_eq!(err.index(), 36);
/// assert_eq!(
///     err.to_string(),
///     "ftp typecode must be 'a', 'i' or 'd' at byte 36: \
///      write ;type=a for text, ;type=i for binary, ;type=d for a listing"
/// );
/// # Ok::<(), uri_core::ParseError>(())
/// ```
///
/// Its `Display` says what, where, and the likely fix, as
/// [`ParseError`](crate::ParseError)'s does.
pub type SchemeError = Located<SchemeErrorKind>;

/// The byte at `at` of `text`, percent-decoded, and the index after it:
/// schemes whose rules apply to decoded text read it through this.
pub const fn decoded_byte(text: &[u8], at: usize, end: usize) -> (u8, usize) {
    match decode_triplet(text, at, end) {
        Some(byte) => (byte, at + 3),
        None => (text[at], at + 1),
    }
}

/// The numeric value of decimal `digits`, or `None` above 65535.
const fn port_value(digits: &[u8], from: usize, to: usize) -> Option<u16> {
    let mut value: u32 = 0;
    let mut i = from;
    while i < to {
        value = value * 10 + (digits[i] - b'0') as u32;
        if value > u16::MAX as u32 {
            return None;
        }
        i += 1;
    }
    Some(value as u16)
}

/// Refuses a userinfo (`http`, `https`, `file`), covering it and its `@`.
const fn no_userinfo(parts: &Components) -> Result<(), SchemeError> {
    match parts.userinfo() {
        Some(userinfo) => Err(SchemeError::new(
            userinfo.start,
            userinfo.end - userinfo.start + 1,
            SchemeErrorKind::UserinfoNotAllowed,
        )),
        None => Ok(()),
    }
}

/// The host/port rules `http`, `https` and `ftp` share: a non-empty host,
/// a port that fits in 16 bits.
const fn check_server(text: &[u8], parts: &Components) -> Result<(), SchemeError> {
    let Some(host) = parts.host() else {
        let after_colon = match parts.scheme() {
            Some(scheme) => scheme.end + 1,
            None => 0,
        };
        return Err(SchemeError::new(
            after_colon,
            0,
            SchemeErrorKind::MissingHost,
        ));
    };
    if host.start == host.end {
        return Err(SchemeError::new(
            host.start,
            0,
            SchemeErrorKind::MissingHost,
        ));
    }
    if let Some(port) = parts.port()
        && port_value(text, port.start, port.end).is_none()
    {
        return Err(SchemeError::new(
            port.start,
            port.end - port.start,
            SchemeErrorKind::PortOutOfRange,
        ));
    }
    Ok(())
}

/// What the per-scheme tests compare: the kind, index and length of the
/// first rule `text` breaks.
#[cfg(test)]
fn first_error(text: &str) -> Option<(SchemeErrorKind, usize, usize)> {
    let parts = crate::parse_uri(text).ok()?;
    check(text, &parts)
        .err()
        .map(|err| (err.kind(), err.index(), err.len()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The answers of [`check`] for the scheme `name` after each prefix
    /// (an authority or none) and each tail (path, query, fragment).
    fn answers(name: &str, prefix: &str, tails: &[&str]) -> [Option<(SchemeErrorKind, usize)>; 12] {
        let mut found = [None; 12];
        for (k, tail) in tails.iter().enumerate() {
            let text = joined(name, prefix, tail);
            let text = text.as_str();
            let parts = crate::parse_uri(text).unwrap();
            found[k] = check(text, &parts)
                .err()
                .map(|err| (err.kind(), err.index()));
        }
        found
    }

    /// `name:prefix tail` in a fixed buffer (the crate has no `alloc`).
    fn joined(name: &str, prefix: &str, tail: &str) -> Buffer {
        let mut buffer = Buffer {
            bytes: [0; 64],
            len: 0,
        };
        for piece in [name, ":", prefix, tail] {
            buffer.bytes[buffer.len..buffer.len + piece.len()].copy_from_slice(piece.as_bytes());
            buffer.len += piece.len();
        }
        buffer
    }

    struct Buffer {
        bytes: [u8; 64],
        len: usize,
    }

    impl Buffer {
        fn as_str(&self) -> &str {
            core::str::from_utf8(&self.bytes[..self.len]).unwrap()
        }
    }

    /// What `rules_read_only_the_authority` says is so: for those schemes
    /// no path, query or fragment changes the answer; for the others some
    /// does, so the macro's compile-time check of templates (which reads
    /// it) covers every scheme it can.
    #[test]
    fn only_the_authority_decides_where_the_fact_says_so() {
        const TAILS: [&str; 12] = [
            "",
            "/",
            "/a",
            "/a?b",
            "?x",
            "#f",
            "/a;type=x",
            "/a;type=q",
            "a@b",
            "a@b,c",
            "?to=a@b",
            "/C:/x",
        ];
        for scheme in [
            KnownScheme::Http,
            KnownScheme::Https,
            KnownScheme::Ftp,
            KnownScheme::Mailto,
            KnownScheme::File,
        ] {
            let mut tail_matters = false;
            for prefix in ["//h", "//u@h", "//h:80", "//[::1]", "//", ""] {
                let tails: &[&str] = if prefix.is_empty() {
                    &TAILS
                } else {
                    &TAILS[..8]
                };
                let found = answers(scheme.name(), prefix, tails);
                let first = found[0];
                let same = found[..tails.len()].iter().all(|&answer| answer == first);
                if scheme.rules_read_only_the_authority() {
                    assert!(same, "{scheme:?} {prefix:?}: {found:?}");
                }
                tail_matters |= !same;
            }
            assert_eq!(
                tail_matters,
                !scheme.rules_read_only_the_authority(),
                "{scheme:?}"
            );
        }
    }
}
