//! The x86-64 kernels: one file (or folder) per instruction set, each
//! filling in one row of [`SETS`], and SSE2's byte search and name
//! reading, which every x86-64 target has and so are called directly.

mod avx2;
#[cfg_attr(
    uri_no_avx512,
    allow(dead_code, reason = "the build leaves its rows out")
)]
mod avx512;
mod decode_steps;
mod ip;
mod masks;
mod padded;
mod sse2;
mod ssse3;

use core::ops::{ControlFlow, Range};

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

/// Whether a segment of the path `bytes` starts with a dot, written or
/// escaped: sixteen places per step with SSE2, else the portable twin
/// ([`scan::has_segment_starting_with_dot`]).
#[inline]
pub(super) fn has_segment_starting_with_dot(bytes: &[u8]) -> bool {
    if SSE2 {
        // SAFETY: the build targets SSE2, as `SSE2` says.
        return unsafe { sse2::has_segment_starting_with_dot(bytes) };
    }
    scan::has_segment_starting_with_dot(bytes)
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

/// The part of `$bytes` that a kernel's check of escapes in normal form
/// reads, or `return true` from the kernel: all of it when its first
/// `$lowercase_until` bytes must hold no capital, else the bytes from
/// the first `%`, which `$first_percent` finds one load a step where each
/// step of the check loads the text three times. A lane's answer depends
/// only on its byte and the two after it, so the lanes before that `%`
/// need no step; and most texts have no `%` (and pass at once) or a
/// first one well into their query. A macro rather than a function, so
/// that the kernel's search is called from the kernel's own features and
/// taken in line there; through a function and a closure it was not
/// (BENCHMARKS.md, `UriBuf::parse_href`).
macro_rules! escape_check_text {
    ($bytes:expr, $lowercase_until:expr, $first_percent:path) => {
        if $lowercase_until == 0 {
            match $first_percent($bytes) {
                Some(at) => $bytes.get(at..).unwrap_or_default(),
                None => return true,
            }
        } else {
            $bytes
        }
    };
}
pub(super) use escape_check_text;

/// Whether every hex digit is in `class` (one of its bits is one that
/// every hex digit has): then a triplet's two digits are inside the class
/// already, and an encoded scan needs to pass only its `%`. Every class
/// the grammar scans with triplets holds them; folded away where the
/// class is a constant.
#[inline]
const fn holds_hex_digits(class: uri_core::table::Class) -> bool {
    use uri_core::table::{HEXDIG, TABLE};
    const SHARED_BY_EVERY_DIGIT: u32 = {
        let mut bits = u32::MAX;
        let mut byte = 0;
        while byte < 256 {
            if HEXDIG.contains(byte as u8) {
                bits &= TABLE[byte];
            }
            byte += 1;
        }
        bits
    };
    class.bits() & SHARED_BY_EVERY_DIGIT != 0
}

/// Bit `k` set for each `%` whose next two bytes are hex digits, where
/// bit `k` of `percent` and `hex` says whether byte `k` is a `%` or a hex
/// digit: the starts of the well-formed triplets the masks hold whole.
/// Only the `%` is marked; a scan of a class that [`holds_hex_digits`]
/// passes the digits as its own.
#[inline]
const fn triplet_starts(percent: u64, hex: u64) -> u64 {
    percent & (hex >> 1) & (hex >> 2)
}

/// Where a one-class scan goes after a step whose stops, the bytes from
/// `i` outside the class and in no triplet the step held whole, are
/// `stops` (bit `k` for the byte at `i + k`): on from `next` when there
/// are none, on past a triplet the step did not hold whole (with
/// `TRIPLETS`), else to the first stop, or `to` if that is past it. The
/// SSSE3 and AVX2 scans share it.
#[inline]
fn after_step<const TRIPLETS: bool>(
    bytes: &[u8],
    i: usize,
    stops: u64,
    next: usize,
    to: usize,
) -> ControlFlow<usize, usize> {
    if stops == 0 {
        return ControlFlow::Continue(next);
    }
    let stop = i + stops.trailing_zeros() as usize;
    if TRIPLETS && stop < to && uri_core::pct::is_triplet(bytes, stop, to) {
        return ControlFlow::Continue(stop + 3);
    }
    ControlFlow::Break(to.min(stop))
}

/// The prefix of `bytes` an encode set keeps, read a step of `N` bytes
/// at a time by `escaped` (bit `k` set when byte `k` of the step is not
/// kept), the last bytes, fewer than a step, by `rest`. The SSSE3 and
/// AVX2 rows share it.
#[inline]
fn kept_prefix_by_steps<const N: usize>(
    bytes: &[u8],
    mut escaped: impl FnMut(&[u8; N]) -> u32,
    rest: impl FnOnce(&[u8]) -> usize,
) -> usize {
    let (steps, last) = bytes.as_chunks::<N>();
    for (k, step) in steps.iter().enumerate() {
        let marked = escaped(step);
        if marked != 0 {
            return k * N + marked.trailing_zeros() as usize;
        }
    }
    bytes.len() - last.len() + rest(last)
}

#[cfg(test)]
mod tests {
    use super::masks::Block;
    use super::{avx2, avx512, ssse3};
    use crate::bytes::raw::every_parser_agrees;
    use crate::bytes::raw::tests::{rounds, text_of};
    use crate::bytes::scan::tests::xorshift;
    use alloc::vec;
    use alloc::vec::Vec;
    use uri_core::table::Class;

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
            // Short texts, and some long and sparse enough for runs of a
            // class past sixty-four bytes.
            let (len, plain) = if round % 4 == 0 {
                (xorshift(&mut seed) % 300, 3 + xorshift(&mut seed) % 40)
            } else {
                (xorshift(&mut seed) % 100, 3)
            };
            let text = text_of(&mut seed, &pieces, len, plain);
            if let Ok(text) = core::str::from_utf8(&text) {
                every_parser_agrees(text).unwrap();
            }
            let mut contexts = Contexts::of(&text);
            for _ in 0..4 {
                let from = (xorshift(&mut seed) % (len + 3)) as usize;
                let to = (xorshift(&mut seed) % (len + 3)) as usize;
                for class in classes {
                    let context =
                        alloc::format!("round {round}: {class:?} {from}..{to} of {text:?}");
                    for (span, encoded) in contexts.scans(class, &text, from, to) {
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

    /// What the mask scans keep across the scans of one text, for each
    /// set this CPU runs (with SSSE3, which the test asks for first): the
    /// chained blocks, kept whatever order the scans come in, as a parse
    /// keeps them, and for a text one block holds, that block.
    struct Contexts {
        avx2: Option<Block>,
        wide: Option<Block>,
        avx2_whole: Option<Block>,
        wide_whole: Option<Block>,
    }

    impl Contexts {
        fn of(text: &[u8]) -> Contexts {
            let (wide, avx2) = ((avx512::VBMI.supported)(), (avx2::KERNELS.supported)());
            let whole = (16..=64).contains(&text.len());
            Contexts {
                avx2: avx2.then_some(Block::EMPTY),
                wide: wide.then_some(Block::EMPTY),
                // SAFETY: each set's classifier runs where the CPU has it.
                avx2_whole: (avx2 && whole).then(|| unsafe { avx2::classify::whole(text) }),
                wide_whole: (wide && whole).then(|| unsafe { avx512::classify::whole(text) }),
            }
        }

        /// Each vector scan's `(span, encoded span)` of `class` in
        /// `text[from..to]`.
        fn scans(
            &mut self,
            class: Class,
            text: &[u8],
            from: usize,
            to: usize,
        ) -> Vec<(usize, usize)> {
            // SAFETY (every call below): the CPU supports SSSE3, which the
            // test checked, and each other set where its context is
            // `Some`, which `of` made only for a set the CPU runs.
            let mut scans = vec![unsafe {
                (
                    ssse3::span::<false>(&mut (), class, text, from, to),
                    ssse3::span::<true>(&mut (), class, text, from, to),
                )
            }];
            if let Some(block) = &mut self.avx2 {
                scans.push(unsafe {
                    (
                        avx2::scan::span(class, text, from, to),
                        avx2::scan::encoded_span(class, text, from, to),
                    )
                });
                scans.push(unsafe {
                    (
                        avx2::classify::span::<false>(block, class, text, from, to),
                        avx2::classify::span::<true>(block, class, text, from, to),
                    )
                });
            }
            if let Some(block) = &mut self.avx2_whole {
                scans.push(unsafe {
                    (
                        avx2::classify::span_in_whole::<false>(block, class, text, from, to),
                        avx2::classify::span_in_whole::<true>(block, class, text, from, to),
                    )
                });
            }
            if let Some(block) = &mut self.wide {
                scans.push(unsafe {
                    (
                        avx512::scan::span(class, text, from, to),
                        avx512::scan::encoded_span(class, text, from, to),
                    )
                });
                scans.push(unsafe {
                    (
                        avx512::classify::span::<false>(block, class, text, from, to),
                        avx512::classify::span::<true>(block, class, text, from, to),
                    )
                });
            }
            if let Some(block) = &mut self.wide_whole {
                scans.push(unsafe {
                    (
                        avx512::classify::span_in_whole::<false>(block, class, text, from, to),
                        avx512::classify::span_in_whole::<true>(block, class, text, from, to),
                    )
                });
            }
            scans
        }
    }
}
