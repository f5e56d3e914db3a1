#!/usr/bin/env bash
# Measures what the uri! macro costs, in scratch crates outside the repo:
#   1. clean-build CPU time (user+sys, median of RUNS) of a crate using
#      uri! with the default features and with IDNA added, of one that only
#      calls Uri::parse (macros feature off), and, for comparison, of one
#      parsing with fluent-uri and one using static-iref's uri!;
#   2. the rebuild time of a file with 1,000 uri! literals, against the
#      same file with 1,000 plain string constants;
#   3. callgrind instruction counts of reading components from a uri!
#      constant versus Uri::parse of the same text.
# Usage: scripts/macro-cost.sh [RUNS]   (default 3; needs valgrind)
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
runs=${1:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

crate() { # name, dependency line, main.rs body
    mkdir -p "$work/$1/src"
    printf '[package]\nname = "%s"\nversion = "0.0.0"\nedition = "2024"\n[dependencies]\n%s\n[workspace]\n[profile.release]\ndebug = 1\n' \
        "$1" "$2" >"$work/$1/Cargo.toml"
    printf '%s\n' "$3" >"$work/$1/src/main.rs"
    (cd "$work/$1" && cargo fetch -q)
}

cpu_seconds() { # dir, cargo args...: CPU time of a clean build
    local dir=$1; shift
    (cd "$dir" && rm -rf target && /usr/bin/time -f '%U %S' -o "$work/time" cargo build -q --offline "$@" >/dev/null 2>&1)
    awk '{ printf "%.2f\n", $1 + $2 }' "$work/time"
}

median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

measure() { # label, dir, cargo args...
    local label=$1 dir=$2; shift 2
    local m
    m=$(for _ in $(seq "$runs"); do cpu_seconds "$dir" "$@"; done | median)
    printf '| %-44s | %6s s |\n' "$label" "$m"
}

runtime="uri-runtime = { path = \"$repo/uri-runtime\" }"
crate with-macro "$runtime" 'fn main() { let u = uri_runtime::uri!("https://example.com/a b"); println!("{u}"); }'
crate macro-idna "uri-runtime = { path = \"$repo/uri-runtime\", features = [\"idna\"] }" \
    'fn main() { let u = uri_runtime::uri!("https://example.com/a b"); println!("{u}"); }'
crate fluent-uri 'fluent-uri = "0.4"' \
    'fn main() { let u = fluent_uri::Uri::parse("https://example.com/a%20b").unwrap(); println!("{u}"); }'
crate parse-only "uri-runtime = { path = \"$repo/uri-runtime\", default-features = false, features = [\"std\"] }" \
    'fn main() { let u = uri_runtime::Uri::parse("https://example.com/a%20b").unwrap(); println!("{u}"); }'
# The macro crate and what it builds on (proc-macro2, quote, syn, uri-core
# for the host), with no runtime: the share of the default build that the
# architecture fixes before uri-runtime compiles anything.
crate macro-stack "uri-macros = { path = \"$repo/uri-macros\" }" 'fn main() {}'
crate static-iref 'static-iref = "3"
iref = "3"' 'fn main() { let u: &iref::Uri = static_iref::uri!("https://example.com/a%20b"); println!("{u}"); }'

echo "## Clean debug build, CPU seconds (median of $runs)"
echo
echo "| crate | CPU |"
echo "|---|---:|"
measure "Uri::parse only (uri-runtime, no macros)" "$work/parse-only"
measure "uri! (uri-runtime, default features)" "$work/with-macro"
measure "uri! with the idna feature" "$work/macro-idna"
measure "uri-macros and its dependencies alone" "$work/macro-stack"
measure "fluent-uri 0.4 Uri::parse (for comparison)" "$work/fluent-uri"
measure "static-iref 3 uri! (for comparison)" "$work/static-iref"

# 2. Expansion cost of 1,000 literals.
gen() { # macro or plain
    for i in $(seq 1000); do
        if [ "$1" = macro ]; then
            echo "pub const U$i: uri_runtime::Uri<'static> = uri_runtime::uri!(\"https://host$i.example.com/path/$i/a b?q=$i#f\");"
        else
            echo "pub const U$i: &str = \"https://host$i.example.com/path/$i/a%20b?q=$i#f\";"
        fi
    done
    echo 'fn main() { println!("{}", U1000); }'
}
crate lit-1000 "$runtime" "$(gen macro)"
crate str-1000 "$runtime" "$(gen plain)"
rebuild() { # dir: CPU time of rebuilding only the crate itself
    (cd "$1" && cargo build -q --offline >/dev/null 2>&1 && touch src/main.rs &&
        /usr/bin/time -f '%U %S' -o "$work/time" cargo build -q --offline >/dev/null 2>&1)
    awk '{ printf "%.2f\n", $1 + $2 }' "$work/time"
}
echo
echo "## Rebuilding one file of 1,000 constants, CPU seconds (median of $runs)"
echo
echo "| file | CPU |"
echo "|---|---:|"
printf '| %-44s | %6s s |\n' "1,000 plain &str constants" "$(for _ in $(seq "$runs"); do rebuild "$work/str-1000"; done | median)"
printf '| %-44s | %6s s |\n' "1,000 uri! constants" "$(for _ in $(seq "$runs"); do rebuild "$work/lit-1000"; done | median)"

# 3. Run-time cost: instructions to read components.
crate runtime-cost "$runtime" '
use std::hint::black_box;
use uri_runtime::{uri, Uri};

const TEXT: &str = "https://example.com:8080/a/b/c?q=1&r=2#frag";
const LITERAL: Uri<'"'"'static> = uri!("https://example.com:8080/a/b/c?q=1&r=2#frag");

#[inline(never)]
fn read(u: &Uri<'"'"'_>) -> usize {
    u.host().map_or(0, str::len) + u.path().len() + u.query().map_or(0, str::len) + u.fragment().map_or(0, str::len)
}

#[inline(never)]
fn from_literal() -> usize { read(black_box(&LITERAL)) }

#[inline(never)]
fn from_parse() -> usize { Uri::parse(black_box(TEXT)).map_or(0, |u| read(&u)) }

fn main() {
    let mut total = 0;
    for _ in 0..1000 { total += from_literal(); }
    for _ in 0..1000 { total += from_parse(); }
    println!("{total}");
}'
(cd "$work/runtime-cost" && cargo build -q --release --offline)
bin="$work/runtime-cost/target/release/runtime-cost"
count() { # function name: instructions inside it (inclusive), per call
    valgrind --tool=callgrind --callgrind-out-file="$work/cg.$1" --toggle-collect="*$1*" "$bin" >/dev/null 2>&1
    callgrind_annotate "$work/cg.$1" 2>/dev/null | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); printf "%.1f\n", $1 / 1000 }'
}
echo
echo "## Instructions per read of host, path, query and fragment (callgrind, 1,000 calls)"
echo
echo "| source | instructions per call |"
echo "|---|---:|"
printf '| %-44s | %s |\n' "uri! constant" "$(count from_literal)"
printf '| %-44s | %s |\n' "Uri::parse of the same text" "$(count from_parse)"
