//! Every percent-encoding loop (AVX-512, SSSE3, the dispatcher's choice)
//! writes the table loop's text for any bytes, with several sets, and
//! finds the same kept prefix.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    uri_runtime::__differential::check_every_encoder(bytes);
});
