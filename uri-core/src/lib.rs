//! The single source of truth for RFC 3986 in this workspace: the byte
//! classification table, the one `const fn` parser, and the
//! percent-encoding primitives. No dependencies, no allocation, no `unsafe`.
//!
//! ```
//! use uri_core::{parse_uri, parse_uri_reference, HostKind, ParseErrorKind};
//!
//! let s = "http://[2001:db8::1]:8080/a?b#c";
//! let parts = parse_uri(s)?;
//! assert_eq!(&s[parts.host().unwrap()], "[2001:db8::1]");
//! assert_eq!(parts.host_kind(), Some(HostKind::Ipv6));
//!
//! // Errors carry the offset of the first offending byte and draw it:
//! let bad = "http://example.com/a%zz";
//! let err = parse_uri_reference(bad).unwrap_err();
//! assert_eq!(err.index(), 20);
//! assert_eq!(err.render(bad).to_string(), "http://example.com/a%zz\n                    ^^^");
//! # Ok::<(), uri_core::ParseError>(())
//! ```
//!
//! Most users want the `uri-runtime` crate, which wraps this one in typed,
//! borrowed `Uri` and `UriRef` values and adds the `uri!` macro.
//!
//! # What is hidden, and why
//!
//! A few items are public only for the workspace's other crates, hidden
//! from these docs, and pinned by the exact version those crates require
//! (`=0.1.0`); no other crate should use them. A test
//! (`tests/tests/public_api.rs`) fails when a hidden item is missing here.
//!
//! - **The grammar stamp.** `uri-runtime` parses with vector scans, which
//!   need `unsafe` and CPU features this crate forbids; so that they run
//!   the one grammar, not a copy, `__grammar!` stamps this crate's grammar
//!   out over the caller's scans (and the context they keep during one
//!   parse, such as a block of the text classified into masks), with
//!   `__component!` and `__attempt!` inside it. Its expansion names what
//!   `__private` re-exports and the grammar's pieces: `AuthorityBounds`,
//!   `AuthorityMarks`, `from_bounds`, `scheme_name`, `port_digits` and
//!   `digits_end` (a port's end, eight bytes at a time),
//!   `other_ip_literal` (an IP literal that is not an IPv6 address alone),
//!   `ipv4_octets`, `is_ipv4` and `is_ipv6` (whether a host is an IP
//!   address, without the error `parse_ipv4` or `parse_ipv6` would find;
//!   the vector parsers' own readings must agree), `char_at`, `find_any`,
//!   `contains`, `at` (an error at a byte), `__wide` and `Wide`. A
//!   macro's expansion in another crate can name only public items.
//! - **Boundaries from positions.** The runtime's writer records where it
//!   writes each component (`Marks`, `from_marks`, `to_marks`), its
//!   operations move boundaries with the text (`with_tail`,
//!   `with_path_end_and_tail_of`, `with_scheme_len`), and `uri!` stores a
//!   literal's boundaries in a constant (`to_raw`, `from_raw`, `RAW_LEN`).
//!   Public, these would let a caller pair a text with boundaries that
//!   are not its own; every public way to a `Components` parses.
//! - **Errors at a position of another text.** The runtime and the macros
//!   report an error found in text they wrote or mapped at the caller's
//!   byte (`new`), quote its culprit from the caller's text
//!   (`culprit_in`) and describe it in the macros' words (`describe`,
//!   `Description`). Public, `new` would let any code forge a parse error.
//! - **Addresses already checked.** The runtime reads the value of every
//!   IP host it classifies (the host accessor, the policy check), and the
//!   parse that found the host's kind has checked it already:
//!   `ipv4_of_accepted` and `ipv6_of_accepted` read only the value,
//!   without the checks of `parse_ipv4` and `parse_ipv6`. They answer some
//!   value for text that is not an address, which a public caller could
//!   take for a reading.
#![no_std]
#![forbid(unsafe_code)]

#[macro_use]
mod grammar;

/// `?` for `const fn` (see [`__attempt`]), by its short name.
macro_rules! attempt {
    ($e:expr) => {
        $crate::__attempt!($e)
    };
}

mod components;
pub mod error;
mod ip;
pub mod located;
pub mod parse;
pub mod pct;
pub mod render;
pub mod scheme;
pub mod table;
pub mod template;

pub use error::{Component, Description, ParseError, ParseErrorKind};
pub use parse::{
    Components, HostKind, ParseOptions, parse_iri, parse_iri_reference, parse_uri,
    parse_uri_reference, parse_uri_reference_with, parse_uri_with,
};

/// What [`__grammar`]'s expansions name, outside this crate too; not
/// part of the API.
#[doc(hidden)]
pub mod __private {
    pub use crate::components::{AuthorityBounds, AuthorityMarks};
    pub use crate::error::{Component, ParseError, ParseErrorKind};
    pub use crate::ip::{ipv4_octets, is_ipv4, is_ipv6};
    pub use crate::parse::{
        Components, HostKind, ParseOptions, Wide, char_at, contains, digits_end, find_any,
        other_ip_literal, port_digits, scheme_name,
    };
    pub use crate::pct::decode_triplet;
    pub use crate::table::{
        ALPHA, Class, PATH, QUERY_FRAGMENT, REG_NAME, SCHEME, USERINFO, is_bidi_formatting,
        is_iprivate, is_ucschar,
    };
}

#[cfg(test)]
mod testing {
    /// One xorshift step: reproducible pseudo-random numbers for the
    /// tests that compare a fast path with a plain one.
    pub(crate) fn xorshift(seed: &mut u64) -> u64 {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        *seed
    }
}
