//! The crate's only `unsafe` code, each piece with a safe twin:
//!
//! - appending bytes the caller has already proven to be ASCII to a
//!   `String` without checking them a second time (percent-encoding writes
//!   three ASCII bytes per escaped byte; re-validating them costs more than
//!   the encoding itself);
//! - turning decoded bytes into a `String` after checking them with the
//!   state machine of `utf8.rs`, which is several times faster than the
//!   standard library's check on non-ASCII text, instead of checking them
//!   a second time;
//! - on x86-64 CPUs with SSSE3 (detected at run time, so only with `std`),
//!   asking which of sixteen bytes an `EncodeSet` keeps with two byte
//!   shuffles instead of sixteen table lookups, and decoding sixteen
//!   escapes in a row with a handful of byte shuffles and comparisons.
//!
//! Building with `RUSTFLAGS="--cfg uri_safe"` uses the twins everywhere;
//! the tests below compare each piece with its twin on random input.
#![allow(unsafe_code)]

use alloc::string::{FromUtf8Error, String};
use alloc::vec::Vec;

use uri_core::pct::EncodeSet;

use crate::{escape, scan, unescape};

/// `bytes` as a `String` if they are UTF-8, else the standard library's
/// error (which tells where the bad sequence starts).
pub(crate) fn string_from_utf8(bytes: Vec<u8>) -> Result<String, FromUtf8Error> {
    #[cfg(not(uri_safe))]
    if crate::utf8::is_utf8(&bytes) {
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

/// Appends `bytes` percent-decoded to `out`, with `+` decoded to a space
/// for forms; the error is the index of a `%` without two hex digits.
/// Thirty-two bytes at a time, and sixteen escapes in a row at once, with
/// SSSE3 when the CPU has it.
pub(crate) fn push_decoded(out: &mut Vec<u8>, bytes: &[u8], form: bool) -> Result<(), usize> {
    #[cfg(all(target_arch = "x86_64", feature = "std", not(uri_safe)))]
    if std::is_x86_feature_detected!("ssse3") {
        // SAFETY: the CPU supports SSSE3, as just checked.
        return unsafe { x86::push_decoded(out, bytes, form) };
    }
    unescape::push_decoded(out, bytes, form.then_some(b'+'))
}

#[cfg(all(target_arch = "x86_64", feature = "std", not(uri_safe)))]
mod x86 {
    use alloc::string::String;
    use alloc::vec::Vec;
    use core::arch::x86_64::{
        __m128i, _mm_add_epi8, _mm_and_si128, _mm_andnot_si128, _mm_cmpeq_epi8, _mm_loadu_si128,
        _mm_min_epu8, _mm_movemask_epi8, _mm_or_si128, _mm_set1_epi8, _mm_setr_epi8,
        _mm_setzero_si128, _mm_shuffle_epi8, _mm_slli_epi16, _mm_srli_epi16, _mm_storeu_si128,
        _mm_sub_epi8,
    };

    use uri_core::pct::EncodeSet;

    use crate::{escape, scan, unescape};

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

    /// [`super::push_decoded`] with the vector mark finder and escape
    /// decoder inlined into the loop.
    ///
    /// # Safety
    ///
    /// The CPU must support SSSE3.
    #[target_feature(enable = "ssse3")]
    pub(super) unsafe fn push_decoded(
        out: &mut Vec<u8>,
        bytes: &[u8],
        form: bool,
    ) -> Result<(), usize> {
        let run = |triplets: &[u8; 48]| decode_up_to_sixteen(triplets);
        if form {
            unescape::masked::push_decoded::<true>(out, bytes, |chunk| marks::<true>(chunk), run)
        } else {
            unescape::masked::push_decoded::<false>(out, bytes, |chunk| marks::<false>(chunk), run)
        }
    }

    /// Bit `k` set when `chunk[k]` is `%`, or `+` for forms.
    #[inline]
    #[target_feature(enable = "ssse3")]
    fn marks<const FORM: bool>(chunk: &[u8; 32]) -> u32 {
        let (halves, _) = chunk.as_chunks::<16>();
        let [low, high] = [&halves[0], &halves[1]].map(|half| {
            let half = load(half);
            let mut marked = _mm_cmpeq_epi8(half, _mm_set1_epi8(b'%'.cast_signed()));
            if FORM {
                let plus = _mm_cmpeq_epi8(half, _mm_set1_epi8(b'+'.cast_signed()));
                marked = _mm_or_si128(marked, plus);
            }
            _mm_movemask_epi8(marked).cast_unsigned()
        });
        low | high << 16
    }

    /// Where each of sixteen escapes' `%`, first and second digit sits in
    /// the three sixteen-byte thirds of forty-eight bytes: `GATHER[d][t]`
    /// is the shuffle that moves the bytes at `3k + d` found in third `t`
    /// to lane `k`, and zeroes the other lanes (index `0x80`).
    const GATHER: [[[u8; 16]; 3]; 3] = {
        let mut shuffles = [[[0x80; 16]; 3]; 3];
        let mut d = 0;
        while d < 3 {
            let mut k = 0;
            while k < 16 {
                let at = 3 * k + d;
                shuffles[d][at / 16][k] = (at % 16) as u8;
                k += 1;
            }
            d += 1;
        }
        shuffles
    };

    /// The bytes that the escapes at the start of `triplets` spell, up to
    /// sixteen, and how many escapes there were (the other bytes are
    /// meaningless).
    #[inline]
    #[target_feature(enable = "ssse3")]
    fn decode_up_to_sixteen(triplets: &[u8; 48]) -> ([u8; 16], usize) {
        let (thirds, _) = triplets.as_chunks::<16>();
        let thirds = [load(&thirds[0]), load(&thirds[1]), load(&thirds[2])];
        let gather = |d: usize| {
            let [a, b, c] = GATHER[d].map(|shuffle| load(&shuffle));
            let (a, b, c) = (
                _mm_shuffle_epi8(thirds[0], a),
                _mm_shuffle_epi8(thirds[1], b),
                _mm_shuffle_epi8(thirds[2], c),
            );
            _mm_or_si128(_mm_or_si128(a, b), c)
        };
        let percents = _mm_cmpeq_epi8(gather(0), _mm_set1_epi8(b'%'.cast_signed()));
        let (high, high_ok) = hex_values(gather(1));
        let (low, low_ok) = hex_values(gather(2));
        let ok = _mm_and_si128(percents, _mm_and_si128(high_ok, low_ok));
        let count = (!_mm_movemask_epi8(ok)).trailing_zeros().min(16) as usize;
        // Where the digits are valid, every value is below 16, so shifting
        // sixteen-bit lanes by four moves no bit into the neighbouring byte.
        let decoded = _mm_or_si128(_mm_slli_epi16::<4>(high), low);
        let mut bytes = [0u8; 16];
        // SAFETY: `bytes` is sixteen writable bytes, and an unaligned store
        // has no alignment requirement.
        unsafe { _mm_storeu_si128(bytes.as_mut_ptr().cast(), decoded) };
        (bytes, count)
    }

    /// Each byte's value as a hex digit, and all ones where it is one.
    ///
    /// `b - '0'` is at most 9 exactly for the digits, and `(b | 0x20) -
    /// 'a'` at most 5 exactly for `A`-`F` and `a`-`f` (the subtractions
    /// wrap, so bytes below the range land high).
    #[inline]
    #[target_feature(enable = "ssse3")]
    fn hex_values(digits: __m128i) -> (__m128i, __m128i) {
        let digit = _mm_sub_epi8(digits, _mm_set1_epi8(b'0'.cast_signed()));
        let lower = _mm_or_si128(digits, _mm_set1_epi8(0x20));
        let letter = _mm_sub_epi8(lower, _mm_set1_epi8(b'a'.cast_signed()));
        let is_digit = _mm_cmpeq_epi8(_mm_min_epu8(digit, _mm_set1_epi8(9)), digit);
        let is_letter = _mm_cmpeq_epi8(_mm_min_epu8(letter, _mm_set1_epi8(5)), letter);
        let letter_value = _mm_add_epi8(letter, _mm_set1_epi8(10));
        let value = _mm_or_si128(
            _mm_and_si128(is_digit, digit),
            _mm_andnot_si128(is_digit, letter_value),
        );
        (value, _mm_or_si128(is_digit, is_letter))
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

    /// Random text, from plain to all escapes, with now and then a broken
    /// escape (a bad digit, a lone `%`) anywhere, even in the middle of a
    /// long run of escapes: whichever loop this CPU takes must give the
    /// same bytes, or the same error index, as the portable loop.
    #[test]
    fn vector_decoding_matches_the_portable_loop_on_random_text() {
        let mut seed = 0x3986_2396_u64;
        for round in 0..3000 {
            let len = (xorshift(&mut seed) % 1500) as usize;
            let plain = xorshift(&mut seed) % 8;
            let broken = 1 + xorshift(&mut seed) % 400;
            let mut text = Vec::new();
            while text.len() < len {
                let r = xorshift(&mut seed);
                if r % 8 < plain {
                    text.push([b'a', b'+', b'7', b'F'][(r >> 8) as usize % 4]);
                } else if (r >> 16).is_multiple_of(broken) {
                    text.extend_from_slice(
                        [&b"%4"[..], b"%G1", b"%1g", b"%"][(r >> 24) as usize % 4],
                    );
                } else {
                    text.extend_from_slice(&encode_byte_for_test(
                        (r >> 32) as u8,
                        r >> 40 & 1 == 1,
                    ));
                }
            }
            for form in [false, true] {
                let (mut fast, mut portable) = (Vec::new(), Vec::new());
                let fast_result = push_decoded(&mut fast, &text, form).map(|()| fast);
                let plus = form.then_some(b'+');
                let portable_result =
                    unescape::push_decoded(&mut portable, &text, plus).map(|()| portable);
                assert_eq!(fast_result, portable_result, "round {round}: {text:?}");
            }
        }
    }

    /// `%XX` for `b`, with lowercase digits when asked.
    fn encode_byte_for_test(b: u8, lowercase: bool) -> [u8; 3] {
        let mut triplet = uri_core::pct::encode_byte(b);
        if lowercase {
            triplet = triplet.map(|d| d.to_ascii_lowercase());
        }
        triplet
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
