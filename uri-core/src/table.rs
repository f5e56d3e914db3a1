//! The one byte-classification table.
//!
//! Every character class of RFC 3986 (and the RFC 2396 classes it replaced)
//! is one bit in [`TABLE`], a `[u32; 256]` computed by `const` code from the
//! ABNF definitions below. A [`Class`] is a set of those bits, so asking
//! "is this byte a `pchar`?" is one load and one mask:
//!
//! ```
//! use uri_core::table::{PCHAR, SCHEME, UNRESERVED};
//!
//! assert!(PCHAR.contains(b'@'));
//! assert!(!PCHAR.contains(b'/'));
//! assert!(SCHEME.contains(b'+'));
//! assert!(UNRESERVED.union(PCHAR).contains(b'~'));
//! ```
//!
//! `%` is in no class: a percent sign is only valid as the start of a
//! `pct-encoded` triplet, which the parser checks separately. Bytes of
//! 0x80 and above are in no class either: a URI is ASCII. The non-ASCII
//! characters an IRI adds (RFC 3987) are classified by code point, with
//! [`is_ucschar`], [`is_iprivate`] and [`is_bidi_formatting`].

/// A set of bytes, named after the ABNF rule it implements.
///
/// Classes combine with [`Class::union`]; membership is one table lookup.
///
/// ```
/// use uri_core::table::{Class, ALPHA, DIGIT};
///
/// const ALNUM: Class = ALPHA.union(DIGIT);
/// assert!(ALNUM.contains(b'7') && ALNUM.contains(b'q') && !ALNUM.contains(b'-'));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Class(u32);

impl Class {
    /// Whether `byte` belongs to this class.
    #[inline]
    pub const fn contains(self, byte: u8) -> bool {
        TABLE[byte as usize] & self.0 != 0
    }

    /// The end of the run of this class's bytes in `bytes[from..to]`: the
    /// first index whose byte is not in the class, or `to` (clamped to the
    /// length of `bytes`).
    ///
    /// ```
    /// use uri_core::table::PATH;
    ///
    /// assert_eq!(PATH.span(b"/a/b?q", 0, 6), 4);
    /// assert_eq!(PATH.span(b"/a/b?q", 5, 6), 6);
    /// ```
    ///
    /// The parser spends most of its time here, so the run is checked
    /// eight bytes at a time: eight lookups combined with `&`, one branch.
    #[inline]
    pub const fn span(self, bytes: &[u8], from: usize, to: usize) -> usize {
        let to = if to < bytes.len() { to } else { bytes.len() };
        let mut i = from;
        while i + 8 <= to {
            let Some((_, rest)) = bytes.split_at_checked(i) else {
                break;
            };
            let [b0, b1, b2, b3, b4, b5, b6, b7, ..] = *rest else {
                break;
            };
            // A bit of the mask that all eight entries share: all eight
            // are in the class. (A class of several bits may fail this
            // test with all eight in it; the byte loop below then decides.)
            let shared = TABLE[b0 as usize]
                & TABLE[b1 as usize]
                & TABLE[b2 as usize]
                & TABLE[b3 as usize]
                & TABLE[b4 as usize]
                & TABLE[b5 as usize]
                & TABLE[b6 as usize]
                & TABLE[b7 as usize];
            if shared & self.0 == 0 {
                break;
            }
            i += 8;
        }
        while i < to && self.contains(bytes[i]) {
            i += 1;
        }
        i
    }

    /// The bytes in either class.
    #[must_use]
    pub const fn union(self, other: Class) -> Class {
        Class(self.0 | other.0)
    }

    /// The raw bit mask of this class within [`TABLE`].
    pub const fn bits(self) -> u32 {
        self.0
    }
}

impl core::fmt::Debug for Class {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("Class(\"")?;
        for byte in 0..=255u8 {
            if self.contains(byte) {
                for c in core::ascii::escape_default(byte) {
                    f.write_str(char::from(c).encode_utf8(&mut [0; 4]))?;
                }
            }
        }
        f.write_str("\")")
    }
}

