//! `Uri` and `UriRef`: borrowed, validated, zero-copy views of a string.

use uri_core::{Components, ParseError, ParseOptions};

use crate::value::host::Host;
use crate::value::parse;
use crate::value::port::PortError;

/// A parsed string and its component boundaries: what both public types
/// hold, and where every accessor is written once.
#[derive(Clone, Copy)]
pub(crate) struct Parsed<'a> {
    pub(crate) text: &'a str,
    pub(crate) parts: Components,
}

impl<'a> Parsed<'a> {
    /// A string and the boundaries the literal macros computed while
    /// compiling: what every type's `__from_validated` wraps.
    pub(crate) const fn validated(text: &'a str, raw: [usize; uri_core::parse::RAW_LEN]) -> Self {
        Parsed {
            text,
            parts: Components::from_raw(raw),
        }
    }

    fn slice(&self, range: Option<core::ops::Range<usize>>) -> Option<&'a str> {
        // The ranges come from the parser, on char boundaries of `text`.
        range.and_then(|r| self.text.get(r))
    }

    pub(crate) fn scheme(&self) -> Option<&'a str> {
        self.slice(self.parts.scheme())
    }
    pub(crate) fn authority(&self) -> Option<&'a str> {
        self.slice(self.parts.authority())
    }
    pub(crate) fn userinfo(&self) -> Option<&'a str> {
        self.slice(self.parts.userinfo())
    }
    pub(crate) fn host(&self) -> Option<&'a str> {
        self.slice(self.parts.host())
    }
    pub(crate) fn host_parsed(&self) -> Option<Host<'a>> {
        Some(Host::classify(self.host()?, self.parts.host_kind()?))
    }
    pub(crate) fn port(&self) -> Option<&'a str> {
        self.slice(self.parts.port())
    }
    pub(crate) fn port_u16(&self) -> Result<Option<u16>, PortError> {
        crate::value::port::to_u16(self.port(), self.parts.port().map_or(0, |r| r.start))
    }
    pub(crate) fn path(&self) -> &'a str {
        self.slice(Some(self.parts.path())).unwrap_or("")
    }
    pub(crate) fn query(&self) -> Option<&'a str> {
        self.slice(self.parts.query())
    }
    pub(crate) fn fragment(&self) -> Option<&'a str> {
        self.slice(self.parts.fragment())
    }
}

/// `options` with the extensions a URI type can hold: the same, minus
/// the IRI grammar, whose text the `Uri` types must never carry.
fn ascii_only(options: ParseOptions) -> ParseOptions {
    if options.zone_ids() {
        ParseOptions::RFC3986.with_zone_ids()
    } else {
        ParseOptions::RFC3986
    }
}

/// The extensions `options` names on top of the IRI grammar.
pub(crate) fn with_iri(options: ParseOptions) -> ParseOptions {
    if options.zone_ids() {
        ParseOptions::RFC3987.with_zone_ids()
    } else {
        ParseOptions::RFC3987
    }
}

/// A URI: the `URI` rule of RFC 3986 section 3, which requires a scheme and
/// allows a fragment. Borrowed from the parsed string, never allocating.
///
/// ```
/// use uri_runtime::Uri;
///
/// let uri = Uri::parse("https://user@example.com:8080/a/b?q=1#top")?;
/// assert_eq!(uri.scheme(), "https");
/// assert_eq!(uri.host(), Some("example.com"));
/// assert_eq!(uri.port_u16(), Ok(Some(8080)));
/// assert_eq!(uri.path(), "/a/b");
/// assert_eq!(uri.query(), Some("q=1"));
/// assert_eq!(uri.fragment(), Some("top"));
///
/// // A relative reference is not a URI:
/// let err = Uri::parse("/a/b").unwrap_err();
/// assert_eq!(err.kind(), uri_runtime::ParseErrorKind::MissingScheme);
/// # Ok::<(), uri_runtime::ParseError>(())
/// ```
///
/// Equality, ordering and hashing compare the strings byte for byte:
/// `http://a/%7e` and `http://a/~` differ. Equivalence is a separate
/// question with its own methods.
#[derive(Clone, Copy)]
pub struct Uri<'a>(pub(crate) Parsed<'a>);

