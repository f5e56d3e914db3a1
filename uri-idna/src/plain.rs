//! The common case of a browser's "domain to ASCII", without UTS 46's
//! tables: an ASCII name whose `xn--` labels spell letters of the common
//! scripts (`xn--bcher-kva` is `bücher`, `xn--fsqu00a` is `例子`). Such a
//! name maps to itself in lowercase, and proving it takes decoding each
//! `xn--` label's punycode (RFC 3492) and looking each letter up in a few
//! ranges; the full mapping also normalizes the decoded label, looks each
//! character up in UTS 46's table, and checks the bidi and joiner rules.
//!
//! A range below holds only characters that UTS 46 keeps as they are
//! (status valid, not a deviation), that are not marks, that compose with
//! no neighbour and have a canonical combining class of 0 (so any string
//! of them is in NFC), and whose bidi class is L (so no name of them and
//! ASCII is a bidi domain). The tests check every character of every range
//! against the full mapping, and random names against it too. Any other
//! name, and any doubt, goes to the full mapping.

use alloc::borrow::Cow;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

/// The letters a decoded label may hold here, inclusive ranges.
const PLAIN: [(u32, u32); 9] = [
    // Latin-1 lowercase letters but `ß` (a deviation) and `÷`.
    (0x00E0, 0x00F6),
    (0x00F8, 0x00FF),
    // Greek lowercase letters but the final sigma `ς` (a deviation).
    (0x03B1, 0x03C1),
    (0x03C3, 0x03C9),
    // Cyrillic lowercase letters.
    (0x0430, 0x045F),
    // Hiragana and katakana letters, without the combining sound marks
    // and the middle dot.
    (0x3041, 0x3096),
    (0x30A1, 0x30FA),
    // CJK unified ideographs.
    (0x4E00, 0x9FFF),
    // Hangul syllables (the conjoining jamo, which compose, are left out).
    (0xAC00, 0xD7A3),
];

/// The most characters a decoded label is read into here; a longer one
/// (DNS allows 63 bytes a label, so only a label DNS refuses) goes to the
/// full mapping.
const MAX_DECODED: usize = 64;

/// `domain` as a browser maps it, when it is ASCII letters, digits, `-`
/// and `.` in labels that are not empty, and every `xn--` label decodes
/// to letters of [`PLAIN`]: the domain in lowercase. `None` when the full
/// mapping must decide.
pub(crate) fn ascii_form(domain: &str) -> Option<Cow<'_, str>> {
    let mut kinds = 0;
    for label in domain.as_bytes().split(|&b| b == b'.') {
        // One lookup a byte and no branch: labels are short.
        kinds |= label
            .iter()
            .fold(0, |kinds, &b| kinds | LABEL_BYTE[usize::from(b)]);
        if label.is_empty() || kinds & OTHER != 0 {
            return None;
        }
        if let Some(encoded) = punycode_of(label)
            && !decodes_to_plain_letters(encoded)
        {
            return None;
        }
    }
    Some(if kinds & UPPER != 0 {
        Cow::Owned(domain.to_ascii_lowercase())
    } else {
        Cow::Borrowed(domain)
    })
}

/// What a byte of a label says about it, a bit each: it is an uppercase
/// ASCII letter, or it is no ASCII letter, digit or `-` at all.
const LABEL_BYTE: [u8; 256] = {
    let mut kinds = [OTHER; 256];
    let mut b = 0;
    while b < 128 {
        kinds[b] = match b as u8 {
            b'a'..=b'z' | b'0'..=b'9' | b'-' => 0,
            b'A'..=b'Z' => UPPER,
            _ => OTHER,
        };
        b += 1;
    }
    kinds
};
const UPPER: u8 = 1;
const OTHER: u8 = 2;

/// The punycode of an `xn--` label (the prefix in any case).
fn punycode_of(label: &[u8]) -> Option<&[u8]> {
    let (prefix, encoded) = label.split_at_checked(4)?;
    prefix.eq_ignore_ascii_case(b"xn--").then_some(encoded)
}

/// Whether `encoded` is the punycode of a label of ASCII and at least one
/// letter of [`PLAIN`]. A label that decodes to one starting with `xn--`
/// is left to the full mapping too: newer revisions of UTS 46 refuse it,
/// and whether the tables do depends on the revision the `idna` crate
/// follows.
fn decodes_to_plain_letters(encoded: &[u8]) -> bool {
    let mut decoded = [0u32; MAX_DECODED];
    let Some(len) = decode(encoded, &mut decoded) else {
        return false;
    };
    let label = decoded.get(..len).unwrap_or_default();
    let starts_like_punycode =
        label.len() >= 4 && label.iter().zip(b"xn--").all(|(&c, &p)| c == u32::from(p));
    label.iter().any(|&c| c >= 0x80) && !starts_like_punycode
}

