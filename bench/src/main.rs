//! Side-by-side benchmarks of the uri crates against their peers.
//!
//! `scripts/bench.sh` runs every mode and prints one table; the modes are:
//!
//! - `table [--rounds N] [--only TEXT] [--allocations FILE] [--instructions FILE]`:
//!   times every operation (or those whose name contains `TEXT`) in
//!   interleaved rounds and prints the table, with the per-item figures of
//!   the other modes' files;
//! - `list`: one line per subject, `operation<TAB>subject<TAB>items`;
//! - `once OPERATION SUBJECT`: one pass of one subject (or of nothing, for
//!   `none`), for callgrind to count, between two `sched_yield` calls for
//!   `scripts/count-instructions.sh` to count on the CPU itself;
//! - `allocations`: allocations per item of every subject (built with the
//!   feature `count-allocations`, which replaces the global allocator and
//!   so stays out of the timed build).
//!
//! Every mode takes `--corpus PATH` (default: the repository's own copy,
//! `bench/data/corpus.txt`).

mod coding;
mod lenient;
mod operation;
mod parsing;
mod policy;
mod report;
mod site;
mod templates;
mod timing;
mod workloads;

use std::hint::black_box;
use std::path::PathBuf;
use std::process::ExitCode;

use operation::Operation;
use workloads::Inputs;

const USAGE: &str = "usage: uri-bench [--corpus PATH] \
    (table [--rounds N] [--only TEXT] [--allocations FILE] [--instructions FILE] | list | once OPERATION SUBJECT | allocations)";

fn main() -> ExitCode {
    match run(std::env::args().skip(1).collect()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("uri-bench: {message}");
            ExitCode::FAILURE
        }
    }
}

fn run(mut args: Vec<String>) -> Result<(), String> {
    let corpus = take_option(&mut args, "--corpus")?.map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data/corpus.txt"),
        PathBuf::from,
    );
    let inputs = Inputs::load(&corpus)?;
    let groups = templates::groups();
    let operations: Vec<Operation<'_>> = parsing::operations(&inputs)
        .into_iter()
        .chain(policy::operations(&inputs))
        .chain(lenient::operations(&inputs))
        .chain(site::operations(&inputs))
        .chain(coding::operations(&inputs))
        .chain(templates::operations(&groups))
        .collect();
    match args.first().map(String::as_str) {
        Some("table") => table(&operations, &mut args),
        Some("list") => {
            for op in &operations {
                for subject in op.subjects() {
                    println!("{}\t{}\t{}", op.name, subject.name, op.items);
                }
            }
            Ok(())
        }
        Some("once") => {
            let result = once(&operations, &args);
            // Not dropped: freeing the inputs costs more or less with the
            // heap the subject left behind, by more than a small
            // operation's whole pass, and the pass minus the baseline
            // (`none`, which runs nothing) must count the subject alone.
            std::mem::forget(operations);
            std::mem::forget(inputs);
            result
        }
        Some("allocations") => allocations(&operations),
        _ => Err(USAGE.into()),
    }
}

fn table(operations: &[Operation<'_>], args: &mut Vec<String>) -> Result<(), String> {
    let rounds = match take_option(args, "--rounds")? {
        Some(n) => n
            .parse()
            .map_err(|_| format!("--rounds: not a count: {n}"))?,
        None => 31,
    };
    let figures = |path: Option<String>| {
        path.map_or_else(
            || Ok(report::Figures::default()),
            |p| report::read_figures(&p),
        )
    };
    let only = take_option(args, "--only")?.unwrap_or_default();
    let allocations = figures(take_option(args, "--allocations")?)?;
    let instructions = figures(take_option(args, "--instructions")?)?;
    let timed: Vec<_> = operations
        .iter()
        .filter(|operation| operation.name.contains(&only))
        .map(|operation| {
            eprintln!("timing {} ({rounds} rounds)", operation.name);
            report::Timed {
                operation,
                seconds: timing::rounds(operation, rounds),
            }
        })
        .collect();
    print!("{}", report::render(&timed, &allocations, &instructions));
    Ok(())
}

fn once(operations: &[Operation<'_>], args: &[String]) -> Result<(), String> {
    let [_, op, subject] = args else {
        return Err(USAGE.into());
    };
    let operation = operations
        .iter()
        .find(|o| &o.name == op)
        .ok_or_else(|| format!("no operation named {op:?}"))?;
    let subject = match subject.as_str() {
        "none" => None,
        name => Some(
            operation
                .subjects()
                .find(|s| s.name == name)
                .ok_or_else(|| format!("no subject named {name:?} in {op:?}"))?,
        ),
    };
    // The pass between two `sched_yield` calls, which
    // `scripts/count-instructions.sh` stops at: it counts the
    // instructions between them on the CPU itself.
    std::thread::yield_now();
    if let Some(subject) = subject {
        black_box((subject.run)());
    }
    std::thread::yield_now();
    Ok(())
}

#[cfg(feature = "count-allocations")]
#[allow(
    clippy::unnecessary_wraps,
    reason = "the same signature as without the feature"
)]
fn allocations(operations: &[Operation<'_>]) -> Result<(), String> {
    for op in operations {
        for subject in op.subjects() {
            // ada allocates on the C++ heap, which this counter does not
            // see: no figure rather than a false zero.
            if subject.name.starts_with("ada") {
                continue;
            }
            // One pass first, so lazily built tables are not counted.
            black_box((subject.run)());
            let info = allocation_counter::measure(|| {
                black_box((subject.run)());
            });
            println!(
                "{}\t{}\t{}",
                op.name,
                subject.name,
                info.count_total as f64 / op.items as f64
            );
        }
    }
    Ok(())
}

#[cfg(not(feature = "count-allocations"))]
fn allocations(_: &[Operation<'_>]) -> Result<(), String> {
    Err("allocations are counted only in a build with --features count-allocations".into())
}

/// Removes `name VALUE` from `args`, returning the value.
fn take_option(args: &mut Vec<String>, name: &str) -> Result<Option<String>, String> {
    let Some(at) = args.iter().position(|a| a == name) else {
        return Ok(None);
    };
    if at + 1 >= args.len() {
        return Err(format!("{name} needs a value"));
    }
    let value = args.remove(at + 1);
    args.remove(at);
    Ok(Some(value))
}
