"""The host of every URL in the benchmark corpus, three ways, side by
side in one run: uri_arrow.host, pyarrow's own split_pattern-based
extraction (which checks nothing), and urllib.parse.urlsplit row by row.
Prints the median of each over the rounds and its ratio to uri_arrow.

    python engines/uri-arrow-python/bench.py [ROUNDS]   (default 11)
"""

import pathlib
import statistics
import sys
import time
from urllib.parse import urlsplit

import pyarrow as pa
import pyarrow.compute as pc

import uri_arrow

ROUNDS = int(sys.argv[1]) if len(sys.argv) > 1 else 11
corpus = pathlib.Path(__file__).resolve().parents[2] / "bench" / "data" / "corpus.txt"
lines = corpus.read_text().splitlines() * 10
urls = pa.array(lines)


def with_uri_arrow():
    return uri_arrow.host(urls)


def with_split_pattern():
    # The third piece of a split on "/" ("scheme:", "", "host:port"),
    # then what comes before a ":", as SQL's split_part(split_part(url,
    # '/', 3), ':', 1) does; no check of anything. Three slashes are
    # appended first, so that every row has a third piece (split_part's
    # '' where there is none).
    padded = pc.binary_join_element_wise(urls, "///", "")
    authority = pc.list_element(pc.split_pattern(padded, "/", max_splits=3), 2)
    return pc.list_element(pc.split_pattern(authority, ":", max_splits=1), 0)


def with_urlsplit():
    hosts = []
    for line in lines:
        try:
            hosts.append(urlsplit(line).hostname)
        except ValueError:
            hosts.append(None)
    return hosts


subjects = [("uri_arrow.host", with_uri_arrow), ("pyarrow split_pattern", with_split_pattern), ("urllib.parse.urlsplit", with_urlsplit)]
times = {name: [] for name, _ in subjects}
for _ in range(ROUNDS):
    for name, run in subjects:
        start = time.perf_counter()
        run()
        times[name].append(time.perf_counter() - start)

base = statistics.median(times["uri_arrow.host"])
print(f"{len(lines)} URLs (the corpus ten times), median of {ROUNDS} interleaved rounds")
print("| subject | median | ns a URL | × uri_arrow.host |")
print("|---|---:|---:|---:|")
for name, _ in subjects:
    median = statistics.median(times[name])
    print(f"| {name} | {median * 1e3:.1f} ms | {median * 1e9 / len(lines):.0f} | {median / base:.2f} |")
