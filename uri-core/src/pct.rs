//! Percent-encoding primitives (RFC 3986 section 2.1) and encode sets.
//!
//! ```
//! use uri_core::pct::{decode_triplet, encode_byte, PATH_SEGMENT};
//!
//! assert_eq!(&encode_byte(b'/'), b"%2F");
//! assert_eq!(decode_triplet(b"a%2fb", 1, 5), Some(b'/'));
//! assert!(!PATH_SEGMENT.keeps(b'/'));
//! assert!(PATH_SEGMENT.keeps(b'@'));
//! ```

use crate::table::{self, Class};

/// Uppercase hexadecimal digits, as RFC 3986 section 2.1 asks producers to
/// write them.
pub const UPPER_HEX: [u8; 16] = *b"0123456789ABCDEF";

/// The value of one `HEXDIG`, either case.
///
/// ```
/// assert_eq!(uri_core::pct::hex_value(b'c'), Some(12));
/// assert_eq!(uri_core::pct::hex_value(b'g'), None);
/// ```
pub const fn hex_value(byte: u8) -> Option<u8> {
    match HEX_VALUES[byte as usize] {
        NOT_HEX => None,
        value => Some(value),
    }
}

/// What [`HEX_VALUES`] holds for a byte that is not a `HEXDIG`: a value
/// with a high nibble, so that `high | low` of two lookups tells in one test
/// whether either digit was bad.
pub const NOT_HEX: u8 = 0xFF;

/// The value of every byte as a hex digit, or [`NOT_HEX`]: decoders look
/// a digit up instead of branching on its range.
///
/// ```
/// use uri_core::pct::{HEX_VALUES, NOT_HEX};
///
/// assert_eq!((HEX_VALUES[b'7' as usize], HEX_VALUES[b'e' as usize]), (7, 14));
/// assert_eq!(HEX_VALUES[b'%' as usize], NOT_HEX);
/// ```
pub const HEX_VALUES: [u8; 256] = {
    let mut values = [NOT_HEX; 256];
    let mut byte = 0;
    while byte < 256 {
        values[byte] = match byte as u8 {
            b @ b'0'..=b'9' => b - b'0',
            b @ b'A'..=b'F' => b - b'A' + 10,
            b @ b'a'..=b'f' => b - b'a' + 10,
            _ => NOT_HEX,
        };
        byte += 1;
    }
    values
};

/// The byte two hex digits spell, or `None` if either is not a `HEXDIG`.
///
/// ```
/// assert_eq!(uri_core::pct::hex_pair(b'2', b'f'), Some(b'/'));
/// assert_eq!(uri_core::pct::hex_pair(b'2', b'g'), None);
/// ```
#[inline]
pub const fn hex_pair(high: u8, low: u8) -> Option<u8> {
    let (high, low) = (HEX_VALUES[high as usize], HEX_VALUES[low as usize]);
    if (high | low) & 0xF0 != 0 {
        None
    } else {
        Some(high << 4 | low)
    }
}

/// The `pct-encoded` triplet for one byte, with uppercase hex.
///
/// ```
/// assert_eq!(&uri_core::pct::encode_byte(0xE9), b"%E9");
/// ```
pub const fn encode_byte(byte: u8) -> [u8; 3] {
    ESCAPES[byte as usize]
}

/// The triplet of every byte, computed once: encoders copy three bytes
/// instead of splitting nibbles.
const ESCAPES: [[u8; 3]; 256] = {
    let mut escapes = [[0; 3]; 256];
    let mut byte = 0;
    while byte < 256 {
        escapes[byte] = [b'%', UPPER_HEX[byte >> 4], UPPER_HEX[byte & 0xF]];
        byte += 1;
    }
    escapes
};

