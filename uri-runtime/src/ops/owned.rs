//! The toolbox on the owned types: each method borrows the view and calls
//! the operation, so `UriBuf::normalize` needs no `as_uri()` first. The
//! owned types' own methods (parsing, accessors) are in
//! `value/owned_methods.rs`, in the layer below.

use uri_core::ParseError;

use alloc::string::String;

use crate::ops::lenient::Repaired;
use crate::ops::normalize::SchemeRules;
use crate::ops::resolve::ResolveOptions;
use crate::value::as_uri::AsUri;
use crate::value::buf::{IriBuf, IriRefBuf, UriBuf, UriRefBuf};
use crate::value::iri::Iri;
use crate::value::uri::Uri;

/// The toolbox, reached from the owned types without a view in between.
impl UriBuf {
    /// See [`Uri::normalize`](crate::Uri::normalize).
    #[must_use]
    pub fn normalize(&self) -> UriBuf {
        self.as_uri().normalize()
    }

    /// See [`Uri::normalize_with`](crate::Uri::normalize_with).
    #[must_use]
    pub fn normalize_with(&self, rules: &SchemeRules<'_>) -> UriBuf {
        self.as_uri().normalize_with(rules)
    }

    /// See [`Uri::normalized_eq`](crate::Uri::normalized_eq).
    pub fn normalized_eq(&self, other: &impl AsUri) -> bool {
        self.as_uri().normalized_eq(other)
    }

    /// See [`Uri::scheme_normalized_eq`](crate::Uri::scheme_normalized_eq).
    pub fn scheme_normalized_eq(&self, other: &impl AsUri, rules: &SchemeRules<'_>) -> bool {
        self.as_uri().scheme_normalized_eq(other, rules)
    }

    /// See [`Uri::is_normalized`](crate::Uri::is_normalized).
    pub fn is_normalized(&self) -> bool {
        self.as_uri().is_normalized()
    }

    /// See [`Uri::is_normalized_with`](crate::Uri::is_normalized_with).
    pub fn is_normalized_with(&self, rules: &SchemeRules<'_>) -> bool {
        self.as_uri().is_normalized_with(rules)
    }

    /// See [`Uri::join`](crate::Uri::join).
    ///
    /// # Errors
    ///
    /// The [`ParseError`] of `reference`.
    pub fn join(&self, reference: &str) -> Result<UriBuf, ParseError> {
        self.as_uri().join(reference)
    }

    /// See [`Uri::to_iri`](crate::Uri::to_iri).
    pub fn to_iri(&self) -> IriBuf {
        self.as_uri().to_iri()
    }

    /// See [`Uri::to_iri_idna`](crate::Uri::to_iri_idna).
    #[cfg(feature = "idna")]
    pub fn to_iri_idna(&self) -> IriBuf {
        self.as_uri().to_iri_idna()
    }

    /// See [`Uri::make_relative`](crate::Uri::make_relative).
    pub fn make_relative(&self, target: &impl AsUri) -> Option<UriRefBuf> {
        self.as_uri().make_relative(target)
    }

    /// See [`Uri::join_lenient`](crate::Uri::join_lenient).
    ///
    /// # Errors
    ///
    /// As [`Uri::join_lenient`](crate::Uri::join_lenient).
    pub fn join_lenient(&self, href: &str) -> Result<Repaired<UriBuf>, ParseError> {
        self.as_uri().join_lenient(href)
    }
}

impl UriRefBuf {
    /// See [`UriRef::resolve_against`](crate::UriRef::resolve_against).
    ///
    /// ```
    /// use uri_runtime::{UriBuf, UriRefBuf};
    ///
    /// let base = UriBuf::parse("http://a/b/c")?;
    /// let link = UriRefBuf::parse("../d")?;
    /// assert_eq!(link.resolve_against(&base.as_uri()), "http://a/d");
    /// # Ok::<(), uri_runtime::ParseError>(())
    /// ```
    pub fn resolve_against(&self, base: &impl AsUri) -> UriBuf {
        self.as_uri_ref().resolve_against(base)
    }

    /// See [`UriRef::resolve_against_with`](crate::UriRef::resolve_against_with).
    pub fn resolve_against_with(&self, base: &impl AsUri, options: ResolveOptions) -> UriBuf {
        self.as_uri_ref().resolve_against_with(base, options)
    }

    /// See [`UriRef::resolve_into`](crate::UriRef::resolve_into).
    pub fn resolve_into<'b>(
        &self,
        base: &Uri<'_>,
        options: ResolveOptions,
        buf: &'b mut String,
    ) -> Uri<'b> {
        self.as_uri_ref().resolve_into(base, options, buf)
    }

    /// See [`UriRef::to_iri_ref`](crate::UriRef::to_iri_ref).
    pub fn to_iri_ref(&self) -> IriRefBuf {
        self.as_uri_ref().to_iri_ref()
    }

    /// See [`UriRef::to_iri_ref_idna`](crate::UriRef::to_iri_ref_idna).
    #[cfg(feature = "idna")]
    pub fn to_iri_ref_idna(&self) -> IriRefBuf {
        self.as_uri_ref().to_iri_ref_idna()
    }
}

impl IriBuf {
    /// See [`Iri::to_uri`](crate::Iri::to_uri).
    pub fn to_uri(&self) -> UriBuf {
        self.as_iri().to_uri()
    }

    /// See [`Iri::to_uri_idna`](crate::Iri::to_uri_idna).
    ///
    /// # Errors
    ///
    /// As [`Iri::to_uri_idna`](crate::Iri::to_uri_idna).
    #[cfg(feature = "idna")]
    pub fn to_uri_idna(&self) -> Result<UriBuf, uri_idna::IdnaError> {
        self.as_iri().to_uri_idna()
    }
}

impl IriRefBuf {
    /// See [`IriRef::to_uri_ref`](crate::IriRef::to_uri_ref).
    pub fn to_uri_ref(&self) -> UriRefBuf {
        self.as_iri_ref().to_uri_ref()
    }

    /// See [`IriRef::to_uri_ref_idna`](crate::IriRef::to_uri_ref_idna).
    ///
    /// # Errors
    ///
    /// As [`IriRef::to_uri_ref_idna`](crate::IriRef::to_uri_ref_idna).
    #[cfg(feature = "idna")]
    pub fn to_uri_ref_idna(&self) -> Result<UriRefBuf, uri_idna::IdnaError> {
        self.as_iri_ref().to_uri_ref_idna()
    }

    /// See [`IriRef::resolve_against`](crate::IriRef::resolve_against).
    pub fn resolve_against(&self, base: &Iri<'_>) -> IriBuf {
        self.as_iri_ref().resolve_against(base)
    }
}
