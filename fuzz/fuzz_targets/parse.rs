//! Parsing any string: no panic; a success re-parses to the same
//! components, and its query's decoded pairs borrow from the query or
//! fail at a byte inside it; an error points inside the input, at a
//! character boundary.
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
            let query = r.query().unwrap_or("");
            let inside = |piece: &str| {
                query.as_bytes().as_ptr_range().contains(&piece.as_ptr()) || piece.is_empty()
            };
            for pair in r.query_params().chain(r.form_params()) {
                match pair {
                    Ok((key, value)) => {
                        for side in [key, value] {
                            if let std::borrow::Cow::Borrowed(text) = side {
                                assert!(inside(text), "{text:?} is not the query's own text");
                            }
                        }
                    }
                    Err(err) => assert!(err.index() < query.len()),
                }
            }
        }
        Err(err) => {
            assert!(err.index() <= text.len());
            assert!(text.is_char_boundary(err.index()));
        }
    }
});
