//! Decoded text as the command prints it: one value, one line.

use std::borrow::Cow;
use std::fmt::Write as _;

/// `text` with its control characters (C0 and DEL) escaped again as
/// `%XX`: a decoded `%0A` or `%1B` would otherwise end the output line or
/// drive the terminal, and each printed value must stay on the line of
/// its input. Everything else stays decoded. Borrowed when nothing is a
/// control character.
pub(crate) fn on_one_line(text: Cow<'_, str>) -> Cow<'_, str> {
    if !text.bytes().any(is_control) {
        return text;
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if c.is_ascii() && is_control(c as u8) {
            // Writing into a `String` cannot fail.
            let _ = write!(out, "%{:02X}", c as u8);
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

fn is_control(byte: u8) -> bool {
    byte < 0x20 || byte == 0x7F
}

#[cfg(test)]
mod tests {
    use super::on_one_line;

    #[test]
    fn controls_are_escaped_and_the_rest_kept() {
        assert_eq!(
            on_one_line("a\nb\x1b[31mc\td\x7f é".into()),
            "a%0Ab%1B[31mc%09d%7F é"
        );
        assert!(matches!(
            on_one_line("plain é".into()),
            std::borrow::Cow::Borrowed(_)
        ));
    }
}
