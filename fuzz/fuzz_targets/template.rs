//! Template values land in their holes: the result re-parses to the
//! components the expansion recorded, and each hole decodes back to the
//! value.
#![no_main]

use libfuzzer_sys::fuzz_target;
use uri_runtime::{pct, uri, uri_ref};

fn reparses(text: &str, parts: uri_core::Components) {
    assert_eq!(uri_core::parse_uri_reference(text), Ok(parts), "{text}");
}

fuzz_target!(|v: &str| {
    let u = uri!("https://h/a/{v}/z?k={v}&{*v}#{v}");
    reparses(u.as_str(), u.components());
    let segments: Vec<&str> = u.path_segments().collect();
    assert_eq!(segments.len(), 3);
    assert_eq!(pct::decode_utf8(segments[1]).as_deref(), Ok(v));
    assert_eq!(
        pct::decode_utf8(u.fragment().unwrap_or("")).as_deref(),
        Ok(v)
    );
    let r = uri_ref!("{v}/{*v}");
    reparses(r.as_str(), r.components());
    assert_eq!(r.scheme(), None);
    assert_eq!(r.authority(), None);
    let s = uri!("s:{*v}");
    reparses(s.as_str(), s.components());
    assert_eq!(s.authority(), None);
});
