"""uri_arrow from Python: each function over pyarrow arrays of every
string type, chunked arrays, Polars Series and a DuckDB Arrow UDF, with
null for what cannot be read and the row count kept."""

import pyarrow as pa
import pytest

import uri_arrow

URLS = [
    "https://user:pw@www.Example.co.uk:8443/a/../b%7e?utm_source=x&q=caf%C3%A9#top",
    "not a url",
    None,
    "http://127.0.0.1/admin",
    "//cdn.example.net/lib.js",
]


@pytest.mark.parametrize("kind", [pa.string(), pa.large_string(), pa.string_view()])
def test_components_in_every_string_type(kind):
    urls = pa.array(URLS, type=kind)
    assert uri_arrow.host(urls).to_pylist() == ["www.Example.co.uk", None, None, "127.0.0.1", "cdn.example.net"]
    assert uri_arrow.host(urls).type == kind
    assert uri_arrow.port(urls).to_pylist() == [8443, None, None, None, None]
    assert uri_arrow.scheme(urls).to_pylist() == ["https", None, None, "http", None]
    assert uri_arrow.query_param(urls, "q").to_pylist() == ["café", None, None, None, None]
    assert uri_arrow.registrable_domain(urls).to_pylist() == ["example.co.uk", None, None, None, "example.net"]
    assert uri_arrow.host_class(urls).to_pylist()[3] == "loopback"
    assert uri_arrow.normalize(urls).to_pylist()[0] == "https://user:pw@www.example.co.uk:8443/b~?utm_source=x&q=caf%C3%A9#top"
    assert uri_arrow.remove_query_param(urls, "utm_source").to_pylist()[0] == (
        "https://user:pw@www.Example.co.uk:8443/a/../b%7e?q=caf%C3%A9#top"
    )
    assert uri_arrow.host_without_www(urls).to_pylist()[0] == "Example.co.uk"


def test_lenient_reading_and_bases():
    hrefs = pa.array([" HTTP://Example.com\\a b ", "../c d", "http://exa mple.com/"])
    assert uri_arrow.parse_lenient(hrefs).to_pylist() == ["http://example.com/a%20b", None, None]
    assert uri_arrow.parse_lenient(hrefs, "https://h/x/y/").to_pylist()[1] == "https://h/x/c%20d"
    refs = pa.array(["g", "../x"])
    assert uri_arrow.resolve(refs, "http://a/b/c/d").to_pylist() == ["http://a/b/c/g", "http://a/b/x"]
    bases = pa.array(["http://a/b/", "http://z/y/w"])
    assert uri_arrow.resolve(refs, bases).to_pylist() == ["http://a/b/g", "http://z/x"]


def test_chunked_arrays_keep_their_chunks():
    chunked = pa.chunked_array([URLS[:2], URLS[2:]])
    hosts = uri_arrow.host(chunked)
    assert isinstance(hosts, pa.ChunkedArray) and hosts.num_chunks == 2
    assert hosts.to_pylist() == ["www.Example.co.uk", None, None, "127.0.0.1", "cdn.example.net"]


def test_mistakes_are_python_errors():
    urls = pa.array(URLS)
    with pytest.raises(ValueError, match="no component"):
        uri_arrow.encode(urls, "nothing")
    with pytest.raises(TypeError):
        uri_arrow.query_param(urls)
    with pytest.raises(ValueError):
        uri_arrow.host(pa.array([1, 2]))


def test_polars_series_in_and_out():
    import polars as pl
    frame = pl.DataFrame({"url": URLS})
    sites = frame.with_columns(site=uri_arrow.registrable_domain(frame["url"]))
    assert sites["site"].to_list() == ["example.co.uk", None, None, None, "example.net"]
    counts = sites.group_by("site").len().sort("site", nulls_last=True)
    assert counts["len"].to_list() == [1, 1, 3]


def test_duckdb_arrow_udf():
    import duckdb
    con = duckdb.connect()
    # A row the function gives null for is null: DuckDB is told so.
    con.create_function(
        "uri_host", uri_arrow.host, ["VARCHAR"], "VARCHAR", type="arrow", null_handling="special"
    )
    con.execute("CREATE TABLE links AS SELECT * FROM (VALUES ('https://a.example/x'), ('bad url'), ('https://a.example/y')) t(url)")
    rows = con.execute("SELECT uri_host(url) AS host, count(*) FROM links GROUP BY 1 ORDER BY 2 DESC").fetchall()
    assert rows == [("a.example", 2), (None, 1)]
