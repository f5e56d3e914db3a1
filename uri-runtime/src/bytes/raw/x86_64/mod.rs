//! The x86-64 kernels: one file (or folder) per instruction set, each
//! filling in one row of [`SETS`], and SSE2's byte search and name
//! reading, which every x86-64 target has and so are called directly.

mod avx2;
#[cfg_attr(uri_no_avx512, allow(dead_code, reason = "the build leaves its rows out"))]
mod avx512;
mod decode_steps;
mod masks;
mod sse2;
mod ssse3;

use core::ops::Range;

use super::kernels::Kernels;
use crate::bytes::name_tail::NameTail;
use crate::bytes::scan;

/// The instruction sets with kernels, fastest first: a kernel is taken
/// from the first row this CPU runs that has one.
///
/// `RUSTFLAGS="--cfg uri_no_avx512"` leaves AVX-512's rows out, for a
/// deployment on CPUs that lower their clock while running it (Intel's
/// before Ice Lake), and to time the AVX2 rows on a CPU that has both.
#[cfg(not(uri_no_avx512))]
pub(super) const SETS: &[Kernels] = &[avx512::VBMI2, avx512::VBMI, avx2::KERNELS, ssse3::KERNELS];
/// The rows without AVX-512's (`--cfg uri_no_avx512`).
#[cfg(uri_no_avx512)]
pub(super) const SETS: &[Kernels] = &[avx2::KERNELS, ssse3::KERNELS];

/// Whether the build targets SSE2, which every x86-64 target with `std`
/// does; asked anyway, so that the calls below stay sound on one that
/// turned it off.
const SSE2: bool = cfg!(target_feature = "sse2");

/// The index of the first `needle` in `bytes`: sixteen bytes per
/// comparison from sixteen bytes on, else a machine word at a time
/// ([`scan::position_in_short`], the safe twin).
#[inline]
pub(super) fn position(bytes: &[u8], needle: u8) -> Option<usize> {
    if SSE2 && bytes.len() >= 16 {
        // SAFETY: the build targets SSE2, as `SSE2` says.
        return unsafe { sse2::position(bytes, needle) };
    }
    scan::position_in_short(bytes, needle)
}

/// Whether `bytes` holds an escaped dot: sixteen places per step from
/// eighteen bytes on, else the portable twin ([`scan::has_escaped_dot`]).
#[inline]
pub(super) fn has_escaped_dot(bytes: &[u8]) -> bool {
    if SSE2 && bytes.len() >= 18 {
        // SAFETY: the build targets SSE2, as `SSE2` says.
        return unsafe { sse2::has_escaped_dot(bytes) };
    }
    scan::has_escaped_dot(bytes)
}

/// The end of the name `text[name]`, read as two SSE2 vectors (the safe
/// twin: [`crate::bytes::name_tail::name_tail`]).
#[inline]
pub(super) fn name_tail(text: &[u8], name: Range<usize>) -> Option<NameTail> {
    if SSE2 {
        // SAFETY: the build targets SSE2, as `SSE2` says.
        return unsafe { sse2::name_tail(text, name) };
    }
    crate::bytes::name_tail::name_tail(text, name)
}

#[cfg(test)]
mod tests {
    use super::masks::Block;
    use super::{avx2, avx512, ssse3};
    use crate::bytes::raw::every_parser_agrees;
    use crate::bytes::raw::tests::{rounds, text_of};
    use crate::bytes::scan::tests::xorshift;
    use alloc::vec;

    /// The vector scans against the scalar ones on random text for every
    /// class the parser scans (and one it does not, which falls back),
    /// with `from` and `to` anywhere, past the end and crossed included:
    /// the parser over them is only as right as they are. The whole
    /// parsers are compared on the same text.
    #[test]
    fn vector_scans_match_the_scalar_ones_on_random_text() {
        use uri_core::table;
        if !std::is_x86_feature_detected!("ssse3") {
            return;
        }
        let (wide, avx2) = ((avx512::VBMI.supported)(), (avx2::KERNELS.supported)());
        let classes = [
            table::PATH,
            table::QUERY_FRAGMENT,
            table::REG_NAME,
            table::USERINFO,
            table::SCHEME,
            table::DIGIT,
            table::PCHAR.union(table::SCHEME),
        ];
        // Non-ASCII bytes too: their low seven bits are letters and digits.
        let pieces: [&[u8]; 14] = [
            b"a",
            b"Z",
            b"0",
            b"%41",
            b"%4",
            b"%",
            b"/",
            b"?",
            b"#",
            b"@",
            b":",
            b" ",
            b"\xC1",
            "\u{e9}".as_bytes(),
        ];
        let mut seed = 0x3986_0016_u64;
        for round in 0..rounds(20_000) {
            let len = xorshift(&mut seed) % 100;
            let text = text_of(&mut seed, &pieces, len, 3);
            if let Ok(text) = core::str::from_utf8(&text) {
                every_parser_agrees(text).unwrap();
            }
            // The mask scans keep their block across the scans of a text,
            // as a parse does, whatever order those come in.
            let (mut avx2_block, mut wide_block) = (Block::EMPTY, Block::EMPTY);
            for _ in 0..4 {
            let from = (xorshift(&mut seed) % (len + 3)) as usize;
            let to = (xorshift(&mut seed) % (len + 3)) as usize;
            for class in classes {
                // SAFETY: the CPU supports SSSE3, checked above, AVX2
                // where `avx2` says so, and AVX-512BW and AVX-512VBMI
                // where `wide` does.
                let mut scans = vec![unsafe {
                    (
                        ssse3::span::<false>(&mut (), class, &text, from, to),
                        ssse3::span::<true>(&mut (), class, &text, from, to),
                    )
                }];
                if avx2 {
                    scans.push(unsafe {
                        (
                            avx2::scan::span(class, &text, from, to),
                            avx2::scan::encoded_span(class, &text, from, to),
                        )
                    });
                    scans.push(unsafe {
                        (
                            avx2::classify::span::<false>(&mut avx2_block, class, &text, from, to),
                            avx2::classify::span::<true>(&mut avx2_block, class, &text, from, to),
                        )
                    });
                }
                if wide {
                    scans.push(unsafe {
                        (
                            avx512::scan::span(class, &text, from, to),
                            avx512::scan::encoded_span(class, &text, from, to),
                        )
                    });
                    scans.push(unsafe {
                        (
                            avx512::classify::span::<false>(&mut wide_block, class, &text, from, to),
                            avx512::classify::span::<true>(&mut wide_block, class, &text, from, to),
                        )
                    });
                }
                let context = alloc::format!("round {round}: {class:?} {from}..{to} of {text:?}");
                for (span, encoded) in scans {
                    assert_eq!(span, class.span(&text, from, to), "{context}");
                    assert_eq!(
                        encoded,
                        uri_core::parse::encoded_span(class, &text, from, to),
                        "{context}"
                    );
                }
            }
            }
        }
    }
}
