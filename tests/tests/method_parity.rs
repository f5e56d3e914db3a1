//! Every read-only method of a view (`Uri`, `UriRef`, `Iri`, `IriRef`) is
//! on its owned form too (`UriBuf`, …), so the type the docs say to store
//! never lacks what the view has. The method lists are read from the
//! runtime's source with `syn`, `impl_each!` bodies included, so a method
//! added to a view and forgotten on the owned form fails here.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use proc_macro2::{TokenStream, TokenTree};
use syn::{FnArg, ImplItem, Item, ItemImpl, ReceiverKind, Type, Visibility};

/// Type name to the names of its public `&self` methods.
type Methods = BTreeMap<String, BTreeSet<String>>;

fn type_name(ty: &Type) -> Option<String> {
    match ty {
        Type::Path(path) => path.path.segments.last().map(|s| s.ident.to_string()),
        _ => None,
    }
}

/// The public methods taking `&self` in an impl body, under `types`.
fn collect_body(types: &[String], items: &[ImplItem], methods: &mut Methods) {
    for item in items {
        let ImplItem::Fn(function) = item else {
            continue;
        };
        let public = matches!(function.vis, Visibility::Public(_));
        let by_ref = matches!(
            function.sig.inputs.first(),
            Some(FnArg::Receiver(receiver))
                if matches!(receiver.kind, ReceiverKind::Reference(_, _, None))
        );
        if public && by_ref {
            for ty in types {
                methods
                    .entry(ty.clone())
                    .or_default()
                    .insert(function.sig.ident.to_string());
            }
        }
    }
}

/// `impl_each! { [A<'a> { … }, B, …] { body } }`: the types, and the body
/// read as an `impl` block.
fn collect_impl_each(tokens: TokenStream, methods: &mut Methods) {
    let groups: Vec<TokenTree> = tokens.into_iter().collect();
    let (Some(TokenTree::Group(list)), Some(TokenTree::Group(body))) =
        (groups.first(), groups.get(1))
    else {
        return;
    };
    // A type is an identifier at the list's top level, not inside a
    // `{ … }` of named values nor a lifetime's `'a`.
    let mut types = Vec::new();
    let mut after_quote = false;
    for tree in list.stream() {
        match tree {
            TokenTree::Ident(ident) if !after_quote => types.push(ident.to_string()),
            TokenTree::Punct(punct) => {
                after_quote = punct.as_char() == '\'';
                continue;
            }
            _ => {}
        }
        after_quote = false;
    }
    let block: Result<ItemImpl, _> = syn::parse_str(&format!("impl X {{ {} }}", body.stream()));
    if let Ok(block) = block {
        collect_body(&types, &block.items, methods);
    }
}

fn collect_file(path: &Path, methods: &mut Methods) {
    let text = std::fs::read_to_string(path).unwrap();
    let file = syn::parse_file(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    collect_items(&file.items, methods);
}

fn collect_items(items: &[Item], methods: &mut Methods) {
    for item in items {
        match item {
            Item::Impl(block) if block.trait_.is_none() => {
                if let Some(name) = type_name(&block.self_ty) {
                    collect_body(&[name], &block.items, methods);
                }
            }
            Item::Macro(mac) if mac.mac.path.is_ident("impl_each") => {
                collect_impl_each(mac.mac.tokens.clone(), methods);
            }
            Item::Mod(module) => {
                if let Some((_, items)) = &module.content {
                    collect_items(items, methods);
                }
            }
            _ => {}
        }
    }
}

fn walk(dir: &Path, methods: &mut Methods) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            walk(&path, methods);
        } else if path.extension().is_some_and(|e| e == "rs") {
            collect_file(&path, methods);
        }
    }
}

#[test]
fn every_read_only_method_of_a_view_is_on_its_owned_form() {
    let mut methods = Methods::new();
    walk(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("../uri-runtime/src"),
        &mut methods,
    );
    let mut missing = Vec::new();
    for view in ["Uri", "UriRef", "Iri", "IriRef"] {
        let owned = format!("{view}Buf");
        let on_view = methods.get(view).cloned().unwrap_or_default();
        let on_owned = methods.get(&owned).cloned().unwrap_or_default();
        assert!(on_view.len() > 20, "{view}: {on_view:?}");
        // `to_owned` comes to every owned form through `Clone`.
        for method in on_view.difference(&on_owned).filter(|m| *m != "to_owned") {
            missing.push(format!("{owned}::{method}"));
        }
    }
    assert!(
        missing.is_empty(),
        "views have methods their owned forms lack: {missing:#?}"
    );
}
