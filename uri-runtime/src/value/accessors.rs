//! The accessors every view shares: [`Uri`], [`UriRef`], [`Iri`] and
//! [`IriRef`] slice their text with the same boundaries, so each accessor
//! is written once, for all four.

use uri_core::{Component, Components};

use crate::value::host::Host;
use crate::value::iri::{Iri, IriRef};
use crate::value::iter::{PathSegments, QueryPairs};
use crate::value::port::PortError;
use crate::value::uri::{Uri, UriRef};

impl_each! {
    [
        Uri<'a> {
            example = "let u = uri_runtime::Uri::parse(\"https://user@example.com:8080/a/b%20c?q=1&lang#top\").unwrap();"
        },
        UriRef<'a> {
            example = "let u = uri_runtime::UriRef::parse(\"//user@example.com:8080/a/b%20c?q=1&lang#top\").unwrap();"
        },
        Iri<'a> {
            example = "let u = uri_runtime::Iri::parse(\"https://user@example.com:8080/a/b%20c?q=1&lang#top\").unwrap();"
        },
        IriRef<'a> {
            example = "let u = uri_runtime::IriRef::parse(\"//user@example.com:8080/a/b%20c?q=1&lang#top\").unwrap();"
        },
    ]
    {
        /// The string, exactly as parsed.
        pub fn as_str(&self) -> &'a str {
            self.0.text
        }

        /// The authority, without its leading `//`; `None` when there is no
        /// `//`, `Some("")` for `file:///etc`.
        #[doc = concat!("\n```\n", example!(), "\nassert_eq!(u.authority(), Some(\"user@example.com:8080\"));\n```")]
        pub fn authority(&self) -> Option<&'a str> {
            self.0.authority()
        }

        /// The userinfo, before the authority's `@`, still percent-encoded.
        #[doc = concat!("\n```\n", example!(), "\nassert_eq!(u.userinfo(), Some(\"user\"));\n```")]
        pub fn userinfo(&self) -> Option<&'a str> {
            self.0.userinfo()
        }

        /// The host as written: a reg-name, an IPv4 address, or an
        /// IP-literal with its brackets. Present but empty in `file:///x`.
        #[doc = concat!("\n```\n", example!(), "\nassert_eq!(u.host(), Some(\"example.com\"));\n```")]
        pub fn host(&self) -> Option<&'a str> {
            self.0.host()
        }

        /// The host, classified and with IP addresses parsed; see [`Host`].
        #[doc = concat!("\n```\n", example!(), "\nassert_eq!(u.host_parsed(), Some(uri_runtime::Host::RegName(\"example.com\")));\n```")]
        pub fn host_parsed(&self) -> Option<Host<'a>> {
            self.0.host_parsed()
        }

        /// The port's raw digits, which may be empty (`http://h:/`) or
        /// larger than any TCP port; see [`port_u16`](Self::port_u16).
        #[doc = concat!("\n```\n", example!(), "\nassert_eq!(u.port(), Some(\"8080\"));\n```")]
        pub fn port(&self) -> Option<&'a str> {
            self.0.port()
        }

        /// The port as a number: `Ok(None)` when absent or empty (RFC 3986
        /// section 3.2.3 treats both alike), `Err` when it does not fit a
        /// `u16`, rather than silently dropping it.
        ///
        /// # Errors
        ///
        /// [`PortError`] with the offset of the port for values above 65535.
        #[doc = concat!("\n```\n", example!(), "\nassert_eq!(u.port_u16(), Ok(Some(8080)));\n```")]
        pub fn port_u16(&self) -> Result<Option<u16>, PortError> {
            self.0.port_u16()
        }

        /// The path, always present, possibly empty, still percent-encoded.
        #[doc = concat!("\n```\n", example!(), "\nassert_eq!(u.path(), \"/a/b%20c\");\n```")]
        pub fn path(&self) -> &'a str {
            self.0.path()
        }

        /// The path's segments, split at `/` and still percent-encoded (a
        /// `%2F` stays inside its segment). The empty text before the first
        /// `/` of an absolute path is not a segment; see [`PathSegments`].
        #[doc = concat!("\n```\n", example!(), "\nassert!(u.path_segments().eq([\"a\", \"b%20c\"]));\n```")]
        pub fn path_segments(&self) -> PathSegments<'a> {
            PathSegments::new(self.0.path())
        }

        /// The query, after `?`: `None` when absent, `Some("")` for `http://h?`.
        #[doc = concat!("\n```\n", example!(), "\nassert_eq!(u.query(), Some(\"q=1&lang\"));\n```")]
        pub fn query(&self) -> Option<&'a str> {
            self.0.query()
        }

        /// The query's `&`-separated `key=value` pairs, still encoded; see
        /// [`QueryPairs`].
        #[doc = concat!("\n```\n", example!(), "\nassert!(u.query_pairs().eq([(\"q\", Some(\"1\")), (\"lang\", None)]));\n```")]
        pub fn query_pairs(&self) -> QueryPairs<'a> {
            QueryPairs::new(self.0.query().unwrap_or(""))
        }

        /// The fragment, after `#`: `None` when absent, `Some("")` for `a#`.
        #[doc = concat!("\n```\n", example!(), "\nassert_eq!(u.fragment(), Some(\"top\"));\n```")]
        pub fn fragment(&self) -> Option<&'a str> {
            self.0.fragment()
        }

        /// The component `which` names, as [`scheme`](Self::scheme),
        /// [`host`](Self::host) and the others give it: for a component
        /// chosen at run time, with [`Component::ALL`] to list them.
        #[doc = concat!("\n```\n", example!(), "\nuse uri_runtime::Component;\nassert_eq!(u.component(Component::Port), Some(\"8080\"));\nassert_eq!(u.component(Component::Path), Some(\"/a/b%20c\"));\nlet present: Vec<&str> = Component::ALL.into_iter().filter_map(|c| u.component(c)).collect();\nassert!(present.contains(&\"example.com\"));\n```")]
        pub fn component(&self, which: Component) -> Option<&'a str> {
            let range = self.0.parts.range_of(which)?;
            self.0.text.get(range)
        }

        /// The component boundaries found by the parser.
        pub fn components(&self) -> Components {
            self.0.parts
        }
    }
}
