//! Paths to `file` URIs, one function per convention.

use alloc::string::String;

use super::error::{FilePathError, FilePathErrorKind};
use crate::bytes::raw::push_escaped;
use crate::pct;
use crate::value::buf::UriBuf;
use crate::write::compose::{Composer, Form, host_kind_of};

/// `/` then each name encoded: `%`, non-ASCII bytes (as they are, UTF-8
/// or not) and what `pchar` leaves out. `.` names are left out (a trailing
/// one leaves the `/`), `..` is refused, and the first name left is
/// guarded against reading as a drive.
pub(super) fn posix(path: &[u8]) -> Result<UriBuf, FilePathError> {
    let Some(rest) = path.strip_prefix(b"/") else {
        return Err(FilePathError::new(0, 0, FilePathErrorKind::Relative));
    };
    if let Some(at) = path.iter().position(|&b| b == 0) {
        return Err(FilePathError::new(at, 1, FilePathErrorKind::Nul));
    }
    file_uri("", path.len(), |out| {
        let mut first = true;
        for (at, segment) in names(rest, 1, |b| b == b'/')? {
            out.push('/');
            if first {
                guard_drive_like(out, segment, at)?;
                first = false;
            } else {
                push_escaped(out, segment, &pct::PATH_SEGMENT);
            }
        }
        if first {
            out.push('/');
        }
        Ok(())
    })
}

/// The names of `rest` (which starts at byte `offset` of the path),
/// split where `is_separator` says, each with its offset: a `.` is left
/// out (a last one as an empty name, so the path still ends in `/`), and
/// `..` is refused. A `..` names the parent of whatever the name before it
/// resolves to through symbolic links, while every URI reader removes it
/// together with that name: the two would be different files.
fn names(
    rest: &[u8],
    offset: usize,
    is_separator: impl Fn(u8) -> bool,
) -> Result<impl Iterator<Item = (usize, &[u8])>, FilePathError> {
    let mut at = offset;
    let mut kept = alloc::vec::Vec::new();
    let mut split = rest.split(|&b| is_separator(b)).peekable();
    while let Some(name) = split.next() {
        match name {
            b".." => return Err(FilePathError::new(at, 2, FilePathErrorKind::DotSegment)),
            b"." if split.peek().is_some() => {}
            b"." => kept.push((at, &b""[..])),
            name => kept.push((at, name)),
        }
        at += name.len() + 1;
    }
    Ok(kept.into_iter())
}

/// The first POSIX name: `C:` is written `C%3A`, so that no Windows
/// reader takes it for a drive; `C|` is refused, since appendix E.2.2
/// readers take `C|` and `C%7C` alike for drive C.
fn guard_drive_like(out: &mut String, name: &[u8], at: usize) -> Result<(), FilePathError> {
    match name {
        [letter, b'|'] if letter.is_ascii_alphabetic() => {
            Err(FilePathError::new(at, 2, FilePathErrorKind::DriveLikeName))
        }
        // Windows readers take `C:` for drive C; escaped, it is a name.
        [letter, b':'] if letter.is_ascii_alphabetic() => {
            push_escaped(out, name, &pct::SEGMENT_NZ_NC);
            Ok(())
        }
        name => {
            push_escaped(out, name, &pct::PATH_SEGMENT);
            Ok(())
        }
    }
}

/// Drive paths, UNC paths and their `\\?\` forms; both `\` and `/` are
/// separators (in `\\?\` paths too, where Windows allows neither in a name).
pub(super) fn windows(path: &str) -> Result<UriBuf, FilePathError> {
    let b = path.as_bytes();
    if let Some(at) = b.iter().position(|&b| b == 0) {
        return Err(FilePathError::new(at, 1, FilePathErrorKind::Nul));
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
        // `\\?\C:` alone is the volume, a device; `\\?\C:\` its root.
        if verbatim && drive_at(4) && sep(6) {
            return drive(path, 4);
        }
        return Err(FilePathError::new(0, 0, FilePathErrorKind::DevicePath));
    }
    if sep(0) && sep(1) {
        return unc(path, 2);
    }
    if drive_at(0) && sep(2) {
        return drive(path, 0);
    }
    Err(FilePathError::new(0, 0, FilePathErrorKind::Relative))
}

