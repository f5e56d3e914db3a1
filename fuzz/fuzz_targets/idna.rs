//! The table-free path of `domain_to_ascii_as_browsers` (ASCII names
//! whose `xn--` labels spell common letters) gives the full mapping's
//! answer wherever it answers: on any text, and on the text with its
//! labels that are not ASCII written as punycode.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    uri_idna::__check_plain_names_against_tables(text);
});
