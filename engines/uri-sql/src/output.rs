//! Results on standard output, in the format asked for.

use std::io::{BufWriter, Write as _};

use datafusion::arrow::array::RecordBatch;
use datafusion::arrow::util::pretty::pretty_format_batches;
use datafusion::error::Result;

use crate::args::Format;

/// Where results go, in one format for the whole run.
pub(crate) struct Output {
    format: Format,
}

impl Output {
    pub(crate) fn new(format: Format) -> Output {
        Output { format }
    }

    /// Writes one statement's result; a statement with no rows and no
    /// columns (`SET`, `CREATE TABLE`) writes nothing.
    pub(crate) fn write(&mut self, batches: &[RecordBatch]) -> Result<()> {
        if batches.iter().all(|b| b.num_columns() == 0) {
            return Ok(());
        }
        let stdout = std::io::stdout();
        let mut out = BufWriter::new(stdout.lock());
        match self.format {
            Format::Table => writeln!(out, "{}", pretty_format_batches(batches)?)?,
            Format::Csv => {
                let mut writer = datafusion::arrow::csv::WriterBuilder::new()
                    .with_header(true)
                    .build(&mut out);
                for batch in batches {
                    writer.write(batch)?;
                }
            }
            Format::Json => {
                let mut writer = datafusion::arrow::json::LineDelimitedWriter::new(&mut out);
                for batch in batches {
                    writer.write(batch)?;
                }
                writer.finish()?;
            }
        }
        out.flush()?;
        Ok(())
    }
}
