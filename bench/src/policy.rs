//! A boundary policy's cost: the corpus parsed and checked against the
//! public-web preset, in one call and in two, beside the same parse
//! alone, in one run.

use crate::operation::{Operation, Subject, Target};
use crate::workloads::Inputs;

/// `Policy::public_web().parse` (the parse and the check in one call),
/// against parse alone and against `Uri::parse` then `check`; the result
/// counts the URIs that parse (and, for the checks, also pass).
pub fn operations(inputs: &Inputs) -> Vec<Operation<'_>> {
    let corpus = &inputs.corpus;
    let policy = uri::policy::Policy::public_web();
    let two_calls = policy.clone();
    vec![Operation {
        name: "parse + policy check corpus".into(),
        items: corpus.len(),
        bytes: inputs.corpus_bytes(),
        ours: Subject::new("uri", move || {
            corpus.iter().filter(|s| policy.parse(s).is_ok()).count()
        }),
        peers: vec![
            Subject::new("uri, parse alone", move || {
                corpus.iter().filter(|s| uri::Uri::parse(s).is_ok()).count()
            }),
            Subject::new("uri, parse then check", move || {
                corpus
                    .iter()
                    .filter(|s| uri::Uri::parse(s).is_ok_and(|u| two_calls.check(&u).is_ok()))
                    .count()
            }),
        ],
        target: Some(Target::peer(1.5, "uri, parse alone")),
    }]
}
