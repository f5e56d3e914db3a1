//! The owned types, `UriBuf`, `UriRefBuf`, `IriBuf` and `IriRefBuf`: a
//! `String` and the boundaries found when it was parsed. Here are the
//! structs, their traits and the conversions between them; their methods
//! are in `owned_methods.rs`.

use alloc::string::String;
use core::fmt;
use core::str::FromStr;

use uri_core::{Components, ParseError};

use crate::value::iri::{Iri, IriRef};
use crate::value::uri::{Parsed, Uri, UriRef};

/// Defines an owned type over `String` with a borrowed view `$view`: the
/// struct and its trait implementations. Its methods are written out in
/// `owned_methods.rs`, where the compiler's notes can point at them.
macro_rules! owned_type {
    ($(#[$doc:meta])* $name:ident, $view:ident) => {
        $(#[$doc])*
        #[derive(Clone)]
        pub struct $name {
            text: String,
            parts: Components,
        }

        impl $name {
            /// The borrowed view every accessor forwards to.
            pub(crate) fn view(&self) -> $view<'_> {
                $view(Parsed { text: &self.text, parts: self.parts })
            }

            /// Takes a string and the boundaries its writer recorded.
            pub(crate) fn from_written(text: String, parts: Components) -> $name {
                $name { text, parts }
            }

            /// The text and its boundaries, for an editor that rewrites
            /// both together (and keeps them in step).
            #[allow(dead_code, reason = "the IRI types have no editor")]
            pub(crate) fn text_and_parts_mut(&mut self) -> (&mut String, &mut Components) {
                (&mut self.text, &mut self.parts)
            }

            /// The text, given back without a copy.
            pub(crate) fn into_text(self) -> String {
                self.text
            }
        }

        impl FromStr for $name {
            type Err = ParseError;
            fn from_str(text: &str) -> Result<$name, ParseError> {
                $name::parse(text)
            }
        }

        impl TryFrom<String> for $name {
            type Error = ParseError;
            fn try_from(text: String) -> Result<$name, ParseError> {
                $name::parse(text)
            }
        }

        impl TryFrom<&str> for $name {
            type Error = ParseError;
            fn try_from(text: &str) -> Result<$name, ParseError> {
                $name::parse(text)
            }
        }

        impl From<$view<'_>> for $name {
            fn from(view: $view<'_>) -> $name {
                $name { text: String::from(view.as_str()), parts: view.components() }
            }
        }

        impl From<$name> for String {
            fn from(owned: $name) -> String {
                owned.text
            }
        }

        impl AsRef<str> for $name {
            fn as_ref(&self) -> &str {
                &self.text
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                // `pad` honours width and alignment: `{:<30}` lines URIs up.
                f.pad(&self.text)
            }
        }

        // Byte-wise, like the borrowed types: the boundaries follow from
        // the text.
        impl PartialEq for $name {
            fn eq(&self, other: &Self) -> bool {
                self.text == other.text
            }
        }

        impl Eq for $name {}

        impl PartialEq<str> for $name {
            fn eq(&self, other: &str) -> bool {
                self.text == other
            }
        }

        impl PartialEq<&str> for $name {
            fn eq(&self, other: &&str) -> bool {
                self.text == *other
            }
        }

        impl PartialEq<$view<'_>> for $name {
            fn eq(&self, other: &$view<'_>) -> bool {
                self.text == other.as_str()
            }
        }

        impl PartialEq<$name> for $view<'_> {
            fn eq(&self, other: &$name) -> bool {
                self.as_str() == other.text
            }
        }

        impl PartialEq<$name> for str {
            fn eq(&self, other: &$name) -> bool {
                self == other.text
            }
        }

        impl PartialEq<$name> for &str {
            fn eq(&self, other: &$name) -> bool {
                *self == other.text
            }
        }

        // Sound because `Eq`, `Ord` and `Hash` are the text's own: a set of
        // owned URIs can be searched with a `&str`.
        impl core::borrow::Borrow<str> for $name {
            fn borrow(&self) -> &str {
                &self.text
            }
        }

        impl<'a> From<&'a $name> for $view<'a> {
            fn from(owned: &'a $name) -> $view<'a> {
                owned.view()
            }
        }

        impl PartialOrd for $name {
            fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
                Some(self.cmp(other))
            }
        }

        impl Ord for $name {
            fn cmp(&self, other: &Self) -> core::cmp::Ordering {
                self.text.cmp(&other.text)
            }
        }

        impl core::hash::Hash for $name {
            fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
                self.text.hash(state);
            }
        }

        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.debug_tuple(stringify!($name)).field(&self.text).finish()
            }
        }
    };
}

owned_type!(
    /// An owned [`Uri`]: a `String` and the component boundaries found when
    /// it was parsed, so views are free.
    ///
    /// ```
    /// use uri_runtime::UriBuf;
    ///
    /// let uri: UriBuf = "https://example.com/a?b".parse()?;
    /// assert_eq!(uri.host(), Some("example.com"));
    /// assert_eq!(uri.as_uri().path(), "/a");
    /// assert_eq!(uri.to_string(), "https://example.com/a?b");
    /// # Ok::<(), uri_runtime::ParseError>(())
    /// ```
    UriBuf, Uri
);

