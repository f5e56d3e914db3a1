//! The engine's one `unsafe` code (`DESIGN.md`, policy 8): columns of
//! parts of another column's rows, handed to arrow without its check of
//! every part's bytes as UTF-8, which for a component column cost as much
//! as finding the components.
//!
//! Each part is a `&str` cut from its row's `&str` by `str::get` (so
//! valid UTF-8 that starts and ends on character boundaries), and what
//! the skipped check would prove of the column follows from how it is
//! built, as each constructor's safety comment says. Debug builds and the
//! tests run the safe constructor over every column built here.

#![allow(unsafe_code)]

mod copies;
mod views;

pub(crate) use copies::part_copies;
pub(crate) use views::part_views;
