//! The engine's one `unsafe` code (`DESIGN.md`, policy 8): columns of
//! parts of another column's rows, handed to arrow's unchecked
//! constructors. The safe ones read every part's bytes again as UTF-8,
//! and arrow's builders, which skip that, ask at every row whether they
//! have room and whether the offset fits; for a component column either
//! cost a large share of finding the components.
//!
//! Each part is a `&str` cut from its row's `&str` by `str::get` (so
//! valid UTF-8 that starts and ends on character boundaries), and what
//! the skipped check would prove of the column follows from how it is
//! built, as each constructor's safety comment says. Debug builds and the
//! tests run the safe constructor over every column built here, and
//! `scripts/miri.sh` runs those tests under Miri.

#![allow(unsafe_code)]

mod copies;
mod views;

pub(crate) use copies::part_copies;
pub(crate) use views::part_views;
