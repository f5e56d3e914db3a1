//! Every SQL function through `DataFusion`: valid, invalid and NULL rows,
//! scalar and column arguments, hostile rows kept in their place, and
//! the README's example.

// Test helpers report failures by panicking.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::sync::Arc;

use datafusion::arrow::array::{Array, ArrayRef, RecordBatch, StringArray, cast::AsArray};
use datafusion::arrow::compute::cast;
use datafusion::arrow::datatypes::DataType;
use datafusion::prelude::SessionContext;

/// The rows of table `t`, column `url`: ordinary, absent parts, invalid,
/// NULL, empty and a megabyte long.
fn urls() -> Vec<Option<String>> {
    vec![
        Some("https://user:pw@Example.COM:8443/a/../b%7e?utm_source=news%20letter&x=1#top".into()),
        Some("not a uri".into()),
        None,
        Some(String::new()),
        Some("//cdn.example.net/lib.js".into()),
        Some("http://127.0.0.1/admin".into()),
        Some(format!("https://long.example.org/{}", "a".repeat(1 << 20))),
        Some("https://alice.github.io/?".into()),
    ]
}

/// A session with the functions and `t(url)` registered, the column in
/// the layout `typ`.
fn session(typ: &DataType) -> SessionContext {
    let ctx = SessionContext::new();
    uri_datafusion::register(&ctx);
    let column: ArrayRef = Arc::new(StringArray::from(urls()));
    let column = cast(&column, typ).unwrap();
    let batch = RecordBatch::try_from_iter([("url", column)]).unwrap();
    ctx.register_batch("t", batch).unwrap();
    ctx
}

/// The one column of `sql`'s result, as optional strings.
async fn column(ctx: &SessionContext, sql: &str) -> Vec<Option<String>> {
    let batches = ctx.sql(sql).await.unwrap().collect().await.unwrap();
    let mut out = Vec::new();
    for batch in batches {
        let array = cast(batch.column(0), &DataType::Utf8).unwrap();
        let strings = array.as_string::<i32>();
        out.extend(
            (0..strings.len()).map(|i| strings.is_valid(i).then(|| strings.value(i).to_owned())),
        );
    }
    out
}

fn some(values: &[Option<&str>]) -> Vec<Option<String>> {
    values.iter().map(|v| v.map(str::to_owned)).collect()
}

#[tokio::test]
async fn components_in_every_layout_keep_every_row() {
    for typ in [DataType::Utf8, DataType::LargeUtf8, DataType::Utf8View] {
        let ctx = session(&typ);
        let hosts = column(&ctx, "SELECT uri_host(url) FROM t").await;
        assert_eq!(
            hosts,
            some(&[
                Some("Example.COM"),
                None,
                None,
                None,
                Some("cdn.example.net"),
                Some("127.0.0.1"),
                Some("long.example.org"),
                Some("alice.github.io"),
            ]),
            "{typ}"
        );
        let schemes = column(&ctx, "SELECT uri_scheme(url) FROM t").await;
        assert_eq!(schemes[0].as_deref(), Some("https"));
        assert_eq!(schemes[4], None, "a relative reference has no scheme");
        let paths = column(&ctx, "SELECT uri_path(url) FROM t").await;
        assert_eq!(
            paths[3].as_deref(),
            Some(""),
            "the empty text is an empty path"
        );
        assert_eq!(paths[6].as_ref().map(String::len), Some((1 << 20) + 1));
        let queries = column(&ctx, "SELECT uri_query(url) FROM t").await;
        assert_eq!(queries[7].as_deref(), Some(""), "absent and empty differ");
        assert_eq!(queries[5], None);
        for (function, expected) in [
            ("uri_userinfo", Some("user:pw")),
            ("uri_fragment", Some("top")),
            ("uri_authority", Some("user:pw@Example.COM:8443")),
            ("uri_port", Some("8443")),
            ("uri_effective_port", Some("8443")),
            ("uri_host_kind", Some("reg-name")),
            ("uri_is_valid", Some("true")),
            (
                "uri_normalize",
                Some("https://user:pw@example.com:8443/b~?utm_source=news%20letter&x=1#top"),
            ),
            // RFC 2606 reserves it, but it is registered and resolves.
            ("uri_host_class", Some("public")),
            ("uri_registrable_domain", Some("example.com")),
            ("uri_public_suffix", Some("com")),
            (
                "uri_decode",
                Some("https://user:pw@Example.COM:8443/a/../b~?utm_source=news letter&x=1#top"),
            ),
        ] {
            let found = column(&ctx, &format!("SELECT {function}(url) FROM t")).await;
            assert_eq!(found.len(), 8, "{function}: every row kept");
            assert_eq!(found[0].as_deref(), expected, "{function} over {typ}");
            assert_eq!(found[2], None, "{function}: NULL stays NULL");
        }
        let valid = column(&ctx, "SELECT uri_is_valid(url) FROM t").await;
        assert_eq!(valid[1].as_deref(), Some("false"));
        let ports = column(&ctx, "SELECT uri_effective_port(url) FROM t").await;
        assert_eq!(ports[5].as_deref(), Some("80"));
    }
}

