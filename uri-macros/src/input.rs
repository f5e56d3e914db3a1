//! Reading the macro's input: the runtime crate's path, the grammar, and
//! the user's single string literal.

use proc_macro2::{Delimiter, Span, TokenStream, TokenTree};
use syn::parse::{ParseStream, Parser};
use syn::{Ident, Lit, LitStr, Token};

/// Which rule the literal must match.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Grammar {
    /// `URI`: `uri!`, giving a `Uri`.
    Uri,
    /// `URI-reference`: `uri_ref!`, giving a `UriRef`.
    UriRef,
}

impl Grammar {
    pub(crate) fn macro_name(self) -> &'static str {
        match self {
            Grammar::Uri => "uri",
            Grammar::UriRef => "uri_ref",
        }
    }
}

/// The wrapper's part of the invocation: `$crate ; uri|uri_ref ;`.
pub(crate) struct Header {
    /// The runtime crate, as the wrapper's `$crate` named it.
    pub(crate) krate: TokenStream,
    pub(crate) grammar: Grammar,
    /// The user's tokens.
    pub(crate) rest: TokenStream,
}

/// Reads the wrapper's header; an error here means the hidden macro was
/// called directly.
pub(crate) fn header(tokens: TokenStream) -> syn::Result<Header> {
    let parser = |stream: ParseStream<'_>| -> syn::Result<Header> {
        let krate = crate_path(stream)?;
        stream.parse::<Token![;]>()?;
        let mode: Ident = stream.parse()?;
        let grammar = match mode.to_string().as_str() {
            "uri" => Grammar::Uri,
            "uri_ref" => Grammar::UriRef,
            _ => return Err(syn::Error::new(mode.span(), "expected `uri` or `uri_ref`")),
        };
        stream.parse::<Token![;]>()?;
        Ok(Header {
            krate,
            grammar,
            rest: stream.parse()?,
        })
    };
    parser.parse2(tokens)
}

/// Reads the user's tokens: exactly one string literal, with an optional
/// trailing comma.
pub(crate) fn literal(tokens: TokenStream, grammar: Grammar) -> syn::Result<LitStr> {
    let parser = |stream: ParseStream<'_>| user_literal(stream, grammar);
    parser.parse2(tokens)
}

/// The tokens before the first `;`: `$crate` as the wrapper passed it.
fn crate_path(stream: ParseStream<'_>) -> syn::Result<TokenStream> {
    stream.step(|cursor| {
        let mut rest = *cursor;
        let mut path = TokenStream::new();
        while let Some((tree, next)) = rest.token_tree() {
            if matches!(&tree, TokenTree::Punct(p) if p.as_char() == ';') {
                return Ok((path, rest));
            }
            path.extend([tree]);
            rest = next;
        }
        Err(cursor.error("expected `;` after the crate path"))
    })
}

/// Exactly one string literal, with an optional trailing comma.
fn user_literal(stream: ParseStream<'_>, grammar: Grammar) -> syn::Result<LitStr> {
    let name = grammar.macro_name();
    let usage =
        format!("{name}! takes one string literal, as in {name}!(\"https://example.com/\")");
    let Ok(tree) = stream.parse::<TokenTree>() else {
        return Err(syn::Error::new(Span::call_site(), usage));
    };
    let literal = literal_of(&tree, &usage)?;
    if stream.peek(Token![,]) {
        stream.parse::<Token![,]>()?;
    }
    if !stream.is_empty() {
        let extra: TokenTree = stream.parse()?;
        return Err(syn::Error::new(
            extra.span(),
            format!("unexpected tokens after the literal: {usage}"),
        ));
    }
    Ok(literal)
}

fn literal_of(tree: &TokenTree, usage: &str) -> syn::Result<LitStr> {
    match tree {
        TokenTree::Literal(token) => match Lit::new(token.clone()) {
            Lit::Str(s) if s.suffix().is_empty() => Ok(s),
            Lit::Str(s) => Err(syn::Error::new(
                s.span(),
                format!("unexpected suffix `{}` on the string literal", s.suffix()),
            )),
            other => Err(syn::Error::new(
                token.span(),
                format!(
                    "expected a string literal, found {}: {usage}",
                    describe(&other)
                ),
            )),
        },
        // A literal forwarded by another `macro_rules!` as `$x:expr` or
        // `$x:literal` arrives wrapped in an invisible group.
        TokenTree::Group(group) if group.delimiter() == Delimiter::None => {
            let mut inner = group.stream().into_iter();
            match (inner.next(), inner.next()) {
                (Some(only), None) => literal_of(&only, usage),
                _ => Err(not_a_literal(tree.span(), usage)),
            }
        }
        _ => Err(not_a_literal(tree.span(), usage)),
    }
}

fn not_a_literal(span: Span, usage: &str) -> syn::Error {
    syn::Error::new(
        span,
        format!(
            "expected a string literal: {usage}; the text must be known while compiling \
             (macros such as `concat!` and `const` names are not expanded first)"
        ),
    )
}

fn describe(lit: &Lit) -> &'static str {
    match lit {
        Lit::ByteStr(_) => "a byte string literal",
        Lit::CStr(_) => "a C string literal",
        Lit::Byte(_) => "a byte literal",
        Lit::Char(_) => "a character literal",
        Lit::Int(_) => "an integer literal",
        Lit::Float(_) => "a float literal",
        Lit::Bool(_) => "a boolean literal",
        _ => "another kind of literal",
    }
}
