//! Template values land in their holes: the result re-parses to the
//! components the expansion recorded, and each hole decodes back to the
//! value; a template is refused exactly when a value makes a path segment
//! `.` or `..`, and the refusal names the hole and points at it.
#![no_main]

use libfuzzer_sys::fuzz_target;
use uri_runtime::{pct, uri, uri_ref};

fn reparses(text: &str, parts: uri_core::Components) {
    assert_eq!(uri_core::parse_uri_reference(text), Ok(parts), "{text}");
}

fn is_dot(segment: &str) -> bool {
    matches!(segment, "." | "..")
}

/// The refusal names `{v}` (or `{*v}`) where the template has it.
fn names_the_hole(err: &uri_runtime::holes::HoleError) {
    assert_eq!(err.hole(), "v");
    let written = err.template().get(err.index()..err.index() + err.len());
    assert!(matches!(written, Some("{v}" | "{*v}")), "{written:?}");
}

fuzz_target!(|v: &str| {
    let path_has_dot = v.split('/').any(is_dot);
    let u = match uri!("https://h/a/{v}/z?k={v}&{*v}#{v}") {
        Ok(u) => u,
        Err(err) => {
            assert!(is_dot(v));
            names_the_hole(&err);
            return;
        }
    };
    assert!(!is_dot(v));
    reparses(u.as_str(), u.components());
    let segments: Vec<&str> = u.path_segments().collect();
    assert_eq!(segments.len(), 3);
    assert_eq!(pct::decode_utf8(segments[1]).as_deref(), Ok(v));
    assert_eq!(
        pct::decode_utf8(u.fragment().unwrap_or("")).as_deref(),
        Ok(v)
    );
    let r = uri_ref!("{v}/{*v}");
    assert_eq!(r.is_err(), path_has_dot, "{v:?}");
    if let Err(err) = &r {
        names_the_hole(err);
    }
    if let Ok(r) = r {
        reparses(r.as_str(), r.components());
        assert_eq!(r.scheme(), None);
        assert_eq!(r.authority(), None);
    }
    let s = uri!("s:{*v}");
    assert_eq!(s.is_err(), path_has_dot, "{v:?}");
    if let Ok(s) = s {
        reparses(s.as_str(), s.components());
        assert_eq!(s.authority(), None);
    }
});