#[tokio::test]
async fn two_argument_functions_take_scalars_and_columns() {
    let ctx = session(&DataType::Utf8View);
    let params = column(&ctx, "SELECT uri_query_param(url, 'utm_source') FROM t").await;
    assert_eq!(params[0].as_deref(), Some("news letter"));
    assert_eq!(params[1], None);
    let resolved = column(
        &ctx,
        "SELECT uri_resolve('../img/a.png', 'https://example.com/docs/page.html')",
    )
    .await;
    assert_eq!(resolved, some(&[Some("https://example.com/img/a.png")]));
    let against_rows = column(&ctx, "SELECT uri_resolve('x', url) FROM t").await;
    assert_eq!(against_rows[5].as_deref(), Some("http://127.0.0.1/x"));
    assert_eq!(against_rows[4], None, "a relative base resolves nothing");
    let encoded = column(&ctx, "SELECT uri_encode('a b/c', 'path-segment')").await;
    assert_eq!(encoded, some(&[Some("a%20b%2Fc")]));
    // The component named per row.
    let per_row = column(
        &ctx,
        "SELECT uri_encode(v, c) FROM (VALUES ('a b/c', 'path'), ('a&b', 'query-param')) AS x(v, c)",
    )
    .await;
    assert_eq!(per_row, some(&[Some("a%20b/c"), Some("a%26b")]));
    // A NULL name is a NULL answer, not a failed query.
    for sql in [
        "SELECT uri_encode('a b', NULL)",
        "SELECT uri_query_param('http://h/?a=1', NULL)",
        "SELECT uri_policy_violations('http://h/', NULL)",
    ] {
        assert_eq!(column(&ctx, sql).await, [None], "{sql}");
    }
    let lenient = column(
        &ctx,
        "SELECT uri_parse_lenient(' HTTP://Example.com\\a b ')",
    )
    .await;
    assert_eq!(lenient, some(&[Some("http://example.com/a%20b")]));
    let joined = column(&ctx, "SELECT uri_parse_lenient('../c d', 'https://h/a/b/')").await;
    assert_eq!(joined, some(&[Some("https://h/a/c%20d")]));
    let icann = column(&ctx, "SELECT uri_registrable_domain(url, 'icann') FROM t").await;
    assert_eq!(icann[7].as_deref(), Some("github.io"));
    // A list, shown as text by the cast of the `column` helper.
    let broken = column(
        &ctx,
        "SELECT uri_policy_violations(url, 'public-web') FROM t",
    )
    .await;
    assert_eq!(broken[0].as_deref(), Some("[userinfo]"));
    assert_eq!(broken[5].as_deref(), Some("[host-class]"));
    assert_eq!(broken[7].as_deref(), Some("[]"));
    assert_eq!(broken[1], None);
}

