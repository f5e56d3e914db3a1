//! `serde` support (feature `serde`): every type serializes as its string,
//! and deserializing parses, so an invalid URI is an error that says where.
//!
//! ```
//! use uri_runtime::{Uri, UriBuf};
//!
//! // Borrowed straight from the input where the format can lend it…
//! let uri: Uri<'_> = serde_json::from_str(r#""https://example.com/a?b""#)?;
//! assert_eq!(uri.query(), Some("b"));
//! assert_eq!(serde_json::to_string(&uri)?, r#""https://example.com/a?b""#);
//!
//! // …and owned from any string, here one with JSON escapes in it.
//! let escaped = r#""https:\/\/example.com\/a""#;
//! assert!(serde_json::from_str::<Uri<'_>>(escaped).is_err());
//! let owned: UriBuf = serde_json::from_str(escaped)?;
//! assert_eq!(owned.path(), "/a");
//!
//! // An invalid URI is an error that says where.
//! let err = serde_json::from_str::<UriBuf>(r#""https://example.com/100%""#).unwrap_err();
//! assert!(err.to_string().starts_with("invalid percent-encoding \"%\" in path at byte 23"));
//! # Ok::<(), serde_json::Error>(())
//! ```
//!
//! The IRI types (`Iri`, `IriRef`, `IriBuf`, `IriRefBuf`) do the same
//! with RFC 3987's grammar.
//!
//! [`Uri`] and [`UriRef`] borrow from the input, so they deserialize only
//! from formats that can lend a string (JSON without escapes in the
//! string, bincode, postcard); elsewhere the error says to use the owned
//! types, which work with every format.

use core::fmt;

use serde::de::{self, Deserialize, Deserializer, Visitor};
use serde::{Serialize, Serializer};

#[cfg(feature = "alloc")]
use crate::value::buf::{IriBuf, IriRefBuf, UriBuf, UriRefBuf};
use crate::value::iri::{Iri, IriRef};
use crate::value::uri::{Uri, UriRef};

macro_rules! as_string {
    ($($ty:ty),*) => {$(
        impl Serialize for $ty {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.as_str())
            }
        }
    )*};
}

as_string!(Uri<'_>, UriRef<'_>, Iri<'_>, IriRef<'_>);
#[cfg(feature = "alloc")]
as_string!(UriBuf, UriRefBuf, IriBuf, IriRefBuf);

/// Deserializes `$ty<'de>` from a borrowed string, parsed by `$ty::parse`.
macro_rules! borrowed {
    ($ty:ident, $visitor:ident, $what:literal) => {
        struct $visitor;

        impl<'de> Visitor<'de> for $visitor {
            type Value = $ty<'de>;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(concat!(
                    $what,
                    " as a borrowed string (for formats that cannot lend one, use the owned type)"
                ))
            }

            fn visit_borrowed_str<E: de::Error>(self, text: &'de str) -> Result<$ty<'de>, E> {
                $ty::parse(text).map_err(E::custom)
            }
        }

        impl<'de: 'a, 'a> Deserialize<'de> for $ty<'a> {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<$ty<'a>, D::Error> {
                deserializer.deserialize_str($visitor)
            }
        }
    };
}

borrowed!(Uri, UriVisitor, "a URI");
borrowed!(UriRef, UriRefVisitor, "a URI reference");
borrowed!(Iri, IriVisitor, "an IRI");
borrowed!(IriRef, IriRefVisitor, "an IRI reference");

/// Deserializes an owned type from any string, reusing a `String` the
/// format hands over.
#[cfg(feature = "alloc")]
macro_rules! owned {
    ($ty:ty, $visitor:ident, $what:literal) => {
        struct $visitor;

        impl Visitor<'_> for $visitor {
            type Value = $ty;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str($what)
            }

            fn visit_str<E: de::Error>(self, text: &str) -> Result<$ty, E> {
                <$ty>::parse(text).map_err(E::custom)
            }

            fn visit_string<E: de::Error>(self, text: alloc::string::String) -> Result<$ty, E> {
                <$ty>::parse(text).map_err(E::custom)
            }
        }

        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<$ty, D::Error> {
                deserializer.deserialize_string($visitor)
            }
        }
    };
}

#[cfg(feature = "alloc")]
owned!(UriBuf, UriBufVisitor, "a URI");
#[cfg(feature = "alloc")]
owned!(UriRefBuf, UriRefBufVisitor, "a URI reference");
#[cfg(feature = "alloc")]
owned!(IriBuf, IriBufVisitor, "an IRI");
#[cfg(feature = "alloc")]
owned!(IriRefBuf, IriRefBufVisitor, "an IRI reference");
