//! The grammar's scans read from masks: a block of up to sixty-four
//! bytes of the text is classified once into one bitmask per class the
//! grammar scans and one of the well-formed `%XX` triplets, and each scan
//! that starts in the block is then a shift and a count of trailing ones.
//! A URI of a few components pays for one classification where the
//! scans of `scan.rs` paid a setup and a tail for each component.
//!
//! The instruction sets differ only in how they classify a block
//! (`avx2/classify.rs`, `avx512/classify.rs`); reading the masks, and
//! what is left to the set's own one-class scan, is written here once.
//!
//! The block is the context the grammar (`uri_core::__grammar!`) keeps
//! for one parse, which is stamped out twice ([`parsers_over_masks`]).
//! A text of sixteen to sixty-four bytes (most URIs) is one block,
//! classified before the parse, and every scan reads it with nothing to
//! ask ([`span_in_whole`]). (A shorter one is parsed scalar; see
//! `SHORTEST_PARSED`.) For a longer text the first scan classifies
//! the block where it starts, and the scans after it read the same block
//! as long as they start in it ([`span`]). A run that goes past the
//! block's end (a long path or query) is finished by the one-class scan,
//! which costs less a byte than classifying every class; a scan that
//! starts past the block classifies a new one there.

use uri_core::table::{self, Class};

use super::{holds_hex_digits, triplet_starts};

/// The classes a [`Block`] holds a mask of, in the order of
/// [`Block::inside`]: the ones the grammar scans. Each holds every hex
/// digit, so a scan passes a triplet by its `%` alone
/// ([`Block::passed`]).
pub(super) const CLASSES: [Class; 5] = {
    let classes = [
        table::SCHEME,
        table::REG_NAME,
        table::USERINFO,
        table::PATH,
        table::QUERY_FRAGMENT,
    ];
    let mut k = 0;
    while k < classes.len() {
        assert!(holds_hex_digits(classes[k]));
        k += 1;
    }
    classes
};

/// The index of `class` in [`CLASSES`], or `None` for a class the masks
/// do not hold (which the scalar scans handle). Folded away where the
/// class is a constant, as it is in every scan the grammar makes.
#[inline]
const fn index_of(class: Class) -> Option<usize> {
    let mut k = 0;
    while k < CLASSES.len() {
        if CLASSES[k].bits() == class.bits() {
            return Some(k);
        }
        k += 1;
    }
    None
}

/// Up to sixty-four consecutive bytes of a text, classified.
#[derive(Clone, Copy, Debug)]
pub(in crate::bytes::raw) struct Block {
    /// The index in the text of the block's first byte.
    start: usize,
    /// The index just past its last byte: `start + 64`, or the text's end.
    end: usize,
    /// For each class of [`CLASSES`], bit `k` set when the byte at
    /// `start + k` is in the class; no bit at or past `end`.
    inside: [u64; 5],
    /// Bit `k` set when the byte at `start + k` is a `%` followed by two
    /// hex digits, both in the block.
    triplets: u64,
}

impl Block {
    /// No bytes: the context a parse of chained blocks starts from, so
    /// that its first scan classifies.
    pub(in crate::bytes::raw) const EMPTY: Block = Block {
        start: 0,
        end: 0,
        inside: [0; 5],
        triplets: 0,
    };

    /// The block of the bytes from `start` to `end` (at most sixty-four),
    /// from the masks of each class of [`CLASSES`], of `%` and of hex
    /// digits (bit `k` for the byte at `start + k`, none past `end`).
    #[inline]
    pub(super) fn new(start: usize, end: usize, inside: [u64; 5], percent: u64, hex: u64) -> Block {
        debug_assert!(end - start <= 64);
        Block {
            start,
            end,
            inside,
            triplets: triplet_starts(percent, hex),
        }
    }

