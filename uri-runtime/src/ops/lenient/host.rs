//! A host read as the URL Standard's host parser reads it, written in its
//! strict RFC 3986 form: a special URL's host percent-decoded, mapped to
//! ASCII and read as an IPv4 address when it ends in a number; an IPv6
//! address in its shortest form; another scheme's host kept opaque.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::Write;

use uri_core::parse::ipv4_number_form;
use uri_core::pct::{self, lenient_byte_at};
use uri_core::{Component, ParseError, ParseErrorKind};

use super::clean::Cleaned;
use super::record::{keeps, push_encoded, write_char};
use super::repair::{Notes, RepairKind};

/// Reads the host in code points `from..to` of `input`.
pub(super) fn parse_host(
    text: &str,
    input: &Cleaned,
    from: usize,
    to: usize,
    special: bool,
    notes: &mut Notes,
) -> Result<String, ParseError> {
    let chars = input.chars.get(from..to).unwrap_or_default();
    let error = |k: usize, kind| ParseError::new(text, input.span(from + k, from + k).start, kind);
    if chars.first() == Some(&'[') {
        if chars.last() != Some(&']') || chars.len() < 2 {
            return Err(error(0, ParseErrorKind::UnclosedIpLiteral));
        }
        let inner = &chars[1..chars.len() - 1];
        let address = ipv6(inner).map_err(|k| error(1 + k, ParseErrorKind::InvalidIpv6))?;
        let written = ipv6_text(&address);
        let digits = written.trim_start_matches('[').trim_end_matches(']');
        if !digits
            .chars()
            .eq(inner.iter().map(char::to_ascii_lowercase))
        {
            notes.note(input.span(from, to), RepairKind::AddressRewritten);
        }
        return Ok(written);
    }
    if !special {
        return opaque_host(chars, &error, input, from, notes);
    }
    let raw: String = chars.iter().collect();
    let decoded = decode(&raw).map_err(|k| {
        error(
            char_index(&raw, k),
            ParseErrorKind::InvalidChar(Component::Host),
        )
    })?;
    if matches!(&decoded, Cow::Owned(decoded) if *decoded != raw) {
        notes.note(input.span(from, to), RepairKind::HostDecoded);
    }
    let ascii = domain_to_ascii(&decoded, &raw, &error, notes, input.span(from, to))?;
    if ends_in_a_number(&ascii) {
        let Some(octets) = ipv4_number_form(ascii.as_bytes()) else {
            return Err(error(0, ParseErrorKind::InvalidIpv4));
        };
        let mut dotted = String::with_capacity(15);
        let [a, b, c, d] = octets;
        let _ = write!(dotted, "{a}.{b}.{c}.{d}");
        if dotted != ascii {
            notes.note(input.span(from, to), RepairKind::AddressRewritten);
        }
        return Ok(dotted);
    }
    // The Standard lets `"`, `` ` ``, `{` and `}` stand in a name, where
    // RFC 3986 writes them escaped. Most names are the text as written,
    // whose copy is returned.
    let written = match ascii {
        Cow::Borrowed(name) if name == raw && raw.bytes().all(|b| pct::REG_NAME.keeps(b)) => None,
        ascii => {
            let mut out = String::with_capacity(ascii.len());
            for c in ascii.chars() {
                if keeps(&pct::REG_NAME, c) {
                    out.push(c);
                } else {
                    push_encoded(&mut out, c, &pct::REG_NAME);
                }
            }
            Some(out)
        }
    };
    Ok(written.unwrap_or(raw))
}

/// The code point index, in `raw`, of byte `k`.
fn char_index(raw: &str, k: usize) -> usize {
    raw.get(..k).map_or(0, |head| head.chars().count())
}

/// `raw` with its escapes decoded (borrowed when it has none); `Err` with
/// the byte offset of the first escape whose bytes are not UTF-8.
fn decode(raw: &str) -> Result<Cow<'_, str>, usize> {
    if !raw.contains('%') {
        return Ok(Cow::Borrowed(raw));
    }
    let bytes = raw.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut origin = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while let Some((byte, width)) = lenient_byte_at(bytes, i) {
        out.push(byte);
        origin.push(i);
        i += width;
    }
    String::from_utf8(out).map(Cow::Owned).map_err(|err| {
        origin
            .get(err.utf8_error().valid_up_to())
            .copied()
            .unwrap_or(0)
    })
}

/// The forbidden host code points of the URL Standard: what no host, not
/// even an opaque one, may hold.
fn is_forbidden_host(c: char) -> bool {
    matches!(
        c,
        '\0' | '\t'
            | '\n'
            | '\r'
            | ' '
            | '#'
            | '/'
            | ':'
            | '<'
            | '>'
            | '?'
            | '@'
            | '['
            | '\\'
            | ']'
            | '^'
            | '|'
    )
}

