//! Where we differ from both peers on purpose, each with its reason.
//! Anything not matched here is a failure of the differential test.
//!
//! The URI list is empty: with default options we accept exactly RFC 3986,
//! as both peers do. RFC 6874 zone identifiers are opt-in
//! (`ParseOptions::with_zone_ids`) and rejected by default, as by both
//! peers, so they need no entry; an option that changes the default
//! verdict would need one here.

/// One deliberate difference, recognised by `applies`.
pub struct Deviation {
    pub name: &'static str,
    pub reason: &'static str,
    pub applies: fn(&str) -> bool,
}

pub const DEVIATIONS: &[Deviation] = &[];

/// The IRI grammar's deliberate differences. RFC 3987 section 4.1 says
/// IRIs MUST NOT contain the bidirectional formatting characters, and
/// neither peer checks it.
pub const IRI_DEVIATIONS: &[Deviation] = &[Deviation {
    name: "bidi formatting",
    reason: "RFC 3987 section 4.1 forbids LRM, RLM, LRE, RLE, PDF, LRO and RLO; both peers accept them",
    applies: |text| text.chars().any(uri_core::table::is_bidi_formatting),
}];
