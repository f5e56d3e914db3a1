//! Parse, parse + normalize, and resolve: our crate against the URI peers.

use std::convert::TryFrom;

use iri_string::format::ToDedicatedString;

use crate::operation::{Operation, Subject, Target};
use crate::workloads::{Inputs, RFC_BASE, RFC_REFERENCES};

/// How many times one resolve pass goes through the 42 references, so a
/// pass lasts long enough to time.
const RESOLVE_REPEATS: usize = 50;

/// One reference in, the resolved length out (`None` if refused).
type Resolver = Box<dyn Fn(&str) -> Option<usize>>;

/// Parse, normalize and resolve.
pub fn operations(inputs: &Inputs) -> Vec<Operation<'_>> {
    vec![
        parse(inputs),
        normalize(inputs),
        resolve(),
        join(),
        resolve_floor(),
        resolve_into_buffer(),
    ]
}

/// Each string of the corpus parsed as a URI-reference (or what the peer
/// parses); the result counts the strings accepted.
fn parse(inputs: &Inputs) -> Operation<'_> {
    let corpus = &inputs.corpus;
    let accepted =
        move |parse: fn(&str) -> bool| move || corpus.iter().filter(|s| parse(s)).count();
    Operation {
        name: "parse corpus".into(),
        items: corpus.len(),
        bytes: inputs.corpus_bytes(),
        ours: Subject::new("uri", accepted(|s| uri::UriRef::parse(s).is_ok())),
        peers: vec![
            Subject::new(
                "fluent-uri",
                accepted(|s| fluent_uri::UriRef::parse(s).is_ok()),
            ),
            Subject::new(
                "iri-string",
                accepted(|s| iri_string::types::UriReferenceStr::new(s).is_ok()),
            ),
            Subject::new("oxiri", accepted(|s| oxiri::IriRef::parse(s).is_ok())),
            Subject::new("url", accepted(|s| url::Url::parse(s).is_ok())),
            Subject::new("http", accepted(|s| s.parse::<http::Uri>().is_ok())),
            Subject::new(
                "uriparse",
                accepted(|s| uriparse::URIReference::try_from(s).is_ok()),
            ),
            #[cfg(feature = "ada")]
            Subject::new(
                "ada (parse)",
                accepted(|s| ada_url::Url::parse(s, None).is_ok()),
            ),
            #[cfg(feature = "ada")]
            Subject::new(
                "ada (validate)",
                accepted(|s| ada_url::Url::can_parse(s, None)),
            ),
        ],
        // The goal of the third round of speed work; the first was 0.5.
        target: Some(Target::peer(0.35, "fluent-uri")),
    }
}

/// Each string of the corpus parsed as an absolute URI and written out in
/// normal form (RFC 3986 section 6.2.2, as each crate implements it; `url`
/// normalizes while parsing, by the WHATWG rules). The result sums the
/// normalized lengths.
fn normalize(inputs: &Inputs) -> Operation<'_> {
    let corpus = &inputs.corpus;
    let total = move |normalize: fn(&str) -> Option<usize>| {
        move || corpus.iter().filter_map(|s| normalize(s)).sum()
    };
    Operation {
        name: "parse + normalize corpus".into(),
        items: corpus.len(),
        bytes: inputs.corpus_bytes(),
        ours: Subject::new(
            "uri",
            total(|s| Some(uri::Uri::parse(s).ok()?.normalize().as_str().len())),
        ),
        peers: vec![
            Subject::new(
                "fluent-uri",
                total(|s| Some(fluent_uri::Uri::parse(s).ok()?.normalize().as_str().len())),
            ),
            Subject::new(
                "iri-string",
                total(|s| {
                    let parsed = iri_string::types::UriStr::new(s).ok()?;
                    Some(parsed.normalize().to_dedicated_string().len())
                }),
            ),
            Subject::new(
                "url",
                total(|s| Some(url::Url::parse(s).ok()?.as_str().len())),
            ),
            Subject::new(
                "uriparse",
                total(|s| {
                    // `URI::try_from(&str)` panics on some corpus strings
                    // (uriparse 0.6.4 unwraps an error conversion); going
                    // through `URIReference` does not.
                    let reference = uriparse::URIReference::try_from(s).ok()?;
                    let mut parsed = uriparse::URI::try_from(reference).ok()?;
                    parsed.normalize();
                    Some(parsed.to_string().len())
                }),
            ),
            #[cfg(feature = "ada")]
            Subject::new(
                "ada",
                total(|s| Some(ada_url::Url::parse(s, None).ok()?.href().len())),
            ),
        ],
        // The third round's goal, against the peer that normalizes by
        // RFC 3986 as we do (ada and url normalize by the URL Standard);
        // the first was 0.5 × the fastest peer.
        target: Some(Target::peer(0.40, "fluent-uri")),
    }
}

