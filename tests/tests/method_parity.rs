//! Every read-only method of a view (`Uri`, `UriRef`, `Iri`, `IriRef`) is
//! on its owned form too (`UriBuf`, …), so the type the docs say to store
//! never lacks what the view has. The method lists are read from the
//! runtime's source with `syn`, `impl_each!` bodies included, so a method
//! added to a view and forgotten on the owned form fails here.

mod source;

use std::collections::{BTreeMap, BTreeSet};

use syn::{FnArg, ImplItem, Item, ReceiverKind, Type, Visibility};

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

fn collect_items(items: &[Item], methods: &mut Methods) {
    for item in items {
        match item {
            Item::Impl(block) if block.trait_.is_none() => {
                if let Some(name) = type_name(&block.self_ty) {
                    collect_body(&[name], &block.items, methods);
                }
            }
            Item::Macro(mac) if mac.mac.path.is_ident("impl_each") => {
                if let Some((types, block)) = source::impl_each(&mac.mac.tokens) {
                    collect_body(&types, &block.items, methods);
                }
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

#[test]
fn every_read_only_method_of_a_view_is_on_its_owned_form() {
    let mut methods = Methods::new();
    for (_, file) in source::files(&source::crate_src("uri-runtime")) {
        collect_items(&file.items, &mut methods);
    }
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
