//! A script of statements, each planned and run in turn, its result
//! written before the next starts.

use std::sync::Arc;

use datafusion::error::Result;
use datafusion::physical_plan::{ExecutionPlan, execute_stream};
use datafusion::prelude::SessionContext;
use datafusion::sql::parser::DFParser;
use futures::StreamExt as _;

use crate::args::Format;
use crate::output::Output;
use crate::progress::Progress;

/// Runs every statement of `script`, in order, writing each result; the
/// first that fails ends the run with its error.
pub(crate) async fn run_all(ctx: &SessionContext, script: &str, format: Format) -> Result<()> {
    // DataFusion's own parser splits the script, so a `;` inside a string
    // is no end of a statement.
    let statements = DFParser::parse_sql(script)?;
    let mut output = Output::new(format);
    for statement in statements {
        let plan = ctx.state().statement_to_plan(statement).await?;
        let frame = ctx.execute_logical_plan(plan).await?;
        let task = Arc::new(frame.task_ctx());
        let physical: Arc<dyn ExecutionPlan> = frame.create_physical_plan().await?;
        let progress = Progress::start(Arc::clone(&physical));
        let mut stream = execute_stream(physical, task)?;
        let mut batches = Vec::new();
        while let Some(batch) = stream.next().await {
            batches.push(batch?);
        }
        progress.finish();
        output.write(&batches)?;
    }
    Ok(())
}
