//! `file` URIs and file paths (RFC 8089), in both conventions on every
//! system: a Linux server can read the URIs of Windows clients.
//!
//! ```
//! use uri_runtime::scheme::file::{path_to_uri, uri_to_path, PathStyle};
//! use uri_runtime::Uri;
//!
//! let uri = path_to_uri("/home/me/Q&A 100%.txt", PathStyle::Posix)?;
//! assert_eq!(uri, "file:///home/me/Q&A%20100%25.txt");
//!
//! let uri = path_to_uri(r"C:\Users\me\notes.txt", PathStyle::Windows)?;
//! assert_eq!(uri, "file:///C:/Users/me/notes.txt");
//! let uri = path_to_uri(r"\\server\share\report.pdf", PathStyle::Windows)?;
//! assert_eq!(uri, "file://server/share/report.pdf");
//!
//! let uri = Uri::parse("file://localhost/etc/fstab")?;
//! assert_eq!(uri_to_path(&uri, PathStyle::Posix)?, "/etc/fstab");
//! let uri = Uri::parse("file:///c:/path/to/file.txt")?;
//! assert_eq!(uri_to_path(&uri, PathStyle::Windows)?, r"c:\path\to\file.txt");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! With `std`, [`UriBuf::from_file_path`] and [`Uri::to_file_path`] do the
//! same for the host's own convention, through `std::path`.
//!
//! # Choices, against RFC 8089 appendix E, `url` and Python
//!
//! - **Writing.** POSIX paths become `file:///path` (the form of section
//!   2 that `url` and Python's `Path.as_uri` write too). Each name keeps
//!   RFC 3986's `pchar` and has everything else percent-encoded, `%`
//!   included; bytes that are not UTF-8 (a Unix file name may be any
//!   bytes) are encoded as they are, so [`uri_to_posix_bytes`] gives them
//!   back. Windows drive paths become `file:///C:/…` (appendix E.2), UNC
//!   paths `file://server/share/…` (E.3.1), and a UNC server named
//!   `localhost` the four-slash form `file:////localhost/share` (E.3.2),
//!   since the two-slash one would mean this machine.
//! - **Reading.** The host must be empty or `localhost` for a POSIX path;
//!   for Windows, another host is a UNC server. Both `file:///c:/x` and
//!   the appendix E.2 forms `file:c:/x` and `file:/c:/x` read as drive
//!   paths, and `c%7C` as `c:` (E.2.2's `c|`, which a URI can only hold
//!   escaped). `file:////server/share` is a UNC path (E.3.2); the
//!   five-slash form is refused. A query is refused rather than dropped
//!   (`url` drops it); the fragment names a part of the file, not the
//!   file, and is ignored.
//! - **Round trip.** A path turned into a URI and back is the same path
//!   (less its `.` names), for POSIX exactly (bytes included) and for
//!   Windows in its canonical spelling: `\` separators, no `\\?\` prefix,
//!   one separator before the share. Normalizing the URI in between
//!   changes nothing.
//!
//! Each way a URI could reach another file than its text says has one
//! rule, where it belongs:
//!
//! | family | example | rule |
//! |---|---|---|
//! | a name read as a drive | `/C:/x`, `/./C:/x`, `/C\|/x` | the first name that remains after `.` names are left out is guarded: `C:` written `C%3A`; `C\|` refused ([`FilePathErrorKind::DriveLikeName`]), since E.2.2 readers take `C\|` and `C%7C` alike for drive C |
//! | `..` in a path | `/a/../etc` | refused by the writer ([`FilePathErrorKind::DotSegment`]): the file system resolves `..` through symbolic links, a URI reader removes it with the name before it; `.` names are left out, naming nothing |
//! | an escaped dot segment | `file:///a/%2E%2E/etc` | refused by the reader ([`FileUriErrorKind::EncodedDotSegment`]), as `%2F` is: decoded it would step where the text does not. A literal `..` in the URI's text is kept as written, for the file system to resolve |
//! | escaped separators and NUL | `file:///a%2Fb`, `%00` | refused ([`FileUriErrorKind::EncodedSeparator`], [`FileUriErrorKind::EncodedNul`]), where Python decodes them silently |
//! | device and verbatim namespaces | `\\.\COM1`, `file://./pipe/x`, `file://%3F/C:/x`, `\\?\C:` | the writer refuses device paths and the bare volume `\\?\C:` ([`FilePathErrorKind::DevicePath`]; `\\?\C:\` and `\\?\UNC\…` are written as their plain forms); the reader refuses a UNC server `.` or `?`, escaped or not, in either UNC form ([`FileUriErrorKind::DevicePath`]), unless the caller opts in with [`ReadOptions::allow_device_paths`] |
//! | Windows' own spellings | `\\srv\\share`, `file://srv//share/x`, `file://[2001:db8::1]/s` | separators before the share are one, as Windows reads them; an IPv6 server is written `2001-db8--1.ipv6-literal.net`, the name Windows gives it; `IPvFuture` is refused |
//! | "local" that is not | `file:////attacker/share/x` | an empty host does not mean this machine (E.3.2 puts the server in the path): ask [`names_local_file`] |
//! | relative paths | `a/b`, `\x`, `C:x` | refused: a URI cannot say what they are relative to (Python refuses too, `url` returns `Err(())`) |

