//! Runs SQL over a CSV file of URLs with the URI functions registered:
//! the top hosts by count unless a query is given.
//!
//! ```text
//! cargo run --release --example uri_sql -- links.csv
//! cargo run --release --example uri_sql -- links.csv \
//!     "SELECT uri_host_class(url) AS class, count(*) FROM links GROUP BY 1 ORDER BY 2 DESC"
//! ```
//!
//! The file's first line names its columns, and one of them is `url`; the
//! table is `links`. On a terminal, standard error shows the rows read so
//! far while the query runs.

use std::io::IsTerminal as _;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use datafusion::arrow::util::pretty::pretty_format_batches;
use datafusion::error::Result;
use datafusion::prelude::{CsvReadOptions, SessionContext};
use futures::StreamExt as _;

const TOP_HOSTS: &str = "SELECT uri_host(url) AS host, count(*) AS links FROM links \
     GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 20";

#[tokio::main]
async fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.first() else {
        eprintln!("usage: uri_sql FILE.csv [SQL]   (the table is `links`, with a column `url`)");
        return ExitCode::FAILURE;
    };
    let sql = args.get(1).map_or(TOP_HOSTS, String::as_str);
    match run(path, sql).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err}");
            ExitCode::FAILURE
        }
    }
}

async fn run(path: &str, sql: &str) -> Result<()> {
    let ctx = SessionContext::new();
    uri_datafusion::register(&ctx);
    ctx.register_csv("links", path, CsvReadOptions::new())
        .await?;
    let started = Instant::now();
    let rows = Arc::new(AtomicUsize::new(0));
    let done = Arc::new(AtomicBool::new(false));
    let progress = std::io::stderr()
        .is_terminal()
        .then(|| spawn_progress(Arc::clone(&rows), Arc::clone(&done), started));
    let mut stream = ctx.sql(sql).await?.execute_stream().await?;
    let mut batches = Vec::new();
    while let Some(batch) = stream.next().await {
        let batch = batch?;
        rows.fetch_add(batch.num_rows(), Ordering::Relaxed);
        batches.push(batch);
    }
    done.store(true, Ordering::Relaxed);
    if let Some(progress) = progress {
        let _ = progress.await;
    }
    println!("{}", pretty_format_batches(&batches)?);
    eprintln!(
        "{} result rows in {:.2?}",
        rows.load(Ordering::Relaxed),
        started.elapsed()
    );
    Ok(())
}

/// A line on standard error, redrawn twice a second: the time so far and
/// the result rows seen, until `done`.
fn spawn_progress(
    rows: Arc<AtomicUsize>,
    done: Arc<AtomicBool>,
    started: Instant,
) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        while !done.load(Ordering::Relaxed) {
            eprint!(
                "\r{:>6.1} s, {} result rows",
                started.elapsed().as_secs_f64(),
                rows.load(Ordering::Relaxed)
            );
            tokio::time::sleep(Duration::from_millis(500)).await;
        }
        eprint!("\r\x1b[K");
    })
}
