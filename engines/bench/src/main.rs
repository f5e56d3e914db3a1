//! One timed query over the benchmark corpus repeated to a number of
//! rows, in one process, so that `scripts/sql-bench.sh` can measure each
//! subject's peak memory apart.
//!
//! ```text
//! uri-sql-bench SUBJECT ROWS PARTITIONS [ROUNDS] [LAYOUT]
//! ```
//!
//! SUBJECT is `uri_host`, `uri_normalize`, `spark_try_parse_url`,
//! `split_part` or `grouping_floor`. The corpus (`bench/data/corpus.txt`
//! of the repository) is repeated to ROWS rows in memory (a column `url`
//! of LAYOUT, `utf8` or `utf8view` as DataFusion reads Parquet by
//! default, in batches of 8,192 dealt over the partitions) before the
//! clock starts. `grouping_floor` is the grouping alone: its table holds
//! each row's host instead (a column `host`, what `split_part` gives),
//! so its time is what the query costs when the function costs nothing.
//! Prints one line: the subject, the layout, the rows, the partitions,
//! the best time of the rounds (to a tenth of a millisecond, so that the
//! ratios of the fastest cases keep their third digit) and the rows per
//! second.

use std::sync::Arc;
use std::time::Instant;

use datafusion::arrow::array::{RecordBatch, StringArray};
use datafusion::arrow::compute::cast;
use datafusion::arrow::datatypes::{DataType, Field, Schema};
use datafusion::datasource::MemTable;
use datafusion::error::{DataFusionError, Result};
use datafusion::prelude::{SessionConfig, SessionContext};

#[tokio::main]
async fn main() -> Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = || {
        DataFusionError::Plan(
            "usage: uri-sql-bench SUBJECT ROWS PARTITIONS [ROUNDS] [utf8|utf8view]".into(),
        )
    };
    let subject = args.first().ok_or_else(usage)?.clone();
    let rows: usize = args.get(1).and_then(|n| n.parse().ok()).ok_or_else(usage)?;
    let partitions: usize = args.get(2).and_then(|n| n.parse().ok()).ok_or_else(usage)?;
    let rounds: usize = args.get(3).and_then(|n| n.parse().ok()).unwrap_or(3);
    let layout = match args.get(4).map_or("utf8", String::as_str) {
        "utf8" => DataType::Utf8,
        "utf8view" => DataType::Utf8View,
        _ => return Err(usage()),
    };
    let sql = match subject.as_str() {
        "uri_host" => "SELECT uri_host(url) AS host, count(*) FROM links GROUP BY 1",
        "uri_normalize" => "SELECT count(uri_normalize(url)) FROM links",
        // The functions alone, without the grouping.
        "uri_host_only" => "SELECT count(uri_host(url)) FROM links",
        "split_part_only" => "SELECT count(split_part(split_part(url, '/', 3), ':', 1)) FROM links",
        "spark_only" => "SELECT count(try_parse_url(url, 'HOST')) FROM links",
        "spark_try_parse_url" => {
            "SELECT try_parse_url(url, 'HOST') AS host, count(*) FROM links GROUP BY 1"
        }
        "split_part" => {
            "SELECT split_part(split_part(url, '/', 3), ':', 1) AS host, count(*) FROM links GROUP BY 1"
        }
        "grouping_floor" => "SELECT host, count(*) FROM links GROUP BY 1",
        _ => return Err(usage()),
    };
    let config = SessionConfig::new().with_target_partitions(partitions);
    let ctx = SessionContext::new_with_config(config);
    if subject.starts_with("spark") {
        ctx.register_udf(
            datafusion_spark::function::url::try_parse_url()
                .as_ref()
                .clone(),
        );
    } else {
        uri_datafusion::register(&ctx);
    }
    let column = if subject == "grouping_floor" {
        Column::Host
    } else {
        Column::Url
    };
    ctx.register_table("links", table(rows, partitions, &layout, column)?)?;
    let mut best = f64::INFINITY;
    for _ in 0..rounds {
        let started = Instant::now();
        let batches = ctx.sql(sql).await?.collect().await?;
        let seconds = started.elapsed().as_secs_f64();
        std::hint::black_box(batches);
        best = best.min(seconds);
    }
    println!(
        "{subject}\t{layout}\t{rows}\t{partitions}\t{best:.4} s\t{:.0} rows/s",
        rows as f64 / best
    );
    Ok(())
}

/// What the table's one column holds for each line of the corpus.
#[derive(Clone, Copy)]
enum Column {
    /// `url`: the line.
    Url,
    /// `host`: the line's host as `split_part(split_part(url, '/', 3),
    /// ':', 1)` reads it, so that the grouping makes that subject's groups.
    Host,
}

impl Column {
    fn name(self) -> &'static str {
        match self {
            Column::Url => "url",
            Column::Host => "host",
        }
    }

    fn of(self, line: &str) -> &str {
        match self {
            Column::Url => line,
            Column::Host => {
                let authority = line.split('/').nth(2).unwrap_or("");
                authority.split(':').next().unwrap_or("")
            }
        }
    }
}

/// The corpus repeated to `rows` rows, one column of `layout`, in batches
/// of 8,192 dealt over `partitions` partitions.
fn table(
    rows: usize,
    partitions: usize,
    layout: &DataType,
    column: Column,
) -> Result<Arc<MemTable>> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../bench/data/corpus.txt");
    let corpus = std::fs::read_to_string(path)?;
    let lines: Vec<&str> = corpus.lines().collect();
    let schema = Arc::new(Schema::new(vec![Field::new(
        column.name(),
        layout.clone(),
        false,
    )]));
    let mut parts: Vec<Vec<RecordBatch>> = vec![Vec::new(); partitions.max(1)];
    let mut made = 0;
    let mut next = 0;
    while made < rows {
        let take = (rows - made).min(8192);
        let values: StringArray = (0..take)
            .map(|i| Some(column.of(lines[(made + i) % lines.len()])))
            .collect();
        let values = cast(&values, layout)?;
        let batch = RecordBatch::try_new(Arc::clone(&schema), vec![values])?;
        let part = next % parts.len();
        parts[part].push(batch);
        next += 1;
        made += take;
    }
    Ok(Arc::new(MemTable::try_new(schema, parts)?))
}
