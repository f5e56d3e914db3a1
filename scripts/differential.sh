#!/usr/bin/env bash
# Runs the differential test against fluent-uri and iri-string with a seed
# and a count of generated strings (CI runs seed 3986, 200,000 strings;
# resolution and normalization each get a tenth of the count).
# Usage: scripts/differential.sh [SEED] [COUNT]   (defaults 1, 10000000)
set -euo pipefail
cd "$(dirname "$0")/.."
DIFF_SEED=${1:-1} DIFF_COUNT=${2:-10000000} \
    cargo test --release -q -p uri-tests --test differential -- --nocapture
