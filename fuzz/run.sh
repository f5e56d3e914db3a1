#!/usr/bin/env bash
# Runs every fuzz target for SECONDS each (default 60), with corpora seeded
# from the repository's conformance vectors (tests/data/conformance), and
# prints executions and findings per target.
# Needs the nightly toolchain and python3; installs cargo-fuzz if missing.
# Usage: fuzz/run.sh [SECONDS] [TARGET...]   (every target when none is named)
set -euo pipefail
cd "$(dirname "$0")"
seconds=${1:-60}
vectors=../tests/data/conformance
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --locked

targets=(parse parsers checks pct_round_trip decoders encoders normalize resolve make_relative template iri uri_template hand_offs lenient policy shown site idna)
for target in "${targets[@]}"; do mkdir -p "corpus/$target"; done
shift || true
if [ "$#" -gt 0 ]; then targets=("$@"); fi
python3 - "$vectors" <<'PY'
import json, sys, hashlib, pathlib
vectors = pathlib.Path(sys.argv[1])
def put(target, text):
    name = hashlib.sha1(text.encode()).hexdigest()
    pathlib.Path("corpus", target, name).write_text(text)
for name in ["uri_valid", "uri_invalid", "ref_valid", "ref_invalid", "components", "normalize"]:
    for case in json.loads((vectors / f"{name}.json").read_text()):
        text = case.get("input")
        if isinstance(text, str):
            for target in ["parse", "parsers", "checks", "normalize", "pct_round_trip", "encoders", "template", "iri", "hand_offs", "lenient", "policy", "shown"]:
                put(target, text)
for line in pathlib.Path("../bench/data/corpus.txt").read_text().splitlines()[::20]:
    for target in ["parsers", "checks", "hand_offs", "lenient", "policy", "shown"]:
        put(target, line)
    host = line.split("//", 1)[-1].split("/", 1)[0].split("@")[-1].rsplit(":", 1)[0]
    if host:
        put("site", host)
        put("idna", host)
for host in ["bücher.example", "例子.com", "www.한국.kr", "почта.рф", "ελλάδα.gr", "ひらがな.jp", "Straße.de"]:
    put("idna", host)
for case in json.loads((vectors / "resolve.json").read_text()):
    put("resolve", case["base"] + "\n" + case["ref"])
    if isinstance(case.get("expected"), str):
        put("make_relative", case["base"] + "\n" + case["expected"])
for case in json.loads((vectors / "pct.json").read_text()):
    for key in ["decoded_text", "encoded"]:
        if isinstance(case.get(key), str):
            put("pct_round_trip", case[key])
            put("decoders", case[key])
PY

mkdir -p logs
# Findings are the artifacts this run writes, not those of runs before.
touch logs/.started
for target in "${targets[@]}"; do
    status=ok
    cargo +nightly fuzz run "$target" "corpus/$target" -- \
        -max_total_time="$seconds" -max_len=4096 >"logs/$target.log" 2>&1 || status=FAILED
    runs=$(grep -o 'Done [0-9]* runs' "logs/$target.log" | grep -o '[0-9]*' || echo '?')
    printf '%-16s %s  %s executions in %ss\n' "$target" "$status" "$runs" "$seconds"
done
findings=$(find artifacts -type f -newer logs/.started 2>/dev/null | wc -l)
if [ "$findings" -gt 0 ]; then
    find artifacts -type f -newer logs/.started
    echo "$findings findings: each becomes a regression test"
else
    echo "no findings"
fi
