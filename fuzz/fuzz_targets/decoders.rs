//! Every percent-decoding loop (AVX-512, AVX2, SSSE3, portable) gives the
//! portable loop's bytes, or its error index, on any input, plain and
//! form-style; and says "every escape was ASCII" only when it was.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &[u8]| {
    uri_runtime::__differential::check_every_decoder(text);
});