/// The byte encoded by the triplet starting at `at`, if `bytes[at..end]`
/// starts with `%` and two hex digits.
///
/// ```
/// use uri_core::pct::decode_triplet;
///
/// assert_eq!(decode_triplet(b"%7e", 0, 3), Some(b'~'));
/// assert_eq!(decode_triplet(b"%7", 0, 2), None);
/// assert_eq!(decode_triplet(b"%7e", 0, 2), None); // the triplet crosses `end`
/// ```
#[inline]
pub const fn decode_triplet(bytes: &[u8], at: usize, end: usize) -> Option<u8> {
    let end = if end < bytes.len() { end } else { bytes.len() };
    if at + 2 >= end || bytes[at] != b'%' {
        return None;
    }
    hex_pair(bytes[at + 1], bytes[at + 2])
}

/// The byte at `at` with escapes read wherever they are valid, and how
/// many bytes of `bytes` it took: a valid triplet gives its octet and 3,
/// any other byte (a lone `%` included) gives itself and 1; `None` past
/// the end. Lenient decoders, which keep what they cannot decode, walk
/// text with it.
///
/// ```
/// use uri_core::pct::lenient_byte_at;
///
/// assert_eq!(lenient_byte_at(b"%41%4", 0), Some((b'A', 3)));
/// assert_eq!(lenient_byte_at(b"%41%4", 3), Some((b'%', 1)));
/// assert_eq!(lenient_byte_at(b"%41%4", 5), None);
/// ```
#[inline]
pub const fn lenient_byte_at(bytes: &[u8], at: usize) -> Option<(u8, usize)> {
    if at >= bytes.len() {
        return None;
    }
    match decode_triplet(bytes, at, bytes.len()) {
        Some(byte) => Some((byte, 3)),
        None => Some((bytes[at], 1)),
    }
}

/// Whether `bytes[at..end]` starts with a valid `pct-encoded` triplet.
#[inline]
pub const fn is_triplet(bytes: &[u8], at: usize, end: usize) -> bool {
    decode_triplet(bytes, at, end).is_some()
}

/// The ASCII bytes an encoder leaves as they are; every other byte is
/// written as a `%XX` triplet.
///
/// `%` and non-ASCII bytes are never kept: keeping `%` would make decoding
/// ambiguous, and keeping part of a UTF-8 sequence would break it. Sets are
/// built in `const` code:
///
/// ```
/// use uri_core::pct::{EncodeSet, UNRESERVED};
///
/// // Ruby's encode_www_form_component: alphanumerics and `*-._`.
/// const FORM: EncodeSet = UNRESERVED.but_encode(b"~").and_keep(b"*");
/// assert!(FORM.keeps(b'*') && !FORM.keeps(b'~'));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct EncodeSet {
    /// Indexed by any byte, so a lookup needs no range check; the upper
    /// half is always `false`.
    keep: [bool; 256],
    /// The same answers for vector code: bit `h` of `rows[l]` is set when
    /// byte `16 * h + l` is kept (`h` < 8, since only ASCII is kept).
    rows: [u8; 16],
}

impl EncodeSet {
    /// Keeps nothing: every byte is encoded.
    pub const NONE: EncodeSet = EncodeSet {
        keep: [false; 256],
        rows: [0; 16],
    };

    /// Keeps exactly the bytes of a character class.
    pub const fn keeping(class: Class) -> EncodeSet {
        let mut set = EncodeSet::NONE;
        let mut byte = 0;
        while byte < 128 {
            set = set.with(byte, class.contains(byte));
            byte += 1;
        }
        set
    }

    /// This set, also keeping `bytes` (except `%` and non-ASCII bytes,
    /// which are always encoded).
    #[must_use]
    pub const fn and_keep(mut self, bytes: &[u8]) -> EncodeSet {
        let mut i = 0;
        while i < bytes.len() {
            self = self.with(bytes[i], true);
            i += 1;
        }
        self
    }

    /// This set, encoding `bytes` too.
    #[must_use]
    pub const fn but_encode(mut self, bytes: &[u8]) -> EncodeSet {
        let mut i = 0;
        while i < bytes.len() {
            self = self.with(bytes[i], false);
            i += 1;
        }
        self
    }

