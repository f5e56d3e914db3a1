//! Decoded text made safe to show a person.

use alloc::borrow::Cow;
use alloc::string::String;
use core::fmt::Write as _;

use uri_core::table::escaped_when_shown;

/// `text` with every character that acts on a terminal or a page instead
/// of showing as itself percent-encoded again (its UTF-8 bytes, uppercase
/// hex): C0 and C1 controls and DEL, the line and paragraph separators,
/// the bidirectional controls that reorder what follows, and characters
/// that render as nothing ([`classes::escaped_when_shown`]). Everything
/// else stays decoded; borrowed when nothing needs encoding.
///
/// Decoding is for programs; what a decoded value shows a person (a log
/// line, a terminal, a page) goes through this, so that a `%1B[2J`,
/// a `%C2%9B` (CSI) or a `%E2%80%AE` (RIGHT-TO-LEFT OVERRIDE) in a URI
/// cannot clear a screen, write a clipboard or reverse a file name.
///
/// ```
/// use uri_runtime::pct;
///
/// let path = pct::decode_utf8("/r%C3%A9sum%C3%A9%E2%80%AEfdp.exe%0A")?;
/// assert_eq!(pct::encode_unshowable(&path), "/résumé%E2%80%AEfdp.exe%0A");
/// # Ok::<(), pct::DecodeError>(())
/// ```
///
/// [`classes::escaped_when_shown`]: super::classes::escaped_when_shown
pub fn encode_unshowable(text: &str) -> Cow<'_, str> {
    if !text.chars().any(escaped_when_shown) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if escaped_when_shown(c) {
            let mut utf8 = [0; 4];
            for byte in c.encode_utf8(&mut utf8).bytes() {
                // Writing into a `String` cannot fail.
                let _ = write!(out, "%{byte:02X}");
            }
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}