/// The parse error for a name IDNA refuses: a character no name holds is
/// blamed as a character of the host, anything else (punycode, label
/// lengths) as a name with no ASCII form.
#[cfg(feature = "idna")]
pub(super) fn idna_refusal(kind: uri_idna::IdnaErrorKind) -> ParseErrorKind {
    match kind {
        uri_idna::IdnaErrorKind::DisallowedChar(_) => ParseErrorKind::InvalidChar(Component::Host),
        _ => ParseErrorKind::InvalidIdn,
    }
}

/// Where the first escape of `raw` starts, in characters: what an error
/// in a name that decoding changed points at.
fn first_escape(raw: &str) -> usize {
    raw.find('%').map_or(0, |at| char_index(raw, at))
}

/// The forbidden domain code points: the host ones, C0 controls, `%` and
/// DEL.
#[cfg(not(feature = "idna"))]
fn is_forbidden_domain(c: char) -> bool {
    is_forbidden_host(c) || c <= '\u{1f}' || c == '%' || c == '\u{7f}'
}

/// A non-special URL's host: kept as written, escaped where RFC 3986
/// needs it.
fn opaque_host(
    chars: &[char],
    error: &impl Fn(usize, ParseErrorKind) -> ParseError,
    input: &Cleaned,
    from: usize,
    notes: &mut Notes,
) -> Result<String, ParseError> {
    let mut out = String::with_capacity(chars.len());
    for (k, &c) in chars.iter().enumerate() {
        if is_forbidden_host(c) {
            return Err(error(k, ParseErrorKind::InvalidChar(Component::Host)));
        }
        write_char(&mut out, input, from + k, &pct::REG_NAME, notes);
    }
    Ok(out)
}

/// The URL Standard's "domain to ASCII", not strict.
#[cfg(feature = "idna")]
fn domain_to_ascii<'a>(
    decoded: &'a str,
    raw: &str,
    error: &impl Fn(usize, ParseErrorKind) -> ParseError,
    notes: &mut Notes,
    span: core::ops::Range<usize>,
) -> Result<Cow<'a, str>, ParseError> {
    match uri_idna::domain_to_ascii_as_browsers(decoded) {
        Ok(ascii) => {
            if !decoded.is_ascii() {
                notes.note(span, RepairKind::HostMapped);
            }
            Ok(ascii)
        }
        Err(err) => {
            // A character no host holds is blamed as such, where it
            // stands; otherwise the label IDNA refused. A position in the
            // decoded name is one in the text when nothing was decoded.
            let k = if decoded == raw {
                char_index(raw, err.index())
            } else {
                first_escape(raw)
            };
            Err(error(k, idna_refusal(err.kind())))
        }
    }
}

/// Without IDNA, an ASCII name is lowercased and checked; a name with
/// other characters has no ASCII form here (the error's hint names the
/// feature).
#[cfg(not(feature = "idna"))]
fn domain_to_ascii<'a>(
    decoded: &'a str,
    raw: &str,
    error: &impl Fn(usize, ParseErrorKind) -> ParseError,
    _notes: &mut Notes,
    _span: core::ops::Range<usize>,
) -> Result<Cow<'a, str>, ParseError> {
    let culprit = decoded
        .char_indices()
        .find(|&(_, c)| !c.is_ascii() || is_forbidden_domain(c));
    if let Some((at, c)) = culprit {
        let k = if decoded == raw {
            char_index(raw, at)
        } else {
            first_escape(raw)
        };
        let kind = if c.is_ascii() {
            ParseErrorKind::InvalidChar(Component::Host)
        } else {
            ParseErrorKind::HostNeedsIdna
        };
        return Err(error(k, kind));
    }
    if decoded.is_empty() {
        return Err(error(0, ParseErrorKind::MissingHost));
    }
    if decoded.bytes().any(|b| b.is_ascii_uppercase()) {
        return Ok(Cow::Owned(decoded.to_ascii_lowercase()));
    }
    Ok(Cow::Borrowed(decoded))
}

/// The URL Standard's "ends in a number": the last label (a final empty
/// one left out) is decimal digits or `0x` and hex digits.
// In line: most names end in a letter that no number form has, and the
// call cost as much as that test (`parse_href` asks it of each special
// name; BENCHMARKS.md has the count).
#[inline]
pub(super) fn ends_in_a_number(domain: &str) -> bool {
    let bytes = domain.as_bytes();
    let trimmed = match bytes.split_last() {
        Some((b'.', rest)) if !rest.is_empty() => rest,
        _ => bytes,
    };
    // Most names end in a letter that no number form has.
    if !trimmed
        .last()
        .is_some_and(|&b| b.is_ascii_hexdigit() || b == b'x' || b == b'X')
    {
        return false;
    }
    let last = trimmed
        .iter()
        .rposition(|&b| b == b'.')
        .map_or(trimmed, |k| &trimmed[k + 1..]);
    if !last.is_empty() && last.iter().all(u8::is_ascii_digit) {
        return true;
    }
    match last {
        [b'0', b'x' | b'X', hex @ ..] => hex.iter().all(u8::is_ascii_hexdigit),
        _ => false,
    }
}