// One bit per rule; `classify` sets them.
const BIT_ALPHA: u32 = 1 << 0;
const BIT_DIGIT: u32 = 1 << 1;
const BIT_HEXDIG: u32 = 1 << 2;
const BIT_UNRESERVED: u32 = 1 << 3;
const BIT_GEN_DELIMS: u32 = 1 << 4;
const BIT_SUB_DELIMS: u32 = 1 << 5;
const BIT_RESERVED: u32 = 1 << 6;
const BIT_PCHAR: u32 = 1 << 7;
const BIT_SCHEME: u32 = 1 << 8;
const BIT_USERINFO: u32 = 1 << 9;
const BIT_REG_NAME: u32 = 1 << 10;
const BIT_QUERY_FRAGMENT: u32 = 1 << 11;
const BIT_IPVFUTURE: u32 = 1 << 12;
const BIT_PATH: u32 = 1 << 13;
const BIT_MARK_2396: u32 = 1 << 14;
const BIT_UNWISE_2396: u32 = 1 << 15;
const BIT_DELIMS_2396: u32 = 1 << 16;
const BIT_CONTROL_2396: u32 = 1 << 17;
const BIT_SPACE_2396: u32 = 1 << 18;
const BIT_RESERVED_2396: u32 = 1 << 19;
const BIT_UNRESERVED_2396: u32 = 1 << 20;
const BIT_TEMPLATE_LITERAL: u32 = 1 << 21;
const BIT_TEMPLATE_VARCHAR: u32 = 1 << 22;
const BIT_MAILTO_QCHAR: u32 = 1 << 23;
const BIT_MAIL_ATEXT: u32 = 1 << 24;
const BIT_MAIL_DTEXT: u32 = 1 << 25;

// ---------------------------------------------------------------- RFC 3986

/// `ALPHA = %x41-5A / %x61-7A` (RFC 3986 section 1.3, from RFC 2234):
/// `A`–`Z` and `a`–`z`.
pub const ALPHA: Class = Class(BIT_ALPHA);

/// `DIGIT = %x30-39` (RFC 3986 section 1.3): `0`–`9`.
pub const DIGIT: Class = Class(BIT_DIGIT);

/// `HEXDIG = DIGIT / "A" / "B" / "C" / "D" / "E" / "F"` (RFC 3986 section
/// 1.3). ABNF strings are case-insensitive, so `a`–`f` are included; section
/// 2.1 asks producers to emit the uppercase form.
pub const HEXDIG: Class = Class(BIT_HEXDIG);

/// `unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"` (RFC 3986 section
/// 2.3). Escaping one of these never changes a URI's meaning, so
/// normalizers decode `%41` to `A`.
pub const UNRESERVED: Class = Class(BIT_UNRESERVED);

/// `gen-delims = ":" / "/" / "?" / "#" / "[" / "]" / "@"` (RFC 3986 section
/// 2.2): the delimiters of the generic syntax itself.
pub const GEN_DELIMS: Class = Class(BIT_GEN_DELIMS);

/// `sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" /
/// "="` (RFC 3986 section 2.2): delimiters a scheme or component may give a
/// meaning of its own, such as `&` and `=` in a query.
pub const SUB_DELIMS: Class = Class(BIT_SUB_DELIMS);

/// `reserved = gen-delims / sub-delims` (RFC 3986 section 2.2).
pub const RESERVED: Class = Class(BIT_RESERVED);

/// `pchar = unreserved / pct-encoded / sub-delims / ":" / "@"` (RFC 3986
/// section 3.3), without the `pct-encoded` triplets: the characters of a
/// path segment.
pub const PCHAR: Class = Class(BIT_PCHAR);

/// `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` (RFC 3986 section
/// 3.1): the characters after the first, which must be [`ALPHA`].
pub const SCHEME: Class = Class(BIT_SCHEME);

/// `userinfo = *( unreserved / pct-encoded / sub-delims / ":" )` (RFC 3986
/// section 3.2.1), without the `pct-encoded` triplets.
pub const USERINFO: Class = Class(BIT_USERINFO);

/// `reg-name = *( unreserved / pct-encoded / sub-delims )` (RFC 3986
/// section 3.2.2), without the `pct-encoded` triplets. An IPv4 address is
/// also made of these characters; the parser tells them apart.
pub const REG_NAME: Class = Class(BIT_REG_NAME);

/// `query = *( pchar / "/" / "?" )` and `fragment = *( pchar / "/" / "?" )`
/// (RFC 3986 sections 3.4 and 3.5), without the `pct-encoded` triplets.
pub const QUERY_FRAGMENT: Class = Class(BIT_QUERY_FRAGMENT);

