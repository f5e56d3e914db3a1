# How the benchmark binary is built; sourced by scripts/bench.sh,
# scripts/bench-pair.sh and scripts/count-instructions.sh, so that the
# table, the pairs and the counts are of the same kind of build.
#
# Every Rust function starts on a 64-byte boundary. Otherwise where each
# crate's code lands moves with any change to any of them, and so does the
# speed of a hot loop, a peer's or ours, by up to a factor of two between
# builds that did not touch it (the figures are in BENCHMARKS.md, "Side by
# side"). The padding between functions is never run, so the instruction
# counts do not change. Each build goes to a
# target directory of its own, which keeps the flag from rebuilding the
# one `cargo test` uses.
bench_rustflags="${RUSTFLAGS:-} -C llvm-args=-align-all-functions=6"

# ada (a peer) compiles C++: its rows are there when a C++ compiler is.
bench_peers=()
if command -v c++ >/dev/null || command -v g++ >/dev/null || command -v clang++ >/dev/null; then
    bench_peers=(--features ada)
else
    echo "no C++ compiler: no ada rows" >&2
fi

# The glibc settings every timed run uses: glibc moves its mmap threshold
# with every large free, so whether a 3 MiB output comes from reused heap
# or from a fresh mapping whose pages fault in would depend on which
# operations ran before; fixed thresholds make every subject, ours and the
# peers', allocate the same way in every round. (Ignored by other C
# libraries.)
bench_glibc=glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=67108864

# build_bench TARGET_DIR [CARGO_ARGS...]: builds uri-bench in release into
# TARGET_DIR, from the current directory's checkout.
build_bench() {
    local dir=$1
    shift
    RUSTFLAGS="$bench_rustflags" CARGO_TARGET_DIR="$dir" \
        cargo build -q --release -p uri-bench "${bench_peers[@]}" "$@"
}
