//! Reading a port as a number without losing one that does not fit.

use uri_core::located::{Explain, Located};

/// A port whose digits are valid URI syntax but too large for a TCP or UDP
/// port (RFC 3986 allows any number of digits): at the digits, which
/// [`render`](Located::render) underlines.
///
/// ```
/// use uri_runtime::{error::PortErrorKind, Uri};
///
/// let text = "http://example.com:99999/";
/// let uri = Uri::parse(text).unwrap();
/// assert_eq!(uri.port(), Some("99999"));
/// let err = uri.port_u16().unwrap_err();
/// assert_eq!((err.index(), err.len(), err.kind()), (19, 5, PortErrorKind::TooLarge));
/// assert_eq!(
///     err.to_string(),
///     "port larger than 65535 at byte 19: a TCP or UDP port is 0 to 65535; \
///      port() still gives the digits as written"
/// );
/// assert_eq!(err.render(text).to_string(), "http://example.com:99999/\n                   ^^^^^");
/// ```
pub type PortError = Located<PortErrorKind>;

/// Why a port is no TCP or UDP port.
///
/// ```
/// use uri_runtime::{error::PortErrorKind, Uri};
///
/// let err = Uri::parse("ftp://h:65536/")?.port_u16().unwrap_err();
/// assert_eq!(err.kind(), PortErrorKind::TooLarge);
/// # Ok::<(), uri_runtime::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PortErrorKind {
    /// Above 65535.
    TooLarge,
}

impl Explain for PortErrorKind {
    fn description(self) -> &'static str {
        match self {
            PortErrorKind::TooLarge => "port larger than 65535",
        }
    }

    fn hint(self) -> Option<&'static str> {
        match self {
            PortErrorKind::TooLarge => {
                Some("a TCP or UDP port is 0 to 65535; port() still gives the digits as written")
            }
        }
    }
}

/// `digits` (validated by the parser) as a `u16`; `index` locates them.
pub(crate) fn to_u16(digits: Option<&str>, index: usize) -> Result<Option<u16>, PortError> {
    let Some(digits) = digits.filter(|d| !d.is_empty()) else {
        return Ok(None);
    };
    let mut value: u16 = 0;
    for d in digits.bytes() {
        let next = value
            .checked_mul(10)
            .and_then(|v| v.checked_add(u16::from(d - b'0')));
        match next {
            Some(v) => value = v,
            None => return Err(overflow(digits, index)),
        }
    }
    Ok(Some(value))
}

fn overflow(digits: &str, index: usize) -> PortError {
    Located::new(index, digits.len(), PortErrorKind::TooLarge)
}

#[cfg(test)]
mod tests {
    use super::to_u16;
    use alloc::string::ToString;

    #[test]
    fn leading_zeros_do_not_overflow() {
        assert_eq!(to_u16(Some("0000000000080"), 0), Ok(Some(80)));
        assert_eq!(to_u16(Some("65535"), 0), Ok(Some(65535)));
        assert_eq!(to_u16(Some(""), 0), Ok(None));
        assert_eq!(to_u16(None, 0), Ok(None));
    }

    #[test]
    fn overflow_is_reported_at_the_digits() {
        let err = to_u16(Some("65536"), 7).unwrap_err();
        assert_eq!((err.index(), err.len()), (7, 5));
        let err = to_u16(Some("000123456789012345678901234567890"), 0).unwrap_err();
        assert_eq!((err.index(), err.len()), (0, 33));
        assert!(
            err.to_string()
                .starts_with("port larger than 65535 at byte 0: ")
        );
    }
}
