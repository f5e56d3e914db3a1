//! The rows read so far, on standard error while a statement runs, when
//! standard error is a terminal: read from the metrics of the plan's
//! leaves (the scans), which count as they read, so a `GROUP BY` shows
//! its progress before it has a row to give.

use std::io::{IsTerminal as _, Write as _};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use datafusion::physical_plan::ExecutionPlan;
use tokio::task::JoinHandle;

/// The progress line of one running statement.
pub(crate) struct Progress {
    done: Arc<AtomicBool>,
    ticker: Option<JoinHandle<()>>,
}

impl Progress {
    /// Starts the line for `plan` (nothing when standard error is not a
    /// terminal).
    pub(crate) fn start(plan: Arc<dyn ExecutionPlan>) -> Progress {
        let done = Arc::new(AtomicBool::new(false));
        let ticker = std::io::stderr().is_terminal().then(|| {
            let done = Arc::clone(&done);
            tokio::spawn(async move {
                let started = Instant::now();
                while !done.load(Ordering::Relaxed) {
                    tokio::time::sleep(Duration::from_millis(250)).await;
                    let rows = rows_read(plan.as_ref());
                    let seconds = started.elapsed().as_secs_f64();
                    eprint!("\r{rows} rows read, {seconds:.1} s");
                    std::io::stderr().flush().ok();
                }
                eprint!("\r\x1b[K");
            })
        });
        Progress { done, ticker }
    }

    /// Ends the line.
    pub(crate) fn finish(self) {
        self.done.store(true, Ordering::Relaxed);
        if let Some(ticker) = self.ticker {
            ticker.abort();
            eprint!("\r\x1b[K");
        }
    }
}

/// The rows the plan's leaves have produced so far.
pub(crate) fn rows_read(plan: &dyn ExecutionPlan) -> usize {
    let children = plan.children();
    if children.is_empty() {
        return plan.metrics().and_then(|m| m.output_rows()).unwrap_or(0);
    }
    children
        .into_iter()
        .map(|child| rows_read(child.as_ref()))
        .sum()
}