/// The tail of `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims /
/// ":" )` (RFC 3986 section 3.2.2), after the dot.
pub const IPVFUTURE: Class = Class(BIT_IPVFUTURE);

/// `pchar / "/"`: the characters of a whole path (RFC 3986 section 3.3),
/// without the `pct-encoded` triplets.
pub const PATH: Class = Class(BIT_PATH);

// ---------------------------------------------------------------- RFC 2396

/// RFC 2396 section 2.3 `mark = "-" | "_" | "." | "!" | "~" | "*" | "'" |
/// "(" | ")"`.
///
/// RFC 3986 split this class: `-` `.` `_` `~` stayed unreserved, while
/// `!` `*` `'` `(` `)` moved to [`SUB_DELIMS`] because some schemes use them
/// as delimiters (RFC 3986 appendix D.2).
pub const MARK_2396: Class = Class(BIT_MARK_2396);

/// RFC 2396 section 2.3 `unreserved = alphanum | mark`.
///
/// RFC 3986 keeps only `ALPHA / DIGIT / "-" / "." / "_" / "~"` (see
/// [`UNRESERVED`] and [`MARK_2396`]).
pub const UNRESERVED_2396: Class = Class(BIT_UNRESERVED_2396);

/// RFC 2396 section 2.2 `reserved = ";" | "/" | "?" | ":" | "@" | "&" | "="
/// | "+" | "$" | ","`.
///
/// RFC 3986 section 2.2 added `#` `[` `]` (as gen-delims) and the former
/// marks `!` `*` `'` `(` `)` (as sub-delims), giving [`RESERVED`].
pub const RESERVED_2396: Class = Class(BIT_RESERVED_2396);

/// RFC 2396 section 2.4.3 ``unwise = "{" | "}" | "|" | "\" | "^" | "[" | "]"
/// | "`"``.
///
/// RFC 3986 made `[` and `]` gen-delims (for IP-literals) and dropped the
/// class; the rest may still never appear unescaped in a URI.
pub const UNWISE_2396: Class = Class(BIT_UNWISE_2396);

/// RFC 2396 section 2.4.3 `delims = "<" | ">" | "#" | "%" | <">`.
///
/// RFC 3986 made `#` a gen-delim and `%` the escape introducer; `<` `>` `"`
/// stay excluded from URIs (RFC 3986 section 2 and appendix C).
pub const DELIMS_2396: Class = Class(BIT_DELIMS_2396);

/// RFC 2396 section 2.4.3 `control = <US-ASCII coded characters 00-1F and
/// 7F hexadecimal>`.
///
/// RFC 3986 has no rule of its own for them: they are simply outside every
/// class, so a control character is always an error.
pub const CONTROL_2396: Class = Class(BIT_CONTROL_2396);

/// RFC 2396 section 2.4.3 `space = <US-ASCII coded character 20
/// hexadecimal>`.
///
/// RFC 3986 likewise excludes the space; appendix C explains how to extract
/// URIs from text where spaces were inserted.
pub const SPACE_2396: Class = Class(BIT_SPACE_2396);

// ---------------------------------------------------------------- RFC 6570

/// RFC 6570 section 2.1 `literals = %x21 / %x23-24 / %x26 / %x28-3B /
/// %x3D / %x3F-5B / %x5D / %x5F / %x61-7A / %x7E / ucschar / iprivate /
/// pct-encoded`: the ASCII part, without the escapes, and with `'`.
///
/// The rule leaves out `'` (0x27), which RFC 3986 counts among the
/// sub-delimiters; the standard test suite (`uritemplate-test`) expects
/// `'{var}'` to expand to `'value'`, and every implementation that passes
/// it accepts `'`, so this class does too. That makes it exactly RFC
/// 3986's `reserved / unreserved`.
pub const TEMPLATE_LITERAL: Class = Class(BIT_TEMPLATE_LITERAL);

/// RFC 6570 section 2.3 `varchar = ALPHA / DIGIT / "_" / pct-encoded`:
/// the characters of a variable name, without the escapes.
pub const TEMPLATE_VARCHAR: Class = Class(BIT_TEMPLATE_VARCHAR);

// ------------------------------------------------------ RFC 6068, RFC 5322

