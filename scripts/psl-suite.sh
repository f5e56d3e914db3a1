#!/usr/bin/env bash
# Unpacks the Public Suffix List's own test file (test_psl.txt, dedicated
# to the public domain) from Debian's `publicsuffix` package into
# target/psl-suite/, where tests/tests/site.rs reads it. Needs apt (the
# package is downloaded, not installed: no root needed once the package
# lists are there; run `apt-get update` first on a fresh machine).
set -euo pipefail
cd "$(dirname "$0")/.."
out=target/psl-suite
mkdir -p "$out"
if [[ -f $out/test_psl.txt ]]; then
    exit 0
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# apt warns that it downloads unsandboxed when run as root; nothing else
# it says is dropped.
(cd "$work" && apt-get download publicsuffix 2>&1 >/dev/null | grep -v unsandboxed >&2 || true)
ls "$work"/publicsuffix_*.deb >/dev/null
dpkg -x "$work"/publicsuffix_*.deb "$work/unpacked"
cp "$work/unpacked/usr/share/doc/publicsuffix/examples/test_psl.txt" "$out/"
echo "PSL test file: $out/test_psl.txt ($(grep -c checkPublicSuffix "$out/test_psl.txt") cases)"
