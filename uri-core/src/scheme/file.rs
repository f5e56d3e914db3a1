//! `file` (RFC 8089 section 2): an authority that is a host only, and an
//! absolute path.

use super::{SchemeError, SchemeErrorKind, no_userinfo};
use crate::components::Components;

/// `file-URI = file-scheme ":" file-hier-part`, `file-hier-part = ( "//"
/// auth-path ) / local-path`, `auth-path = [ file-auth ] path-absolute`,
/// `file-auth = "localhost" / host`, `local-path = path-absolute`; and,
/// from appendix E.2, a path that starts with a drive letter
/// (`file:c:/path/to/file`).
///
/// A query is left alone: RFC 8089's rule has none, but it is not a rule
/// of the generic syntax to refuse one, and an application may give it a
/// meaning (the runtime's conversion to a path refuses it instead of
/// dropping it).
pub(super) const fn check(text: &[u8], parts: &Components) -> Result<(), SchemeError> {
    attempt!(no_userinfo(parts));
    // `file://C:/x`: a drive letter typed where the host goes.
    if let (Some(host), Some(port)) = (parts.host(), parts.port())
        && host.end - host.start == 1
        && text[host.start].is_ascii_alphabetic()
        && port.start == port.end
    {
        return Err(SchemeError::new(
            host.start,
            2,
            SchemeErrorKind::DriveAsHost,
        ));
    }
    if let Some(port) = parts.port() {
        // At the `:`, and the digits after it.
        let len = port.end - port.start + 1;
        return Err(SchemeError::new(
            port.start - 1,
            len,
            SchemeErrorKind::PortNotAllowed,
        ));
    }
    let path = parts.path();
    let absolute = path.start < path.end && text[path.start] == b'/';
    let drive = parts.authority().is_none() && starts_with_drive(text, path.start, path.end);
    if !(absolute || drive) {
        let len = path.end - path.start;
        return Err(SchemeError::new(
            path.start,
            len,
            SchemeErrorKind::RelativeFilePath,
        ));
    }
    Ok(())
}

/// Whether `text[from..to]` starts with a DOS drive letter and `:` (or
/// the `|` of appendix E.2.2, which a URI can only hold escaped), as its
/// whole first segment.
pub const fn starts_with_drive(text: &[u8], from: usize, to: usize) -> bool {
    if from + 2 > to || !text[from].is_ascii_alphabetic() {
        return false;
    }
    let after = if text[from + 1] == b':' {
        from + 2
    } else if from + 4 <= to
        && text[from + 1] == b'%'
        && text[from + 2] == b'7'
        && (text[from + 3] == b'C' || text[from + 3] == b'c')
    {
        from + 4
    } else {
        return false;
    };
    after == to || text[after] == b'/'
}

#[cfg(test)]
mod tests {
    use crate::scheme::{SchemeErrorKind, first_error as error};

    #[test]
    fn the_forms_of_rfc_8089() {
        for text in [
            "file:///etc/fstab",
            "file://localhost/etc/fstab",
            "file://host.example.com/path/to/file",
            "file:/path/to/file",
            "file:c:/path/to/file",
            "file:///c:/path/to/file",
            "file:C%7C/path",
            "file:c:",
            "file:////host.example.com/path/to/file",
        ] {
            assert_eq!(error(text), None, "{text}");
        }
    }

    #[test]
    fn an_authority_is_a_host_only() {
        assert_eq!(
            error("file://u@h/x"),
            Some((SchemeErrorKind::UserinfoNotAllowed, 7, 2))
        );
        assert_eq!(
            error("file://h:21/x"),
            Some((SchemeErrorKind::PortNotAllowed, 8, 3))
        );
        assert_eq!(
            error("file://hh:/x"),
            Some((SchemeErrorKind::PortNotAllowed, 9, 1))
        );
        // One letter and a colon is a drive typed where the host goes.
        assert_eq!(
            error("file://C:/app/data.db"),
            Some((SchemeErrorKind::DriveAsHost, 7, 2))
        );
        assert_eq!(
            error("file://h:/x"),
            Some((SchemeErrorKind::DriveAsHost, 7, 2))
        );
    }

    #[test]
    fn the_path_is_absolute() {
        assert_eq!(
            error("file:a/b"),
            Some((SchemeErrorKind::RelativeFilePath, 5, 3))
        );
        assert_eq!(
            error("file:"),
            Some((SchemeErrorKind::RelativeFilePath, 5, 0))
        );
        assert_eq!(
            error("file://h"),
            Some((SchemeErrorKind::RelativeFilePath, 8, 0))
        );
        assert_eq!(
            error("file:cd:/x"),
            Some((SchemeErrorKind::RelativeFilePath, 5, 5))
        );
    }
}
