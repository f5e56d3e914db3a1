"""Links per site and host class, in a Polars frame."""

import polars as pl

import uri_arrow

links = pl.DataFrame({"url": [
    "https://www.example.co.uk/a?utm_source=x",
    "https://blog.example.co.uk/b",
    "http://169.254.169.254/latest/meta-data/",
    "https://alice.github.io/",
    "not a url",
]})
links = links.with_columns(
    site=uri_arrow.registrable_domain(links["url"]),
    host_class=uri_arrow.host_class(links["url"]),
    clean=uri_arrow.remove_query_param(links["url"], "utm_source"),
)
print(links)
per_site = links.group_by("site").len().sort(["len", "site"], descending=[True, False], nulls_last=True)
print(per_site)
assert per_site.row(0) == ("example.co.uk", 2)
assert links["host_class"][2] == "link-local"
