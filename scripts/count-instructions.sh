#!/usr/bin/env bash
# Instructions per item of one subject of `uri-bench`, counted on the CPU
# itself: the build `scripts/bench.sh` times, run one instruction at a
# time under ptrace between the two `sched_yield` calls that bracket
# `uri-bench once`'s pass (scripts/lib/step-count.c). Unlike callgrind,
# which cannot run AVX-512 code, this counts the kernels the CPU runs, so
# on an AVX-512 machine it gives the instruction column of the code the
# time column times. On the AVX2 path (`RUSTFLAGS="--cfg uri_no_avx512"`)
# it agrees with callgrind's count of the pass.
#
# Slow: each instruction is a trap, about fifty microseconds on a virtual
# machine, so a pass of the corpus parse (4.6 million instructions) takes
# about four minutes. Linux on x86-64, with a C compiler.
#
# With `--profile PATTERN` it also prints the instructions a line of
# each function that ran, and the disassembly of the busiest function
# whose name matches PATTERN (a Python regular expression) with each
# instruction's count (scripts/lib/step-profile.py; needs python3, nm and
# objdump).
#
# Usage: scripts/count-instructions.sh OPERATION SUBJECT [--corpus FILE] [--profile PATTERN]
set -euo pipefail
caller=$PWD
cd "$(dirname "$0")/.."
[[ $# -ge 2 ]] || {
    echo "usage: scripts/count-instructions.sh OPERATION SUBJECT [--corpus FILE] [--profile PATTERN]" >&2
    exit 2
}
operation=$1 subject=$2
shift 2
# `uri-bench`'s own options; a corpus named from the caller's directory
# is found from the repository's, where the script runs.
args=()
profile=
while [[ $# -gt 0 ]]; do
    if [[ $1 == --profile && $# -ge 2 ]]; then
        profile=$2
        shift 2
    elif [[ $1 == --corpus && $# -ge 2 ]]; then
        args+=("$1" "$(cd "$caller" && realpath -- "$2")")
        shift 2
    else
        args+=("$1")
        shift
    fi
done
set -- "${args[@]}"
source scripts/lib/bench-build.sh
build_bench target/bench
bin=target/bench/release/uri-bench
cc -O2 -o target/bench/step-count scripts/lib/step-count.c
items=$("$bin" "$@" list | awk -F'\t' -v op="$operation" -v s="$subject" '$1 == op && $2 == s { print $3 }')
[[ -n $items ]] || {
    echo "no subject $subject in $operation (uri-bench list)" >&2
    exit 2
}
if [[ -n $profile ]]; then
    export STEP_PROFILE=target/bench/step-profile.bin
fi
steps=$(target/bench/step-count "$bin" "$@" once "$operation" "$subject")
awk -v steps="$steps" -v items="$items" 'BEGIN { printf "%.0f\n", steps / items }'
if [[ -n $profile ]]; then
    python3 scripts/lib/step-profile.py "$STEP_PROFILE" "$bin" "$items" "$profile"
fi
