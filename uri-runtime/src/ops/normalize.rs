//! Normalization (RFC 3986 section 6.2.2, and 6.2.3 by option) and the
//! equivalence ladder built on it.

use alloc::borrow::Cow;
use alloc::string::String;

use uri_core::Components;
use uri_core::scheme::scheme_facts;

use crate::bytes::raw::uri_escapes_in_normal_form;
use crate::value::as_uri::AsUri;
use crate::value::buf::UriBuf;
use crate::value::uri::{Parsed, Uri};
use crate::write::compose::{
    Authority, Composer, Form, is_in_form, push_text, split_zone, text_in,
};
use crate::write::dots::{Joined, has_dot_segments};

/// What scheme-based normalization (RFC 3986 section 6.2.3) knows about
/// schemes: each known scheme's default port. For a URI whose scheme is
/// known, the default port is dropped and an empty path with an authority
/// becomes `/`; for any URI, an empty port is dropped with its `:`
/// (section 3.2.3).
///
/// ```
/// use uri_runtime::{SchemeRules, Uri};
///
/// let uri = Uri::parse("HTTPS://Example.com:443")?;
/// assert_eq!(uri.normalize_with(&SchemeRules::STANDARD), "https://example.com/");
///
/// // Your own schemes, on top of the standard table:
/// let rules = SchemeRules::standard_and(&[("coap", 5683)]);
/// let uri = Uri::parse("coap://sensor:5683")?;
/// assert_eq!(uri.normalize_with(&rules), "coap://sensor/");
/// # Ok::<(), uri_runtime::ParseError>(())
/// ```
///
/// The standard table ([`uri_core::scheme::SCHEMES`]): `ftp` 21, `http`
/// 80, `https` 443, `ws` 80, `wss` 443. Schemes are matched ignoring ASCII case. Only schemes in the table
/// get `/` for an empty path, since RFC 3986 leaves that to each scheme's
/// specification.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SchemeRules<'a> {
    own: &'a [(&'a str, u16)],
    standard: bool,
}

impl SchemeRules<'static> {
    /// The standard table alone.
    pub const STANDARD: SchemeRules<'static> = SchemeRules {
        own: &[],
        standard: true,
    };
}

impl<'a> SchemeRules<'a> {
    /// The standard table, with `ports` consulted first (so they may
    /// override it).
    pub const fn standard_and(ports: &'a [(&'a str, u16)]) -> SchemeRules<'a> {
        SchemeRules {
            own: ports,
            standard: true,
        }
    }

    /// Only `ports`: schemes outside it keep their ports and empty paths,
    /// and still lose an empty port.
    pub const fn only(ports: &'a [(&'a str, u16)]) -> SchemeRules<'a> {
        SchemeRules {
            own: ports,
            standard: false,
        }
    }

    /// The default port of `scheme`, if the rules know it.
    ///
    /// ```
    /// use uri_runtime::SchemeRules;
    ///
    /// assert_eq!(SchemeRules::STANDARD.default_port("HTTP"), Some(80));
    /// assert_eq!(SchemeRules::STANDARD.default_port("gopher"), None);
    /// ```
    pub fn default_port(&self, scheme: &str) -> Option<u16> {
        let own = self
            .own
            .iter()
            .find(|(name, _)| name.eq_ignore_ascii_case(scheme))
            .map(|&(_, port)| port);
        own.or_else(|| {
            self.standard
                .then(|| scheme_facts(scheme)?.default_port)
                .flatten()
        })
    }

    /// The port to write for `scheme`: `None` when it is empty or the
    /// default.
    fn keeps_port<'p>(&self, scheme: &str, port: Option<&'p str>) -> Option<&'p str> {
        let port = port.filter(|digits| !digits.is_empty())?;
        let default = self.default_port(scheme);
        match port.parse::<u16>() {
            Ok(number) if Some(number) == default => None,
            _ => Some(port),
        }
    }

    /// Whether an empty path with an authority becomes `/`: for a
    /// scheme of the rules' own list, and for a standard one whose facts
    /// say so (`uri_core::scheme::SchemeFacts::empty_path_is_root`, the
    /// fact the `http::Uri` hand-off reads too).
    fn roots_empty_path(&self, scheme: &str) -> bool {
        let own = self
            .own
            .iter()
            .any(|(name, _)| name.eq_ignore_ascii_case(scheme));
        own || (self.standard && scheme_facts(scheme).is_some_and(|facts| facts.empty_path_is_root))
    }
}

