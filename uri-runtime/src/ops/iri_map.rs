//! Between IRIs and URIs: RFC 3987 section 3.1 (an IRI's URI, for use
//! on the wire) and section 3.2 (a URI shown as an IRI, for people).

use alloc::borrow::Cow;
use alloc::string::String;

use uri_core::parse::parse_ipv4;
use uri_core::pct::{EncodeSet, URI_CHARS};
use uri_core::table::{
    UNRESERVED, is_bidi_formatting, is_default_ignorable, is_iprivate, is_ucschar,
};
use uri_core::{Component, Components, HostKind};

use crate::bytes::unescape::escaped_char;
use crate::value::buf::{IriBuf, IriRefBuf, UriBuf, UriRefBuf};
use crate::value::iri::{Iri, IriRef};
use crate::value::uri::{Parsed, Uri, UriRef};
use crate::write::compose::{Authority, Composer, Form};
use crate::write::dots::Joined;

/// Every ASCII character of a valid IRI is a URI character or the `%` of
/// an escape, so this set encodes exactly the non-ASCII characters.
const ASCII_KEPT: EncodeSet = URI_CHARS.and_keep(b"%");

/// The text of one component, rewritten for the other grammar.
type Map = fn(&str, Component) -> Cow<'_, str>;

/// Writes `parsed` again with each component passed through `map` and
/// the host replaced by `host`, recording the new boundaries.
fn rewrite(parsed: &Parsed<'_>, host: &MappedHost<'_>, map: Map) -> (String, Components) {
    let mut out = String::with_capacity(parsed.text.len() + parsed.text.len() / 2);
    let mut composer = Composer::new(&mut out);
    if let Some(scheme) = parsed.scheme() {
        composer.scheme(scheme, Form::AsIs);
    }
    if let Some((host, host_kind)) = host {
        let userinfo = parsed.userinfo().map(|u| map(u, Component::Userinfo));
        let authority = Authority {
            userinfo: userinfo.as_deref(),
            host,
            host_kind: *host_kind,
            port: parsed.port(),
        };
        composer.authority(&authority, Form::AsIs);
    }
    composer.path(Joined::one(&map(parsed.path(), Component::Path)), false);
    if let Some(query) = parsed.query() {
        composer.query(&map(query, Component::Query), Form::AsIs);
    }
    if let Some(fragment) = parsed.fragment() {
        composer.fragment(&map(fragment, Component::Fragment), Form::AsIs);
    }
    let parts = composer.finish();
    (out, parts)
}

/// Section 3.1 step 2: each non-ASCII character as its UTF-8 bytes,
/// percent-encoded; everything else as it is.
fn encode_non_ascii(text: &str, _: Component) -> Cow<'_, str> {
    crate::pct::encode_keep_escapes(text, &ASCII_KEPT)
}

/// Section 3.2: escapes that spell a character allowed unescaped here
/// (an unreserved ASCII character, `ucschar`, `iprivate` in the query,
/// never a bidi formatting character, and never a character that renders
/// as nothing, so that what is shown is all that is there) become that
/// character; all other escapes (reserved characters, `%`, bytes that are
/// not UTF-8, invisible characters) stay.
fn decode_for_display(text: &str, component: Component) -> Cow<'_, str> {
    if !text.contains('%') {
        return Cow::Borrowed(text);
    }
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let (mut run, mut i) = (0, 0);
    while i < bytes.len() {
        match escaped_char(bytes, i) {
            Some((c, width)) if shown_unescaped(c, component) => {
                out.push_str(text.get(run..i).unwrap_or(""));
                out.push(c);
                i += width;
                run = i;
            }
            _ => i += 1,
        }
    }
    out.push_str(text.get(run..).unwrap_or(""));
    Cow::Owned(out)
}

fn shown_unescaped(c: char, component: Component) -> bool {
    if c.is_ascii() {
        return UNRESERVED.contains(c as u8);
    }
    !is_bidi_formatting(c)
        && !is_default_ignorable(c)
        && (is_ucschar(c) || (component == Component::Query && is_iprivate(c)))
}

/// A mapped host and its kind.
type MappedHost<'p> = Option<(Cow<'p, str>, HostKind)>;

