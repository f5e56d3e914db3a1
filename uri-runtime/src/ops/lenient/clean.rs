//! The text a browser reads: C0 controls and spaces trimmed at both ends,
//! tabs and newlines removed wherever they stand (the first steps of the
//! URL Standard's basic URL parser).

use alloc::vec::Vec;

use super::repair::{Notes, RepairKind};

/// The code points left, with the input byte offset of each.
pub(super) struct Cleaned {
    pub(super) chars: Vec<char>,
    /// `at[k]`: where `chars[k]` starts in the input; one more entry, the
    /// end of the last code point kept.
    pub(super) at: Vec<usize>,
}

impl Cleaned {
    /// The input's byte range of code points `from..to` (an empty range
    /// where code point `from` starts, or at the end).
    pub(super) fn span(&self, from: usize, to: usize) -> core::ops::Range<usize> {
        let start = self.at.get(from).or(self.at.last()).copied().unwrap_or(0);
        let end = match to.checked_sub(1).filter(|_| to > from) {
            Some(last) => match (self.at.get(last), self.chars.get(last)) {
                (Some(&at), Some(c)) => at + c.len_utf8(),
                _ => start,
            },
            None => start,
        };
        start..end
    }

    /// Whether the code points from `i` on start with `prefix`.
    pub(super) fn starts_with(&self, i: usize, prefix: &str) -> bool {
        let rest = self.chars.get(i..).unwrap_or_default();
        rest.len() >= prefix.chars().count() && prefix.chars().zip(rest).all(|(a, &b)| a == b)
    }
}

/// Whether a browser trims `c` from the ends of a URL.
fn is_margin(c: char) -> bool {
    c <= ' '
}

pub(super) fn clean(text: &str, notes: &mut Notes) -> Cleaned {
    let start = text.len() - text.trim_start_matches(is_margin).len();
    let end = text.trim_end_matches(is_margin).len().max(start);
    if start > 0 {
        notes.note(0..start, RepairKind::Trimmed);
    }
    let kept = text.get(start..end).unwrap_or_default();
    let mut chars = Vec::with_capacity(kept.len());
    let mut at = Vec::with_capacity(kept.len() + 1);
    // Most texts that come here are ASCII with no tab or newline inside:
    // a byte is a code point, and both lists are filled in loops the
    // compiler vectorizes, with no question a byte.
    if kept.is_ascii() && !kept.bytes().any(|b| matches!(b, b'\t' | b'\n' | b'\r')) {
        chars.extend(kept.bytes().map(char::from));
        at.extend(start..end);
    } else {
        for (offset, c) in kept.char_indices() {
            let offset = start + offset;
            if matches!(c, '\t' | '\n' | '\r') {
                notes.note(offset..offset + 1, RepairKind::Removed);
            } else {
                chars.push(c);
                at.push(offset);
            }
        }
    }
    at.push(end);
    if end < text.len() {
        notes.note(end..text.len(), RepairKind::Trimmed);
    }
    Cleaned { chars, at }
}
