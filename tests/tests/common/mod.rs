//! Loading the shared RFC 3986 conformance corpus.

use std::path::PathBuf;

use serde_json::Value;

/// The corpus directory: `$URI_CONFORMANCE_DIR`, or `shared/conformance`
/// beside the repository. Panics with instructions when it is missing, so a
/// run without the corpus fails instead of passing vacuously.
pub(crate) fn corpus_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("URI_CONFORMANCE_DIR") {
        return PathBuf::from(dir);
    }
    let repo = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let dir = repo.join("../shared/conformance");
    assert!(
        dir.join("README.md").is_file(),
        "conformance corpus not found at {}: put `shared/` beside the repository \
         or set URI_CONFORMANCE_DIR",
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
pub(crate) fn flag(case: &Value, field: &str) -> bool {
    case.get(field).and_then(Value::as_bool).unwrap_or(false)
}
