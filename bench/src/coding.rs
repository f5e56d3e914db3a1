//! Percent-encoding and decoding: our crate against the percent-coding
//! peers, on each buffer.

use std::borrow::Cow;

use percent_encoding::{AsciiSet, NON_ALPHANUMERIC};

use crate::operation::{Operation, Subject, Target};
use crate::workloads::{Buffer, Inputs};

/// `percent-encoding`'s spelling of RFC 3986 `unreserved`, the set our
/// subject and `urlencoding` keep. (`form_urlencoded` keeps `*` and not
/// `~`, and writes a space as `+`; both are rare in these buffers.)
const UNRESERVED: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'~');

/// Encode and decode each buffer.
pub fn operations(inputs: &Inputs) -> Vec<Operation<'_>> {
    let encodes = inputs.buffers.iter().map(encode);
    let decodes = inputs.buffers.iter().map(decode);
    encodes.chain(decodes).collect()
}

/// The buffer's text percent-encoded; the result is the output's length.
fn encode(buffer: &Buffer) -> Operation<'_> {
    let text = buffer.plain.as_str();
    Operation {
        name: format!("encode {}", buffer.name),
        items: 1,
        bytes: text.len(),
        ours: Subject::new("uri", move || {
            uri::pct::encode(text, &uri::pct::UNRESERVED).len()
        }),
        peers: vec![
            Subject::new("percent-encoding", move || {
                Cow::from(percent_encoding::utf8_percent_encode(text, UNRESERVED)).len()
            }),
            Subject::new("urlencoding", move || urlencoding::encode(text).len()),
            Subject::new("form_urlencoded", move || {
                form_urlencoded::byte_serialize(text.as_bytes())
                    .collect::<String>()
                    .len()
            }),
        ],
        target: Some(Target::peer(1.0 / 3.0, "percent-encoding")).filter(|_| buffer.has_goal),
    }
}

/// The buffer's encoded form decoded and checked to be UTF-8; the result
/// is the output's length.
fn decode(buffer: &Buffer) -> Operation<'_> {
    let text = buffer.encoded.as_str();
    Operation {
        name: format!("decode {}", buffer.name),
        items: 1,
        bytes: text.len(),
        ours: Subject::new("uri", move || {
            uri::pct::decode_utf8(text).map_or(0, |decoded| decoded.len())
        }),
        peers: vec![
            Subject::new("percent-encoding", move || {
                percent_encoding::percent_decode_str(text)
                    .decode_utf8()
                    .map_or(0, |decoded| decoded.len())
            }),
            Subject::new("urlencoding", move || {
                urlencoding::decode(text).map_or(0, |decoded| decoded.len())
            }),
            // Its decoder reads form pairs; the encoded buffers hold no raw
            // `&` or `=`, so the whole buffer is one decoded name.
            Subject::new("form_urlencoded", move || {
                form_urlencoded::parse(text.as_bytes())
                    .map(|(name, value)| name.len() + value.len())
                    .sum()
            }),
        ],
        target: Some(Target::best_peer(1.0 / 3.0)).filter(|_| buffer.has_goal),
    }
}
