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

use crate::check::problem::Problem;
use crate::expand;
use crate::input::Header;
use crate::input::source::{line_column, span_in, value_offsets};

/// One `compile_error!` per problem, each spanned on the literal (or on the
/// exact bytes where the compiler allows it).
pub(crate) fn to_compile_errors(
    literal: &LitStr,
    value: &str,
    problems: &[Problem],
) -> TokenStream {
    let source = literal.token().to_string();
    let offsets = value_offsets(literal, value);
    let start = literal.span().start();
    let mut all: Option<syn::Error> = None;
    for problem in problems {
        let mut message = problem.message.clone();
        let span = span_in(literal, value, problem.at, problem.len);
        if let Some(offsets) = &offsets {
            let from = offsets[problem.at.min(value.len())];
            if start.line > 0 {
                let (line, column) = line_column(&source, from, start.line, start.column);
                write!(message, " (line {line}, column {column})").ok();
            }
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
        let error = syn::Error::new(span, message);
        match &mut all {
            Some(all) => all.combine(error),
            None => all = Some(error),
        }
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
        expand::template::empty(header, empty)
    } else {
        expand::constant(header, "", empty)
    };
    quote! { { #errors #value } }
}
