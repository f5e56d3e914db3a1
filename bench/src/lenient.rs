//! Text read as a browser reads it: our lenient parse (the WHATWG reading
//! written as a strict RFC 3986 value) beside the WHATWG parsers, and
//! beside our strict parse for text that is already strict.

use crate::operation::{Operation, Subject, Target};
use crate::workloads::Inputs;

/// The corpus's absolute URIs read leniently into the strict value and
/// normalized with the standard scheme rules, owned, in one call
/// (`UriBuf::parse_href`, what a crawler keys its URIs by); the peers
/// parse them by the WHATWG rules and write their `href`. Then the two
/// calls it stands for and the floor under the whole (a strict parse and
/// the two owned copies the two calls make, with no check),
/// each beside ada's whole pass (so that their ratios are their shares
/// of it), and the whole corpus read leniently alone, beside our strict
/// parse. Each result sums lengths.
pub fn operations<'a>(inputs: &'a Inputs) -> Vec<Operation<'a>> {
    let (corpus, absolute) = (&inputs.corpus, &inputs.absolute);
    let total = move |read: fn(&str) -> Option<usize>| move || summed(corpus, read);
    let total_absolute = move |read: fn(&str) -> Option<usize>| move || summed(absolute, read);
    let lenient = |s: &str| Some(uri::UriBuf::parse_lenient(s).ok()?.value.as_str().len());
    let href = |s: &str| Some(uri::UriBuf::parse_href(s).ok()?.value.as_str().len());
    let on_absolute = |name: &str, ours: Subject<'a>, peers| Operation {
        name: format!("{name} corpus"),
        items: absolute.len(),
        bytes: absolute.iter().map(String::len).sum(),
        ours,
        peers,
        target: None,
    };
    // ada is C++: its subject is there when the feature built it.
    let ada = || -> Vec<Subject<'a>> {
        vec![
            #[cfg(feature = "ada")]
            Subject::new(
                "ada",
                total_absolute(|s| Some(ada_url::Url::parse(s, None).ok()?.href().len())),
            ),
        ]
    };
    let whatwg = || {
        let url = Subject::new(
            "url",
            total_absolute(|s| Some(url::Url::parse(s).ok()?.as_str().len())),
        );
        std::iter::once(url).chain(ada()).collect()
    };
    let mut operations = vec![Operation {
        target: cfg!(feature = "ada").then(|| Target::peer(0.6, "ada")),
        ..on_absolute(
            "lenient (browser reading)",
            Subject::new("uri, parse_href", total_absolute(href)),
            whatwg(),
        )
    }];
    if cfg!(feature = "ada") {
        // The readings, made once, for the second half alone.
        let read: Vec<uri::UriBuf> = absolute
            .iter()
            .filter_map(|line| Some(uri::UriBuf::parse_lenient(line).ok()?.value))
            .collect();
        operations.push(on_absolute(
            "lenient alone",
            Subject::new("uri, parse_lenient", total_absolute(lenient)),
            ada(),
        ));
        // What the row costs with no check at all: the parse, the
        // reading's owned value and the normalized one's, each a copy.
        operations.push(on_absolute(
            "the lenient row's floor: strict parse, two owned copies",
            Subject::new(
                "uri, UriBuf::parse and a clone",
                total_absolute(|s| Some(uri::UriBuf::parse(s).ok()?.clone().as_str().len())),
            ),
            ada(),
        ));
        operations.push(on_absolute(
            "normalize a lenient reading",
            Subject::new("uri, normalize_with", move || {
                read.iter().map(normalized).sum()
            }),
            ada(),
        ));
    }
    operations.push(Operation {
        name: "lenient vs strict parse corpus".into(),
        items: corpus.len(),
        bytes: inputs.corpus_bytes(),
        ours: Subject::new("uri, lenient", total(lenient)),
        peers: vec![Subject::new(
            "uri, strict parse",
            total(|s| Some(uri::Uri::parse(s).ok()?.as_str().len())),
        )],
        target: None,
    });
    operations
}

/// The length of `read` normalized with the standard scheme rules.
fn normalized(read: &uri::UriBuf) -> usize {
    read.normalize_with(&uri::SchemeRules::STANDARD)
        .as_str()
        .len()
}

/// The sum of `read` over the `lines` it reads.
fn summed(lines: &[String], read: fn(&str) -> Option<usize>) -> usize {
    lines.iter().filter_map(|line| read(line)).sum()
}