/// The host with a reg-name passed through `map` (given the host and its
/// offset in `parsed`), and its kind found again; IP literals and
/// addresses stay as they are.
fn mapped_host<'p, E>(
    parsed: &Parsed<'p>,
    map: impl FnOnce(&'p str, usize) -> Result<Cow<'p, str>, E>,
) -> Result<MappedHost<'p>, E> {
    let (Some(host), Some(kind), Some(range)) =
        (parsed.host(), parsed.parts.host_kind(), parsed.parts.host())
    else {
        return Ok(None);
    };
    if kind != HostKind::RegName {
        return Ok(Some((Cow::Borrowed(host), kind)));
    }
    let mapped = map(host, range.start)?;
    let kind = reg_name_kind(&mapped);
    Ok(Some((mapped, kind)))
}

/// What a rewritten reg-name is now: decoding `%31` or mapping fullwidth
/// digits can make it an IPv4 address.
fn reg_name_kind(host: &str) -> HostKind {
    match parse_ipv4(host.as_bytes(), 0, host.len()) {
        Ok(_) => HostKind::Ipv4,
        Err(_) => HostKind::RegName,
    }
}

fn with_map(parsed: &Parsed<'_>, map: Map) -> (String, Components) {
    let host = mapped_host(parsed, |host, _| {
        Ok::<_, core::convert::Infallible>(map(host, Component::Host))
    });
    match host {
        Ok(host) => rewrite(parsed, &host, map),
    }
}

impl Iri<'_> {
    /// The URI this IRI stands for, by RFC 3987 section 3.1: every
    /// non-ASCII character percent-encoded as UTF-8, in every component,
    /// the host included. Never fails; an ASCII IRI comes back unchanged.
    /// For the host in the form DNS resolves, see `to_uri_idna`
    /// (feature `idna`).
    ///
    /// ```
    /// use uri_runtime::Iri;
    ///
    /// let iri = Iri::parse("https://ja.wikipedia.org/wiki/東京?a=ü")?;
    /// assert_eq!(iri.to_uri(), "https://ja.wikipedia.org/wiki/%E6%9D%B1%E4%BA%AC?a=%C3%BC");
    /// # Ok::<(), uri_runtime::ParseError>(())
    /// ```
    pub fn to_uri(&self) -> UriBuf {
        let (text, parts) = with_map(&self.0, encode_non_ascii);
        UriBuf::from_written(text, parts)
    }
}

impl IriRef<'_> {
    /// The URI reference this IRI reference stands for; see
    /// [`Iri::to_uri`].
    pub fn to_uri_ref(&self) -> UriRefBuf {
        let (text, parts) = with_map(&self.0, encode_non_ascii);
        UriRefBuf::from_written(text, parts)
    }
}

impl Uri<'_> {
    /// This URI for display, by RFC 3987 section 3.2: escapes that spell
    /// characters an IRI may hold (UTF-8 of `ucschar`, `iprivate` in the
    /// query, unreserved ASCII) are decoded; escapes of reserved
    /// characters, of `%`, of bytes that are not UTF-8 and of the
    /// bidirectional formatting characters stay. The IRI maps back to an
    /// equivalent URI with [`Iri::to_uri`].
    ///
    /// ```
    /// use uri_runtime::Uri;
    ///
    /// let uri = Uri::parse("http://example.com/%E6%9D%B1%E4%BA%AC%2F%FF%E2%80%AE?q=%41")?;
    /// assert_eq!(uri.to_iri(), "http://example.com/東京%2F%FF%E2%80%AE?q=A");
    /// # Ok::<(), uri_runtime::ParseError>(())
    /// ```
    pub fn to_iri(&self) -> IriBuf {
        let (text, parts) = with_map(&self.0, decode_for_display);
        IriBuf::from_written(text, parts)
    }
}

impl UriRef<'_> {
    /// This reference for display; see [`Uri::to_iri`].
    pub fn to_iri_ref(&self) -> IriRefBuf {
        let (text, parts) = with_map(&self.0, decode_for_display);
        IriRefBuf::from_written(text, parts)
    }
}

/// International domain names, through `uri-idna`.
#[cfg(feature = "idna")]
mod idna {
    use alloc::borrow::Cow;
    use alloc::string::String;

    use uri_core::{Component, Components};
    use uri_idna::{IdnaError, host_for_display, host_to_ascii};

    use super::{decode_for_display, encode_non_ascii, mapped_host, rewrite, shown_unescaped};
    use crate::value::buf::{IriBuf, IriRefBuf, UriBuf, UriRefBuf};
    use crate::value::iri::{Iri, IriRef};
    use crate::value::uri::{Parsed, Uri, UriRef};

    /// Section 3.1 with the host through UTS 46 `ToASCII`.
    fn to_wire(parsed: &Parsed<'_>) -> Result<(String, Components), IdnaError> {
        let host = mapped_host(parsed, |host, at| {
            host_to_ascii(host).map_err(|err| err.offset_by(at))
        })?;
        Ok(rewrite(parsed, &host, encode_non_ascii))
    }

