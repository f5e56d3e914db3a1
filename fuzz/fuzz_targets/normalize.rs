//! Normalization is idempotent, keeps equivalence, and its output
//! re-parses to the components it recorded.
#![no_main]

use libfuzzer_sys::fuzz_target;
use uri_runtime::{SchemeRules, Uri};

fuzz_target!(|text: &str| {
    let Ok(uri) = Uri::parse(text) else { return };
    let normal = uri.normalize();
    assert_eq!(
        uri_core::parse_uri_reference(normal.as_str()),
        Ok(normal.components())
    );
    assert_eq!(normal.normalize(), normal);
    assert!(normal.as_uri().is_normalized());
    assert!(uri.normalized_eq(&normal.as_uri()));
    let by_scheme = uri.normalize_with(&SchemeRules::STANDARD);
    assert_eq!(by_scheme.normalize_with(&SchemeRules::STANDARD), by_scheme);
});