    /// This set with `byte` kept or not; `%` and non-ASCII bytes stay
    /// encoded whatever `keep` says.
    const fn with(mut self, byte: u8, keep: bool) -> EncodeSet {
        if byte >= 128 {
            return self;
        }
        let keep = keep && byte != b'%';
        let (row, bit) = ((byte & 0x0F) as usize, 1 << (byte >> 4));
        self.keep[byte as usize] = keep;
        self.rows[row] = if keep {
            self.rows[row] | bit
        } else {
            self.rows[row] & !bit
        };
        self
    }

    /// Whether `byte` is left as it is.
    #[inline]
    pub const fn keeps(&self, byte: u8) -> bool {
        self.keep[byte as usize]
    }

    /// The kept bytes as sixteen rows, one per low nibble: bit `h` of row
    /// `l` is set when byte `16 * h + l` is kept. Bytes from 128 up have
    /// no bit (none is kept).
    ///
    /// This is the layout a vector classifier wants: one byte shuffle
    /// looks up the rows of sixteen bytes by their low nibbles, a second
    /// turns their high nibbles into bits, and an `and` of the two says
    /// which bytes the set keeps. `uri-runtime`'s SSSE3 and AVX2 kernels
    /// read sets this way; so may yours.
    ///
    /// ```
    /// use uri_core::pct::UNRESERVED;
    ///
    /// let rows = UNRESERVED.nibble_rows();
    /// let kept = |byte: u8| byte < 128 && rows[usize::from(byte & 0x0F)] & (1 << (byte >> 4)) != 0;
    /// assert!(kept(b'~') && kept(b'a') && kept(b'7'));
    /// assert!(!kept(b'/') && !kept(b'%') && !kept(0xC3));
    /// assert!((0..=255).all(|b| kept(b) == UNRESERVED.keeps(b)));
    /// ```
    #[inline]
    #[must_use]
    pub const fn nibble_rows(&self) -> &[u8; 16] {
        &self.rows
    }
}

impl core::fmt::Debug for EncodeSet {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("EncodeSet(keeps \"")?;
        for byte in 0..128u8 {
            if self.keeps(byte) {
                for c in core::ascii::escape_default(byte) {
                    f.write_str(char::from(c).encode_utf8(&mut [0; 4]))?;
                }
            }
        }
        f.write_str("\")")
    }
}

/// Keeps only `unreserved` (`A-Z a-z 0-9 - . _ ~`, RFC 3986 section 2.3):
/// the safe choice for arbitrary data in any component, since an
/// unreserved character means the same everywhere.
pub const UNRESERVED: EncodeSet = EncodeSet::keeping(table::UNRESERVED);

/// For one path segment: keeps `pchar` (unreserved, sub-delims, `:` and
/// `@`), so `/`, `?` and `#` in the data are encoded and cannot split or end
/// the path. In the first segment of a relative reference a `:` would read
/// as a scheme; build such references with a leading `./`.
pub const PATH_SEGMENT: EncodeSet = EncodeSet::keeping(table::PCHAR);

/// [`PATH_SEGMENT`] that also encodes `:`: RFC 3986's `segment-nz-nc`
/// (section 3.3), for a first segment where a `:` would be misread: in a
/// reference with neither scheme nor authority it would end a scheme
/// (section 4.2), and in a `file` path `C:` would name a drive.
///
/// ```
/// use uri_core::pct::{PATH_SEGMENT, SEGMENT_NZ_NC};
///
/// assert!(PATH_SEGMENT.keeps(b':') && !SEGMENT_NZ_NC.keeps(b':'));
/// assert!(SEGMENT_NZ_NC.keeps(b'@'));
/// ```
pub const SEGMENT_NZ_NC: EncodeSet = PATH_SEGMENT.but_encode(b":");

/// For a whole path whose `/` are separators: [`PATH_SEGMENT`] plus `/`.
pub const PATH: EncodeSet = EncodeSet::keeping(table::PATH);

/// For a whole query: keeps `pchar`, `/` and `?` (RFC 3986 section 3.4).
/// `&` and `=` stay, so use [`QUERY_PARAM`] for one key or value.
pub const QUERY: EncodeSet = EncodeSet::keeping(table::QUERY_FRAGMENT);

