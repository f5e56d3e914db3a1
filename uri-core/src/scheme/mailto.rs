//! `mailto` (RFC 6068 section 2): a comma-separated list of mail
//! addresses, then header fields `name=value` joined by `&`.

use super::{SchemeError, SchemeErrorKind, decoded_byte};
use crate::components::Components;
use crate::parse::char_at;
use crate::table::{MAIL_ATEXT, MAIL_DTEXT, MAILTO_QCHAR};

/// `mailtoURI = "mailto:" [ to ] [ hfields ]`, `to = addr-spec *("," addr-spec )`,
/// `hfields = "?" hfield *( "&" hfield )`, `hfield = hfname "=" hfvalue`,
/// `hfname = *qchar`, `hfvalue = *qchar`. The addresses are checked after
/// percent-decoding (section 2 has them encoded "as needed"), and so are
/// those of the `to`, `cc` and `bcc` header fields.
///
/// A fragment is left alone: RFC 6068's rule has none, but RFC 3986
/// section 3.5 gives every scheme's references one.
pub(super) const fn check(text: &[u8], parts: &Components) -> Result<(), SchemeError> {
    let to_start = match parts.scheme() {
        Some(scheme) => scheme.end + 1,
        None => 0,
    };
    let to_end = match (parts.query(), parts.fragment()) {
        (Some(query), _) => query.start - 1,
        (None, Some(fragment)) => fragment.start - 1,
        (None, None) => text.len(),
    };
    if to_start < to_end {
        attempt!(address_list(text, to_start, to_end));
    }
    match parts.query() {
        Some(query) => header_fields(text, query.start, query.end),
        None => Ok(()),
    }
}

/// Each address of the comma-separated, percent-encoded list
/// `text[from..to]`.
const fn address_list(text: &[u8], from: usize, to: usize) -> Result<(), SchemeError> {
    let mut start = from;
    loop {
        let mut end = start;
        while end < to && text[end] != b',' {
            end += 1;
        }
        attempt!(check_address(text, start, end, true));
        if end == to {
            return Ok(());
        }
        start = end + 1;
    }
}

/// The header fields of the query `text[from..to]`.
const fn header_fields(text: &[u8], from: usize, to: usize) -> Result<(), SchemeError> {
    let mut start = from;
    loop {
        let mut end = start;
        while end < to && text[end] != b'&' {
            end += 1;
        }
        let mut equals = start;
        while equals < end && text[equals] != b'=' {
            equals += 1;
        }
        if equals == end {
            return Err(SchemeError::new(
                end,
                0,
                SchemeErrorKind::MissingHeaderValue,
            ));
        }
        attempt!(qchars(text, start, equals));
        attempt!(qchars(text, equals + 1, end));
        if holds_addresses(text, start, equals) && equals + 1 < end {
            attempt!(address_list(text, equals + 1, end));
        }
        if end == to {
            return Ok(());
        }
        start = end + 1;
    }
}

/// Whether the header field named `text[from..to]` is `to`, `cc` or `bcc`.
const fn holds_addresses(text: &[u8], from: usize, to: usize) -> bool {
    let Some((_, name)) = text.split_at_checked(from) else {
        return false;
    };
    let Some((name, _)) = name.split_at_checked(to - from) else {
        return false;
    };
    name.eq_ignore_ascii_case(b"to")
        || name.eq_ignore_ascii_case(b"cc")
        || name.eq_ignore_ascii_case(b"bcc")
}

/// `*qchar` over `text[from..to]`; escapes were checked by the parser, and
/// a byte of 0x80 or above is there only in an IRI, which allows it.
const fn qchars(text: &[u8], from: usize, to: usize) -> Result<(), SchemeError> {
    let mut i = from;
    while i < to {
        let byte = text[i];
        if !(MAILTO_QCHAR.contains(byte) || byte == b'%' || byte >= 0x80) {
            return Err(SchemeError::new(i, 1, SchemeErrorKind::InvalidHeaderField));
        }
        i += 1;
    }
    Ok(())
}

