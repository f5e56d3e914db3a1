//! RFC 3986 URIs for Rust: checked while compiling when they are literals,
//! parsed through the same grammar when they arrive at run time.
//!
//! ```
//! use uri_runtime::{pct, uri, Uri, UriRef};
//!
//! // A literal is checked and pre-encoded while compiling (feature `macros`,
//! // on by default); a malformed one is a compile error that points at it.
//! const DOCS: Uri<'static> = uri!("https://example.com/docs/a b");
//! assert_eq!(DOCS.as_str(), "https://example.com/docs/a%20b");
//!
//! // Text that arrives at run time goes through the same grammar.
//! let uri = Uri::parse("https://example.com:8443/docs/a%20b?lang=en#intro")?;
//! assert_eq!(uri.scheme(), "https");
//! assert_eq!(uri.host(), Some("example.com"));
//! assert_eq!(uri.port_u16(), Ok(Some(8443)));
//! assert!(uri.path_segments().eq(["docs", "a%20b"]));
//! assert_eq!(pct::decode_utf8(uri.path())?, "/docs/a b");
//!
//! // Errors say where and why, and can draw it:
//! let input = "https://example.com/100%";
//! let err = UriRef::parse(input).unwrap_err();
//! assert_eq!(err.index(), 23);
//! assert_eq!(err.render(input).to_string(), "https://example.com/100%\n                       ^");
//!
//! // Encode data for the component it goes into:
//! let file = pct::encode("Q&A 1/2", &pct::PATH_SEGMENT);
//! assert_eq!(file, "Q&A%201%2F2");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # The names at the root
//!
//! - [`Uri`]: the `URI` rule (a scheme is required); [`UriRef`]: the
//!   `URI-reference` rule (a URI or a relative reference). Both borrow the
//!   parsed string and never allocate; accessors return the text still
//!   percent-encoded, and decoding is always an explicit call into [`pct`].
//! - [`UriBuf`], [`UriRefBuf`]: the owned forms (feature `alloc`), and
//!   [`AsUri`], what functions that read either take.
//! - [`Iri`], [`IriRef`] (and [`IriBuf`], [`IriRefBuf`]): RFC 3987's
//!   internationalized identifiers, with non-ASCII characters unescaped.
//!   [`Iri::to_uri`] maps one to the URI it stands for, [`Uri::to_iri`]
//!   shows a URI to people; with the `idna` feature, `to_uri_idna` and
//!   `to_iri_idna` also map hosts between Unicode and punycode.
//! - [`ParseError`] (with [`ParseErrorKind`] and the [`Component`] it was
//!   found in): the byte offset and kind of the first offending byte;
//!   [`ParseOptions`]: the opt-in grammar extensions.
//! - [`Host`]: a host parsed (a name, an IPv4 or IPv6 address).
//! - [`UriBuilder`] and its [`BuildError`]: a URI from parts.
//! - [`SchemeRules`]: the scheme-based normalization of
//!   [`Uri::normalize_with`].
//! - The macros [`uri!`], [`uri_ref!`], [`iri!`], [`iri_ref!`] and
//!   [`uri_template!`], checked while compiling.
//!
//! Seventeen types and five macros: what most programs name. Everything
//! else lives at one path, in the module of its task.
//!
//! # The modules, by task
//!
//! | task | module |
//! |---|---|
//! | percent-encode and decode data for a component | [`pct`] |
//! | read and write query parameters | [`query`] |
//! | read text from the wild as a browser does, with each repair | [`lenient`] (the entries are [`UriBuf::parse_lenient`], [`UriRefBuf::parse_lenient`], [`Uri::join_lenient`]) |
//! | decide whether a URL may be fetched: a boundary policy | [`policy`] |
//! | the site of a host (Public Suffix List, feature `psl`) | `site` |
//! | the rules of http(s), ftp, mailto and file, file paths both ways | [`scheme`] |
//! | RFC 6570 templates; the holes of `uri!` templates | [`uri_template`](mod@uri_template); [`holes`] |
//! | resolution's options and dot segments | [`resolve`] |
//! | component ranges, host kinds, segments, the redacted display | [`parsed`] |
//! | the errors below `ParseError` and the drawing of any error | [`error`] |
//! | hand-offs to `http`, `url` and `serde` (their features) | [`interop`] |
//! | how the macros check and what they cost | `compile_time` (feature `macros`) |
//!
//! # Which type to store, which to take
//!
//! As with `String` and `&str`: store the owned [`UriBuf`] (or
//! [`UriRefBuf`]) in your structs, parsed once where the text arrives; take
//! [`Uri`] (a cheap `Copy` view, `uri.as_uri()` from an owned one) or
//! `&impl AsUri` in functions that only read, and [`UriRef`] for what may
//! be relative, such as links; `view.to_owned()` keeps a view past its
//! text as the owned form, without parsing it again (an inherent method:
//! a `Copy` view cannot be the `ToOwned` of a type that does not hold
//! one). A `uri!` literal without holes is a
//! `const Uri<'static>`; with holes it is a `UriBuf` written at run time.
//! Use the `Iri` types only to keep text in its international form for
//! people; send `Uri`s.
//!
//! # The RFC 3986 toolbox (feature `alloc`)
//!
//! | operation | where | RFC 3986 |
//! |---|---|---|
//! | resolve a reference against a base | [`UriRef::resolve_against`], [`UriRef::resolve_into`], [`Uri::join`] | 5.2 |
//! | the shortest reference back to a target | [`Uri::make_relative`] | inverse of 5.2 |
//! | syntax-based normalization | [`Uri::normalize`], [`Uri::is_normalized`], [`remove_dot_segments`](crate::resolve::remove_dot_segments) | 6.2.2 |
//! | scheme-based normalization | [`Uri::normalize_with`] and [`SchemeRules`] | 6.2.3 |
//! | equivalence: byte, syntax, scheme | `==`, [`Uri::normalized_eq`], [`Uri::scheme_normalized_eq`] | 6.2 |
//! | building from raw or encoded parts | [`UriBuilder`], the setters of [`UriBuf`] and [`UriRefBuf`] | 3, 4.2 |
//! | query parameters | [`Uri::query_params`], [`Uri::form_params`], [`QueryWriter`](crate::query::QueryWriter) | 3.4 |
//! | zone identifiers (RFC 6874), opt-in | [`ParseOptions`], [`Host::Ipv6Zoned`] | – |
//! | text from the wild, repaired and reported | [`UriRefBuf::parse_lenient`], [`UriBuf::parse_lenient`], [`Uri::join_lenient`] | – |
//! | the rules of http(s), ftp, mailto and file | [`Uri::check_scheme_rules`], [`scheme`]: file paths both ways, [`Mailto`](crate::scheme::mailto::Mailto), [`HttpTarget`](crate::scheme::http::HttpTarget), [`FtpUri`](crate::scheme::ftp::FtpUri) | – |
//!
//! ```
//! use uri_runtime::{Uri, UriRef};
//!
//! let base = Uri::parse("https://example.com/docs/guide/intro.html")?;
//! let link = UriRef::parse("../api/index.html#search")?.resolve_against(&base);
//! assert_eq!(link, "https://example.com/docs/api/index.html#search");
//! assert_eq!(base.make_relative(&link.as_uri()).unwrap(), "../api/index.html#search");
//! # Ok::<(), uri_runtime::ParseError>(())
//! ```
//!
//! Every result is written once, with its component boundaries recorded
//! as it is written: nothing is parsed twice, and every output re-parses
//! to the same components.
//!
//! # Absent and empty
//!
//! `http://h?` has the query `Some("")`; `http://h` has `None`. RFC 3986
//! tells them apart, and so does every accessor here.
//!
//! # Features
//!
//! - `std` (default): implies `alloc`.
//! - `alloc`: [`pct`] and the owned types.
//! - `macros` (default): the [`uri!`], [`uri_ref!`], [`iri!`] and
//!   [`iri_ref!`] macros (the template form of the first two needs `alloc`
//!   too); [`compile_time`] is their guide.
//! - `idna` (opt-in): international domain names through UTS 46 (the
//!   `idna` crate): `Iri::to_uri_idna`, `Uri::to_iri_idna`, `uri!`
//!   literals whose non-ASCII host becomes punycode while compiling, and
//!   international hosts in `UriBuilder::host` and the lenient entry. It
//!   roughly triples a clean build (ICU4X's data and derive macros);
//!   without it, a non-ASCII host in `uri!` is a compile error that names
//!   the feature. The `idna` crate picks its Unicode backend through the
//!   `idna_adapter` crate, and the choice is the application's, made in
//!   its own lock file: `cargo update -p idna_adapter --precise 1.1.0`
//!   selects the lighter unicode-rs backend (Unicode 16 data instead of
//!   ICU4X's), which this crate's CI also tests. This crate pins neither.
//! - `serde`: `Serialize` and `Deserialize` for [`Uri`], [`UriRef`] (borrowed
//!   from the input, for formats that can lend a string) and, with
//!   `alloc`, [`UriBuf`], [`UriRefBuf`] (from any string). Deserializing
//!   parses, and the error names the byte.
//! - `http`: `TryFrom` both ways with `http::Uri`; see `HttpUriError`
//!   for what differs (http has no fragment, and holds request targets).
//! - `url`: `TryFrom` both ways with `url::Url`, which follows WHATWG
//!   rather than RFC 3986. Going to `url::Url`, the result is read back
//!   and refused where `url` would read another resource (`%2E%2E` as
//!   `..`, `http:/a` as a host); `UrlError` lists each difference.
//!
//! - `psl`: the site of a host, its public suffix and registrable domain
//!   from the Public Suffix List (the `psl` crate: the list compiled into
//!   code: about 11 s more CPU in a clean debug build, 30 s in release), the `site` module
//!   and the policy's same-site rule.
//!
//! With no features at all, `uri-core` and the borrowed API ([`Uri`],
//! [`UriRef`], [`Host`], errors) build for `no_std` targets without an
//! allocator.
//!
//! Two `--cfg` flags, set through `RUSTFLAGS`, change how the byte loops
//! run and never what they answer:
//!
//! - `uri_safe`: the safe, portable twin of every vector loop in its
//!   place.
//! - `uri_no_avx512`: on x86-64, the AVX2 loops where the CPU also has
//!   AVX-512, for CPUs that lower their clock while running it.
#![no_std]
// One module, `bytes::raw` (with its submodules), allows `unsafe` (see
// its docs); the rest may not.
#![deny(unsafe_code)]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

