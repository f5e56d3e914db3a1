//! `file` URIs that cannot be confused (RFC 8089): no device paths, no
//! drive or traversal surprises. One test per family of ways a URI could
//! reach another file than its text says, then the properties over
//! arbitrary paths and URIs (100,000 cases each).

use proptest::prelude::*;
use proptest::test_runner::Config;
use uri::Uri;
use uri::scheme::file::{
    FilePathErrorKind, FileUriErrorKind, PathStyle, ReadOptions, names_local_file, path_to_uri,
    posix_bytes_to_uri, uri_to_path, uri_to_path_with, uri_to_posix_bytes,
};

use PathStyle::{Posix, Windows};

fn to_uri(path: &str, style: PathStyle) -> Result<String, (FilePathErrorKind, usize)> {
    path_to_uri(path, style)
        .map(uri::UriBuf::into_string)
        .map_err(|e| (e.kind(), e.index()))
}

fn to_path(text: &str, style: PathStyle) -> Result<String, (FileUriErrorKind, usize)> {
    uri_to_path(&Uri::parse(text).unwrap(), style).map_err(|e| (e.kind(), e.index()))
}

#[test]
fn a_name_that_reads_as_a_drive_is_guarded_after_dot_names_too() {
    assert_eq!(to_uri("/C:/x", Posix).as_deref(), Ok("file:///C%3A/x"));
    assert_eq!(to_uri("/./C:/x", Posix).as_deref(), Ok("file:///C%3A/x"));
    assert_eq!(to_uri("/././c:", Posix).as_deref(), Ok("file:///c%3A"));
    assert_eq!(to_uri("/x/C:/y", Posix).as_deref(), Ok("file:///x/C:/y"));
    assert_eq!(
        to_uri("/C|/x", Posix),
        Err((FilePathErrorKind::DriveLikeName, 1))
    );
    assert_eq!(
        to_uri("/./C|", Posix),
        Err((FilePathErrorKind::DriveLikeName, 3))
    );
    // What the guard protects: no Windows reading of the URI is a drive.
    for path in ["/C:/x", "/./C:/x"] {
        let uri = path_to_uri(path, Posix).unwrap();
        let normalized = uri.normalize();
        assert!(
            uri_to_path(&normalized.as_uri(), Windows).is_err(),
            "{path}"
        );
        assert_eq!(uri_to_path(&normalized.as_uri(), Posix).unwrap(), "/C:/x");
    }
}

#[test]
fn parent_names_are_refused_by_the_writer_and_escaped_ones_by_the_reader() {
    assert_eq!(
        to_uri("/a/../etc/passwd", Posix),
        Err((FilePathErrorKind::DotSegment, 3))
    );
    assert_eq!(
        to_uri(r"C:\a\..\b", Windows),
        Err((FilePathErrorKind::DotSegment, 5))
    );
    assert_eq!(
        to_uri(r"\\srv\share\..\x", Windows),
        Err((FilePathErrorKind::DotSegment, 12))
    );
    // `.` names nothing: left out.
    assert_eq!(to_uri("/a/./b/.", Posix).as_deref(), Ok("file:///a/b/"));
    assert_eq!(to_uri(r"C:\.\a", Windows).as_deref(), Ok("file:///C:/a"));
    for (uri, style, at) in [
        ("file:///C:/%2E%2E/%2E%2E/x", Windows, 11),
        ("file:///a/%2E%2E/etc/passwd", Posix, 10),
        ("file:///a/%2e./b", Posix, 10),
        ("file:///a/.%2E", Posix, 10),
        ("file:///a/%2E", Posix, 10),
        ("file://srv/share/%2E%2E/x", Windows, 17),
    ] {
        assert_eq!(
            to_path(uri, style),
            Err((FileUriErrorKind::EncodedDotSegment, at)),
            "{uri}"
        );
    }
    // A literal `..` is the URI's own text, kept for the file system.
    assert_eq!(to_path("file:///a/../b", Posix).as_deref(), Ok("/a/../b"));
    assert_eq!(to_path("file:///a/%2E.x", Posix).as_deref(), Ok("/a/..x"));
}

