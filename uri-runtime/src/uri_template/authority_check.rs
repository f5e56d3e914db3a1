//! The opt-in refusal of values that change the authority a template's
//! own text fixes ([`UriTemplate::expand_fixed_authority`]).
//!
//! RFC 6570 expands values where they stand, so a value next to the host
//! extends it (`http://good.com{.d}` with `d = "evil.com"` is
//! `http://good.com.evil.com`), and a value kept as it is by `{+var}` may
//! bring the delimiters that end one authority and start another
//! (`{+host}` with `evil.com#@good.com`). The RFC's expansion is what
//! `expand` gives; this check is for callers whose values are data.

use core::ops::Range;

use super::UriTemplate;
use super::error::ExpandError;
use crate::value::buf::UriRefBuf;

/// The template's text with each expression as one placeholder byte,
/// and where the placeholders are.
struct Skeleton {
    text: alloc::string::String,
    holes: alloc::vec::Vec<usize>,
}

impl Skeleton {
    fn of(template: &str) -> Skeleton {
        let mut text = alloc::string::String::with_capacity(template.len());
        let mut holes = alloc::vec::Vec::new();
        let mut inside = false;
        for c in template.chars() {
            match (c, inside) {
                ('{', _) => inside = true,
                ('}', true) => {
                    inside = false;
                    holes.push(text.len());
                    text.push('\0');
                }
                (_, true) => {}
                (c, false) => text.push(c),
            }
        }
        Skeleton { text, holes }
    }

    fn has_hole(&self, range: &Range<usize>) -> bool {
        self.holes.iter().any(|at| range.contains(at))
    }

    fn literal(&self, range: Range<usize>) -> &str {
        self.text.get(range).unwrap_or_default()
    }

    /// The first byte of the text that is neither a literal scheme
    /// character nor `:`, found from the start: where a literal scheme
    /// ends (its `:`), `None` when an expression comes first.
    fn scheme_end(&self) -> Option<usize> {
        let bytes = self.text.as_bytes();
        let colon = bytes
            .iter()
            .position(|&b| matches!(b, b':' | b'/' | b'?' | b'#' | b'\0'))?;
        (bytes.get(colon) == Some(&b':') && colon > 0).then_some(colon)
    }
}

/// What the template's text fixes of the authority.
enum Fixed {
    /// Nothing: the template starts with an expression.
    Nothing,
    /// That there is none: the text goes on past where one would start
    /// without `//`.
    NoAuthority,
    /// An authority whose parts are `skeleton[userinfo]`, `[host]`,
    /// `[port]` (each with its expressions).
    Authority {
        userinfo: Option<Range<usize>>,
        host: Range<usize>,
        port: Option<Range<usize>>,
    },
}

fn fixed(skeleton: &Skeleton) -> Fixed {
    let text = skeleton.text.as_bytes();
    let start = skeleton.scheme_end().map_or(0, |colon| colon + 1);
    if skeleton.holes.first() == Some(&0) {
        return Fixed::Nothing;
    }
    if text.get(start..start + 2) != Some(b"//") {
        // `scheme:{+x}`: the text fixes no authority, and a value kept as
        // it is may not start one.
        return Fixed::NoAuthority;
    }
    let authority_start = start + 2;
    let rest = text.get(authority_start..).unwrap_or_default();
    let authority_end = authority_start
        + rest
            .iter()
            .position(|&b| matches!(b, b'/' | b'?' | b'#'))
            .unwrap_or(rest.len());
    let authority = text.get(authority_start..authority_end).unwrap_or_default();
    let (userinfo, host_start) = match authority.iter().rposition(|&b| b == b'@') {
        Some(at) => (
            Some(authority_start..authority_start + at),
            authority_start + at + 1,
        ),
        None => (None, authority_start),
    };
    let after_host = text.get(host_start..authority_end).unwrap_or_default();
    // A port's `:` is the last one outside an IP literal's brackets.
    let bracket_end = after_host.iter().rposition(|&b| b == b']').unwrap_or(0);
    let port_colon = after_host
        .iter()
        .rposition(|&b| b == b':')
        .filter(|&at| at >= bracket_end);
    let (host, port) = match port_colon {
        Some(at) => (
            host_start..host_start + at,
            Some(host_start + at + 1..authority_end),
        ),
        None => (host_start..authority_end, None),
    };
    Fixed::Authority {
        userinfo,
        host,
        port,
    }
}

