//! IRIs from any string: no panic; a success re-parses to the same
//! components; its URI (with and without IDNA) parses as a URI with the
//! same components present; shown again as an IRI it parses as one; an
//! error points inside the input, at a character boundary.
#![no_main]

use libfuzzer_sys::fuzz_target;
use uri_runtime::{IriRef, UriRef};

fuzz_target!(|text: &str| {
    match IriRef::parse(text) {
        Ok(iri) => {
            assert_eq!(
                uri_core::parse_iri_reference(iri.as_str()),
                Ok(iri.components())
            );
            let present = |c: uri_core::Components| {
                (
                    c.scheme().is_some(),
                    c.authority().is_some(),
                    c.query().is_some(),
                    c.fragment().is_some(),
                )
            };
            let uri = iri.to_uri_ref();
            let reparsed = UriRef::parse(uri.as_str()).expect("an IRI's URI is a URI");
            assert_eq!(reparsed.components(), uri.components());
            assert_eq!(present(uri.components()), present(iri.components()));
            if let Ok(idna) = iri.to_uri_ref_idna() {
                let reparsed = UriRef::parse(idna.as_str()).expect("IDNA output is a URI");
                assert_eq!(reparsed.components(), idna.components());
            }
            let shown = reparsed.to_iri_ref();
            let again = IriRef::parse(shown.as_str()).expect("a URI shown as an IRI is one");
            assert_eq!(again.components(), shown.components());
        }
        Err(err) => {
            assert!(err.index() <= text.len());
            assert!(text.is_char_boundary(err.index()));
        }
    }
});
