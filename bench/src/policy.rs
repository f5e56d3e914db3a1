//! A boundary policy's cost: the corpus parsed and checked against the
//! public-web preset, beside the same parse alone, in one run.

use crate::operation::{Operation, Subject, Target};
use crate::workloads::Inputs;

/// Parse + `Policy::public_web().check`, against parse alone; the result
/// counts the URIs that parse (and, for ours, also pass).
pub fn operations(inputs: &Inputs) -> Vec<Operation<'_>> {
    let corpus = &inputs.corpus;
    let policy = uri::policy::Policy::public_web();
    vec![Operation {
        name: "parse + policy check corpus".into(),
        items: corpus.len(),
        bytes: inputs.corpus_bytes(),
        ours: Subject::new("uri", move || {
            corpus
                .iter()
                .filter(|s| uri::Uri::parse(s).is_ok_and(|u| policy.check(&u).is_ok()))
                .count()
        }),
        peers: vec![Subject::new("uri, parse alone", move || {
            corpus.iter().filter(|s| uri::Uri::parse(s).is_ok()).count()
        })],
        target: Some(Target::peer(1.5, "uri, parse alone")),
    }]
}
