//! Hosts that common readers take to different places: the policy
//! assumes the worst reader, and where readers part ways no class holds
//! for all of them (`HostClass::Ambiguous`), and no site either.

use super::numbers::{NumberReading, read_number};

/// Whether readers part ways on the DNS name `name` (escapes decoded,
/// lowercase or not): a number that the WHATWG and `inet_aton` readers
/// and the decimal ones (Java, Go before 1.17) read as different
/// addresses, or one reads and another refuses (`0127.1`, `08.1`: see
/// [`numbers`](super::numbers)), or a name with an empty label.
///
/// One final dot is the root, not an empty label (`localhost.` is
/// `localhost`); the empty name is no name at all, which the callers
/// report as such.
pub(crate) fn is_ambiguous(name: &str) -> bool {
    let name = name.as_bytes();
    let root = name.strip_suffix(b".").unwrap_or(name);
    has_empty_label(root) || matches!(read_number(name), NumberReading::Disputed { .. })
}

/// A dot first or last (after the root's), or two side by side.
fn has_empty_label(name: &[u8]) -> bool {
    !name.is_empty()
        && (name.first() == Some(&b'.')
            || name.last() == Some(&b'.')
            || name.windows(2).any(|pair| pair == b".."))
}

#[cfg(test)]
mod tests {
    use super::is_ambiguous;

    #[test]
    fn leading_zeros_are_ambiguous_where_the_readings_differ() {
        for name in [
            "0169.254.169.254",
            "0192.168.1.1",
            "10.0.0.09",
            "010.0.0.1",
            "0177.0.0.1",
            "127.0.0.010",
            "0127.0.0.1.",
            "0127.1",
            "010.1",
            "02130706433",
            "0169.254.43518",
            "08.1",
        ] {
            assert!(is_ambiguous(name), "{name}");
        }
        for name in [
            "01.02.03.04",
            "0.0.0.0",
            "00.0.0.0",
            "127.0.0.1",
            "0x7f.1",
            "1.2.3.4.5",
            "256.0.0.01",
            "example.com",
        ] {
            assert!(!is_ambiguous(name), "{name}");
        }
    }

    #[test]
    fn empty_labels_are_ambiguous_and_the_root_is_not() {
        for name in [
            "localhost..",
            "localhost...",
            ".localhost",
            "..",
            "a..b",
            "example..com.",
        ] {
            assert!(is_ambiguous(name), "{name}");
        }
        for name in ["localhost.", "a.b.c", "", ".", "x"] {
            assert!(!is_ambiguous(name), "{name}");
        }
    }
}
