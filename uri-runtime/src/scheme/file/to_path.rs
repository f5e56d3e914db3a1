//! `file` URIs to paths, one function per convention.

use alloc::vec::Vec;
use core::ops::Range;

use super::super::KnownScheme;
use super::error::{FileUriError, FileUriErrorKind};
use crate::pct;
use crate::value::host::Host;
use crate::value::uri::Uri;
use crate::write::dot_segment::reads_as_dot_segment;
use uri_core::pct::decode_triplet;
use uri_core::scheme::starts_with_drive;

/// The checks every convention shares: the scheme, RFC 8089's rules, no
/// query. Returns whether the host is this machine (none, empty or
/// `localhost`).
fn checked(uri: &Uri<'_>) -> Result<bool, FileUriError> {
    if uri.known_scheme() != Some(KnownScheme::File) {
        return Err(FileUriError::new(
            0,
            uri.scheme().len(),
            FileUriErrorKind::NotFile,
        ));
    }
    uri.check_scheme_rules().map_err(|err| {
        FileUriError::new(err.index(), err.len(), FileUriErrorKind::Rule(err.kind()))
    })?;
    if let Some(query) = uri.components().query() {
        return Err(FileUriError::new(
            query.start - 1,
            query.len() + 1,
            FileUriErrorKind::Query,
        ));
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
        return Err(FileUriError::new(
            host.start,
            host.len(),
            FileUriErrorKind::RemoteHost,
        ));
    }
    let path = uri.components().path();
    let mut out = Vec::with_capacity(path.len() + 1);
    if !uri.path().starts_with('/') {
        out.push(b'/');
    }
    decode_into(&mut out, uri.as_str(), path, b'/', utf8)?;
    Ok(out)
}

