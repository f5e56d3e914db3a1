//! Drawing an input with carets under the offending bytes.
//!
//! The same drawing serves run-time errors ([`ParseError::render`]) and the
//! compile-time errors of the `uri!` macro, so a user sees one picture
//! wherever the mistake is caught.
//!
//! [`ParseError::render`]: crate::ParseError::render

use core::fmt::{self, Write as _};

/// Inputs wider than this are shown as a window around the carets.
const MAX_WIDTH: usize = 72;
/// Columns kept before the first caret when windowing.
const CONTEXT_BEFORE: usize = 24;

/// Two lines: the input, then carets under the bytes `start..start + len`.
///
/// Control characters are shown escaped (`\n`, `\u{7f}`) so the drawing
/// stays on two lines and the carets stay aligned; a long input is cut to a
/// window around the carets, with `…` where text was left out. An empty
/// range draws one caret where the missing text would start.
///
/// ```
/// use uri_core::render::Caret;
///
/// let drawing = Caret::new("http://x/%G1", 9, 3).to_string();
/// assert_eq!(drawing, "http://x/%G1\n         ^^^");
///
/// let drawing = Caret::new("a\nb", 1, 1).to_string();
/// assert_eq!(drawing, "a\\nb\n ^^");
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Caret<'a> {
    input: &'a str,
    start: usize,
    len: usize,
    /// The bytes drawn as `*`, one a character: `hidden.0..hidden.1`.
    hidden: (usize, usize),
}

impl<'a> Caret<'a> {
    /// Carets under `input[start..start + len]`; positions past the end
    /// are clamped to it.
    pub fn new(input: &'a str, start: usize, len: usize) -> Caret<'a> {
        let start = start.min(input.len());
        let len = len.min(input.len() - start);
        Caret {
            input,
            start,
            len,
            hidden: (0, 0),
        }
    }

    /// The drawing with each character of `input[hidden]` drawn as `*`:
    /// a password or token stays out of the picture while the carets
    /// still say where the error is.
    ///
    /// ```
    /// use uri_core::render::Caret;
    ///
    /// let drawing = Caret::new("https://ada:s3cr t@h/", 17, 1).hiding(8..18).to_string();
    /// assert_eq!(drawing, "https://**********@h/\n                 ^");
    /// ```
    #[must_use]
    pub fn hiding(mut self, hidden: core::ops::Range<usize>) -> Caret<'a> {
        self.hidden = (hidden.start, hidden.end);
        self
    }

    fn is_hidden(&self, at: usize) -> bool {
        self.hidden.0 <= at && at < self.hidden.1
    }
}

/// Characters that would break the drawing are drawn as Rust escapes:
/// controls, characters that reorder the text around them or render as
/// nothing ([`escaped_when_shown`](crate::table::escaped_when_shown)),
/// and others with no glyph of their own (noncharacters, combining
/// marks).
fn drawn_escaped(c: char) -> bool {
    !matches!(c, '"' | '\'' | '\\') && c.escape_debug().nth(1).is_some()
        || crate::table::escaped_when_shown(c)
}

/// The escape `c` is drawn as: `escape_debug`'s where it has one (`\n`),
/// else `\u{…}`.
fn drawn_escape(c: char) -> impl Iterator<Item = char> + Clone {
    let debug = c.escape_debug();
    let debug_escapes = debug.clone().nth(1).is_some();
    debug
        .filter(move |_| debug_escapes)
        .chain(c.escape_unicode().filter(move |_| !debug_escapes))
}

fn drawn_width(c: char) -> usize {
    if drawn_escaped(c) {
        drawn_escape(c).count()
    } else {
        1
    }
}

