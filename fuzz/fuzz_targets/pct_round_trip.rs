//! Encoding with every set then decoding gives the text back; decoding any
//! text either succeeds or fails at an escape inside the input.
#![no_main]

use libfuzzer_sys::fuzz_target;
use uri_runtime::pct;

fuzz_target!(|text: &str| {
    for (_, set) in pct::NAMED {
        let encoded = pct::encode(text, set);
        assert_eq!(pct::decode_utf8(&encoded).as_deref(), Ok(text));
        let kept = pct::encode_keep_escapes(text, set);
        assert_eq!(pct::encode_keep_escapes(&kept, set), kept);
    }
    assert_eq!(
        pct::decode_form_utf8(&pct::encode_form(text)).as_deref(),
        Ok(text)
    );
    if let Err(err) = pct::decode(text) {
        assert!(err.index() < text.len());
    }
});