/// `X:\rest` from `at`: `file:///X:/rest`.
fn drive(path: &str, at: usize) -> Result<UriBuf, FilePathError> {
    file_uri("", path.len(), |out| {
        out.push('/');
        out.push_str(path.get(at..at + 2).unwrap_or_default());
        push_segments(out, path, at + 3)
    })
}

/// `server\share\rest` from `at`: `file://server/share/rest`, or
/// `file:////localhost/share/rest` (RFC 8089 appendix E.3.2) for a server
/// named `localhost`, which the short form would read as this machine.
fn unc(path: &str, at: usize) -> Result<UriBuf, FilePathError> {
    let rest = path.get(at..).unwrap_or_default();
    let server_len = rest.find(['\\', '/']).unwrap_or(rest.len());
    // Windows reads `\\srv\\share` as `\\srv\share`: separators
    // before the share are one.
    let after_server = path.get(at + server_len..).unwrap_or_default();
    let extra = after_server
        .bytes()
        .take_while(|&b| b == b'\\' || b == b'/')
        .count()
        .saturating_sub(1);
    let share_at = at + server_len + 1 + extra;
    let share_len = path
        .get(share_at..)
        .map_or(0, |share| share.find(['\\', '/']).unwrap_or(share.len()));
    if server_len == 0 {
        return Err(FilePathError::new(at, 0, FilePathErrorKind::IncompleteUnc));
    }
    // A server `.` or `?` opens the device or verbatim namespace
    // (`\\?\UNC\.\COM1` is `\\.\COM1`), and `..` is no server: the reader
    // refuses all three, so the writer does not write them.
    match rest.get(..server_len) {
        Some("." | "?") => {
            return Err(FilePathError::new(
                at,
                server_len,
                FilePathErrorKind::DevicePath,
            ));
        }
        Some("..") => return Err(FilePathError::new(at, 2, FilePathErrorKind::DotSegment)),
        _ => {}
    }
    // A share `.` is none (the name is left out); `..` is refused below.
    let share = path.get(share_at..share_at + share_len).unwrap_or_default();
    if share_len == 0 || share == "." {
        return Err(FilePathError::new(
            share_at.min(path.len()),
            0,
            FilePathErrorKind::IncompleteUnc,
        ));
    }
    let server = rest.get(..server_len).unwrap_or_default();
    if server.eq_ignore_ascii_case("localhost") {
        return file_uri("", path.len(), |out| {
            out.push_str("//");
            push_escaped(out, server.as_bytes(), &pct::PATH_SEGMENT);
            push_segments(out, path, share_at)
        });
    }
    let mut host = String::with_capacity(server.len());
    push_escaped(&mut host, server.as_bytes(), &pct::REG_NAME);
    file_uri(&host, path.len(), |out| push_segments(out, path, share_at))
}

/// `/` and each name, encoded, for the names of `path` from `at` between
/// `\` or `/` (`.` left out, `..` refused, as for POSIX).
fn push_segments(out: &mut String, path: &str, at: usize) -> Result<(), FilePathError> {
    let rest = path.as_bytes().get(at..).unwrap_or_default();
    for (_, name) in names(rest, at, |b| b == b'\\' || b == b'/')? {
        out.push('/');
        push_escaped(out, name, &pct::PATH_SEGMENT);
    }
    Ok(())
}

/// `file://`, the encoded `host` (empty for this machine) and the path
/// that `write` appends, through the one writer; `len` is the length of
/// the file path, from which the URI's is guessed.
fn file_uri(
    host: &str,
    len: usize,
    write: impl FnOnce(&mut String) -> Result<(), FilePathError>,
) -> Result<UriBuf, FilePathError> {
    let mut out = String::with_capacity(8 + host.len() + len + len / 4);
    let mut composer = Composer::new(&mut out);
    composer.scheme("file", Form::AsIs);
    composer.open_authority();
    composer.host(host, host_kind_of(host), Form::AsIs);
    composer.try_path_with(write)?;
    let parts = composer.finish();
    Ok(UriBuf::from_written(out, parts))
}