// RFC 3492's parameters for punycode.
const BASE: u32 = 36;
const T_MIN: u32 = 1;
const T_MAX: u32 = 26;
const SKEW: u32 = 38;
const DAMP: u32 = 700;
const INITIAL_BIAS: u32 = 72;
const INITIAL_N: u32 = 0x80;

/// Decodes punycode (RFC 3492 section 6.2) into `out`, returning how many
/// characters it holds; `None` for text that is not punycode, that
/// overflows, that inserts a character outside [`PLAIN`], or that decodes
/// to more than [`MAX_DECODED`] characters. Digits are read in either
/// case, as UTS 46 lowercases the label before it decodes it.
fn decode(encoded: &[u8], out: &mut [u32; MAX_DECODED]) -> Option<usize> {
    // The basic characters are those before the last `-`; a `-` first is
    // no delimiter but a digit, which `-` is not.
    let (basic, mut deltas) = match encoded.iter().rposition(|&b| b == b'-') {
        Some(0) => return None,
        Some(dash) => (encoded.get(..dash)?, encoded.get(dash + 1..)?),
        None => (&[][..], encoded),
    };
    let mut len = 0;
    for (slot, &b) in out.iter_mut().zip(basic) {
        *slot = u32::from(b);
        len += 1;
    }
    if len < basic.len() {
        return None;
    }
    let (mut n, mut i, mut bias) = (INITIAL_N, 0u32, INITIAL_BIAS);
    let mut first = true;
    while !deltas.is_empty() {
        let before = i;
        let mut weight = 1u32;
        let mut k = BASE;
        loop {
            let (&byte, rest) = deltas.split_first()?;
            deltas = rest;
            let digit = digit_value(byte)?;
            i = i.checked_add(digit.checked_mul(weight)?)?;
            let threshold = k.saturating_sub(bias).clamp(T_MIN, T_MAX);
            if digit < threshold {
                break;
            }
            weight = weight.checked_mul(BASE - threshold)?;
            k += BASE;
        }
        let count = u32::try_from(len + 1).ok()?;
        bias = adapt(i - before, count, first);
        first = false;
        n = n.checked_add(i / count)?;
        i %= count;
        if !is_plain(n) || len == MAX_DECODED {
            return None;
        }
        let at = i as usize;
        // Most letters land at the end (a label of one script is encoded
        // in the order it reads), which moves nothing.
        if at < len {
            out.copy_within(at..len, at + 1);
        }
        *out.get_mut(at)? = n;
        len += 1;
        i += 1;
    }
    Some(len)
}

/// A punycode digit's value: `a`–`z` are 0–25, `0`–`9` are 26–35.
fn digit_value(byte: u8) -> Option<u32> {
    match byte {
        b'a'..=b'z' => Some(u32::from(byte - b'a')),
        b'A'..=b'Z' => Some(u32::from(byte - b'A')),
        b'0'..=b'9' => Some(u32::from(byte - b'0') + 26),
        _ => None,
    }
}

/// The bias after a delta (RFC 3492 section 6.1).
fn adapt(delta: u32, count: u32, first: bool) -> u32 {
    let mut delta = if first { delta / DAMP } else { delta / 2 };
    delta += delta / count;
    let mut k = 0;
    while delta > ((BASE - T_MIN) * T_MAX) / 2 {
        delta /= BASE - T_MIN;
        k += BASE;
    }
    k + (BASE - T_MIN + 1) * delta / (delta + SKEW)
}

/// Whether `c` is in [`PLAIN`].
fn is_plain(c: u32) -> bool {
    PLAIN.iter().any(|&(low, high)| (low..=high).contains(&c))
}

/// Asserts that wherever this path answers for `text`, or for `text` with
/// its labels that are not ASCII written as `xn--` and their punycode, the
/// full mapping gives the same name: the fuzz target `idna` calls it.
///
/// # Panics
///
/// Where the two answers differ, which is a bug.
pub fn check_against_tables(text: &str) {
    let encoded: Vec<String> = text
        .split('.')
        .map(|label| match idna::punycode::encode_str(label) {
            Some(punycode) if !label.is_ascii() => format!("xn--{punycode}"),
            _ => String::from(label),
        })
        .collect();
    let encoded = encoded.join(".");
    for domain in [text, encoded.as_str()] {
        if let Some(fast) = ascii_form(domain) {
            let full = crate::domain_to_ascii_fully(domain);
            assert_eq!(Some(fast.as_ref()), full.as_deref().ok(), "{domain:?}");
        }
    }
}

