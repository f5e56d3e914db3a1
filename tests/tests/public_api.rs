//! The public API of `uri-runtime` and `uri-core`, listed from their
//! source into `tests/api/uri-runtime.txt` and `tests/api/uri-core.txt`: a change to a public item (a signature, a
//! variant, a field, a re-export) fails this test until the listing is
//! written again, so every change to what callers see shows up in review
//! as a change to that file.
//!
//! ```text
//! URI_BLESS_API=1 cargo test -p uri-tests --test public_api
//! ```
//!
//! The listing is by where each item is declared (its file's module), with
//! each `pub use` that gives it its public path; items behind
//! `#[doc(hidden)]` and test modules are left out. `impl_each!` bodies are
//! read for each of their types. What another `macro_rules!` writes is not
//! seen (the crate's own macros are listed by name).

mod source;

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::Path;

use quote::ToTokens;
use syn::{Attribute, Fields, ImplItem, Item, Visibility};

fn is_public(vis: &Visibility) -> bool {
    matches!(vis, Visibility::Public(_))
}

/// Whether `attrs` hide the item from the docs or keep it to tests.
fn left_out(attrs: &[Attribute]) -> bool {
    attrs.iter().any(|attr| {
        let text = attr.to_token_stream().to_string();
        text.contains("doc (hidden)") || text.contains("cfg (test)")
    })
}

/// Tokens as a line of Rust, without the spaces `to_string` puts between
/// every two tokens.
fn line(tokens: &impl ToTokens) -> String {
    let mut text = tokens.to_token_stream().to_string();
    for (from, to) in [
        (" :: ", "::"),
        (":: ", "::"),
        (" ::", "::"),
        (" ,", ","),
        (" ;", ";"),
        ("< ", "<"),
        (" <", "<"),
        (" >", ">"),
        ("& ", "&"),
        ("' ", "'"),
        (" (", "("),
        ("( ", "("),
        (" )", ")"),
        (" [", "["),
        ("[ ", "["),
        (" ]", "]"),
        (" :", ":"),
        ("# ", "#"),
        ("! ", "!"),
    ] {
        text = text.replace(from, to);
    }
    text.replace("->", " -> ").replace("  ", " ")
}

fn list_items(krate: &str, module: &str, items: &[Item], out: &mut String) {
    let path = |name: &dyn std::fmt::Display| {
        if module.is_empty() {
            format!("{krate}::{name}")
        } else {
            format!("{krate}::{module}::{name}")
        }
    };
    for item in items {
        match item {
            Item::Fn(f) if is_public(&f.vis) && !left_out(&f.attrs) => {
                let _ = writeln!(out, "fn {}: {}", path(&f.sig.ident), line(&f.sig));
            }
            Item::Const(c) if is_public(&c.vis) && !left_out(&c.attrs) => {
                let _ = writeln!(out, "const {}: {}", path(&c.ident), line(&c.ty));
            }
            Item::Static(s) if is_public(&s.vis) && !left_out(&s.attrs) => {
                let _ = writeln!(out, "static {}: {}", path(&s.ident), line(&s.ty));
            }
            Item::Type(t) if is_public(&t.vis) && !left_out(&t.attrs) => {
                let _ = writeln!(
                    out,
                    "type {}{} = {}",
                    path(&t.ident),
                    line(&t.generics),
                    line(&t.ty)
                );
            }
            Item::Trait(t) if is_public(&t.vis) && !left_out(&t.attrs) => {
                let _ = writeln!(out, "trait {}{}", path(&t.ident), line(&t.generics));
                for inner in &t.items {
                    if let syn::TraitItem::Fn(f) = inner {
                        let _ = writeln!(out, "    {}", line(&f.sig));
                    }
                }
            }
            Item::Struct(s) if is_public(&s.vis) && !left_out(&s.attrs) => {
                let _ = writeln!(out, "struct {}{}", path(&s.ident), line(&s.generics));
                list_fields(&s.fields, "    ", out);
            }
            Item::Enum(e) if is_public(&e.vis) && !left_out(&e.attrs) => {
                let non_exhaustive = e.attrs.iter().any(|a| a.path().is_ident("non_exhaustive"));
                let mark = if non_exhaustive {
                    " (non_exhaustive)"
                } else {
                    ""
                };
                let _ = writeln!(out, "enum {}{}{mark}", path(&e.ident), line(&e.generics));
                for variant in &e.variants {
                    let _ = writeln!(out, "    {}{}", variant.ident, line(&variant.fields));
                }
            }
            Item::Use(u) if is_public(&u.vis) && !left_out(&u.attrs) => {
                let _ = writeln!(out, "use in {}: {}", path(&"*"), line(&u.tree));
            }
            Item::Mod(m) if !left_out(&m.attrs) => {
                if is_public(&m.vis) {
                    let _ = writeln!(out, "mod {}", path(&m.ident));
                }
                if let Some((_, inner)) = &m.content {
                    let nested = if module.is_empty() {
                        m.ident.to_string()
                    } else {
                        format!("{module}::{}", m.ident)
                    };
                    list_items(krate, &nested, inner, out);
                }
            }
            Item::Impl(block) if !left_out(&block.attrs) => {
                let ty = line(&block.self_ty);
                match &block.trait_ {
                    Some((name, _)) => {
                        let _ = writeln!(out, "impl {} for {ty}", line(name));
                    }
                    None => list_methods(&[ty], &block.items, out),
                }
            }
            Item::Macro(m) if m.mac.path.is_ident("impl_each") => {
                if let Some((types, block)) = source::impl_each(&m.mac.tokens) {
                    list_methods(&types, &block.items, out);
                }
            }
            Item::Macro(m) if m.attrs.iter().any(|a| a.path().is_ident("macro_export")) => {
                if let Some(name) = &m.ident {
                    let _ = writeln!(out, "macro {name}!");
                }
            }
            _ => {}
        }
    }
}

