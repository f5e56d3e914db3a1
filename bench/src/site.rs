//! The site of every corpus URI: our registrable domain beside what a
//! user would glue together, the `url` crate's host string handed to the
//! `psl` crate, in one run.

use uri::site::Rules;

use crate::operation::{Operation, Subject};
use crate::workloads::Inputs;

/// The registrable domain of each corpus line's host; the result counts
/// the lines that have one. The glued peer finds one for IPv4 hosts
/// (`psl` takes `192.168.0.1` for a name under `1`) and misses escaped
/// ones; ours reads the host as a client reaches it.
pub fn operations(inputs: &Inputs) -> Vec<Operation<'_>> {
    let corpus = &inputs.corpus;
    vec![Operation {
        name: "registrable domain corpus".into(),
        items: corpus.len(),
        bytes: inputs.corpus_bytes(),
        ours: Subject::new("uri", move || {
            corpus
                .iter()
                .filter(|s| {
                    uri::UriRef::parse(s)
                        .is_ok_and(|r| r.registrable_domain(Rules::IcannAndPrivate).is_ok())
                })
                .count()
        }),
        peers: vec![Subject::new("url + psl", move || {
            corpus
                .iter()
                .filter(|s| {
                    url::Url::parse(s).is_ok_and(|u| {
                        u.host_str()
                            .is_some_and(|host| psl::domain(host.as_bytes()).is_some())
                    })
                })
                .count()
        })],
        target: None,
    }]
}
