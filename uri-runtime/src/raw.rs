//! The crate's only `unsafe` code, each piece with a safe twin:
//!
//! - appending bytes the caller has already proven to be ASCII to a
//!   `String` without checking them a second time (percent-encoding writes
//!   three ASCII bytes per escaped byte; re-validating them costs more than
//!   the encoding itself);
//! - on x86-64 CPUs with SSSE3 (detected at run time, so only with `std`),
//!   asking which of sixteen bytes an `EncodeSet` keeps with two byte
//!   shuffles instead of sixteen table lookups.
//!
//! Building with `RUSTFLAGS="--cfg uri_safe"` uses the twins everywhere;
//! the tests below compare each piece with its twin on random input.
#![allow(unsafe_code)]

use alloc::string::String;

use uri_core::pct::EncodeSet;

use crate::{escape, scan};

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

/// Appends `bytes` to `out` with every byte `set` does not keep escaped,
/// classifying sixteen bytes at a time with SSSE3 when the CPU has it.
pub(crate) fn push_escaped(out: &mut String, bytes: &[u8], set: &EncodeSet) {
    #[cfg(all(target_arch = "x86_64", feature = "std", not(uri_safe)))]
    if std::is_x86_feature_detected!("ssse3") {
        // SAFETY: the CPU supports SSSE3, as just checked.
        unsafe { x86::push_escaped(out, bytes, set) };
        return;
    }
    escape::push_escaped(out, bytes, set);
}

/// How many leading bytes of `bytes` `set` keeps, sixteen bytes at a time
/// with SSSE3 when the CPU has it.
pub(crate) fn kept_prefix(bytes: &[u8], set: &EncodeSet) -> usize {
    #[cfg(all(target_arch = "x86_64", feature = "std", not(uri_safe)))]
    if std::is_x86_feature_detected!("ssse3") {
        // SAFETY: the CPU supports SSSE3, as just checked.
        return unsafe { x86::kept_prefix(bytes, set) };
    }
    scan::kept_prefix(bytes, set)
}

#[cfg(all(target_arch = "x86_64", feature = "std", not(uri_safe)))]
mod x86 {
    use alloc::string::String;
    use core::arch::x86_64::{
        __m128i, _mm_and_si128, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_set1_epi8,
        _mm_setr_epi8, _mm_setzero_si128, _mm_shuffle_epi8, _mm_srli_epi16,
    };

    use uri_core::pct::EncodeSet;

    use crate::{escape, scan};

    /// [`super::push_escaped`] with the SSSE3 classifier inlined into the
    /// loop.
    ///
    /// # Safety
    ///
    /// The CPU must support SSSE3.
    #[target_feature(enable = "ssse3")]
    pub(super) unsafe fn push_escaped(out: &mut String, bytes: &[u8], set: &EncodeSet) {
        let rows = load(set.nibble_rows());
        escape::masked::push_escaped(out, bytes, set, |chunk| {
            let (halves, _) = chunk.as_chunks::<16>();
            escapes(load(&halves[0]), rows) | escapes(load(&halves[1]), rows) << 16
        });
    }

    /// [`super::kept_prefix`] with the SSSE3 classifier.
    ///
    /// # Safety
    ///
    /// The CPU must support SSSE3.
    #[target_feature(enable = "ssse3")]
    pub(super) unsafe fn kept_prefix(bytes: &[u8], set: &EncodeSet) -> usize {
        let rows = load(set.nibble_rows());
        let (chunks, _) = bytes.as_chunks::<16>();
        for (k, chunk) in chunks.iter().enumerate() {
            let marked = escapes(load(chunk), rows);
            if marked != 0 {
                return k * 16 + marked.trailing_zeros() as usize;
            }
        }
        let done = chunks.len() * 16;
        done + scan::kept_prefix(&bytes[done..], set)
    }

