//! The wording shared by the conversions that read their result back
//! (`UrlError::Reread`, `HttpUriError::Reread`).

use core::fmt;

use uri_core::Component;
use uri_core::render::Quoted;

/// "`reader` reads the path "/a/%2E%2E/b" as "/b"", or, where one reading
/// is empty, which side has the component.
pub(crate) fn describe(
    f: &mut fmt::Formatter<'_>,
    reader: &str,
    component: Component,
    ours: &str,
    theirs: &str,
) -> fmt::Result {
    match (ours.is_empty(), theirs.is_empty()) {
        (false, false) => write!(
            f,
            "{reader} reads the {component} {} as {}",
            Quoted(ours),
            Quoted(theirs)
        ),
        (true, _) => write!(
            f,
            "{reader} reads the {component} {} where the URI has none",
            Quoted(theirs)
        ),
        (false, true) => write!(
            f,
            "{reader} reads no {component} where the URI has {}",
            Quoted(ours)
        ),
    }
}