    /// The same block, ending at `end`, where its masks have no bit at or
    /// past `end`: the block of a text read with padding after it.
    #[inline]
    pub(super) fn ending_at(self, end: usize) -> Block {
        debug_assert!(
            end <= self.end
                && self
                    .inside
                    .iter()
                    .chain([&self.triplets])
                    .all(|mask| end >= 64 || mask >> end == 0)
        );
        Block { end, ..self }
    }

    /// The bytes a scan of `CLASSES[k]` passes: the class's, and with
    /// `TRIPLETS` each well-formed triplet's `%` (its digits are the
    /// class's already).
    #[inline]
    fn passed<const TRIPLETS: bool>(&self, k: usize) -> u64 {
        if TRIPLETS {
            self.inside[k] | self.triplets
        } else {
            self.inside[k]
        }
    }
}

/// The scalar scan, for a class the masks do not hold.
#[inline]
fn scalar_span<const TRIPLETS: bool>(class: Class, bytes: &[u8], from: usize, to: usize) -> usize {
    if TRIPLETS {
        uri_core::parse::encoded_span(class, bytes, from, to)
    } else {
        class.span(bytes, from, to)
    }
}

/// The end of the run of `class`'s bytes (and, with `TRIPLETS`, of
/// well-formed triplets that end before `to`) in `bytes[from..to]`: the
/// answer of [`Class::span`] (or of [`uri_core::parse::encoded_span`])
/// on every input. `classify(at)` gives a block that holds the byte at
/// `at`; `scan(from)` is the set's one-class scan of the same class from
/// `from` to `to`.
///
/// [`span_in_line`] with closures over the text, taken in line or not as
/// the compiler judges: AVX2's parser reads through this one (see
/// there why the two sets differ).
#[inline]
pub(super) fn span<const TRIPLETS: bool>(
    block: &mut Block,
    class: Class,
    bytes: &[u8],
    from: usize,
    to: usize,
    classify: impl FnOnce(usize) -> Block,
    scan: impl FnOnce(usize) -> usize,
) -> usize {
    let classify = |_: &[u8], at| classify(at);
    let scan = |_, _: &[u8], at, _| scan(at);
    span_in_line::<TRIPLETS>(block, class, bytes, from, to, classify, scan)
}

/// [`span`], always taken in line, with what `classify(bytes, at)` and
/// `scan(class, bytes, from, to)` read passed as arguments: AVX-512's
/// parser reads through this one.
///
/// Left to judge there, the compiler took the reading in line but called
/// the scan out of line, and stored the text and the bounds its closure
/// captured into the frame before every chained scan, whether the scan
/// ran or not; here they stay in registers until a call needs them.
/// AVX2's parser, the other function the compiler lays out from the same
/// code, took more instructions read this way, so each set keeps the
/// reading it measured best with (the counts are in BENCHMARKS.md, "The
/// parser classifies once").
#[allow(
    clippy::inline_always,
    reason = "measured: with the hint alone the compiler kept this out of line, at more instructions (BENCHMARKS.md)"
)]
#[inline(always)]
pub(super) fn span_in_line<const TRIPLETS: bool>(
    block: &mut Block,
    class: Class,
    bytes: &[u8],
    from: usize,
    to: usize,
    classify: impl FnOnce(&[u8], usize) -> Block,
    scan: impl FnOnce(Class, &[u8], usize, usize) -> usize,
) -> usize {
    let to = to.min(bytes.len());
    if from >= to {
        return from;
    }
    let Some(k) = index_of(class) else {
        return scalar_span::<TRIPLETS>(class, bytes, from, to);
    };
    if !(block.start <= from && from < block.end) {
        *block = classify(bytes, from);
    }
    let inside = block.passed::<TRIPLETS>(k);
    // The bits shifted in past the block's last byte are zero: a run
    // that reaches the block's end stops there.
    let stop = from + (!(inside >> (from - block.start))).trailing_zeros() as usize;
    if stop >= to {
        return if TRIPLETS {
            before_crossing_triplet(bytes, from, to)
        } else {
            to
        };
    }
    if stop < block.end {
        // A triplet the block did not hold whole: at its last two bytes.
        if TRIPLETS && uri_core::pct::is_triplet(bytes, stop, to) {
            return scan(class, bytes, stop + 3, to);
        }
        return stop;
    }
    scan(class, bytes, stop, to)
}