/// Checks one mail address, `text[from..to]`, against RFC 6068's
/// `addr-spec`: `local-part "@" domain`, with `local-part = dot-atom-text /
/// quoted-string` and `domain = dot-atom-text / "[" *dtext-no-obs "]"`
/// (RFC 5322's rules without comments or folding white space). With
/// `escaped`, the text is read percent-decoded, as in a URI; without, as
/// it is. Bytes of UTF-8 above ASCII count as `atext` and `qtext`, as RFC
/// 6532 extends them.
///
/// Returns the index of the `@` between the local part and the domain.
///
/// ```
/// use uri_core::scheme::{check_address, SchemeErrorKind};
///
/// assert_eq!(check_address(b"\"not@me\"@example.org", 0, 20, false), Ok(8));
/// assert_eq!(check_address(b"%22not%40me%22@example.org", 0, 26, true), Ok(14));
/// let err = check_address(b"a..b@example.org", 0, 16, false).unwrap_err();
/// assert_eq!((err.kind(), err.index()), (SchemeErrorKind::InvalidAddress, 2));
/// ```
///
/// # Errors
///
/// [`SchemeErrorKind::EmptyAddress`], [`SchemeErrorKind::MissingAtSign`]
/// or [`SchemeErrorKind::InvalidAddress`] at the first offending byte (or
/// escape) of `text`.
pub const fn check_address(
    text: &[u8],
    from: usize,
    to: usize,
    escaped: bool,
) -> Result<usize, SchemeError> {
    if from >= to {
        return Err(SchemeError::new(from, 0, SchemeErrorKind::EmptyAddress));
    }
    let reader = Reader { text, to, escaped };
    let local_end = if reader.byte(from).0 == b'"' {
        attempt!(reader.quoted_string(from))
    } else {
        attempt!(reader.dot_atom(from))
    };
    if local_end == to {
        return Err(SchemeError::new(to, 0, SchemeErrorKind::MissingAtSign));
    }
    let (byte, domain_start) = reader.byte(local_end);
    if byte != b'@' {
        return Err(reader.invalid(local_end));
    }
    if domain_start == to {
        return Err(SchemeError::new(to, 0, SchemeErrorKind::InvalidAddress));
    }
    let domain_end = if reader.byte(domain_start).0 == b'[' {
        attempt!(reader.domain_literal(domain_start))
    } else {
        attempt!(reader.dot_atom(domain_start))
    };
    if domain_end != to {
        return Err(reader.invalid(domain_end));
    }
    Ok(local_end)
}

/// Reads an address a byte (or escape) at a time.
struct Reader<'a> {
    text: &'a [u8],
    to: usize,
    escaped: bool,
}

impl Reader<'_> {
    /// The byte at `at` and the index after it.
    const fn byte(&self, at: usize) -> (u8, usize) {
        if self.escaped {
            decoded_byte(self.text, at, self.to)
        } else {
            (self.text[at], at + 1)
        }
    }

    /// An [`SchemeErrorKind::InvalidAddress`] covering what is at `at`: an
    /// escape, or a whole character.
    const fn invalid(&self, at: usize) -> SchemeError {
        let len = if at >= self.to {
            0
        } else if self.text[at] >= 0x80 {
            char_at(self.text, at, self.to).1
        } else {
            self.byte(at).1 - at
        };
        SchemeError::new(at, len, SchemeErrorKind::InvalidAddress)
    }

    /// `dot-atom-text = 1*atext *("." 1*atext)` from `at`; returns where it
    /// stops (at a byte that is neither `atext` nor `.`).
    const fn dot_atom(&self, mut at: usize) -> Result<usize, SchemeError> {
        let mut atom_len = 0;
        let mut last_dot = None;
        while at < self.to {
            let (byte, next) = self.byte(at);
            if MAIL_ATEXT.contains(byte) || byte >= 0x80 {
                atom_len += 1;
            } else if byte == b'.' {
                if atom_len == 0 {
                    // A leading dot, or the second of two.
                    return Err(self.invalid(at));
                }
                atom_len = 0;
                last_dot = Some(at);
            } else {
                break;
            }
            at = next;
        }
        if atom_len == 0 {
            return Err(match last_dot {
                Some(dot) => self.invalid(dot),
                None => self.invalid(at),
            });
        }
        Ok(at)
    }

    /// `quoted-string = DQUOTE *(qtext / quoted-pair / WSP) DQUOTE` from the
    /// opening quote at `at`; returns the index after the closing one.
    const fn quoted_string(&self, open: usize) -> Result<usize, SchemeError> {
        let mut at = self.byte(open).1;
        while at < self.to {
            let (byte, next) = self.byte(at);
            match byte {
                b'"' => return Ok(next),
                b'\\' => {
                    if next == self.to {
                        return Err(self.invalid(at));
                    }
                    let (quoted, after) = self.byte(next);
                    // quoted-pair = "\" (VCHAR / WSP)
                    if !(matches!(quoted, 0x21..=0x7E | b' ' | b'\t') || quoted >= 0x80) {
                        return Err(self.invalid(next));
                    }
                    at = after;
                }
                // qtext = %d33 / %d35-91 / %d93-126, and white space.
                0x21 | 0x23..=0x5B | 0x5D..=0x7E | b' ' | b'\t' | 0x80..=0xFF => at = next,
                _ => return Err(self.invalid(at)),
            }
        }
        // No closing quote: the address ends inside it.
        Err(self.invalid(open))
    }

    /// `"[" *dtext-no-obs "]"` from the `[` at `open`; returns the index
    /// after the `]`.
    const fn domain_literal(&self, open: usize) -> Result<usize, SchemeError> {
        let mut at = self.byte(open).1;
        while at < self.to {
            let (byte, next) = self.byte(at);
            if byte == b']' {
                return Ok(next);
            }
            if !MAIL_DTEXT.contains(byte) {
                return Err(self.invalid(at));
            }
            at = next;
        }
        Err(self.invalid(open))
    }
}

#[cfg(test)]
mod tests {
    use crate::scheme::{SchemeErrorKind, check_address, first_error as error};

