//! The command line.

use std::io::Read as _;

use clap::{Parser, ValueEnum};
use datafusion::error::{DataFusionError, Result};

/// SQL over Parquet, CSV and NDJSON files, with the URI functions
/// (`uri_host`, `uri_registrable_domain`, `uri_parse_lenient`, …).
/// Statements come from `-c`, then `-f`, or else from standard input;
/// several are separated by `;`.
#[derive(Parser, Debug)]
#[command(name = "uri-sql", version)]
pub(crate) struct Args {
    /// A table from a file or a folder of files: `NAME=PATH`, the format
    /// from the extension (`.parquet`, `.csv`, `.json`/`.ndjson`/`.jsonl`
    /// as JSON lines); a CSV file's first line names its columns.
    #[arg(long = "table", value_name = "NAME=PATH")]
    pub(crate) tables: Vec<String>,
    /// Load each table into memory once, rather than read its files again
    /// for every statement.
    #[arg(long)]
    pub(crate) memory: bool,
    /// A statement (or several, separated by `;`); repeatable.
    #[arg(short = 'c', long = "command", value_name = "SQL")]
    pub(crate) commands: Vec<String>,
    /// A file of statements, separated by `;`.
    #[arg(short = 'f', long = "file", value_name = "FILE")]
    pub(crate) file: Option<String>,
    /// How many partitions a query is split into (default: the cores).
    #[arg(long)]
    pub(crate) partitions: Option<usize>,
    /// How results are written.
    #[arg(long, value_enum, default_value = "table")]
    pub(crate) format: Format,
}

/// How results are written to standard output.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum Format {
    /// A table drawn with lines, as a person reads it.
    Table,
    /// CSV with a header line.
    Csv,
    /// One JSON object a row (JSON lines).
    Json,
}

impl Args {
    /// The statements to run: `-c`'s, then `-f`'s file, or else standard
    /// input whole.
    pub(crate) fn script(&self) -> Result<String> {
        let mut script = self.commands.join(";\n");
        if let Some(file) = &self.file {
            let text = std::fs::read_to_string(file)
                .map_err(|err| DataFusionError::Execution(format!("cannot read {file}: {err}")))?;
            script.push_str(";\n");
            script.push_str(&text);
        }
        if self.commands.is_empty() && self.file.is_none() {
            std::io::stdin()
                .read_to_string(&mut script)
                .map_err(|err| {
                    DataFusionError::Execution(format!("cannot read standard input: {err}"))
                })?;
        }
        Ok(script)
    }
}
