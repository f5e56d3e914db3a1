//! SSSE3 (every x86-64 CPU since 2006 but the first): the encoder's
//! classifier of sixteen bytes and its writer of sixteen escapes (around
//! the loop in `escape::masked`), the parser's scans thirty-two bytes per
//! step with the same classifier and `uri-core`'s grammar stamped out
//! over them, the prefix an encode set keeps, and decoding sixteen bytes
//! a step with no branch on where the escapes are (`decode.rs`). Every
//! function here is called only after the CPU said it has SSSE3.

use alloc::string::String;
use core::arch::x86_64::{
    __m128i, _mm_and_si128, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_or_si128,
    _mm_set1_epi8, _mm_setr_epi8, _mm_setzero_si128, _mm_shuffle_epi8, _mm_srli_epi16,
    _mm_storeu_si128,
};
use core::ops::ControlFlow;

use uri_core::pct::{EncodeSet, UPPER_HEX};
use uri_core::table::Class;

use super::super::kernels::Kernels;
use super::super::text::push_ascii;
use super::{after_step, holds_hex_digits, kept_prefix_by_steps, triplet_starts};
use crate::bytes::{escape, scan};

mod decode;

/// The kernels SSSE3 runs.
pub(in crate::bytes::raw) const KERNELS: Kernels = Kernels {
    name: "SSSE3",
    supported: || std::is_x86_feature_detected!("ssse3"),
    encode: Some(push_escaped),
    decode: Some([decode::push_decoded::<false>, decode::push_decoded::<true>]),
    parse: Some(grammar::parse),
    kept_prefix: Some(kept_prefix),
    ..Kernels::NONE
};