// Not a layer: the one macro every layer may use to write a shared
// `impl` body once (declared first, so it is in scope everywhere).
#[macro_use]
mod impl_each;

// The layers, from the bottom up: each uses only the ones listed before it
// (and `uri-core`), never one after it. rustfmt sorts the `mod` lines below,
// so the order is this line, which `tests/tests/layers.rs` reads and checks
// every `crate::` path against. Each folder's module doc says what its
// layer owns.
//
// layers: bytes, pct, value, write, ops, parts, holes, uri_template, scheme, site, policy, interop, macros
//
// The value types come first in this list, out of the sorted order: rustdoc
// shows a type's `impl` blocks in the order of the modules that hold them,
// so `Uri`'s page opens with its constructors and accessors, not with the
// operations of the layers above.
mod value;

// The other layers, in rustfmt's order.
mod bytes;
#[cfg(feature = "alloc")]
pub mod holes;
pub mod interop;
#[cfg(feature = "macros")]
mod macros;
#[cfg(feature = "alloc")]
mod ops;
#[cfg(feature = "alloc")]
mod parts;
#[cfg(feature = "alloc")]
pub mod pct;
#[cfg(feature = "alloc")]
pub mod policy;
#[cfg(feature = "alloc")]
pub mod scheme;
#[cfg(feature = "psl")]
pub mod site;
#[cfg(feature = "alloc")]
pub mod uri_template;
#[cfg(feature = "alloc")]
mod write;