/// [`span`] for a text of sixteen to sixty-four bytes, which `block`
/// holds whole, classified before the parse: no scan needs to ask whether it
/// starts in the block, or go past it. A triplet the block holds ends
/// inside the text, so only a scan that ends before the text does can
/// stop at one that crosses `to`.
#[inline]
pub(super) fn span_in_whole<const TRIPLETS: bool>(
    block: &Block,
    class: Class,
    bytes: &[u8],
    from: usize,
    to: usize,
) -> usize {
    debug_assert!(block.start == 0 && block.end == bytes.len());
    let to = to.min(bytes.len());
    if from >= to {
        return from;
    }
    let Some(k) = index_of(class) else {
        return scalar_span::<TRIPLETS>(class, bytes, from, to);
    };
    let inside = block.passed::<TRIPLETS>(k);
    // `from < to <= 64`, and the bits shifted in past the text's end are
    // zero: every run stops there at the latest.
    let stop = from + (!(inside >> from)).trailing_zeros() as usize;
    if stop < to {
        stop
    } else if TRIPLETS && to < bytes.len() {
        before_crossing_triplet(bytes, from, to)
    } else {
        to
    }
}

/// The grammar's scans over the masks of a [`Block`] for an instruction
/// set that enables `features`, as one function `span::<TRIPLETS>`: the
/// results of [`Class::span`] (`span::<false>`) and of
/// [`uri_core::parse::encoded_span`] (`span::<true>`) on every input.
/// `classify(bytes, at)` gives the block holding `bytes[at]`,
/// `classify_whole(bytes)` the block of a text of sixteen to sixty-four
/// bytes, and `scan::span`, `scan::encoded_span` are the set's one-class
/// scans; `reader` is [`span`] or [`span_in_line`], the one the set's
/// parser measured fewer instructions with.
macro_rules! scans_over_masks {
    (
        @span_in_line,
        $block:ident, $class:ident, $bytes:ident, $from:ident, $to:ident,
        $classify:path, $scan:ident
    ) => {{
        let classify = |bytes: &[u8], at| $classify(bytes, at);
        let scan = |class, bytes: &[u8], at, to| {
            if TRIPLETS {
                $scan::encoded_span(class, bytes, at, to)
            } else {
                $scan::span(class, bytes, at, to)
            }
        };
        masks::span_in_line::<TRIPLETS>($block, $class, $bytes, $from, $to, classify, scan)
    }};
    (
        @span,
        $block:ident, $class:ident, $bytes:ident, $from:ident, $to:ident,
        $classify:path, $scan:ident
    ) => {{
        let classify = |at| $classify($bytes, at);
        let scan = |at| {
            if TRIPLETS {
                $scan::encoded_span($class, $bytes, at, $to)
            } else {
                $scan::span($class, $bytes, at, $to)
            }
        };
        masks::span::<TRIPLETS>($block, $class, $bytes, $from, $to, classify, scan)
    }};
    ($features:literal, $classify:path, $classify_whole:path, $scan:ident, $reader:ident) => {
        /// [`Class::span`], or with `TRIPLETS`
        /// [`uri_core::parse::encoded_span`], read from the masks of
        /// `block`, classified where the scan needs it.
        #[inline]
        #[target_feature(enable = $features)]
        pub(in crate::bytes::raw) fn span<const TRIPLETS: bool>(
            block: &mut Block,
            class: Class,
            bytes: &[u8],
            from: usize,
            to: usize,
        ) -> usize {
            masks::scans_over_masks!(@$reader, block, class, bytes, from, to, $classify, $scan)
        }

        /// The context of a parse that reads its scans from one block:
        /// none classified yet.
        #[inline]
        pub(in crate::bytes::raw) fn no_block(_: &[u8]) -> Block {
            Block::EMPTY
        }

        /// The context of a parse of a text of sixteen to sixty-four
        /// bytes: the whole text, classified.
        #[inline]
        #[target_feature(enable = $features)]
        pub(in crate::bytes::raw) fn whole(bytes: &[u8]) -> Block {
            $classify_whole(bytes)
        }

        /// [`span`] for a text of sixteen to sixty-four bytes, which
        /// `block` ([`whole`]) holds whole.
        #[inline]
        #[target_feature(enable = $features)]
        pub(in crate::bytes::raw) fn span_in_whole<const TRIPLETS: bool>(
            block: &mut Block,
            class: Class,
            bytes: &[u8],
            from: usize,
            to: usize,
        ) -> usize {
            masks::span_in_whole::<TRIPLETS>(block, class, bytes, from, to)
        }
    };
}
pub(super) use scans_over_masks;