/// A URI reference: the `URI-reference` rule of RFC 3986 section 4.1, a
/// [`Uri`] or a relative reference. Borrowed, never allocating.
///
/// ```
/// use uri_runtime::UriRef;
///
/// let r = UriRef::parse("../photos/2024?sort=date")?;
/// assert_eq!(r.scheme(), None);
/// assert_eq!(r.path(), "../photos/2024");
/// assert_eq!(r.query(), Some("sort=date"));
/// assert!(UriRef::parse("https://example.com").unwrap().is_absolute());
/// # Ok::<(), uri_runtime::ParseError>(())
/// ```
#[derive(Clone, Copy)]
pub struct UriRef<'a>(pub(crate) Parsed<'a>);

impl<'a> Uri<'a> {
    /// Parses a URI (scheme required).
    ///
    /// # Errors
    ///
    /// A [`ParseError`] pointing at the first offending byte;
    /// [`MissingScheme`](crate::ParseErrorKind::MissingScheme) for a relative
    /// reference.
    // Inlined into the caller, as the other three types' `parse` are: the
    // parser writes its boundaries as 8-byte fields, and a `parse` of its
    // own would copy them into its result in 16-byte pieces, which the
    // CPU cannot forward from the stores just made; a caller that reads
    // the value at once (resolving, checking) waited for them. Inlined,
    // the caller reads the parser's fields where they were written
    // (resolution and the policy check gained most: the history of
    // BENCHMARKS.md has the figures).
    #[inline]
    pub fn parse(text: &'a str) -> Result<Uri<'a>, ParseError> {
        // Mapped, as every parse here, rather than taken out with `?` and
        // wrapped again: that costs a short reference's parse two more
        // copies of its boundaries.
        parse::uri(text).map(|parts| Uri(Parsed { text, parts }))
    }

    /// Parses a URI with the grammar extensions `options` names, such as
    /// RFC 6874 zone identifiers. The IRI grammar is not one of them here:
    /// a `Uri` is ASCII, so [`ParseOptions::RFC3987`] is read as RFC 3986
    /// (use [`Iri::parse_with`](crate::Iri::parse_with) for IRIs).
    ///
    /// ```
    /// use uri_runtime::{ParseOptions, Uri};
    ///
    /// let zoned = "http://[fe80::a%25en1]/";
    /// assert!(Uri::parse(zoned).is_err());
    /// assert!(Uri::parse_with(zoned, ParseOptions::RFC3986.with_zone_ids()).is_ok());
    /// assert!(Uri::parse_with("http://例/", ParseOptions::RFC3987).is_err());
    /// ```
    ///
    /// # Errors
    ///
    /// As [`parse`](Self::parse).
    pub fn parse_with(text: &'a str, options: ParseOptions) -> Result<Uri<'a>, ParseError> {
        parse::uri_with(text, ascii_only(options)).map(|parts| Uri(Parsed { text, parts }))
    }

    /// The scheme, before the first `:`, as written (compare it with
    /// [`str::eq_ignore_ascii_case`]: schemes are case-insensitive).
    ///
    /// ```
    /// let u = uri_runtime::Uri::parse("HTTP://x").unwrap();
    /// assert!(u.scheme().eq_ignore_ascii_case("http"));
    /// ```
    pub fn scheme(&self) -> &'a str {
        self.0.scheme().unwrap_or("")
    }

    /// This URI as a [`UriRef`], which every URI is.
    pub fn as_uri_ref(&self) -> UriRef<'a> {
        UriRef(self.0)
    }

    /// The constructor behind `uri!`: a string and the boundaries the macro
    /// computed while compiling, with nothing parsed at run time.
    #[doc(hidden)]
    pub const fn __from_validated(
        text: &'a str,
        raw: [usize; uri_core::parse::RAW_LEN],
    ) -> Uri<'a> {
        Uri(Parsed::validated(text, raw))
    }
}

