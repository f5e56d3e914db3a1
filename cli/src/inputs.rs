//! Where the values come from: the command line, and standard input line
//! by line wherever an argument is `-`. Each result goes to a buffered
//! standard output; errors go to standard error, counted, so a pipeline
//! over a million lines runs at the speed of the library and ends with a
//! one-line summary when something failed (or with `--summary`).

use std::borrow::Cow;
use std::io::{self, BufRead, BufWriter, IsTerminal, Write};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};

use uri_runtime::pct;

use crate::forms::{self, Reading};
use crate::outcome::Outcome;
use crate::report;

/// How the results are laid out on standard output.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum Layout {
    /// Each result as it is, on its own line(s).
    #[default]
    Lines,
    /// Each result a JSON object on its own line, a failed input's too.
    JsonLines,
    /// One JSON array of those objects, an element per line.
    JsonArray,
}

/// Runs `each` over every input, each a URI reference read in the forms
/// asked for (`--iri`, `--lenient`, `--idn`), and returns whether all
/// succeeded.
pub(crate) fn run(
    args: &[String],
    mut each: impl for<'a> FnMut(&'a str) -> Outcome<'a>,
) -> io::Result<bool> {
    run_read(args, Reading::Reference, Layout::Lines, |text, _| {
        each(text)
    })
}

/// [`run`], with each input read as `reading` says.
pub(crate) fn run_as(
    args: &[String],
    reading: Reading,
    mut each: impl for<'a> FnMut(&'a str) -> Outcome<'a>,
) -> io::Result<bool> {
    run_read(args, reading, Layout::Lines, |text, _| each(text))
}

/// [`run`], with the results laid out as `layout` says. In the JSON
/// layouts a failed input is an object with an `error`, in its place
/// among the results, and standard error gets only the summary.
///
/// `each` is lent an empty line buffer with every input; it may write its
/// result there and answer [`Outcome::Written`]. The buffer's allocation
/// is kept from one input to the next.
pub(crate) fn run_laid_out(
    args: &[String],
    layout: Layout,
    each: impl for<'a> FnMut(&'a str, &mut String) -> Outcome<'a>,
) -> io::Result<bool> {
    run_read(args, Reading::Reference, layout, each)
}

fn run_read(
    args: &[String],
    reading: Reading,
    layout: Layout,
    mut each: impl for<'a> FnMut(&'a str, &mut String) -> Outcome<'a>,
) -> io::Result<bool> {
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut tally = Tally {
        layout,
        reading,
        ..Tally::default()
    };
    let mut written = String::new();
    // No value on the command line: standard input, unless a person is
    // typing there (then the command was probably given too little).
    let from_stdin = [String::from("-")];
    let args = match args {
        [] if io::stdin().is_terminal() => {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "no input: give values as arguments, or one a line on standard input",
            ));
        }
        [] => &from_stdin[..],
        args => args,
    };
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
                // Every line is an input, so that the output stays in step
                // with the input line for line (trurl skips blank ones);
                // a blank one gives a blank line, not an error about
                // nothing.
                if layout == Layout::Lines && input.is_empty() {
                    tally.inputs += 1;
                    out.write_all(b"\n")?;
                    line.clear();
                    continue;
                }
                match std::str::from_utf8(input) {
                    Ok(text) => run_one(text, &mut each, &mut written, &mut tally, &mut out)?,
                    Err(err) => {
                        let failed = Outcome::Failed(not_utf8(number, input, &err));
                        tally.record(&String::from_utf8_lossy(input), failed, "", &mut out)?;
                    }
                }
                line.clear();
            }
        } else {
            run_one(arg, &mut each, &mut written, &mut tally, &mut out)?;
        }
    }
    tally.finish(&mut out)?;
    out.flush()?;
    // A clean run says nothing: scripts read stderr as "something to see".
    if tally.from_stdin && (tally.failed > 0 || SUMMARY.load(Ordering::Relaxed)) {
        eprintln!("{} inputs, {} failed", tally.inputs, tally.failed);
    }
    Ok(tally.failed == 0)
}

