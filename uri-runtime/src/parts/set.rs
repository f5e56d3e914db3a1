//! Setters of [`UriBuf`] and [`UriRefBuf`]: each rebuilds the string
//! through [`UriBuilder`], so it keeps every guarantee the builder gives.

use alloc::borrow::Cow;
use alloc::string::String;

use uri_core::Components;

use crate::parts::builder::{BuildError, UriBuilder};
use crate::value::buf::{UriBuf, UriRefBuf};
use crate::value::uri::Parsed;

/// Applies a change to the components of `text` and writes the result.
fn rebuilt<'s>(
    text: &'s str,
    parts: Components,
    change: impl FnOnce(UriBuilder<'s>) -> UriBuilder<'s>,
) -> Result<(String, Components), BuildError> {
    change(UriBuilder::from_parsed(&Parsed { text, parts })).write()
}

/// Rebuilds `$value` with `$change` applied to its builder; on error the
/// value is left as it was.
macro_rules! rebuild {
    ($value:ident, $change:expr) => {{
        let (text, parts) = rebuilt($value.as_str(), $value.components(), $change)?;
        *$value = Self::from_written(text, parts);
        Ok(())
    }};
}

// The setters both owned types share. Values are already percent-encoded
// (what the accessors return), and are checked against the grammar.
impl_each! {
    [
        UriBuf {
            example = "let mut u = uri_runtime::UriBuf::parse(\"http://example.com:8080/a/b?q#f\").unwrap();"
        },
        UriRefBuf {
            example = "let mut u = uri_runtime::UriRefBuf::parse(\"http://example.com:8080/a/b?q#f\").unwrap();"
        },
    ]
    {
        /// Sets or removes the userinfo.
        ///
        /// # Errors
        ///
        /// [`BuildError::Invalid`] for text outside the userinfo rule,
        /// [`BuildError::MissingHost`] when there is no authority.
        #[doc = concat!("\n```\n", example!(), "\nu.set_userinfo(Some(\"me\"))?;\nassert_eq!(u, \"http://me@example.com:8080/a/b?q#f\");\n# Ok::<(), uri_runtime::BuildError>(())\n```")]
        pub fn set_userinfo(&mut self, userinfo: Option<&str>) -> Result<(), BuildError> {
            rebuild!(self, |mut b| {
                b.userinfo = userinfo.map(Cow::Borrowed);
                b
            })
        }

        /// Sets the host, written as a person writes it (as
        /// [`UriBuilder::host`] takes it: an IP address with or without
        /// brackets, a DNS name, an international name through IDNA),
        /// or with `None` removes the whole authority (userinfo and port
        /// included).
        ///
        /// # Errors
        ///
        /// [`BuildError::Invalid`] for text that is not a host, pointing
        /// at the first character no host holds;
        /// [`BuildError::PathNotAbsolute`] when adding an authority in
        /// front of a rootless path.
        #[doc = concat!("\n```\n", example!(), "\nu.set_host(Some(\"[::1]\"))?;\nassert_eq!(u, \"http://[::1]:8080/a/b?q#f\");\nu.set_host(None)?;\nassert_eq!(u, \"http:/a/b?q#f\");\n# Ok::<(), uri_runtime::BuildError>(())\n```")]
        pub fn set_host(&mut self, host: Option<&str>) -> Result<(), BuildError> {
            rebuild!(self, |mut b| {
                if let Some(host) = host {
                    b.host(host)
                } else {
                    b.userinfo = None;
                    b.port = None;
                    b.host = None;
                    b
                }
            })
        }

        /// Sets or removes the port.
        ///
        /// # Errors
        ///
        /// [`BuildError::MissingHost`] when there is no authority.
        #[doc = concat!("\n```\n", example!(), "\nu.set_port(None)?;\nassert_eq!(u, \"http://example.com/a/b?q#f\");\n# Ok::<(), uri_runtime::BuildError>(())\n```")]
        pub fn set_port(&mut self, port: Option<u16>) -> Result<(), BuildError> {
            rebuild!(self, |mut b| {
                b.port = None;
                match port {
                    Some(port) => b.port(port),
                    None => b,
                }
            })
        }

        /// Sets the path, already encoded. Without an authority, a path
        /// starting `//` is written `/.//…` so it cannot turn into an
        /// authority; see [`UriBuilder`].
        ///
        /// # Errors
        ///
        /// [`BuildError::Invalid`] for characters outside the path rule,
        /// [`BuildError::PathNotAbsolute`] for a rootless path after an
        /// authority.
        #[doc = concat!("\n```\n", example!(), "\nu.set_path(&uri_runtime::pct::encode(\"/my files/\", &uri_runtime::pct::PATH))?;\nassert_eq!(u.path(), \"/my%20files/\");\nassert!(u.set_path(\"no-slash\").is_err());\n# Ok::<(), uri_runtime::BuildError>(())\n```")]
        pub fn set_path(&mut self, path: &str) -> Result<(), BuildError> {
            rebuild!(self, |b| b.path_encoded(path))
        }

        /// Sets or removes the query, already encoded.
        ///
        /// # Errors
        ///
        /// [`BuildError::Invalid`] for characters outside the query rule.
        #[doc = concat!("\n```\n", example!(), "\nu.set_query(Some(\"a=1&b=2\"))?;\nassert_eq!(u.query(), Some(\"a=1&b=2\"));\nu.set_query(None)?;\nassert_eq!(u, \"http://example.com:8080/a/b#f\");\n# Ok::<(), uri_runtime::BuildError>(())\n```")]
        pub fn set_query(&mut self, query: Option<&str>) -> Result<(), BuildError> {
            rebuild!(self, |mut b| {
                b.query = query.map(Cow::Borrowed);
                b
            })
        }

        /// Sets or removes the fragment, already encoded.
        ///
        /// # Errors
        ///
        /// [`BuildError::Invalid`] for characters outside the fragment
        /// rule.
        #[doc = concat!("\n```\n", example!(), "\nu.set_fragment(None)?;\nassert_eq!(u, \"http://example.com:8080/a/b?q\");\nassert!(u.set_fragment(Some(\"a#b\")).is_err());\n# Ok::<(), uri_runtime::BuildError>(())\n```")]
        pub fn set_fragment(&mut self, fragment: Option<&str>) -> Result<(), BuildError> {
            rebuild!(self, |mut b| {
                b.fragment = fragment.map(Cow::Borrowed);
                b
            })
        }
    }
}

impl UriBuf {
    /// Sets the scheme, which a URI always has.
    ///
    /// ```
    /// let mut u = uri_runtime::UriBuf::parse("http://example.com/")?;
    /// u.set_scheme("https")?;
    /// assert_eq!(u, "https://example.com/");
    /// assert!(u.set_scheme("1http").is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`BuildError::Invalid`] for text that is not a scheme.
    pub fn set_scheme(&mut self, scheme: &str) -> Result<(), BuildError> {
        rebuild!(self, |b| b.scheme(scheme))
    }
}

impl UriRefBuf {
    /// Sets or removes the scheme. Removing it from `a:b` gives `./a:b`,
    /// since a first segment with a colon would read as a scheme.
    ///
    /// ```
    /// let mut r = uri_runtime::UriRefBuf::parse("urn:a:b")?;
    /// r.set_scheme(None)?;
    /// assert_eq!(r, "./a:b");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`BuildError::Invalid`] for text that is not a scheme.
    pub fn set_scheme(&mut self, scheme: Option<&str>) -> Result<(), BuildError> {
        rebuild!(self, |mut b| {
            b.scheme = scheme.map(Cow::Borrowed);
            b
        })
    }
}
