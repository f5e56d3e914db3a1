//! Text read as a browser reads it: our lenient parse (the WHATWG reading
//! written as a strict RFC 3986 value) beside the WHATWG parsers, and
//! beside our strict parse for text that is already strict.

use crate::operation::{Operation, Subject, Target};
use crate::workloads::Inputs;

/// The corpus read leniently into the strict value; the peers parse it
/// by the WHATWG rules and write their `href`. The result sums lengths.
pub fn operations(inputs: &Inputs) -> Vec<Operation<'_>> {
    let corpus = &inputs.corpus;
    let total = move |read: fn(&str) -> Option<usize>| {
        move || corpus.iter().filter_map(|s| read(s)).sum::<usize>()
    };
    let lenient = |s: &str| Some(uri::UriBuf::parse_lenient(s).ok()?.value.as_str().len());
    vec![
        Operation {
            name: "lenient (browser reading) corpus".into(),
            items: corpus.len(),
            bytes: inputs.corpus_bytes(),
            ours: Subject::new("uri", total(lenient)),
            peers: vec![
                Subject::new(
                    "url",
                    total(|s| Some(url::Url::parse(s).ok()?.as_str().len())),
                ),
                #[cfg(feature = "ada")]
                Subject::new(
                    "ada",
                    total(|s| Some(ada_url::Url::parse(s, None).ok()?.href().len())),
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
