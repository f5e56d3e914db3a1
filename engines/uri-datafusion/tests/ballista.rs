//! The same SQL, with the same functions, distributed: a Ballista
//! scheduler and executor started in this process on localhost, the
//! functions registered on both through the session state they start
//! from, and a `GROUP BY uri_host(url)` over a partitioned file giving the
//! rows a local `SessionContext` gives.

// Test helpers report failures by panicking.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use ballista::prelude::SessionContextExt as _;
use datafusion::arrow::util::pretty::pretty_format_batches;
use datafusion::prelude::{CsvReadOptions, SessionContext};

const QUERY: &str = "SELECT uri_host(url) AS host, uri_registrable_domain(url) AS site, \
     count(*) AS links FROM links GROUP BY 1, 2 ORDER BY 3 DESC, 1, 2";

/// A directory of CSV files, one partition each, of corpus-like URLs.
fn partitioned_links() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("uri-ballista-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let urls = [
        "https://www.example.co.uk/a",
        "https://Example.co.uk/b?x=1",
        "http://127.0.0.1:8080/admin",
        "https://alice.github.io/",
        "not a url",
        "//cdn.example.net/lib.js",
        "https://www.example.co.uk/c#top",
    ];
    for part in 0..4 {
        let mut text = String::from("url\n");
        for (i, url) in urls.iter().enumerate() {
            if (i + part) % 2 == 0 {
                text.push('"');
                text.push_str(url);
                text.push_str("\"\n");
            }
        }
        std::fs::write(dir.join(format!("part-{part}.csv")), text).unwrap();
    }
    dir
}

async fn run(ctx: &SessionContext, dir: &std::path::Path) -> String {
    ctx.register_csv("links", dir.to_str().unwrap(), CsvReadOptions::new())
        .await
        .unwrap();
    let batches = ctx.sql(QUERY).await.unwrap().collect().await.unwrap();
    pretty_format_batches(&batches).unwrap().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_distributed_group_by_gives_the_local_rows() {
    let dir = partitioned_links();
    let local = SessionContext::new();
    uri_datafusion::register(&local);
    let expected = run(&local, &dir).await;
    assert!(expected.contains("example.co.uk"), "{expected}");

    // The scheduler and the executor start from this state, so both know
    // the functions; on a real cluster each executor registers them the
    // same way (see the README).
    let with_functions = SessionContext::new();
    uri_datafusion::register(&with_functions);
    let distributed = SessionContext::standalone_with_state(with_functions.state())
        .await
        .unwrap();
    // The client plans the query: its session needs them as well.
    uri_datafusion::register(&distributed);
    let found = run(&distributed, &dir).await;
    assert_eq!(found, expected);
    std::fs::remove_dir_all(&dir).ok();
}