/// The 42 references of RFC 3986 section 5.4, each parsed and resolved
/// against the section's base (parsed once, outside the pass) into an
/// owned result. The result sums the resolved lengths.
fn resolve() -> Operation<'static> {
    let ours = uri::Uri::parse(RFC_BASE).ok();
    let fluent = fluent_uri::Uri::parse(RFC_BASE).ok();
    let iri_string = iri_string::types::UriAbsoluteStr::new(RFC_BASE).ok();
    let url = url::Url::parse(RFC_BASE).ok();
    let uriparse = uriparse::URI::try_from(RFC_BASE).ok();
    resolution(
        "resolve RFC 3986 5.4",
        Subject::new(
            "uri",
            over_references(Box::new(move |r| {
                let reference = uri::UriRef::parse(r).ok()?;
                Some(reference.resolve_against(ours.as_ref()?).as_str().len())
            })),
        ),
        vec![
            Subject::new(
                "fluent-uri",
                over_references(Box::new(move |r| {
                    let reference = fluent_uri::UriRef::parse(r).ok()?;
                    let resolved = reference.resolve_against(fluent.as_ref()?).ok()?;
                    Some(resolved.as_str().len())
                })),
            ),
            Subject::new(
                "iri-string",
                over_references(Box::new(move |r| {
                    let reference = iri_string::types::UriReferenceStr::new(r).ok()?;
                    let resolved = reference.resolve_against(iri_string?);
                    Some(resolved.to_dedicated_string().len())
                })),
            ),
            oxiri_resolve(),
            Subject::new(
                "url",
                over_references(Box::new(move |r| {
                    Some(url.as_ref()?.join(r).ok()?.as_str().len())
                })),
            ),
            Subject::new(
                "uriparse",
                over_references(Box::new(move |r| {
                    let reference = uriparse::URIReference::try_from(r).ok()?;
                    Some(uriparse.as_ref()?.resolve(&reference).to_string().len())
                })),
            ),
        ],
        Some(Target::peer(0.7, "oxiri")),
    )
}

/// The 42 references joined to the section's base in one call
/// (`Uri::join(&str)`), beside oxiri's, which also takes the text.
fn join() -> Operation<'static> {
    let ours = uri::Uri::parse(RFC_BASE).ok();
    resolution(
        "join RFC 3986 5.4",
        Subject::new(
            "uri",
            over_references(Box::new(move |r| {
                Some(ours.as_ref()?.join(r).ok()?.as_str().len())
            })),
        ),
        vec![oxiri_resolve()],
        Some(Target::peer(0.6, "oxiri")),
    )
}

/// What no resolver that parses the reference and returns an owned
/// string can go below, beside oxiri's resolution: each reference parsed,
/// one string allocated, and the base's directory and the reference
/// copied into it, with no resolution at all. Its ratio is how much of
/// oxiri's time these steps alone take, and so how much of the goal of
/// `resolve RFC 3986 5.4` is left for resolving.
fn resolve_floor() -> Operation<'static> {
    let directory = RFC_BASE
        .split('?')
        .next()
        .and_then(|head| head.rfind('/'))
        .map_or(RFC_BASE, |slash| &RFC_BASE[..=slash]);
    resolution(
        "resolve RFC 3986 5.4: parse, allocate, copy (floor)",
        Subject::new(
            "uri",
            over_references(Box::new(move |r| {
                let reference = uri::UriRef::parse(r).ok()?;
                let mut target = String::with_capacity(RFC_BASE.len() + r.len());
                target.push_str(directory);
                target.push_str(reference.as_str());
                Some(std::hint::black_box(target).len())
            })),
        ),
        vec![oxiri_resolve()],
        None,
    )
}

/// oxiri resolving each reference against the section's base, which it
/// parses once, outside the pass.
fn oxiri_resolve() -> Subject<'static> {
    let base = oxiri::Iri::parse(RFC_BASE).ok();
    Subject::new(
        "oxiri",
        over_references(Box::new(move |r| {
            Some(base.as_ref()?.resolve(r).ok()?.as_str().len())
        })),
    )
}

/// An operation over the 42 references, `RESOLVE_REPEATS` times.
fn resolution(
    name: &str,
    ours: Subject<'static>,
    peers: Vec<Subject<'static>>,
    target: Option<Target>,
) -> Operation<'static> {
    Operation {
        name: name.into(),
        items: RFC_REFERENCES.len() * RESOLVE_REPEATS,
        bytes: RFC_REFERENCES.iter().map(|r| r.len()).sum::<usize>() * RESOLVE_REPEATS,
        ours,
        peers,
        target,
    }
}

/// `resolve` over the 42 references, `RESOLVE_REPEATS` times: the sum of
/// the resolved lengths.
fn over_references(resolve: Resolver) -> impl Fn() -> usize {
    move || {
        (0..RESOLVE_REPEATS)
            .map(|_| {
                RFC_REFERENCES
                    .iter()
                    .filter_map(|r| resolve(r))
                    .sum::<usize>()
            })
            .sum()
    }
}

/// The same references resolved into one buffer the caller keeps, cleared
/// before each target, where a crate offers that: ours (`resolve_into`)
/// and oxiri (`resolve_into`). The result sums the resolved lengths.
fn resolve_into_buffer() -> Operation<'static> {
    let ours = uri::Uri::parse(RFC_BASE).ok();
    let oxiri = oxiri::Iri::parse(RFC_BASE).ok();
    let our_buffer = std::cell::RefCell::new(String::new());
    let oxiri_buffer = std::cell::RefCell::new(String::new());
    resolution(
        "resolve RFC 3986 5.4 into a buffer",
        Subject::new(
            "uri",
            over_references(Box::new(move |r| {
                let reference = uri::UriRef::parse(r).ok()?;
                let mut buffer = our_buffer.borrow_mut();
                let target = reference.resolve_into(
                    ours.as_ref()?,
                    uri::resolve::ResolveOptions::STRICT,
                    &mut buffer,
                );
                Some(target.as_str().len())
            })),
        ),
        vec![Subject::new(
            "oxiri",
            over_references(Box::new(move |r| {
                let mut buffer = oxiri_buffer.borrow_mut();
                buffer.clear();
                oxiri.as_ref()?.resolve_into(r, &mut buffer).ok()?;
                Some(buffer.len())
            })),
        )],
        None,
    )
}
