#!/usr/bin/env bash
# Benchmarks the uri crates side by side with their peers and prints one
# markdown table: median time per item over interleaved rounds, throughput,
# the median per-round ratio to the fastest peer, allocations per item and
# callgrind instructions per item; then the goals, met or not.
# Usage: scripts/bench.sh [ROUNDS]   (default 31; needs valgrind for the
# instruction column, which is left empty without it)
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
rounds=${1:-31}
cd "$repo"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Every Rust function starts on a 64-byte boundary. Otherwise where each
# crate's code lands moves with any change to any of them, and so does the
# speed of a hot loop: two builds whose changes touched neither fluent-uri
# nor our encoder timed fluent-uri's parse at about 111 and 101 ns a line
# and the encoder's clean text at 59 and 31 us; aligned, each within 2%
# (BENCHMARKS.md, "Side by side"). The padding between functions is never
# run, so the instruction counts do not change. A target directory of
# its own keeps the flag from rebuilding the one `cargo test` uses.
export RUSTFLAGS="${RUSTFLAGS:-} -C llvm-args=-align-all-functions=6"
export CARGO_TARGET_DIR=$repo/target/bench
bin=$CARGO_TARGET_DIR/release/uri-bench

# ada (a peer) compiles C++: its rows are there when a C++ compiler is.
peers=()
if command -v c++ >/dev/null || command -v g++ >/dev/null || command -v clang++ >/dev/null; then
    peers=(--features ada)
else
    echo "no C++ compiler: no ada rows" >&2
fi

# Allocations first: that build replaces the global allocator, so the timed
# binary is built after it, without the feature.
cargo build -q --release -p uri-bench "${peers[@]}" --features count-allocations
"$bin" allocations >"$work/allocations"
cargo build -q --release -p uri-bench "${peers[@]}"

: >"$work/instructions"
if command -v valgrind >/dev/null; then
    instructions() { # operation, subject
        valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" once "$1" "$2" 2>&1 |
            awk '/Collected :/ { print $NF }'
    }
    declare -A baseline
    while IFS=$'\t' read -r op subject items; do
        echo "counting instructions: $op, $subject" >&2
        if [[ -z ${baseline[$op]:-} ]]; then
            baseline[$op]=$(instructions "$op" none)
        fi
        total=$(instructions "$op" "$subject")
        awk -v t="$total" -v b="${baseline[$op]}" -v n="$items" -v op="$op" -v s="$subject" \
            'BEGIN { printf "%s\t%s\t%.1f\n", op, s, (t - b) / n }' >>"$work/instructions"
    done < <("$bin" list)
else
    echo "valgrind not found: no instruction counts" >&2
fi

# glibc moves its mmap threshold with every large free, so whether a 3 MiB
# output comes from reused heap or from a fresh mapping whose pages fault in
# would depend on which operations ran before; fixed thresholds make every
# subject, ours and the peers', allocate the same way in every round.
# (Ignored by other C libraries.)
GLIBC_TUNABLES=glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=67108864 \
    "$bin" table --rounds "$rounds" --allocations "$work/allocations" --instructions "$work/instructions"
