//! Resolving a reference against a base (the input split at its first
//! newline) gives a URI that re-parses to the components recorded while
//! writing it, strict and non-strict; `Uri::join`, which reads a path
//! reference with the table's classes (its fast path) and gives anything
//! else to the parser, gives the same target, boundaries and errors.
#![no_main]

use libfuzzer_sys::fuzz_target;
use uri_runtime::{resolve::ResolveOptions, Uri, UriRef};

fuzz_target!(|text: &str| {
    let (base, reference) = text.split_once('\n').unwrap_or((text, ""));
    let Ok(base) = Uri::parse(base) else {
        return;
    };
    let parsed = UriRef::parse(reference);
    let joined = base.join(reference);
    let resolved = parsed.map(|r| r.resolve_against(&base));
    assert_eq!(joined, resolved);
    if let (Ok(joined), Ok(resolved)) = (&joined, &resolved) {
        assert_eq!(joined.components(), resolved.components());
    }
    let Ok(reference) = parsed else {
        return;
    };
    for options in [ResolveOptions::STRICT, ResolveOptions::NON_STRICT] {
        let target = reference.resolve_against_with(&base, options);
        assert_eq!(
            uri_core::parse_uri_reference(target.as_str()),
            Ok(target.components())
        );
    }
});