/// The normalized form of `uri`.
///
/// Most URIs met in practice are normal already (seven in eight of those
/// in the benchmark corpus), and checking one is a scan per component,
/// where writing is a pass through the composer per component: so the
/// check comes first, and a normal URI is copied whole, boundaries and
/// all.
fn normalize(uri: &Parsed<'_>, rules: Option<&SchemeRules<'_>>) -> UriBuf {
    if is_normalized(uri, rules) {
        return UriBuf::from_written(uri.text.into(), uri.parts);
    }
    rewrite(uri, rules)
}

/// The normalized form of `uri`, written component by component.
pub(crate) fn rewrite(uri: &Parsed<'_>, rules: Option<&SchemeRules<'_>>) -> UriBuf {
    let mut out = String::with_capacity(uri.text.len());
    let parts = write_normalized(uri, rules, &mut out);
    UriBuf::from_written(out, parts)
}

fn write_normalized(
    uri: &Parsed<'_>,
    rules: Option<&SchemeRules<'_>>,
    out: &mut String,
) -> Components {
    let scheme = uri.scheme().unwrap_or("");
    let mut composer = Composer::new(out);
    composer.scheme(scheme, Form::Lowercased);
    if let (Some(host), Some(host_kind)) = (uri.host(), uri.parts.host_kind()) {
        let port = match rules {
            Some(rules) => rules.keeps_port(scheme, uri.port()),
            None => uri.port(),
        };
        let authority = Authority {
            userinfo: uri.userinfo(),
            host,
            host_kind,
            port,
        };
        composer.authority(&authority, Form::Normalized);
    }
    // Unreserved escapes are decoded before dot segments go, so `%2E%2E`
    // is removed too (section 6.2.2.2 comes before 6.2.2.3).
    let path = text_in(uri.path(), Form::Normalized);
    let rooted = rules.is_some_and(|r| r.roots_empty_path(scheme));
    if path.is_empty() && rooted && composer.has_authority() {
        composer.path(Joined::one("/"), false);
    } else {
        // Dot segments go from a path that starts with `/` only: removed
        // from a rootless one, they could leave a `/` in front and so
        // change its kind (`urn:a/../b` would become `urn:/b`).
        composer.path(Joined::one(&path), path.starts_with('/'));
    }
    if let Some(query) = uri.query() {
        composer.query(query, Form::Normalized);
    }
    if let Some(fragment) = uri.fragment() {
        composer.fragment(fragment, Form::Normalized);
    }
    composer.finish()
}

/// The normalized form of `uri`, for a URI whose only departures from it
/// are in its escapes: its scheme and host already in lowercase (with no
/// escape in the host), its port and empty path as the scheme's rules
/// write them, and no dot segment in its path, even once its unreserved
/// escapes are decoded. The browser reading of a special scheme's URL
/// proves all of that (`UriBuf::parse_href`), and then only the
/// userinfo, path, query and fragment are written again, in one pass
/// each, with no check before it: `rewrite` would check each piece and
/// copy a changed path once more for its dot segments.
pub(crate) fn rewrite_escapes(uri: &Parsed<'_>) -> UriBuf {
    let mut out = String::with_capacity(uri.text.len());
    let mut composer = Composer::new(&mut out);
    if let Some(scheme) = uri.scheme() {
        composer.scheme(scheme, Form::AsIs);
    }
    if let (Some(host), Some(host_kind)) = (uri.host(), uri.parts.host_kind()) {
        composer.open_authority();
        if let Some(userinfo) = uri.userinfo() {
            composer.userinfo(userinfo, Form::Normalized);
        }
        composer.host(host, host_kind, Form::AsIs);
        if let Some(port) = uri.port() {
            composer.port(port);
        }
    }
    composer.path_with(|out| push_text(out, uri.path(), Form::Normalized));
    if let Some(query) = uri.query() {
        composer.query(query, Form::Normalized);
    }
    if let Some(fragment) = uri.fragment() {
        composer.fragment(fragment, Form::Normalized);
    }
    let parts = composer.finish();
    UriBuf::from_written(out, parts)
}