// The root: the names most programs write. Everything else lives at one
// path, in the module of its task (the map in the crate docs).
#[cfg(feature = "macros")]
pub use macros::compile_time;
#[cfg(feature = "alloc")]
pub use ops::normalize::SchemeRules;
#[cfg(feature = "alloc")]
pub use parts::builder::{BuildError, UriBuilder};
/// A component of a URI reference, as errors and builders name it.
///
/// ```
/// use uri_runtime::{Component, ParseErrorKind, UriRef};
///
/// let err = UriRef::parse("/a b").unwrap_err();
/// assert_eq!(err.kind(), ParseErrorKind::InvalidChar(Component::Path));
/// assert_eq!(Component::Path.name(), "path");
/// ```
#[doc(inline)]
pub use uri_core::Component;
/// Why a string is not a URI, and where: the byte offset of the first
/// offending byte, and what is wrong there.
///
/// ```
/// use uri_runtime::{Component, ParseErrorKind, Uri};
///
/// let input = "https://example.com/100%";
/// let err = Uri::parse(input).unwrap_err();
/// assert_eq!(err.index(), 23);
/// assert_eq!(err.kind(), ParseErrorKind::InvalidPercentEncoding(Component::Path));
/// assert!(err.to_string().starts_with("invalid percent-encoding \"%\" in path at byte 23"));
/// assert!(err.hint().unwrap().contains("%25"));
/// ```
#[doc(inline)]
pub use uri_core::ParseError;
/// What a [`ParseError`] found; each kind says where its index points.
///
/// ```
/// use uri_runtime::{ParseErrorKind, Uri};
///
/// assert_eq!(Uri::parse("/relative").unwrap_err().kind(), ParseErrorKind::MissingScheme);
/// assert_eq!(Uri::parse("http://h:8x/").unwrap_err().kind(), ParseErrorKind::InvalidPort);
/// ```
#[doc(inline)]
pub use uri_core::ParseErrorKind;
/// Extensions of the grammar, opt-in and named: RFC 6874 zone
/// identifiers.
///
/// ```
/// use uri_runtime::{ParseOptions, Uri};
///
/// let text = "http://[fe80::1%25eth0]/";
/// assert!(Uri::parse(text).is_err());
/// let uri = Uri::parse_with(text, ParseOptions::RFC3986.with_zone_ids())?;
/// assert_eq!(uri.host(), Some("[fe80::1%25eth0]"));
/// # Ok::<(), uri_runtime::ParseError>(())
/// ```
#[doc(inline)]
pub use uri_core::ParseOptions;
#[cfg(feature = "alloc")]
pub use value::as_uri::AsUri;
#[cfg(feature = "alloc")]
pub use value::buf::{IriBuf, IriRefBuf, UriBuf, UriRefBuf};
pub use value::host::Host;
pub use value::iri::{Iri, IriRef};
pub use value::uri::{Uri, UriRef};

