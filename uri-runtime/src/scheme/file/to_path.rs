//! `file` URIs to paths, one function per convention.

use alloc::vec::Vec;
use core::ops::Range;

use super::super::KnownScheme;
use super::error::{FileUriError, FileUriErrorKind};
use crate::pct;
use crate::value::uri::Uri;
use uri_core::HostKind;
use uri_core::pct::decode_triplet;
use uri_core::scheme::starts_with_drive;

/// The checks every convention shares: the scheme, RFC 8089's rules, no
/// query. Returns whether the host is this machine (none, empty or
/// `localhost`).
fn checked(uri: &Uri<'_>) -> Result<bool, FileUriError> {
    if uri.known_scheme() != Some(KnownScheme::File) {
        return Err(FileUriError::new(0, FileUriErrorKind::NotFile));
    }
    uri.check_scheme_rules()
        .map_err(|err| FileUriError::new(err.index(), FileUriErrorKind::Rule(err.kind())))?;
    if let Some(query) = uri.components().query() {
        return Err(FileUriError::new(query.start - 1, FileUriErrorKind::Query));
    }
    Ok(uri
        .host()
        .is_none_or(|host| host.is_empty() || host.eq_ignore_ascii_case("localhost")))
}

/// The path, decoded; `/` before a drive-letter path of appendix E.2
/// (`file:c:/x` is `/c:/x`).
pub(super) fn posix(uri: &Uri<'_>, utf8: bool) -> Result<Vec<u8>, FileUriError> {
    if !checked(uri)? {
        let host = uri.components().host().unwrap_or(0..0);
        return Err(FileUriError::new(host.start, FileUriErrorKind::RemoteHost));
    }
    let path = uri.components().path();
    let mut out = Vec::with_capacity(path.len() + 1);
    if !uri.path().starts_with('/') {
        out.push(b'/');
    }
    decode_into(&mut out, uri.as_str(), path, b'/', utf8)?;
    Ok(out)
}

/// A drive path (`C:\…`) or a UNC path (`\\server\share\…`).
pub(super) fn windows(uri: &Uri<'_>) -> Result<Vec<u8>, FileUriError> {
    let local = checked(uri)?;
    let text = uri.as_str();
    let parts = uri.components();
    let path = parts.path();
    let mut out = Vec::with_capacity(path.len() + 2);
    if !local {
        let host = parts.host().unwrap_or(0..0);
        if matches!(
            parts.host_kind(),
            Some(HostKind::Ipv6 | HostKind::IpvFuture)
        ) {
            return Err(FileUriError::new(
                host.start,
                FileUriErrorKind::IpLiteralHost,
            ));
        }
        out.extend_from_slice(b"\\\\");
        decode_into(&mut out, text, host, b'\\', true)?;
        share_required(text, path.start + 1, path.end)?;
        decode_into(&mut out, text, path, b'\\', true)?;
        return Ok(out);
    }
    let bytes = text.as_bytes();
    if uri.path().starts_with("//") {
        // RFC 8089 appendix E.3.2: `file:////server/share/…`.
        share_required(text, path.start + 2, path.end)?;
        let server_end = find(bytes, path.start + 2, path.end, b'/');
        share_required(text, server_end + 1, path.end)?;
        decode_into(&mut out, text, path, b'\\', true)?;
        return Ok(out);
    }
    let start = if uri.path().starts_with('/') {
        path.start + 1
    } else {
        path.start
    };
    if !starts_with_drive(bytes, start, path.end) {
        return Err(FileUriError::new(path.start, FileUriErrorKind::NoDrive));
    }
    // `C:` or `C%7C` (appendix E.2.2's `C|`), written `C:`.
    out.push(bytes[start]);
    out.push(b':');
    let rest = if bytes[start + 1] == b':' {
        start + 2
    } else {
        start + 4
    };
    if rest == path.end {
        out.push(b'\\');
    }
    decode_into(&mut out, text, rest..path.end, b'\\', true)?;
    Ok(out)
}

/// That a UNC name (server or share) starts at `at` and is not empty.
fn share_required(text: &str, at: usize, end: usize) -> Result<(), FileUriError> {
    let bytes = text.as_bytes();
    if at >= end || bytes.get(at) == Some(&b'/') {
        return Err(FileUriError::new(
            at.min(end),
            FileUriErrorKind::IncompleteUnc,
        ));
    }
    Ok(())
}

/// The first `needle` in `bytes[from..to]`, or `to`.
fn find(bytes: &[u8], from: usize, to: usize, needle: u8) -> usize {
    bytes
        .get(from..to)
        .and_then(|run| run.iter().position(|&b| b == needle))
        .map_or(to, |i| from + i)
}

/// Appends `text[range]` decoded, each `/` written as `separator`. An
/// escape that decodes to NUL or to a separator (`/`, and `\` when the
/// separator is `\`) is an error: it would end a name the URI keeps whole.
fn decode_into(
    out: &mut Vec<u8>,
    text: &str,
    range: Range<usize>,
    separator: u8,
    utf8: bool,
) -> Result<(), FileUriError> {
    let Some(run) = text.get(range.clone()) else {
        return Ok(());
    };
    if utf8 && let Err(err) = pct::decode_utf8(run) {
        return Err(FileUriError::new(
            range.start + err.index(),
            FileUriErrorKind::NotUtf8,
        ));
    }
    let bytes = run.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match decode_triplet(bytes, i, bytes.len()) {
            Some(0) => {
                return Err(FileUriError::new(
                    range.start + i,
                    FileUriErrorKind::EncodedNul,
                ));
            }
            Some(b'/') => {
                return Err(FileUriError::new(
                    range.start + i,
                    FileUriErrorKind::EncodedSeparator,
                ));
            }
            Some(b'\\') if separator == b'\\' => {
                return Err(FileUriError::new(
                    range.start + i,
                    FileUriErrorKind::EncodedSeparator,
                ));
            }
            Some(byte) => {
                out.push(byte);
                i += 3;
            }
            None => {
                out.push(if bytes[i] == b'/' {
                    separator
                } else {
                    bytes[i]
                });
                i += 1;
            }
        }
    }
    Ok(())
}
