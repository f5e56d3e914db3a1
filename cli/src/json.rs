//! JSON written straight into the output line. Building a
//! `serde_json::Value` per input (a map, a `String` per key and value)
//! made `parse --json` over a million lines take 2.4 s; writing into a
//! line buffer kept from one input to the next, with the parameters
//! added, takes about 1 s, under twice `check` (BENCHMARKS.md).
//!
//! ```text
//! let mut line = String::new();
//! json::object(&mut line, |o| {
//!     o.string("host", Some("example.com"));
//!     o.number("index", 7);
//! });
//! // {"host":"example.com","index":7}
//! ```

use std::fmt::Write as _;

use uri_runtime::pct::classes::escaped_when_shown;

/// Writes one object into `out`, its members written by `members`.
pub(crate) fn object(out: &mut String, members: impl FnOnce(&mut Object<'_>)) {
    let mut object = Object { out, empty: true };
    members(&mut object);
    // The `{` went out with the first member's name (see `Object::key`).
    object.out.push_str(if object.empty { "{}" } else { "}" });
}

/// The members of an object being written.
pub(crate) struct Object<'o> {
    out: &'o mut String,
    empty: bool,
}

impl Object<'_> {
    /// `"key` and then `after` (`":` and what starts the value), after a
    /// comma, or after the object's `{` for its first member. Keys are
    /// this program's own names, which need no escape. Three pushes where
    /// one per piece would be six: each is a capacity check, and a line
    /// has a hundred.
    #[inline(always)]
    #[allow(
        clippy::inline_always,
        reason = "inlined, the name's constant length makes its copy a few stores, not a `memcpy` call"
    )]
    fn key(&mut self, key: &str, after: &str) -> &mut String {
        debug_assert!(!key.bytes().any(needs_escape));
        self.out.push_str(if self.empty { "{\"" } else { ",\"" });
        self.empty = false;
        self.out.push_str(key);
        self.out.push_str(after);
        self.out
    }

    /// A string member; `None` writes `null`, so an absent component is
    /// told from an empty one.
    pub(crate) fn string(&mut self, key: &str, value: Option<&str>) {
        match value {
            Some(text) => push_string(self.key(key, "\":"), text),
            None => _ = self.key(key, "\":null"),
        }
    }

    /// A string member copied as it is, for text known to need no escape:
    /// a parsed URI reference's text (RFC 3986 keeps it to printable ASCII
    /// without `"` or `\`) and this program's own names. Where
    /// [`string`](Self::string) looks at every byte, this looks at none.
    #[inline(always)]
    #[allow(clippy::inline_always, reason = "as for `key`")]
    pub(crate) fn verbatim(&mut self, key: &str, value: Option<&str>) {
        match value {
            // An IRI's text may hold characters that act on a terminal
            // (the bidirectional isolates, which RFC 3987 predates).
            Some(text) if !text.is_ascii() => self.string(key, Some(text)),
            Some(text) => {
                debug_assert!(!text.bytes().any(needs_escape));
                let out = self.key(key, "\":\"");
                out.push_str(text);
                out.push('"');
            }
            None => _ = self.key(key, "\":null"),
        }
    }

    /// A boolean member.
    pub(crate) fn boolean(&mut self, key: &str, value: bool) {
        self.key(key, if value { "\":true" } else { "\":false" });
    }

    /// A number member.
    pub(crate) fn number(&mut self, key: &str, value: usize) {
        let out = self.key(key, "\":");
        // Formatting into a `String` cannot fail.
        let _ = write!(out, "{value}");
    }

    /// An object member, its members written by `members`.
    pub(crate) fn object(&mut self, key: &str, members: impl FnOnce(&mut Object<'_>)) {
        object(self.key(key, "\":"), members);
    }

    /// An array member of strings.
    pub(crate) fn strings<S: AsRef<str>>(&mut self, key: &str, items: impl IntoIterator<Item = S>) {
        self.array(key, items, |out, item| push_string(out, item.as_ref()));
    }

    /// An array member of objects, each written by `members`.
    pub(crate) fn objects<T>(
        &mut self,
        key: &str,
        items: impl IntoIterator<Item = T>,
        mut members: impl FnMut(&mut Object<'_>, T),
    ) {
        self.array(key, items, |out, item| object(out, |o| members(o, item)));
    }

    fn array<T>(
        &mut self,
        key: &str,
        items: impl IntoIterator<Item = T>,
        mut write: impl FnMut(&mut String, T),
    ) {
        let out = self.key(key, "\":[");
        for (n, item) in items.into_iter().enumerate() {
            if n > 0 {
                out.push(',');
            }
            write(out, item);
        }
        out.push(']');
    }
}

/// `text` as a JSON string: `"` and `\` escaped, control characters as
/// `\n`, `\r`, `\t` or `\u00XX`, and the other characters that would act
/// on a terminal showing the line ([`escaped_when_shown`]: C1 controls,
/// DEL, separators, bidirectional controls, invisible characters) as
/// `\uXXXX`; everything else (UTF-8 included) as it is.
fn push_string(out: &mut String, text: &str) {
    out.push('"');
    let mut run = 0;
    while let Some(at) = next_escape(text.as_bytes(), run) {
        // A character starts at `at`: ASCII bytes are characters, and
        // the scan stops at the first byte of a non-ASCII one.
        out.push_str(&text[run..at]);
        let byte = text.as_bytes()[at];
        if byte >= 0x80 {
            let c = text[at..].chars().next().unwrap_or_default();
            if escaped_when_shown(c) {
                for unit in c.encode_utf16(&mut [0; 2]) {
                    // Formatting into a `String` cannot fail.
                    let _ = write!(out, "\\u{unit:04x}");
                }
            } else {
                out.push(c);
            }
            run = at + c.len_utf8();
            continue;
        }
        match byte {
            b'"' => out.push_str("\\\""),
            b'\\' => out.push_str("\\\\"),
            b'\n' => out.push_str("\\n"),
            b'\r' => out.push_str("\\r"),
            b'\t' => out.push_str("\\t"),
            _ => {
                const HEX: &[u8; 16] = b"0123456789abcdef";
                out.push_str("\\u00");
                out.push(char::from(HEX[usize::from(byte >> 4)]));
                out.push(char::from(HEX[usize::from(byte & 0xF)]));
            }
        }
        run = at + 1;
    }
    out.push_str(&text[run..]);
    out.push('"');
}

/// The first byte from `from` on that a JSON string must escape. Sixteen
/// bytes are looked at together, with no branch inside, since most text
/// has none.
fn next_escape(bytes: &[u8], from: usize) -> Option<usize> {
    let rest = bytes.get(from..)?;
    let (chunks, _) = rest.as_chunks::<16>();
    let mut at = 0;
    for chunk in chunks {
        if chunk.iter().fold(false, |any, &b| any | needs_escape(b)) {
            break;
        }
        at += 16;
    }
    rest[at..]
        .iter()
        .position(|&b| needs_escape(b))
        .map(|n| from + at + n)
}

fn needs_escape(byte: u8) -> bool {
    !(0x20..0x7F).contains(&byte) || byte == b'"' || byte == b'\\'
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(members: impl FnOnce(&mut Object<'_>)) -> String {
        let mut out = String::new();
        object(&mut out, members);
        out
    }

    #[test]
    fn members_are_separated_and_absent_values_are_null() {
        let text = line(|o| {
            o.string("a", Some(""));
            o.string("b", None);
            o.number("n", 0);
            o.number("m", usize::MAX);
            o.strings("list", ["x", "y"]);
            o.objects("pairs", [("k", "v")], |o, (k, v)| {
                o.string("key", Some(k));
                o.string("value", Some(v));
            });
            o.object("inner", |_| {});
        });
        assert_eq!(
            text,
            format!(
                r#"{{"a":"","b":null,"n":0,"m":{},"list":["x","y"],"pairs":[{{"key":"k","value":"v"}}],"inner":{{}}}}"#,
                usize::MAX
            )
        );
    }

    #[test]
    fn strings_escape_what_json_requires_and_what_acts_on_a_terminal() {
        let text = "a\"b\\c\nd\u{1}é\u{7f}\u{9b}\u{202e}\u{e0001}例";
        let mut out = String::new();
        push_string(&mut out, text);
        assert_eq!(
            out,
            "\"a\\\"b\\\\c\\nd\\u0001é\\u007f\\u009b\\u202e\\udb40\\udc01例\""
        );
        let parsed: String = serde_json::from_str(&out).unwrap();
        assert_eq!(parsed, text);
    }
}
