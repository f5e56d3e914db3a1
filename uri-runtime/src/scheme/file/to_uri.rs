//! Paths to `file` URIs, one function per convention.

use alloc::string::String;

use super::error::{FilePathError, FilePathErrorKind};
use crate::bytes::raw::push_escaped;
use crate::pct::{self, EncodeSet};
use crate::value::buf::UriBuf;

/// A POSIX first segment that reads as a drive letter (`/C:/x`) keeps its
/// meaning only with the `:` escaped; Windows readers would take it for
/// drive C otherwise.
const DRIVE_LIKE_SEGMENT: EncodeSet = pct::PATH_SEGMENT.but_encode(b":");

/// `/` then each segment encoded: `%`, non-ASCII bytes (as they are, UTF-8
/// or not) and what `pchar` leaves out.
pub(super) fn posix(path: &[u8]) -> Result<UriBuf, FilePathError> {
    let Some(rest) = path.strip_prefix(b"/") else {
        return Err(FilePathError::new(0, FilePathErrorKind::Relative));
    };
    if let Some(at) = path.iter().position(|&b| b == 0) {
        return Err(FilePathError::new(at, FilePathErrorKind::Nul));
    }
    let mut out = String::with_capacity(7 + path.len() + path.len() / 4);
    out.push_str("file://");
    for (n, segment) in rest.split(|&b| b == b'/').enumerate() {
        out.push('/');
        let drive_like =
            n == 0 && matches!(segment, [letter, b':'] if letter.is_ascii_alphabetic());
        let set = if drive_like {
            &DRIVE_LIKE_SEGMENT
        } else {
            &pct::PATH_SEGMENT
        };
        push_escaped(&mut out, segment, set);
    }
    written(out)
}

/// Drive paths, UNC paths and their `\\?\` forms; both `\` and `/` are
/// separators (in `\\?\` paths too, where Windows allows neither in a name).
pub(super) fn windows(path: &str) -> Result<UriBuf, FilePathError> {
    let b = path.as_bytes();
    if let Some(at) = b.iter().position(|&b| b == 0) {
        return Err(FilePathError::new(at, FilePathErrorKind::Nul));
    }
    let sep = |i: usize| b.get(i).is_some_and(|&c| c == b'\\' || c == b'/');
    let drive_at =
        |i: usize| b.get(i).is_some_and(u8::is_ascii_alphabetic) && b.get(i + 1) == Some(&b':');
    if sep(0) && sep(1) && matches!(b.get(2), Some(b'?' | b'.')) && sep(3) {
        // `\\?\` (verbatim) and `\\.\` (device) prefixes.
        let verbatim = b[2] == b'?';
        if verbatim
            && b.get(4..8)
                .is_some_and(|unc| unc.eq_ignore_ascii_case(b"UNC\\"))
        {
            return unc(path, 8);
        }
        if verbatim && drive_at(4) && (b.len() == 6 || sep(6)) {
            return drive(path, 4);
        }
        return Err(FilePathError::new(0, FilePathErrorKind::DevicePath));
    }
    if sep(0) && sep(1) {
        return unc(path, 2);
    }
    if drive_at(0) && sep(2) {
        return drive(path, 0);
    }
    Err(FilePathError::new(0, FilePathErrorKind::Relative))
}

/// `X:\rest` from `at`: `file:///X:/rest`.
fn drive(path: &str, at: usize) -> Result<UriBuf, FilePathError> {
    let mut out = String::with_capacity(8 + path.len() + path.len() / 4);
    out.push_str("file:///");
    out.push_str(path.get(at..at + 2).unwrap_or_default());
    let rest = path.get(at + 3..).unwrap_or_default();
    push_segments(&mut out, rest);
    written(out)
}

/// `server\share\rest` from `at`: `file://server/share/rest`, or
/// `file:////localhost/share/rest` (RFC 8089 appendix E.3.2) for a server
/// named `localhost`, which the short form would read as this machine.
fn unc(path: &str, at: usize) -> Result<UriBuf, FilePathError> {
    let rest = path.get(at..).unwrap_or_default();
    let server_len = rest.find(['\\', '/']).unwrap_or(rest.len());
    let share_at = at + server_len + 1;
    let share_len = path
        .get(share_at..)
        .map_or(0, |share| share.find(['\\', '/']).unwrap_or(share.len()));
    if server_len == 0 {
        return Err(FilePathError::new(at, FilePathErrorKind::IncompleteUnc));
    }
    if share_len == 0 {
        return Err(FilePathError::new(
            share_at.min(path.len()),
            FilePathErrorKind::IncompleteUnc,
        ));
    }
    let server = rest.get(..server_len).unwrap_or_default();
    let mut out = String::with_capacity(8 + path.len() + path.len() / 4);
    if server.eq_ignore_ascii_case("localhost") {
        out.push_str("file:////");
        push_escaped(&mut out, server.as_bytes(), &pct::PATH_SEGMENT);
    } else {
        out.push_str("file://");
        push_escaped(&mut out, server.as_bytes(), &pct::REG_NAME);
    }
    push_segments(&mut out, path.get(share_at..).unwrap_or_default());
    written(out)
}

/// `/` and each name, encoded, for the names of `rest` between `\` or `/`.
fn push_segments(out: &mut String, rest: &str) {
    for name in rest.split(['\\', '/']) {
        out.push('/');
        push_escaped(out, name.as_bytes(), &pct::PATH_SEGMENT);
    }
}

/// The written text as a URI. Every name was encoded into its
/// component's characters, so the parse cannot fail; should it, the error
/// says where rather than panicking.
fn written(out: String) -> Result<UriBuf, FilePathError> {
    UriBuf::parse(out).map_err(|err| FilePathError::new(err.index(), FilePathErrorKind::NotUnicode))
}