/// Query parameters: the raw pairs ([`QueryPairs`](query::QueryPairs)),
/// the decoded ones ([`QueryParams`](query::QueryParams), from
/// `query_params()` and `form_params()`), writing a query
/// ([`QueryWriter`](query::QueryWriter)) and editing one in place
/// ([`QueryEdit`](query::QueryEdit)).
///
/// ```
/// use uri_runtime::{Uri, query::QueryWriter};
///
/// let uri = Uri::parse("https://h/s?q=a%20b&page=2")?;
/// assert_eq!(uri.query_value("q").transpose()?.as_deref(), Some("a b"));
/// let mut query = QueryWriter::new();
/// query.append("q", "rust & uri");
/// assert_eq!(query.as_str(), "q=rust%20%26%20uri");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub mod query {
    #[cfg(feature = "alloc")]
    pub use crate::parts::query::{QueryParam, QueryParams, QueryWriter};
    #[cfg(feature = "alloc")]
    pub use crate::parts::query_edit::QueryEdit;
    pub use crate::value::iter::QueryPairs;
}

/// Text from the wild read as a browser reads it: what
/// [`UriRefBuf::parse_lenient`], [`UriBuf::parse_lenient`] and
/// [`Uri::join_lenient`] return, the value and each repair made to reach
/// it, with its bytes.
///
/// ```
/// use uri_runtime::{UriBuf, lenient::RepairKind};
///
/// let read = UriBuf::parse_lenient(" https://example.com/a b ")?;
/// assert_eq!(read.value, "https://example.com/a%20b");
/// assert!(read.repairs.iter().any(|r| r.kind == RepairKind::Encoded));
/// # Ok::<(), uri_runtime::ParseError>(())
/// ```
#[cfg(feature = "alloc")]
pub mod lenient {
    pub use crate::ops::lenient::{Repair, RepairKind, Repaired};
}

