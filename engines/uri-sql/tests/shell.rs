//! The shell through its binary: tables from CSV, NDJSON and Parquet,
//! several statements a run from `-c`, a file or standard input, each
//! output format, and errors that say what is wrong.

// Test helpers report failures by panicking.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// A folder of the system's temporary one, removed with everything in it
/// when the test that made it ends, passed or failed.
struct Scratch(PathBuf);

impl std::ops::Deref for Scratch {
    type Target = Path;

    fn deref(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        std::fs::remove_dir_all(&self.0).ok();
    }
}

/// A fresh folder with `links.csv` and `links.ndjson`, the same rows.
fn data(name: &str) -> Scratch {
    let dir = std::env::temp_dir().join(format!("uri-sql-{name}-{}", std::process::id()));
    std::fs::remove_dir_all(&dir).ok();
    std::fs::create_dir_all(&dir).unwrap();
    let urls = [
        "https://www.example.co.uk/a?utm_source=x",
        "https://Example.co.uk/b",
        "http://127.0.0.1:8080/admin",
        "not a url",
        "https://alice.github.io/",
    ];
    let mut csv = String::from("url\n");
    let mut ndjson = String::new();
    for url in urls {
        writeln!(csv, "\"{url}\"").unwrap();
        writeln!(ndjson, "{{\"url\":\"{url}\"}}").unwrap();
    }
    std::fs::write(dir.join("links.csv"), csv).unwrap();
    std::fs::write(dir.join("links.ndjson"), ndjson).unwrap();
    Scratch(dir)
}

fn shell(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_uri-sql"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).unwrap()
}

const TOP_SITES: &str = "SELECT uri_registrable_domain(url) AS site, count(*) AS n FROM links \
     GROUP BY 1 ORDER BY 2 DESC, 1 NULLS LAST";

#[test]
fn a_group_by_over_csv_and_ndjson_gives_the_same_rows() {
    let dir = data("formats");
    for file in ["links.csv", "links.ndjson"] {
        let table = format!("links={}", dir.join(file).display());
        let out = shell(&["--table", &table, "--format", "csv", "-c", TOP_SITES], "");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(
            stdout(&out),
            "site,n\nexample.co.uk,2\n,2\nalice.github.io,1\n",
            "{file}"
        );
    }
}

#[test]
fn several_statements_a_run_and_a_parquet_file_read_back() {
    let dir = data("statements");
    let csv = format!("links={}", dir.join("links.csv").display());
    let parquet = dir.join("links.parquet");
    let script = format!(
        "SET datafusion.execution.batch_size = 2; \
         CREATE TABLE hosts AS SELECT uri_host(url) AS host FROM links; \
         COPY (SELECT url, uri_host(url) AS host FROM links) TO '{}' STORED AS PARQUET; \
         SELECT count(*) AS hosts FROM hosts WHERE host IS NOT NULL;",
        parquet.display()
    );
    let out = shell(&["--table", &csv, "--memory", "--format", "json"], &script);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // COPY reports the rows it wrote, then the count.
    assert_eq!(stdout(&out), "{\"count\":5}\n{\"hosts\":4}\n");

    let table = format!("links={}", parquet.display());
    let out = shell(
        &[
            "--table",
            &table,
            "--partitions",
            "2",
            "-c",
            "SELECT host FROM links WHERE uri_host_class(url) = 'loopback'",
        ],
        "",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout(&out).contains("| 127.0.0.1 |"), "{}", stdout(&out));
}

#[test]
fn statements_from_a_file_and_a_folder_of_files_as_a_table() {
    let dir = data("folder");
    std::fs::remove_file(dir.join("links.ndjson")).unwrap();
    let script = dir.join("q.sql");
    std::fs::write(&script, "SELECT count(*) AS n FROM links; -- a comment\n").unwrap();
    // The folder holds one CSV file (and the script, which is not read).
    let table = format!("links={}", dir.display());
    let out = shell(
        &[
            "--table",
            &table,
            "-f",
            script.to_str().unwrap(),
            "--format",
            "csv",
        ],
        "",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(stdout(&out), "n\n5\n");
}

#[test]
fn mistakes_are_errors_that_say_what_is_wrong() {
    let out = shell(&["--table", "no-equals-sign", "-c", "SELECT 1"], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("write NAME=PATH"));
    let out = shell(&["--table", "t=/no/such/file.txt", "-c", "SELECT 1"], "");
    assert_eq!(out.status.code(), Some(1));
    let out = shell(&["-c", "SELECT uri_host(1, 2, 3)"], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("error: "));
}
