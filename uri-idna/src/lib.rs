//! International domain names in URI hosts: the one place where a host
//! written in Unicode becomes the ASCII (`xn--`) form DNS uses, and back.
//!
//! ```
//! use uri_idna::{host_to_ascii, host_to_unicode, IdnaErrorKind};
//!
//! assert_eq!(host_to_ascii("例え.jp")?, "xn--r8jz45g.jp");
//! assert_eq!(host_to_unicode("xn--r8jz45g.jp"), "例え.jp");
//!
//! // ASCII hosts are left exactly as written.
//! assert_eq!(host_to_ascii("Example.COM")?, "Example.COM");
//!
//! // Errors say which label or character and why.
//! let err = host_to_ascii("例え..jp").unwrap_err();
//! assert_eq!((err.index(), err.kind()), (7, IdnaErrorKind::EmptyLabel));
//! # Ok::<(), uri_idna::IdnaError>(())
//! ```
//!
//! The mapping is UTS 46 `ToASCII` from the `idna` crate (the one `url`
//! uses), with the options of the WHATWG URL standard (`CheckHyphens`
//! off), ASCII limited to what RFC 3986 allows in a `reg-name`, and DNS
//! lengths checked: a label
//! holds 1 to 63 bytes and a name at most 253, a final root `.` allowed.
//! `idna` reports only that a name failed; this crate finds the label or
//! character at fault so that the `uri!` macro and `uri-runtime` can point
//! at it. Both call these functions, so a literal and a run-time string
//! map the same.
//!
//! The browser's mapping of an ASCII name whose `xn--` labels spell
//! lowercase letters of the common scripts is proved by decoding the
//! punycode alone, without the tables (the tests hold the two to each
//! other on every such letter).
//!
//! Only a host holding at least one non-ASCII character is mapped: an
//! ASCII host, escapes included, is a valid RFC 3986 `reg-name` and is
//! returned unchanged, whatever its case or content (`_srv`, `a+b`).
#![no_std]
#![forbid(unsafe_code)]

extern crate alloc;

mod display;
mod plain;

pub use display::host_for_display;
#[doc(hidden)]
pub use plain::check_against_tables as __check_plain_names_against_tables;

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use idna::uts46::{AsciiDenyList, DnsLength, Hyphens, Uts46};
use uri_core::located::Located;
use uri_core::pct::lenient_byte_at;
use uri_core::render::{Caret, Quoted};

/// The ASCII a result may hold: RFC 3986's `reg-name` characters (letters,
/// digits, `-._~` and the sub-delimiters). UTS 46 checks this while it maps,
/// so that an escape such as `%22` or a fullwidth `＂` that maps to `"`
/// is refused rather than written into a URI where it is not allowed. The
/// URL standard's list leaves `"`, `` ` ``, `{` and `}` out.
const REG_NAME_ONLY: AsciiDenyList = AsciiDenyList::new(true, REG_NAME_REFUSED);
/// The ASCII characters with a glyph that [`REG_NAME_ONLY`] refuses (it
/// refuses the controls, space and DEL too).
const REG_NAME_REFUSED: &str = "\"#%/:<>?@[\\]^`{|}";

/// The longest label DNS allows, in bytes of its ASCII form (RFC 1035).
const MAX_LABEL: usize = 63;
/// The longest name DNS allows, without a final root `.`.
const MAX_NAME: usize = 253;