#[tokio::test]
async fn query_lists_and_relative_references() {
    let ctx = session(&DataType::Utf8);
    let values = column(
        &ctx,
        "SELECT uri_query_values(u, 'tag') FROM (VALUES \
         ('https://h/?tag=a&x=1&tag=b%20c'), ('https://h/?x=1'), ('https://h/?tag=%FF&tag=d'), \
         ('not a uri'), (NULL)) AS v(u)",
    )
    .await;
    // In order; an empty list when absent; an undecodable value keeps its
    // place as NULL; NULL for no URI reference.
    assert_eq!(
        values,
        some(&[Some("[a, b c]"), Some("[]"), Some("[, d]"), None, None])
    );
    let per_row_names = column(
        &ctx,
        "SELECT uri_query_values(u, n) FROM (VALUES ('https://h/?a=1&b=2', 'b'), ('https://h/?a=1&b=2', 'a')) AS v(u, n)",
    )
    .await;
    assert_eq!(per_row_names, some(&[Some("[2]"), Some("[1]")]));
    let names = column(&ctx, "SELECT uri_query_names(url) FROM t").await;
    assert_eq!(names[0].as_deref(), Some("[utm_source, x]"));
    assert_eq!(names[5].as_deref(), Some("[]"), "no query");
    assert_eq!(names[1], None, "no URI reference");
    let repeated = column(&ctx, "SELECT uri_query_names('?a=1&&b%20c&a=3')").await;
    assert_eq!(repeated, some(&[Some("[a, b c, a]")]));

    let relative = column(
        &ctx,
        "SELECT uri_relativize(u, 'https://example.com/docs/page.html') FROM (VALUES \
         ('https://example.com/docs/img/a.png'), ('https://example.com/other'), \
         ('https://cdn.example.net/x'), ('http://example.com/docs/'), ('https://example.com/a/../b'), \
         ('img/a.png'), (NULL)) AS v(u)",
    )
    .await;
    assert_eq!(
        relative,
        some(&[
            Some("img/a.png"),
            Some("/other"),
            Some("//cdn.example.net/x"),
            Some("http://example.com/docs/"),
            None,
            None,
            None,
        ])
    );
    let climbing = column(
        &ctx,
        "SELECT uri_relativize('http://h/a/b/x', 'http://h/a/b/c/page')",
    )
    .await;
    assert_eq!(climbing, some(&[Some("../x")]));
    // What relativize gives, resolve takes back, row by row.
    let round_trip = column(
        &ctx,
        "SELECT uri_resolve(uri_relativize(url, 'https://user:pw@Example.COM:8443/a/x'), \
         'https://user:pw@Example.COM:8443/a/x') = url FROM t",
    )
    .await;
    assert_eq!(
        round_trip[0], None,
        "dot segments: no reference, and NULL = url is NULL"
    );
    assert_eq!(round_trip[5].as_deref(), Some("true"));
    assert_eq!(round_trip[6].as_deref(), Some("true"));
}

#[tokio::test]
async fn the_functions_that_fail_name_the_row_and_the_byte() {
    let ctx = session(&DataType::Utf8);
    let err = ctx
        .sql("SELECT uri_host_or_error(url) FROM t")
        .await
        .unwrap()
        .collect()
        .await
        .unwrap_err();
    assert!(
        err.to_string()
            .contains("row 1: character \" \" not allowed in path at byte 3"),
        "{err}"
    );
    let err = ctx
        .sql("SELECT parse_url(url, 'HOST') FROM t")
        .await
        .unwrap()
        .collect()
        .await
        .unwrap_err();
    assert!(err.to_string().contains("parse_url: row 1"), "{err}");
    // An unknown policy or component is an error, not a NULL.
    assert!(
        ctx.sql("SELECT uri_encode('a', 'nope')")
            .await
            .unwrap()
            .collect()
            .await
            .is_err()
    );
}