mod error;
mod to_path;
mod to_uri;

use alloc::string::String;
use alloc::vec::Vec;

pub use error::{FilePathError, FilePathErrorKind, FileUriError, FileUriErrorKind};

use crate::value::buf::UriBuf;
use crate::value::uri::Uri;

/// Which system's paths: both are available on every system.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PathStyle {
    /// `/`-separated paths from the root, as on Unix, Linux and macOS.
    Posix,
    /// Drive (`C:\…`) and UNC (`\\server\share\…`) paths.
    Windows,
}

impl PathStyle {
    /// The convention of the system this program was built for.
    pub const NATIVE: PathStyle = if cfg!(windows) {
        PathStyle::Windows
    } else {
        PathStyle::Posix
    };
}

/// The `file` URI of an absolute path.
///
/// ```
/// use uri_runtime::scheme::file::{path_to_uri, FilePathErrorKind, PathStyle};
///
/// assert_eq!(path_to_uri(r"\\?\UNC\srv\pub\a b", PathStyle::Windows)?, "file://srv/pub/a%20b");
/// let err = path_to_uri("notes.txt", PathStyle::Posix).unwrap_err();
/// assert_eq!(err.kind(), FilePathErrorKind::Relative);
/// # Ok::<(), uri_runtime::scheme::file::FilePathError>(())
/// ```
///
/// # Errors
///
/// A path with no URI; see [`FilePathErrorKind`].
pub fn path_to_uri(path: &str, style: PathStyle) -> Result<UriBuf, FilePathError> {
    match style {
        PathStyle::Posix => to_uri::posix(path.as_bytes()),
        PathStyle::Windows => to_uri::windows(path),
    }
}

/// The `file` URI of an absolute POSIX path given as bytes, which need not
/// be UTF-8.
///
/// ```
/// use uri_runtime::scheme::file::posix_bytes_to_uri;
///
/// assert_eq!(posix_bytes_to_uri(b"/tmp/caf\xE9")?, "file:///tmp/caf%E9");
/// # Ok::<(), uri_runtime::scheme::file::FilePathError>(())
/// ```
///
/// # Errors
///
/// A relative path or a NUL byte.
pub fn posix_bytes_to_uri(path: &[u8]) -> Result<UriBuf, FilePathError> {
    to_uri::posix(path)
}

/// The path a `file` URI names, as text.
///
/// # Errors
///
/// A URI that names no path in this convention, or (for POSIX) whose
/// path is not UTF-8, which [`uri_to_posix_bytes`] accepts; see
/// [`FileUriErrorKind`].
pub fn uri_to_path(uri: &Uri<'_>, style: PathStyle) -> Result<String, FileUriError> {
    uri_to_path_with(uri, style, ReadOptions::DEFAULT)
}

/// What a reader may hand out beyond plain file paths; the default is
/// nothing more.
///
/// ```
/// use uri_runtime::scheme::file::{uri_to_path, uri_to_path_with, PathStyle, ReadOptions};
/// use uri_runtime::Uri;
///
/// let pipe = Uri::parse("file://./pipe/app")?;
/// assert!(uri_to_path(&pipe, PathStyle::Windows).is_err());
/// let options = ReadOptions::DEFAULT.allow_device_paths();
/// assert_eq!(uri_to_path_with(&pipe, PathStyle::Windows, options)?, r"\\.\pipe\app");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ReadOptions {
    device_paths: bool,
}

impl ReadOptions {
    /// Plain drive and UNC paths only.
    pub const DEFAULT: ReadOptions = ReadOptions {
        device_paths: false,
    };

    /// Also Windows device and verbatim paths (`\\.\pipe\x`, `\\?\C:\x`),
    /// from a UNC server `.` or `?`: for a caller that means to open a
    /// pipe or a device by URI, and says so.
    #[must_use]
    pub const fn allow_device_paths(mut self) -> ReadOptions {
        self.device_paths = true;
        self
    }
}

/// [`uri_to_path`] with [`ReadOptions`].
///
/// # Errors
///
/// As [`uri_to_path`], less what `options` allows.
pub fn uri_to_path_with(
    uri: &Uri<'_>,
    style: PathStyle,
    options: ReadOptions,
) -> Result<String, FileUriError> {
    let bytes = match style {
        PathStyle::Posix => to_path::posix(uri, true)?,
        PathStyle::Windows => to_path::windows(uri, options.device_paths)?,
    };
    // Both checked the decoded text to be UTF-8.
    String::from_utf8(bytes).map_err(|_| FileUriError::new(0, 0, FileUriErrorKind::NotUtf8))
}