/// Maps a host to the ASCII form DNS uses (UTS 46 `ToASCII`): each label
/// with non-ASCII characters becomes `xn--` and its punycode, after
/// case folding and NFC normalization. Percent-escapes in such a host are
/// decoded first (RFC 3987 section 3.1), and must decode to UTF-8.
///
/// A host without a raw non-ASCII character is returned unchanged.
///
/// ```
/// use uri_idna::host_to_ascii;
///
/// assert_eq!(host_to_ascii("Bücher.example")?, "xn--bcher-kva.example");
/// assert_eq!(host_to_ascii("b%C3%BCcher.例")?, "xn--bcher-kva.xn--fsq");
/// assert_eq!(host_to_ascii("b%C3%BCcher.example")?, "b%C3%BCcher.example");
/// # Ok::<(), uri_idna::IdnaError>(())
/// ```
///
/// # Errors
///
/// An [`IdnaError`] with the byte range, in `host`, of the label or
/// character at fault.
pub fn host_to_ascii(host: &str) -> Result<Cow<'_, str>, IdnaError> {
    if host.is_ascii() {
        return Ok(Cow::Borrowed(host));
    }
    let decoded = Decoded::new(host)?;
    let uts46 = Uts46::new();
    let mapped = uts46.to_ascii(
        decoded.text.as_bytes(),
        REG_NAME_ONLY,
        Hyphens::Allow,
        DnsLength::VerifyAllowRootDot,
    );
    match mapped {
        Ok(ascii) => Ok(Cow::Owned(ascii.into_owned())),
        Err(_) => Err(diagnose(&uts46, host, &decoded)),
    }
}

/// The URL Standard's "domain to ASCII" (UTS 46 `ToASCII` with
/// `CheckHyphens` and DNS lengths off, the Standard's forbidden domain code
/// points refused), as a browser maps a special URL's host. `domain` is
/// already percent-decoded; ASCII is lowercased and `xn--` labels are
/// checked. The result may hold ASCII that RFC 3986 writes escaped (`"`,
/// `{`), which the caller escapes.
///
/// An ASCII name whose `xn--` labels decode to lowercase letters of the
/// common scripts (Latin-1, Greek, Cyrillic, kana, CJK ideographs,
/// Hangul syllables) is answered by decoding its punycode alone, without
/// the full mapping's tables (BENCHMARKS.md has what that saves); the
/// tests compare that answer with the full mapping's for every such
/// letter and for random names.
///
/// ```
/// use uri_idna::domain_to_ascii_as_browsers;
///
/// assert_eq!(domain_to_ascii_as_browsers("Bücher.EXAMPLE")?, "xn--bcher-kva.example");
/// assert_eq!(domain_to_ascii_as_browsers("ｇｏ.com")?, "go.com");
/// assert!(domain_to_ascii_as_browsers("a%b").is_err());
/// assert!(domain_to_ascii_as_browsers("xn--a.example").is_err()); // not punycode
/// # Ok::<(), uri_idna::IdnaError>(())
/// ```
///
/// # Errors
///
/// An [`IdnaError`] with the byte range, in `domain`, of the label or
/// character at fault (the whole domain when no one label is).
pub fn domain_to_ascii_as_browsers(domain: &str) -> Result<Cow<'_, str>, IdnaError> {
    // Most names with an `xn--` label are proved here without the tables
    // (see `plain`); the full mapping decides the rest.
    if let Some(ascii) = plain::ascii_form(domain) {
        return Ok(ascii);
    }
    domain_to_ascii_fully(domain)
}

/// [`domain_to_ascii_as_browsers`] through UTS 46's tables.
fn domain_to_ascii_fully(domain: &str) -> Result<Cow<'_, str>, IdnaError> {
    let uts46 = Uts46::new();
    match uts46.to_ascii(
        domain.as_bytes(),
        AsciiDenyList::URL,
        Hyphens::Allow,
        DnsLength::Ignore,
    ) {
        Ok(ascii) if !ascii.is_empty() => Ok(ascii),
        Ok(_) => Err(IdnaError::new(
            domain,
            0..domain.len(),
            IdnaErrorKind::EmptyLabel,
        )),
        // A `%` left after decoding is refused as it stands.
        Err(_) if domain.contains('%') => {
            let at = domain.find('%').unwrap_or(0);
            Err(IdnaError::new(
                domain,
                at..at + 1,
                IdnaErrorKind::DisallowedChar('%'),
            ))
        }
        Err(_) => Err(match Decoded::new(domain) {
            Ok(decoded) => diagnose(&uts46, domain, &decoded),
            Err(err) => err,
        }),
    }
}

