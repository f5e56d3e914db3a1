//! What one input produced, for the layer that prints it (`inputs`) and
//! the one that reshapes it (`forms`).

use std::borrow::Cow;

/// What one input produced; printed text may borrow from the input, so a
/// line that needs no change (an encoded value already safe, a component)
/// is written without a copy.
pub(crate) enum Outcome<'a> {
    /// Lines for standard output.
    Print(Cow<'a, str>),
    /// Lines for standard output, already written into the line buffer
    /// that [`inputs::run_laid_out`](crate::inputs::run_laid_out) lends
    /// each input: `parse` builds its JSON object or its component lines
    /// there in place, without an allocation and a copy per input.
    Written,
    /// A success with nothing to print.
    Silent,
    /// A message for standard error; the input counts as failed.
    Failed(String),
    /// Printed where the result would be, and the input counts as failed:
    /// a JSON object that carries the error itself, so standard error
    /// gets nothing.
    Rejected(String),
}

impl Outcome<'_> {
    /// A failed input: its JSON object, printed in place of the result,
    /// when the output is JSON; otherwise its message for standard error.
    pub(crate) fn refused(
        json: bool,
        as_json: impl FnOnce() -> String,
        as_text: impl FnOnce() -> String,
    ) -> Outcome<'static> {
        if json {
            Outcome::Rejected(as_json())
        } else {
            Outcome::Failed(as_text())
        }
    }
}
