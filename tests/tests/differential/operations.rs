//! Resolution and normalization against the same two peers: wherever
//! fluent-uri and iri-string write the same string for a generated case,
//! ours must write it too, or one of the deliberate differences below
//! must account for it.

use super::deviations::Deviation;
use super::generator::Generator;

/// One operation under test: its cases, the peers' answer (`None` when
/// either peer refuses the case or the two differ) and ours.
pub struct Operation {
    pub name: &'static str,
    pub case: fn(&mut Generator) -> Case,
    pub peers: fn(&Case) -> Option<String>,
    pub ours: fn(&Case) -> Option<String>,
    pub deviations: &'static [Deviation],
}

/// The inputs of one case: a base and a reference for resolution, a URI
/// (in `base`) for normalization.
#[derive(Debug)]
pub struct Case {
    pub base: String,
    pub reference: String,
}

/// What one run found.
#[derive(Debug, Default)]
pub struct Tally {
    pub generated: u64,
    pub compared: u64,
    pub deviations: Vec<(&'static str, u64)>,
    pub failures: Vec<String>,
}

pub fn run(operation: &Operation, seed: u64, count: u64) -> Tally {
    let mut generator = Generator::new(seed);
    let mut tally = Tally {
        deviations: operation.deviations.iter().map(|d| (d.name, 0)).collect(),
        ..Tally::default()
    };
    for _ in 0..count {
        tally.generated += 1;
        let case = (operation.case)(&mut generator);
        let Some(expected) = (operation.peers)(&case) else {
            continue;
        };
        tally.compared += 1;
        let ours = (operation.ours)(&case);
        if ours.as_deref() == Some(expected.as_str()) {
            continue;
        }
        let text = format!("{}\n{}", case.base, case.reference);
        match operation.deviations.iter().position(|d| (d.applies)(&text)) {
            Some(i) => tally.deviations[i].1 += 1,
            None if tally.failures.len() < 20 => tally.failures.push(format!(
                "{case:?}\n    peers: {expected:?}\n    ours:  {ours:?}"
            )),
            None => {}
        }
    }
    tally
}

/// A base: a generated string that all three read as an absolute URI
/// with no fragment, which is what resolution takes.
fn base(generator: &mut Generator) -> String {
    loop {
        let text = generator.next_uri_like();
        let text = text.split('#').next().unwrap_or_default().to_owned();
        if uri::Uri::parse(&text).is_ok()
            && fluent_uri::Uri::parse(text.as_str()).is_ok()
            && iri_string::types::UriAbsoluteStr::new(&text).is_ok()
        {
            return text;
        }
    }
}

/// A reference every parser accepts.
fn reference(generator: &mut Generator) -> String {
    loop {
        let text = generator.next_uri_like();
        if uri::UriRef::parse(&text).is_ok() && fluent_uri::UriRef::parse(text.as_str()).is_ok() {
            return text;
        }
    }
}

pub const RESOLUTION: Operation = Operation {
    name: "resolution",
    case: |generator| Case {
        base: base(generator),
        reference: reference(generator),
    },
    peers: |case| {
        let base = fluent_uri::Uri::parse(case.base.as_str()).ok()?;
        let fluent = fluent_uri::UriRef::parse(case.reference.as_str())
            .ok()?
            .resolve_against(&base)
            .ok()?;
        let base = iri_string::types::UriAbsoluteStr::new(&case.base).ok()?;
        let reference = iri_string::types::UriReferenceStr::new(&case.reference).ok()?;
        let resolved = reference.resolve_against(base);
        // iri-string writes a target RFC 3986 cannot express (a path that
        // would read as an authority) its own way; such cases are not
        // compared.
        resolved.ensure_rfc3986_normalizable().ok()?;
        let iri_string = resolved.to_string();
        (fluent.as_str() == iri_string).then_some(iri_string)
    },
    ours: |case| {
        let base = uri::Uri::parse(&case.base).ok()?;
        let reference = uri::UriRef::parse(&case.reference).ok()?;
        Some(reference.resolve_against(&base).as_str().to_owned())
    },
    deviations: RESOLUTION_DEVIATIONS,
};

pub const NORMALIZATION: Operation = Operation {
    name: "normalization",
    case: |generator| Case {
        base: base(generator),
        reference: String::new(),
    },
    peers: |case| {
        let fluent = fluent_uri::Uri::parse(case.base.as_str()).ok()?.normalize();
        let normalized = iri_string::types::UriStr::new(&case.base).ok()?.normalize();
        normalized.ensure_rfc3986_normalizable().ok()?;
        let iri_string = normalized.to_string();
        (fluent.as_str() == iri_string).then_some(iri_string)
    },
    ours: |case| {
        Some(
            uri::Uri::parse(&case.base)
                .ok()?
                .normalize()
                .as_str()
                .to_owned(),
        )
    },
    deviations: NORMALIZATION_DEVIATIONS,
};

/// Resolution's deliberate differences.
pub const RESOLUTION_DEVIATIONS: &[Deviation] = &[Deviation {
    name: "escaped dot segments kept",
    reason: "RFC 3986 section 5.2.4 removes the segments `.` and `..` only; `%2E` and `%2E%2E` \
             are equivalent to them for normalization (section 6.2.2.2), not for resolution, \
             and templates write a value `..` as `%2E%2E` so that resolving cannot climb over \
             it; both peers remove them",
    applies: |text| text.split('\n').any(has_escaped_dot_segment),
}];

/// Whether the path of `text` has a segment that is `.` or `..` once its
/// `%2E` escapes are decoded, written with at least one of them.
fn has_escaped_dot_segment(text: &str) -> bool {
    let Ok(reference) = uri::UriRef::parse(text) else {
        return false;
    };
    reference.path().split('/').any(|segment| {
        let decoded = segment.to_ascii_lowercase().replace("%2e", ".");
        decoded != segment && (decoded == "." || decoded == "..")
    })
}

/// Normalization's deliberate differences.
pub const NORMALIZATION_DEVIATIONS: &[Deviation] = &[Deviation {
    name: "empty port kept",
    reason: "removing an empty port is scheme-based normalization (RFC 3986 section 6.2.3), \
             which `normalize_with` applies by option; `normalize` is section 6.2.2 alone",
    applies: |text| {
        let uri = text.split('\n').next().unwrap_or_default();
        uri::Uri::parse(uri).is_ok_and(|u| u.port() == Some(""))
    },
}];
