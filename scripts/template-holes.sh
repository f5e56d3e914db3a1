#!/usr/bin/env bash
# Compile time of one uri! template with N holes, for each N given
# (default 100 1000; a template holds at most 1,000), in four styles:
# arguments with typed values (`h0 = 0u32`), arguments with untyped
# integer literals (`h0 = 0`), arguments that are text (`h0 = "0"`, the
# one style whose template gives a `Result`, since text could be `..`),
# and names captured from scope (function parameters `h0: u32`; ten thousand
# `let`s in one function would nest ten thousand debug-info scopes, which
# overflows rustc's stack whatever the macro emits). Prints the wall
# seconds and peak memory of rebuilding the one crate (incremental
# compilation off; dependencies are built first and not counted).
# Usage: scripts/template-holes.sh [N ...]
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/src"
cat >"$work/Cargo.toml" <<TOML
[package]
name = "holes"
version = "0.1.0"
edition = "2024"

[dependencies]
uri-runtime = { path = "$repo/uri-runtime", default-features = false, features = ["std", "macros"] }

[workspace]
TOML
export CARGO_INCREMENTAL=0 CARGO_TARGET_DIR="$work/target"
generate() { # holes style
    python3 - "$1" "$2" >"$work/src/main.rs" <<'PY'
import sys
n, style = int(sys.argv[1]), sys.argv[2]
literal = "http://a/" + "/".join("{h%d}" % i for i in range(n))
if style == "captured":
    params = ", ".join("h%d: u32" % i for i in range(n))
    print("fn build(%s) -> uri_runtime::UriBuf {\n    uri_runtime::uri!(\"%s\")\n}" % (params, literal))
    print("fn main() {\n    let u = build(%s);\n    println!(\"{}\", u.as_str().len());\n}"
          % ", ".join(str(i) for i in range(n)))
else:
    value = {"typed": "%du32", "untyped": "%d", "text": '"%d"'}[style]
    call = 'uri_runtime::uri!("%s", %s)' % (
        literal, ", ".join(("h%d = " + value) % (i, i) for i in range(n)))
    unwrap = ".unwrap()" if style == "text" else ""
    print("fn main() {\n    let u = %s%s;\n    println!(\"{}\", u.as_str().len());\n}" % (call, unwrap))
PY
}
echo "| holes | style | wall | peak memory |"
echo "|---:|---|---:|---:|"
sizes=("$@")
[[ ${#sizes[@]} -gt 0 ]] || sizes=(100 1000)
for n in "${sizes[@]}"; do
    for style in typed untyped text captured; do
        generate "$n" "$style"
        (cd "$work" && cargo build -q 2>/dev/null) || true
        touch "$work/src/main.rs"
        if (cd "$work" && /usr/bin/time -f "%e %M" -o "$work/time" cargo build -q 2>"$work/log"); then
            read -r seconds kb <"$work/time"
            echo "| $n | $style | $seconds s | $((kb / 1024)) MB |"
        else
            echo "| $n | $style | failed: $(grep -m1 -E '^error' "$work/log") | |"
        fi
    done
done
