//! `Iri` and `IriRef`: RFC 3987 internationalized resource identifiers,
//! borrowed and validated like their URI counterparts.

use uri_core::{ParseError, ParseOptions};

use crate::value::parse;
use crate::value::uri::{Parsed, Uri, UriRef, string_traits, with_iri};

/// An IRI: the `IRI` rule of RFC 3987 section 2.2, a URI in which
/// non-ASCII characters may stand unescaped. Borrowed, never allocating.
///
/// ```
/// use uri_runtime::Iri;
///
/// let iri = Iri::parse("http://例え.jp/引き出し?q=ü#章")?;
/// assert_eq!(iri.host(), Some("例え.jp"));
/// assert_eq!(iri.path(), "/引き出し");
/// assert_eq!(iri.query(), Some("q=ü"));
///
/// // The URI it stands for (RFC 3987 section 3.1), with the host in the
/// // DNS form when the `idna` feature is on:
/// assert_eq!(
///     iri.to_uri(),
///     "http://%E4%BE%8B%E3%81%88.jp/%E5%BC%95%E3%81%8D%E5%87%BA%E3%81%97?q=%C3%BC#%E7%AB%A0"
/// );
/// # #[cfg(feature = "idna")]
/// assert_eq!(
///     iri.to_uri_idna()?,
///     "http://xn--r8jz45g.jp/%E5%BC%95%E3%81%8D%E5%87%BA%E3%81%97?q=%C3%BC#%E7%AB%A0"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// Accessors return the text as written, non-ASCII included. Every
/// [`Uri`] is an IRI ([`Uri::as_iri`]); an IRI is a URI only when it is
/// ASCII ([`as_uri`](Self::as_uri)). Equality, ordering and hashing
/// compare the strings byte for byte.
///
/// RFC 3987 section 4.1 forbids the bidirectional formatting characters
/// (U+200E, U+200F, U+202A to U+202E) anywhere in an IRI, since they can
/// make an IRI display differently from what it is; parsing refuses them
/// with [`BidiFormatting`](crate::ParseErrorKind::BidiFormatting).
#[derive(Clone, Copy)]
pub struct Iri<'a>(pub(crate) Parsed<'a>);

/// An IRI reference: the `IRI-reference` rule of RFC 3987 section 2.2, an
/// [`Iri`] or a relative reference. Borrowed, never allocating.
///
/// ```
/// use uri_runtime::IriRef;
///
/// let r = IriRef::parse("../写真/2024?並べ替え=日付")?;
/// assert_eq!(r.scheme(), None);
/// assert!(r.path_segments().eq(["..", "写真", "2024"]));
/// # Ok::<(), uri_runtime::ParseError>(())
/// ```
#[derive(Clone, Copy)]
pub struct IriRef<'a>(pub(crate) Parsed<'a>);

impl<'a> Iri<'a> {
    /// Parses an IRI (scheme required).
    ///
    /// ```
    /// use uri_runtime::{Component, Iri, ParseErrorKind};
    ///
    /// let text = "https://example.com/\u{202E}fdp.exe";
    /// let err = Iri::parse(text).unwrap_err();
    /// assert_eq!(err.kind(), ParseErrorKind::BidiFormatting(Component::Path));
    /// assert_eq!(err.index(), 20);
    /// ```
    ///
    /// # Errors
    ///
    /// A [`ParseError`] pointing at the first offending byte.
    // Inlined: see `Uri::parse`.
    #[inline]
    pub fn parse(text: &'a str) -> Result<Iri<'a>, ParseError> {
        parse::iri(text).map(|parts| Iri(Parsed { text, parts }))
    }

    /// Parses an IRI with the extensions `options` names, such as RFC 6874
    /// zone identifiers; the grammar is RFC 3987's whatever `options` say.
    ///
    /// ```
    /// use uri_runtime::{Iri, ParseOptions};
    ///
    /// let zoned = "http://[fe80::a%25en1]/文書";
    /// assert!(Iri::parse_with(zoned, ParseOptions::RFC3986.with_zone_ids()).is_ok());
    /// ```
    ///
    /// # Errors
    ///
    /// As [`parse`](Self::parse).
    pub fn parse_with(text: &'a str, options: ParseOptions) -> Result<Iri<'a>, ParseError> {
        parse::uri_with(text, with_iri(options)).map(|parts| Iri(Parsed { text, parts }))
    }

    /// The scheme, before the first `:`, as written (always ASCII).
    pub fn scheme(&self) -> &'a str {
        self.0.scheme().unwrap_or("")
    }

    /// This IRI as an [`IriRef`], which every IRI is.
    pub fn as_iri_ref(&self) -> IriRef<'a> {
        IriRef(self.0)
    }

