//! The parser's two scans sixty-four bytes per step with AVX-512, for the
//! grammar stamped out over them on CPUs with AVX-512BW and
//! AVX-512VBMI; and, on the same CPUs, normalization's two checks (escapes
//! in normal form, dot segments), one branch per step.
//!
//! One byte permutation (`vpermi2b`) looks every byte of a step up in a
//! 128-entry table that holds, for each ASCII byte, a bit for each class
//! the grammar scans: so one step answers for every class, and a scan of
//! any class is a bit test, a count of trailing zeros, and one branch on
//! the stops (besides a predictable one on whether the step is the last).
//! A step that ends before the scan's end reads its sixty-four bytes
//! plainly; the last one reads with a masked load that stops at the
//! scan's end, so a step never reads past the text (masked-off lanes are
//! not read) and needs no whole window, and the scan's end shows up as a
//! stop of its own: a lane that was not read holds zero, which is in no
//! class.

use core::arch::x86_64::{
    __m512i, _mm512_add_epi8, _mm512_and_si512, _mm512_cmpeq_epi8_mask, _mm512_cmpge_epi8_mask,
    _mm512_cmpgt_epu8_mask, _mm512_cmplt_epu8_mask, _mm512_loadu_si512, _mm512_maskz_loadu_epi8,
    _mm512_maskz_mov_epi8, _mm512_maskz_permutex2var_epi8, _mm512_or_si512, _mm512_set1_epi8,
    _mm512_setzero_si512, _mm512_slli_epi16, _mm512_sub_epi8, _mm512_test_epi8_mask,
};

use uri_core::table::{self, Class};

use super::super::{holds_hex_digits, triplet_starts};

/// The classes the table knows, in the order of their bits.
pub(super) const CLASSES: [Class; 8] = [
    table::SCHEME,
    table::REG_NAME,
    table::USERINFO,
    table::PATH,
    table::QUERY_FRAGMENT,
    table::DIGIT,
    table::HEXDIG,
    table::UNRESERVED,
];

/// The bit of the hex digits, which the triplets of `encoded_span` need.
pub(super) const HEX_BIT: u8 = 1 << 6;

/// The bit of `unreserved`, the bytes whose escapes normalization decodes.
const UNRESERVED_BIT: u8 = 1 << 7;

/// For each ASCII byte, the bits of the [`CLASSES`] that hold it; zero,
/// which is in none of them, for the lanes a step does not read.
static MEMBERSHIP: [u8; 128] = {
    let mut membership = [0; 128];
    let mut byte = 0;
    while byte < 128 {
        let mut k = 0;
        while k < CLASSES.len() {
            if CLASSES[k].contains(byte as u8) {
                membership[byte] |= 1 << k;
            }
            k += 1;
        }
        byte += 1;
    }
    assert!(membership[0] == 0);
    assert!(CLASSES[6].bits() == table::HEXDIG.bits() && HEX_BIT == 1 << 6);
    assert!(CLASSES[7].bits() == table::UNRESERVED.bits() && UNRESERVED_BIT == 1 << 7);
    membership
};

/// The bit of `class` in [`MEMBERSHIP`], or `None` for a class the table
/// does not know (which the scalar scans handle). Folded away where the
/// class is a constant.
#[inline]
const fn class_bit(class: Class) -> Option<u8> {
    let mut k = 0;
    while k < CLASSES.len() {
        if CLASSES[k].bits() == class.bits() {
            return Some(1 << k);
        }
        k += 1;
    }
    None
}

/// [`Class::span`] sixty-four bytes per step: the same answer on every
/// input.
#[inline]
#[target_feature(enable = "avx512bw,avx512vbmi")]
pub(in crate::bytes::raw) fn span(class: Class, bytes: &[u8], from: usize, to: usize) -> usize {
    match class_bit(class) {
        Some(bit) => scan::<false>(bit, bytes, from, to),
        None => class.span(bytes, from, to.min(bytes.len())),
    }
}

/// [`uri_core::parse::encoded_span`] sixty-four bytes per step: the same
/// answer on every input.
#[inline]
#[target_feature(enable = "avx512bw,avx512vbmi")]
pub(in crate::bytes::raw) fn encoded_span(
    class: Class,
    bytes: &[u8],
    from: usize,
    to: usize,
) -> usize {
    match class_bit(class) {
        Some(bit) if holds_hex_digits(class) => scan::<true>(bit, bytes, from, to),
        _ => uri_core::parse::encoded_span(class, bytes, from, to.min(bytes.len())),
    }
}

