//! Setters of [`UriBuf`] and [`UriRefBuf`]: each rebuilds the string
//! through [`UriBuilder`], so it keeps every guarantee the builder gives.
//!
//! A component is set by `set_*`, which checks the value and so returns
//! a `Result`, and removed by `remove_*`, which cannot fail and returns
//! nothing (one `set_*(Option<…>)` would make every removal handle an
//! error that cannot happen).

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

/// Rebuilds `$value` without a component. What remains of a valid value
/// is valid (an authority's path is empty or absolute, and the builder
/// writes a path that would read as an authority `/.//`), so this cannot
/// fail; were it ever to, the value would be left as it was, and debug
/// builds stop there.
macro_rules! remove {
    ($value:ident, $change:expr) => {{
        let rebuilt = rebuilt($value.as_str(), $value.components(), $change);
        debug_assert!(rebuilt.is_ok(), "a removal failed: {rebuilt:?}");
        if let Ok((text, parts)) = rebuilt {
            *$value = Self::from_written(text, parts);
        }
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
        /// Sets the userinfo, already encoded.
        ///
        /// # Errors
        ///
        /// [`BuildError::Invalid`] for text outside the userinfo rule,
        /// [`BuildError::MissingHost`] when there is no authority.
        #[doc = concat!("\n```\n", example!(), "\nu.set_userinfo(\"me\")?;\nassert_eq!(u, \"http://me@example.com:8080/a/b?q#f\");\nu.remove_userinfo();\nassert_eq!(u, \"http://example.com:8080/a/b?q#f\");\n# Ok::<(), uri_runtime::BuildError>(())\n```")]
        pub fn set_userinfo(&mut self, userinfo: &str) -> Result<(), BuildError> {
            rebuild!(self, |mut b| {
                b.userinfo = Some(Cow::Borrowed(userinfo));
                b
            })
        }

        /// Removes the userinfo, if any (which cannot fail).
        pub fn remove_userinfo(&mut self) {
            remove!(self, |mut b| {
                b.userinfo = None;
                b
            });
        }

        /// Sets the host, written as a person writes it (as
        /// [`UriBuilder::host`] takes it: an IP address with or without
        /// brackets, a DNS name, an international name through IDNA).
        ///
        /// # Errors
        ///
        /// [`BuildError::Invalid`] for text that is not a host, pointing
        /// at the first character no host holds;
        /// [`BuildError::PathNotAbsolute`] when adding an authority in
        /// front of a rootless path.
        #[doc = concat!("\n```\n", example!(), "\nu.set_host(\"[::1]\")?;\nassert_eq!(u, \"http://[::1]:8080/a/b?q#f\");\n# Ok::<(), uri_runtime::BuildError>(())\n```")]
        pub fn set_host(&mut self, host: &str) -> Result<(), BuildError> {
            rebuild!(self, |b| b.host(host))
        }

        /// Removes the whole authority (userinfo, host and port), if any,
        /// which cannot fail: a path that would then read as an authority
        /// (`//x`) is written `/.//x`; see [`UriBuilder`].
        #[doc = concat!("\n```\n", example!(), "\nu.remove_authority();\nassert_eq!(u, \"http:/a/b?q#f\");\n```")]
        pub fn remove_authority(&mut self) {
            remove!(self, |mut b| {
                b.userinfo = None;
                b.port = None;
                b.host = None;
                b
            });
        }

        /// Sets the port.
        ///
        /// # Errors
        ///
        /// [`BuildError::MissingHost`] when there is no authority.
        #[doc = concat!("\n```\n", example!(), "\nu.set_port(8443)?;\nassert_eq!(u, \"http://example.com:8443/a/b?q#f\");\nu.remove_port();\nassert_eq!(u, \"http://example.com/a/b?q#f\");\n# Ok::<(), uri_runtime::BuildError>(())\n```")]
        pub fn set_port(&mut self, port: u16) -> Result<(), BuildError> {
            rebuild!(self, |b| b.port(port))
        }

        /// Removes the port, if any (which cannot fail).
        pub fn remove_port(&mut self) {
            remove!(self, |mut b| {
                b.port = None;
                b
            });
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

        /// Sets the query, already encoded (`""` is the empty query,
        /// `?` and nothing after it).
        ///
        /// # Errors
        ///
        /// [`BuildError::Invalid`] for characters outside the query rule.
        #[doc = concat!("\n```\n", example!(), "\nu.set_query(\"a=1&b=2\")?;\nassert_eq!(u.query(), Some(\"a=1&b=2\"));\nu.remove_query();\nassert_eq!(u, \"http://example.com:8080/a/b#f\");\n# Ok::<(), uri_runtime::BuildError>(())\n```")]
        pub fn set_query(&mut self, query: &str) -> Result<(), BuildError> {
            rebuild!(self, |mut b| {
                b.query = Some(Cow::Borrowed(query));
                b
            })
        }

        /// Removes the query, `?` included, if any (which cannot fail).
        pub fn remove_query(&mut self) {
            remove!(self, |mut b| {
                b.query = None;
                b
            });
        }

        /// Sets the fragment, already encoded.
        ///
        /// # Errors
        ///
        /// [`BuildError::Invalid`] for characters outside the fragment
        /// rule.
        #[doc = concat!("\n```\n", example!(), "\nassert!(u.set_fragment(\"a#b\").is_err());\nu.set_fragment(\"top\")?;\nassert_eq!(u.fragment(), Some(\"top\"));\nu.remove_fragment();\nassert_eq!(u, \"http://example.com:8080/a/b?q\");\n# Ok::<(), uri_runtime::BuildError>(())\n```")]
        pub fn set_fragment(&mut self, fragment: &str) -> Result<(), BuildError> {
            rebuild!(self, |mut b| {
                b.fragment = Some(Cow::Borrowed(fragment));
                b
            })
        }

        /// Removes the fragment, `#` included, if any (which cannot fail).
        pub fn remove_fragment(&mut self) {
            remove!(self, |mut b| {
                b.fragment = None;
                b
            });
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