/// `expansion` unless a value changed what the template's text fixes of
/// its authority: its presence, its userinfo and port where the text
/// writes them whole, and its host, which a value may only extend to
/// the left of a literal suffix that starts at a label
/// (`{tenant}.example.com`); a host with an expression at its end is
/// fixed only while the value is empty.
pub(super) fn refuse_authority_change(
    template: &UriTemplate<'_>,
    expansion: UriRefBuf,
) -> Result<UriRefBuf, ExpandError> {
    let skeleton = Skeleton::of(template.as_str());
    let parts = expansion.components();
    let changed_at = match fixed(&skeleton) {
        Fixed::Nothing => None,
        Fixed::NoAuthority => parts.host().map(|host| host.start),
        Fixed::Authority {
            userinfo,
            host,
            port,
        } => match parts.host() {
            None => Some(parts.path().start),
            Some(found_host) => {
                let found = |range: Option<Range<usize>>| {
                    range.and_then(|range| expansion.as_str().get(range))
                };
                let same_whole = |fixed: &Option<Range<usize>>, found: Option<&str>| match fixed {
                    Some(range) if skeleton.has_hole(range) => found.is_some(),
                    Some(range) => found == Some(skeleton.literal(range.clone())),
                    None => found.is_none(),
                };
                let host_text = found(Some(found_host.clone())).unwrap_or_default();
                if !same_whole(&userinfo, found(parts.userinfo())) {
                    Some(parts.userinfo().map_or(found_host.start, |u| u.start))
                } else if !host_kept(&skeleton, host, host_text) {
                    Some(found_host.start)
                } else if !same_whole(&port, found(parts.port())) {
                    Some(parts.port().map_or(found_host.end, |p| p.start))
                } else {
                    None
                }
            }
        },
    };
    match changed_at {
        Some(index) => Err(ExpandError::Authority {
            index,
            expansion: expansion.into_string(),
        }),
        None => Ok(expansion),
    }
}

/// Whether the expanded host `found` keeps what the template's host
/// `skeleton[host]` fixes.
fn host_kept(skeleton: &Skeleton, host: Range<usize>, found: &str) -> bool {
    let written = skeleton.literal(host.clone());
    let Some(last_hole) = skeleton.holes.iter().rev().find(|at| host.contains(at)) else {
        return found.eq_ignore_ascii_case(written);
    };
    let suffix = skeleton.literal(last_hole + 1..host.end);
    let is_domain = suffix.len() > 1 && suffix.starts_with('.');
    if is_domain {
        let ends = found.len() > suffix.len()
            && found
                .get(found.len() - suffix.len()..)
                .is_some_and(|end| end.eq_ignore_ascii_case(suffix));
        return ends;
    }
    // Nothing after the expression fixes a domain: only empty values keep
    // the host the text writes.
    let without_holes: alloc::string::String = written.chars().filter(|&c| c != '\0').collect();
    found.eq_ignore_ascii_case(&without_holes)
}

#[cfg(test)]
mod tests {
    use super::super::UriTemplate;

    fn expanded(template: &str, vars: &[(&str, &str)]) -> Result<alloc::string::String, usize> {
        let template = UriTemplate::parse(template).unwrap();
        match template.expand_fixed_authority(vars) {
            Ok(uri) => Ok(alloc::string::String::from(uri.as_str())),
            Err(super::ExpandError::Authority { index, .. }) => Err(index),
            Err(other) => panic!("{other}"),
        }
    }

    #[test]
    fn a_value_cannot_move_the_host_the_text_fixes() {
        assert_eq!(
            expanded("http://good.com{.d}", &[("d", "evil.com")]),
            Err(7)
        );
        assert_eq!(
            expanded("http://good.com{.d}/x", &[]).as_deref(),
            Ok("http://good.com/x")
        );
        assert_eq!(
            expanded("http://{+host}@good.com/", &[("host", "evil.com#")]),
            Err(7)
        );
        assert_eq!(
            expanded("https://{+sub}.good.com/", &[("sub", "evil.com#@")]),
            Err(8)
        );
        assert_eq!(
            expanded("https://{+sub}.good.com/", &[("sub", "evil.com/")]),
            Err(8)
        );
        assert_eq!(
            expanded("https://{sub}.good.com/x", &[("sub", "eu.api")]).as_deref(),
            Ok("https://eu.api.good.com/x")
        );
        assert_eq!(
            expanded(
                "https://{+sub}.good.com/",
                &[("sub", "x.good.com@evil.com")]
            ),
            Err(8)
        );
        assert_eq!(
            expanded("https://good.com/{+path}", &[("path", "a/b?c#d")]).as_deref(),
            Ok("https://good.com/a/b?c#d")
        );
        assert_eq!(
            expanded("https://good.com:{port}/", &[("port", "8443")]).as_deref(),
            Ok("https://good.com:8443/")
        );
    }

    #[test]
    fn a_value_cannot_add_an_authority_the_text_has_none_of() {
        assert_eq!(expanded("mailto:{+to}", &[("to", "//evil.com/x")]), Err(9));
        assert_eq!(
            expanded("/users{+rest}", &[("rest", "/x")]).as_deref(),
            Ok("/users/x")
        );
        // An expression first fixes nothing.
        assert_eq!(
            expanded("{+base}/x", &[("base", "https://a.example")]).as_deref(),
            Ok("https://a.example/x")
        );
    }
}