/// The end of the run of bytes whose [`MEMBERSHIP`] has `bit` (and, with
/// `TRIPLETS`, of well-formed `%XX` triplets, for a class that holds
/// every hex digit, [`holds_hex_digits`]) in `bytes[from..to]`.
#[inline]
#[target_feature(enable = "avx512bw,avx512vbmi")]
fn scan<const TRIPLETS: bool>(bit: u8, bytes: &[u8], from: usize, to: usize) -> usize {
    let to = to.min(bytes.len());
    if from >= to {
        return from;
    }
    let (low, high) = table_halves();
    // A step that starts before `whole_until` ends at `to` at the latest
    // and reads its sixty-four bytes without a mask; only a loop's last
    // step is masked. The bound is worked out once a scan, so a step (a
    // long query takes several) pays one comparison for it.
    let whole_until = to.saturating_sub(63);
    let mut i = from;
    loop {
        let text = if i < whole_until {
            // SAFETY: `i + 64` is at most `to`, which is at most the
            // text's length; the load has no alignment requirement.
            unsafe { _mm512_loadu_si512(bytes.as_ptr().add(i).cast()) }
        } else {
            read(bytes, i, to).1
        };
        let classes = classes_of(text, (low, high));
        let inside = _mm512_test_epi8_mask(classes, _mm512_set1_epi8(bit.cast_signed()));
        let mut stops = !inside;
        if TRIPLETS {
            let percent = _mm512_cmpeq_epi8_mask(text, _mm512_set1_epi8(b'%'.cast_signed()));
            let hex = _mm512_test_epi8_mask(classes, _mm512_set1_epi8(HEX_BIT.cast_signed()));
            // The digits are inside the class already.
            stops &= !triplet_starts(percent, hex);
        }
        // Always true when the step reached `to`: its first unread lane.
        if stops != 0 {
            let stop = i + stops.trailing_zeros() as usize;
            // A triplet the step did not hold whole is checked here.
            if TRIPLETS && stop < to && uri_core::pct::is_triplet(bytes, stop, to) {
                i = stop + 3;
                continue;
            }
            return stop;
        }
        i += 64;
    }
}

/// [`scan::escapes_in_normal_form`](crate::bytes::scan::escapes_in_normal_form) sixty-four bytes per step:
/// the step's bytes are read three times, from `i`, `i + 1` and `i + 2`,
/// so that each lane holding a `%` sees its two digits; an escape fails
/// the check when either digit is a lowercase letter or the byte it
/// spells is in `unreserved`. Capitals in the prefix are lanes whose
/// byte minus `A` is below 26, kept below the prefix's end. One branch
/// per step, on the answer. Without a prefix, the steps start at the
/// first `%`. With `PROVEN` the caller says each `%` starts an escape,
/// and the digits after it are not classified.
#[target_feature(enable = "avx512bw,avx512vbmi")]
pub(super) fn escapes_in_normal_form<const PROVEN: bool>(
    bytes: &[u8],
    lowercase_until: usize,
) -> bool {
    let bytes = super::super::escape_check_text!(bytes, lowercase_until, first_percent);
    let (low, high) = table_halves();
    let from = |at: usize| read(bytes, at, bytes.len()).1;
    let has = |text: __m512i, bit: u8| {
        _mm512_test_epi8_mask(
            classes_of(text, (low, high)),
            _mm512_set1_epi8(bit.cast_signed()),
        )
    };
    // A hex digit's value: its low four bits, and nine more for a letter.
    let value = |digits: __m512i| {
        let letters = _mm512_test_epi8_mask(digits, _mm512_set1_epi8(0x40));
        _mm512_add_epi8(
            _mm512_and_si512(digits, _mm512_set1_epi8(0x0F)),
            _mm512_maskz_mov_epi8(letters, _mm512_set1_epi8(9)),
        )
    };
    let mut i = 0;
    while i < bytes.len() {
        let (text, first, second) = (from(i), from(i + 1), from(i + 2));
        let percent = _mm512_cmpeq_epi8_mask(text, _mm512_set1_epi8(b'%'.cast_signed()));
        let escapes = if PROVEN {
            percent
        } else {
            percent & has(first, HEX_BIT) & has(second, HEX_BIT)
        };
        let f = _mm512_set1_epi8(b'F'.cast_signed());
        let lowercase = _mm512_cmpgt_epu8_mask(first, f) | _mm512_cmpgt_epu8_mask(second, f);
        // The shift carries each value's high bits into the next lane's
        // low four, which the mask clears.
        let high_nibble = _mm512_and_si512(
            _mm512_slli_epi16::<4>(value(first)),
            _mm512_set1_epi8(0xF0_u8.cast_signed()),
        );
        let decoded = _mm512_or_si512(high_nibble, value(second));
        // The prefix's lanes in this step; lanes past the text hold zero,
        // which no capital is.
        let prefix = u64::MAX
            .checked_shr(64 - lowercase_until.saturating_sub(i).min(64) as u32)
            .unwrap_or(0);
        let letters = _mm512_sub_epi8(text, _mm512_set1_epi8(b'A'.cast_signed()));
        let capitals = _mm512_cmplt_epu8_mask(letters, _mm512_set1_epi8(26)) & prefix;
        if (escapes & (lowercase | has(decoded, UNRESERVED_BIT))) | capitals != 0 {
            return false;
        }
        i += 64;
    }
    true
}