/// `uri-core`'s grammar stamped out twice over the scans of
/// [`scans_over_masks`] for an instruction set that enables `features`
/// (expanded in the set's module, beside its `classify`), and `parse`,
/// which picks one by the text's length: `whole`, over
/// `classify::span_in_whole`, for a text of sixteen to sixty-four bytes,
/// which one block holds, and `chained`, over `classify::span`, which
/// classifies a block where a scan needs one, for any other (the
/// dispatcher sends none shorter than sixteen bytes, but a kernel takes
/// any text). Both read an IP host with the set's `is_ipv4` and `is_ipv6`.
macro_rules! parsers_over_masks {
    ($features:literal) => {
        /// `uri-core`'s grammar over the masks of the text's blocks.
        #[target_feature(enable = $features)]
        fn parse(
            bytes: &[u8],
            require_scheme: bool,
            options: uri_core::ParseOptions,
        ) -> Result<uri_core::Components, uri_core::ParseError> {
            if (16..=64).contains(&bytes.len()) {
                whole::parse(bytes, require_scheme, options)
            } else {
                chained::parse(bytes, require_scheme, options)
            }
        }

        /// The grammar over one block classified before the parse,
        /// inlined into `parse`: most texts take it, and the call
        /// between the two cost them a frame of their own.
        mod whole {
            uri_core::__grammar!(
                attrs: [#[inline] #[target_feature(enable = $features)]],
                qualifier: [],
                context: super::super::masks::Block = super::classify::whole,
                span: super::classify::span_in_whole::<false>,
                encoded_span: super::classify::span_in_whole::<true>,
                is_ipv4: super::is_ipv4,
                is_ipv6: super::is_ipv6,
                quick_relative: false,
            );
        }

        /// The grammar over the block each scan starts in, marked for
        /// taking in line as well: the compiler takes it into `parse`
        /// in one build and not in another (the engines' crates, whose
        /// SQL functions then ran the chained lines through a call).
        mod chained {
            uri_core::__grammar!(
                attrs: [#[inline] #[target_feature(enable = $features)]],
                qualifier: [],
                context: super::super::masks::Block = super::classify::no_block,
                span: super::classify::span::<false>,
                encoded_span: super::classify::span::<true>,
                is_ipv4: super::is_ipv4,
                is_ipv6: super::is_ipv6,
                quick_relative: false,
            );
        }
    };
}
pub(super) use parsers_over_masks;

/// Where the encoded scan of `bytes[from..to]` stops when every byte of
/// it is in the class or in a triplet the block holds: at a `%` among the
/// last two bytes, whose triplet the block held whole but which does not
/// end before `to`; else at `to`. (A `%` is never a hex digit, so one
/// there starts a triplet, which ends past `to`.)
#[inline]
fn before_crossing_triplet(bytes: &[u8], from: usize, to: usize) -> usize {
    for at in [to.wrapping_sub(2), to - 1] {
        if at >= from && at < to && bytes[at] == b'%' {
            return at;
        }
    }
    to
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bytes::raw::tests::{rounds, text_of};
    use crate::bytes::scan::tests::xorshift;
    use alloc::vec::Vec;

    /// The classes' masks of `bytes[start..end]` by the table, as a
    /// vector classifier gives them.
    fn classified(bytes: &[u8], start: usize) -> Block {
        let end = bytes.len().min(start + 64);
        let mask = |test: &dyn Fn(u8) -> bool| {
            (start..end)
                .filter(|&at| test(bytes[at]))
                .fold(0_u64, |mask, at| mask | 1 << (at - start))
        };
        let inside = CLASSES.map(|class| mask(&|b| class.contains(b)));
        Block::new(
            start,
            end,
            inside,
            mask(&|b| b == b'%'),
            mask(&|b| b.is_ascii_hexdigit()),
        )
    }

    /// The reader, over blocks classified by the table and the scalar
    /// scans, agrees with the scalar scans wherever a scan starts and
    /// ends, with one context kept across the scans of a text as a parse
    /// keeps it, on texts that put triplets across block ends and ends.
    #[test]
    fn reading_masks_agrees_with_the_scalar_scans() {
        let pieces: [&[u8]; 8] = [b"a", b"%41", b"%4", b"%", b"/", b"?", b" ", b":"];
        let mut seed = 0x6464_u64;
        for round in 0..rounds(3_000) {
            let len = xorshift(&mut seed) % 200;
            let plain = 1 + xorshift(&mut seed) % 8;
            let text: Vec<u8> = text_of(&mut seed, &pieces, len, plain);
            let mut block = Block::EMPTY;
            for _ in 0..8 {
                let from = xorshift(&mut seed) as usize % (text.len() + 2);
                let to = xorshift(&mut seed) as usize % (text.len() + 2);
                for class in CLASSES {
                    let mut read = |triplets: bool| {
                        let classify = |at| classified(&text, at);
                        if triplets {
                            let scan = |at| uri_core::parse::encoded_span(class, &text, at, to);
                            span::<true>(&mut block, class, &text, from, to, classify, scan)
                        } else {
                            let scan = |at| class.span(&text, at, to);
                            span::<false>(&mut block, class, &text, from, to, classify, scan)
                        }
                    };
                    let (plain, encoded) = (read(false), read(true));
                    assert_eq!(plain, class.span(&text, from, to), "{round}: {text:?}");
                    assert_eq!(
                        encoded,
                        uri_core::parse::encoded_span(class, &text, from, to),
                        "{round}: {class:?} {from}..{to} of {text:?}"
                    );
                }
            }
        }
    }

    /// The reader of a block that holds the whole text agrees with the
    /// scalar scans wherever a scan starts and ends, on texts of up to
    /// sixty-four bytes with triplets, broken triplets and delimiters
    /// anywhere, the last two bytes included.
    #[test]
    fn reading_a_whole_block_agrees_with_the_scalar_scans() {
        let pieces: [&[u8]; 8] = [b"a", b"%41", b"%4", b"%", b"/", b"?", b" ", b":"];
        let mut seed = 0x7777_u64;
        for round in 0..rounds(3_000) {
            let len = xorshift(&mut seed) % 65;
            let plain = 1 + xorshift(&mut seed) % 8;
            let mut text: Vec<u8> = text_of(&mut seed, &pieces, len, plain);
            text.truncate(64);
            let block = classified(&text, 0);
            for _ in 0..8 {
                let from = xorshift(&mut seed) as usize % (text.len() + 2);
                let to = xorshift(&mut seed) as usize % (text.len() + 2);
                for class in CLASSES {
                    assert_eq!(
                        span_in_whole::<false>(&block, class, &text, from, to),
                        class.span(&text, from, to),
                        "{round}: {class:?} {from}..{to} of {text:?}"
                    );
                    assert_eq!(
                        span_in_whole::<true>(&block, class, &text, from, to),
                        uri_core::parse::encoded_span(class, &text, from, to),
                        "{round}: {class:?} {from}..{to} of {text:?}"
                    );
                }
            }
        }
    }
}
