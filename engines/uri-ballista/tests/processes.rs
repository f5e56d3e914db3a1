//! The same SQL, with the same functions, on a Ballista cluster of real
//! processes: this crate's scheduler and executor binaries started on
//! localhost, a client that connects to the scheduler, and a `GROUP BY
//! uri_host(url)` over a partitioned file giving the rows a local
//! `SessionContext` gives.

// Test helpers report failures by panicking.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use datafusion::arrow::util::pretty::pretty_format_batches;
use datafusion::prelude::{CsvReadOptions, SessionContext};

const QUERY: &str = "SELECT uri_host(url) AS host, uri_registrable_domain(url) AS site, \
     count(*) AS links FROM links GROUP BY 1, 2 ORDER BY 3 DESC, 1, 2";

/// A directory of CSV files, one partition each, of corpus-like URLs.
fn partitioned_links() -> PathBuf {
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

async fn run(ctx: &SessionContext, dir: &Path) -> String {
    ctx.register_csv("links", dir.to_str().unwrap(), CsvReadOptions::new())
        .await
        .unwrap();
    let batches = ctx.sql(QUERY).await.unwrap().collect().await.unwrap();
    pretty_format_batches(&batches).unwrap().to_string()
}

/// A port free on localhost now (the process that takes it may race
/// another, which on a test machine does not happen).
fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// The processes of the cluster, ended when the test ends, however.
struct Cluster(Vec<Child>);

impl Drop for Cluster {
    fn drop(&mut self) {
        for child in &mut self.0 {
            child.kill().ok();
            child.wait().ok();
        }
    }
}

/// Starts a binary of this crate with `args`, its output kept for the
/// test's own (shown when the test fails).
fn start(binary: &str, args: &[String]) -> Child {
    Command::new(binary)
        .args(args)
        .stdin(Stdio::null())
        .spawn()
        .unwrap()
}

/// Waits until something listens on `port`, at most a minute.
fn wait_for(port: u16) {
    let address = SocketAddr::from(([127, 0, 0, 1], port));
    let start = Instant::now();
    while TcpStream::connect_timeout(&address, Duration::from_millis(200)).is_err() {
        assert!(
            start.elapsed() < Duration::from_mins(1),
            "nothing listens on {port}"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_group_by_on_a_cluster_of_processes_gives_the_local_rows() {
    let dir = partitioned_links();
    let local = SessionContext::new();
    uri_datafusion::register(&local);
    let expected = run(&local, &dir).await;
    assert!(expected.contains("example.co.uk"), "{expected}");

    let scheduler = free_port();
    let (flight, grpc) = (free_port(), free_port());
    let mut cluster = Cluster(Vec::new());
    cluster.0.push(start(
        env!("CARGO_BIN_EXE_uri-ballista-scheduler"),
        &["--port".into(), scheduler.to_string()],
    ));
    wait_for(scheduler);
    cluster.0.push(start(
        env!("CARGO_BIN_EXE_uri-ballista-executor"),
        &[
            "--scheduler".into(),
            format!("localhost:{scheduler}"),
            "--port".into(),
            flight.to_string(),
            "--grpc-port".into(),
            grpc.to_string(),
            "--concurrent-tasks".into(),
            "2".into(),
        ],
    ));
    wait_for(flight);

    // The client plans the query: its session knows the functions too.
    let remote = uri_ballista::connect(&format!("df://localhost:{scheduler}"))
        .await
        .unwrap();
    let found = tokio::time::timeout(Duration::from_mins(2), run(&remote, &dir))
        .await
        .expect("the cluster answers within two minutes");
    assert_eq!(found, expected);
    drop(cluster);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_wrong_flag_is_a_usage_error() {
    for binary in [
        env!("CARGO_BIN_EXE_uri-ballista-scheduler"),
        env!("CARGO_BIN_EXE_uri-ballista-executor"),
    ] {
        let out = Command::new(binary).arg("--nonsense").output().unwrap();
        assert_eq!(out.status.code(), Some(2));
        assert!(String::from_utf8_lossy(&out.stderr).starts_with("usage: "));
    }
}