    /// Section 3.2 with `xn--` labels through UTS 46 `ToUnicode` where
    /// UTS 39 allows them to be shown ([`host_for_display`]), kept when
    /// they decode to characters an IRI host may not hold.
    fn for_display(parsed: &Parsed<'_>) -> (String, Components) {
        let host = mapped_host(parsed, |host, _| {
            let unicode = host_for_display(host);
            let fits = unicode
                .chars()
                .all(|c| c.is_ascii() || shown_unescaped(c, Component::Host));
            let shown = if fits { unicode } else { Cow::Borrowed(host) };
            let decoded = match decode_for_display(&shown, Component::Host) {
                Cow::Borrowed(_) => shown,
                Cow::Owned(decoded) => Cow::Owned(decoded),
            };
            Ok::<_, core::convert::Infallible>(decoded)
        });
        match host {
            Ok(host) => rewrite(parsed, &host, decode_for_display),
        }
    }

    impl Iri<'_> {
        /// [`to_uri`](Self::to_uri) with the host in the form DNS
        /// resolves: a reg-name holding non-ASCII characters goes
        /// through UTS 46 `ToASCII` (`xn--` labels, the option RFC 3987
        /// section 3.1 gives for DNS hosts), with the checks of
        /// [`uri_idna`]; other hosts are as in `to_uri`.
        ///
        /// ```
        /// use uri_runtime::Iri;
        ///
        /// let iri = Iri::parse("http://例え.jp/引き出し")?;
        /// assert_eq!(
        ///     iri.to_uri_idna()?,
        ///     "http://xn--r8jz45g.jp/%E5%BC%95%E3%81%8D%E5%87%BA%E3%81%97"
        /// );
        ///
        /// let err = Iri::parse("http://例え..jp/")?.to_uri_idna().unwrap_err();
        /// assert_eq!(err.index(), 14); // in the IRI, not just the host
        /// # Ok::<(), Box<dyn std::error::Error>>(())
        /// ```
        ///
        /// # Errors
        ///
        /// An [`IdnaError`] whose index is into this IRI, when the host
        /// is not a valid international domain name.
        pub fn to_uri_idna(&self) -> Result<UriBuf, IdnaError> {
            let (text, parts) = to_wire(&self.0)?;
            Ok(UriBuf::from_written(text, parts))
        }
    }

    impl IriRef<'_> {
        /// See [`Iri::to_uri_idna`].
        ///
        /// # Errors
        ///
        /// As [`Iri::to_uri_idna`].
        pub fn to_uri_ref_idna(&self) -> Result<UriRefBuf, IdnaError> {
            let (text, parts) = to_wire(&self.0)?;
            Ok(UriRefBuf::from_written(text, parts))
        }
    }

    impl Uri<'_> {
        /// [`to_iri`](Self::to_iri) with the host's `xn--` labels shown in
        /// Unicode when they are valid (UTS 46 `ToUnicode`) and safe to
        /// show: a label that could pass for another name (mixed scripts,
        /// a whole-script look-alike of an ASCII name, an invisible
        /// character) stays `xn--`, by the UTS 39 rules browsers apply
        /// (see [`uri_idna::host_for_display`]). Characters that render
        /// as nothing stay escaped everywhere.
        ///
        /// ```
        /// use uri_runtime::Uri;
        ///
        /// let uri = Uri::parse("http://xn--r8jz45g.jp/%E5%BC%95%E3%81%8D%E5%87%BA%E3%81%97")?;
        /// assert_eq!(uri.to_iri_idna(), "http://例え.jp/引き出し");
        ///
        /// // All-Cyrillic `аррӏе.com` passes for `apple.com`: not shown so.
        /// let homograph = Uri::parse("http://xn--80ak6aa92e.com/a%E2%80%8Bb")?;
        /// assert_eq!(homograph.to_iri_idna(), "http://xn--80ak6aa92e.com/a%E2%80%8Bb");
        /// # Ok::<(), uri_runtime::ParseError>(())
        /// ```
        pub fn to_iri_idna(&self) -> IriBuf {
            let (text, parts) = for_display(&self.0);
            IriBuf::from_written(text, parts)
        }
    }

    impl UriRef<'_> {
        /// See [`Uri::to_iri_idna`].
        pub fn to_iri_ref_idna(&self) -> IriRefBuf {
            let (text, parts) = for_display(&self.0);
            IriRefBuf::from_written(text, parts)
        }
    }
}