/// Maps the `xn--` labels of a host back to Unicode for display (UTS 46
/// `ToUnicode`). A host without such labels, or one whose labels do not
/// decode to a valid name, is returned unchanged: display never shows a
/// name DNS would refuse.
///
/// ```
/// use uri_idna::host_to_unicode;
///
/// assert_eq!(host_to_unicode("www.xn--bcher-kva.example"), "www.bücher.example");
/// assert_eq!(host_to_unicode("example.com"), "example.com");
/// assert_eq!(host_to_unicode("xn--a.example"), "xn--a.example"); // not punycode
/// ```
pub fn host_to_unicode(host: &str) -> Cow<'_, str> {
    let has_ace_label = labels(host).any(|(_, label)| {
        label
            .get(..4)
            .is_some_and(|prefix| prefix.eq_ignore_ascii_case("xn--"))
    });
    if !has_ace_label {
        return Cow::Borrowed(host);
    }
    match Uts46::new().to_unicode(host.as_bytes(), REG_NAME_ONLY, Hyphens::Allow) {
        (unicode, Ok(())) => Cow::Owned(unicode.into_owned()),
        (_, Err(_)) => Cow::Borrowed(host),
    }
}

/// Why a host has no ASCII form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum IdnaErrorKind {
    /// A percent-escape whose bytes, with their neighbours, are not UTF-8.
    /// The range covers the escape.
    InvalidEscape,
    /// A character UTS 46 refuses in a domain name (a symbol, a
    /// noncharacter, an unassigned code point, an ASCII character outside
    /// letters, digits and a few marks) or that cannot stand where it is
    /// (a joiner outside its context). The range covers the character.
    DisallowedChar(char),
    /// Two dots in a row, or a dot at the start. The range is empty, at
    /// the label's place.
    EmptyLabel,
    /// A label longer than 63 bytes once in its ASCII form. The range
    /// covers the label.
    LabelTooLong,
    /// A name longer than 253 bytes once in ASCII form. The range covers
    /// the host.
    NameTooLong,
    /// A label whose characters are each allowed but which breaks a rule
    /// about their combination: the bidi rule of RFC 5893 (right-to-left
    /// and left-to-right letters mixed, or a label starting with a digit
    /// in a right-to-left name), a combining mark first, or an `xn--`
    /// label that is not valid punycode. The range covers the label.
    InvalidLabel,
}

impl IdnaErrorKind {
    /// The kind's name in lowercase kebab case (`invalid-escape`,
    /// `disallowed-char`, `empty-label`, `label-too-long`,
    /// `name-too-long`, `invalid-label`), for output that a program reads.
    ///
    /// ```
    /// use uri_idna::IdnaErrorKind;
    ///
    /// assert_eq!(IdnaErrorKind::DisallowedChar('\u{FFFD}').name(), "disallowed-char");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            IdnaErrorKind::InvalidEscape => "invalid-escape",
            IdnaErrorKind::DisallowedChar(_) => "disallowed-char",
            IdnaErrorKind::EmptyLabel => "empty-label",
            IdnaErrorKind::LabelTooLong => "label-too-long",
            IdnaErrorKind::NameTooLong => "name-too-long",
            IdnaErrorKind::InvalidLabel => "invalid-label",
        }
    }
}