    /// RFC 6068 section 6: every example URI.
    #[test]
    fn the_examples_of_rfc_6068_pass() {
        for text in [
            "mailto:chris@example.com",
            "mailto:infobot@example.com?subject=current-issue",
            "mailto:infobot@example.com?body=send%20current-issue",
            "mailto:infobot@example.com?body=send%20current-issue%0D%0Asend%20index",
            "mailto:list@example.org?In-Reply-To=%3C3469A91.D10AF4C@example.com%3E",
            "mailto:majordomo@example.com?body=subscribe%20bamboo-l",
            "mailto:joe@example.com?cc=bob@example.com&body=hello",
            "mailto:?to=addr1@an.example,addr2@an.example",
            "mailto:addr1@an.example,addr2@an.example",
            "mailto:?to=joe@example.com&cc=bob@example.com&body=hello",
            "mailto:gorby%25kremvax@example.com",
            "mailto:unlikely%3Faddress@example.com?blat=foop",
            "mailto:Mike%26family@example.org",
            "mailto:%22not%40me%22@example.org",
            "mailto:%22oh%5C%5Cno%22@example.org",
            "mailto:%22%5C%5C%5C%22it's%5C%20ugly%5C%5C%5C%22%22@example.org",
            "mailto:user@example.org?subject=caf%C3%A9",
            "mailto:user@example.org?subject=%3D%3Futf-8%3FQ%3Fcaf%3DC3%3DA9%3F%3D",
            "mailto:user@example.org?subject=%3D%3Fiso-8859-1%3FQ%3Fcaf%3DE9%3F%3D",
            "mailto:user@example.org?subject=caf%C3%A9&body=caf%C3%A9",
            "mailto:user@%E7%B4%8D%E8%B1%86.example.org?subject=Test&body=NATTO",
            "mailto:user@xn--99zt52a.example.org?subject=Test&body=NATTO",
        ] {
            assert_eq!(error(text), None, "{text}");
        }
    }

    #[test]
    fn broken_addresses_are_pointed_at() {
        assert_eq!(
            error("mailto:no-at-sign"),
            Some((SchemeErrorKind::MissingAtSign, 17, 0))
        );
        assert_eq!(
            error("mailto:a@x,,b@x"),
            Some((SchemeErrorKind::EmptyAddress, 11, 0))
        );
        assert_eq!(
            error("mailto:a@x,"),
            Some((SchemeErrorKind::EmptyAddress, 11, 0))
        );
        assert_eq!(
            error("mailto:a..b@x"),
            Some((SchemeErrorKind::InvalidAddress, 9, 1))
        );
        assert_eq!(
            error("mailto:.a@x"),
            Some((SchemeErrorKind::InvalidAddress, 7, 1))
        );
        assert_eq!(
            error("mailto:a.@x"),
            Some((SchemeErrorKind::InvalidAddress, 8, 1))
        );
        assert_eq!(
            error("mailto:a@"),
            Some((SchemeErrorKind::InvalidAddress, 9, 0))
        );
        assert_eq!(
            error("mailto:a@b@c"),
            Some((SchemeErrorKind::InvalidAddress, 10, 1))
        );
        assert_eq!(
            error("mailto:a%20b@x"),
            Some((SchemeErrorKind::InvalidAddress, 8, 3))
        );
        assert_eq!(
            error("mailto:%22open@x"),
            Some((SchemeErrorKind::InvalidAddress, 7, 3))
        );
        assert_eq!(error("mailto:a@%5B1.2.3.4%5D"), None);
        assert_eq!(
            error("mailto:a@%5B1.2%5B%5D"),
            Some((SchemeErrorKind::InvalidAddress, 15, 3))
        );
        assert_eq!(
            error("mailto:?cc=a@x,nope"),
            Some((SchemeErrorKind::MissingAtSign, 19, 0))
        );
    }

    #[test]
    fn header_fields_hold_qchars_and_an_equals_sign() {
        assert_eq!(
            error("mailto:a@x?subject"),
            Some((SchemeErrorKind::MissingHeaderValue, 18, 0))
        );
        assert_eq!(
            error("mailto:a@x?"),
            Some((SchemeErrorKind::MissingHeaderValue, 11, 0))
        );
        assert_eq!(
            error("mailto:a@x?body=a/b"),
            Some((SchemeErrorKind::InvalidHeaderField, 17, 1))
        );
        assert_eq!(
            error("mailto:a@x?body=a=b"),
            Some((SchemeErrorKind::InvalidHeaderField, 17, 1))
        );
        assert_eq!(error("mailto:a@x?body=&subject=x"), None);
        assert_eq!(error("mailto:?to="), None);
        assert_eq!(error("mailto:"), None);
        assert_eq!(error("mailto:a@x#frag"), None);
    }

    #[test]
    fn an_unescaped_address_is_read_as_it_is() {
        assert_eq!(check_address(b"a%41@x", 0, 6, false), Ok(4));
        assert_eq!(check_address(b"\"a\\", 0, 3, false).unwrap_err().index(), 2);
        assert_eq!(check_address("ö@x".as_bytes(), 0, 4, false), Ok(2));
        let err = check_address("a@[é]".as_bytes(), 0, 6, false).unwrap_err();
        assert_eq!((err.index(), err.len()), (3, 2));
    }
}