impl fmt::Display for Caret<'_> {
    // Reads the culprit, at most `CONTEXT_BEFORE` columns before it and the
    // window after: the work is the window's, not the input's, so drawing
    // an error in a megabyte of text costs what it costs in a line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let input = self.input;
        let mut start = self.start;
        while !input.is_char_boundary(start) {
            start -= 1;
        }
        let end = self.start + self.len;
        let before = input.get(..start).unwrap_or_default();
        // Every character is at most four bytes, so a longer input is
        // wider than the window without measuring it.
        let width = |at: usize, c: char| {
            if self.is_hidden(at) {
                1
            } else {
                drawn_width(c)
            }
        };
        let fits = input.len() <= 4 * MAX_WIDTH
            && input
                .char_indices()
                .map(|(at, c)| width(at, c))
                .sum::<usize>()
                <= MAX_WIDTH;
        let from = if fits {
            0
        } else {
            let mut from = start;
            let mut columns = 0;
            for (at, c) in before.char_indices().rev() {
                columns += width(at, c);
                if columns > CONTEXT_BEFORE {
                    break;
                }
                from -= c.len_utf8();
            }
            from
        };
        let limit = if fits { usize::MAX } else { MAX_WIDTH };
        if from > 0 {
            f.write_str("…")?;
        }
        let (mut column, mut first, mut last, mut to) = (0, None, None, from);
        for (offset, c) in input.get(from..).unwrap_or_default().char_indices() {
            let at = from + offset;
            let width = width(at, c);
            if column + width > limit {
                break;
            }
            if first.is_none() && at + c.len_utf8() > start {
                first = Some(column);
            }
            if self.is_hidden(at) {
                f.write_char('*')?;
            } else if drawn_escaped(c) {
                for escaped in drawn_escape(c) {
                    f.write_char(escaped)?;
                }
            } else {
                write!(f, "{c}")?;
            }
            column += width;
            if at < end {
                last = Some(column);
            }
            to = at + c.len_utf8();
        }
        if to < input.len() {
            f.write_str("…")?;
        }
        f.write_str("\n")?;
        let first = first.unwrap_or(column);
        let last = if self.len == 0 {
            first + 1
        } else {
            last.unwrap_or(first + 1).max(first + 1)
        };
        for _ in 0..usize::from(from > 0) + first {
            f.write_str(" ")?;
        }
        for _ in first..last {
            f.write_str("^")?;
        }
        // A culprit longer than the window: its carets end in `…`, and its
        // bytes are named.
        if self.len > 0 && end > to {
            write!(f, "… (bytes {}..{end})", self.start)?;
        }
        Ok(())
    }
}

/// Text quoted as `{:?}` quotes it, but never longer than a line: past
/// [`QUOTED_CHARS`] characters only its start and end are shown, around an
/// ellipsis, with its length in bytes. Error messages quote the culprit
/// through it, so a megabyte-long label or hole makes a short message.
///
/// ```
/// use uri_core::render::Quoted;
///
/// assert_eq!(Quoted("a b").to_string(), r#""a b""#);
/// let long = "x".repeat(1000);
/// assert_eq!(
///     Quoted(&long).to_string(),
///     r#""xxxxxxxxxxxxxxxxxxxxxxxx"…"xxxxxxxx" (1000 bytes)"#
/// );
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Quoted<'a>(pub &'a str);

/// How many characters [`Quoted`] shows whole.
pub const QUOTED_CHARS: usize = 40;

