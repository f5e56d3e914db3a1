//! A build without vector kernels (another architecture, no `std` to ask
//! the CPU with, or `--cfg uri_safe`): no row in the table, and the three
//! direct choosers are the portable twins.

use core::ops::Range;

use super::kernels::Kernels;
use crate::bytes::name_tail::NameTail;
use crate::bytes::scan;

/// No rows.
pub(super) const SETS: &[Kernels] = &[];

/// [`scan::position_in_short`].
#[inline]
pub(super) fn position(bytes: &[u8], needle: u8) -> Option<usize> {
    scan::position_in_short(bytes, needle)
}

/// [`scan::has_segment_starting_with_dot`].
#[inline]
pub(super) fn has_segment_starting_with_dot(bytes: &[u8]) -> bool {
    scan::has_segment_starting_with_dot(bytes)
}

/// [`crate::bytes::name_tail::name_tail`].
#[inline]
pub(super) fn name_tail(text: &[u8], name: Range<usize>) -> Option<NameTail> {
    crate::bytes::name_tail::name_tail(text, name)
}
