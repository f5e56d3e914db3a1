//! The check kernels (escapes in normal form with a capital-free prefix,
//! dot segments, the end of a name) give their portable twins' answers on
//! any bytes.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    uri_runtime::__differential::check_every_check(bytes);
});
