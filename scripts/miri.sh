#!/usr/bin/env bash
# Runs the tests of the project's `unsafe` modules under Miri:
# uri-runtime's `bytes::raw`, once per path the CPU could take (the
# portable loops, SSSE3 and AVX2, each enabled at compile time, which is
# what Miri's feature detection reports), and the engine crates' one,
# uri-arrow's `unchecked` (the part columns handed to arrow's unchecked
# constructors; about a minute, arrow's build under Miri included). The
# AVX-512 code (the decoder, the encoder, the parser's scans, the
# normal-form checks) is not run: Miri does not implement the decoder's
# compress instructions, and the rest is left out with it. Installs the
# nightly toolchain's Miri component if missing. The tests use fewer
# rounds under Miri.
# Usage: scripts/miri.sh
set -euo pipefail
cd "$(dirname "$0")/.."
cargo +nightly miri --version >/dev/null 2>&1 || rustup component add miri --toolchain nightly
for features in "" "+ssse3" "+ssse3,+avx2"; do
    echo "== bytes::raw under Miri, target features: ${features:-none (portable loops)}"
    flags=""
    [[ -n $features ]] && flags="-C target-feature=$features"
    RUSTFLAGS="$flags" MIRIFLAGS="-Zmiri-strict-provenance" \
        cargo +nightly miri test -q -p uri-runtime --lib --target-dir target/miri -- bytes::raw
done
echo "== uri-arrow's unchecked module under Miri (the engines' workspace)"
(cd engines && MIRIFLAGS="-Zmiri-strict-provenance" \
    cargo +nightly miri test -q -p uri-arrow --lib --target-dir target/miri -- unchecked)