#[test]
fn device_and_verbatim_namespaces_are_never_read_unless_asked_for() {
    for (uri, at) in [
        ("file://./pipe/evil", 7),
        ("file://%2E/pipe/evil", 7),
        ("file:////./pipe/x", 9),
        ("file:////%2e/pipe/x", 9),
        ("file://%3F/C:/x", 7),
        ("file:////%3f/C:/x", 9),
    ] {
        assert_eq!(
            to_path(uri, Windows),
            Err((FileUriErrorKind::DevicePath, at)),
            "{uri}"
        );
    }
    let options = ReadOptions::DEFAULT.allow_device_paths();
    let read = |text| uri_to_path_with(&Uri::parse(text).unwrap(), Windows, options);
    assert_eq!(read("file://./pipe/evil").unwrap(), r"\\.\pipe\evil");
    assert_eq!(read("file://%3F/C:/x").unwrap(), r"\\?\C:\x");
    // The writer: devices and the bare volume have no file URI.
    for path in [r"\\.\COM1", r"\\?\C:", r"\\.\pipe\x", r"//./pipe/x"] {
        assert_eq!(
            to_uri(path, Windows),
            Err((FilePathErrorKind::DevicePath, 0)),
            "{path}"
        );
    }
    assert_eq!(to_uri(r"\\?\C:\", Windows).as_deref(), Ok("file:///C:/"));
}

#[test]
fn windows_own_spellings_are_read_as_windows_reads_them() {
    assert_eq!(
        to_uri(r"\\srv\\share\x", Windows).as_deref(),
        Ok("file://srv/share/x")
    );
    assert_eq!(
        to_uri(r"\\srv\/\share", Windows).as_deref(),
        Ok("file://srv/share")
    );
    assert_eq!(
        to_path("file://srv//share/x", Windows).as_deref(),
        Ok(r"\\srv\share\x")
    );
    assert_eq!(
        to_path("file:////srv//share/x", Windows).as_deref(),
        Ok(r"\\srv\share\x")
    );
    // Elsewhere a repeated separator stays, as before.
    assert_eq!(
        to_uri(r"C:\a\\b", Windows).as_deref(),
        Ok("file:///C:/a//b")
    );
    for (uri, path) in [
        (
            "file://[2001:db8::1]/share/x",
            r"\\2001-db8--1.ipv6-literal.net\share\x",
        ),
        ("file://[::1]/s", r"\\0--1.ipv6-literal.net\s"),
        ("file://[fe80::]/s", r"\\fe80--0.ipv6-literal.net\s"),
    ] {
        assert_eq!(to_path(uri, Windows).as_deref(), Ok(path), "{uri}");
    }
    // And the name Windows gives goes back to a URI the same server.
    assert_eq!(
        to_uri(r"\\2001-db8--1.ipv6-literal.net\share", Windows).as_deref(),
        Ok("file://2001-db8--1.ipv6-literal.net/share")
    );
}

/// A UNC server written as an address is the host of that kind: the
/// writer records what every reader of the URI finds there.
#[test]
fn a_unc_server_keeps_its_kind_of_host() {
    let uri = path_to_uri(r"\\192.168.1.1\share\f", Windows).unwrap();
    assert_eq!(uri, "file://192.168.1.1/share/f");
    assert_eq!(
        uri.components().host_kind(),
        Some(uri::parsed::HostKind::Ipv4)
    );
    assert_eq!(
        uri.components(),
        Uri::parse(uri.as_str()).unwrap().components()
    );
    let uri = path_to_uri(r"\\srv\share", Windows).unwrap();
    assert_eq!(
        uri.components().host_kind(),
        Some(uri::parsed::HostKind::RegName)
    );
}

#[test]
fn an_empty_host_is_not_proof_of_a_local_file() {
    let local = |text, style| names_local_file(&Uri::parse(text).unwrap(), style);
    let remote = Uri::parse("file:////attacker/share/x").unwrap();
    assert_eq!(remote.host(), Some(""));
    assert_eq!(local("file:////attacker/share/x", Windows), Ok(false));
    assert_eq!(local("file://attacker/share/x", Windows), Ok(false));
    assert_eq!(local("file://localhost/C:/x", Windows), Ok(true));
    assert_eq!(local("file:///C:/x", Windows), Ok(true));
    assert_eq!(local("file:///etc/hosts", Posix), Ok(true));
    assert_eq!(local("file://attacker/etc/hosts", Posix), Ok(false));
    assert!(local("file:///tmp", Windows).is_err());
}

// ---------------------------------------------------------------------
// Properties.

/// A path with its `.` names left out, as the writer leaves them out: a
/// last `.` leaves its separator.
fn without_dot_names<'a>(names: &[&'a [u8]]) -> Vec<&'a [u8]> {
    let mut kept = Vec::new();
    for (i, name) in names.iter().enumerate() {
        match *name {
            b"." if i + 1 < names.len() => {}
            b"." => kept.push(&b""[..]),
            name => kept.push(name),
        }
    }
    kept
}

