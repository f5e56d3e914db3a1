#!/usr/bin/env bash
# Compares the public API of the library crates with a git revision's
# (default: the previous commit on main) through cargo-semver-checks,
# which names each change that breaks callers and the version bump it
# needs. The crates are not on the registry, so the baseline is a
# revision, not a release. Installs cargo-semver-checks when missing
# (a few minutes). Not part of CI: tests/tests/public_api.rs is the
# check that runs there, on the listing in tests/api/.
# Usage: scripts/semver-checks.sh [REV]
set -euo pipefail
cd "$(dirname "$0")/.."
rev=${1:-HEAD~1}
command -v cargo-semver-checks >/dev/null || cargo install --locked cargo-semver-checks
for package in uri-core uri-idna uri-runtime; do
    echo "== $package against $rev"
    cargo semver-checks check-release -p "$package" --baseline-rev "$rev" || true
done