/// RFC 6068 section 2 `qchar = unreserved / pct-encoded / some-delims`,
/// with `some-delims = "!" / "$" / "'" / "(" / ")" / "*" / "+" / "," /
/// ";" / ":" / "@"`: what a `mailto:` header field's name or value may
/// hold unescaped, without the escapes.
///
/// It is RFC 3986's `pchar` without `&` and `=`, which separate the
/// header fields.
pub const MAILTO_QCHAR: Class = Class(BIT_MAILTO_QCHAR);

/// RFC 5322 section 3.2.3 ``atext = ALPHA / DIGIT / "!" / "#" / "$" / "%"
/// / "&" / "'" / "*" / "+" / "-" / "/" / "=" / "?" / "^" / "_" / "`" /
/// "{" / "|" / "}" / "~"``: the characters of an unquoted local part or
/// domain of a mail address (RFC 6532 adds UTF-8, which the `mailto:`
/// checks accept byte by byte).
pub const MAIL_ATEXT: Class = Class(BIT_MAIL_ATEXT);

/// RFC 6068 section 2 `dtext-no-obs = %d33-90 / %d94-126`: what a domain
/// literal (`[…]`) of a `mailto:` address may hold.
pub const MAIL_DTEXT: Class = Class(BIT_MAIL_DTEXT);

// ---------------------------------------------------------------- RFC 3987

/// RFC 3987 section 2.2 `ucschar`: the non-ASCII characters an IRI may
/// hold unescaped wherever RFC 3986 allows an `unreserved` character
/// (`iunreserved`), in userinfo, host, path, query and fragment.
///
/// These are the only classes of the table that are not bytes: a
/// character of U+0080 and above spans two to four bytes of UTF-8, so the
/// parser decodes it and asks here. Every byte of such a character is in
/// no class of [`TABLE`].
///
/// ```
/// use uri_core::table::{is_iprivate, is_ucschar};
///
/// assert!(is_ucschar('例') && is_ucschar('é') && is_ucschar('\u{A0}'));
/// assert!(!is_ucschar('\u{9F}')); // a C1 control
/// assert!(!is_ucschar('\u{FFFE}')); // a noncharacter
/// assert!(!is_ucschar('\u{E000}') && is_iprivate('\u{E000}'));
/// ```
pub const fn is_ucschar(c: char) -> bool {
    let c = c as u32;
    // %xA0-D7FF / %xF900-FDCF / %xFDF0-FFEF, then each plane from 1 to 14
    // without its last two code points, and plane 14 from %xE1000 only.
    match c {
        0xA0..=0xD7FF | 0xF900..=0xFDCF | 0xFDF0..=0xFFEF | 0xE_1000..=0xE_FFFD => true,
        0x1_0000..=0xD_FFFF => c & 0xFFFF <= 0xFFFD,
        _ => false,
    }
}

/// RFC 3987 section 2.2 `iprivate = %xE000-F8FF / %xF0000-FFFFD /
/// %x100000-10FFFD`: private-use characters, which an IRI may hold
/// unescaped in its query only.
pub const fn is_iprivate(c: char) -> bool {
    matches!(c as u32, 0xE000..=0xF8FF | 0xF_0000..=0xF_FFFD | 0x10_0000..=0x10_FFFD)
}

/// The bidirectional formatting characters RFC 3987 section 4.1 forbids
/// in IRIs although they are `ucschar`: LRM (U+200E), RLM (U+200F), LRE
/// (U+202A), RLE (U+202B), PDF (U+202C), LRO (U+202D) and RLO (U+202E).
/// They change the order in which an IRI is displayed, so that what a
/// reader sees is not what a program resolves.
///
/// The isolates LRI, RLI, FSI and PDI (U+2066 to U+2069), added to
/// Unicode after RFC 3987, are not in the RFC's list and are not refused
/// by the parser; [`is_bidi_control`] covers them for display.
///
/// ```
/// use uri_core::table::is_bidi_formatting;
///
/// assert!(is_bidi_formatting('\u{202E}'));
/// assert!(!is_bidi_formatting('\u{2067}'));
/// ```
pub const fn is_bidi_formatting(c: char) -> bool {
    matches!(c as u32, 0x200E | 0x200F | 0x202A..=0x202E)
}