fn posix_name() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        prop::collection::vec(1u8..=255, 0..6).prop_map(|bytes| bytes
            .into_iter()
            .map(|b| if b == b'/' { b'_' } else { b })
            .collect()),
        prop::sample::select(vec![".", "..", "C:", "c|", "%2E", "a:", "x"])
            .prop_map(|name| name.as_bytes().to_vec()),
    ]
}

fn windows_name() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::collection::vec(
            prop::sample::select(vec![
                "a", "Z", " ", "%", "é", "#", "?", "$", ";", ":", "~", "&", "[", "例", "%2F", ".",
                "%2E",
            ]),
            1..5,
        )
        .prop_map(|pieces| pieces.concat()),
        prop::sample::select(vec![".", ".."]).prop_map(str::to_owned),
    ]
}

proptest! {
    #![proptest_config(Config { cases: 100_000, failure_persistence: None, ..Config::default() })]

    /// Any POSIX byte path without `..`: path, URI, normalized URI, path
    /// is the path less its `.` names. With `..`, or a first name `C|`,
    /// no URI.
    #[test]
    fn posix_paths_survive_normalization(names in prop::collection::vec(posix_name(), 0..5)) {
        let refs: Vec<&[u8]> = names.iter().map(Vec::as_slice).collect();
        let mut path = Vec::new();
        for name in &refs {
            path.push(b'/');
            path.extend_from_slice(name);
        }
        if path.is_empty() {
            path.push(b'/');
        }
        let kept = without_dot_names(&refs);
        let drive_like = matches!(kept.first(), Some([letter, b'|']) if letter.is_ascii_alphabetic());
        match posix_bytes_to_uri(&path) {
            Ok(uri) => {
                prop_assert!(!refs.contains(&&b".."[..]) && !drive_like);
                prop_assert!(uri.as_uri().check_scheme_rules().is_ok());
                let mut expected = Vec::new();
                for name in &kept {
                    expected.push(b'/');
                    expected.extend_from_slice(name);
                }
                if expected.is_empty() {
                    expected.push(b'/');
                }
                prop_assert_eq!(uri_to_posix_bytes(&uri.as_uri()).unwrap(), expected.clone());
                let normalized = uri.normalize();
                prop_assert_eq!(uri_to_posix_bytes(&normalized.as_uri()).unwrap(), expected);
                // And no Windows reader finds a drive in it (a path that
                // starts with `//` is a UNC share to Windows, as documented).
                if let Ok(windows) = uri_to_path(&normalized.as_uri(), Windows) {
                    prop_assert!(windows.starts_with(r"\\"), "{}", windows);
                }
            }
            Err(err) => prop_assert!(
                refs.contains(&&b".."[..]) || drive_like,
                "{:?}: {}", String::from_utf8_lossy(&path), err
            ),
        }
    }

    /// Any Windows drive or UNC path: path, URI, normalized URI, path is
    /// its canonical spelling (`\` separators, `.` names left out, one
    /// separator before the share); with a `..` name, no URI.
    #[test]
    fn windows_paths_survive_normalization(
        unc in any::<bool>(),
        drive in prop::sample::select(vec!["C:", "d:", "Z:"]),
        server in prop::sample::select(vec!["srv", "host.example.com", "localhost", "a b"]),
        doubled in any::<bool>(),
        slash in any::<bool>(),
        names in prop::collection::vec(windows_name(), 1..5),
        trailing in any::<bool>(),
    ) {
        let sep = if slash { "/" } else { "\\" };
        let mut path = if unc { format!(r"\\{server}") } else { drive.to_owned() };
        let mut canonical = path.clone();
        for (i, name) in names.iter().enumerate() {
            path.push_str(sep);
            if i == 0 && unc && doubled {
                path.push_str(sep);
            }
            path.push_str(name);
        }
        if trailing {
            path.push_str(sep);
        }
        let refs: Vec<&[u8]> = names.iter().map(String::as_bytes).collect();
        let mut kept = without_dot_names(&refs);
        if trailing && kept.last() != Some(&&b""[..]) {
            kept.push(b"");
        }
        // A share cannot be `.`: the UNC path would name no share.
        let share_missing = unc && names.first().is_some_and(|share| share == ".");
        for name in &kept {
            canonical.push('\\');
            canonical.push_str(std::str::from_utf8(name).unwrap());
        }
        if !unc && kept.is_empty() {
            canonical.push('\\');
        }
        match path_to_uri(&path, Windows) {
            Ok(uri) => {
                prop_assert!(!names.iter().any(|n| n == "..") && !share_missing, "{}", path);
                prop_assert!(uri.as_uri().check_scheme_rules().is_ok());
                prop_assert_eq!(uri_to_path(&uri.as_uri(), Windows).unwrap(), canonical.clone());
                let normalized = uri.normalize();
                prop_assert_eq!(uri_to_path(&normalized.as_uri(), Windows).unwrap(), canonical);
            }
            Err(err) => prop_assert!(
                names.iter().any(|n| n == "..") || share_missing,
                "{}: {}", path, err
            ),
        }
    }

    /// Any `file` URI: the Windows reader never gives a device or
    /// verbatim path, and neither reader gives a `..` name the URI's own
    /// path text does not have.
    #[test]
    fn no_reader_steps_where_the_text_does_not(
        pieces in prop::collection::vec(prop::sample::select(vec![
            "/", "//", ".", "..", "%2E", "%2e", "%3F", "?", "C:", "c%7C", "%5C", "a", "b",
            "[::1]", "localhost", "%00", "%2F", ":", "%2E%2E", "srv",
        ]), 0..8),
    ) {
        let text = format!("file:{}", pieces.concat());
        let Ok(uri) = Uri::parse(&text) else { return Ok(()) };
        let literal_parent = uri.path().split('/').any(|segment| segment == "..");
        if let Ok(path) = uri_to_path(&uri, Windows) {
            for prefix in [r"\\.\", r"\\?\", r"\??\"] {
                prop_assert!(!path.starts_with(prefix), "{} -> {}", text, path);
            }
            prop_assert!(literal_parent || !path.split('\\').any(|n| n == ".."), "{} -> {}", text, path);
        }
        if let Ok(path) = uri_to_posix_bytes(&uri) {
            prop_assert!(
                literal_parent || !path.split(|&b| b == b'/').any(|n| n == b".."),
                "{} -> {:?}", text, String::from_utf8_lossy(&path)
            );
        }
    }
}

#[test]
fn an_ipv6_zone_is_written_as_windows_writes_it_and_its_errors_point_into_the_uri() {
    let zoned = |text| {
        let uri = Uri::parse_with(text, uri::ParseOptions::RFC3986.with_zone_ids()).unwrap();
        uri_to_path(&uri, Windows).map_err(|e| (e.kind(), e.index()))
    };
    assert_eq!(
        zoned("file://[fe80::1%25eth0]/s/x").as_deref(),
        Ok(r"\\fe80--1seth0.ipv6-literal.net\s\x")
    );
    assert_eq!(
        zoned("file://[fe80::1%25a%2Fb]/s/x"),
        Err((FileUriErrorKind::EncodedSeparator, 19))
    );
}