/// A drive path (`C:\…`) or a UNC path (`\\server\share\…`). A
/// server named `.` or `?` (the device and verbatim namespaces, `\\.\`
/// and `\\?\`) is refused unless `devices` allows it.
pub(super) fn windows(uri: &Uri<'_>, devices: bool) -> Result<Vec<u8>, FileUriError> {
    let local = checked(uri)?;
    let text = uri.as_str();
    let parts = uri.components();
    let path = parts.path();
    let mut out = Vec::with_capacity(path.len() + 2);
    if !local {
        let host = parts.host().unwrap_or(0..0);
        out.extend_from_slice(b"\\\\");
        match uri.host_parsed() {
            // Windows names an IPv6 server `2001-db8--1.ipv6-literal.net`,
            // a zone after an `s`: `fe80--1seth0.ipv6-literal.net`.
            Some(host_value @ (Host::Ipv6(address) | Host::Ipv6Zoned(address, _))) => {
                // A name cannot start or end with `-`: `::1` is `0--1`.
                let name = alloc::format!("{address}").replace(':', "-");
                if name.starts_with('-') {
                    out.push(b'0');
                }
                out.extend_from_slice(name.as_bytes());
                if name.ends_with('-') {
                    out.push(b'0');
                }
                if let Host::Ipv6Zoned(_, zone) = host_value {
                    // The zone sits before the `]`, in the URI's own text,
                    // so that an error in it points into the URI.
                    let zone_end = host.end - 1;
                    out.push(b's');
                    decode_into(&mut out, text, zone_end - zone.len()..zone_end, b'\\', true)?;
                }
                out.extend_from_slice(b".ipv6-literal.net");
            }
            Some(Host::IpvFuture(_)) => {
                return Err(FileUriError::new(
                    host.start,
                    host.len(),
                    FileUriErrorKind::IpLiteralHost,
                ));
            }
            _ => {
                let server = text.get(host.clone()).unwrap_or_default();
                let decoded = pct::decode(server).unwrap_or_default();
                device_server(Some(&decoded), host.start, devices)?;
                decode_into(&mut out, text, host.clone(), b'\\', true)?;
            }
        }
        let share = skip_slashes(text.as_bytes(), path.start, path.end);
        share_required(text, share, path.end)?;
        out.push(b'\\');
        decode_into(&mut out, text, share..path.end, b'\\', true)?;
        return Ok(out);
    }
    let bytes = text.as_bytes();
    if uri.path().starts_with("//") {
        // RFC 8089 appendix E.3.2: `file:////server/share/…`.
        share_required(text, path.start + 2, path.end)?;
        let server_end = find(bytes, path.start + 2, path.end, b'/');
        let server = text.get(path.start + 2..server_end).unwrap_or_default();
        let decoded = pct::decode(server).unwrap_or_default();
        device_server(Some(&decoded), path.start + 2, devices)?;
        out.extend_from_slice(b"\\\\");
        decode_into(&mut out, text, path.start + 2..server_end, b'\\', true)?;
        let share = skip_slashes(bytes, server_end, path.end);
        share_required(text, share, path.end)?;
        out.push(b'\\');
        decode_into(&mut out, text, share..path.end, b'\\', true)?;
        return Ok(out);
    }
    let start = if uri.path().starts_with('/') {
        path.start + 1
    } else {
        path.start
    };
    if !starts_with_drive(bytes, start, path.end) {
        return Err(FileUriError::new(path.start, 0, FileUriErrorKind::NoDrive));
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

/// A UNC server that opens another namespace: `.` (devices, `\\.\pipe`)
/// or `?` (verbatim paths, `\\?\C:\`), refused unless allowed.
/// A server `..` is no name at all: Windows would step out of the UNC
/// root with it.
fn device_server(server: Option<&[u8]>, at: usize, devices: bool) -> Result<(), FileUriError> {
    match server {
        Some(name @ (b".." | b"")) => Err(FileUriError::new(
            at,
            name.len(),
            FileUriErrorKind::IncompleteUnc,
        )),
        Some(name @ (b"." | b"?")) if !devices => Err(FileUriError::new(
            at,
            name.len(),
            FileUriErrorKind::DevicePath,
        )),
        _ => Ok(()),
    }
}

/// Past the `/` at `from` and any more that follow it (Windows reads
/// `\\srv\\share` as `\\srv\share`).
fn skip_slashes(bytes: &[u8], from: usize, to: usize) -> usize {
    let mut at = from;
    while at < to && bytes.get(at) == Some(&b'/') {
        at += 1;
    }
    at.max(from + 1).min(to.max(from))
}

/// That a UNC name (server or share) starts at `at` and is not empty.
fn share_required(text: &str, at: usize, end: usize) -> Result<(), FileUriError> {
    let bytes = text.as_bytes();
    if at >= end || bytes.get(at) == Some(&b'/') {
        return Err(FileUriError::new(
            at.min(end),
            0,
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

/// Where a segment of `run` spells `.` or `..` with an escape (`%2E`):
/// decoded it would be a step the URI's own text does not take.
fn escaped_dot_segment(run: &str) -> Option<usize> {
    let mut at = 0;
    for segment in run.split('/') {
        if segment.contains('%') && reads_as_dot_segment(segment) {
            return Some(at);
        }
        at += segment.len() + 1;
    }
    None
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
            err.len(),
            FileUriErrorKind::NotUtf8,
        ));
    }
    if let Some(at) = escaped_dot_segment(run) {
        return Err(FileUriError::new(
            range.start + at,
            run.get(at..)
                .map_or(0, |rest| rest.find('/').unwrap_or(rest.len())),
            FileUriErrorKind::EncodedDotSegment,
        ));
    }
    let bytes = run.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match decode_triplet(bytes, i, bytes.len()) {
            Some(0) => {
                return Err(FileUriError::new(
                    range.start + i,
                    3,
                    FileUriErrorKind::EncodedNul,
                ));
            }
            Some(b'/') => {
                return Err(FileUriError::new(
                    range.start + i,
                    3,
                    FileUriErrorKind::EncodedSeparator,
                ));
            }
            Some(b'\\') if separator == b'\\' => {
                return Err(FileUriError::new(
                    range.start + i,
                    3,
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
