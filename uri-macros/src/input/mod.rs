//! Phase 1: reading the macro's input: the runtime crate's path, the
//! grammar, the user's string literal and a template's `name = value`
//! arguments; and ([`source`](crate::input::source)) where each byte of the literal's value was
//! written. This phase uses no other.
//!
//! A value is the tokens up to the next comma outside brackets, not a
//! parsed expression: that keeps syn's `full` feature, and its build
//! cost, out of every user's build. A value with a comma at the top level
//! (a turbofish with two types, a closure with two parameters) goes in
//! parentheses.

pub(crate) mod source;

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
    /// RFC 3987 `IRI`: `iri!`, giving an `Iri`.
    Iri,
    /// RFC 3987 `IRI-reference`: `iri_ref!`, giving an `IriRef`.
    IriRef,
}

impl Grammar {
    pub(crate) fn macro_name(self) -> &'static str {
        match self {
            Grammar::Uri => "uri",
            Grammar::UriRef => "uri_ref",
            Grammar::Iri => "iri",
            Grammar::IriRef => "iri_ref",
        }
    }

    /// Whether the rule starts with a scheme.
    pub(crate) fn requires_scheme(self) -> bool {
        matches!(self, Grammar::Uri | Grammar::Iri)
    }

    /// Whether non-ASCII characters stay as they are (RFC 3987).
    pub(crate) fn is_iri(self) -> bool {
        matches!(self, Grammar::Iri | Grammar::IriRef)
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
            "iri" => Grammar::Iri,
            "iri_ref" => Grammar::IriRef,
            _ => {
                return Err(syn::Error::new(
                    mode.span(),
                    "expected `uri`, `uri_ref`, `iri` or `iri_ref`",
                ));
            }
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

/// `$crate ; "template"`, as the `uri_template!` wrapper passes it: the
/// runtime crate's path and the one string literal, with an optional
/// trailing comma.
pub(crate) fn template_invocation(tokens: TokenStream) -> syn::Result<(TokenStream, LitStr)> {
    let parser = |stream: ParseStream<'_>| {
        let krate = crate_path(stream)?;
        stream.parse::<Token![;]>()?;
        let usage = "uri_template! takes one string literal, as in uri_template!(\"/users/{id}{?fields*}\")";
        let Ok(tree) = stream.parse::<TokenTree>() else {
            return Err(syn::Error::new(Span::call_site(), usage));
        };
        let literal = literal_of(&tree, usage)?;
        if !stream.is_empty() {
            stream.parse::<Token![,]>()?;
        }
        if !stream.is_empty() {
            return Err(stream.error(format!("unexpected tokens after the literal: {usage}")));
        }
        Ok((krate, literal))
    };
    parser.parse2(tokens)
}

/// One `name = value` argument of a template.
pub(crate) struct NamedArg {
    pub(crate) name: Ident,
    /// The value's tokens, up to the next comma outside any brackets.
    pub(crate) value: TokenStream,
}

impl NamedArg {
    /// Where the value starts, for errors about its type.
    pub(crate) fn value_span(&self) -> Span {
        self.value
            .clone()
            .into_iter()
            .next()
            .map_or_else(|| self.name.span(), |first| first.span())
    }
}

/// Reads the user's tokens: one string literal, then any `name = value`
/// arguments, with an optional trailing comma.
pub(crate) fn invocation(
    tokens: TokenStream,
    grammar: Grammar,
) -> syn::Result<(LitStr, Vec<NamedArg>)> {
    let parser = |stream: ParseStream<'_>| {
        let literal = user_literal(stream, grammar)?;
        let mut args = Vec::new();
        while !stream.is_empty() {
            args.push(named_arg(stream, grammar)?);
        }
        Ok((literal, args))
    };
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

/// The string literal, and the comma after it if there is one.
fn user_literal(stream: ParseStream<'_>, grammar: Grammar) -> syn::Result<LitStr> {
    let name = grammar.macro_name();
    let usage =
        format!("{name}! takes one string literal, as in {name}!(\"https://example.com/\")");
    let Ok(tree) = stream.parse::<TokenTree>() else {
        return Err(syn::Error::new(Span::call_site(), usage));
    };
    let literal = literal_of(&tree, &usage)?;
    if !stream.is_empty() {
        stream.parse::<Token![,]>().map_err(|err| {
            syn::Error::new(
                err.span(),
                format!("expected `,` after the literal: {usage}"),
            )
        })?;
    }
    Ok(literal)
}

/// `name = value`, and the comma after it if there is one.
fn named_arg(stream: ParseStream<'_>, grammar: Grammar) -> syn::Result<NamedArg> {
    let usage = format!(
        "template arguments are named, as in {}!(\"/users/{{id}}\", id = 42)",
        grammar.macro_name()
    );
    let name: Ident = stream
        .parse()
        .map_err(|err| syn::Error::new(err.span(), format!("expected `name = value`: {usage}")))?;
    stream.parse::<Token![=]>().map_err(|err| {
        syn::Error::new(err.span(), format!("expected `=` after `{name}`: {usage}"))
    })?;
    let value = stream.step(|cursor| {
        let mut rest = *cursor;
        let mut value = TokenStream::new();
        while let Some((tree, next)) = rest.token_tree() {
            if matches!(&tree, TokenTree::Punct(p) if p.as_char() == ',') {
                break;
            }
            value.extend([tree]);
            rest = next;
        }
        Ok((value, rest))
    })?;
    if value.is_empty() {
        return Err(syn::Error::new(
            name.span(),
            format!("`{name} =` has no value: {usage}"),
        ));
    }
    if !stream.is_empty() {
        stream.parse::<Token![,]>()?;
    }
    Ok(NamedArg { name, value })
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
