//! The opt-in refusal of dot segments that values brought into an RFC
//! 6570 expansion ([`UriTemplate::expand_no_dot_segments`]).
//!
//! RFC 6570 writes a value `..` as it is (`{var}` and `{/var}` leave `.`
//! unencoded, as RFC 3986 allows), so a template such as
//! `/users/{id}/delete` with `id = ".."` expands to `/users/../delete`,
//! which every reader takes to `/delete`; and even an encoded `%2E%2E`
//! is the same segment (RFC 3986 section 2.3). The RFC's expansion is
//! what `expand` gives; this check is for callers whose values are data.

use super::UriTemplate;
use super::error::ExpandError;
use crate::value::buf::UriRefBuf;
use crate::write::dot_segment::reads_as_dot_segment;

/// How many segments of `path` read as `.` or `..`, escapes of `.`
/// (`%2E`, `%2e`) included.
pub(super) fn dot_segments(path: &str) -> impl Iterator<Item = usize> + '_ {
    let mut at = 0;
    path.split('/').filter_map(move |segment| {
        let start = at;
        at += segment.len() + 1;
        reads_as_dot_segment(segment).then_some(start)
    })
}

/// `expansion` unless its path has more dot segments than the template's
/// own text (each expression counted as a plain segment character): the
/// first one beyond them is where a value made a step.
pub(super) fn refuse_value_dots(
    template: &UriTemplate<'_>,
    expansion: UriRefBuf,
) -> Result<UriRefBuf, ExpandError> {
    let literal = literal_skeleton(template.as_str());
    let path_end = literal.find(['?', '#']).unwrap_or(literal.len());
    let allowed = dot_segments(literal.get(..path_end).unwrap_or("")).count();
    let path = expansion.components().path();
    let found = dot_segments(expansion.path()).nth(allowed);
    match found {
        Some(offset) => Err(ExpandError::DotSegment {
            index: path.start + offset,
            expansion: expansion.into_string(),
        }),
        None => Ok(expansion),
    }
}

/// The template with every expression replaced by `x`, so that only its
/// literal text can form segments.
fn literal_skeleton(text: &str) -> alloc::string::String {
    let mut out = alloc::string::String::with_capacity(text.len());
    let mut inside = false;
    for c in text.chars() {
        match (c, inside) {
            ('{', _) => inside = true,
            ('}', true) => {
                inside = false;
                out.push('x');
            }
            (_, true) => {}
            (c, false) => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::dot_segments;
    use alloc::vec::Vec;

    #[test]
    fn dot_segments_are_found_with_and_without_escapes() {
        let found: Vec<usize> = dot_segments("/a/../%2E/%2e%2E/.x/x.").collect();
        assert_eq!(found, [3, 6, 10]);
    }
}
