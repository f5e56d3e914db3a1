//! The runtime's layers import downward only: every `crate::` path in a
//! layer's files names a layer listed before it on the `// layers:` line
//! of `uri-runtime/src/lib.rs` (or the layer itself), never one after it
//! and never the crate root's re-exports, which would hide an upward
//! import behind a short name.

use std::path::{Path, PathBuf};

fn source() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../uri-runtime/src")
}

/// The layers, bottom up, as `lib.rs` states them.
fn layers() -> Vec<String> {
    let lib = std::fs::read_to_string(source().join("lib.rs")).unwrap();
    let line = lib
        .lines()
        .find_map(|line| line.trim().strip_prefix("// layers:"))
        .expect("lib.rs states the layer order on a `// layers:` line");
    line.split(',').map(|name| name.trim().to_owned()).collect()
}

/// The files of one layer: its folder, or its one file.
fn files(layer: &str) -> Vec<PathBuf> {
    let dir = source().join(layer);
    if !dir.is_dir() {
        return vec![source().join(format!("{layer}.rs"))];
    }
    let mut found = Vec::new();
    let mut stack = vec![dir];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                found.push(path);
            }
        }
    }
    found
}

/// The first segment after each `crate::` in code (comments left out),
/// with `use crate::{a, b::c}` groups opened.
fn crate_paths(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for line in text.lines() {
        let code = line.split("//").next().unwrap_or("");
        let mut rest = code;
        while let Some(at) = rest.find("crate::") {
            rest = &rest[at + "crate::".len()..];
            if let Some(group) = rest.strip_prefix('{') {
                let inside = group.split('}').next().unwrap_or("");
                found.extend(
                    inside
                        .split(',')
                        .map(|p| p.trim().split("::").next().unwrap_or("").to_owned()),
                );
            } else {
                let name: String = rest
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                found.push(name);
            }
        }
    }
    found.retain(|name| !name.is_empty());
    found
}

#[test]
fn every_import_runs_down_the_layers() {
    let layers = layers();
    let top: Vec<String> = std::fs::read_dir(source())
        .unwrap()
        .filter_map(|e| {
            let path = e.ok()?.path();
            let name = path.file_stem()?.to_str()?.to_owned();
            (path.is_dir() || (name != "lib" && name != "impl_each")).then_some(name)
        })
        .collect();
    for module in &top {
        assert!(
            layers.contains(module),
            "`{module}` is on no layer of lib.rs"
        );
    }
    let mut upward = Vec::new();
    for (level, layer) in layers.iter().enumerate() {
        for file in files(layer) {
            let text = std::fs::read_to_string(&file).unwrap();
            for name in crate_paths(&text) {
                let allowed = name == "__private"
                    || layers
                        .get(..=level)
                        .is_some_and(|below| below.contains(&name));
                if !allowed {
                    upward.push(format!("{} uses crate::{name}", file.display()));
                }
            }
        }
    }
    assert!(
        upward.is_empty(),
        "imports that run up the layers: {upward:#?}"
    );
}

#[test]
fn the_path_reader_sees_groups_and_skips_comments() {
    let text =
        "use crate::{value::uri::Uri, pct};\n// crate::policy\nlet x = crate::write::dots::f();";
    assert_eq!(crate_paths(text), ["value", "pct", "write"]);
}

/// The README's table of the runtime's folders names every layer of the
/// `// layers:` line, in that order, and no folder that is not one: the
/// architecture a reader meets first is the one the code has.
#[test]
fn the_readme_lists_the_layers_in_their_order() {
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../README.md"))
            .unwrap();
    let listed: Vec<String> = readme
        .lines()
        .filter_map(|line| line.strip_prefix("| `")?.split_once("/` |"))
        .map(|(folder, _)| folder.to_owned())
        .collect();
    assert_eq!(
        listed,
        layers(),
        "README.md's folder table against lib.rs's layer line"
    );
    for layer in &listed {
        assert!(
            source().join(layer).is_dir(),
            "README names {layer}/, which is no folder"
        );
    }
}