    /// This IRI as a [`Uri`] when it is one: when all of it is ASCII.
    /// Otherwise see [`to_uri`](Self::to_uri).
    ///
    /// ```
    /// use uri_runtime::Iri;
    ///
    /// assert!(Iri::parse("http://a/b").unwrap().as_uri().is_some());
    /// assert!(Iri::parse("http://a/é").unwrap().as_uri().is_none());
    /// ```
    pub fn as_uri(&self) -> Option<Uri<'a>> {
        // An ASCII IRI is a URI with the same boundaries: the grammars
        // differ only in the characters above U+007F.
        self.0.text.is_ascii().then_some(Uri(self.0))
    }

    /// The constructor behind `iri!`; see [`Uri::__from_validated`].
    #[doc(hidden)]
    pub const fn __from_validated(
        text: &'a str,
        raw: [usize; uri_core::parse::RAW_LEN],
    ) -> Iri<'a> {
        Iri(Parsed::validated(text, raw))
    }
}

impl<'a> IriRef<'a> {
    /// Parses an IRI reference: an IRI or a relative reference.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] pointing at the first offending byte.
    // Inlined: see `Uri::parse`.
    #[inline]
    pub fn parse(text: &'a str) -> Result<IriRef<'a>, ParseError> {
        parse::iri_reference(text).map(|parts| IriRef(Parsed { text, parts }))
    }

    /// Parses an IRI reference with the extensions `options` names; see
    /// [`Iri::parse_with`].
    ///
    /// # Errors
    ///
    /// As [`parse`](Self::parse).
    pub fn parse_with(text: &'a str, options: ParseOptions) -> Result<IriRef<'a>, ParseError> {
        parse::uri_reference_with(text, with_iri(options))
            .map(|parts| IriRef(Parsed { text, parts }))
    }

    /// The scheme if there is one, as written.
    pub fn scheme(&self) -> Option<&'a str> {
        self.0.scheme()
    }

    /// Whether this reference has a scheme, and so is an [`Iri`].
    pub fn is_absolute(&self) -> bool {
        self.0.parts.scheme().is_some()
    }

    /// This reference as an [`Iri`], if it has a scheme: a view of the
    /// same text, so `as_`, as [`UriRef::as_uri`] is.
    ///
    /// ```
    /// use uri_runtime::IriRef;
    ///
    /// assert_eq!(IriRef::parse("http://例え.jp/").unwrap().as_iri().unwrap().host(), Some("例え.jp"));
    /// assert!(IriRef::parse("/写真").unwrap().as_iri().is_none());
    /// ```
    pub fn as_iri(&self) -> Option<Iri<'a>> {
        self.is_absolute().then_some(Iri(self.0))
    }

    /// This reference as a [`UriRef`] when all of it is ASCII.
    pub fn as_uri_ref(&self) -> Option<UriRef<'a>> {
        self.0.text.is_ascii().then_some(UriRef(self.0))
    }

    /// The constructor behind `iri_ref!`; see [`Uri::__from_validated`].
    #[doc(hidden)]
    pub const fn __from_validated(
        text: &'a str,
        raw: [usize; uri_core::parse::RAW_LEN],
    ) -> IriRef<'a> {
        IriRef(Parsed::validated(text, raw))
    }
}

impl<'a> Uri<'a> {
    /// This URI as an [`Iri`], which every URI is, as written: escapes
    /// stay escapes. To show them as characters, see
    /// [`to_iri`](Self::to_iri).
    pub fn as_iri(&self) -> Iri<'a> {
        Iri(self.0)
    }
}

impl<'a> UriRef<'a> {
    /// This reference as an [`IriRef`], as written.
    pub fn as_iri_ref(&self) -> IriRef<'a> {
        IriRef(self.0)
    }
}

impl<'a> From<Iri<'a>> for IriRef<'a> {
    fn from(iri: Iri<'a>) -> IriRef<'a> {
        IriRef(iri.0)
    }
}

impl<'a> From<Uri<'a>> for Iri<'a> {
    fn from(uri: Uri<'a>) -> Iri<'a> {
        Iri(uri.0)
    }
}

impl<'a> From<UriRef<'a>> for IriRef<'a> {
    fn from(r: UriRef<'a>) -> IriRef<'a> {
        IriRef(r.0)
    }
}

impl<'a> TryFrom<IriRef<'a>> for Iri<'a> {
    type Error = ParseError;

    /// Fails with [`MissingScheme`](crate::ParseErrorKind::MissingScheme)
    /// for a relative reference.
    fn try_from(r: IriRef<'a>) -> Result<Iri<'a>, ParseError> {
        match r.as_iri() {
            Some(iri) => Ok(iri),
            // No scheme: parsing as an IRI reports MissingScheme at 0.
            None => Iri::parse(r.as_str()),
        }
    }
}

string_traits!(Iri);
string_traits!(IriRef);
