//! `ftp` (RFC 1738 section 3.2): a host, a 16-bit port, and a path of
//! names whose only unescaped `;` introduces the `type=` typecode.

use super::{SchemeError, SchemeErrorKind, check_server};
use crate::components::Components;

/// What follows the `;` that introduces a typecode.
const TYPE: &[u8] = b"type=";

/// RFC 1738 section 3.2.2: `ftpurl = "ftp://" login [ "/" fpath [ ";type="
/// ftptype ]]`, `ftptype = "A" | "I" | "D" | "a" | "i" | "d"`, and
/// `fsegment` has no `;`, so one elsewhere must be escaped (3.2.3).
pub(super) const fn check(text: &[u8], parts: &Components) -> Result<(), SchemeError> {
    attempt!(check_server(text, parts));
    let path = parts.path();
    let typecode_at = typecode_semicolon(text, path.start, path.end);
    let mut i = path.start;
    while i < path.end {
        if text[i] == b';' {
            let is_typecode = match typecode_at {
                Some(at) => at == i,
                None => false,
            };
            if !is_typecode {
                return Err(SchemeError::new(i, 1, SchemeErrorKind::UnescapedSemicolon));
            }
            let code = i + 1 + TYPE.len();
            let valid = path.end == code + 1
                && matches!(text[code], b'a' | b'i' | b'd' | b'A' | b'I' | b'D');
            if !valid {
                return Err(SchemeError::new(
                    code,
                    path.end - code,
                    SchemeErrorKind::InvalidTypecode,
                ));
            }
            return Ok(());
        }
        i += 1;
    }
    Ok(())
}

/// The index of the `;` that starts `;type=` in the last segment of
/// `text[from..to]`, if the segment's last `;` does.
pub const fn typecode_semicolon(text: &[u8], from: usize, to: usize) -> Option<usize> {
    let mut i = to;
    while i > from {
        i -= 1;
        match text[i] {
            b'/' => return None,
            b';' => {
                let mut k = 0;
                while k < TYPE.len() {
                    if i + 1 + k >= to || text[i + 1 + k] != TYPE[k] {
                        return None;
                    }
                    k += 1;
                }
                return Some(i);
            }
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    extern crate std;
    use std::format;

    use crate::scheme::{SchemeErrorKind, first_error as error};

    #[test]
    fn typecodes_a_i_and_d_in_either_case() {
        for code in ["a", "i", "d", "A", "I", "D"] {
            assert_eq!(
                error(&format!("ftp://h/pub/f.txt;type={code}")),
                None,
                "{code}"
            );
        }
        assert_eq!(error("ftp://h/;type=d"), None);
        assert_eq!(error("ftp://user:pw@h:2121/a%3Bb/c"), None);
    }

    #[test]
    fn a_bad_typecode_is_pointed_at() {
        assert_eq!(
            error("ftp://h/f;type=x"),
            Some((SchemeErrorKind::InvalidTypecode, 15, 1))
        );
        assert_eq!(
            error("ftp://h/f;type="),
            Some((SchemeErrorKind::InvalidTypecode, 15, 0))
        );
        assert_eq!(
            error("ftp://h/f;type=ai"),
            Some((SchemeErrorKind::InvalidTypecode, 15, 2))
        );
    }

    #[test]
    fn other_semicolons_must_be_escaped() {
        assert_eq!(
            error("ftp://h/a;b/f"),
            Some((SchemeErrorKind::UnescapedSemicolon, 9, 1))
        );
        assert_eq!(
            error("ftp://h/f;mode=x"),
            Some((SchemeErrorKind::UnescapedSemicolon, 9, 1))
        );
        assert_eq!(
            error("ftp://h/f;x;type=i"),
            Some((SchemeErrorKind::UnescapedSemicolon, 9, 1))
        );
        assert_eq!(
            error("ftp://h/d;type=i/f"),
            Some((SchemeErrorKind::UnescapedSemicolon, 9, 1))
        );
    }

    #[test]
    fn a_host_is_required_and_the_port_fits() {
        assert_eq!(
            error("ftp:///f"),
            Some((SchemeErrorKind::MissingHost, 6, 0))
        );
        assert_eq!(
            error("ftp://h:70000/f"),
            Some((SchemeErrorKind::PortOutOfRange, 8, 5))
        );
    }
}
