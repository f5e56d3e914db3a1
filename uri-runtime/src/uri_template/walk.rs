//! Walking a checked template: its pieces, and each expression's
//! variables, as iterators over `uri_core::template`'s walkers.
//!
//! The text was checked when the template was made, so the walkers find
//! no error here; an iterator that stops at one, rather than panicking,
//! keeps the no-panic promise without a branch that is never taken.

use uri_core::template::{Expression, Piece, VarSpec, next_piece, next_varspec};

/// The pieces of a checked template, in order.
pub(super) fn pieces(template: &str) -> impl Iterator<Item = Piece> + '_ {
    let mut at = 0;
    core::iter::from_fn(move || {
        let (piece, next) = next_piece(template.as_bytes(), at).ok().flatten()?;
        at = next;
        Some(piece)
    })
}

/// The variables of one expression of a checked template, in order.
pub(super) fn specs(template: &str, expression: Expression) -> impl Iterator<Item = VarSpec> + '_ {
    let mut at = expression.vars;
    core::iter::from_fn(move || {
        if at >= expression.close {
            return None;
        }
        let (spec, next) = next_varspec(template.as_bytes(), at, expression.close).ok()?;
        at = next;
        Some(spec)
    })
}

/// Every variable of a checked template, in order.
pub(super) fn varspecs(template: &str) -> impl Iterator<Item = VarSpec> + '_ {
    pieces(template)
        .filter_map(|piece| match piece {
            Piece::Expression(expression) => Some(expression),
            Piece::Literal { .. } => None,
        })
        .flat_map(move |expression| specs(template, expression))
}

/// A variable's name.
#[inline]
pub(super) fn name(template: &str, spec: VarSpec) -> &str {
    &template[spec.start..spec.end]
}
