//! `mailto` URIs (RFC 6068): a view that reads the addresses and header
//! fields decoded, and a builder that encodes each part by the RFC's
//! rules.
//!
//! ```
//! use uri_runtime::scheme::mailto::{Mailto, MailtoBuilder};
//! use uri_runtime::Uri;
//!
//! let mail = Mailto::new(Uri::parse("mailto:joe@example.com?cc=bob@example.com&subject=Hi%20there")?)?;
//! assert!(mail.to().eq(["joe@example.com"]));
//! assert!(mail.cc().eq(["bob@example.com"]));
//! assert_eq!(mail.subject().as_deref(), Some("Hi there"));
//!
//! let uri = MailtoBuilder::new()
//!     .to("\"not@me\"@example.org")
//!     .subject("Q&A")
//!     .body("line one\nline two")
//!     .build()?;
//! assert_eq!(uri, "mailto:%22not%40me%22@example.org?subject=Q%26A&body=line%20one%0D%0Aline%20two");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use alloc::borrow::Cow;
use alloc::string::String;
use core::fmt;

use super::{
    KnownScheme, SchemeError, SchemeErrorKind, check_field, check_text_field, check_view, decoded,
};
use crate::pct::{self, EncodeSet, classes};
use crate::value::buf::UriBuf;
use crate::value::uri::Uri;
use crate::write::compose::write_as_is;
use crate::write::dots::Joined;
use uri_core::render::Caret;
use uri_core::scheme::check_address;

/// A header field's name or value: RFC 6068's `qchar`.
const HEADER: EncodeSet = EncodeSet::keeping(classes::MAILTO_QCHAR);
/// An address's local part: `qchar` without the `,` that separates
/// addresses and the `@` that ends the local part.
const LOCAL_PART: EncodeSet = HEADER.but_encode(b",@");
/// An address's domain: `qchar` without `,`.
const DOMAIN: EncodeSet = HEADER.but_encode(b",");

/// A checked `mailto` URI, read decoded.
///
/// Addresses are split at each `,` as written, before decoding, so an
/// encoded `%2C` stays inside its address. Header names compare without
/// regard to ASCII case, as mail headers do; `+` is a plus sign, not a
/// space (RFC 6068 section 5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Mailto<'a> {
    uri: Uri<'a>,
    /// Where the addresses before the `?` end (they start after `mailto:`).
    to_end: usize,
}

impl<'a> Mailto<'a> {
    /// Checks `uri` as a `mailto` URI: the scheme, the syntax of each
    /// address and header field, and that everything decodes to UTF-8,
    /// so the accessors cannot fail; and that no escape spells a control
    /// character a mail client would write into the message's header
    /// (`subject=Hi%0D%0ABcc:%20x@evil`). Only the `body` may hold line
    /// breaks, and only header values (the body included) tabs.
    ///
    /// ```
    /// use uri_runtime::scheme::mailto::Mailto;
    /// use uri_runtime::{scheme::SchemeErrorKind, Uri};
    ///
    /// let uri = Uri::parse("mailto:a@example.org?subject=Hi%0D%0ABcc:%20x@evil")?;
    /// let err = Mailto::new(uri).unwrap_err();
    /// assert_eq!((err.kind(), err.index()), (SchemeErrorKind::ControlCharacter, 31));
    /// let uri = Uri::parse("mailto:a@example.org?body=line%0D%0Aline")?;
    /// assert_eq!(Mailto::new(uri)?.body().as_deref(), Some("line\r\nline"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// ```
    /// use uri_runtime::scheme::mailto::Mailto;
    /// use uri_runtime::{scheme::SchemeErrorKind, Uri};
    ///
    /// let err = Mailto::new(Uri::parse("mailto:joe@example.com,nobody")?).unwrap_err();
    /// assert_eq!((err.kind(), err.index()), (SchemeErrorKind::MissingAtSign, 29));
    /// # Ok::<(), uri_runtime::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`SchemeErrorKind::NotThisScheme`], a rule of RFC 6068 broken, or
    /// [`SchemeErrorKind::InvalidUtf8`] or
    /// [`SchemeErrorKind::ControlCharacter`], each with its byte.
    pub fn new(uri: Uri<'a>) -> Result<Mailto<'a>, SchemeError> {
        check_view(&uri, &[KnownScheme::Mailto])?;
        let parts = uri.components();
        let start = uri.scheme().len() + 1;
        let end = match (parts.query(), parts.fragment()) {
            (Some(range), _) | (None, Some(range)) => range.start - 1,
            (None, None) => uri.as_str().len(),
        };
        check_field(uri.as_str(), start..end, &[])?;
        if let Some(query) = parts.query() {
            check_header_fields(uri.as_str(), query)?;
        }
        Ok(Mailto { uri, to_end: end })
    }

    /// The URI viewed.
    pub fn uri(&self) -> Uri<'a> {
        self.uri
    }

