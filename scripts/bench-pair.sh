#!/usr/bin/env bash
# Times one operation of `uri-bench` in the builds of two commits, run one
# after the other in alternation, so that a change is judged against the
# build before it under the same load: the way every "alternating pairs"
# figure in BENCHMARKS.md was made. A whole table run an hour later moves
# by more than most changes do.
#
# Each commit is checked out in a worktree of its own and built as
# scripts/bench.sh builds (functions aligned, the same peers); then PAIRS
# times, each build runs `uri-bench table --rounds ROUNDS --only
# OPERATION`. Every run prints our subject's time and its ratio to the
# fastest peer, and each peer's time, so that a ratio that moves because a
# peer moved shows as such; the summary gives each build's means.
#
# Usage: scripts/bench-pair.sh BASE HEAD OPERATION [PAIRS] [ROUNDS]
#   BASE, HEAD  any commits (`main~1`, `HEAD`, a hash); the work tree's
#               uncommitted changes are not seen: commit them first
#   OPERATION   an operation's whole name, as in the table's first column
#               ("parse corpus", "lenient (browser reading) corpus")
#   PAIRS       default 5; ROUNDS default 101
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
if [ "$#" -lt 3 ]; then
    sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2
    exit 2
fi
base=$1 head=$2 op=$3 pairs=${4:-5} rounds=${5:-101}
cd "$repo"
. "$repo/scripts/lib/bench-build.sh"

work=$(mktemp -d)
cleanup() {
    for side in base head; do
        git -C "$repo" worktree remove --force "$work/$side" 2>/dev/null || true
    done
    rm -rf "$work"
}
trap cleanup EXIT

for side in base head; do
    rev=$(git rev-parse --verify "${!side}^{commit}")
    echo "building $side: $(git log --oneline -1 "$rev" | cut -c1-72)" >&2
    git worktree add --detach -q "$work/$side" "$rev"
    # A target directory per commit: a later pair of the same commits
    # builds nothing.
    (cd "$work/$side" && build_bench "$repo/target/bench-pair/$rev")
    cp "$repo/target/bench-pair/$rev/release/uri-bench" "$work/$side.bin"
done

# One run of one build: a line "side ours_ns ratio peer=ns ...", times in
# nanoseconds.
run() {
    GLIBC_TUNABLES=$bench_glibc "$work/$1.bin" table --rounds "$rounds" --only "$op" 2>/dev/null |
        awk -F'|' -v op="$op" -v side="$1" '
            function trim(s) { gsub(/^ +| +$/, "", s); return s }
            function ns(t,   v, u) {
                split(trim(t), v, " "); u = v[2]
                return v[1] * (u == "ms" ? 1e6 : u == "ns" ? 1 : 1e3)
            }
            trim($2) == op {
                subject = trim($3)
                if (subject ~ /^\*\*/) { ours = ns($4); ratio = trim($6) }
                else peers = peers sprintf(" %s=%.1f", subject, ns($4))
            }
            END {
                if (ours == "") { print "no row named \"" op "\"" > "/dev/stderr"; exit 1 }
                printf "%s %.1f %s%s\n", side, ours, ratio, peers
            }'
}

printf '%-5s %10s %7s  %s\n' build "ours (ns)" ratio "peers (ns)"
for _ in $(seq "$pairs"); do
    for side in base head; do
        run "$side" | tee -a "$work/runs" | awk '{ printf "%-5s %10s %7s ", $1, $2, $3; $1 = $2 = $3 = ""; print $0 }'
    done
done
awk '{ t[$1] += $2; r[$1] += $3; n[$1]++ }
    END { for (s in n) printf "%-5s mean %.1f ns, ratio %.3f, over %d runs\n", s, t[s] / n[s], r[s] / n[s], n[s] }' \
    "$work/runs" | sort
