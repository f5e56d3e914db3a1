"""The top hosts of a column of URLs, with pyarrow alone."""

import pyarrow as pa
import pyarrow.compute as pc

import uri_arrow

urls = pa.array([
    "https://www.example.co.uk/a?utm_source=x",
    "https://blog.example.co.uk/b",
    "http://127.0.0.1/admin",
    "not a url",
    "https://www.example.co.uk/c",
])
hosts = uri_arrow.host(urls)
counts = pc.value_counts(hosts).to_pylist()
top = sorted(counts, key=lambda c: (-c["counts"], c["values"] or ""))
for row in top:
    print(f'{row["values"]!s:24} {row["counts"]}')
assert top[0] == {"values": "www.example.co.uk", "counts": 2}
