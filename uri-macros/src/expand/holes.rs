//! `uri!` templates: holes (`{name}`, `{*name}`) in a literal, filled at
//! run time with values encoded for the component each hole sits in.
//!
//! The check phase has checked the fixed text with a stand-in in every
//! hole and said which component holds each one. This module matches holes
//! to arguments and emits straight-line calls on the runtime's
//! `TemplateWriter`: fixed text is pushed as it is, each value is encoded
//! as it is formatted, and the component boundaries come from where the
//! calls write, so the result is never parsed.

use std::collections::{HashMap, HashSet};
use std::ops::Range;

use proc_macro2::{Literal, Span, TokenStream};
use quote::{format_ident, quote};
use syn::ext::IdentExt as _;
use syn::{Ident, LitStr};
use uri_core::{Components, parse_uri_reference};

use crate::check::Canonical;
use crate::check::holes::HoleSpec;
use crate::expand::raw_tokens;
use crate::input::source::Positions;
use crate::input::{Grammar, Header, NamedArg};

/// The expansion of a template, or the argument errors.
pub(crate) fn expand(
    header: &Header,
    literal: &LitStr,
    args: &[NamedArg],
    canonical: &Canonical,
) -> Result<TokenStream, TokenStream> {
    let values = Values::match_up(literal, args, &canonical.holes)?;
    // The runtime's hidden module under one short name: a template with a
    // thousand holes names it several thousand times.
    let private_ident = Ident::new("__uri_private", Span::mixed_site());
    let private = &quote!(#private_ident);
    let writer = Ident::new("__uri_writer", Span::mixed_site());
    let head_end = canonical.parts.path().start;
    let head = canonical.skeleton.get(..head_end).unwrap_or("");
    let head_raw = parse_uri_reference(head)
        .map_err(|_| {
            syn::Error::new(
                literal.span(),
                "internal error: the template's head did not parse",
            )
            .to_compile_error()
        })
        .map(|parts| raw_tokens(&parts))?;
    let capacity = canonical.skeleton.len() + 16 * canonical.holes.len();
    let outcome = Ident::new("__uri_outcome", Span::mixed_site());
    let plan = Plan {
        private,
        writer: &writer,
        outcome: &outcome,
        values: &values,
        canonical,
    };
    let statements = plan.statements();
    let path = canonical.parts.path();
    let path_hole = canonical.holes.iter().any(|(at, _)| path.contains(at));
    let finish = finish(header.grammar);
    let template = literal.value();
    // The path holes' outcomes add up from `NoDotSegment`, and the sum
    // ends the template (see `finish`).
    let (outcome_start, end) = if path_hole {
        (
            quote!(let #outcome = #private::NoDotSegment;),
            quote!(#outcome.#finish(#writer)),
        )
    } else {
        (TokenStream::new(), quote!(#writer.#finish()))
    };
    let body = quote! {
        let mut #writer = #private::TemplateWriter::new(#template, #head, #head_raw, #capacity);
        #outcome_start
        #(#statements)*
        #end
    };
    let bound = values.bind(body);
    let runtime = &header.krate;
    Ok(quote! {
        {
            #[allow(unused_imports)]
            use #runtime::__private::{
                self as #private_ident, DisplayKind as _, DotFreeKind as _, TextKind as _, ValueKind as _,
            };
            #bound
        }
    })
}

/// How many values one `match` binds; see [`Values::bind`].
const BOUND_PER_MATCH: usize = 32;

/// A value of the type a template produces, for when it has errors.
pub(crate) fn empty(header: &Header, parts: Components) -> TokenStream {
    let krate = &header.krate;
    let raw = raw_tokens(&parts);
    let finish = finish(header.grammar);
    quote! { #krate::__private::TemplateWriter::new("", "", #raw, 0).#finish() }
}

/// The method that ends a template: `UriBuf` for `uri!`, `UriRefBuf` for
/// `uri_ref!` (IRI literals take no holes).
///
/// A template whose path has a hole ends through the outcome its path
/// holes add up to, chosen by their values' types: a value that is text
/// may come out as the segment `.` or `..`, which no spelling keeps as
/// data, so such a template gives a `Result` with a `HoleError`; numbers
/// and the like (`DotFree`) cannot, and a template whose path holes take
/// only those gives the value itself, as does one without path holes.
///
/// Rejected: a `Result` for every template with holes, which would make
/// `/users/{id}?page={n}` with numbers handle an error that cannot
/// happen; and a `Result` for every path hole whatever its type (the rule
/// before), for the same reason.
fn finish(grammar: Grammar) -> TokenStream {
    if grammar.requires_scheme() {
        quote!(into_uri)
    } else {
        quote!(into_uri_ref)
    }
}

/// Each distinct hole name bound once to its value: an argument, or a
/// variable captured from the caller's scope as `format!` does.
struct Values {
    exprs: Vec<TokenStream>,
    bindings: Vec<Ident>,
    /// Where each name is in the two lists above.
    index: HashMap<String, usize>,
    /// Whether every value fills exactly one hole, so that each can be
    /// evaluated where its hole is written (see [`Values::bind`]).
    each_once: bool,
}

impl Values {
    fn match_up(
        literal: &LitStr,
        args: &[NamedArg],
        holes: &[(usize, HoleSpec)],
    ) -> Result<Values, TokenStream> {
        let text = literal.value();
        let positions = Positions::of(literal, &text);
        let mut errors: Option<syn::Error> = None;
        let mut report = |error: syn::Error| match &mut errors {
            Some(all) => all.combine(error),
            None => errors = Some(error),
        };
        let hole_names: HashSet<&str> = holes.iter().map(|(_, h)| h.name.as_str()).collect();
        let mut seen = HashSet::new();
        let mut by_name: HashMap<String, &NamedArg> = HashMap::new();
        for arg in args {
            // `r#x = …` names the hole `{x}`, as in `format!`.
            let name = arg.name.unraw().to_string();
            if !seen.insert(name.clone()) {
                report(syn::Error::new(
                    arg.name.span(),
                    format!("duplicate argument `{name}`"),
                ));
            } else if !hole_names.contains(name.as_str()) {
                report(syn::Error::new(
                    arg.name.span(),
                    format!(
                        "argument `{name}` is never used: the template has no hole \"{{{name}}}\""
                    ),
                ));
            } else {
                by_name.insert(name, arg);
            }
        }
        if let Some(errors) = errors {
            return Err(errors.to_compile_error());
        }
        let mut values = Values {
            exprs: Vec::new(),
            bindings: Vec::new(),
            index: HashMap::new(),
            each_once: hole_names.len() == holes.len(),
        };
        for (_, hole) in holes {
            if values.index.contains_key(&hole.name) {
                continue;
            }
            let (expr, span) = if let Some(arg) = by_name.get(&hole.name) {
                (arg.value.clone(), arg.value_span())
            } else {
                // The name as written, so that an unknown one is reported
                // where the compiler can point.
                let name_at = hole.at + 1 + usize::from(hole.keeps_delimiters);
                let span = positions.span(name_at, hole.name.len());
                let captured = Ident::new(&hole.name, span);
                (quote!(#captured), span)
            };
            let mut binding = format_ident!("__uri_arg_{}", values.exprs.len());
            binding.set_span(Span::mixed_site().located_at(span));
            values.index.insert(hole.name.clone(), values.exprs.len());
            values.exprs.push(expr);
            values.bindings.push(binding);
        }
        Ok(values)
    }

    /// `body` inside `match`es that evaluate every value once, in order of
    /// first use, and borrow it, as `format!` does: temporaries in a value
    /// live until the end, and a value that is not a place is not moved.
    /// One `match` per [`BOUND_PER_MATCH`] values, nested, rather than one
    /// over a tuple of them all, which the compiler handles in time
    /// superlinear in its length.
    ///
    /// When every value fills one hole, nothing is bound here: each is
    /// evaluated in its hole's own statement ([`Values::fill`]), in the
    /// same order, and its borrow ends there. Thousands of borrows alive
    /// across the whole body are what made the borrow checker's time grow
    /// with the square of the holes.
    fn bind(&self, body: TokenStream) -> TokenStream {
        if self.each_once {
            return body;
        }
        let exprs = self.exprs.chunks(BOUND_PER_MATCH);
        let bindings = self.bindings.chunks(BOUND_PER_MATCH);
        exprs
            .zip(bindings)
            .rev()
            .fold(body, |inner, (exprs, bindings)| {
                quote! {
                    match (#(&(#exprs),)*) {
                        (#(#bindings,)*) => { #inner }
                    }
                }
            })
    }

    /// The statement writing the value of `name` through `open` (the
    /// writer call that opens its hole). For a path hole, `outcome` is
    /// the variable holding the path holes' outcome so far, which the
    /// statement adds this value's to: `checked` when the hole's segment
    /// could be a dot segment whatever the value's type, else the one its
    /// type picks.
    fn fill(
        &self,
        private: &TokenStream,
        name: &str,
        open: &TokenStream,
        outcome: Option<(&Ident, bool)>,
    ) -> TokenStream {
        let Some(&index) = self.index.get(name) else {
            return TokenStream::new();
        };
        let (Some(binding), Some(expr)) = (self.bindings.get(index), self.exprs.get(index)) else {
            return TokenStream::new();
        };
        let write = quote! {
            (&#private::Arg(#binding)).__template_tag().write(#binding, #open);
        };
        let Some((outcome, checked)) = outcome else {
            return if self.each_once {
                quote! { match &(#expr) { #binding => { #write } } }
            } else {
                write
            };
        };
        let this = if checked {
            quote!(#private::MaybeDotSegment)
        } else {
            quote!((&#private::Arg(#binding)).__segment_outcome())
        };
        if self.each_once {
            quote! {
                let #outcome = #outcome.and(match &(#expr) { #binding => { #write #this } });
            }
        } else {
            quote! { #write let #outcome = #outcome.and(#this); }
        }
    }
}

/// A run of fixed text or one hole, in order.
enum Chunk<'a> {
    Fixed(&'a str),
    Hole(&'a HoleSpec),
}

/// How a hole's writing is opened.
#[derive(Clone, Copy)]
enum Place<'a> {
    /// Inside a segment, a parameter or the fragment.
    Inside,
    /// As a whole query parameter, each item written after this key.
    Parameter(&'a str),
}

/// Everything needed to write the calls for one template.
struct Plan<'a> {
    /// The path of the runtime's hidden module in the expansion.
    private: &'a TokenStream,
    writer: &'a Ident,
    /// The outcome of the path holes written so far (see [`finish`]).
    outcome: &'a Ident,
    values: &'a Values,
    canonical: &'a Canonical,
}

impl Plan<'_> {
    fn statements(&self) -> Vec<TokenStream> {
        let parts = &self.canonical.parts;
        let writer = self.writer;
        let mut out = Vec::new();
        let path = parts.path();
        let path_chunks = self.chunks(path.clone());
        let starts_with_segment_hole = parts.authority().is_none()
            && matches!(path_chunks.first(), Some(Chunk::Hole(h)) if !h.keeps_delimiters);
        for chunk in path_chunks {
            out.push(match chunk {
                Chunk::Fixed(text) => quote!(#writer.path_text(#text);),
                Chunk::Hole(hole) => self.path_fill(hole),
            });
        }
        out.push(quote!(#writer.end_path(#starts_with_segment_hole);));
        if let Some(query) = parts.query() {
            for piece in self.pieces(query) {
                out.extend(self.parameter(piece));
            }
        }
        if let Some(fragment) = parts.fragment() {
            out.push(quote!(#writer.fragment_start();));
            for chunk in self.chunks(fragment) {
                out.push(match chunk {
                    Chunk::Fixed(text) => quote!(#writer.text(#text);),
                    Chunk::Hole(hole) => self.fill(hole, Place::Inside, "Fragment"),
                });
            }
        }
        out
    }

    /// The query's parameters: the ranges between its `&`s.
    fn pieces(&self, query: Range<usize>) -> Vec<Range<usize>> {
        let text = self.canonical.skeleton.get(query.clone()).unwrap_or("");
        let mut start = query.start;
        let mut pieces = Vec::new();
        for part in text.split('&') {
            pieces.push(start..start + part.len());
            start += part.len() + 1;
        }
        pieces
    }

    /// One query parameter. A parameter that is one hole, or `key=` and a
    /// hole, is written by the hole, which repeats or drops it; any other
    /// is started here and filled chunk by chunk.
    fn parameter(&self, piece: Range<usize>) -> Vec<TokenStream> {
        let writer = self.writer;
        let chunks = self.chunks(piece);
        if let [Chunk::Hole(hole)] | [Chunk::Fixed(_), Chunk::Hole(hole)] = chunks.as_slice() {
            let key = match chunks.first() {
                Some(Chunk::Fixed(key)) => *key,
                _ => "",
            };
            if key.is_empty() || (key.ends_with('=') && key.matches('=').count() == 1) {
                let kind = match (hole.keeps_delimiters, key.is_empty()) {
                    (true, _) => "Query",
                    (false, true) => "QueryKey",
                    (false, false) => "QueryValue",
                };
                return vec![self.fill(hole, Place::Parameter(key), kind)];
            }
        }
        let mut out = vec![quote!(#writer.parameter_start();)];
        let mut after_equals = false;
        for chunk in chunks {
            out.push(match chunk {
                Chunk::Fixed(text) => {
                    after_equals |= text.contains('=');
                    quote!(#writer.text(#text);)
                }
                Chunk::Hole(hole) => {
                    let kind = match (hole.keeps_delimiters, after_equals) {
                        (true, _) => "Query",
                        (false, false) => "QueryKey",
                        (false, true) => "QueryValue",
                    };
                    self.fill(hole, Place::Inside, kind)
                }
            });
        }
        out
    }

    /// The call that writes one hole's value outside the path.
    fn fill(&self, hole: &HoleSpec, place: Place<'_>, kind: &str) -> TokenStream {
        let (private, writer) = (self.private, self.writer);
        let kind = Ident::new(kind, Span::call_site());
        let open = match place {
            Place::Inside => quote!(#writer.hole(#private::HoleKind::#kind)),
            Place::Parameter(key) => {
                quote!(#writer.parameter(#key, #private::HoleKind::#kind))
            }
        };
        self.values.fill(private, &hole.name, &open, None)
    }

    /// The call that writes a path hole's value, telling the writer where
    /// the hole is in the template so that its error can say so.
    fn path_fill(&self, hole: &HoleSpec) -> TokenStream {
        let (private, writer) = (self.private, self.writer);
        let kind = Ident::new(
            if hole.keeps_delimiters {
                "Path"
            } else {
                "PathSegment"
            },
            Span::call_site(),
        );
        let (at, len) = (
            Literal::usize_unsuffixed(hole.at),
            Literal::usize_unsuffixed(hole.len),
        );
        let name = &hole.name;
        let open = quote! {
            #writer.path_hole(
                #private::HoleKind::#kind,
                #private::HoleSite::new(#name, #at, #len),
            )
        };
        let checked = self.segment_is_dots_around(hole);
        self.values
            .fill(private, &hole.name, &open, Some((self.outcome, checked)))
    }

    /// Whether the fixed text of the hole's segment is dots only, as in
    /// `/.{v}`: then a value that writes nothing (an empty `Vec`, a
    /// `None`) leaves a dot segment, whatever its type.
    fn segment_is_dots_around(&self, hole: &HoleSpec) -> bool {
        let skeleton = &self.canonical.skeleton;
        let Some(&(x, _)) = self.canonical.holes.iter().find(|(_, h)| h.at == hole.at) else {
            return true;
        };
        let path = self.canonical.parts.path();
        let before = skeleton.get(path.start..x).unwrap_or("");
        let after = skeleton.get(x + 1..path.end).unwrap_or("");
        let start = before
            .rfind('/')
            .map_or(path.start, |slash| path.start + slash + 1);
        let end = x + 1 + after.find('/').unwrap_or(after.len());
        let holes = &self.canonical.holes;
        let fixed: String = (start..end)
            .filter(|at| holes.binary_search_by_key(at, |(x, _)| *x).is_err())
            .filter_map(|at| skeleton.as_bytes().get(at).map(|&b| char::from(b)))
            .collect();
        !fixed.is_empty()
            && fixed
                .replace("%2E", ".")
                .replace("%2e", ".")
                .bytes()
                .all(|b| b == b'.')
    }

    /// The fixed runs and holes of `range` of the skeleton, in order; each
    /// hole is one `x` there.
    fn chunks(&self, range: Range<usize>) -> Vec<Chunk<'_>> {
        let skeleton = &self.canonical.skeleton;
        let mut chunks = Vec::new();
        let mut from = range.start;
        // The holes are in order: start at the first in the range, stop
        // after the last, instead of walking all of them for every range.
        let holes = &self.canonical.holes;
        let first = holes.partition_point(|(at, _)| *at < range.start);
        for (at, hole) in holes.get(first..).unwrap_or_default() {
            if *at >= range.end {
                break;
            }
            if *at > from {
                chunks.push(Chunk::Fixed(skeleton.get(from..*at).unwrap_or("")));
            }
            chunks.push(Chunk::Hole(hole));
            from = at + 1;
        }
        if range.end > from {
            chunks.push(Chunk::Fixed(skeleton.get(from..range.end).unwrap_or("")));
        }
        chunks
    }
}