/// What a parsed value hands out besides its text: the byte ranges of its
/// components, the kind of its host, an `IPvFuture` literal's parts, the
/// path's segments, and the display with its secrets hidden.
pub mod parsed {
    #[cfg(feature = "alloc")]
    pub use crate::value::decoded::Redacted;
    pub use crate::value::host::IpvFuture;
    pub use crate::value::iter::PathSegments;
    /// The byte ranges of a parsed reference's components.
    ///
    /// ```
    /// use uri_runtime::UriRef;
    ///
    /// let text = "https://user@example.com:8443/a?q#top";
    /// let parts = UriRef::parse(text)?.components();
    /// assert_eq!(&text[parts.host().unwrap()], "example.com");
    /// assert_eq!(&text[parts.path()], "/a");
    /// assert_eq!(parts.fragment().map(|f| &text[f]), Some("top"));
    /// # Ok::<(), uri_runtime::ParseError>(())
    /// ```
    #[doc(inline)]
    pub use uri_core::Components;
    /// What kind of host an authority has.
    ///
    /// ```
    /// use uri_runtime::{Uri, parsed::HostKind};
    ///
    /// assert_eq!(Uri::parse("http://[::1]/")?.components().host_kind(), Some(HostKind::Ipv6));
    /// # Ok::<(), uri_runtime::ParseError>(())
    /// ```
    #[doc(inline)]
    pub use uri_core::HostKind;
}

/// Resolution's options and its dot-segment removal (RFC 3986 section
/// 5.2): [`UriRef::resolve_against`] is strict; the non-strict reading of
/// section 5.2.2 is an option of [`UriRef::resolve_into`].
#[cfg(feature = "alloc")]
pub mod resolve {
    pub use crate::ops::resolve::ResolveOptions;
    pub use crate::write::dots::remove_dot_segments;
}

