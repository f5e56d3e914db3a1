//! The methods of the owned types, [`UriBuf`], [`UriRefBuf`], [`IriBuf`]
//! and [`IriRefBuf`], that this layer defines: parsing, the string, and
//! every accessor, forwarded to the borrowed view so that the two never
//! differ. The operations of the layers above (normalize, resolve, …)
//! reach the owned types in `ops/owned.rs`: this layer cannot import
//! them, so each layer forwards its own.

use alloc::borrow::Cow;
use alloc::string::String;

use uri_core::{Component, Components, ParseError};

use crate::pct::DecodeError;
use crate::value::buf::{IriBuf, IriRefBuf, UriBuf, UriRefBuf};
use crate::value::decoded::Redacted;
use crate::value::host::Host;
use crate::value::iri::{Iri, IriRef};
use crate::value::iter::{PathSegments, QueryPairs};
use crate::value::port::PortError;
use crate::value::uri::{Uri, UriRef};

impl_each! {
    [
        UriBuf { parse = (Uri::parse), parse_with = (Uri::parse_with), view_name = "Uri" },
        UriRefBuf {
            parse = (UriRef::parse),
            parse_with = (UriRef::parse_with),
            view_name = "UriRef"
        },
        IriBuf { parse = (Iri::parse), parse_with = (Iri::parse_with), view_name = "Iri" },
        IriRefBuf {
            parse = (IriRef::parse),
            parse_with = (IriRef::parse_with),
            view_name = "IriRef"
        },
    ]
    {
        /// Parses a string, borrowed or owned: a `String` is taken over
        /// without a copy, and borrowed text is copied once it has parsed
        /// (a refused text costs no allocation, and the parse reads the
        /// caller's bytes rather than a copy just written).
        ///
        /// # Errors
        ///
        #[doc = concat!("As [`", view_name!(), "::parse`].")]
        pub fn parse<'a>(text: impl Into<Cow<'a, str>>) -> Result<Self, ParseError> {
            let text = text.into();
            let parts = parse!()(&text)?.components();
            Ok(Self::from_written(text.into_owned(), parts))
        }

        /// Parses a string with grammar extensions (such as RFC 6874 zone
        /// identifiers), borrowed or owned as [`parse`](Self::parse)
        /// takes it.
        ///
        /// # Errors
        ///
        #[doc = concat!("As [`", view_name!(), "::parse_with`].")]
        pub fn parse_with<'a>(
            text: impl Into<Cow<'a, str>>,
            options: uri_core::ParseOptions,
        ) -> Result<Self, ParseError> {
            let text = text.into();
            let parts = parse_with!()(&text, options)?.components();
            Ok(Self::from_written(text.into_owned(), parts))
        }

        /// The string.
        pub fn as_str(&self) -> &str {
            self.view().as_str()
        }

        /// The component boundaries.
        pub fn components(&self) -> Components {
            self.view().components()
        }

        #[doc = concat!("See [`", view_name!(), "::component`].")]
        pub fn component(&self, which: Component) -> Option<&str> {
            self.view().component(which)
        }

        /// The string, given back.
        pub fn into_string(self) -> String {
            self.into_text()
        }

        #[doc = concat!("See [`", view_name!(), "::authority`].")]
        pub fn authority(&self) -> Option<&str> {
            self.view().authority()
        }

        #[doc = concat!("See [`", view_name!(), "::userinfo`].")]
        pub fn userinfo(&self) -> Option<&str> {
            self.view().userinfo()
        }

        #[doc = concat!("See [`", view_name!(), "::host`].")]
        pub fn host(&self) -> Option<&str> {
            self.view().host()
        }

        #[doc = concat!("See [`", view_name!(), "::host_parsed`].")]
        pub fn host_parsed(&self) -> Option<Host<'_>> {
            self.view().host_parsed()
        }

        #[doc = concat!("See [`", view_name!(), "::port`].")]
        pub fn port(&self) -> Option<&str> {
            self.view().port()
        }

        #[doc = concat!("See [`", view_name!(), "::port_u16`].")]
        #[allow(clippy::missing_errors_doc, reason = "the view's method documents them")]
        pub fn port_u16(&self) -> Result<Option<u16>, PortError> {
            self.view().port_u16()
        }

        #[doc = concat!("See [`", view_name!(), "::path`].")]
        pub fn path(&self) -> &str {
            self.view().path()
        }

        #[doc = concat!("See [`", view_name!(), "::path_segments`].")]
        pub fn path_segments(&self) -> PathSegments<'_> {
            self.view().path_segments()
        }

        #[doc = concat!("See [`", view_name!(), "::query`].")]
        pub fn query(&self) -> Option<&str> {
            self.view().query()
        }

        #[doc = concat!("See [`", view_name!(), "::query_pairs`].")]
        pub fn query_pairs(&self) -> QueryPairs<'_> {
            self.view().query_pairs()
        }

        #[doc = concat!("See [`", view_name!(), "::fragment`].")]
        pub fn fragment(&self) -> Option<&str> {
            self.view().fragment()
        }

        #[doc = concat!("See [`", view_name!(), "::username`].")]
        #[allow(clippy::missing_errors_doc, reason = "the view's method documents them")]
        pub fn username(&self) -> Option<Result<Cow<'_, str>, DecodeError>> {
            self.view().username()
        }

        #[doc = concat!("See [`", view_name!(), "::password`].")]
        #[allow(clippy::missing_errors_doc, reason = "the view's method documents them")]
        pub fn password(&self) -> Option<Result<Cow<'_, str>, DecodeError>> {
            self.view().password()
        }

        #[doc = concat!("See [`", view_name!(), "::path_segments_decoded`].")]
        #[allow(clippy::missing_errors_doc, reason = "the view's method documents them")]
        pub fn path_segments_decoded(&self) -> impl Iterator<Item = Result<Cow<'_, str>, DecodeError>> {
            self.view().path_segments_decoded()
        }

        #[doc = concat!("See [`", view_name!(), "::fragment_decoded`].")]
        #[allow(clippy::missing_errors_doc, reason = "the view's method documents them")]
        pub fn fragment_decoded(&self) -> Option<Result<Cow<'_, str>, DecodeError>> {
            self.view().fragment_decoded()
        }

        #[doc = concat!("See [`", view_name!(), "::redacted`].")]
        pub fn redacted(&self) -> Redacted<'_> {
            self.view().redacted()
        }
    }
}

