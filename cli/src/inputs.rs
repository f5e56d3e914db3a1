//! Where the values come from: the command line, and standard input line
//! by line wherever an argument is `-`. Each result goes to a buffered
//! standard output; errors go to standard error, counted, so a pipeline
//! over a million lines runs at the speed of the library and ends with a
//! one-line summary.

use std::borrow::Cow;
use std::io::{self, BufRead, BufWriter, Write};

/// What one input produced; printed text may borrow from the input, so a
/// line that needs no change (an encoded value already safe, a component)
/// is written without a copy.
pub(crate) enum Outcome<'a> {
    /// Lines for standard output.
    Print(Cow<'a, str>),
    /// A success with nothing to print.
    Silent,
    /// A message for standard error; the input counts as failed.
    Failed(String),
}

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
            let mut line = String::new();
            while lines.read_line(&mut line)? > 0 {
                let input = line.strip_suffix('\n').unwrap_or(&line);
                let input = input.strip_suffix('\r').unwrap_or(input);
                tally.record(each(input), &mut out)?;
                line.clear();
            }
        } else {
            tally.record(each(arg), &mut out)?;
        }
    }
    out.flush()?;
    if tally.from_stdin {
        eprintln!("{} inputs, {} failed", tally.inputs, tally.failed);
    }
    Ok(tally.failed == 0)
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
                // Keep stdout and stderr in order on a terminal.
                out.flush()?;
                self.failed += 1;
                eprintln!("{message}");
                Ok(())
            }
        }
    }
}
