//! `uri-sql`: SQL over Parquet, CSV and NDJSON files, with the URI
//! functions of `uri-datafusion` registered.
//!
//! ```text
//! $ uri-sql --table links=links.parquet \
//!       -c "SELECT uri_host(url) AS host, count(*) AS n FROM links GROUP BY 1 ORDER BY 2 DESC LIMIT 10"
//! $ uri-sql --table logs=logs/ --memory --format csv < queries.sql
//! ```
//!
//! Tables come from files or folders (`--table NAME=PATH`, the format
//! from the extension), read where they lie or loaded into memory once
//! (`--memory`); statements from `-c` (repeatable), a file (`-f`) or
//! standard input, several a run, `SET` and `CREATE TABLE … AS` included;
//! results as a table, CSV or JSON lines; on a terminal, standard error
//! shows the rows read so far while a statement runs.

mod args;
mod output;
mod progress;
mod statements;
mod tables;

use std::process::ExitCode;

use clap::Parser as _;
use datafusion::error::Result;
use datafusion::prelude::{SessionConfig, SessionContext};

use args::Args;

#[tokio::main]
async fn main() -> ExitCode {
    let args = Args::parse();
    match run(&args).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err}");
            ExitCode::FAILURE
        }
    }
}

async fn run(args: &Args) -> Result<()> {
    let mut config = SessionConfig::new().with_information_schema(true);
    if let Some(partitions) = args.partitions {
        config = config.with_target_partitions(partitions);
    }
    let ctx = SessionContext::new_with_config(config);
    uri_datafusion::register(&ctx);
    for table in &args.tables {
        tables::register(&ctx, table, args.memory).await?;
    }
    let script = args.script()?;
    statements::run_all(&ctx, &script, args.format).await
}