impl<'a> UriRef<'a> {
    /// Parses a URI reference: a URI or a relative reference.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] pointing at the first offending byte.
    // Inlined: see `Uri::parse`.
    #[inline]
    pub fn parse(text: &'a str) -> Result<UriRef<'a>, ParseError> {
        parse::uri_reference(text).map(|parts| UriRef(Parsed { text, parts }))
    }

    /// Parses a URI reference with the grammar extensions `options` names;
    /// see [`Uri::parse_with`].
    ///
    /// # Errors
    ///
    /// As [`parse`](Self::parse).
    pub fn parse_with(text: &'a str, options: ParseOptions) -> Result<UriRef<'a>, ParseError> {
        parse::uri_reference_with(text, ascii_only(options))
            .map(|parts| UriRef(Parsed { text, parts }))
    }

    /// The scheme if there is one, as written.
    ///
    /// ```
    /// assert_eq!(uri_runtime::UriRef::parse("mailto:a@b").unwrap().scheme(), Some("mailto"));
    /// assert_eq!(uri_runtime::UriRef::parse("//b/c").unwrap().scheme(), None);
    /// ```
    pub fn scheme(&self) -> Option<&'a str> {
        self.0.scheme()
    }

    /// Whether this reference has a scheme, and so is a [`Uri`].
    pub fn is_absolute(&self) -> bool {
        self.0.parts.scheme().is_some()
    }

    /// This reference as a [`Uri`], if it has a scheme: a view of the
    /// same text, so `as_`, as [`Iri::as_uri`](crate::Iri::as_uri) is (the
    /// `to_` methods are the ones that write new text, such as
    /// [`Iri::to_uri`](crate::Iri::to_uri)).
    ///
    /// ```
    /// use uri_runtime::UriRef;
    ///
    /// assert!(UriRef::parse("a:b").unwrap().as_uri().is_some());
    /// assert!(UriRef::parse("a/b").unwrap().as_uri().is_none());
    /// ```
    pub fn as_uri(&self) -> Option<Uri<'a>> {
        self.is_absolute().then_some(Uri(self.0))
    }

    /// The constructor behind `uri_ref!`; see [`Uri::__from_validated`].
    #[doc(hidden)]
    pub const fn __from_validated(
        text: &'a str,
        raw: [usize; uri_core::parse::RAW_LEN],
    ) -> UriRef<'a> {
        UriRef(Parsed::validated(text, raw))
    }
}

impl<'a> From<Uri<'a>> for UriRef<'a> {
    fn from(uri: Uri<'a>) -> UriRef<'a> {
        UriRef(uri.0)
    }
}

impl<'a> TryFrom<UriRef<'a>> for Uri<'a> {
    type Error = ParseError;

    /// Fails with [`MissingScheme`](crate::ParseErrorKind::MissingScheme)
    /// for a relative reference.
    fn try_from(r: UriRef<'a>) -> Result<Uri<'a>, ParseError> {
        match r.as_uri() {
            Some(uri) => Ok(uri),
            // No scheme: parsing as a URI reports MissingScheme at 0.
            None => Uri::parse(r.as_str()),
        }
    }
}

/// The standard traits, written once for both types.
macro_rules! string_traits {
    ($ty:ident) => {
        impl<'a> TryFrom<&'a str> for $ty<'a> {
            type Error = ParseError;
            fn try_from(text: &'a str) -> Result<$ty<'a>, ParseError> {
                $ty::parse(text)
            }
        }

        impl AsRef<str> for $ty<'_> {
            fn as_ref(&self) -> &str {
                self.as_str()
            }
        }

        impl core::fmt::Display for $ty<'_> {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                // `pad` honours width and alignment: `{:<30}` lines URIs up.
                f.pad(self.as_str())
            }
        }

        impl core::fmt::Debug for $ty<'_> {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.debug_tuple(stringify!($ty))
                    .field(&self.as_str())
                    .finish()
            }
        }

        impl PartialEq for $ty<'_> {
            fn eq(&self, other: &Self) -> bool {
                self.as_str() == other.as_str()
            }
        }

        impl Eq for $ty<'_> {}

        impl PartialEq<str> for $ty<'_> {
            fn eq(&self, other: &str) -> bool {
                self.as_str() == other
            }
        }

        impl PartialEq<&str> for $ty<'_> {
            fn eq(&self, other: &&str) -> bool {
                self.as_str() == *other
            }
        }

        impl PartialOrd for $ty<'_> {
            fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
                Some(self.cmp(other))
            }
        }

        impl Ord for $ty<'_> {
            fn cmp(&self, other: &Self) -> core::cmp::Ordering {
                self.as_str().cmp(other.as_str())
            }
        }

        impl core::hash::Hash for $ty<'_> {
            fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
                self.as_str().hash(state);
            }
        }
    };
}

string_traits!(Uri);
string_traits!(UriRef);

// The IRI types reuse both generators.
pub(crate) use string_traits;