/// For one key or value inside a query: [`QUERY`] but also encodes `&`,
/// `=`, `+` and `#`, so the data cannot end a pair, split key from value,
/// or be read as a space by form decoders.
pub const QUERY_PARAM: EncodeSet = QUERY.but_encode(b"&=+#");

/// For a fragment: keeps `pchar`, `/` and `?` (RFC 3986 section 3.5).
pub const FRAGMENT: EncodeSet = EncodeSet::keeping(table::QUERY_FRAGMENT);

/// For the whole userinfo: keeps unreserved, sub-delims and `:`. Encoding a
/// user name alone? Use `USERINFO.but_encode(b":")`, since the first `:`
/// separates the (deprecated) password.
pub const USERINFO: EncodeSet = EncodeSet::keeping(table::USERINFO);

/// For a registered name: keeps unreserved and sub-delims (RFC 3986
/// section 3.2.2). Internationalized names belong in IDNA form instead.
pub const REG_NAME: EncodeSet = EncodeSet::keeping(table::REG_NAME);

/// Keeps every character that may appear somewhere in a URI (reserved and
/// unreserved): encodes only what is never allowed, such as space, `<` and
/// non-ASCII. For repairing whole strings, never for data, since it leaves
/// every delimiter in place.
pub const URI_CHARS: EncodeSet = EncodeSet::keeping(table::RESERVED.union(table::UNRESERVED));

/// Every encode set above by its name in kebab case, for code that picks a
/// set from text (a command-line flag, a SQL argument), so that the names
/// are written once.
///
/// ```
/// use uri_core::pct::{self, named};
///
/// assert_eq!(named("query-param"), Some(&pct::QUERY_PARAM));
/// assert_eq!(named("QUERY-PARAM"), None);
/// assert_eq!(pct::NAMED.len(), 10);
/// ```
pub const NAMED: [(&str, &EncodeSet); 10] = [
    ("path-segment", &PATH_SEGMENT),
    ("segment-nz-nc", &SEGMENT_NZ_NC),
    ("path", &PATH),
    ("query-param", &QUERY_PARAM),
    ("query", &QUERY),
    ("fragment", &FRAGMENT),
    ("userinfo", &USERINFO),
    ("reg-name", &REG_NAME),
    ("unreserved", &UNRESERVED),
    ("uri-chars", &URI_CHARS),
];

/// The set of [`NAMED`] called `name` (exactly, in lowercase).
pub fn named(name: &str) -> Option<&'static EncodeSet> {
    NAMED.iter().find(|(n, _)| *n == name).map(|&(_, set)| set)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_triplet_round_trips() {
        for byte in 0..=255u8 {
            let triplet = encode_byte(byte);
            assert_eq!(decode_triplet(&triplet, 0, 3), Some(byte));
            let lower = triplet.map(|b| b.to_ascii_lowercase());
            assert_eq!(decode_triplet(&lower, 0, 3), Some(byte));
        }
    }

    #[test]
    fn sets_never_keep_percent_or_non_ascii() {
        let all: [u8; 256] = core::array::from_fn(|i| i as u8);
        let greedy = EncodeSet::NONE.and_keep(&all);
        assert!(!greedy.keeps(b'%'));
        assert!((128..=255).all(|b| !greedy.keeps(b)));
        assert!((0..128u8).filter(|&b| b != b'%').all(|b| greedy.keeps(b)));
    }

    #[test]
    fn nibble_rows_agree_with_keeps() {
        for set in [UNRESERVED, PATH, QUERY_PARAM, URI_CHARS, EncodeSet::NONE] {
            for byte in 0..=255u8 {
                let row = set.nibble_rows()[usize::from(byte & 0x0F)];
                let kept = byte < 128 && row & (1 << (byte >> 4)) != 0;
                assert_eq!(kept, set.keeps(byte), "{set:?} {byte:#x}");
            }
        }
    }

    #[test]
    fn query_param_encodes_pair_delimiters() {
        for b in *b"&=+#" {
            assert!(!QUERY_PARAM.keeps(b));
        }
        assert!(QUERY_PARAM.keeps(b'/') && QUERY_PARAM.keeps(b'?'));
    }
}
