//! Loading the RFC 3986 conformance vectors.

use std::path::PathBuf;

use serde_json::Value;

/// The vectors' directory: `$URI_CONFORMANCE_DIR` when set (to run the
/// suites on another copy, such as an update not yet brought in), else the
/// repository's own `tests/data/conformance`. Panics when the directory
/// has no vectors, so a run without them fails instead of passing
/// vacuously.
pub(crate) fn corpus_dir() -> PathBuf {
    let dir = std::env::var_os("URI_CONFORMANCE_DIR").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data/conformance"),
        PathBuf::from,
    );
    assert!(
        dir.join("README.md").is_file(),
        "conformance vectors not found at {}",
        dir.display()
    );
    dir
}

/// The cases of one corpus file, which must be a non-empty JSON array.
pub(crate) fn cases(file: &str) -> Vec<Value> {
    let path = corpus_dir().join(file);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let value: Value = serde_json::from_str(&text)
        .unwrap_or_else(|e| panic!("{} is not JSON: {e}", path.display()));
    let Value::Array(cases) = value else {
        panic!("{} is not a JSON array", path.display())
    };
    assert!(!cases.is_empty(), "{} has no cases", path.display());
    cases
}

/// A string field, or `None` for JSON `null` or a missing field.
pub(crate) fn text<'a>(case: &'a Value, field: &str) -> Option<&'a str> {
    case.get(field).and_then(Value::as_str)
}

/// A boolean flag, false when missing.
#[allow(dead_code, reason = "not every suite reads a flag")]
pub(crate) fn flag(case: &Value, field: &str) -> bool {
    case.get(field).and_then(Value::as_bool).unwrap_or(false)
}