/// A host that cannot be mapped to ASCII: where (byte range) and why.
///
/// ```
/// use uri_idna::{host_to_ascii, IdnaErrorKind};
///
/// let err = host_to_ascii("shop.例\u{FFFD}.jp").unwrap_err();
/// assert_eq!(err.kind(), IdnaErrorKind::DisallowedChar('\u{FFFD}'));
/// assert_eq!((err.index(), err.len()), (8, 3));
/// assert_eq!(
///     err.to_string(),
///     "character '\u{FFFD}' (U+FFFD) not allowed in a domain name at byte 8"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct IdnaError {
    /// Where, what, and how long: the workspace's one error core, with the
    /// offending text quoted beside it.
    at: Located<IdnaErrorKind>,
    text: String,
}

impl IdnaError {
    fn new(host: &str, range: core::ops::Range<usize>, kind: IdnaErrorKind) -> IdnaError {
        IdnaError {
            text: String::from(host.get(range.clone()).unwrap_or("")),
            at: Located::new(range.start, range.len(), kind),
        }
    }

    /// The byte offset where the offending text starts, in the host
    /// given (or further on, after [`offset_by`](Self::offset_by)).
    pub fn index(&self) -> usize {
        self.at.index()
    }

    /// The byte length of the offending text, the width to underline.
    pub fn len(&self) -> usize {
        self.at.len()
    }

    /// Whether the offending text is empty (an empty label).
    pub fn is_empty(&self) -> bool {
        self.at.is_empty()
    }

    /// Why the host was refused.
    pub fn kind(&self) -> IdnaErrorKind {
        self.at.kind()
    }

    /// The offending text: a label, a character or an escape.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// `text` with carets under the offending bytes: the host that was
    /// mapped, or the larger text the error was moved into with
    /// [`offset_by`](Self::offset_by).
    ///
    /// ```
    /// let host = "bücher..example";
    /// let err = uri_idna::host_to_ascii(host).unwrap_err();
    /// assert_eq!(err.render(host).to_string(), "bücher..example\n       ^");
    /// ```
    pub fn render<'a>(&self, text: &'a str) -> Caret<'a> {
        self.at.render(text)
    }

    /// The same error with its index moved by `offset`: for a host that
    /// starts `offset` bytes into a larger string, such as a whole IRI.
    #[must_use]
    pub fn offset_by(mut self, offset: usize) -> IdnaError {
        self.at = self.at.offset_by(offset);
        self
    }

    /// What to do about it, for messages that have room for a second
    /// sentence.
    pub fn hint(&self) -> &'static str {
        match self.kind() {
            IdnaErrorKind::InvalidEscape => {
                "escapes in an international domain name must spell UTF-8 characters"
            }
            IdnaErrorKind::DisallowedChar(_) => {
                "UTS 46 refuses it in domain names; a host that is not a DNS name can be \
                 written percent-encoded, as RFC 3986 allows in a reg-name"
            }
            IdnaErrorKind::EmptyLabel => "remove the extra \".\"",
            IdnaErrorKind::LabelTooLong => "a DNS label holds at most 63 bytes",
            IdnaErrorKind::NameTooLong => "a DNS name holds at most 253 bytes",
            IdnaErrorKind::InvalidLabel => {
                "a label may not mix right-to-left and left-to-right letters, start with a combining mark, \
                 or start with \"xn--\" unless valid punycode follows"
            }
        }
    }
}

impl fmt::Display for IdnaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (text, at) = (&self.text, self.index());
        match self.kind() {
            IdnaErrorKind::InvalidEscape => write!(
                f,
                "escape {} does not decode to UTF-8 in an international domain name at byte {at}",
                Quoted(text)
            ),
            IdnaErrorKind::DisallowedChar(c) => write!(
                f,
                "character {c:?} (U+{:04X}) not allowed in a domain name at byte {at}",
                u32::from(c)
            ),
            IdnaErrorKind::EmptyLabel => write!(f, "empty label in a domain name at byte {at}"),
            IdnaErrorKind::LabelTooLong => write!(
                f,
                "label {} is longer than 63 bytes in ASCII form at byte {at}",
                Quoted(text)
            ),
            IdnaErrorKind::NameTooLong => {
                f.write_str("domain name is longer than 253 bytes in ASCII form")
            }
            IdnaErrorKind::InvalidLabel => {
                write!(
                    f,
                    "label {} breaks the IDNA label rules at byte {at}",
                    Quoted(text)
                )
            }
        }
    }
}

