#!/usr/bin/env bash
# The SQL throughput bench of the engine crates: rows per second and peak
# memory of `SELECT uri_host(url), count(*) … GROUP BY 1` and of
# `count(uri_normalize(url))` over the benchmark corpus repeated to ROWS
# rows, beside datafusion-spark's `try_parse_url(url, 'HOST')` and the
# built-in `split_part(split_part(url, '/', 3), ':', 1)` in the same
# query shape, and that grouping over a column that already holds the
# hosts (`grouping_floor`: the query when its function costs nothing),
# with 1 and 2 partitions, over a `Utf8` column and a
# `Utf8View` one (DataFusion's default for Parquet).
#
# Each measurement is one process (so that its peak memory, GNU time's
# %M, is its own: the table, about 170 MB a million rows, included) that
# times 3 rounds and keeps the best. The subjects alternate within a pass,
# and PASSES passes (default 5) are made; a subject's figure is its median
# over the passes, and each ratio the median over passes of the ratio
# within the pass, so that load on the shared machine, which moves every
# subject of a pass alike, cancels out of the ratios.
#
# Builds DataFusion in release (about 25 minutes on 2 cores, once).
# Usage: PASSES=5 scripts/sql-bench.sh [ROWS ...]   (default 1000000 10000000)
set -euo pipefail
cd "$(dirname "$0")/../engines/bench"
cargo build -q --release
bin=target/release/uri-sql-bench
rows=("$@")
[[ ${#rows[@]} -gt 0 ]] || rows=(1000000 10000000)
passes=${PASSES:-5}
subjects=(uri_host spark_try_parse_url split_part grouping_floor uri_normalize)
raw=$(mktemp)
for n in "${rows[@]}"; do
    for layout in utf8 utf8view; do
        for partitions in 1 2; do
            for pass in $(seq "$passes"); do
                for subject in "${subjects[@]}"; do
                    line=$(/usr/bin/time -f '%M' "$bin" "$subject" "$n" "$partitions" 3 "$layout" 2>"$raw.mem")
                    # subject layout rows partitions seconds KiB pass
                    printf '%s\t%s\t%s\n' "$(cut -f1-5 <<<"$line" | sed 's/ s$//')" "$(tail -n 1 "$raw.mem")" "$pass" >>"$raw"
                done
            done
        done
    done
done
python3 - "$raw" <<'PY'
import sys, statistics
from collections import defaultdict
runs = defaultdict(dict)   # (layout, rows, partitions, pass) -> subject -> (seconds, kib)
for line in open(sys.argv[1]):
    subject, layout, rows, parts, seconds, kib, p = line.split('\t')
    runs[(layout, int(rows), int(parts), int(p))][subject] = (float(seconds), int(kib))
cases = sorted({k[:3] for k in runs})
print('| layout | rows | partitions | subject | median time | rows/s | peak memory | uri_host ÷ this |')
print('|---|---:|---:|---|---:|---:|---:|---:|')
for case in cases:
    passes = [runs[k] for k in runs if k[:3] == case]
    for subject in ['uri_host', 'spark_try_parse_url', 'split_part', 'grouping_floor', 'uri_normalize']:
        times = [p[subject][0] for p in passes if subject in p]
        peak = max(p[subject][1] for p in passes if subject in p)
        ratios = [p['uri_host'][0] / p[subject][0] for p in passes if subject in p and 'uri_host' in p]
        median = statistics.median(times)
        ratio = f'{statistics.median(ratios):.3f}' if subject in ('spark_try_parse_url', 'split_part', 'grouping_floor') else ''
        print(f'| {case[0]} | {case[1]:,} | {case[2]} | {subject} | {median:.4f} s | {case[1] / median / 1e6:.2f} M | {peak / 1024:.0f} MiB | {ratio} |')
print()
print('| layout | rows | partitions | grouping_floor ÷ spark_try_parse_url | split_part ÷ spark_try_parse_url |')
print('|---|---:|---:|---:|---:|')
for case in cases:
    passes = [runs[k] for k in runs if k[:3] == case]
    def share(subject):
        ratios = [p[subject][0] / p['spark_try_parse_url'][0] for p in passes if subject in p and 'spark_try_parse_url' in p]
        return f'{statistics.median(ratios):.2f}'
    print(f'| {case[0]} | {case[1]:,} | {case[2]} | {share("grouping_floor")} | {share("split_part")} |')
PY
rm -f "$raw" "$raw.mem"
