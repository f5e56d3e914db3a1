//! Hosts that common readers take to different places: the policy
//! assumes the worst reader, and where readers part ways no class holds
//! for all of them (`HostClass::Ambiguous`), and no site either.

use uri_core::parse::ipv4_number_form;

/// Whether readers part ways on the DNS name `name` (escapes decoded,
/// lowercase or not): a dotted quad with a leading zero whose decimal
/// and `inet_aton` readings differ, or a name with an empty label.
///
/// One final dot is the root, not an empty label (`localhost.` is
/// `localhost`); the empty name is no name at all, which the callers
/// report as such.
pub(crate) fn is_ambiguous(name: &str) -> bool {
    let name = name.as_bytes();
    let name = name.strip_suffix(b".").unwrap_or(name);
    has_empty_label(name) || readings_differ(name)
}

/// A dot first or last (after the root's), or two side by side.
fn has_empty_label(name: &[u8]) -> bool {
    !name.is_empty()
        && (name.first() == Some(&b'.')
            || name.last() == Some(&b'.')
            || name.windows(2).any(|pair| pair == b".."))
}

/// Four dotted decimal numbers up to 255, one of them with a leading
/// zero, which a decimal reader (Go before 1.17, older Java, many
/// hand-written checks) reads as a dotted quad and `inet_aton` and the
/// WHATWG URL Standard read as octal, or refuse where a digit is 8 or 9:
/// `010.0.0.1` is 10.0.0.1 to the first and 8.0.0.1 to the second,
/// `0169.254.169.254` the metadata service to the first and no address
/// to the second. Where both readings agree (`01.02.03.04`) there is no
/// doubt.
fn readings_differ(name: &[u8]) -> bool {
    let mut decimal = [0u8; 4];
    let mut count = 0;
    let mut leading_zero = false;
    for part in name.split(|&b| b == b'.') {
        let Some(slot) = decimal.get_mut(count) else {
            return false;
        };
        if part.is_empty() || !part.iter().all(u8::is_ascii_digit) {
            return false;
        }
        let value = part
            .iter()
            .try_fold(0u16, |n, &d| {
                let n = n * 10 + u16::from(d - b'0');
                (n <= 255).then_some(n)
            })
            // Leading zeros may make a part long without making it large.
            .or_else(|| part.iter().all(|&d| d == b'0').then_some(0));
        let Some(value) = value else {
            return false;
        };
        *slot = value as u8;
        leading_zero |= part.len() > 1 && part.first() == Some(&b'0');
        count += 1;
    }
    count == 4 && leading_zero && ipv4_number_form(name) != Some(decimal)
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
        ] {
            assert!(is_ambiguous(name), "{name}");
        }
        for name in [
            "01.02.03.04",
            "0.0.0.0",
            "00.0.0.0",
            "127.0.0.1",
            "0x7f.1",
            "0177.1",
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