impl core::error::Error for IdnaError {}

/// A host with its escapes decoded, and where each decoded byte came from.
struct Decoded {
    text: String,
    /// `origin[k]`: the byte offset in the host of decoded byte `k`, and
    /// one more entry for the end.
    origin: Vec<usize>,
}

impl Decoded {
    fn new(host: &str) -> Result<Decoded, IdnaError> {
        let bytes = host.as_bytes();
        let mut out = Vec::with_capacity(bytes.len());
        let mut origin = Vec::with_capacity(bytes.len() + 1);
        let mut i = 0;
        while let Some((byte, width)) = lenient_byte_at(bytes, i) {
            origin.push(i);
            out.push(byte);
            i += width;
        }
        origin.push(bytes.len());
        match String::from_utf8(out) {
            Ok(text) => Ok(Decoded { text, origin }),
            Err(err) => {
                let at = origin[err.utf8_error().valid_up_to()];
                Err(IdnaError::new(
                    host,
                    at..at + 3,
                    IdnaErrorKind::InvalidEscape,
                ))
            }
        }
    }

    /// The host's byte range for a range of the decoded text.
    fn in_host(&self, range: core::ops::Range<usize>) -> core::ops::Range<usize> {
        let at = |k: usize| self.origin.get(k).copied().unwrap_or(0);
        at(range.start)..at(range.end)
    }
}

/// The labels of a name and where each starts. UTS 46 also splits at the
/// ideographic and fullwidth full stops, which it maps to `.`.
fn labels(name: &str) -> impl Iterator<Item = (usize, &str)> {
    // Each label is a slice of `name`: its offset is the pointers' gap.
    name.split(is_full_stop)
        .map(move |label| (label.as_ptr() as usize - name.as_ptr() as usize, label))
}

fn is_full_stop(c: char) -> bool {
    matches!(c, '.' | '\u{3002}' | '\u{FF0E}' | '\u{FF61}')
}

/// Finds the label or character that made `ToASCII` fail.
fn diagnose(uts46: &Uts46, host: &str, decoded: &Decoded) -> IdnaError {
    diagnose_with(uts46, host, decoded, true)
}

/// [`diagnose`], reading a plain ASCII label without the tables when
/// `quick_ascii` (the tests compare both ways).
fn diagnose_with(uts46: &Uts46, host: &str, decoded: &Decoded, quick_ascii: bool) -> IdnaError {
    let to_ascii = |text: &str| {
        uts46
            .to_ascii(
                text.as_bytes(),
                REG_NAME_ONLY,
                Hyphens::Allow,
                DnsLength::Ignore,
            )
            .ok()
            .map(Cow::into_owned)
    };
    let name = decoded.text.as_str();
    let all: Vec<(usize, &str)> = labels(name).collect();
    let mut ascii_len = 0;
    for (n, &(start, label)) in all.iter().enumerate() {
        let range = decoded.in_host(start..start + label.len());
        let is_root = n + 1 == all.len() && n > 0;
        if label.is_empty() {
            if is_root {
                continue;
            }
            return IdnaError::new(host, range, IdnaErrorKind::EmptyLabel);
        }
        if quick_ascii && let Some(verdict) = plain_ascii_label(label) {
            if let Err((at, c)) = verdict {
                let start = start + at;
                let range = decoded.in_host(start..start + 1);
                return IdnaError::new(host, range, IdnaErrorKind::DisallowedChar(c));
            }
            ascii_len += label.len() + 1;
            continue;
        }
        // Before `ToASCII`, which refuses a label of over 1,000 characters
        // without saying why (and would send us hunting for a culprit).
        if surely_too_long(uts46, label) {
            return IdnaError::new(host, range, IdnaErrorKind::LabelTooLong);
        }
        let Some(ascii) = to_ascii(label) else {
            return culprit_in(label, start, decoded, host, &to_ascii)
                .unwrap_or_else(|| IdnaError::new(host, range, IdnaErrorKind::InvalidLabel));
        };
        if ascii.len() > MAX_LABEL {
            return IdnaError::new(host, range, IdnaErrorKind::LabelTooLong);
        }
        ascii_len += ascii.len() + 1;
    }
    if ascii_len > MAX_NAME + 1 {
        return IdnaError::new(host, 0..host.len(), IdnaErrorKind::NameTooLong);
    }
    // Every label passes alone: a rule across labels, such as the bidi
    // rule for a name with a right-to-left label.
    IdnaError::new(host, 0..host.len(), IdnaErrorKind::InvalidLabel)
}