#[tokio::test]
async fn spark_parse_url_parts_and_nulls() {
    let ctx = session(&DataType::Utf8);
    let url = "'https://user@h.example:8080/p/a?k=v%20w&k=2#f'";
    for (part, expected) in [
        ("HOST", Some("h.example")),
        ("PATH", Some("/p/a")),
        ("QUERY", Some("k=v%20w&k=2")),
        ("REF", Some("f")),
        ("PROTOCOL", Some("https")),
        ("FILE", Some("/p/a?k=v%20w&k=2")),
        ("AUTHORITY", Some("user@h.example:8080")),
        ("USERINFO", Some("user")),
        ("host", None),
    ] {
        let found = column(&ctx, &format!("SELECT parse_url({url}, '{part}')")).await;
        assert_eq!(found, some(&[expected]), "{part}");
    }
    let key = column(&ctx, &format!("SELECT parse_url({url}, 'QUERY', 'k')")).await;
    assert_eq!(key, some(&[Some("v%20w")]));
    let tried = column(&ctx, "SELECT try_parse_url(url, 'HOST') FROM t").await;
    assert_eq!(tried[1], None);
    assert_eq!(tried[0].as_deref(), Some("Example.COM"));
}

#[tokio::test]
async fn every_function_is_documented_and_registered() {
    let functions = uri_datafusion::uri_functions();
    assert!(functions.len() >= 28);
    for udf in &functions {
        let doc = udf.documentation().expect("documented");
        assert!(!doc.description.is_empty(), "{}", udf.name());
        assert!(doc.syntax_example.starts_with(udf.name()), "{}", udf.name());
    }
    // A view column keeps its layout through a component.
    let ctx = session(&DataType::Utf8View);
    let batches = ctx
        .sql("SELECT uri_host(url) FROM t")
        .await
        .unwrap()
        .collect()
        .await
        .unwrap();
    assert_eq!(batches[0].column(0).data_type(), &DataType::Utf8View);
}

/// The README's SQL example, run as written there.
#[tokio::test]
async fn the_readme_sql_example_runs() {
    let ctx = SessionContext::new();
    uri_datafusion::register(&ctx);
    ctx.sql(
        "CREATE TABLE links(url VARCHAR) AS VALUES \
         ('https://www.example.co.uk/a?utm_source=x'), ('https://blog.example.co.uk/b'), \
         ('http://127.0.0.1/admin'), ('not a url'), (NULL)",
    )
    .await
    .unwrap()
    .collect()
    .await
    .unwrap();
    let sites = column(
        &ctx,
        "SELECT uri_registrable_domain(url) AS site FROM links \
         WHERE uri_is_valid(url) GROUP BY site ORDER BY count(*) DESC, site",
    )
    .await;
    assert_eq!(sites, some(&[Some("example.co.uk"), None]));
    // The README shows this query; it cannot drift from what runs here.
    let readme = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../README.md"),
    )
    .unwrap();
    for text in [
        "uri_datafusion::register(&ctx);",
        "('http://127.0.0.1/admin'), ('not a url'), (NULL)",
        "SELECT uri_registrable_domain(url) AS site FROM links",
        "WHERE uri_is_valid(url) GROUP BY site ORDER BY count(*) DESC, site",
    ] {
        assert!(readme.contains(text), "README.md lacks {text:?}");
    }
}

/// The ClickHouse-style functions, by their SQL names.
#[tokio::test]
async fn clickhouse_style_cuts() {
    let ctx = session(&DataType::Utf8View);
    let cut = column(&ctx, "SELECT uri_cut_query(url) FROM t").await;
    assert_eq!(
        cut[0].as_deref(),
        Some("https://user:pw@Example.COM:8443/a/../b%7e#top")
    );
    assert_eq!(cut[1], None);
    let cut = column(&ctx, "SELECT uri_cut_fragment(url) FROM t").await;
    assert_eq!(
        cut[0].as_deref(),
        Some("https://user:pw@Example.COM:8443/a/../b%7e?utm_source=news%20letter&x=1")
    );
    let cut = column(
        &ctx,
        "SELECT uri_remove_query_param(url, 'utm_source') FROM t",
    )
    .await;
    assert_eq!(
        cut[0].as_deref(),
        Some("https://user:pw@Example.COM:8443/a/../b%7e?x=1#top")
    );
    let hosts = column(
        &ctx,
        "SELECT uri_host_without_www('https://www.example.co.uk/'), uri_host_without_www('mailto:x@y')",
    )
    .await;
    assert_eq!(hosts, some(&[Some("example.co.uk")]));
}
