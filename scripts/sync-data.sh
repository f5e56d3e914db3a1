#!/usr/bin/env bash
# Brings the test vectors and the benchmark corpus in from an upstream copy
# (default: ../shared beside the repository, where updates arrive), or with
# --check only says whether the repository's copies differ from it (exit 1
# if they do, 2 if there is no upstream copy).
# Usage: scripts/sync-data.sh [--check] [UPSTREAM_DIR]
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
check=false
if [[ ${1:-} == --check ]]; then check=true; shift; fi
upstream=${1:-$repo/../shared}
if [[ ! -d $upstream/conformance ]]; then
    echo "no upstream copy at $upstream" >&2
    exit 2
fi
pairs=("$upstream/conformance:$repo/tests/data/conformance"
       "$upstream/bench/corpus.txt:$repo/bench/data/corpus.txt"
       "$upstream/bench/README.md:$repo/bench/data/README.md")
if $check; then
    status=0
    for pair in "${pairs[@]}"; do
        diff -rq "${pair%%:*}" "${pair#*:}" || status=1
    done
    [[ $status == 0 ]] && echo "the repository's data matches $upstream"
    exit $status
fi
for pair in "${pairs[@]}"; do
    from=${pair%%:*} to=${pair#*:}
    rm -rf "$to"
    cp -r "$from" "$to"
    chmod -R u+w "$to"
done
echo "copied from $upstream; review with: git diff --stat"