impl fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = self.0;
        let mut ends = text.char_indices().map(|(at, _)| at);
        let Some(head_end) = ends
            .nth(24)
            .filter(|_| text.chars().nth(QUOTED_CHARS).is_some())
        else {
            return write!(f, "{text:?}");
        };
        let tail_start = text
            .char_indices()
            .rev()
            .nth(7)
            .map_or(head_end, |(at, _)| at);
        let (head, tail) = (&text[..head_end], &text[tail_start..]);
        write!(f, "{head:?}…{tail:?} ({} bytes)", text.len())
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::Caret;
    use std::format;
    use std::string::ToString;

    #[test]
    fn caret_past_the_end_marks_where_text_is_missing() {
        assert_eq!(Caret::new("ab%", 3, 0).to_string(), "ab%\n   ^");
    }

    #[test]
    fn multibyte_characters_count_as_one_column() {
        assert_eq!(Caret::new("é x", 2, 1).to_string(), "é x\n ^");
        assert_eq!(Caret::new("aé", 1, 2).to_string(), "aé\n ^");
    }

    #[test]
    fn a_long_culprit_is_cut_to_the_window_and_its_bytes_named() {
        let input = "ab".to_string() + &"x".repeat(100_000) + "cd";
        let drawn = Caret::new(&input, 2, 100_000).to_string();
        let (text, carets) = drawn.split_once('\n').unwrap();
        assert!(text.chars().count() <= 72 + 2, "{text}");
        assert!(carets.ends_with("^… (bytes 2..100002)"), "{carets}");
        assert!(carets.starts_with("  ^"), "{carets}");
        // A culprit that starts far in keeps its context.
        let drawn = Caret::new(&input, 50_000, 60_000).to_string();
        assert!(drawn.len() < 200, "{drawn}");
        assert!(drawn.ends_with("… (bytes 50000..100004)"), "{drawn}");
    }

    #[test]
    fn the_window_is_found_from_the_culprit_at_either_end() {
        let input = "y".repeat(1 << 20) + "%G";
        let drawn = Caret::new(&input, 1 << 20, 2).to_string();
        let expected = format!("…{}%G\n{}^^", "y".repeat(24), " ".repeat(25));
        assert_eq!(drawn, expected);
        // Missing text past the end of a long input.
        let drawn = Caret::new(&input, input.len(), 0).to_string();
        assert_eq!(drawn, format!("…{}%G\n{}^", "y".repeat(22), " ".repeat(25)));
        // A position inside a character counts from that character.
        assert_eq!(Caret::new("aéb", 2, 1).to_string(), "aéb\n ^");
    }

    #[test]
    fn quoting_keeps_short_text_whole_and_cuts_long_text() {
        use super::Quoted;
        assert_eq!(Quoted("").to_string(), "\"\"");
        let forty = "é".repeat(40);
        assert_eq!(Quoted(&forty).to_string(), format!("{forty:?}"));
        let long = "é".repeat(41);
        assert_eq!(
            Quoted(&long).to_string(),
            format!("{:?}…{:?} (82 bytes)", "é".repeat(24), "é".repeat(8))
        );
        assert!(Quoted(&"\n".repeat(1 << 20)).to_string().len() < 150);
    }

    #[test]
    fn long_inputs_are_windowed_around_the_carets() {
        let input = "x".repeat(200) + "^" + &"y".repeat(200);
        let drawn = Caret::new(&input, 200, 1).to_string();
        let (text, carets) = drawn.split_once('\n').unwrap();
        assert!(text.starts_with('…') && text.ends_with('…'));
        assert!(text.chars().count() <= 72 + 2);
        assert_eq!(text.chars().nth(carets.len() - 1), Some('^'));
    }

    #[test]
    fn characters_without_a_glyph_are_drawn_escaped() {
        assert_eq!(
            Caret::new("a\u{FFFF}b", 1, 3).to_string(),
            "a\\u{ffff}b\n ^^^^^^^^"
        );
        assert_eq!(Caret::new("\"'\\", 1, 1).to_string(), "\"'\\\n ^");
    }

    #[test]
    fn bidi_controls_are_drawn_escaped_so_the_line_keeps_its_order() {
        assert_eq!(
            Caret::new("/a\u{202E}b", 2, 3).to_string(),
            "/a\\u{202e}b\n  ^^^^^^^^"
        );
    }

    #[test]
    fn out_of_range_positions_are_clamped() {
        assert_eq!(Caret::new("ab", 10, 5).to_string(), "ab\n  ^");
    }
}