    /// Every recipient: the addresses before the `?`, then those of each
    /// `to` header field (RFC 6068 section 2 counts both), decoded.
    pub fn to(&self) -> impl Iterator<Item = Cow<'a, str>> + 'a {
        let start = self.uri.scheme().len() + 1;
        let listed = self
            .uri
            .as_str()
            .get(start..self.to_end)
            .unwrap_or_default();
        addresses(listed).chain(self.addresses_of("to"))
    }

    /// The addresses of the `cc` header fields, decoded.
    pub fn cc(&self) -> impl Iterator<Item = Cow<'a, str>> + 'a {
        self.addresses_of("cc")
    }

    /// The addresses of the `bcc` header fields, decoded.
    pub fn bcc(&self) -> impl Iterator<Item = Cow<'a, str>> + 'a {
        self.addresses_of("bcc")
    }

    /// The `subject`, decoded.
    pub fn subject(&self) -> Option<Cow<'a, str>> {
        self.header("subject")
    }

    /// The `body`, decoded; its line breaks are `\r\n`, as RFC 6068
    /// section 5 writes them.
    pub fn body(&self) -> Option<Cow<'a, str>> {
        self.header("body")
    }

    /// The `In-Reply-To` field, decoded.
    pub fn in_reply_to(&self) -> Option<Cow<'a, str>> {
        self.header("in-reply-to")
    }

    /// The first header field named `name` (in any case), decoded.
    pub fn header(&self, name: &str) -> Option<Cow<'a, str>> {
        self.headers()
            .find(|(field, _)| field.eq_ignore_ascii_case(name))
            .map(|(_, value)| value)
    }

    /// Every header field, in order, name and value decoded; `to`, `cc`
    /// and `bcc` included, with their address lists as written.
    pub fn headers(&self) -> impl Iterator<Item = (Cow<'a, str>, Cow<'a, str>)> + 'a {
        let query = self.uri.query().filter(|query| !query.is_empty());
        query
            .into_iter()
            .flat_map(|query| query.split('&'))
            .map(|field| {
                let (name, value) = field.split_once('=').unwrap_or((field, ""));
                (decoded(name), decoded(value))
            })
    }

    /// The addresses of the header fields named `name`.
    fn addresses_of(&self, name: &'static str) -> impl Iterator<Item = Cow<'a, str>> + 'a {
        let query = self.uri.query().filter(|query| !query.is_empty());
        query
            .into_iter()
            .flat_map(|query| query.split('&'))
            .filter_map(move |field| {
                let (field, value) = field.split_once('=')?;
                field.eq_ignore_ascii_case(name).then_some(value)
            })
            .flat_map(addresses)
    }
}

/// Each header field of the query `text[query]`: its name without control
/// characters (or other characters that act on whoever shows it), its
/// value with tabs only, or for the `body`, free text, with no C0 control
/// but line breaks and tabs.
fn check_header_fields(text: &str, query: core::ops::Range<usize>) -> Result<(), SchemeError> {
    let mut at = query.start;
    for field in text.get(query).unwrap_or_default().split('&') {
        let (name, value) = field.split_once('=').unwrap_or((field, ""));
        let value_at = at + name.len() + 1;
        check_field(text, at..at + name.len(), &[])?;
        let value_range = value_at..value_at + value.len();
        if decoded(name).eq_ignore_ascii_case("body") {
            check_text_field(text, value_range, b"\r\n\t")?;
        } else {
            check_field(text, value_range, b"\t")?;
        }
        at += field.len() + 1;
    }
    Ok(())
}

