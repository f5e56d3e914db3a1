//! Decoded text as the command prints it: one value, one line, nothing
//! that acts on the terminal.

use std::borrow::Cow;

use uri_runtime::pct;

/// `text` with every character that would act on the terminal instead of
/// showing as itself escaped again as `%XX` ([`pct::encode_unshowable`]):
/// a decoded `%0A`, `%1B` or `%C2%9B` would end the output line or start
/// an escape sequence, a `%E2%80%AE` reorder what follows. Each printed
/// value stays on the line of its input and shows every character it
/// holds. Borrowed when nothing needs escaping.
pub(crate) fn on_one_line(text: Cow<'_, str>) -> Cow<'_, str> {
    match text {
        Cow::Borrowed(text) => pct::encode_unshowable(text),
        Cow::Owned(text) => match pct::encode_unshowable(&text) {
            Cow::Borrowed(_) => Cow::Owned(text),
            Cow::Owned(shown) => Cow::Owned(shown),
        },
    }
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
            on_one_line("plain é 例".into()),
            std::borrow::Cow::Borrowed(_)
        ));
    }

    #[test]
    fn c1_controls_separators_reorderings_and_invisibles_are_escaped() {
        for (text, shown) in [
            ("\u{9b}x", "%C2%9Bx"),
            ("\u{9d}52;c;QQ\u{9c}", "%C2%9D52;c;QQ%C2%9C"),
            ("a\u{85}b", "a%C2%85b"),
            ("a\u{2028}b\u{2029}", "a%E2%80%A8b%E2%80%A9"),
            ("x\u{202e}gpj.exe", "x%E2%80%AEgpj.exe"),
            ("\u{2066}a\u{2069}", "%E2%81%A6a%E2%81%A9"),
            ("a\u{200b}b", "a%E2%80%8Bb"),
        ] {
            assert_eq!(on_one_line(text.into()), shown, "{text:?}");
        }
    }
}