/// What the tables say of an ASCII label that is no `xn--` label and is
/// short enough for DNS in any form (ASCII maps to ASCII, or a character
/// the list refuses to one character): it fails only at a character the
/// list refuses, alone or after a letter, which is what [`culprit_in`]
/// would find, where each of its questions maps a string. `Ok`: it maps
/// to itself but for case; `Err`: where the first character refused
/// stands, and which it is; `None`: the tables must say.
fn plain_ascii_label(label: &str) -> Option<Result<(), (usize, char)>> {
    let bytes = label.as_bytes();
    let punycode = bytes
        .get(..4)
        .is_some_and(|prefix| prefix.eq_ignore_ascii_case(b"xn--"));
    if !label.is_ascii() || punycode || label.len() + "xn--".len() > MAX_LABEL {
        return None;
    }
    let refused = |b: u8| b <= b' ' || b == 0x7f || REG_NAME_REFUSED.as_bytes().contains(&b);
    match bytes.iter().position(|&b| refused(b)) {
        Some(at) => Some(Err((at, char::from(bytes[at])))),
        None => Some(Ok(())),
    }
}

/// Whether `label`'s ASCII form is longer than a DNS label may be, for
/// any outcome of `ToASCII`, judged from its mapped form: an ASCII label
/// stays as it is, and punycode keeps each ASCII character and writes at
/// least one more per other character, after the four of `xn--`. Mapping
/// first matters, as characters UTS 46 ignores (a soft hyphen) vanish.
fn surely_too_long(uts46: &Uts46, label: &str) -> bool {
    let (mapped, _) = uts46.to_unicode(label.as_bytes(), REG_NAME_ONLY, Hyphens::Allow);
    let shortest = if mapped.is_ascii() {
        mapped.len()
    } else {
        "xn--".len() + mapped.chars().count()
    };
    shortest > MAX_LABEL
}

/// The first character of `label` refused wherever it stands: alone and
/// after a letter (a combining mark or a digit may only be refused as a
/// label's first character, which is a rule about the label).
fn culprit_in(
    label: &str,
    label_start: usize,
    decoded: &Decoded,
    host: &str,
    to_ascii: &impl Fn(&str) -> Option<String>,
) -> Option<IdnaError> {
    let mut buf = String::with_capacity(8);
    label.char_indices().find_map(|(at, c)| {
        buf.clear();
        buf.push(c);
        let alone = to_ascii(&buf).is_some();
        buf.insert(0, 'a');
        let after_letter = to_ascii(&buf).is_some();
        (!alone && !after_letter).then(|| {
            let start = label_start + at;
            let range = decoded.in_host(start..start + c.len_utf8());
            IdnaError::new(host, range, IdnaErrorKind::DisallowedChar(c))
        })
    })
}

