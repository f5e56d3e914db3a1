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

. "$repo/scripts/lib/bench-build.sh"
bin=$repo/target/bench/release/uri-bench

# Allocations first: that build replaces the global allocator, so the timed
# binary is built after it, without the feature.
build_bench "$repo/target/bench" --features count-allocations
"$bin" allocations >"$work/allocations"
build_bench "$repo/target/bench"

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

# Fixed glibc thresholds (see scripts/lib/bench-build.sh).
GLIBC_TUNABLES=$bench_glibc \
    "$bin" table --rounds "$rounds" --allocations "$work/allocations" --instructions "$work/instructions"
