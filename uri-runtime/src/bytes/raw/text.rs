//! Strings from bytes already checked: the unchecked conversions that
//! every encoder and decoder ends in, with their safe twin.

use alloc::string::{FromUtf8Error, String};
use alloc::vec::Vec;

use crate::bytes::unescape::Replacements;

/// `bytes`, decoded from a `str` with the escapes replaced by
/// `replacements`, as a `String` if they are UTF-8, else the standard
/// library's error (which tells where the bad sequence starts).
pub(crate) fn string_from_decoded(
    bytes: Vec<u8>,
    #[cfg_attr(
        uri_safe,
        allow(unused_variables, reason = "the safe build checks every output")
    )]
    replacements: Replacements,
) -> Result<String, FromUtf8Error> {
    #[cfg(not(uri_safe))]
    if replacements == Replacements::Ascii {
        debug_assert!(core::str::from_utf8(&bytes).is_ok());
        // SAFETY: the bytes are a `str`'s own, whole characters (every mark
        // is ASCII, so no escape falls inside one), with escapes replaced
        // by ASCII bytes, which are characters of their own. That the
        // decoders report `Ascii` only then is tested against the bytes
        // they write, through every loop, on random text.
        return Ok(unsafe { String::from_utf8_unchecked(bytes) });
    }
    #[cfg(not(uri_safe))]
    if crate::bytes::utf8::is_utf8(&bytes) {
        // SAFETY: `is_utf8` accepts exactly the UTF-8 byte strings: its
        // tests compare it with the standard library's check on every pair
        // of bytes, every sequence of four bytes drawn from where the rules
        // change, and random text.
        return Ok(unsafe { String::from_utf8_unchecked(bytes) });
    }
    String::from_utf8(bytes)
}

/// Appends `bytes`, which must all be ASCII, to `out`.
#[inline]
pub(crate) fn push_ascii(out: &mut String, bytes: &[u8]) {
    debug_assert!(bytes.is_ascii());
    #[cfg(not(uri_safe))]
    // SAFETY: every caller passes bytes below 0x80 (escapes built from
    // `%` and `UPPER_HEX`, or bytes an `EncodeSet` keeps, which are ASCII
    // by construction), and ASCII is UTF-8 on its own, so `out` stays
    // UTF-8 whatever surrounds the new bytes.
    unsafe { out.as_mut_vec() }.extend_from_slice(bytes);
    #[cfg(uri_safe)]
    safe::push_ascii(out, bytes);
}

/// The safe twins, also what `--cfg uri_safe` builds.
pub(super) mod safe {
    use alloc::string::String;

    #[cfg_attr(not(uri_safe), allow(dead_code, reason = "compared in tests"))]
    pub(in crate::bytes::raw) fn push_ascii(out: &mut String, bytes: &[u8]) {
        out.extend(bytes.iter().map(|&b| char::from(b)));
    }
}
