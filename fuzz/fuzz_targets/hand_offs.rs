//! Every hand-off to or from `url::Url` and `http::Uri` that succeeds
//! reads the same scheme, host, port number, path and query, checked by
//! the same oracle as the `hand_offs` test.
#![no_main]

// The oracle names the runtime `uri`, as the test crate does.
extern crate uri_runtime as uri;

use libfuzzer_sys::fuzz_target;

#[path = "../../tests/tests/hand_offs/oracle.rs"]
mod oracle;

fuzz_target!(|text: &str| {
    oracle::check_every_hand_off(text, &mut oracle::Tally::default());
});