/// Whether a `file` URI names a file on this machine in the convention
/// `style`. Not the same as "the host is empty": RFC 8089 appendix E.3.2
/// writes the share `\\attacker\share` as `file:////attacker/share`, with
/// an empty host, and Windows readers go to that server.
///
/// ```
/// use uri_runtime::scheme::file::{names_local_file, PathStyle};
/// use uri_runtime::Uri;
///
/// let remote = Uri::parse("file:////attacker/share/x")?;
/// assert_eq!(remote.host(), Some(""));
/// assert!(!names_local_file(&remote, PathStyle::Windows)?);
/// assert!(names_local_file(&Uri::parse("file:///C:/x")?, PathStyle::Windows)?);
/// assert!(!names_local_file(&Uri::parse("file://server/share/x")?, PathStyle::Windows)?);
/// assert!(names_local_file(&Uri::parse("file://localhost/etc/hosts")?, PathStyle::Posix)?);
/// assert!(!names_local_file(&Uri::parse("file://server/etc/hosts")?, PathStyle::Posix)?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// For POSIX, a path that starts with exactly two slashes (`file:////x`
/// reads as `//x`) is local on Linux and macOS, where it is `/x`, and
/// implementation-defined by POSIX; Cygwin reads it as a network share.
///
/// # Errors
///
/// For Windows, as [`uri_to_path`]; for POSIX, a URI that is not a valid
/// `file` URI (a remote host is `Ok(false)`).
pub fn names_local_file(uri: &Uri<'_>, style: PathStyle) -> Result<bool, FileUriError> {
    match style {
        PathStyle::Posix => match to_path::posix(uri, false) {
            Ok(_) => Ok(true),
            Err(err) if err.kind() == FileUriErrorKind::RemoteHost => Ok(false),
            Err(err) => Err(err),
        },
        PathStyle::Windows => {
            let path = to_path::windows(uri, false)?;
            Ok(!path.starts_with(b"\\\\"))
        }
    }
}

/// The POSIX path a `file` URI names, as bytes, which need not be UTF-8.
///
/// ```
/// use uri_runtime::scheme::file::uri_to_posix_bytes;
/// use uri_runtime::Uri;
///
/// assert_eq!(uri_to_posix_bytes(&Uri::parse("file:///tmp/caf%E9")?)?, b"/tmp/caf\xE9");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// As [`uri_to_path`], except for text that is not UTF-8.
pub fn uri_to_posix_bytes(uri: &Uri<'_>) -> Result<Vec<u8>, FileUriError> {
    to_path::posix(uri, false)
}

#[cfg(feature = "std")]
impl UriBuf {
    /// The `file` URI of an absolute path of this system
    /// ([`PathStyle::NATIVE`]). On Unix the path's bytes are encoded as
    /// they are; elsewhere the path must be Unicode.
    ///
    /// ```
    /// # #[cfg(unix)] {
    /// use uri_runtime::UriBuf;
    ///
    /// let uri = UriBuf::from_file_path("/var/log/app 1.log")?;
    /// assert_eq!(uri, "file:///var/log/app%201.log");
    /// assert_eq!(uri.as_uri().to_file_path()?, std::path::Path::new("/var/log/app 1.log"));
    /// # }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`path_to_uri`]; [`FilePathErrorKind::NotUnicode`] for a path
    /// that is not Unicode off Unix.
    pub fn from_file_path(path: impl AsRef<std::path::Path>) -> Result<UriBuf, FilePathError> {
        let path = path.as_ref();
        #[cfg(unix)]
        {
            use std::os::unix::ffi::OsStrExt as _;
            to_uri::posix(path.as_os_str().as_bytes())
        }
        #[cfg(not(unix))]
        {
            let text =
                path.to_str()
                    .ok_or(FilePathError::new(0, 0, FilePathErrorKind::NotUnicode))?;
            path_to_uri(text, PathStyle::NATIVE)
        }
    }
}

#[cfg(feature = "std")]
impl UriBuf {
    /// See [`Uri::to_file_path`].
    ///
    /// # Errors
    ///
    /// As [`Uri::to_file_path`].
    pub fn to_file_path(&self) -> Result<std::path::PathBuf, FileUriError> {
        self.as_uri().to_file_path()
    }
}

#[cfg(feature = "std")]
impl Uri<'_> {
    /// The path of this system ([`PathStyle::NATIVE`]) that a `file` URI
    /// names. On Unix any bytes are accepted.
    ///
    /// # Errors
    ///
    /// As [`uri_to_path`].
    pub fn to_file_path(&self) -> Result<std::path::PathBuf, FileUriError> {
        #[cfg(unix)]
        {
            use std::os::unix::ffi::OsStringExt as _;
            Ok(std::ffi::OsString::from_vec(to_path::posix(self, false)?).into())
        }
        #[cfg(not(unix))]
        {
            Ok(uri_to_path(self, PathStyle::NATIVE)?.into())
        }
    }
}