owned_type!(
    /// An owned [`UriRef`]; see [`UriBuf`].
    ///
    /// ```
    /// use uri_runtime::UriRefBuf;
    ///
    /// let r: UriRefBuf = "../a?b".parse()?;
    /// assert_eq!(r.path(), "../a");
    /// assert_eq!(r.as_uri_ref().query(), Some("b"));
    /// # Ok::<(), uri_runtime::ParseError>(())
    /// ```
    UriRefBuf, UriRef
);

owned_type!(
    /// An owned [`Iri`]; see [`UriBuf`].
    ///
    /// ```
    /// use uri_runtime::IriBuf;
    ///
    /// let iri: IriBuf = "https://例え.jp/引き出し".parse()?;
    /// assert_eq!(iri.host(), Some("例え.jp"));
    /// assert_eq!(iri.as_iri().to_uri(), "https://%E4%BE%8B%E3%81%88.jp/%E5%BC%95%E3%81%8D%E5%87%BA%E3%81%97");
    /// # Ok::<(), uri_runtime::ParseError>(())
    /// ```
    IriBuf, Iri
);

owned_type!(
    /// An owned [`IriRef`]; see [`UriBuf`].
    ///
    /// ```
    /// use uri_runtime::IriRefBuf;
    ///
    /// let r: IriRefBuf = "../写真?並べ替え=日付".parse()?;
    /// assert_eq!(r.as_iri_ref().query(), Some("並べ替え=日付"));
    /// # Ok::<(), uri_runtime::ParseError>(())
    /// ```
    IriRefBuf, IriRef
);

/// The widening conversions the views have (`Uri` into `UriRef`, `Uri`
/// into `Iri`, references into IRI references), for the owned types: the
/// string and its boundaries move over, nothing is copied or parsed.
///
/// ```
/// use uri_runtime::{IriRefBuf, UriBuf, UriRefBuf};
///
/// let uri = UriBuf::parse("https://example.com/a?b")?;
/// let reference = UriRefBuf::from(uri.clone());
/// assert_eq!(reference.query(), Some("b"));
/// let iri_reference: IriRefBuf = reference.into();
/// assert_eq!(iri_reference, "https://example.com/a?b");
/// # Ok::<(), uri_runtime::ParseError>(())
/// ```
impl From<UriBuf> for UriRefBuf {
    fn from(uri: UriBuf) -> UriRefBuf {
        UriRefBuf::from_written(uri.text, uri.parts)
    }
}

impl From<UriBuf> for IriBuf {
    fn from(uri: UriBuf) -> IriBuf {
        IriBuf::from_written(uri.text, uri.parts)
    }
}

impl From<UriRefBuf> for IriRefBuf {
    fn from(r: UriRefBuf) -> IriRefBuf {
        IriRefBuf::from_written(r.text, r.parts)
    }
}

impl From<IriBuf> for IriRefBuf {
    fn from(iri: IriBuf) -> IriRefBuf {
        IriRefBuf::from_written(iri.text, iri.parts)
    }
}

impl UriRefBuf {
    /// This reference as a [`UriBuf`] if it has a scheme, the owned form
    /// of [`UriRef::as_uri`]: the string and its boundaries move over,
    /// nothing is copied or parsed. A relative reference comes back
    /// unchanged as the error, so nothing is lost either way.
    ///
    /// ```
    /// use uri_runtime::UriRefBuf;
    ///
    /// let absolute = UriRefBuf::parse("https://example.com/a")?;
    /// assert_eq!(absolute.into_uri().unwrap().scheme(), "https");
    ///
    /// let relative = UriRefBuf::parse("../a")?;
    /// let given_back = relative.into_uri().unwrap_err();
    /// assert_eq!(given_back, "../a");
    /// # Ok::<(), uri_runtime::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// The reference itself, when it has no scheme. A `Result` with the
    /// value as its error, as `Rc::try_unwrap` has, rather than a
    /// `TryFrom` with a [`ParseError`], which would drop the string.
    #[allow(
        clippy::result_large_err,
        reason = "the error is the value given back, no larger than the success"
    )]
    pub fn into_uri(self) -> Result<UriBuf, UriRefBuf> {
        if self.parts.scheme().is_some() {
            Ok(UriBuf::from_written(self.text, self.parts))
        } else {
            Err(self)
        }
    }
}

impl IriRefBuf {
    /// This reference as an [`IriBuf`] if it has a scheme, the owned form
    /// of [`IriRef::as_iri`]; see [`UriRefBuf::into_uri`].
    ///
    /// ```
    /// use uri_runtime::IriRefBuf;
    ///
    /// assert!(IriRefBuf::parse("http://例え.jp/")?.into_iri().is_ok());
    /// assert!(IriRefBuf::parse("/写真")?.into_iri().is_err());
    /// # Ok::<(), uri_runtime::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// The reference itself, when it has no scheme.
    #[allow(
        clippy::result_large_err,
        reason = "the error is the value given back, no larger than the success"
    )]
    pub fn into_iri(self) -> Result<IriBuf, IriRefBuf> {
        if self.parts.scheme().is_some() {
            Ok(IriBuf::from_written(self.text, self.parts))
        } else {
            Err(self)
        }
    }
}