// The scheme: required in a URI or an IRI, optional in a reference.
impl_each! {
    [UriBuf { view_name = "Uri" }, IriBuf { view_name = "Iri" }]
    {
        #[doc = concat!("See [`", view_name!(), "::scheme`].")]
        pub fn scheme(&self) -> &str {
            self.view().scheme()
        }
    }
}

impl_each! {
    [UriRefBuf { view_name = "UriRef" }, IriRefBuf { view_name = "IriRef" }]
    {
        #[doc = concat!("See [`", view_name!(), "::scheme`].")]
        pub fn scheme(&self) -> Option<&str> {
            self.view().scheme()
        }
    }
}

impl UriBuf {
    /// A borrowed view, with every accessor.
    pub fn as_uri(&self) -> Uri<'_> {
        self.view()
    }

    /// See [`Uri::as_uri_ref`].
    pub fn as_uri_ref(&self) -> UriRef<'_> {
        self.view().as_uri_ref()
    }

    /// See [`Uri::as_iri`].
    pub fn as_iri(&self) -> Iri<'_> {
        self.view().as_iri()
    }
}

impl UriRefBuf {
    /// A borrowed view, with every accessor.
    pub fn as_uri_ref(&self) -> UriRef<'_> {
        self.view()
    }

    /// See [`UriRef::as_uri`].
    pub fn as_uri(&self) -> Option<Uri<'_>> {
        self.view().as_uri()
    }

    /// See [`UriRef::as_iri_ref`].
    pub fn as_iri_ref(&self) -> IriRef<'_> {
        self.view().as_iri_ref()
    }

    /// See [`UriRef::is_absolute`].
    pub fn is_absolute(&self) -> bool {
        self.view().is_absolute()
    }
}

impl IriBuf {
    /// A borrowed view, with every accessor.
    pub fn as_iri(&self) -> Iri<'_> {
        self.view()
    }

    /// See [`Iri::as_iri_ref`].
    pub fn as_iri_ref(&self) -> IriRef<'_> {
        self.view().as_iri_ref()
    }

    /// See [`Iri::as_uri`].
    pub fn as_uri(&self) -> Option<Uri<'_>> {
        self.view().as_uri()
    }
}

impl IriRefBuf {
    /// A borrowed view, with every accessor.
    pub fn as_iri_ref(&self) -> IriRef<'_> {
        self.view()
    }

    /// See [`IriRef::as_iri`].
    pub fn as_iri(&self) -> Option<Iri<'_>> {
        self.view().as_iri()
    }

    /// See [`IriRef::as_uri_ref`].
    pub fn as_uri_ref(&self) -> Option<UriRef<'_>> {
        self.view().as_uri_ref()
    }

    /// See [`IriRef::is_absolute`].
    pub fn is_absolute(&self) -> bool {
        self.view().is_absolute()
    }
}

impl_each! {
    [
        Uri<'a> { name = "Uri", owned = UriBuf, owned_name = "UriBuf" },
        UriRef<'a> { name = "UriRef", owned = UriRefBuf, owned_name = "UriRefBuf" },
        Iri<'a> { name = "Iri", owned = IriBuf, owned_name = "IriBuf" },
        IriRef<'a> { name = "IriRef", owned = IriRefBuf, owned_name = "IriRefBuf" },
    ]
    {
        #[doc = concat!("The owned form, a [`", owned_name!(), "`]: the text copied, the")]
        /// boundaries kept, nothing parsed again.
        ///
        /// ```
        #[doc = concat!("let owned: uri_runtime::", owned_name!(), " = {")]
        ///     let text = String::from("https://example.com/a?b#c");
        #[doc = concat!("    uri_runtime::", name!(), "::parse(&text)?.to_owned()")]
        /// };
        /// assert_eq!(owned.query(), Some("b"));
        /// # Ok::<(), uri_runtime::ParseError>(())
        /// ```
        ///
        /// An inherent method rather than the `ToOwned` trait: the
        /// view is `Copy`, so the standard library's `ToOwned` (through
        /// `Clone`) already gives a view back, and `ToOwned` would also
        /// need the owned value to lend a `&` view through `Borrow`,
        /// which a view built on demand from the owned text cannot be.
        /// Being inherent, this one is the one `view.to_owned()` finds.
        pub fn to_owned(&self) -> owned!() {
            <owned!()>::from(*self)
        }
    }
}
