//! Short pieces appended with a few loads and stores of fixed width
//! rather than a call to `memcpy`.
//!
//! The writers (resolution, the merge of a directory and a relative path)
//! append pieces of a few bytes each: a segment, a `/`, a base's head of a
//! dozen. A copy whose length the compiler does not know becomes a call
//! to the C library's `memcpy`, which for such a piece spends more on the
//! call (the registers saved around it, the jump through the library's
//! table, the choice by size inside) than on the bytes. Up to sixteen
//! bytes the copy here is two loads and two stores that overlap in the
//! middle, of eight, four, two or one byte each by the piece's length;
//! longer pieces still go to `memcpy` (a branch for 17 to 32 bytes, two
//! sixteen-byte copies, made resolution slower, not faster).

use alloc::string::String;
use core::mem::MaybeUninit;

/// Appends `piece` to `out`, as [`String::push_str`] does.
#[cfg_attr(uri_safe, allow(dead_code, reason = "the safe build uses the twin"))]
#[inline]
pub(crate) fn push_str(out: &mut String, piece: &str) {
    out.reserve(piece.len());
    // SAFETY: what is appended below is `piece`, whole, and a `str`
    // appended whole to a `str` is UTF-8.
    let bytes = unsafe { out.as_mut_vec() };
    let len = bytes.len();
    match bytes.spare_capacity_mut().get_mut(..piece.len()) {
        Some(room) => {
            copy_into(room, piece.as_bytes());
            // SAFETY: `copy_into` wrote the first `piece.len()` bytes of
            // the spare capacity, so the new length covers written bytes
            // and stays within the capacity.
            unsafe { bytes.set_len(len + piece.len()) };
        }
        // Not taken: `reserve` made the room.
        None => bytes.extend_from_slice(piece.as_bytes()),
    }
}

/// Writes `piece` into `room`, which is exactly as long.
#[cfg_attr(uri_safe, allow(dead_code, reason = "the safe build uses the twin"))]
#[inline]
pub(super) fn copy_into(room: &mut [MaybeUninit<u8>], piece: &[u8]) {
    debug_assert_eq!(room.len(), piece.len());
    let len = piece.len().min(room.len());
    let to = room.as_mut_ptr().cast::<u8>();
    let from = piece.as_ptr();
    // SAFETY: both ranges are `len` bytes (the shorter of the two, which
    // callers make equal), the pieces of each pair of copies lie inside
    // them (each starts at 0 or at `len - width` with `width <= len`), a
    // mutably borrowed `room` cannot overlap `piece`, and unaligned reads
    // and writes of plain integers have no other requirement.
    unsafe {
        match len {
            8..=16 => pair::<u64>(from, to, len),
            4..=7 => pair::<u32>(from, to, len),
            2..=3 => pair::<u16>(from, to, len),
            1 => to.write(from.read()),
            0 => {}
            _ => core::ptr::copy_nonoverlapping(from, to, len),
        }
    }
}

/// Copies `len` bytes, from one to two `T`s long, as the `T` at the start
/// and the `T` at the end, which overlap where `len` is less than two.
///
/// # Safety
///
/// `from` is readable and `to` writable for `len` bytes, the two do not
/// overlap, and `size_of::<T>() <= len <= 2 * size_of::<T>()`.
#[inline]
unsafe fn pair<T: Copy>(from: *const u8, to: *mut u8, len: usize) {
    let last = len - size_of::<T>();
    // SAFETY: the caller's contract: both `T`s lie inside the `len` bytes.
    unsafe {
        let head = from.cast::<T>().read_unaligned();
        let tail = from.add(last).cast::<T>().read_unaligned();
        to.cast::<T>().write_unaligned(head);
        to.add(last).cast::<T>().write_unaligned(tail);
    }
}

/// The safe twin, also what `--cfg uri_safe` builds.
pub(super) mod safe {
    use alloc::string::String;

    #[cfg_attr(not(uri_safe), allow(dead_code, reason = "compared in tests"))]
    pub(crate) fn push_str(out: &mut String, piece: &str) {
        out.push_str(piece);
    }
}
