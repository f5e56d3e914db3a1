//! Phase 4: compile errors that point at the offending bytes of a literal.
//!
//! Stable Rust cannot underline part of a literal, so each message carries
//! the byte offset, the line and column of the bad byte in the source file,
//! and a copy of the literal with carets under the culprit. The span is the
//! exact bytes where the compiler supports `Literal::subspan` (nightly), and
//! the whole literal elsewhere. This phase uses all the earlier ones.

use std::fmt::Write as _;

use proc_macro2::TokenStream;
use quote::quote;
use syn::LitStr;
use uri_core::parse_uri_reference;
use uri_core::render::Caret;

use crate::check::problem::{MAX_ERRORS, Problem};
use crate::expand;
use crate::input::Header;
use crate::input::source::Positions;

/// One `compile_error!` per problem, each spanned on the literal (or on the
/// exact bytes where the compiler allows it): the first [`MAX_ERRORS`] in
/// order, then one note counting the rest, so that no literal can bury
/// its author (or the compiler) in messages.
pub(crate) fn to_compile_errors(
    literal: &LitStr,
    value: &str,
    problems: &[Problem],
) -> TokenStream {
    let positions = Positions::of(literal, value);
    let mut all: Option<syn::Error> = None;
    let mut report = |error: syn::Error| match &mut all {
        Some(all) => all.combine(error),
        None => all = Some(error),
    };
    for problem in problems.iter().take(MAX_ERRORS) {
        let mut message = problem.message.clone();
        if let Some((line, column)) = positions.line_column(problem.at) {
            write!(message, " (line {line}, column {column})").ok();
        }
        for line in Caret::new(value, problem.at, problem.len)
            .to_string()
            .lines()
        {
            write!(message, "\n  {line}").ok();
        }
        if let Some(help) = &problem.help {
            write!(message, "\n  help: {help}").ok();
        }
        report(syn::Error::new(
            positions.span(problem.at, problem.len),
            message,
        ));
    }
    let more = problems.len().saturating_sub(MAX_ERRORS);
    if more > 0 {
        report(syn::Error::new(
            literal.span(),
            format!(
                "and {more} more problem{} in this literal, not shown",
                if more == 1 { "" } else { "s" }
            ),
        ));
    }
    all.map_or_else(TokenStream::new, |e| e.to_compile_error())
}

/// The errors, then a value of the type the macro would have produced, so
/// that the user sees only the errors and no follow-on type mismatch or
/// unreachable-code warning.
pub(crate) fn with_placeholder(
    header: &Header,
    is_template: bool,
    errors: &TokenStream,
) -> TokenStream {
    let Ok(empty) = parse_uri_reference("") else {
        return errors.clone();
    };
    let value = if is_template {
        expand::holes::empty(header, empty)
    } else {
        expand::constant(header, "", empty)
    };
    quote! { { #errors #value } }
}
