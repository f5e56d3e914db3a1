//! Text read as a browser reads it: our lenient parse (the WHATWG reading
//! written as a strict RFC 3986 value) beside the WHATWG parsers, and
//! beside our strict parse for text that is already strict.

use crate::operation::{Operation, Subject, Target};
use crate::workloads::Inputs;

/// The corpus's absolute URIs read leniently into the strict value and
/// normalized with the standard scheme rules, owned (what a crawler keys
/// its URIs by); the peers parse them by the WHATWG rules and write their
/// `href`. Then the whole corpus read leniently alone, beside our strict
/// parse. Each result sums lengths.
pub fn operations(inputs: &Inputs) -> Vec<Operation<'_>> {
    let (corpus, absolute) = (&inputs.corpus, &inputs.absolute);
    let total = move |read: fn(&str) -> Option<usize>| move || summed(corpus, read);
    let total_absolute = move |read: fn(&str) -> Option<usize>| move || summed(absolute, read);
    let lenient = |s: &str| Some(uri::UriBuf::parse_lenient(s).ok()?.value.as_str().len());
    let browser_key = |s: &str| {
        let read = uri::UriBuf::parse_lenient(s).ok()?.value;
        Some(
            read.normalize_with(&uri::SchemeRules::STANDARD)
                .as_str()
                .len(),
        )
    };
    vec![
        Operation {
            name: "lenient (browser reading) corpus".into(),
            items: absolute.len(),
            bytes: absolute.iter().map(String::len).sum(),
            ours: Subject::new("uri", total_absolute(browser_key)),
            peers: vec![
                Subject::new(
                    "url",
                    total_absolute(|s| Some(url::Url::parse(s).ok()?.as_str().len())),
                ),
                #[cfg(feature = "ada")]
                Subject::new(
                    "ada",
                    total_absolute(|s| Some(ada_url::Url::parse(s, None).ok()?.href().len())),
                ),
            ],
            target: if cfg!(feature = "ada") {
                Some(Target::peer(0.5, "ada"))
            } else {
                None
            },
        },
        Operation {
            name: "lenient vs strict parse corpus".into(),
            items: corpus.len(),
            bytes: inputs.corpus_bytes(),
            ours: Subject::new("uri, lenient", total(lenient)),
            peers: vec![Subject::new(
                "uri, strict parse",
                total(|s| Some(uri::Uri::parse(s).ok()?.as_str().len())),
            )],
            target: None,
        },
    ]
}

/// The sum of `read` over the `lines` it reads.
fn summed(lines: &[String], read: fn(&str) -> Option<usize>) -> usize {
    lines.iter().filter_map(|line| read(line)).sum()
}
