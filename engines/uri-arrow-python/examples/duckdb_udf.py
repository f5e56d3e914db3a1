"""uri_arrow as a DuckDB function: an Arrow UDF, a whole vector a call."""

import duckdb

import uri_arrow

con = duckdb.connect()
# One VARCHAR in, one out; a row that is no URI gives null, which DuckDB
# is told to expect. A function with an optional second argument
# (registrable_domain's 'icann') is given DuckDB's one parameter through
# a lambda, since DuckDB counts every parameter.
functions = {
    "uri_host": uri_arrow.host,
    "uri_registrable_domain": lambda urls: uri_arrow.registrable_domain(urls),
    "uri_normalize": uri_arrow.normalize,
}
for name, function in functions.items():
    con.create_function(name, function, ["VARCHAR"], "VARCHAR", type="arrow", null_handling="special")
con.execute("""
    CREATE TABLE links AS SELECT * FROM (VALUES
        ('https://www.Example.co.uk/a/../b'), ('https://blog.example.co.uk/'),
        ('http://127.0.0.1/admin'), ('not a url')) t(url)
""")
rows = con.execute("""
    SELECT uri_registrable_domain(url) AS site, count(*) AS links, min(uri_normalize(url)) AS first
    FROM links GROUP BY 1 ORDER BY 2 DESC, 1
""").fetchall()
for row in rows:
    print(row)
assert rows[0] == ("example.co.uk", 2, "https://blog.example.co.uk/")