#[cfg(test)]
mod testing {
    /// One xorshift step: reproducible pseudo-random numbers for the
    /// tests that hold a quick path to the tables.
    pub(crate) fn xorshift(seed: &mut u64) -> u64 {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        *seed
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use std::format;
    use std::string::ToString;

    /// The quick reading of plain ASCII labels blames the label or
    /// character the tables blame, on random names of ASCII the list
    /// refuses and keeps, `xn--` labels, long labels and other
    /// characters: each as a host and as a browser's domain.
    #[test]
    fn the_quick_ascii_reading_blames_what_the_tables_blame() {
        let long = "a".repeat(57);
        let longer = "b".repeat(60);
        let pieces = [
            "a",
            "Z",
            "0",
            "-",
            "_",
            "~",
            "!",
            "'",
            ".",
            " ",
            "\"",
            "%",
            "%41",
            "/",
            ":",
            "<",
            "^",
            "`",
            "{",
            "|",
            "\u{7f}",
            "\u{1}",
            "xn--",
            "XN--a",
            "ü",
            "例",
            "\u{3002}",
            long.as_str(),
            longer.as_str(),
        ];
        let uts46 = Uts46::new();
        let mut state: u64 = 0x0a5c_11ab;
        let mut next = move || crate::testing::xorshift(&mut state);
        let mut compared = 0;
        for _ in 0..20_000 {
            let mut name = String::new();
            for _ in 0..=next() % 7 {
                name.push_str(pieces[(next() % pieces.len() as u64) as usize]);
            }
            let Ok(decoded) = Decoded::new(&name) else {
                continue;
            };
            let quick = diagnose_with(&uts46, &name, &decoded, true);
            let mapped = diagnose_with(&uts46, &name, &decoded, false);
            assert_eq!(quick, mapped, "{name:?}");
            compared += 1;
        }
        assert!(compared > 15_000, "{compared}");
    }

    fn kind_at(host: &str) -> (IdnaErrorKind, usize, usize) {
        let err = host_to_ascii(host).unwrap_err();
        (err.kind(), err.index(), err.len())
    }

    #[test]
    fn maps_the_seeds_example_and_lowercases_ascii_labels_of_mapped_hosts() {
        assert_eq!(host_to_ascii("例え.jp").unwrap(), "xn--r8jz45g.jp");
        assert_eq!(host_to_ascii("例え.JP").unwrap(), "xn--r8jz45g.jp");
        assert_eq!(host_to_ascii("例え。jp").unwrap(), "xn--r8jz45g.jp");
        assert_eq!(host_to_ascii("例え.jp.").unwrap(), "xn--r8jz45g.jp.");
    }

    #[test]
    fn each_failure_points_at_its_cause() {
        assert_eq!(kind_at("例..jp"), (IdnaErrorKind::EmptyLabel, 4, 0));
        assert_eq!(kind_at(".例"), (IdnaErrorKind::EmptyLabel, 0, 0));
        assert_eq!(
            kind_at("a.例\u{2603}\u{FFFF}"),
            (IdnaErrorKind::DisallowedChar('\u{FFFF}'), 8, 3)
        );
        // A joiner is refused outside the context RFC 5892 gives it.
        assert_eq!(
            kind_at("例\u{200D}x"),
            (IdnaErrorKind::DisallowedChar('\u{200D}'), 3, 3)
        );
        // Hebrew and Latin letters in one label break the bidi rule.
        assert_eq!(
            kind_at("ab\u{5D0}.com"),
            (IdnaErrorKind::InvalidLabel, 0, 4)
        );
        // A combining mark may not start a label.
        assert_eq!(kind_at("x.\u{301}é"), (IdnaErrorKind::InvalidLabel, 2, 4));
        let long = format!("é{}", "a".repeat(60));
        assert_eq!(kind_at(&long), (IdnaErrorKind::LabelTooLong, 0, long.len()));
        let name = ["例a"; 40].join(".");
        assert_eq!(kind_at(&name).0, IdnaErrorKind::NameTooLong);
    }

    #[test]
    fn an_over_long_label_is_too_long_at_any_length() {
        // `ToASCII` itself refuses labels over 1,000 characters without a
        // reason; both sides of that limit must read as too long, at the
        // label, whatever follows it.
        for n in [60, 999, 1_000, 1_001, 100_000] {
            let label = "é".repeat(n);
            let host = format!("a.{label}.example");
            assert_eq!(
                kind_at(&host),
                (IdnaErrorKind::LabelTooLong, 2, label.len()),
                "{n} characters"
            );
        }
        // The message quotes a window of the label, not the label.
        let label = "é".repeat(500_000);
        let message = host_to_ascii(&label).unwrap_err().to_string();
        assert!(message.len() < 200, "{} bytes", message.len());
        assert!(message.contains("(1000000 bytes)"), "{message}");
        // Characters UTS 46 ignores do not count: this label maps to "é".
        let soft = format!("é{}", "\u{AD}".repeat(2_000));
        assert_eq!(host_to_ascii(&soft).unwrap(), "xn--9ca");
        // Sixty-three ASCII bytes are allowed.
        let fits = format!("é.{}", "a".repeat(63));
        assert!(host_to_ascii(&fits).is_ok());
    }

    #[test]
    fn escapes_are_decoded_first_and_positions_stay_in_the_written_host() {
        assert_eq!(host_to_ascii("%E4%BE%8Bえ.jp").unwrap(), "xn--r8jz45g.jp");
        assert_eq!(kind_at("é%FF.com"), (IdnaErrorKind::InvalidEscape, 2, 3));
        assert_eq!(
            kind_at("é.%EF%BF%BF"),
            (IdnaErrorKind::DisallowedChar('\u{FFFF}'), 3, 9)
        );
    }

    #[test]
    fn only_reg_name_characters_come_out() {
        // An escape or a fullwidth form that would map to `"`.
        assert_eq!(
            kind_at("\u{757}%22x"),
            (IdnaErrorKind::DisallowedChar('"'), 2, 3)
        );
        assert_eq!(
            kind_at("例\u{FF02}"),
            (IdnaErrorKind::DisallowedChar('\u{FF02}'), 3, 3)
        );
        for c in " \"#%/:<>?@[\\]^`{|}".chars() {
            let host = format!("例{c}");
            assert!(host_to_ascii(&host).is_err(), "{host:?}");
        }
        // Sub-delimiters and unreserved marks stay: they are reg-name.
        let mapped = host_to_ascii("例!$&'()*+,;=_~").unwrap();
        assert!(
            mapped.starts_with("xn--!$&'()*+,;=_~-") && mapped.is_ascii(),
            "{mapped}"
        );
    }

    #[test]
    fn ascii_hosts_are_never_touched() {
        for host in ["EXAMPLE.com", "_srv.a+b", "xn--a", "%FF", "a..b", ""] {
            assert_eq!(host_to_ascii(host).unwrap(), host);
        }
    }

    #[test]
    fn to_unicode_inverts_to_ascii_and_keeps_invalid_labels() {
        for host in ["例え.jp", "bücher.example", "мой.рф", "ουτοπία.δπθ.gr"] {
            let ascii = host_to_ascii(host).unwrap();
            assert_eq!(host_to_unicode(&ascii), host);
        }
        assert_eq!(host_to_unicode("XN--R8JZ45G.jp"), "例え.jp");
        assert_eq!(host_to_unicode("xn--zz-.com"), "xn--zz-.com");
    }

    #[test]
    fn messages_name_the_cause() {
        let err = host_to_ascii("例..jp").unwrap_err();
        assert_eq!(err.to_string(), "empty label in a domain name at byte 4");
        let err = host_to_ascii("ab\u{5D0}.com").unwrap_err();
        assert_eq!(
            err.to_string(),
            "label \"ab\u{5D0}\" breaks the IDNA label rules at byte 0"
        );
        assert_eq!(err.offset_by(7).index(), 7);
    }
}
