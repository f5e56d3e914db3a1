#!/usr/bin/env bash
# Shows that the toolbox runs in time linear in its input on pathological
# inputs: counts instructions (callgrind, exact and repeatable) of each
# operation at size N and 2N, minus the same program at size 0, and prints
# the ratio, which is 2.00 for linear work and 4.00 for quadratic.
# A second table gives instructions per input byte at about 10 KB and 1 MB.
# Usage: scripts/linear-time.sh [N]   (default 100000; needs valgrind)
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
n=${1:-100000}
cd "$repo"
cargo build -q --release -p uri-tests --example pathological
bin=$repo/target/release/examples/pathological
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

instructions() { # op, size
    valgrind --tool=callgrind --callgrind-out-file="$work/out" "$bin" "$1" "$2" 2>/dev/null
    callgrind_annotate "$work/out" 2>/dev/null | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }'
}

printf '| operation | input at N = %s | instructions at N | at 2N | ratio |\n|---|---|---:|---:|---:|\n' "$n"
for op in dots resolve join relative query build path escapes parse-path const-parse-path parse-query const-parse-query template-explode template-match template-long lenient-dots lenient-userinfo lenient-mixed policy-host; do
    case $op in
        dots) what="\`http://h/\` + N × \`a/../\`, normalized" ;;
        resolve) what="N × \`a/../\` + \`g\`, resolved" ;;
        join) what="N × \`a/../\` + \`g\`, joined (\`Uri::join\`'s one pass)" ;;
        relative) what="two paths of N segments, relativized" ;;
        query) what="query of N × \`k=%41&\`, normalized and decoded" ;;
        build) what="raw path of N × \`é/\`, encoded by the builder" ;;
        path) what="\`http://h/\` + N × \`seg/\`, normalized" ;;
        escapes) what="N × \`%E4%BA%AC\`, decoded" ;;
        parse-path) what="\`http://h/\` + N × \`seg/\`, parsed" ;;
        const-parse-path) what="the same, \`const\` parser" ;;
        parse-query) what="\`http://h/?\` + N × \`k=%41&\`, parsed" ;;
        const-parse-query) what="the same, \`const\` parser" ;;
        template-explode) what="\`{/list*}{?list*}\` with N items, expanded" ;;
        template-match) what="\`?v0=0&…\` matched against \`{?v0,…}\` with N variables" ;;
        template-long) what="N × \`{a}/\`, parsed and expanded" ;;
        lenient-dots) what="N × \`a\\%2e%2E\\\` + \`g\`, joined as a browser reads it" ;;
        lenient-userinfo) what="\`http://\` + N × \`a@\` + \`h/\`, read leniently" ;;
        lenient-mixed) what="\`http://h/\` + N × tab \`x |\`, read leniently" ;;
        policy-host) what="\`http://\` + N × \`a.\` + \`localhost/\`, checked against the public-web policy" ;;
    esac
    base=$(instructions "$op" 0)
    one=$(( $(instructions "$op" "$n") - base ))
    two=$(( $(instructions "$op" $((2 * n))) - base ))
    ratio=$(awk -v a="$one" -v b="$two" 'BEGIN { printf "%.2f", b / a }')
    printf '| %s | %s | %s | %s | %s |\n' "$op" "$what" "$one" "$two" "$ratio"
done

printf '\n| operation | bytes per unit | instructions per byte at 10 KB | at 1 MB |\n|---|---:|---:|---:|\n'
for op in dots resolve join relative query build path escapes parse-path const-parse-path parse-query const-parse-query template-explode template-match template-long lenient-dots lenient-userinfo lenient-mixed policy-host; do
    case $op in
        dots | resolve | join) unit=5 ;;
        relative) unit=4 ;;
        query) unit=6 ;;
        build) unit=3 ;;
        path | parse-path | const-parse-path) unit=4 ;;
        parse-query | const-parse-query) unit=6 ;;
        escapes) unit=9 ;;
        template-explode) unit=11 ;;
        template-match) unit=15 ;;
        template-long) unit=4 ;;
        lenient-dots) unit=10 ;;
        lenient-userinfo) unit=2 ;;
        lenient-mixed) unit=4 ;;
        policy-host) unit=2 ;;
    esac
    base=$(instructions "$op" 0)
    small=$((10000 / unit))
    large=$((1000000 / unit))
    per_small=$(awk -v t="$(instructions "$op" "$small")" -v b="$base" -v n=$((small * unit)) 'BEGIN { printf "%.1f", (t - b) / n }')
    per_large=$(awk -v t="$(instructions "$op" "$large")" -v b="$base" -v n=$((large * unit)) 'BEGIN { printf "%.1f", (t - b) / n }')
    printf '| %s | %s | %s | %s |\n' "$op" "$unit" "$per_small" "$per_large"
done
