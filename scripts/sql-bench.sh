#!/usr/bin/env bash
# The SQL throughput bench of the engine crates: rows per second and peak
# memory of `SELECT uri_host(url), count(*) … GROUP BY 1` and of
# `uri_normalize(url)` over the benchmark corpus repeated to ROWS rows,
# beside datafusion-spark's `try_parse_url(url, 'HOST')` and the
# built-in `split_part(split_part(url, '/', 3), ':', 1)`, with 1 and 2
# partitions, over a `Utf8` column and a `Utf8View` one (DataFusion's
# default for Parquet); each subject in a process of its own, the
# subjects alternating, the best of 3 rounds each. Peak memory is the
# process's maximum resident set (GNU time's %M), the table included.
# Builds DataFusion in release (about 25 minutes on 2 cores, once).
# Usage: scripts/sql-bench.sh [ROWS ...]   (default 1000000 10000000)
set -euo pipefail
cd "$(dirname "$0")/../engines/bench"
cargo build -q --release
bin=target/release/uri-sql-bench
rows=("$@")
[[ ${#rows[@]} -gt 0 ]] || rows=(1000000 10000000)
printf 'subject\tlayout\trows\tpartitions\tbest of 3\trows/s\tpeak memory\n'
for n in "${rows[@]}"; do
    for layout in utf8 utf8view; do
        for partitions in 1 2; do
            for subject in uri_host spark_try_parse_url split_part uri_normalize; do
                out=$(/usr/bin/time -f '%M' "$bin" "$subject" "$n" "$partitions" 3 "$layout" 2>"$bin.mem")
                printf '%s\t%s KiB\n' "$out" "$(tail -n 1 "$bin.mem")"
            done
        done
    done
done
rm -f "$bin.mem"