/// Whether normalizing `uri` would give it back unchanged; no allocation.
fn is_normalized(uri: &Parsed<'_>, rules: Option<&SchemeRules<'_>>) -> bool {
    is_normalized_but_for_dots(uri, rules)
        && is_dot_free(uri.path(), uri.parts.authority().is_some())
}

/// [`is_normalized`] for a URI whose path is known to have no dot
/// segment (the browser reading's common path proves it): all but the
/// scan of the path for them.
///
/// Everything after the scheme is checked in the `Normalized` form in one
/// scan: delimiters and a port's digits hold no `%`, and a host in the
/// stricter `Lowercased` form is in the `Normalized` form too. So one scan
/// answers for the userinfo, the host's zone, the path, the query and the
/// fragment, instead of a scan for each.
pub(crate) fn is_normalized_but_for_dots(
    uri: &Parsed<'_>,
    rules: Option<&SchemeRules<'_>>,
) -> bool {
    let scheme = uri.scheme().unwrap_or("");
    let after_scheme = uri.text.get(scheme.len()..).unwrap_or("");
    let host_ok = || {
        uri.host()
            .zip(uri.parts.host_kind())
            .is_none_or(|(host, kind)| is_in_form(split_zone(host, kind).0, Form::Lowercased))
    };
    let scheme_ok = || {
        rules.is_none_or(|rules| {
            let port_ok = uri.port().is_none() || rules.keeps_port(scheme, uri.port()).is_some();
            let path_ok = !(uri.path().is_empty()
                && uri.parts.authority().is_some()
                && rules.roots_empty_path(scheme));
            port_ok && path_ok
        })
    };
    // Most URIs are ruled in by one pass over the text: every escape in
    // normal form, and no capital before the path (where the scheme and
    // host are). A capital there may still be normal (a userinfo keeps
    // its case, an escape's hex digits are capitals), so a URI that fails
    // is read again, part by part.
    let escapes_and_case_ok = || {
        uri_escapes_in_normal_form(uri.text.as_bytes(), uri.parts.path().start)
            || (is_in_form(scheme, Form::Lowercased)
                && host_ok()
                && is_in_form(after_scheme, Form::Normalized))
    };
    escapes_and_case_ok() && scheme_ok()
}

/// Whether the path is what dot-segment removal (with the `/.` rule) makes
/// of it; a rootless path keeps its dot segments, so it always is.
fn is_dot_free(path: &str, has_authority: bool) -> bool {
    if !path.starts_with('/') {
        return true;
    }
    match path.strip_prefix("/.") {
        // `/.//a` is the normal form of `//a` where there is no authority.
        Some(rest) if !has_authority && rest.starts_with("//") => !has_dot_segments(rest),
        _ => !has_dot_segments(path),
    }
}

