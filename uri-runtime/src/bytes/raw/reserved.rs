//! A string written front to back into capacity reserved once, with its
//! length kept in a local until it is handed out: what a writer that knows
//! its output's largest size (a resolver: the base and the reference
//! together) builds its result in.
//!
//! Why not a `String` and `push_str`: `push_str` grows the string when a
//! piece does not fit, and its growth path takes the string by reference,
//! so a function that calls it keeps the string's pointer, capacity and
//! length in memory rather than in registers. Every append then reads and
//! writes the length there, and moving the string into the value the
//! function returns reads its pointer and length back in one 16-byte load
//! from the 8-byte stores just made, which the processor cannot forward
//! from its store buffer: a measurable part of the join's time (the
//! history of BENCHMARKS.md has the figure). [`Reserved`]
//! never grows, so nothing takes it by reference and it stays in
//! registers; the `unsafe` steps are copying each piece into the
//! capacity, reading back what it wrote and setting the vector's length
//! once at the end.

use alloc::string::String;
use alloc::vec::Vec;

/// A string under construction in a fixed capacity: pieces are appended
/// while they fit, the end can be cut back after an ASCII byte, and
/// [`into_string`](Reserved::into_string) hands out what was written.
///
/// Invariant: the first `len` bytes of `bytes`' spare capacity (its
/// length stays 0) have been written, and are UTF-8: each is a whole
/// `str` appended by `push`, and `cut_after_last` only cuts after an
/// ASCII byte, which ends a character.
#[cfg_attr(uri_safe, allow(dead_code, reason = "the safe build uses the twin"))]
pub(crate) struct Reserved {
    bytes: Vec<u8>,
    len: usize,
}

#[cfg_attr(uri_safe, allow(dead_code, reason = "the safe build uses the twin"))]
impl Reserved {
    /// An empty string with room for `capacity` bytes.
    #[inline]
    pub(crate) fn with_capacity(capacity: usize) -> Reserved {
        Reserved {
            bytes: Vec::with_capacity(capacity),
            len: 0,
        }
    }

    /// How many bytes have been written.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Appends `piece` when it fits the capacity left; `None`, with
    /// nothing written, when it does not.
    #[inline]
    pub(crate) fn push(&mut self, piece: &str) -> Option<()> {
        let end = self.len.checked_add(piece.len())?;
        let room = self.bytes.spare_capacity_mut().get_mut(self.len..end)?;
        super::append::copy_into(room, piece.as_bytes());
        self.len = end;
        Some(())
    }

    /// Cuts the string back to just after the last `byte` among the bytes
    /// from `floor` up to (not including) the last one, when there is
    /// one; otherwise, or when `byte` is not ASCII, leaves it as it is.
    /// (`/b/c/` with `/` and a floor of 0 becomes `/b/`.)
    #[inline]
    pub(crate) fn cut_after_last(&mut self, byte: u8, floor: usize) {
        if !byte.is_ascii() {
            return;
        }
        let before_last = self.len.saturating_sub(1);
        let Some(written) = self.bytes.spare_capacity_mut().get(floor..before_last) else {
            return;
        };
        // SAFETY: these bytes lie below `len`, so `push` wrote them.
        let found = written
            .iter()
            .rposition(|b| unsafe { b.assume_init() } == byte);
        if let Some(at) = found {
            self.len = floor + at + 1;
        }
    }

    /// The string written.
    #[inline]
    pub(crate) fn into_string(mut self) -> String {
        // SAFETY: `len` is at most the capacity (`push` writes only inside
        // the spare capacity, and a cut only lowers it), the first `len`
        // bytes were written (pieces are appended end to end from 0), and
        // they are UTF-8: whole `str`s one after another, cut, if at all,
        // right after an ASCII byte, where a character ends.
        unsafe {
            self.bytes.set_len(self.len);
            String::from_utf8_unchecked(self.bytes)
        }
    }
}

/// The safe twin, also what `--cfg uri_safe` builds: a `String` that
/// refuses to grow.
pub(super) mod safe {
    use alloc::string::String;

    pub(crate) struct Reserved {
        text: String,
    }

    #[cfg_attr(not(uri_safe), allow(dead_code, reason = "compared in tests"))]
    impl Reserved {
        pub(crate) fn with_capacity(capacity: usize) -> Reserved {
            Reserved {
                text: String::with_capacity(capacity),
            }
        }

        pub(crate) fn len(&self) -> usize {
            self.text.len()
        }

        pub(crate) fn push(&mut self, piece: &str) -> Option<()> {
            if self.text.capacity() - self.text.len() < piece.len() {
                return None;
            }
            self.text.push_str(piece);
            Some(())
        }

        pub(crate) fn cut_after_last(&mut self, byte: u8, floor: usize) {
            if !byte.is_ascii() {
                return;
            }
            let bytes = self.text.as_bytes();
            let Some(written) = bytes.get(floor..bytes.len().saturating_sub(1)) else {
                return;
            };
            if let Some(at) = written.iter().rposition(|&b| b == byte) {
                self.text.truncate(floor + at + 1);
            }
        }

        pub(crate) fn into_string(self) -> String {
            self.text
        }
    }
}