impl<'a> TryFrom<Uri<'a>> for Mailto<'a> {
    type Error = SchemeError;

    fn try_from(uri: Uri<'a>) -> Result<Mailto<'a>, SchemeError> {
        Mailto::new(uri)
    }
}

/// The decoded addresses of a list as written (none for empty text).
fn addresses(list: &str) -> impl Iterator<Item = Cow<'_, str>> {
    let list = Some(list).filter(|list| !list.is_empty());
    list.into_iter()
        .flat_map(|list| list.split(','))
        .map(decoded)
}

/// Writes a `mailto` URI from unencoded parts, encoding each by RFC 6068
/// section 2: addresses keep `qchar` (with `,` and, in the local part, `@`
/// encoded), header names and values keep `qchar`, and everything else,
/// `%` and non-ASCII (as UTF-8) included, is percent-encoded.
///
/// Each address is checked against `addr-spec` before it is encoded, and a
/// line break is refused in every header field but the body, where it
/// could only start a header of its own; in the body, `\n`, `\r` and
/// `\r\n` are all written `%0D%0A`, as section 5 requires.
#[derive(Clone, Debug, Default)]
#[must_use]
pub struct MailtoBuilder {
    to: String,
    headers: String,
    error: Option<MailtoError>,
}

impl MailtoBuilder {
    /// An empty `mailto:`.
    pub fn new() -> MailtoBuilder {
        MailtoBuilder::default()
    }

    /// Adds a recipient before the `?`.
    pub fn to(mut self, address: &str) -> MailtoBuilder {
        match encoded_address(address, "to") {
            Ok(encoded) => {
                if !self.to.is_empty() {
                    self.to.push(',');
                }
                self.to.push_str(&encoded);
            }
            Err(error) => self.fail(error),
        }
        self
    }

    /// Adds a `cc` header field with one address.
    pub fn cc(self, address: &str) -> MailtoBuilder {
        self.address_field("cc", address)
    }

    /// Adds a `bcc` header field with one address.
    pub fn bcc(self, address: &str) -> MailtoBuilder {
        self.address_field("bcc", address)
    }

    /// Adds the `subject`.
    pub fn subject(self, subject: &str) -> MailtoBuilder {
        self.header("subject", subject)
    }

    /// Adds the `body`, line breaks written `%0D%0A`.
    pub fn body(mut self, body: &str) -> MailtoBuilder {
        self.start_field("body");
        let mut lines = body.split('\n').peekable();
        while let Some(line) = lines.next() {
            let line = line.strip_suffix('\r').unwrap_or(line);
            for (i, piece) in line.split('\r').enumerate() {
                if i > 0 {
                    self.headers.push_str("%0D%0A");
                }
                self.headers.push_str(&pct::encode(piece, &HEADER));
            }
            if lines.peek().is_some() {
                self.headers.push_str("%0D%0A");
            }
        }
        self
    }

    /// Adds any header field; `body` is written as [`body`](Self::body)
    /// writes it, and `to`, `cc` and `bcc` take one address each, checked
    /// as [`cc`](Self::cc) checks it, so no header can slip a list past
    /// the address check.
    ///
    /// ```
    /// use uri_runtime::scheme::mailto::MailtoBuilder;
    ///
    /// let built = MailtoBuilder::new().to("a@example.org").header("BCC", "not an address, evil@x").build();
    /// assert!(built.is_err());
    /// ```
    pub fn header(mut self, name: &str, value: &str) -> MailtoBuilder {
        if name.eq_ignore_ascii_case("body") {
            return self.body(value);
        }
        for field in ["to", "cc", "bcc"] {
            if name.eq_ignore_ascii_case(field) {
                return self.address_field(field, value);
            }
        }
        for (part, text) in [("header name", name), ("header value", value)] {
            if let Some(at) = text.find(['\r', '\n']) {
                let error = SchemeError::new(at, 1, SchemeErrorKind::HeaderLineBreak);
                self.fail(MailtoError::new(part, text, error));
                return self;
            }
        }
        self.start_field(name);
        self.headers.push_str(&pct::encode(value, &HEADER));
        self
    }