/// The errors below [`ParseError`]: the port's, a written segment's, a
/// host's IDNA mapping (feature `idna`), and the shared shape and drawing
/// of every positioned error. Each scheme's, the policy's and the
/// templates' errors live in their modules (`uri!`'s is
/// [`holes::HoleError`]).
pub mod error {
    pub use crate::value::port::{PortError, PortErrorKind};
    #[cfg(feature = "alloc")]
    pub use crate::write::dot_segment::{DotSegment, DotSegmentError};
    /// The shape [`SchemeError`](crate::scheme::SchemeError) and
    /// [`TemplateError`](crate::uri_template::TemplateError) share: a kind that
    /// describes itself and its fix ([`Explain`]), a byte range, carets, and a
    /// `Display` of what, where and the fix.
    ///
    /// ```
    /// use uri_runtime::Uri;
    ///
    /// let uri = Uri::parse("file://C:/app/data.db")?;
    /// let err = uri.check_scheme_rules().unwrap_err();
    /// assert_eq!(err.index(), 7);
    /// assert!(err.to_string().ends_with("write file:///C:/… for C:\\…"));
    /// # Ok::<(), uri_runtime::ParseError>(())
    /// ```
    #[doc(inline)]
    pub use uri_core::located::{Explain, Located};
    /// The drawing of an error: the input, then carets under the culprit.
    ///
    /// ```
    /// use uri_runtime::{UriRef, error::Caret};
    ///
    /// let input = "http://x/%G1";
    /// let err = UriRef::parse(input).unwrap_err();
    /// assert_eq!(err.render(input).to_string(), "http://x/%G1\n         ^^^");
    /// assert_eq!(Caret::new(input, 9, 3).to_string(), err.render(input).to_string());
    /// ```
    #[doc(inline)]
    pub use uri_core::render::Caret;
    #[cfg(feature = "idna")]
    pub use uri_idna::{IdnaError, IdnaErrorKind};
}

/// What the differential tests and the fuzz targets reach that users
/// cannot: each vector loop compared with its portable twin on one input.
/// Not part of the API.
#[cfg(feature = "alloc")]
#[doc(hidden)]
pub mod __differential {
    /// Panics where a vector decoding loop disagrees with the portable one
    /// on `text` (see the `decoders` fuzz target).
    #[allow(clippy::panic, reason = "a fuzz target reports by panicking")]
    pub fn check_every_decoder(text: &[u8]) {
        if let Err(disagreement) = crate::bytes::raw::every_decoder_agrees(text) {
            panic!("{disagreement}");
        }
    }

    /// Panics where an encoding loop (AVX-512, SSSE3, the dispatcher's
    /// choice) disagrees with the table loop on `bytes`, for several sets
    /// (see the `encoders` fuzz target).
    #[allow(clippy::panic, reason = "a fuzz target reports by panicking")]
    pub fn check_every_encoder(bytes: &[u8]) {
        if let Err(disagreement) = crate::bytes::raw::every_encoder_agrees(bytes) {
            panic!("{disagreement}");
        }
    }

    /// Panics where a check kernel this CPU runs (escapes in normal form,
    /// dot segments) and its portable twin answer differently about
    /// `text` (see the `checks` fuzz target).
    #[allow(clippy::panic, reason = "a fuzz target reports by panicking")]
    pub fn check_every_check(text: &[u8]) {
        if let Err(disagreement) = crate::bytes::raw::every_check_agrees(text) {
            panic!("{disagreement}");
        }
    }

    /// Panics where a vector-scanning parser this CPU runs and
    /// `uri-core`'s `const` parser disagree on `text` (see
    /// `tests/accelerated.rs` and the `parsers` fuzz target).
    #[allow(clippy::panic, reason = "a fuzz target reports by panicking")]
    pub fn check_every_parser(text: &str) {
        if let Err(disagreement) = crate::bytes::raw::every_parser_agrees(text) {
            panic!("{disagreement}");
        }
    }
}

/// What the macros' expansions name; not part of the public API.
#[doc(hidden)]
pub mod __private {
    #[cfg(feature = "alloc")]
    pub use crate::holes::dispatch::{Arg, DisplayKind, DotFreeKind, TextKind, ValueKind};
    #[cfg(feature = "alloc")]
    pub use crate::holes::{HoleKind, HoleSite, MaybeDotSegment, NoDotSegment, TemplateWriter};
    #[cfg(feature = "alloc")]
    pub use crate::uri_template::UriTemplate;
    pub use crate::{Iri, IriRef, Uri, UriRef};
    #[cfg(feature = "macros")]
    pub use uri_macros::__uri_literal as uri_literal;
    #[cfg(feature = "macros")]
    pub use uri_macros::__uri_template_literal as uri_template_literal;
}
