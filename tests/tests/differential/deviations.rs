//! Where we differ from both peers on purpose, each with its reason.
//! Anything not matched here is a failure of the differential test.
//!
//! The list is empty: with default options we accept exactly RFC 3986,
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