    /// The URI, or the first part that could not be written.
    ///
    /// # Errors
    ///
    /// [`MailtoError`]: an address that breaks `addr-spec`, or a line
    /// break in a header field.
    pub fn build(self) -> Result<UriBuf, MailtoError> {
        if let Some(error) = self.error {
            return Err(error);
        }
        // Every part was encoded into its component's characters: the one
        // writer records where they lie.
        let headers = (!self.headers.is_empty()).then_some(self.headers.as_str());
        let (text, parts) = write_as_is(Some("mailto"), None, Joined::one(&self.to), headers, None);
        Ok(UriBuf::from_written(text, parts))
    }

    fn address_field(mut self, name: &'static str, address: &str) -> MailtoBuilder {
        match encoded_address(address, name) {
            Ok(encoded) => {
                self.start_field(name);
                self.headers.push_str(&encoded);
            }
            Err(error) => self.fail(error),
        }
        self
    }

    fn start_field(&mut self, name: &str) {
        if !self.headers.is_empty() {
            self.headers.push('&');
        }
        self.headers.push_str(&pct::encode(name, &HEADER));
        self.headers.push('=');
    }

    fn fail(&mut self, error: MailtoError) {
        self.error.get_or_insert(error);
    }
}

/// `address` checked against `addr-spec` and encoded, local part and
/// domain each with its set; `part` names it in the error.
fn encoded_address(address: &str, part: &'static str) -> Result<String, MailtoError> {
    let at = check_address(address.as_bytes(), 0, address.len(), false)
        .map_err(|err| MailtoError::new(part, address, err))?;
    let (local, domain) = address.split_at(at);
    let mut out = String::from(pct::encode(local, &LOCAL_PART));
    out.push('@');
    out.push_str(&pct::encode(domain.get(1..).unwrap_or_default(), &DOMAIN));
    Ok(out)
}

/// A part [`MailtoBuilder`] could not write: which part, its text, and
/// the [`SchemeError`] in that text (where, the rule, the likely fix).
///
/// ```
/// use uri_runtime::scheme::mailto::MailtoBuilder;
/// use uri_runtime::scheme::SchemeErrorKind;
///
/// let err = MailtoBuilder::new().to("a..b@example.org").build().unwrap_err();
/// assert_eq!((err.part(), err.index(), err.kind()), ("to", 2, SchemeErrorKind::InvalidAddress));
/// assert!(err.to_string().starts_with(
///     "to \"a..b@example.org\": character not allowed here in a mail address at byte 2: "
/// ));
/// assert_eq!(err.render().to_string(), "a..b@example.org\n  ^");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MailtoError {
    part: &'static str,
    text: String,
    error: SchemeError,
}

impl MailtoError {
    fn new(part: &'static str, text: &str, error: SchemeError) -> MailtoError {
        MailtoError {
            part,
            text: String::from(text),
            error,
        }
    }

    /// The part: `to`, `cc`, `bcc`, `header name` or `header value`.
    pub fn part(&self) -> &'static str {
        self.part
    }

    /// The text given for that part.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The error in [`text`](Self::text), with its byte range.
    pub fn error(&self) -> SchemeError {
        self.error
    }

    /// The byte offset in [`text`](Self::text).
    pub fn index(&self) -> usize {
        self.error.index()
    }

    /// The rule broken.
    pub fn kind(&self) -> SchemeErrorKind {
        self.error.kind()
    }

    /// The likely fix.
    pub fn hint(&self) -> Option<&'static str> {
        self.error.hint()
    }

    /// The part's text with carets under the bytes at fault.
    pub fn render(&self) -> Caret<'_> {
        self.error.render(&self.text)
    }
}

impl fmt::Display for MailtoError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {:?}: {}", self.part, self.text, self.error)
    }
}

impl core::error::Error for MailtoError {}