/// [`is_bidi_formatting`] and the isolates U+2066 to U+2069: every
/// character that reorders the text around it. Error drawings show these
/// escaped, so that a drawing cannot be reordered by what it draws.
pub const fn is_bidi_control(c: char) -> bool {
    is_bidi_formatting(c) || matches!(c as u32, 0x2066..=0x2069)
}

/// `Default_Ignorable_Code_Point` (Unicode's `DerivedCoreProperties.txt`):
/// characters that render as nothing at all, such as SOFT HYPHEN, ZERO
/// WIDTH SPACE and JOINER, the variation selectors, the Arabic letter
/// mark and the bidi controls. Text shown to people keeps these escaped,
/// so that what is shown is every character that is there.
///
/// ```
/// use uri_core::table::is_default_ignorable;
///
/// assert!(is_default_ignorable('\u{200B}'));
/// assert!(is_default_ignorable('\u{AD}'));
/// assert!(is_default_ignorable('\u{2066}'));
/// assert!(!is_default_ignorable('é'));
/// ```
pub const fn is_default_ignorable(c: char) -> bool {
    matches!(
        c as u32,
        0x00AD
            | 0x034F
            | 0x061C
            | 0x115F..=0x1160
            | 0x17B4..=0x17B5
            | 0x180B..=0x180F
            | 0x200B..=0x200F
            | 0x202A..=0x202E
            | 0x2060..=0x206F
            | 0x3164
            | 0xFE00..=0xFE0F
            | 0xFEFF
            | 0xFFA0
            | 0xFFF0..=0xFFF8
            | 0x1BCA0..=0x1BCA3
            | 0x1D173..=0x1D17A
            | 0xE0000..=0xE0FFF
    )
}

/// Whether text shown to a person keeps `c` escaped: the characters
/// that act on a terminal or a page instead of showing as themselves.
/// These are the C0 controls, DEL and the C1 controls (CSI, OSC and NEL
/// among them), the line and paragraph separators U+2028 and U+2029, the
/// characters that reorder the text around them ([`is_bidi_control`]),
/// and those that render as nothing ([`is_default_ignorable`]).
///
/// Decoded text is printed with these escaped again (the `uri` command,
/// error drawings), so that what is shown is every character that is
/// there and nothing it holds can drive the terminal.
///
/// ```
/// use uri_core::table::escaped_when_shown;
///
/// for c in ['\n', '\u{1b}', '\u{9b}', '\u{85}', '\u{2028}', '\u{202e}', '\u{2066}', '\u{200b}'] {
///     assert!(escaped_when_shown(c), "{c:?}");
/// }
/// assert!(!escaped_when_shown('é') && !escaped_when_shown(' ') && !escaped_when_shown('例'));
/// ```
pub const fn escaped_when_shown(c: char) -> bool {
    is_control_or_line_break(c) || is_bidi_control(c) || is_default_ignorable(c)
}

/// The C0 controls, DEL, the C1 controls and the line and paragraph
/// separators U+2028 and U+2029: every character that ends a line for
/// some reader (CR, LF, NEL, the separators) or drives a terminal (ESC,
/// CSI, OSC), and NUL, which ends a string for C. The decoded accessors
/// of the runtime refuse these.
///
/// ```
/// use uri_core::table::is_control_or_line_break;
///
/// assert!(is_control_or_line_break('\r') && is_control_or_line_break('\u{85}'));
/// assert!(is_control_or_line_break('\u{2029}') && is_control_or_line_break('\0'));
/// assert!(!is_control_or_line_break('\u{202e}') && !is_control_or_line_break(' '));
/// ```
pub const fn is_control_or_line_break(c: char) -> bool {
    matches!(c as u32, 0x00..=0x1F | 0x7F..=0x9F | 0x2028 | 0x2029)
}

/// For every byte, the bits of the classes it belongs to.
///
/// Computed at compile time from the ABNF definitions; nothing here is
/// typed in by hand.
pub const TABLE: [u32; 256] = build_table();

const fn build_table() -> [u32; 256] {
    let mut table = [0u32; 256];
    let mut byte = 0;
    while byte < 256 {
        table[byte] = classify(byte as u8);
        byte += 1;
    }
    table
}