/// Every character of [`PLAIN`], for the tests.
#[cfg(test)]
pub(crate) fn plain_chars() -> impl Iterator<Item = char> {
    PLAIN
        .iter()
        .flat_map(|&(low, high)| low..=high)
        .filter_map(char::from_u32)
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use crate::domain_to_ascii_fully;
    use idna::punycode::encode_str;
    use std::format;
    use std::string::String;
    use std::vec::Vec;

    /// Every letter of every range, alone in a label and among ASCII,
    /// takes this path and maps as the full mapping maps it.
    #[test]
    fn every_plain_letter_maps_as_the_tables_map_it() {
        let mut checked = 0;
        for c in plain_chars() {
            for label in [format!("{c}"), format!("A{c}b-9{c}")] {
                let punycode = encode_str(&label).unwrap();
                let domain = format!("www.XN--{punycode}.example");
                let fast = ascii_form(&domain);
                assert!(fast.is_some(), "{c:?} U+{:04X} {domain}", u32::from(c));
                assert_eq!(
                    fast.map(Cow::into_owned),
                    domain_to_ascii_fully(&domain).ok().map(Cow::into_owned),
                    "{c:?} U+{:04X}",
                    u32::from(c)
                );
                checked += 1;
            }
        }
        assert!(checked > 60_000, "{checked}");
    }

    /// Random names, of plain letters and others, ASCII, `xn--` and
    /// punycode digits in any order: wherever this path answers, the full
    /// mapping gives the same name.
    #[test]
    fn random_names_map_as_the_tables_map_them() {
        // Letters inside the ranges and at and past their edges.
        const LETTERS: &[char] = &[
            'ü', 'à', 'ÿ', 'ö', 'ø', 'ß', '÷', 'Ü', 'α', 'ω', 'ς', 'ϊ', 'а', 'я', 'ѐ', 'џ', 'Ѡ',
            'Я', 'ぁ', 'ゖ', 'ゕ', '゙', 'ァ', 'ヺ', '・', 'ー', '例', '子', '一', '鿿', '가', '힣',
            'ᄀ', 'ᆨ', 'א', 'ب', '\u{200D}', '\u{0301}', 'e', 'x', 'n', '-', '1', 'A', '.',
        ];
        const ASCII: &[&str] = &["xn--", "-", "a", "Z", "9", "ab", "--", "xn-", "0"];
        let mut state: u64 = 0x1d4a_5eed;
        let mut next = move || crate::testing::xorshift(&mut state);
        let mut answered = 0;
        for _ in 0..60_000 {
            let mut labels: Vec<String> = Vec::new();
            for _ in 0..=next() % 3 {
                let mut label = String::new();
                let from_letters = next() % 3 != 0;
                for _ in 0..=next() % 6 {
                    if from_letters && next() % 2 == 0 {
                        label.push(LETTERS[(next() % LETTERS.len() as u64) as usize]);
                    } else {
                        label.push_str(ASCII[(next() % ASCII.len() as u64) as usize]);
                    }
                }
                // Most labels encoded as a browser writes them; some
                // with their `xn--` written before raw text.
                let label = match (next() % 4, encode_str(&label)) {
                    (0, _) => format!("xn--{}", label.replace('.', "")),
                    (_, Some(p)) if !label.is_ascii() => format!("xn--{p}"),
                    _ => label,
                };
                labels.push(label);
            }
            let domain = labels.join(".");
            if let Some(fast) = ascii_form(&domain) {
                let full = domain_to_ascii_fully(&domain);
                assert_eq!(Some(fast.as_ref()), full.as_deref().ok(), "{domain}");
                answered += 1;
            }
        }
        assert!(answered > 5_000, "{answered}");
    }

    #[test]
    fn other_names_go_to_the_tables() {
        for domain in [
            "xn--zca.de",           // ß, a deviation
            "xn--3xa.gr",           // ς, a deviation
            "xn--cya.gr",           // ϊ, a letter outside the ranges
            "xn--wca.de",           // Ü, which maps to ü
            "xn--4db.il",           // א: right to left
            "xn--.com",             // nothing to decode
            "xn---abc.com",         // a `-` where a digit must be
            "xn--abc-.com",         // ASCII only once decoded
            "xn--xn---3ra.com",     // decodes to `xn--ü`
            "a..b",                 // an empty label
            "example.com.",         // a final root
            "a_b.com",              // not a letter, digit or `-`
            "xn--bcher-kva%41.com", // an escape
        ] {
            assert_eq!(ascii_form(domain), None, "{domain}");
        }
        // A label longer than DNS allows (which a browser accepts) is
        // left to the tables, whether its ASCII or its letters overflow
        // the buffer.
        for label in ["a".repeat(70) + "ü", "ü".repeat(70)] {
            let domain = format!("xn--{}.example", encode_str(&label).unwrap());
            assert_eq!(ascii_form(&domain), None, "{domain}");
            assert!(domain_to_ascii_fully(&domain).is_ok(), "{domain}");
        }
        // Where the tables refuse a name, so must this path.
        for refused in ["xn--wca.de", "xn--.com", "xn---abc.com", "xn--abc-.com"] {
            assert!(domain_to_ascii_fully(refused).is_err(), "{refused}");
        }
        assert_eq!(
            ascii_form("XN--BCHER-KVA.Example").as_deref(),
            Some("xn--bcher-kva.example")
        );
        assert!(matches!(
            ascii_form("xn--fsqu00a.com"),
            Some(Cow::Borrowed(_))
        ));
    }
}
