//! The runtime's source read with `syn`: each file as a module path and
//! its items, and the bodies `impl_each!` repeats for several types, so
//! that what a test counts is what the crate declares.

use std::path::{Path, PathBuf};

use proc_macro2::{TokenStream, TokenTree};
use syn::ItemImpl;

/// The `src` folder of the workspace's crate `package` (`uri-runtime`).
pub(crate) fn crate_src(package: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("../{package}/src"))
}

/// Every `.rs` file under `dir`, parsed, with its module path (`""` for
/// `lib.rs`, `a::b` for `a/b.rs` and `a/b/mod.rs`), sorted by path.
pub(crate) fn files(dir: &Path) -> Vec<(String, syn::File)> {
    let mut found = Vec::new();
    walk(dir, dir, &mut found);
    found.sort_by(|a, b| a.0.cmp(&b.0));
    found
}

fn walk(root: &Path, dir: &Path, found: &mut Vec<(String, syn::File)>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            walk(root, &path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).unwrap();
            let file = syn::parse_file(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            found.push((module_path(root, &path), file));
        }
    }
}

fn module_path(root: &Path, file: &Path) -> String {
    let relative = file.strip_prefix(root).unwrap().with_extension("");
    let mut parts: Vec<String> = relative
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
        parts.pop();
    }
    parts.join("::")
}

/// `impl_each! { [A<'a> { … }, B, …] { body } }`: the types' names, and
/// the body read as one `impl` block.
pub(crate) fn impl_each(tokens: &TokenStream) -> Option<(Vec<String>, ItemImpl)> {
    let groups: Vec<TokenTree> = tokens.clone().into_iter().collect();
    let (Some(TokenTree::Group(list)), Some(TokenTree::Group(body))) =
        (groups.first(), groups.get(1))
    else {
        return None;
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
    let block = syn::parse_str(&format!("impl X {{ {} }}", body.stream())).ok()?;
    Some((types, block))
}
