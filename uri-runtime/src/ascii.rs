//! The crate's only `unsafe` code: appending bytes the caller has already
//! proven to be ASCII to a `String` without checking them a second time.
//!
//! Percent-encoding writes three ASCII bytes per escaped byte; pushing them
//! one `char` at a time, or re-validating each chunk, costs more than the
//! encoding itself. Each function has a safe twin; building with
//! `RUSTFLAGS="--cfg uri_safe"` uses the twins everywhere, and the tests
//! below compare the two on random input.
#![allow(unsafe_code)]

use alloc::string::String;

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
mod safe {
    use alloc::string::String;

    #[cfg_attr(not(uri_safe), allow(dead_code, reason = "compared in tests"))]
    pub(super) fn push_ascii(out: &mut String, bytes: &[u8]) {
        out.extend(bytes.iter().map(|&b| char::from(b)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    #[test]
    fn unchecked_push_matches_the_safe_one_on_random_ascii() {
        let mut seed = 0x3986_u64;
        for _ in 0..1000 {
            let seed = crate::scan::tests::xorshift(&mut seed);
            let len = (seed % 64) as usize;
            let bytes: Vec<u8> = (0..len)
                .map(|k| ((seed >> (k % 57)) & 0x7F) as u8)
                .collect();
            let (mut fast, mut slow) = (String::from("é"), String::from("é"));
            push_ascii(&mut fast, &bytes);
            safe::push_ascii(&mut slow, &bytes);
            assert_eq!(fast, slow);
        }
    }
}
