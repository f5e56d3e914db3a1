//! The procedural half of `uri_runtime::uri!` and `uri_runtime::uri_ref!`.
//!
//! Use the macros through `uri-runtime`, whose `macro_rules!` wrappers pass
//! their own crate path (`$crate`) as the first token, so the expansion
//! works under a renamed dependency or through a re-exporting crate. The
//! work runs in four phases, each a module that uses only the ones before
//! it: `input` reads the tokens (and knows where each byte of the literal
//! was written), `check` checks and pre-encodes the literal, `expand`
//! writes the value or the code that fills a template's holes, and `diag`
//! turns what went wrong into compile errors that point at the offending
//! bytes. This file only runs them in order.

// The phases, in the order they run.

/// 1: tokens in, the literal and its arguments out.
mod input;

/// 2: the literal checked and pre-encoded, or its problems.
mod check;

/// 3: the value, or the code that fills a template's holes.
mod expand;

/// 4: problems turned into compile errors.
mod diag;

use proc_macro2::TokenStream;

use check::problem::Problem;

/// `$crate ; uri|uri_ref ; "literal"` in, a `const` `Uri`/`UriRef` out;
/// with holes (`"…{name}…", name = value`), an owned `UriBuf`/`UriRefBuf`.
#[doc(hidden)]
#[proc_macro]
pub fn __uri_literal(tokens: proc_macro::TokenStream) -> proc_macro::TokenStream {
    expand_literal(tokens.into()).into()
}

/// `$crate ; "template"` in, a `const` RFC 6570 `UriTemplate` out.
#[doc(hidden)]
#[proc_macro]
pub fn __uri_template_literal(tokens: proc_macro::TokenStream) -> proc_macro::TokenStream {
    expand_template(tokens.into()).into()
}

/// The phases for an RFC 6570 template: read, check, expand or report.
/// A failure still yields a `UriTemplate` (of the empty template), so the
/// user sees only the error.
fn expand_template(tokens: TokenStream) -> TokenStream {
    let (krate, literal) = match input::template_invocation(tokens) {
        Ok(invocation) => invocation,
        Err(err) => return err.to_compile_error(),
    };
    let text = literal.value();
    match check::rfc6570::template(&text) {
        Ok(()) => expand::uri_template(&krate, &text),
        Err(problem) => {
            let errors = diag::to_compile_errors(&literal, &text, &[problem]);
            let empty = expand::uri_template(&krate, "");
            quote::quote! { { #errors #empty } }
        }
    }
}

/// The four phases, in order; every failure still yields a value of the
/// type the macro promises (see [`diag::with_placeholder`]).
fn expand_literal(tokens: TokenStream) -> TokenStream {
    let header = match input::header(tokens) {
        Ok(header) => header,
        Err(err) => return err.to_compile_error(),
    };
    let (literal, args) = match input::invocation(header.rest.clone(), header.grammar) {
        Ok(invocation) => invocation,
        Err(err) => return diag::with_placeholder(&header, false, &err.to_compile_error()),
    };
    let text = literal.value();
    let is_template = !args.is_empty() || check::holes::has_holes(&text);
    if is_template && header.grammar.is_iri() {
        let problem = Problem::iri_template(&text, header.grammar);
        let errors = diag::to_compile_errors(&literal, &text, &[problem]);
        return diag::with_placeholder(&header, false, &errors);
    }
    match check::canonicalize(&text, header.grammar) {
        Ok(canonical) if !is_template => {
            expand::constant(&header, &canonical.skeleton, canonical.parts)
        }
        Ok(canonical) => expand::holes::expand(&header, &literal, &args, &canonical)
            .unwrap_or_else(|errors| diag::with_placeholder(&header, true, &errors)),
        Err(problems) => {
            let errors = diag::to_compile_errors(&literal, &text, &problems);
            diag::with_placeholder(&header, is_template, &errors)
        }
    }
}

#[cfg(test)]
mod tests {
    use std::fmt::Write as _;
    use std::time::{Duration, Instant};

    use quote::quote;

    use super::expand_literal;

    /// Expands `uri!(literal)` as the wrapper calls it, returning the
    /// number of compile errors, how long it took, and the output's length.
    fn expand_uri(literal: &str) -> (usize, Duration, usize) {
        let tokens = quote!(::uri_runtime; uri; #literal);
        let started = Instant::now();
        let output = expand_literal(tokens).to_string();
        let took = started.elapsed();
        (output.matches("compile_error").count(), took, output.len())
    }

    /// Literals with 100,000 problems each, of every kind the check
    /// phase finds: all are counted, eight are drawn, and the work stays
    /// linear in the literal. Each takes 0.02 to 0.31 s in a debug build
    /// here; a quadratic step would take tens of minutes, so the bound
    /// fails only on such a regression, never on a slow machine.
    #[test]
    fn a_hundred_thousand_problems_are_capped_and_linear() {
        let n = 100_000;
        let holes_in_host = (0..n).fold(String::new(), |mut all, i| {
            write!(all, "{{h{i}}}").ok();
            all
        });
        let mut literals = vec![
            format!("http://a/{}", "{a".repeat(n)),
            format!("http://a/{}", "{1}".repeat(n)),
            format!("http://{holes_in_host}/"),
            format!("http://a/{}", "}a".repeat(n)),
            format!("http://a/{}", "%".repeat(n)),
        ];
        if cfg!(not(feature = "idna")) {
            literals.push(format!("http://{}a/", "é.".repeat(n)));
        }
        for literal in literals {
            let (errors, took, _) = expand_uri(&literal);
            let start: String = literal.chars().take(24).collect();
            assert_eq!(errors, 9, "{start}…");
            assert!(took < Duration::from_secs(5), "{start}…: {took:?}");
        }
    }

    /// One problem whose culprit is a megabyte long still makes a message
    /// of a few lines: the quote and the drawing are cut to a window.
    #[test]
    fn messages_stay_short_whatever_the_culprit() {
        let huge = "a-".repeat(500_000);
        let mut literals = vec![
            format!("http://a/{{{huge}}}"),
            format!("ht tp{huge}://a/"),
            format!("http://a/%{huge}"),
        ];
        if cfg!(feature = "idna") {
            literals.push(format!("http://{}.example/", "é".repeat(500_000)));
        }
        for literal in literals {
            let (errors, _, length) = expand_uri(&literal);
            let start: String = literal.chars().take(12).collect();
            assert_eq!(errors, 1, "{start}…");
            assert!(length < 4_000, "{start}…: {length} bytes");
        }
    }

    /// The most holes a template holds, each with its own argument: each
    /// value is evaluated in its hole's statement, so the output grows
    /// linearly and no borrow outlives its statement (the compiler's time
    /// on the expansion is in BENCHMARKS.md).
    #[test]
    fn the_most_holes_expand_to_one_statement_each() {
        let n = crate::check::holes::MAX_HOLES;
        let (mut literal, mut args) = (String::from("http://a"), Vec::new());
        for i in 0..n {
            write!(literal, "/{{h{i}}}").ok();
            let name = quote::format_ident!("h{i}");
            args.push(quote!(#name = #i));
        }
        let tokens = quote!(::uri_runtime; uri; #literal, #(#args),*);
        let started = Instant::now();
        let output = expand_literal(tokens).to_string();
        assert!(started.elapsed() < Duration::from_secs(5));
        assert!(!output.contains("compile_error"));
        assert_eq!(output.matches("match").count(), n);
        // About 400 bytes a hole: the write, where the hole is (for its
        // error) and the value's outcome (whether it can fail).
        assert!(output.len() < 450 * n, "{} bytes", output.len());
    }
}
