//! A reference from `make_relative` resolves back to the target, byte for
//! byte (the input is base and target split at the first newline).
#![no_main]

use libfuzzer_sys::fuzz_target;
use uri_runtime::Uri;

fuzz_target!(|text: &str| {
    let (base, target) = text.split_once('\n').unwrap_or((text, text));
    let (Ok(base), Ok(target)) = (Uri::parse(base), Uri::parse(target)) else {
        return;
    };
    if let Some(reference) = base.make_relative(&target) {
        assert_eq!(
            uri_core::parse_uri_reference(reference.as_str()),
            Ok(reference.components())
        );
        assert_eq!(reference.resolve_against(&base), target);
    }
});