/// The bits of every rule `b` satisfies.
const fn classify(b: u8) -> u32 {
    let rules = [
        (BIT_ALPHA, rule::alpha(b)),
        (BIT_DIGIT, rule::digit(b)),
        (BIT_HEXDIG, rule::hexdig(b)),
        (BIT_UNRESERVED, rule::unreserved(b)),
        (BIT_GEN_DELIMS, rule::gen_delims(b)),
        (BIT_SUB_DELIMS, rule::sub_delims(b)),
        (BIT_RESERVED, rule::reserved(b)),
        (BIT_PCHAR, rule::pchar(b)),
        (BIT_SCHEME, rule::scheme(b)),
        (BIT_USERINFO, rule::userinfo(b)),
        (BIT_REG_NAME, rule::reg_name(b)),
        (BIT_QUERY_FRAGMENT, rule::query_fragment(b)),
        (BIT_IPVFUTURE, rule::ipvfuture(b)),
        (BIT_PATH, rule::path(b)),
        (BIT_MARK_2396, rule::mark_2396(b)),
        (BIT_UNWISE_2396, rule::unwise_2396(b)),
        (BIT_DELIMS_2396, rule::delims_2396(b)),
        (BIT_CONTROL_2396, rule::control_2396(b)),
        (BIT_SPACE_2396, rule::space_2396(b)),
        (BIT_RESERVED_2396, rule::reserved_2396(b)),
        (BIT_UNRESERVED_2396, rule::unreserved_2396(b)),
        (BIT_TEMPLATE_LITERAL, rule::template_literal(b)),
        (BIT_TEMPLATE_VARCHAR, rule::template_varchar(b)),
        (BIT_MAILTO_QCHAR, rule::mailto_qchar(b)),
        (BIT_MAIL_ATEXT, rule::mail_atext(b)),
        (BIT_MAIL_DTEXT, rule::mail_dtext(b)),
    ];
    let mut bits = 0;
    let mut i = 0;
    while i < rules.len() {
        if rules[i].1 {
            bits |= rules[i].0;
        }
        i += 1;
    }
    bits
}

/// The definitions, one `const fn` per ABNF rule, in the words of the RFCs.
mod rule {
    const fn one_of(b: u8, set: &[u8]) -> bool {
        let mut i = 0;
        while i < set.len() {
            if set[i] == b {
                return true;
            }
            i += 1;
        }
        false
    }

