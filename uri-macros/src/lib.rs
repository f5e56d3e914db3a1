//! The procedural half of `uri_runtime::uri!` and `uri_runtime::uri_ref!`.
//!
//! Use the macros through `uri-runtime`, whose `macro_rules!` wrappers pass
//! their own crate path (`$crate`) as the first token, so the expansion
//! works under a renamed dependency or through a re-exporting crate. The
//! work is split by phase: `input` reads the tokens, `literal` checks
//! and pre-encodes the literal, `template` matches holes to values and
//! writes the code that fills them, `diag` turns failures into compile
//! errors that point at the offending bytes.

mod diag;
mod input;
mod literal;
mod template;

use proc_macro::TokenStream;

/// `$crate ; uri|uri_ref ; "literal"` in, a `const` `Uri`/`UriRef` out;
/// with holes (`"…{name}…", name = value`), an owned `UriBuf`/`UriRefBuf`.
#[doc(hidden)]
#[proc_macro]
pub fn __uri_literal(tokens: TokenStream) -> TokenStream {
    literal::expand(tokens.into()).into()
}
