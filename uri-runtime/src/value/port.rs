//! Reading a port as a number without losing one that does not fit.

use core::fmt;

/// A port whose digits are valid URI syntax but too large for a TCP or UDP
/// port (RFC 3986 allows any number of digits).
///
/// ```
/// use uri_runtime::Uri;
///
/// let uri = Uri::parse("http://example.com:99999/").unwrap();
/// assert_eq!(uri.port(), Some("99999"));
/// let err = uri.port_u16().unwrap_err();
/// assert_eq!(err.index(), 19);
/// assert_eq!(err.to_string(), "port 99999 at byte 19 is larger than 65535");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PortError {
    index: usize,
    /// The digits, without leading zeros, cut at `SHOWN`.
    digits: [u8; SHOWN],
    shown: u8,
    cut: bool,
}

/// How many digits the message repeats.
const SHOWN: usize = 12;

impl PortError {
    /// The byte offset of the port's first digit in the parsed string.
    pub fn index(&self) -> usize {
        self.index
    }
}

impl fmt::Display for PortError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let digits = self.digits.get(..usize::from(self.shown)).unwrap_or(&[]);
        let digits = core::str::from_utf8(digits).unwrap_or("");
        let more = if self.cut { "…" } else { "" };
        write!(
            f,
            "port {digits}{more} at byte {} is larger than 65535",
            self.index
        )
    }
}

impl core::error::Error for PortError {}

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
    let significant = digits.trim_start_matches('0').as_bytes();
    let mut shown = [0; SHOWN];
    let n = significant.len().min(SHOWN);
    shown[..n].copy_from_slice(&significant[..n]);
    PortError {
        index,
        digits: shown,
        shown: n as u8,
        cut: significant.len() > SHOWN,
    }
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
    fn overflow_is_reported_with_the_digits() {
        let err = to_u16(Some("65536"), 7).unwrap_err();
        assert_eq!(err.to_string(), "port 65536 at byte 7 is larger than 65535");
        let err = to_u16(Some("123456789012345678901234567890"), 0).unwrap_err();
        assert_eq!(
            err.to_string(),
            "port 123456789012… at byte 0 is larger than 65535"
        );
    }
}