/// Runs `each` on one input in the forms asked for, lending it the line
/// buffer emptied, and records what came of it.
fn run_one(
    text: &str,
    each: &mut impl for<'a> FnMut(&'a str, &mut String) -> Outcome<'a>,
    written: &mut String,
    tally: &mut Tally,
    out: &mut impl Write,
) -> io::Result<()> {
    written.clear();
    let json = tally.layout != Layout::Lines;
    let outcome = forms::apply(text, json, tally.reading, &mut |text| each(text, written));
    tally.record(text, outcome, written, out)
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
    /// Results written, for the commas of a JSON array.
    printed: u64,
    from_stdin: bool,
    layout: Layout,
    reading: Reading,
}

impl Tally {
    /// Counts and prints one input's outcome; `written` is what it wrote
    /// into the line buffer.
    fn record(
        &mut self,
        input: &str,
        outcome: Outcome<'_>,
        written: &str,
        out: &mut impl Write,
    ) -> io::Result<()> {
        self.inputs += 1;
        match outcome {
            Outcome::Print(text) => self.print(&text, out),
            Outcome::Written => self.print(written, out),
            Outcome::Silent => Ok(()),
            Outcome::Rejected(line) => {
                self.failed += 1;
                self.print(&line, out)
            }
            Outcome::Failed(message) if self.layout != Layout::Lines => {
                self.failed += 1;
                self.print(&report::failure_json(input, &message), out)
            }
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

    /// One result and its line break; inside a JSON array, the `[` or the
    /// comma before it, and the line break after it left to what follows.
    fn print(&mut self, text: &str, out: &mut impl Write) -> io::Result<()> {
        let first = self.printed == 0;
        self.printed += 1;
        match self.layout {
            Layout::JsonArray => {
                out.write_all(if first { b"[\n" } else { b",\n" })?;
                out.write_all(text.as_bytes())
            }
            Layout::JsonLines => {
                out.write_all(text.as_bytes())?;
                out.write_all(b"\n")
            }
            Layout::Lines => {
                out.write_all(shown_lines(text).as_bytes())?;
                out.write_all(b"\n")
            }
        }
    }

    /// Closes a JSON array (an empty one when nothing was printed).
    fn finish(&self, out: &mut impl Write) -> io::Result<()> {
        match (self.layout, self.printed) {
            (Layout::JsonArray, 0) => out.write_all(b"[]\n"),
            (Layout::JsonArray, _) => out.write_all(b"\n]\n"),
            _ => Ok(()),
        }
    }
}

/// The lines of `text` with every character that would act on the
/// terminal escaped as `%XX` ([`pct::encode_unshowable`]), but for the
/// line breaks between them and the tabs a `format` template may hold.
/// Each command escapes the values it decodes already; this is the last
/// guard, for whatever else reaches a person (an IRI's text, a header),
/// and it costs one look at the bytes of a plain ASCII result.
fn shown_lines(text: &str) -> Cow<'_, str> {
    if text
        .bytes()
        .all(|b| matches!(b, b'\n' | b'\t' | 0x20..=0x7E))
    {
        return Cow::Borrowed(text);
    }
    let lines: Vec<String> = text
        .split('\n')
        .map(|line| {
            line.split('\t')
                .map(|cell| pct::encode_unshowable(cell).into_owned())
                .collect::<Vec<_>>()
                .join("\t")
        })
        .collect();
    Cow::Owned(lines.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::shown_lines;

    #[test]
    fn what_reaches_the_terminal_cannot_act_on_it() {
        assert_eq!(shown_lines("a\tb\nc"), "a\tb\nc");
        assert_eq!(
            shown_lines("x\u{2066}y\n\u{9b}2J\t\u{1b}"),
            "x%E2%81%A6y\n%C2%9B2J\t%1B"
        );
        assert_eq!(shown_lines("été 例"), "été 例");
    }
}
