//! Phase 3: the code a checked literal expands into: a `const` value for
//! a plain literal, straight-line writer calls for a template
//! ([`holes`](crate::expand::holes)).
//!
//! This phase uses the input and check phases.

pub(crate) mod holes;

use proc_macro2::TokenStream;
use quote::quote;
use uri_core::Components;

use crate::input::{Grammar, Header};

/// The `const` `UriTemplate` of a checked RFC 6570 template literal.
pub(crate) fn uri_template(krate: &TokenStream, text: &str) -> TokenStream {
    quote! {
        const { #krate::__private::UriTemplate::__checked(#text) }
    }
}

/// The `const` value of a literal in canonical form, with the boundaries
/// the parser found.
pub(crate) fn constant(header: &Header, canonical: &str, parts: Components) -> TokenStream {
    let krate = &header.krate;
    let ty = match header.grammar {
        Grammar::Uri => quote!(Uri),
        Grammar::UriRef => quote!(UriRef),
        Grammar::Iri => quote!(Iri),
        Grammar::IriRef => quote!(IriRef),
    };
    let raw = raw_tokens(&parts);
    quote! {
        const { #krate::__private::#ty::__from_validated(#canonical, #raw) }
    }
}

/// `parts.to_raw()` as an array expression. The absent marker is written
/// `usize::MAX`, not as the host's digits: on a 32-bit target a 64-bit
/// literal is out of range, and only truncation (with the lint silenced in
/// macro output) would make it come out right.
pub(crate) fn raw_tokens(parts: &Components) -> TokenStream {
    let raw = parts.to_raw().map(|n| {
        if n == usize::MAX {
            quote!(::core::primitive::usize::MAX)
        } else {
            quote!(#n)
        }
    });
    quote!([#(#raw),*])
}

#[cfg(test)]
mod tests {
    use super::*;
    use uri_core::parse_uri_reference;

    #[test]
    fn absent_positions_do_not_depend_on_the_hosts_pointer_width() {
        let parts = parse_uri_reference("a").unwrap();
        let tokens = raw_tokens(&parts).to_string();
        assert!(tokens.contains("usize :: MAX"), "{tokens}");
        assert!(!tokens.contains(&usize::MAX.to_string()), "{tokens}");
    }
}