    pub(super) const fn alpha(b: u8) -> bool {
        b.is_ascii_alphabetic()
    }
    pub(super) const fn digit(b: u8) -> bool {
        b.is_ascii_digit()
    }
    pub(super) const fn hexdig(b: u8) -> bool {
        digit(b) || matches!(b, b'A'..=b'F' | b'a'..=b'f')
    }
    pub(super) const fn unreserved(b: u8) -> bool {
        alpha(b) || digit(b) || one_of(b, b"-._~")
    }
    pub(super) const fn gen_delims(b: u8) -> bool {
        one_of(b, b":/?#[]@")
    }
    pub(super) const fn sub_delims(b: u8) -> bool {
        one_of(b, b"!$&'()*+,;=")
    }
    pub(super) const fn reserved(b: u8) -> bool {
        gen_delims(b) || sub_delims(b)
    }
    pub(super) const fn pchar(b: u8) -> bool {
        unreserved(b) || sub_delims(b) || b == b':' || b == b'@'
    }
    pub(super) const fn scheme(b: u8) -> bool {
        alpha(b) || digit(b) || one_of(b, b"+-.")
    }
    pub(super) const fn userinfo(b: u8) -> bool {
        unreserved(b) || sub_delims(b) || b == b':'
    }
    pub(super) const fn reg_name(b: u8) -> bool {
        unreserved(b) || sub_delims(b)
    }
    pub(super) const fn query_fragment(b: u8) -> bool {
        pchar(b) || b == b'/' || b == b'?'
    }
    pub(super) const fn ipvfuture(b: u8) -> bool {
        unreserved(b) || sub_delims(b) || b == b':'
    }
    pub(super) const fn path(b: u8) -> bool {
        pchar(b) || b == b'/'
    }
    pub(super) const fn mark_2396(b: u8) -> bool {
        one_of(b, b"-_.!~*'()")
    }
    pub(super) const fn unreserved_2396(b: u8) -> bool {
        alpha(b) || digit(b) || mark_2396(b)
    }
    pub(super) const fn template_literal(b: u8) -> bool {
        // The rule's ranges, and 0x27 (see `TEMPLATE_LITERAL`).
        matches!(b, 0x21 | 0x23..=0x24 | 0x26 | 0x27 | 0x28..=0x3B | 0x3D | 0x3F..=0x5B | 0x5D | 0x5F | 0x61..=0x7A | 0x7E)
    }
    pub(super) const fn template_varchar(b: u8) -> bool {
        alpha(b) || digit(b) || b == b'_'
    }
    pub(super) const fn mailto_qchar(b: u8) -> bool {
        unreserved(b) || one_of(b, b"!$'()*+,;:@")
    }
    pub(super) const fn mail_atext(b: u8) -> bool {
        alpha(b) || digit(b) || one_of(b, b"!#$%&'*+-/=?^_`{|}~")
    }
    pub(super) const fn mail_dtext(b: u8) -> bool {
        matches!(b, 33..=90 | 94..=126)
    }
    pub(super) const fn reserved_2396(b: u8) -> bool {
        one_of(b, b";/?:@&=+$,")
    }
    pub(super) const fn unwise_2396(b: u8) -> bool {
        one_of(b, b"{}|\\^[]`")
    }
    pub(super) const fn delims_2396(b: u8) -> bool {
        one_of(b, b"<>#%\"")
    }
    pub(super) const fn control_2396(b: u8) -> bool {
        b <= 0x1F || b == 0x7F
    }
    pub(super) const fn space_2396(b: u8) -> bool {
        b == b' '
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The eight-at-a-time span against a byte-at-a-time one, for
    /// single-bit and multi-bit classes, on random bytes biased towards
    /// each class so that long runs occur.
    #[test]
    fn span_agrees_with_a_byte_loop() {
        let classes = [
            PATH,
            QUERY_FRAGMENT,
            REG_NAME,
            USERINFO,
            SCHEME,
            RESERVED.union(UNRESERVED),
        ];
        let mut seed = 0x3986_u64;
        let mut next = move || crate::testing::xorshift(&mut seed);
        for class in classes {
            let members: [u8; 256] = core::array::from_fn(|i| i as u8);
            let members: [u8; 256] = members.map(|b| if class.contains(b) { b } else { b'a' });
            for _ in 0..500 {
                let len = (next() % 40) as usize;
                let mut bytes = [0u8; 40];
                for slot in &mut bytes[..len] {
                    let r = next();
                    *slot = if r % 13 == 0 {
                        (r >> 8) as u8
                    } else {
                        members[((r >> 16) % 256) as usize]
                    };
                }
                let bytes = &bytes[..len];
                let from = if len == 0 { 0 } else { (next() as usize) % len };
                let naive = (from..len)
                    .find(|&i| !class.contains(bytes[i]))
                    .unwrap_or(len);
                assert_eq!(
                    class.span(bytes, from, len),
                    naive,
                    "{class:?} {bytes:?} from {from}"
                );
            }
        }
    }

    /// Each class checked against a direct, independent spelling of its rule.
    #[test]
    fn classes_match_their_rules() {
        let alnum = |b: u8| b.is_ascii_alphanumeric();
        let checks: [(Class, &dyn Fn(u8) -> bool); 21] = [
            (ALPHA, &|b: u8| {
                b.is_ascii_uppercase() || b.is_ascii_lowercase()
            }),
            (DIGIT, &|b: u8| matches!(b, 0x30..=0x39)),
            (HEXDIG, &|b: u8| b.is_ascii_hexdigit()),
            (UNRESERVED, &|b: u8| alnum(b) || "-._~".contains(b as char)),
            (GEN_DELIMS, &|b: u8| ":/?#[]@".contains(b as char)),
            (SUB_DELIMS, &|b: u8| "!$&'()*+,;=".contains(b as char)),
            (RESERVED, &|b: u8| ":/?#[]@!$&'()*+,;=".contains(b as char)),
            (PCHAR, &|b: u8| {
                alnum(b) || "-._~!$&'()*+,;=:@".contains(b as char)
            }),
            (SCHEME, &|b: u8| alnum(b) || "+-.".contains(b as char)),
            (USERINFO, &|b: u8| {
                alnum(b) || "-._~!$&'()*+,;=:".contains(b as char)
            }),
            (REG_NAME, &|b: u8| {
                alnum(b) || "-._~!$&'()*+,;=".contains(b as char)
            }),
            (QUERY_FRAGMENT, &|b: u8| {
                alnum(b) || "-._~!$&'()*+,;=:@/?".contains(b as char)
            }),
            (IPVFUTURE, &|b: u8| {
                alnum(b) || "-._~!$&'()*+,;=:".contains(b as char)
            }),
            (PATH, &|b: u8| {
                alnum(b) || "-._~!$&'()*+,;=:@/".contains(b as char)
            }),
            (MARK_2396, &|b: u8| "-_.!~*'()".contains(b as char)),
            (UNRESERVED_2396, &|b: u8| {
                alnum(b) || "-_.!~*'()".contains(b as char)
            }),
            (RESERVED_2396, &|b: u8| ";/?:@&=+$,".contains(b as char)),
            (UNWISE_2396, &|b: u8| "{}|\\^[]`".contains(b as char)),
            (DELIMS_2396, &|b: u8| "<>#%\"".contains(b as char)),
            (CONTROL_2396, &|b: u8| b.is_ascii_control()),
            (SPACE_2396, &|b: u8| b == 0x20),
        ];
        for (class, rule) in checks {
            for byte in 0..=255u8 {
                assert_eq!(
                    class.contains(byte),
                    byte.is_ascii() && rule(byte),
                    "{class:?} disagrees with its rule on byte {byte:#04x}"
                );
            }
        }
    }

    /// The 2396 classes partition printable US-ASCII as that RFC says:
    /// every byte is exactly one of alphanum, mark, reserved, unwise,
    /// delims, control or space.
    #[test]
    fn rfc_2396_classes_partition_ascii() {
        for byte in 0..=127u8 {
            let memberships = [
                ALPHA.union(DIGIT),
                MARK_2396,
                RESERVED_2396,
                UNWISE_2396,
                DELIMS_2396,
                CONTROL_2396,
                SPACE_2396,
            ]
            .iter()
            .filter(|class| class.contains(byte))
            .count();
            assert_eq!(memberships, 1, "byte {byte:#04x}");
        }
    }

    #[test]
    fn percent_and_non_ascii_are_in_no_3986_class() {
        // RFC 5322's `atext` and `dtext` are about decoded text, where `%`
        // is a character like any other.
        let decoded_text = BIT_MAIL_ATEXT | BIT_MAIL_DTEXT;
        for byte in (0x80..=0xFFu8).chain([b'%']) {
            assert_eq!(TABLE[byte as usize] & !(BIT_DELIMS_2396 | decoded_text), 0);
        }
        assert!(!MAIL_ATEXT.contains(0x80));
    }

    /// The RFC 3987 ranges, spelled out from section 2.2 (in its digits,
    /// hence the lint) and checked over every scalar value.
    #[test]
    #[allow(clippy::unreadable_literal)]
    fn iri_classes_match_rfc_3987() {
        let ucs_ranges: [(u32, u32); 17] = [
            (0xA0, 0xD7FF),
            (0xF900, 0xFDCF),
            (0xFDF0, 0xFFEF),
            (0x10000, 0x1FFFD),
            (0x20000, 0x2FFFD),
            (0x30000, 0x3FFFD),
            (0x40000, 0x4FFFD),
            (0x50000, 0x5FFFD),
            (0x60000, 0x6FFFD),
            (0x70000, 0x7FFFD),
            (0x80000, 0x8FFFD),
            (0x90000, 0x9FFFD),
            (0xA0000, 0xAFFFD),
            (0xB0000, 0xBFFFD),
            (0xC0000, 0xCFFFD),
            (0xD0000, 0xDFFFD),
            (0xE1000, 0xEFFFD),
        ];
        let private_ranges = [(0xE000, 0xF8FF), (0xF0000, 0xFFFFD), (0x100000, 0x10FFFD)];
        let within =
            |ranges: &[(u32, u32)], c: u32| ranges.iter().any(|&(lo, hi)| lo <= c && c <= hi);
        for c in (0..=0x10FFFFu32).filter_map(char::from_u32) {
            assert_eq!(
                is_ucschar(c),
                within(&ucs_ranges, c as u32),
                "{:#x}",
                c as u32
            );
            assert_eq!(
                is_iprivate(c),
                within(&private_ranges, c as u32),
                "{:#x}",
                c as u32
            );
        }
    }
}
