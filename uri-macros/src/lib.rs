//! The procedural half of `uri_runtime::uri!` and `uri_runtime::uri_ref!`.
//!
//! Use the macros through `uri-runtime`, whose `macro_rules!` wrappers pass
//! their own crate path (`$crate`) as the first token, so the expansion
//! works under a renamed dependency or through a re-exporting crate. The
//! work is split by phase: `input` reads the tokens, `literal` checks
//! and pre-encodes the literal, `diag` turns failures into compile errors
//! that point at the offending bytes.

mod diag;
mod input;
mod literal;

use proc_macro::TokenStream;

/// `$crate ; uri|uri_ref ; "literal"` in, a `const` `Uri`/`UriRef` out.
#[doc(hidden)]
#[proc_macro]
pub fn __uri_literal(tokens: TokenStream) -> TokenStream {
    literal::expand(tokens.into()).into()
}
