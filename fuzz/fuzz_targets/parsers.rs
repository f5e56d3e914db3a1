//! The parser stamped out over the vector scan gives the `const` parser's
//! answer on any text: the same verdict, every boundary, the host kind,
//! the error's index and kind; as URI and reference, URI and IRI grammar,
//! with and without zone identifiers.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    uri_runtime::__differential::check_every_parser(text);
});
