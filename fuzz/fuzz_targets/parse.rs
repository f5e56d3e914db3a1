//! Parsing any string: no panic; a success re-parses to the same
//! components; an error points inside the input, at a character boundary.
#![no_main]

use libfuzzer_sys::fuzz_target;
use uri_runtime::{Uri, UriRef};

fuzz_target!(|text: &str| {
    match UriRef::parse(text) {
        Ok(r) => {
            assert_eq!(
                uri_core::parse_uri_reference(r.as_str()),
                Ok(r.components())
            );
            assert_eq!(Uri::parse(text).is_ok(), r.scheme().is_some());
        }
        Err(err) => {
            assert!(err.index() <= text.len());
            assert!(text.is_char_boundary(err.index()));
        }
    }
});
