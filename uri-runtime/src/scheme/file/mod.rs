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
//!   back. A first POSIX name of the form `C:` has its `:` encoded
//!   (`file:///C%3A/x`), so no Windows reader takes it for a drive.
//!   Windows drive paths become `file:///C:/…` (appendix E.2), UNC paths
//!   `file://server/share/…` (E.3.1), and a UNC server named `localhost`
//!   the four-slash form `file:////localhost/share` (E.3.2), since the
//!   two-slash one would mean this machine.
//! - **Refused paths.** Relative ones (also `\x` and `C:x`, relative to a
//!   current drive or directory, which Python turns into an error too and
//!   `url` into `Err(())`), device paths `\\.\…` and `\\?\` paths that name
//!   neither a drive nor a share (`\\?\Volume{…}`), and NUL. The `\\?\C:\`
//!   and `\\?\UNC\server\share` forms are written as their plain
//!   equivalents; in them, as elsewhere, `/` is read as a separator.
//! - **Reading.** The host must be empty or `localhost` for a POSIX path;
//!   for Windows, another host is a UNC server. Both `file:///c:/x` and
//!   the appendix E.2 forms `file:c:/x` and `file:/c:/x` read as drive
//!   paths, and `c%7C` as `c:` (E.2.2's `c|`, which a URI can only hold
//!   escaped). `file:////server/share` is a UNC path (E.3.2); the
//!   five-slash form is refused. A query is refused rather than dropped
//!   (`url` drops it); the fragment names a part of the file, not the
//!   file, and is ignored.
//! - **Strict decoding.** `%2F` (and for Windows `%5C`) inside a name would
//!   become a separator and name another file, and `%00` cannot be in a
//!   path: both are errors with their byte, where Python decodes them
//!   silently. Dot segments are kept as written: `..` is a name the file
//!   system interprets (through symbolic links), not this crate.
//! - **Round trip.** A path turned into a URI and back is the same path,
//!   for POSIX exactly (bytes included) and for Windows in its canonical
//!   spelling: `\` separators, no `\\?\` prefix.

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
    let bytes = match style {
        PathStyle::Posix => to_path::posix(uri, true)?,
        PathStyle::Windows => to_path::windows(uri)?,
    };
    // Both checked the decoded text to be UTF-8.
    String::from_utf8(bytes).map_err(|_| FileUriError::new(0, FileUriErrorKind::NotUtf8))
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
            let text = path
                .to_str()
                .ok_or(FilePathError::new(0, FilePathErrorKind::NotUnicode))?;
            path_to_uri(text, PathStyle::NATIVE)
        }
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
