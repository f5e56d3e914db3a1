//! The loops behind [`pct::encode`](crate::pct::encode).
//!
//! Two block loops write escapes from a table, through a stack buffer,
//! without a branch per byte, one per way of asking "which bytes does the
//! set keep?": [`push_escaped`] looks bytes up eight at a time in the
//! set's table, and [`masked::push_escaped`] takes a function answering
//! for thirty-two bytes at once as a bit mask, which vector code computes
//! in a few instructions, and one writing sixteen bytes that are all
//! escaped (see `raw/x86_64/ssse3.rs`; CPUs with AVX-512 run
//! `raw/x86_64/avx512/encode.rs` instead). [`push_each`] goes a byte at
//! a time, for short input, where setting up a block costs more than the
//! bytes, and for the modes that keep escapes or write a space as `+`.

use uri_core::pct::{EncodeSet, encode_byte};

use crate::bytes::scan;

/// How many input bytes are encoded through the stack buffer at a time.
const BLOCK: usize = 512;

/// Escapes every byte of `bytes` that `set` does not keep. Each byte
/// writes four bytes to a stack buffer (itself, or its escape and one byte
/// that the next write covers) and advances by one or three; eight kept
/// bytes in a row are copied as one word. Each full buffer goes to `emit`
/// in one piece: it is ASCII, so `raw` appends it to a `String` without
/// checking it again (the `unsafe` stays there, and `raw` calls this loop,
/// not the other way round).
pub(crate) fn push_escaped(bytes: &[u8], set: &EncodeSet, mut emit: impl FnMut(&[u8])) {
    let mut buffer = [0u8; 3 * BLOCK + 4];
    for block in bytes.chunks(BLOCK) {
        let (chunks, tail) = block.as_chunks::<8>();
        let mut n = 0;
        for chunk in chunks {
            // The buffer holds a whole block escaped, plus this slack.
            debug_assert!(n + 28 <= buffer.len());
            let Some(window) = buffer.get_mut(n..n + 28) else {
                break;
            };
            if scan::all_kept(*chunk, set) {
                window[..8].copy_from_slice(chunk);
                n += 8;
            } else {
                n += escape_each(window, chunk, set);
            }
        }
        if let Some(window) = buffer.get_mut(n..n + 3 * tail.len() + 4) {
            n += escape_each(window, tail, set);
        }
        emit(&buffer[..n]);
    }
}

/// What [`push_each`] keeps besides the bytes the set keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Also {
    /// Valid `%XX` triplets (`pct::encode_keep_escapes`).
    pub(crate) escapes: bool,
    /// A space, written as `+` (`pct::encode_form`).
    pub(crate) space_as_plus: bool,
}

impl Also {
    /// Only the bytes the set keeps.
    pub(crate) const NOTHING: Also = Also {
        escapes: false,
        space_as_plus: false,
    };
    /// Valid escapes too.
    pub(crate) const ESCAPES: Also = Also {
        escapes: true,
        space_as_plus: false,
    };
    /// A space, as `+`.
    pub(crate) const SPACE_AS_PLUS: Also = Also {
        escapes: false,
        space_as_plus: true,
    };
}

/// Escapes every byte of `bytes` that `set` does not keep, except what
/// `also` keeps, a byte at a time, each byte or escape handed to `emit`
/// on its own. A fixed-size piece is a few inlined stores where `emit`
/// appends to a `String`, which beats copying a run of kept bytes as a
/// slice (a call to `memcpy`) for the short values this is used for: a
/// template value, a path segment.
pub(crate) fn push_each(bytes: &[u8], set: &EncodeSet, also: Also, mut emit: impl FnMut(&[u8])) {
    let mut at = 0;
    while let Some(&byte) = bytes.get(at) {
        if set.keeps(byte) {
            emit(&[byte]);
            at += 1;
        } else if also.escapes && byte == b'%' && uri_core::pct::is_triplet(bytes, at, bytes.len())
        {
            emit(&bytes[at..at + 3]);
            at += 3;
        } else if also.space_as_plus && byte == b' ' {
            emit(b"+");
            at += 1;
        } else {
            emit(&encode_byte(byte));
            at += 1;
        }
    }
}

vector_kernels! {
    pub(crate) mod masked;
}

/// Writes `bytes` to `window` (at least `3 * bytes.len() + 4` long), each
/// kept or escaped; returns how many bytes are meaningful.
#[inline]
fn escape_each(window: &mut [u8], bytes: &[u8], set: &EncodeSet) -> usize {
    let mut n = 0;
    for &b in bytes {
        let (word, width) = if set.keeps(b) {
            (u32::from(b), 1)
        } else {
            (ESCAPE_WORDS[usize::from(b)], 3)
        };
        if let Some(slot) = window.get_mut(n..n + 4) {
            slot.copy_from_slice(&word.to_le_bytes());
        }
        n += width;
    }
    n
}

/// Each byte's escape as a little-endian word (`%`, two digits, zero), so
/// writing one is a single store.
const ESCAPE_WORDS: [u32; 256] = {
    let mut words = [0; 256];
    let mut byte = 0;
    while byte < 256 {
        let [percent, high, low] = encode_byte(byte as u8);
        words[byte] = u32::from_le_bytes([percent, high, low, 0]);
        byte += 1;
    }
    words
};