/// The grammar of `uri-core` over [`span`] (without and with triplets).
mod grammar {
    uri_core::__grammar!(
        attrs: [#[target_feature(enable = "ssse3")]],
        qualifier: [],
        context: () = super::no_context,
        span: super::span::<false>,
        encoded_span: super::span::<true>,
        is_ipv4: super::super::ip::is_ipv4,
        is_ipv6: uri_core::__private::is_ipv6,
        quick_relative: false,
    );
}

/// [`push_escaped`](crate::bytes::raw::push_escaped) with the SSSE3 classifier inlined into the
/// loop.
///
/// # Safety
///
/// The CPU must support SSSE3.
#[target_feature(enable = "ssse3")]
unsafe fn push_escaped(out: &mut String, bytes: &[u8], set: &EncodeSet) {
    let rows = load(set.nibble_rows());
    escape::masked::push_escaped(
        bytes,
        set,
        |chunk| {
            let (halves, _) = chunk.as_chunks::<16>();
            escapes(load(&halves[0]), rows) | escapes(load(&halves[1]), rows) << 16
        },
        |window, chunk, marked| escape_dense(window, chunk, marked, set),
        |escaped| push_ascii(out, escaped),
    );
}

/// [`escape::masked::escape_halves`] with [`escape_all`], out of line so
/// that the loop around it stays small.
#[inline(never)]
#[target_feature(enable = "ssse3")]
fn escape_dense(window: &mut [u8], chunk: &[u8; 32], marked: u32, set: &EncodeSet) -> usize {
    escape::masked::escape_halves(window, chunk, marked, set, |bytes, out| {
        escape_all(bytes, out);
    })
}

/// Writes `%` and the two hex digits of each of sixteen bytes, all of
/// them escaped: each nibble looks its digit up with one byte shuffle,
/// and each sixteen bytes of output take their digits from those with two
/// more and their `%` from a constant ([`INTERLEAVE`]).
#[inline]
#[target_feature(enable = "ssse3")]
fn escape_all(bytes: &[u8; 16], out: &mut [u8; 48]) {
    let (bytes, nibble, digits) = (load(bytes), _mm_set1_epi8(0x0F), load(&UPPER_HEX));
    let high = _mm_shuffle_epi8(digits, _mm_and_si128(_mm_srli_epi16::<4>(bytes), nibble));
    let low = _mm_shuffle_epi8(digits, _mm_and_si128(bytes, nibble));
    let (outs, _) = out.as_chunks_mut::<16>();
    for (out, [from_high, from_low, percents]) in outs.iter_mut().zip(&INTERLEAVE) {
        let written = _mm_or_si128(
            _mm_or_si128(
                _mm_shuffle_epi8(high, load(from_high)),
                _mm_shuffle_epi8(low, load(from_low)),
            ),
            load(percents),
        );
        // SAFETY: `out` is sixteen writable bytes, and an unaligned store
        // has no alignment requirement.
        unsafe { _mm_storeu_si128(out.as_mut_ptr().cast(), written) };
    }
}

/// For each sixteen bytes of the forty-eight that [`escape_all`] writes:
/// which byte's high digit each takes, which byte's low digit (0x80,
/// none, where another piece fills it), and the `%`s. Output byte `j`
/// belongs to input byte `j / 3`: its `%`, high digit or low digit as
/// `j % 3` is 0, 1 or 2.
static INTERLEAVE: [[[u8; 16]; 3]; 3] = {
    let mut tables = [[[0; 16]; 3]; 3];
    let mut j = 0;
    while j < 48 {
        let (piece, lane, byte) = (j / 16, j % 16, (j / 3) as u8);
        let [from_high, from_low, percents] = &mut tables[piece];
        from_high[lane] = if j % 3 == 1 { byte } else { 0x80 };
        from_low[lane] = if j % 3 == 2 { byte } else { 0x80 };
        percents[lane] = if j % 3 == 0 { b'%' } else { 0 };
        j += 1;
    }
    tables
};

/// [`kept_prefix`](crate::bytes::raw::kept_prefix) with the SSSE3 classifier.
///
/// # Safety
///
/// The CPU must support SSSE3.
#[target_feature(enable = "ssse3")]
pub(super) unsafe fn kept_prefix(bytes: &[u8], set: &EncodeSet) -> usize {
    let rows = load(set.nibble_rows());
    let by_table = |rest: &[u8]| scan::kept_prefix(rest, set);
    kept_prefix_by_steps::<16>(bytes, |step| escapes(load(step), rows), by_table)
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

/// The context of a parse over [`span`], which keeps nothing.
#[inline]
fn no_context(_: &[u8]) {}

/// [`Class::span`] (or, with `TRIPLETS`,
/// [`uri_core::parse::encoded_span`]) thirty-two bytes per step, for the
/// parser stamped out over it: the same answer on every input.
#[inline]
#[target_feature(enable = "ssse3")]
pub(in crate::bytes::raw) fn span<const TRIPLETS: bool>(
    _: &mut (),
    class: Class,
    bytes: &[u8],
    from: usize,
    to: usize,
) -> usize {
    scan_class::<TRIPLETS>(class, span_rows(class), bytes, from, to)
}

/// The nibble rows (see [`EncodeSet::nibble_rows`]) of the set that keeps
/// exactly the bytes of `class`, for the classes the parser scans, found
/// by the class's one bit; `None` for other classes, which the scalar scan
/// handles.
#[inline(always)]
pub(super) fn span_rows(class: Class) -> Option<&'static [u8; 16]> {
    use uri_core::table;
    const ROWS: [Option<[u8; 16]>; 32] = {
        let mut rows = [None; 32];
        let scanned = [
            table::PATH,
            table::QUERY_FRAGMENT,
            table::REG_NAME,
            table::USERINFO,
            table::SCHEME,
        ];
        let mut k = 0;
        while k < scanned.len() {
            let class = scanned[k];
            assert!(class.bits().is_power_of_two());
            let set = EncodeSet::keeping(class);
            rows[class.bits().trailing_zeros() as usize] = Some(*set.nibble_rows());
            k += 1;
        }
        rows
    };
    let bits = class.bits();
    if !bits.is_power_of_two() {
        return None;
    }
    ROWS[bits.trailing_zeros() as usize].as_ref()
}

/// The end of the run of `class`'s bytes (and, with `TRIPLETS`, of
/// well-formed `%XX` triplets) in `bytes[from..to]`; `rows` are the
/// class's nibble rows, or `None` for a class the vector scan does not
/// know. The callers above find them where the class is a constant, so
/// the lookup costs nothing at run time.
///
/// A step reads the thirty-two bytes at `i` when the text has them, else
/// the sixteen at `i`, else the text's last sixteen (and ignores those
/// before `i`); bytes past `to` are read but never counted.
///
/// With `TRIPLETS`, every step looks for triplets, though only a step
/// with a byte outside the class can hold one: whether a step has such a
/// byte changes from text to text and from step to step, and a branch on
/// it missed often enough to cost more time than the lookups
/// (BENCHMARKS.md, "The parser classifies once").
#[inline]
#[target_feature(enable = "ssse3")]
pub(super) fn scan_class<const TRIPLETS: bool>(
    class: Class,
    rows: Option<&[u8; 16]>,
    bytes: &[u8],
    from: usize,
    to: usize,
) -> usize {
    const HEX_DIGITS: EncodeSet = EncodeSet::keeping(uri_core::table::HEXDIG);
    let to = to.min(bytes.len());
    if from >= to {
        return from;
    }
    // Texts shorter than a window (most relative references) are scanned
    // byte by byte: padding a copy would cost more than the scan. So is a
    // class whose triplets' digits would need passing (none the grammar
    // scans), asked once here rather than at every step.
    let vector = bytes.len() >= 16 && (!TRIPLETS || holds_hex_digits(class));
    let Some(rows) = rows.filter(|_| vector) else {
        return if TRIPLETS {
            uri_core::parse::encoded_span(class, bytes, from, to)
        } else {
            class.span(bytes, from, to)
        };
    };
    let (rows, hex_rows) = (load(rows), load(HEX_DIGITS.nibble_rows()));
    // Bit `k` for each byte of `chunks` that stops the scan: outside the
    // class, and not part of a triplet the chunks hold whole and that ends
    // before `limit` (counted from the first chunk's first byte).
    let stops = |chunks: &[__m128i], limit: usize| -> u64 {
        let mut outside = 0;
        for (k, &chunk) in chunks.iter().enumerate() {
            outside |= u64::from(escapes(chunk, rows)) << (16 * k);
        }
        if TRIPLETS {
            outside &= !triplets(chunks, hex_rows, limit);
        }
        outside
    };
    let mut i = from;
    while i < to {
        // Thirty-two bytes per step while the text has them, with one
        // branch; then sixteen, the last window of the text.
        let (outside, next) = if let Some(pair) = bytes.get(i..i + 32) {
            let (halves, _) = pair.as_chunks::<16>();
            let chunks = [load(&halves[0]), load(&halves[1])];
            (stops(&chunks, to - i), i + 32)
        } else {
            let (window, start) = window_at::<16>(bytes, i);
            (
                stops(&[load(&window)], to - start) >> (i - start),
                start + 16,
            )
        };
        match after_step::<TRIPLETS>(bytes, i, outside, next, to) {
            ControlFlow::Continue(next) => i = next,
            ControlFlow::Break(end) => return end,
        }
    }
    to
}

/// Bit `k` set for the `%` of each well-formed `%XX` triplet that lies
/// whole in `chunks` (sixteen bytes each, in order) and ends before
/// `limit` (the scan's end, counted from the first chunk's first byte).
#[inline]
#[target_feature(enable = "ssse3")]
fn triplets(chunks: &[__m128i], hex_rows: __m128i, limit: usize) -> u64 {
    let (mut percent, mut hex) = (0_u64, 0_u64);
    for (k, &chunk) in chunks.iter().enumerate() {
        let marks = _mm_movemask_epi8(_mm_cmpeq_epi8(chunk, _mm_set1_epi8(b'%'.cast_signed())));
        percent |= u64::from(marks.cast_unsigned()) << (16 * k);
        hex |= u64::from(!escapes(chunk, hex_rows) & 0xFFFF) << (16 * k);
    }
    triplet_starts_before(percent, hex, 16 * chunks.len(), limit)
}

/// [`triplet_starts`] among `width` bytes, of the triplets that end
/// before `limit`. A scan passes only triplets of a class that holds
/// every hex digit ([`holds_hex_digits`]), where the digits are no stops
/// already. A triplet that starts in the last two bytes is left for the
/// caller.
#[inline]
pub(super) fn triplet_starts_before(percent: u64, hex: u64, width: usize, limit: usize) -> u64 {
    let mut starts = triplet_starts(percent, hex);
    if limit < width + 2 {
        // The two digits must come before `limit`.
        starts &= (1 << limit.saturating_sub(2)) - 1;
    }
    starts
}

/// `N` bytes of `bytes` (which has at least `N`) that hold `bytes[i]` and
/// as many of those after it as there are, and the index of the first.
#[inline]
fn window_at<const N: usize>(bytes: &[u8], i: usize) -> ([u8; N], usize) {
    if let Some(Ok(window)) = bytes.get(i..i + N).map(<[u8; N]>::try_from) {
        return (window, i);
    }
    let start = bytes.len().saturating_sub(N);
    let mut window = [0; N];
    if let Some(tail) = bytes.get(start..) {
        let len = tail.len().min(N);
        window[..len].copy_from_slice(&tail[..len]);
    }
    (window, start)
}

#[inline]
#[target_feature(enable = "ssse3")]
fn load(bytes: &[u8; 16]) -> __m128i {
    // SAFETY: `bytes` is sixteen readable bytes, and an unaligned load
    // has no alignment requirement.
    unsafe { _mm_loadu_si128(bytes.as_ptr().cast()) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bytes::raw::agreement::SETS;

    #[test]
    fn vector_classification_matches_the_table_for_every_byte() {
        if !std::is_x86_feature_detected!("ssse3") {
            return;
        }
        for set in SETS {
            for first in (0..=255u8).step_by(16) {
                let chunk: [u8; 16] = core::array::from_fn(|k| first + k as u8);
                // SAFETY: the CPU supports SSSE3, as checked above.
                let escapes = unsafe { escapes(load(&chunk), load(set.nibble_rows())) };
                for (k, &b) in chunk.iter().enumerate() {
                    assert_eq!(escapes >> k & 1 == 1, !set.keeps(b), "{set:?} {b:#x}");
                }
            }
        }
    }
}