impl<'a> Uri<'a> {
    /// Syntax-based normalization, RFC 3986 section 6.2.2: the scheme and
    /// host in lowercase (IP-literals included), escapes in uppercase hex,
    /// escapes of unreserved characters decoded (in every component), and
    /// dot segments removed from the path. Idempotent.
    ///
    /// ```
    /// use uri_runtime::Uri;
    ///
    /// let uri = Uri::parse("HTTP://User@Example.COM/a/./b/../%7euser/%2f?%41#%3a")?;
    /// assert_eq!(uri.normalize(), "http://User@example.com/a/~user/%2F?A#%3A");
    /// # Ok::<(), uri_runtime::ParseError>(())
    /// ```
    ///
    /// Two choices where the RFC's literal algorithm would be ambiguous or
    /// break the URI:
    /// - a rootless path (`urn:a/../b`, `javascript:alert(1)/../x`) keeps
    ///   its dot segments: section 6.2.2.3 speaks of hierarchical paths,
    ///   and `remove_dot_segments` would turn `urn:a/../b` into `urn:/b`,
    ///   a path of another kind (its escapes and case are still
    ///   normalized, so `urn:a/%2E%2E/b` gives `urn:a/../b`). Dot segments
    ///   still go from a rootless reference's path when it is resolved
    ///   (section 5.2), where the base gives it a root;
    /// - a result with no authority whose path starts with `//` would
    ///   re-parse with an authority (`file:/x/..//y` would give `file://y`),
    ///   so `/.` is written before it (`file:/.//y`), which means the same.
    ///
    /// An IPv6 zone identifier (RFC 6874) keeps its case. Ports, empty
    /// components and IPv6 spelling are left as they are; see
    /// [`normalize_with`](Self::normalize_with) for scheme-based rules.
    pub fn normalize(&self) -> UriBuf {
        normalize(&self.0, None)
    }

    /// [`normalize`](Self::normalize), then scheme-based normalization
    /// (RFC 3986 section 6.2.3) with `rules`: an empty port is dropped, a
    /// known scheme's default port is dropped, and a known scheme's empty
    /// path under an authority becomes `/`.
    ///
    /// ```
    /// use uri_runtime::{SchemeRules, Uri};
    ///
    /// let uri = Uri::parse("http://example.com:80")?;
    /// assert_eq!(uri.normalize_with(&SchemeRules::STANDARD), "http://example.com/");
    /// let uri = Uri::parse("foo://example.com:/")?;
    /// assert_eq!(uri.normalize_with(&SchemeRules::STANDARD), "foo://example.com/");
    /// # Ok::<(), uri_runtime::ParseError>(())
    /// ```
    pub fn normalize_with(&self, rules: &SchemeRules<'_>) -> UriBuf {
        normalize(&self.0, Some(rules))
    }

    /// Whether [`normalize`](Self::normalize) would return this URI
    /// unchanged. Checked without allocating.
    ///
    /// ```
    /// use uri_runtime::Uri;
    ///
    /// assert!(Uri::parse("http://a/b%2F")?.is_normalized());
    /// assert!(!Uri::parse("http://a/b/../c")?.is_normalized());
    /// # Ok::<(), uri_runtime::ParseError>(())
    /// ```
    pub fn is_normalized(&self) -> bool {
        is_normalized(&self.0, None)
    }

    /// Whether [`normalize_with`](Self::normalize_with) would return this
    /// URI unchanged. Checked without allocating.
    pub fn is_normalized_with(&self, rules: &SchemeRules<'_>) -> bool {
        is_normalized(&self.0, Some(rules))
    }

    /// The second rung of the equivalence ladder (RFC 3986 section 6.2):
    /// equal after syntax-based normalization. Allocates only for a side
    /// that is not already normalized.
    ///
    /// | rung | method | `http://A/%7e` vs `http://a/~` | `http://a:80` vs `http://a/` |
    /// |---|---|---|---|
    /// | byte-equal | `==` | no | no |
    /// | syntax-normalized | `normalized_eq` | yes | no |
    /// | scheme-normalized | [`scheme_normalized_eq`](Self::scheme_normalized_eq) | yes | yes |
    ///
    /// ```
    /// use uri_runtime::Uri;
    ///
    /// let a = Uri::parse("HTTP://Example.com/%7euser/./x")?;
    /// let b = Uri::parse("http://example.com/~user/x")?;
    /// assert!(a != b);
    /// assert!(a.normalized_eq(&b));
    /// # Ok::<(), uri_runtime::ParseError>(())
    /// ```
    ///
    /// `==`, `Hash` and `Ord` stay byte-wise whatever features are on; to
    /// key a map by equivalence, key it by [`normalize`](Self::normalize).
    pub fn normalized_eq(&self, other: &impl AsUri) -> bool {
        let other = &other.as_uri();
        self.normalized_text(None) == other.normalized_text(None)
    }

