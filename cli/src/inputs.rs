//! Where the values come from: the command line, and standard input line
//! by line wherever an argument is `-`. Each result goes to a buffered
//! standard output; errors go to standard error, counted, so a pipeline
//! over a million lines runs at the speed of the library and ends with a
//! one-line summary when something failed (or with `--summary`).

use std::io::{self, BufRead, BufWriter, Write};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::forms;
use crate::outcome::Outcome;

/// Runs `each` over every input and returns whether all succeeded.
pub(crate) fn run(
    args: &[String],
    mut each: impl for<'a> FnMut(&'a str) -> Outcome<'a>,
) -> io::Result<bool> {
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut tally = Tally::default();
    for arg in args {
        if arg == "-" {
            tally.from_stdin = true;
            let stdin = io::stdin();
            let mut lines = stdin.lock();
            // Bytes, not a `String`: a line that is not UTF-8 is one failed
            // input, and the lines after it are still read.
            let mut line = Vec::new();
            let mut number = 0u64;
            while lines.read_until(b'\n', &mut line)? > 0 {
                number += 1;
                let input = line.strip_suffix(b"\n").unwrap_or(&line);
                let input = input.strip_suffix(b"\r").unwrap_or(input);
                let outcome = match std::str::from_utf8(input) {
                    Ok(text) => forms::apply(text, &mut each),
                    Err(err) => Outcome::Failed(not_utf8(number, input, &err)),
                };
                tally.record(outcome, &mut out)?;
                line.clear();
            }
        } else {
            tally.record(forms::apply(arg, &mut each), &mut out)?;
        }
    }
    out.flush()?;
    // A clean run says nothing: scripts read stderr as "something to see".
    if tally.from_stdin && (tally.failed > 0 || SUMMARY.load(Ordering::Relaxed)) {
        eprintln!("{} inputs, {} failed", tally.inputs, tally.failed);
    }
    Ok(tally.failed == 0)
}

/// `--summary`: print the summary after standard input even when nothing
/// failed.
static SUMMARY: AtomicBool = AtomicBool::new(false);

/// Sets `--summary` for the run.
pub(crate) fn always_summarize(on: bool) {
    SUMMARY.store(on, Ordering::Relaxed);
}

/// `--on-error TEXT`: what stands on standard output for a failed input.
static FAILURE_MARKER: OnceLock<Option<String>> = OnceLock::new();

/// Sets `--on-error` for the run.
pub(crate) fn mark_failures(marker: Option<String>) {
    // Set once, from `main`, before any input is read.
    let _ = FAILURE_MARKER.set(marker);
}

/// The message for line `number` of standard input, which is not UTF-8.
fn not_utf8(number: u64, line: &[u8], err: &std::str::Utf8Error) -> String {
    let at = err.valid_up_to();
    let rest = line.get(at..).unwrap_or_default();
    let bad = rest
        .get(..err.error_len().unwrap_or(rest.len()))
        .unwrap_or(rest);
    let hex: Vec<String> = bad.iter().map(|b| format!("{b:02X}")).collect();
    format!(
        "error: line {number} is not UTF-8: invalid byte sequence {} at byte {at}",
        hex.join(" ")
    )
}

#[derive(Default)]
struct Tally {
    inputs: u64,
    failed: u64,
    from_stdin: bool,
}

impl Tally {
    fn record(&mut self, outcome: Outcome<'_>, out: &mut impl Write) -> io::Result<()> {
        self.inputs += 1;
        match outcome {
            Outcome::Print(text) => writeln!(out, "{text}"),
            Outcome::Silent => Ok(()),
            Outcome::Failed(message) => {
                if let Some(marker) = FAILURE_MARKER.get().and_then(Option::as_deref) {
                    writeln!(out, "{marker}")?;
                }
                // Keep stdout and stderr in order on a terminal.
                out.flush()?;
                self.failed += 1;
                eprintln!("{message}");
                Ok(())
            }
        }
    }
}
