//! Why a path has no `file` URI, and why a URI names no path.

use uri_core::located::{Explain, Located};

use super::super::SchemeErrorKind;

/// Why a path cannot be written as a `file` URI, and where in the path.
///
/// ```
/// use uri_runtime::scheme::file::{path_to_uri, FilePathErrorKind, PathStyle};
///
/// let err = path_to_uri(r"\\.\COM1", PathStyle::Windows).unwrap_err();
/// assert_eq!((err.kind(), err.index()), (FilePathErrorKind::DevicePath, 0));
/// assert_eq!(err.to_string(), "a device path has no file URI at byte 0");
/// ```
pub type FilePathError = Located<FilePathErrorKind>;

/// What [`FilePathError`] found; each kind says where its index points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FilePathErrorKind {
    /// A relative path (`a/b`), or on Windows one relative to a current
    /// directory or drive (`\a`, `C:a`, `C:`): a URI cannot say what it is
    /// relative to. At 0.
    Relative,
    /// A NUL byte, which no file system allows in a path; at it.
    Nul,
    /// A Windows device path (`\\.\…`), a `\\?\` path that names
    /// neither a drive nor a UNC share (`\\?\Volume{…}\`), both at 0;
    /// or a UNC server `.` or `?`, which opens those namespaces
    /// (`\\?\UNC\.\COM1`), at the server.
    DevicePath,
    /// A UNC path without a server or share name (`\\server`); where the
    /// missing name should start.
    IncompleteUnc,
    /// A path that is not Unicode where text was needed (a Windows path
    /// with unpaired surrogates); at 0.
    NotUnicode,
    /// A `..` name (or UNC server): the file system resolves it through symbolic links,
    /// every URI reader removes it with the name before it, so the URI
    /// would name another file. Resolve the path first (for instance with
    /// `std::fs::canonicalize`). At the `..`.
    DotSegment,
    /// A first POSIX name `C|`, which RFC 8089 appendix E.2.2 readers take
    /// for drive C however it is escaped; at the name.
    DriveLikeName,
}

impl Explain for FilePathErrorKind {
    fn description(self) -> &'static str {
        match self {
            FilePathErrorKind::Relative => "a relative path has no file URI",
            FilePathErrorKind::Nul => "NUL byte in a path",
            FilePathErrorKind::DevicePath => "a device path has no file URI",
            FilePathErrorKind::IncompleteUnc => "a UNC path needs a server and a share name",
            FilePathErrorKind::NotUnicode => "path is not Unicode",
            FilePathErrorKind::DotSegment => "a '..' name has no file URI",
            FilePathErrorKind::DriveLikeName => {
                "a first name of the form 'C|' reads as a Windows drive in a file URI"
            }
        }
    }

    fn hint(self) -> Option<&'static str> {
        match self {
            FilePathErrorKind::Relative => {
                Some("make the path absolute first (`std::path::absolute`)")
            }
            FilePathErrorKind::DotSegment => Some(
                "URI readers remove it with the name before it, where the file system \
                 follows links: resolve the path first (`std::fs::canonicalize`)",
            ),
            _ => None,
        }
    }
}

/// Why a URI names no path in the asked convention, and where in the URI.
///
/// ```
/// use uri_runtime::scheme::file::{uri_to_path, FileUriErrorKind, PathStyle};
/// use uri_runtime::Uri;
///
/// let uri = Uri::parse("file:///tmp/a%2Fb")?;
/// let err = uri_to_path(&uri, PathStyle::Posix).unwrap_err();
/// assert_eq!((err.kind(), err.index()), (FileUriErrorKind::EncodedSeparator, 13));
/// # Ok::<(), uri_runtime::ParseError>(())
/// ```
pub type FileUriError = Located<FileUriErrorKind>;

/// What [`FileUriError`] found; each kind says where its index points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FileUriErrorKind {
    /// The scheme is not `file`; at 0.
    NotFile,
    /// A rule of RFC 8089 broken (userinfo, a port, a relative path); at
    /// the offending text.
    Rule(SchemeErrorKind),
    /// A query, which a path cannot hold and which would otherwise be
    /// lost; at the `?`.
    Query,
    /// For a POSIX path, a host other than empty or `localhost`: the file
    /// is on another machine. At the host.
    RemoteHost,
    /// For a Windows path, a local URI whose path starts with neither a
    /// drive letter nor a UNC server (`file:///tmp`); at the path.
    NoDrive,
    /// For a Windows path, an `IPvFuture` host, which UNC cannot name (an
    /// IPv6 host is written as Windows names it,
    /// `2001-db8--1.ipv6-literal.net`); at the host.
    IpLiteralHost,
    /// For a Windows path, a UNC server without a share
    /// (`file://server/`); where the share should be.
    IncompleteUnc,
    /// An escape of the separator (`%2F`, and `%5C` for Windows) inside a
    /// segment, which would become a separator and name another file; at
    /// the escape.
    EncodedSeparator,
    /// An escape of NUL (`%00`), which no path can hold; at the escape.
    EncodedNul,
    /// A segment that spells `.` or `..` with escapes (`%2E%2E`): decoded,
    /// it would step to the parent directory, which the URI's own text
    /// does not; at the segment.
    EncodedDotSegment,
    /// For a Windows path, a UNC server `.` or `?` (`file://./pipe/x`,
    /// `file://%3F/C:/x`), which opens the device or verbatim namespace
    /// (`\\.\pipe\x`, `\\?\C:\x`) rather than a share; refused unless
    /// [`ReadOptions::allow_device_paths`](super::ReadOptions::allow_device_paths)
    /// asks for it. At the server.
    DevicePath,
    /// Escapes that do not decode to UTF-8 where the path is text (all of
    /// Windows, and [`uri_to_path`](super::uri_to_path) for POSIX; the
    /// byte form takes any bytes). At the first byte of the bad sequence.
    NotUtf8,
}

impl Explain for FileUriErrorKind {
    fn description(self) -> &'static str {
        match self {
            FileUriErrorKind::NotFile => "not a file URI",
            FileUriErrorKind::Rule(kind) => kind.description(),
            FileUriErrorKind::Query => "a file path has no query",
            FileUriErrorKind::RemoteHost => "a POSIX path cannot name a file on another host",
            FileUriErrorKind::NoDrive => "a Windows path needs a drive letter or a UNC server",
            FileUriErrorKind::IpLiteralHost => "a UNC path cannot name an IPvFuture host",
            FileUriErrorKind::IncompleteUnc => "a UNC path needs a share name",
            FileUriErrorKind::EncodedSeparator => "an escaped separator would split a name",
            FileUriErrorKind::EncodedNul => "an escaped NUL cannot be in a path",
            FileUriErrorKind::EncodedDotSegment => {
                "an escaped '.' or '..' segment would step where the URI does not"
            }
            FileUriErrorKind::DevicePath => {
                "a UNC server '.' or '?' opens the device or verbatim namespace, not a share"
            }
            FileUriErrorKind::NotUtf8 => "escapes that do not decode to UTF-8",
        }
    }

    /// A rule of the scheme has the scheme's fix.
    fn hint(self) -> Option<&'static str> {
        match self {
            FileUriErrorKind::Rule(kind) => kind.hint(),
            _ => None,
        }
    }
}