/// The URL Standard's IPv6 parser: eight 16-bit pieces, `::` for a run of
/// zeros, an IPv4 address for the last two. `Err` holds the index
/// where reading stopped.
fn ipv6(chars: &[char]) -> Result<[u16; 8], usize> {
    let mut address = [0u16; 8];
    let mut piece = 0;
    let mut compress = None;
    let mut i = 0;
    let at = |i: usize| chars.get(i).copied();
    if at(0) == Some(':') {
        if at(1) != Some(':') {
            return Err(i);
        }
        i = 2;
        piece = 1;
        compress = Some(1);
    }
    while at(i).is_some() {
        if piece == 8 {
            return Err(i);
        }
        if at(i) == Some(':') {
            if compress.is_some() {
                return Err(i);
            }
            i += 1;
            piece += 1;
            compress = Some(piece);
            continue;
        }
        let mut value: u32 = 0;
        let mut length = 0;
        while length < 4 {
            let Some(digit) = at(i).and_then(|c| c.to_digit(16)) else {
                break;
            };
            value = value * 16 + digit;
            i += 1;
            length += 1;
        }
        if at(i) == Some('.') {
            if length == 0 || piece > 6 {
                return Err(i);
            }
            i -= length;
            let mut numbers_seen = 0;
            while let Some(c) = at(i) {
                if numbers_seen > 0 {
                    if c == '.' && numbers_seen < 4 {
                        i += 1;
                    } else {
                        return Err(i);
                    }
                }
                let mut ipv4_piece: Option<u32> = None;
                while let Some(digit) = at(i).and_then(|c| c.to_digit(10)) {
                    ipv4_piece = match ipv4_piece {
                        None => Some(digit),
                        Some(0) => return Err(i),
                        Some(n) => Some(n * 10 + digit),
                    };
                    if ipv4_piece.is_some_and(|n| n > 255) {
                        return Err(i);
                    }
                    i += 1;
                }
                let number = ipv4_piece.ok_or(i)?;
                address[piece] = address[piece] * 0x100 + number as u16;
                numbers_seen += 1;
                if numbers_seen % 2 == 0 {
                    piece += 1;
                }
            }
            if numbers_seen != 4 {
                return Err(i);
            }
            break;
        } else if at(i) == Some(':') {
            i += 1;
            at(i).ok_or(i)?;
        } else if at(i).is_some() {
            return Err(i);
        }
        address[piece] = value as u16;
        piece += 1;
    }
    if let Some(start) = compress {
        let mut swaps = piece - start;
        piece = 7;
        while piece != 0 && swaps > 0 {
            address.swap(piece, start + swaps - 1);
            piece -= 1;
            swaps -= 1;
        }
    } else if piece != 8 {
        return Err(i);
    }
    Ok(address)
}

/// An IPv6 address as the URL Standard writes it (RFC 5952's shortest
/// form), in brackets.
pub(super) fn ipv6_text(address: &[u16; 8]) -> String {
    String::from(ShortestIpv6::of(address).as_str())
}

/// [`ipv6_text`] written on the stack, for a caller that mostly only
/// compares it with the text it read (allocating costs more than writing).
pub(super) struct ShortestIpv6 {
    /// `[`, eight pieces of at most four digits with seven `:`, and `]`;
    /// and room for a piece's four bytes past the last piece's digits
    /// (see `push_piece`).
    bytes: [u8; 44],
    len: usize,
}

impl ShortestIpv6 {
    /// The shortest form of the address whose pieces are `address`.
    pub(super) fn of(address: &[u16; 8]) -> Self {
        // The first longest run of two or more zero pieces becomes `::`.
        let mut best: Option<(usize, usize)> = None;
        let mut k = 0;
        while k < 8 {
            let start = k;
            while k < 8 && address[k] == 0 {
                k += 1;
            }
            let len = k - start;
            if len > 1 && best.is_none_or(|(_, longest)| len > longest) {
                best = Some((start, len));
            }
            k = k.max(start + 1);
        }
        let mut out = ShortestIpv6 {
            bytes: [0; 44],
            len: 0,
        };
        out.push(b'[');
        let mut k = 0;
        while k < 8 {
            if let Some((start, len)) = best
                && k == start
            {
                if k == 0 {
                    out.push(b':');
                }
                out.push(b':');
                k += len;
                continue;
            }
            out.push_piece(address[k]);
            if k < 7 {
                out.push(b':');
            }
            k += 1;
        }
        out.push(b']');
        out
    }

