//! Tables from files: the format read from the extension, the files
//! read where they lie or once into memory.

use std::path::Path;
use std::sync::Arc;

use datafusion::datasource::MemTable;
use datafusion::error::{DataFusionError, Result};
use datafusion::prelude::{
    CsvReadOptions, DataFrame, JsonReadOptions, ParquetReadOptions, SessionContext,
};

/// A file format this shell reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Parquet,
    Csv,
    Json,
}

impl Kind {
    /// The format a file's extension names, with the extension as it is
    /// written (a folder's files must have it too).
    fn of(path: &Path) -> Option<(Kind, String)> {
        let extension = path.extension()?.to_str()?;
        let kind = match extension.to_ascii_lowercase().as_str() {
            "parquet" => Kind::Parquet,
            "csv" => Kind::Csv,
            "json" | "ndjson" | "jsonl" => Kind::Json,
            _ => return None,
        };
        Some((kind, format!(".{extension}")))
    }
}

/// The format of `path`: its extension's, or for a folder that of its
/// first file with one this shell reads.
fn kind_of(path: &Path) -> Result<(Kind, String)> {
    if let Some(found) = Kind::of(path) {
        return Ok(found);
    }
    let unknown = || {
        DataFusionError::Plan(format!(
            "{}: no .parquet, .csv, .json, .ndjson or .jsonl file to read",
            path.display()
        ))
    };
    if !path.is_dir() {
        return Err(unknown());
    }
    let mut names: Vec<_> = std::fs::read_dir(path)?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .collect();
    names.sort();
    names
        .iter()
        .find_map(|name| Kind::of(name))
        .ok_or_else(unknown)
}

/// Registers the table `NAME=PATH` on `ctx`, in memory if asked.
pub(crate) async fn register(ctx: &SessionContext, table: &str, memory: bool) -> Result<()> {
    let Some((name, path)) = table.split_once('=').filter(|(name, _)| !name.is_empty()) else {
        return Err(DataFusionError::Plan(format!(
            "--table {table:?}: write NAME=PATH"
        )));
    };
    let (kind, extension) = kind_of(Path::new(path))?;
    let frame = read(ctx, path, kind, &extension).await?;
    if memory {
        let schema = Arc::new(frame.schema().as_arrow().clone());
        let partitions = frame.collect_partitioned().await?;
        ctx.register_table(name, Arc::new(MemTable::try_new(schema, partitions)?))?;
    } else {
        ctx.register_table(name, frame.into_view())?;
    }
    Ok(())
}

async fn read(ctx: &SessionContext, path: &str, kind: Kind, extension: &str) -> Result<DataFrame> {
    match kind {
        Kind::Parquet => {
            ctx.read_parquet(path, ParquetReadOptions::new().file_extension(extension))
                .await
        }
        Kind::Csv => {
            ctx.read_csv(path, CsvReadOptions::new().file_extension(extension))
                .await
        }
        Kind::Json => {
            ctx.read_json(path, JsonReadOptions::default().file_extension(extension))
                .await
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Kind, kind_of};
    use std::path::Path;

    #[test]
    fn the_format_comes_from_the_extension() {
        assert_eq!(
            Kind::of(Path::new("a/links.PARQUET")).map(|k| k.0),
            Some(Kind::Parquet)
        );
        assert_eq!(
            Kind::of(Path::new("x.jsonl")).map(|k| k.0),
            Some(Kind::Json)
        );
        assert_eq!(
            Kind::of(Path::new("x.csv")).map(|k| k.1),
            Some(".csv".to_owned())
        );
        assert!(Kind::of(Path::new("x.txt")).is_none());
        assert!(kind_of(Path::new("/no/such/file.txt")).is_err());
    }
}
