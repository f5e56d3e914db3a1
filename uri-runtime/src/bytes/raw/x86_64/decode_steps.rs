//! What the vector decoders (`ssse3/decode.rs`, `avx2/decode.rs`,
//! `avx512/decode.rs`) share: the loop over their steps, which hands each
//! step its bytes and room in the output's spare capacity, and the tables
//! SSSE3 and AVX2 pack a step's kept bytes with (AVX-512 packs with
//! `vpcompressb`).
//!
//! A step of `WIDTH` lanes reads its bytes and the two after them, so that
//! every lane sees the digits after it. A lane holding a `%` whose two
//! following bytes are hex digits takes the byte they spell (any other
//! `%` is the error), the lanes of those digits are dropped, and the kept
//! lanes are packed to the front of the step's room. The digits of an
//! escape in the last two lanes fall into the next step, which drops
//! them too: the step says which of its lanes it leaves to the next.

use alloc::vec::Vec;
use core::mem::MaybeUninit;

/// One step's input, as [`decode_in_steps`] hands it out: only that loop
/// makes one, so a step may rely on the lengths below.
pub(super) struct Step<'a, const WIDTH: usize> {
    /// The step's `WIDTH` bytes and the two after them: `WIDTH + 2`.
    text: &'a [u8],
    /// Room for the step's output, `WIDTH` bytes of the output's spare
    /// capacity; the step initializes the first of them, as many as it
    /// says it wrote (and may scribble on the rest).
    room: &'a mut [MaybeUninit<u8>],
    /// Bit `k` set where lane `k` holds a digit of the last step's escape,
    /// which the step drops.
    carried: u64,
}

impl<'a, const WIDTH: usize> Step<'a, WIDTH> {
    /// The step's text (`WIDTH + 2` bytes), its room (`WIDTH` bytes) and
    /// the lanes carried in.
    pub(super) fn parts(self) -> (&'a [u8], &'a mut [MaybeUninit<u8>], u64) {
        debug_assert!(self.text.len() == WIDTH + 2 && self.room.len() == WIDTH);
        (self.text, self.room, self.carried)
    }
}

/// Decodes `bytes` into `out` a step of `WIDTH` lanes at a time while a
/// step's bytes and the two after them are there; returns where the rest,
/// for the portable loop, starts. `step` gives how many bytes it wrote
/// and the lanes of the next step that hold digits of its escapes, or the
/// lane of the first `%` not followed by two hex digits (the error is
/// that index in `bytes`; nothing after the last whole step is kept).
///
/// Inlined into each decoder, so that `step` is compiled with its CPU
/// features and no call sits between the steps.
///
/// # Safety
///
/// `step` must initialize the first bytes of its room, as many as it says
/// it wrote, and say it wrote at most `WIDTH`: the output's length is set
/// from those counts.
#[inline(always)]
#[allow(clippy::inline_always, reason = "as the docs say")]
pub(super) unsafe fn decode_in_steps<const WIDTH: usize>(
    out: &mut Vec<u8>,
    bytes: &[u8],
    mut step: impl FnMut(Step<'_, WIDTH>) -> Result<(usize, u64), usize>,
) -> Result<usize, usize> {
    // Decoding never lengthens, so this is room for every step's output:
    // `n <= i` and `i + WIDTH + 2 <= bytes.len()` at every step.
    out.reserve(bytes.len());
    let start = out.len();
    let (mut i, mut n, mut carried) = (0, 0, 0);
    let spare = out.spare_capacity_mut();
    while i + WIDTH + 2 <= bytes.len()
        && let Some(room) = spare.get_mut(n..n + WIDTH)
    {
        let text = &bytes[i..i + WIDTH + 2];
        let (written, next) = step(Step {
            text,
            room,
            carried,
        })
        .map_err(|lane| i + lane)?;
        (i, n, carried) = (i + WIDTH, n + written, next);
    }
    // SAFETY: each step initialized the first `written` bytes of its room
    // (the caller's promise), which starts where the last step's written
    // bytes end, so the spare capacity's first `n` bytes are initialized.
    unsafe { out.set_len(start + n) };
    Ok(i + carried.count_ones() as usize)
}

/// For each mask of eight lanes, the shuffle that packs the lanes whose
/// bit is set to the front of the eight, as eight byte indices in a
/// `u64` (the unused ones are 0, whose byte lands past the kept count).
/// `PACK_HIGH` is for the upper eight of a 128-bit lane, whose indices
/// are 8 to 15.
pub(super) const PACK: [u64; 256] = pack_table(0);
/// See [`PACK`].
pub(super) const PACK_HIGH: [u64; 256] = pack_table(8);

/// How many bits each mask of eight lanes sets: a load, where
/// `count_ones` without the `popcnt` feature is a dozen instructions.
pub(super) const COUNTS: [u8; 256] = {
    let mut table = [0; 256];
    let mut mask = 0;
    while mask < 256 {
        table[mask] = (mask as u8).count_ones() as u8;
        mask += 1;
    }
    table
};

/// [`PACK`] with `offset` added to each used index.
const fn pack_table(offset: u64) -> [u64; 256] {
    let mut table = [0; 256];
    let mut mask: usize = 0;
    while mask < 256 {
        let (mut lane, mut kept, mut shuffle) = (0_u64, 0, 0);
        while lane < 8 {
            if (mask >> lane) & 1 == 1 {
                shuffle |= (lane + offset) << (8 * kept);
                kept += 1;
            }
            lane += 1;
        }
        table[mask] = shuffle;
        mask += 1;
    }
    table
}