    pub(super) fn as_str(&self) -> &str {
        // Only ASCII is ever written.
        core::str::from_utf8(self.as_bytes()).unwrap_or_default()
    }

    /// The form's bytes, for a caller that only compares them with the
    /// text and so needs no UTF-8 check (`as_str`'s).
    pub(super) fn as_bytes(&self) -> &[u8] {
        self.bytes.get(..self.len).unwrap_or_default()
    }

    fn push(&mut self, byte: u8) {
        // Never past the end: the longest form is 41 bytes, of 44.
        if let Some(slot) = self.bytes.get_mut(self.len) {
            *slot = byte;
            self.len += 1;
        }
    }

    /// An IPv6 piece in lowercase hex without leading zeros, as `{:x}`
    /// writes it, without the formatting machinery (which cost an address
    /// several times its parse).
    ///
    /// All four digits are written at once, the leading zeros' shifted
    /// out, and the length moves past the digits kept: one store and no
    /// loop (the next byte written lands on the rest).
    fn push_piece(&mut self, piece: u16) {
        let digits = (u16::BITS - piece.leading_zeros()).div_ceil(4).max(1) as usize;
        let hex = |shift: u16| b"0123456789abcdef"[usize::from(piece >> shift & 0xF)];
        let word = u32::from_be_bytes([hex(12), hex(8), hex(4), hex(0)]) << (8 * (4 - digits));
        if let Some(slot) = self.bytes.get_mut(self.len..self.len + 4) {
            slot.copy_from_slice(&word.to_be_bytes());
            self.len += digits;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_piece_is_written_as_the_formatter_writes_it() {
        for piece in 0..=u16::MAX {
            let mut out = ShortestIpv6 {
                bytes: [0; 44],
                len: 0,
            };
            out.push_piece(piece);
            assert_eq!(out.as_str(), alloc::format!("{piece:x}"));
        }
    }

    /// The shortest form is what the standard library writes (RFC 5952
    /// too), but for the IPv4-mapped addresses, which it writes with a
    /// dotted quad, for generated addresses: runs of zero pieces of every
    /// length at every place, two runs of the same length, and pieces of
    /// every width.
    #[test]
    fn the_shortest_form_is_the_standard_librarys() {
        use crate::bytes::scan::tests::xorshift;
        let mut state: u64 = 0x1234_5678_9abc_def1;
        let mut next = || xorshift(&mut state);
        let mut compared = 0;
        for _ in 0..200_000 {
            let mut pieces = [0u16; 8];
            for piece in &mut pieces {
                // Half the pieces zero; the rest one to four digits wide.
                *piece = match next() % 8 {
                    0..=3 => 0,
                    width => (next() as u16) >> (16 - 4 * (width - 3)),
                };
            }
            let address = core::net::Ipv6Addr::from(pieces);
            if address.to_ipv4_mapped().is_some() {
                continue;
            }
            let expected = alloc::format!("[{address}]");
            assert_eq!(ShortestIpv6::of(&pieces).as_str(), expected, "{pieces:?}");
            compared += 1;
        }
        assert!(compared > 190_000, "{compared}");
    }

    fn v6(text: &str) -> Option<String> {
        let chars: Vec<char> = text.chars().collect();
        ipv6(&chars).ok().map(|a| ipv6_text(&a))
    }

    #[test]
    fn ipv6_addresses_are_read_and_written_shortest() {
        assert_eq!(v6("::1").as_deref(), Some("[::1]"));
        assert_eq!(v6("0:0:0:0:0:0:0:1").as_deref(), Some("[::1]"));
        assert_eq!(v6("1:0:0:2:0:0:0:3").as_deref(), Some("[1:0:0:2::3]"));
        assert_eq!(v6("::ffff:127.0.0.1").as_deref(), Some("[::ffff:7f00:1]"));
        assert_eq!(v6("1::").as_deref(), Some("[1::]"));
        assert_eq!(v6("1:2:3:4:5:6:7:8").as_deref(), Some("[1:2:3:4:5:6:7:8]"));
        assert_eq!(v6("::"), Some(String::from("[::]")));
        for bad in [
            ":1",
            "1:",
            "1::2::3",
            "1:2:3:4:5:6:7:8:9",
            "::1.2.3",
            "::01.2.3.4",
            "12345::",
            "::1.2.3.4.5",
            "g::",
        ] {
            assert_eq!(v6(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_host_ends_in_a_number_as_the_standard_says() {
        for yes in ["1", "a.1", "a.0x", "a.0xAf", "1.2.3.4.", "09"] {
            assert!(ends_in_a_number(yes), "{yes}");
        }
        for no in ["a", "1.a", "0xg", "a..", "."] {
            assert!(!ends_in_a_number(no), "{no}");
        }
    }
}
