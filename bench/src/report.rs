//! The one table: every subject of every operation, with its median time,
//! throughput, median per-round ratio to the fastest peer, allocations and
//! instructions; then each goal, met or not.

use std::collections::HashMap;
use std::fmt::Write as _;

use crate::operation::Operation;
use crate::timing::{median, median_ratio};

/// Per-item figures measured by other runs, keyed by (operation, subject).
pub type Figures = HashMap<(String, String), f64>;

/// One operation's timings, `[subject][round]` as [`crate::timing::rounds`]
/// returns them.
pub struct Timed<'a> {
    /// What was timed.
    pub operation: &'a Operation<'a>,
    /// Seconds per pass.
    pub seconds: Vec<Vec<f64>>,
}

impl Timed<'_> {
    /// The index (among all subjects) of the peer with the lowest median.
    fn best_peer(&self) -> usize {
        (1..self.seconds.len())
            .min_by(|&a, &b| median(&self.seconds[a]).total_cmp(&median(&self.seconds[b])))
            .unwrap_or(0)
    }

    fn index_of(&self, name: &str) -> Option<usize> {
        self.operation.subjects().position(|s| s.name == name)
    }
}

/// The markdown table and the goals.
pub fn render(timed: &[Timed<'_>], allocations: &Figures, instructions: &Figures) -> String {
    let mut out = String::from(
        "| operation | subject | time per item | throughput | × fastest peer | allocations per item | instructions per item |\n\
         |---|---|---:|---:|---:|---:|---:|\n",
    );
    for t in timed {
        let best = t.best_peer();
        let items = t.operation.items as f64;
        for (k, subject) in t.operation.subjects().enumerate() {
            let seconds = median(&t.seconds[k]);
            let key = (t.operation.name.clone(), subject.name.to_owned());
            let name = if k == 0 {
                format!("**{}**", subject.name)
            } else {
                subject.name.to_owned()
            };
            let _ = writeln!(
                out,
                "| {} | {} | {} | {:.2} GB/s | {:.2} | {} | {} |",
                t.operation.name,
                name,
                duration(seconds / items),
                t.operation.bytes as f64 / seconds / 1e9,
                median_ratio(&t.seconds[k], &t.seconds[best]),
                figure(allocations.get(&key), 2),
                figure(instructions.get(&key), 0),
            );
        }
    }
    out.push_str("\n| goal | measured | met |\n|---|---:|:---:|\n");
    for t in timed {
        let Some(target) = t.operation.target else {
            continue;
        };
        let (peer, against) = match target.against {
            Some(name) => (t.index_of(name).unwrap_or(0), name.to_owned()),
            None => (t.best_peer(), "the fastest peer".to_owned()),
        };
        let peer_name = t.operation.subjects().nth(peer).map_or("?", |s| s.name);
        let ratio = median_ratio(&t.seconds[0], &t.seconds[peer]);
        let _ = writeln!(
            out,
            "| {}: time ≤ {:.2} × {} | {:.2} × {} | {} |",
            t.operation.name,
            target.ratio,
            against,
            ratio,
            peer_name,
            if ratio <= target.ratio { "yes" } else { "no" },
        );
    }
    out
}

fn duration(seconds: f64) -> String {
    match seconds {
        s if s < 1e-6 => format!("{:.1} ns", s * 1e9),
        s if s < 1e-3 => format!("{:.1} µs", s * 1e6),
        s => format!("{:.2} ms", s * 1e3),
    }
}

fn figure(value: Option<&f64>, decimals: usize) -> String {
    value.map_or_else(|| "–".to_owned(), |v| format!("{v:.decimals$}"))
}

/// Reads `operation<TAB>subject<TAB>value` lines.
///
/// # Errors
///
/// The file cannot be read, or a line has no number in its third field.
pub fn read_figures(path: &str) -> Result<Figures, String> {
    let text = std::fs::read_to_string(path).map_err(|err| format!("{path}: {err}"))?;
    text.lines()
        .filter(|line| !line.is_empty())
        .map(|line| {
            let mut fields = line.split('\t');
            let (Some(op), Some(subject), Some(value)) =
                (fields.next(), fields.next(), fields.next())
            else {
                return Err(format!(
                    "{path}: expected three tab-separated fields in {line:?}"
                ));
            };
            let value = value
                .parse()
                .map_err(|_| format!("{path}: not a number in {line:?}"))?;
            Ok(((op.to_owned(), subject.to_owned()), value))
        })
        .collect()
}