fn list_fields(fields: &Fields, indent: &str, out: &mut String) {
    for field in fields.iter().filter(|f| is_public(&f.vis)) {
        let name = field
            .ident
            .as_ref()
            .map_or_else(|| "(tuple)".to_owned(), ToString::to_string);
        let _ = writeln!(out, "{indent}{name}: {}", line(&field.ty));
    }
}

fn list_methods(types: &[String], items: &[ImplItem], out: &mut String) {
    for item in items {
        match item {
            ImplItem::Fn(f) if is_public(&f.vis) && !left_out(&f.attrs) => {
                for ty in types {
                    let _ = writeln!(out, "impl {ty}: {}", line(&f.sig));
                }
            }
            ImplItem::Const(c) if is_public(&c.vis) && !left_out(&c.attrs) => {
                for ty in types {
                    let _ = writeln!(out, "impl {ty}: const {}: {}", c.ident, line(&c.ty));
                }
            }
            _ => {}
        }
    }
}

/// The listing of the crate `krate` (its name as code writes it) under
/// `src`, a line per item.
fn listing(krate: &str, src: &Path) -> String {
    let mut out = String::new();
    for (module, file) in source::files(src) {
        let mut items = String::new();
        list_items(krate, &module, &file.items, &mut items);
        if !items.is_empty() {
            let name = if module.is_empty() {
                "lib"
            } else {
                module.as_str()
            };
            let _ = writeln!(out, "\n# {name}\n{items}");
        }
    }
    out.trim_start().to_owned()
}

#[test]
fn the_public_api_is_the_listed_one() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for (package, krate) in [("uri-runtime", "uri_runtime"), ("uri-core", "uri_core")] {
        let listed = root.join(format!("api/{package}.txt"));
        let now = listing(krate, &source::crate_src(package));
        assert!(
            now.lines().count() > 150,
            "the listing reads {package}: {now}"
        );
        if std::env::var_os("URI_BLESS_API").is_some() {
            std::fs::write(&listed, &now).unwrap();
            continue;
        }
        let before = std::fs::read_to_string(&listed).unwrap_or_default();
        let old: BTreeSet<&str> = before.lines().collect();
        let new: BTreeSet<&str> = now.lines().collect();
        let gone: Vec<&&str> = old.difference(&new).collect();
        let added: Vec<&&str> = new.difference(&old).collect();
        assert!(
            before == now,
            "the public API of {package} changed; if on purpose, say so in CHANGELOG.md and \
             write the listing again with URI_BLESS_API=1 cargo test -p uri-tests --test \
             public_api\ngone: {gone:#?}\nadded: {added:#?}"
        );
    }
}

/// The names of the items of `items` (and of their `impl` blocks) behind
/// `#[doc(hidden)]`.
fn hidden_names(items: &[Item], found: &mut BTreeSet<String>) {
    let hidden = |attrs: &[Attribute]| {
        attrs
            .iter()
            .any(|attr| attr.to_token_stream().to_string().contains("doc (hidden)"))
    };
    for item in items {
        let named = match item {
            Item::Fn(f) => Some((&f.attrs, f.sig.ident.to_string())),
            Item::Struct(s) => Some((&s.attrs, s.ident.to_string())),
            Item::Enum(e) => Some((&e.attrs, e.ident.to_string())),
            Item::Const(c) => Some((&c.attrs, c.ident.to_string())),
            Item::Mod(m) => Some((&m.attrs, m.ident.to_string())),
            Item::Macro(m) => m.ident.as_ref().map(|ident| (&m.attrs, ident.to_string())),
            Item::Impl(block) => {
                for inner in &block.items {
                    match inner {
                        ImplItem::Fn(f) if hidden(&f.attrs) => {
                            found.insert(f.sig.ident.to_string());
                        }
                        ImplItem::Const(c) if hidden(&c.attrs) => {
                            found.insert(c.ident.to_string());
                        }
                        _ => {}
                    }
                }
                None
            }
            _ => None,
        };
        if let Some((attrs, name)) = named
            && hidden(attrs)
        {
            found.insert(name);
        }
        if let Item::Mod(m) = item
            && let Some((_, inner)) = &m.content
            && !left_out(&m.attrs)
        {
            hidden_names(inner, found);
        }
    }
}

/// Every item `uri-core` hides from its docs is named in the crate docs'
/// section "What is hidden, and why", which says who needs it and why it
/// is not public API; a new hidden item fails here until it is explained.
#[test]
fn every_hidden_item_of_the_core_is_explained() {
    let src = source::crate_src("uri-core");
    let mut hidden = BTreeSet::new();
    for (_, file) in source::files(&src) {
        hidden_names(&file.items, &mut hidden);
    }
    assert!(hidden.len() > 20, "{hidden:?}");
    let lib = std::fs::read_to_string(src.join("lib.rs")).unwrap();
    let section = lib
        .split("//! # What is hidden, and why")
        .nth(1)
        .expect("uri-core's docs have the section")
        .split("\n#")
        .next()
        .unwrap_or("");
    let unexplained: Vec<&String> = hidden
        .iter()
        .filter(|name| {
            !section.contains(&format!("`{name}`")) && !section.contains(&format!("`{name}!`"))
        })
        .collect();
    assert!(
        unexplained.is_empty(),
        "hidden in uri-core but not explained in its docs: {unexplained:?}"
    );
}