/// The build's choice of vector kernels is written in one place: no file
/// of the runtime names a target architecture or feature outside
/// `bytes/mod.rs` (the `vector_kernels!` condition), `bytes/raw/mod.rs`
/// (which folder is `arch`) and the architectures' own folders, so that a
/// new one is its folder and those two lines (the recipe in `raw`'s docs).
#[test]
fn the_instruction_set_choice_is_written_once() {
    let bytes = source().join("bytes");
    let allowed = [bytes.join("mod.rs"), bytes.join("raw/mod.rs")];
    let arch_folders = [bytes.join("raw/x86_64")];
    let mut stray = Vec::new();
    for layer in layers() {
        for file in files(&layer) {
            if allowed.contains(&file) || arch_folders.iter().any(|dir| file.starts_with(dir)) {
                continue;
            }
            let text = std::fs::read_to_string(&file).unwrap();
            for (number, line) in text.lines().enumerate() {
                let code = line.split("//").next().unwrap_or("");
                if code.contains("target_arch") || code.contains("target_feature") {
                    stray.push(format!(
                        "{}:{}: {}",
                        file.display(),
                        number + 1,
                        line.trim()
                    ));
                }
            }
        }
    }
    assert!(
        stray.is_empty(),
        "instruction-set choices outside the one place:\n{}",
        stray.join("\n")
    );
}

/// The files of the runtime whose code calls a parser, each with the text
/// it reads. A writer records its boundaries as it writes (the
/// `Composer` of `write/compose.rs`), so a parse of what it wrote would be
/// a second reading that could disagree with the first; a new parser call
/// fails here until it is listed with what it reads, which review can
/// weigh.
const PARSER_CALLS: &[(&str, &str)] = &[
    (
        "bytes/raw/dispatch.rs",
        "a text, with the const parser: against the vector ones (the agreement checks), and an entry point's text where no row of kernels this CPU runs has a parser",
    ),
    (
        "bytes/raw/x86_64/masks.rs",
        "the text handed to a vector kernel: the grammar over one block or over chained blocks, by its length",
    ),
    (
        "interop/http.rs",
        "an `http::Uri`'s text; a reference again, for the grammar's MissingScheme error",
    ),
    ("interop/serde.rs", "the deserialized text"),
    (
        "interop/url.rs",
        "a `url::Url`'s text, and ours handed to `url`",
    ),
    ("ops/lenient/mod.rs", "the caller's text, strictly first"),
    ("ops/resolve.rs", "the caller's reference text"),
    ("policy/admit.rs", "the caller's text"),
    ("policy/check.rs", "the caller's text, for what it hides"),
    (
        "uri_template/mod.rs",
        "a template's text (RFC 6570's grammar)",
    ),
    (
        "value/buf.rs",
        "the entry points: `FromStr` and `TryFrom` of text",
    ),
    (
        "value/iri.rs",
        "the entry points; a reference again, for its MissingScheme error",
    ),
    (
        "value/owned_methods.rs",
        "the entry points of the owned types",
    ),
    (
        "value/parse.rs",
        "the entry points' dispatch to the parsers",
    ),
    (
        "value/uri.rs",
        "the entry points; a reference again, for its MissingScheme error",
    ),
    (
        "write/compose.rs",
        "what the writer wrote, in debug builds only: the check of its boundaries",
    ),
];

/// Whether a line of code calls one of the parsers (doc examples, which
/// parse the reader's text, are left out).
fn calls_a_parser(code: &str) -> bool {
    const CALLS: [&str; 8] = [
        "::parse(",
        "::parse_with(",
        "parse::uri",
        "parse::iri",
        "parse_uri",
        "parse_iri",
        "parse!()",
        "parse_with!()",
    ];
    !code.contains("example =") && CALLS.iter().any(|call| code.contains(call))
}

#[test]
fn no_writer_parses_what_it_wrote() {
    let mut found = std::collections::BTreeSet::new();
    for layer in layers() {
        for file in files(&layer) {
            let text = std::fs::read_to_string(&file).unwrap();
            // Unit tests parse what they check; the code comes before them.
            let code = text.split("#[cfg(test)]").next().unwrap_or("");
            if code
                .lines()
                .any(|line| calls_a_parser(line.split("//").next().unwrap_or("")))
            {
                let name = file.strip_prefix(source()).unwrap();
                found.insert(name.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    let listed: std::collections::BTreeSet<String> = PARSER_CALLS
        .iter()
        .map(|(file, _)| (*file).to_owned())
        .collect();
    let unlisted: Vec<_> = found.difference(&listed).collect();
    let stale: Vec<_> = listed.difference(&found).collect();
    assert!(
        unlisted.is_empty() && stale.is_empty(),
        "parser calls in files not listed (say what each reads, or write through the Composer): {unlisted:?}; listed files without one: {stale:?}"
    );
}