/// [`scan::has_dot_segments`](crate::bytes::scan::has_dot_segments) sixty-four bytes per step: the
/// step's bytes are read from `i`, `i + 1` and `i + 2`, so that each lane
/// sees the two bytes after it, and the step before passes on whether its
/// last byte was a `/`. A `.` starts a dot segment where the byte before
/// it is a `/` (or there is none) and the one after it is a `/` or the
/// end, or is a second `.` followed by a `/` or the end.
#[target_feature(enable = "avx512bw,avx512vbmi")]
pub(super) fn has_dot_segments(bytes: &[u8]) -> bool {
    let from = |at: usize| read(bytes, at, bytes.len());
    let is = |text: __m512i, byte: u8| {
        _mm512_cmpeq_epi8_mask(text, _mm512_set1_epi8(byte.cast_signed()))
    };
    // Whether the byte before the step is a `/`, or the path's start.
    let mut after_slash = 1_u64;
    let mut i = 0;
    while i < bytes.len() {
        let ((_, text), (lanes1, first), (lanes2, second)) = (from(i), from(i + 1), from(i + 2));
        let slashes = is(text, b'/');
        let starts = slashes << 1 | after_slash;
        // A lane whose next byte, or the one after, is a `/` or past the end.
        let ends1 = is(first, b'/') | !lanes1;
        let ends2 = is(second, b'/') | !lanes2;
        // Lanes past the end hold zero, never a `.`.
        let dots = is(text, b'.') & starts;
        if dots & (ends1 | (is(first, b'.') & ends2)) != 0 {
            return true;
        }
        after_slash = slashes >> 63;
        i += 64;
    }
    false
}

/// The bytes of `bytes[at..to]`, sixty-four at most, zero past `to`, and
/// the lanes that hold them; nothing from `at` past `to`.
#[inline]
#[target_feature(enable = "avx512bw,avx512vbmi")]
pub(super) fn read(bytes: &[u8], at: usize, to: usize) -> (u64, __m512i) {
    let to = to.min(bytes.len());
    let at = at.min(to);
    let lanes = u64::MAX
        .checked_shr(64 - (to - at).min(64) as u32)
        .unwrap_or(0);
    // SAFETY: `at` is at most `to`, which is at most the text's length,
    // and `lanes` enables only the bytes from `at` to `to`; masked-off
    // lanes are not read, and the load has no alignment requirement.
    let text = unsafe { _mm512_maskz_loadu_epi8(lanes, bytes.as_ptr().add(at).cast()) };
    (lanes, text)
}

/// The index of the first `%` in `bytes`, sixty-four bytes a comparison;
/// the last step's load stops at the text's end.
#[inline]
#[target_feature(enable = "avx512bw,avx512vbmi")]
fn first_percent(bytes: &[u8]) -> Option<usize> {
    let mut at = 0;
    while at < bytes.len() {
        let (_, text) = read(bytes, at, bytes.len());
        let marks = _mm512_cmpeq_epi8_mask(text, _mm512_set1_epi8(b'%'.cast_signed()));
        if marks != 0 {
            return Some(at + marks.trailing_zeros() as usize);
        }
        at += 64;
    }
    None
}

/// The [`MEMBERSHIP`] of each byte of `text`, looked up in the two
/// halves of [`table_halves`]. The table is indexed by the low seven
/// bits; a byte above ASCII, which is in no class, looks up nothing (its
/// lane is zeroed), so a class test needs no mask of its own.
#[inline]
#[target_feature(enable = "avx512bw,avx512vbmi")]
pub(super) fn classes_of(text: __m512i, (low, high): (__m512i, __m512i)) -> __m512i {
    let ascii = _mm512_cmpge_epi8_mask(text, _mm512_setzero_si512());
    _mm512_maskz_permutex2var_epi8(ascii, low, text, high)
}

/// [`MEMBERSHIP`] as the two tables of `vpermi2b`.
#[inline]
#[target_feature(enable = "avx512bw,avx512vbmi")]
pub(super) fn table_halves() -> (__m512i, __m512i) {
    let (halves, _) = MEMBERSHIP.as_chunks::<64>();
    // SAFETY: each half is sixty-four readable bytes, and an unaligned
    // load has no alignment requirement.
    unsafe {
        (
            _mm512_loadu_si512(halves[0].as_ptr().cast()),
            _mm512_loadu_si512(halves[1].as_ptr().cast()),
        )
    }
}