    /// Bit `k` set when byte `k` of `chunk` is not kept by the set whose
    /// `nibble_rows` are `rows`.
    ///
    /// Each byte's low nibble picks its row (one shuffle of `rows`), its
    /// high nibble picks the bit within the row (one shuffle of the powers
    /// of two, which are zero for the high nibbles of non-ASCII bytes, so
    /// those are never kept).
    #[inline]
    #[target_feature(enable = "ssse3")]
    fn escapes(chunk: __m128i, rows: __m128i) -> u32 {
        let nibble = _mm_set1_epi8(0x0F);
        let low = _mm_and_si128(chunk, nibble);
        let high = _mm_and_si128(_mm_srli_epi16::<4>(chunk), nibble);
        let bits = _mm_setr_epi8(1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0);
        let row = _mm_shuffle_epi8(rows, low);
        let bit = _mm_shuffle_epi8(bits, high);
        let kept = _mm_and_si128(row, bit);
        _mm_movemask_epi8(_mm_cmpeq_epi8(kept, _mm_setzero_si128())).cast_unsigned()
    }

    #[inline]
    #[target_feature(enable = "ssse3")]
    fn load(bytes: &[u8; 16]) -> __m128i {
        // SAFETY: `bytes` is sixteen readable bytes, and an unaligned load
        // has no alignment requirement.
        unsafe { _mm_loadu_si128(bytes.as_ptr().cast()) }
    }

    #[cfg(test)]
    pub(super) fn escapes_of(chunk: &[u8; 16], set: &EncodeSet) -> Option<u32> {
        // SAFETY: called only when the CPU supports SSSE3, as checked here.
        std::is_x86_feature_detected!("ssse3")
            .then(|| unsafe { escapes(load(chunk), load(set.nibble_rows())) })
    }
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
    use crate::scan::tests::xorshift;
    use alloc::vec::Vec;
    use uri_core::pct::{PATH, QUERY_PARAM, UNRESERVED, URI_CHARS};

    /// Sets with few and many kept bytes, and none.
    const SETS: [&EncodeSet; 5] = [
        &UNRESERVED,
        &PATH,
        &QUERY_PARAM,
        &URI_CHARS,
        &EncodeSet::NONE,
    ];

    #[test]
    fn unchecked_push_matches_the_safe_one_on_random_ascii() {
        let mut seed = 0x3986_u64;
        for _ in 0..1000 {
            let seed = xorshift(&mut seed);
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

    /// Random bytes, from all-kept to all-escaped, through whichever loop
    /// this CPU takes and through the table loop, for several sets.
    #[test]
    fn vector_encoding_matches_the_table_loop_on_random_bytes() {
        let mut seed = 0x2396_u64;
        for round in 0..2000 {
            let len = (xorshift(&mut seed) % 1200) as usize;
            let odd_ones = 1 + xorshift(&mut seed) % 30;
            let bytes: Vec<u8> = (0..len)
                .map(|_| {
                    let r = xorshift(&mut seed);
                    if r.is_multiple_of(odd_ones) {
                        (r >> 8) as u8
                    } else {
                        b'a' + (r >> 8) as u8 % 26
                    }
                })
                .collect();
            for set in SETS {
                let (mut fast, mut table) = (String::new(), String::new());
                push_escaped(&mut fast, &bytes, set);
                escape::push_escaped(&mut table, &bytes, set);
                assert_eq!(fast, table, "round {round}: {bytes:?}");
                assert_eq!(
                    kept_prefix(&bytes, set),
                    scan::kept_prefix(&bytes, set),
                    "round {round}: {bytes:?}"
                );
            }
        }
    }

    #[cfg(all(target_arch = "x86_64", feature = "std", not(uri_safe)))]
    #[test]
    fn vector_classification_matches_the_table_for_every_byte() {
        for set in SETS {
            for first in (0..=255u8).step_by(16) {
                let chunk: [u8; 16] = core::array::from_fn(|k| first + k as u8);
                let Some(escapes) = x86::escapes_of(&chunk, set) else {
                    return;
                };
                for (k, &b) in chunk.iter().enumerate() {
                    assert_eq!(escapes >> k & 1 == 1, !set.keeps(b), "{set:?} {b:#x}");
                }
            }
        }
    }
}
