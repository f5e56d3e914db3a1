//! A template checked the long way, for the property test and the fuzz
//! target that hold `uri_core::template::check` to the same answers.

use uri_core::template::{Piece, TemplateError, next_piece, next_varspec};

/// `check` as the expansion walks a template: each piece found by
/// `next_piece`, each expression's variables by `next_varspec` up to the
/// `}` it found. `check` reads an expression's body once instead.
pub fn check_by_walking(text: &str) -> Result<(), TemplateError> {
    let bytes = text.as_bytes();
    let mut at = 0;
    while let Some((piece, next)) = next_piece(bytes, at)? {
        if let Piece::Expression(expression) = piece {
            let mut var = expression.vars;
            while var < expression.close {
                var = next_varspec(bytes, var, expression.close)?.1;
            }
        }
        at = next;
    }
    Ok(())
}
