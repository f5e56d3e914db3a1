//! `http` and `https` (RFC 9110 section 4.2): a host is required, userinfo
//! is refused, a port names a TCP port.

use super::{SchemeError, check_server, no_userinfo};
use crate::components::Components;

/// RFC 9110 section 4.2.1: "A sender MUST NOT generate an "http" URI with
/// an empty host identifier"; section 4.2.4: a sender "MUST NOT generate
/// the userinfo subcomponent". Both apply to `https` too (4.2.2).
pub(super) const fn check(text: &[u8], parts: &Components) -> Result<(), SchemeError> {
    attempt!(no_userinfo(parts));
    check_server(text, parts)
}

#[cfg(test)]
mod tests {
    use crate::scheme::{SchemeErrorKind, first_error};

    fn kind_and_index(text: &str) -> Option<(SchemeErrorKind, usize)> {
        first_error(text).map(|(kind, index, _)| (kind, index))
    }

    #[test]
    fn a_host_is_required() {
        assert_eq!(
            kind_and_index("http:///path"),
            Some((SchemeErrorKind::MissingHost, 7))
        );
        assert_eq!(
            kind_and_index("https:/path"),
            Some((SchemeErrorKind::MissingHost, 6))
        );
        assert_eq!(
            kind_and_index("http:"),
            Some((SchemeErrorKind::MissingHost, 5))
        );
        assert_eq!(
            kind_and_index("HTTP://:80/"),
            Some((SchemeErrorKind::MissingHost, 7))
        );
        assert_eq!(kind_and_index("http://h"), None);
        assert_eq!(kind_and_index("http://[::1]:8080/a?b#c"), None);
    }

    #[test]
    fn userinfo_is_refused_even_when_empty() {
        assert_eq!(
            kind_and_index("http://u@h/"),
            Some((SchemeErrorKind::UserinfoNotAllowed, 7))
        );
        assert_eq!(
            kind_and_index("https://@h/"),
            Some((SchemeErrorKind::UserinfoNotAllowed, 8))
        );
    }

    #[test]
    fn ports_fit_in_sixteen_bits() {
        assert_eq!(kind_and_index("http://h:65535/"), None);
        assert_eq!(kind_and_index("http://h:0000080/"), None);
        assert_eq!(kind_and_index("http://h:/"), None);
        assert_eq!(
            kind_and_index("http://h:65536/"),
            Some((SchemeErrorKind::PortOutOfRange, 9))
        );
        assert_eq!(
            kind_and_index("http://h:99999999999999999999999/"),
            Some((SchemeErrorKind::PortOutOfRange, 9))
        );
    }
}