    /// The third rung: equal after syntax- and scheme-based normalization
    /// with `rules`.
    ///
    /// ```
    /// use uri_runtime::{SchemeRules, Uri};
    ///
    /// let a = Uri::parse("https://example.com:443")?;
    /// let b = Uri::parse("HTTPS://example.com/")?;
    /// assert!(!a.normalized_eq(&b));
    /// assert!(a.scheme_normalized_eq(&b, &SchemeRules::STANDARD));
    /// # Ok::<(), uri_runtime::ParseError>(())
    /// ```
    pub fn scheme_normalized_eq(&self, other: &impl AsUri, rules: &SchemeRules<'_>) -> bool {
        let other = &other.as_uri();
        self.normalized_text(Some(rules)) == other.normalized_text(Some(rules))
    }

    fn normalized_text(&self, rules: Option<&SchemeRules<'_>>) -> Cow<'a, str> {
        if is_normalized(&self.0, rules) {
            Cow::Borrowed(self.0.text)
        } else {
            Cow::Owned(rewrite(&self.0, rules).into_string())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::format;
    use alloc::vec::Vec;

    /// URIs built from pieces that are normal and pieces that are not, in
    /// every component: case, escapes of every kind, dot segments plain
    /// and escaped, default and empty ports.
    fn assorted_uris() -> Vec<String> {
        let schemes = ["http", "HTTP", "x-y"];
        let authorities = [
            None,
            Some(""),
            Some("a"),
            Some("A"),
            Some("%61"),
            Some("%C3%A9"),
            Some("%c3%a9"),
            Some("u%41@h:80"),
            Some("u%2F@h:"),
            Some("[::1]"),
            Some("[v1.X]"),
            Some("[fe80::1%25En0]"),
            Some("[fe80::1%25en%30]"),
        ];
        let paths = [
            "",
            "/",
            "/a/./b",
            "/%2E/x",
            "/a%2e%2E/x",
            "/a%2fb",
            "/a%2Fb",
            "/%7e",
            "/.//x",
        ];
        let queries = [None, Some(""), Some("a=%7E"), Some("a=%7e"), Some("q=%C3")];
        let fragments = [None, Some(""), Some("%41"), Some("x")];
        let mut uris = Vec::new();
        for scheme in schemes {
            for authority in authorities {
                for path in paths {
                    for query in queries {
                        for fragment in fragments {
                            let mut text = format!("{scheme}:");
                            if let Some(authority) = authority {
                                text = format!("{text}//{authority}");
                            }
                            text.push_str(path);
                            if let Some(query) = query {
                                text = format!("{text}?{query}");
                            }
                            if let Some(fragment) = fragment {
                                text = format!("{text}#{fragment}");
                            }
                            uris.push(text);
                        }
                    }
                }
            }
        }
        uris
    }

    /// The check that lets `normalize` copy a URI whole must say yes
    /// exactly when writing it component by component changes nothing.
    #[test]
    fn copying_a_normal_uri_agrees_with_rewriting_it() {
        let mut normal = 0;
        for text in assorted_uris() {
            let Ok(uri) = Uri::parse(&text) else {
                continue;
            };
            for rules in [None, Some(&SchemeRules::STANDARD)] {
                let rewritten = rewrite(&uri.0, rules);
                let unchanged = rewritten.as_str() == text;
                assert_eq!(is_normalized(&uri.0, rules), unchanged, "{text} {rules:?}");
                let normalized = normalize(&uri.0, rules);
                assert_eq!(normalized.as_str(), rewritten.as_str(), "{text}");
                assert_eq!(normalized.components(), rewritten.components(), "{text}");
                normal += usize::from(unchanged);
            }
        }
        assert!(normal > 100, "only {normal} normal URIs among the pieces");
    }
}
