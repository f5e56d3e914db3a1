//! `uri`: RFC 3986 URIs from the shell, through the same parser as the
//! library.
//!
//! ```text
//! $ uri parse 'https://example.com:8443/a%20b?q#top'
//! $ uri check - < urls.txt          # exit status 1 if any is invalid
//! $ uri resolve https://a/b/c ../d ?x
//! $ uri encode --set query-param 'a&b=c d'
//! $ uri set query=page=2 https://example.com/search
//! $ uri iterate 'scheme=http https' --also 'port=80 8080' //example.com/
//! $ uri query --remove 'utm_*' --set page=2 --sort https://example.com/s?q=1
//! $ uri file-to-path --windows file:///C:/Users/me/a%20b.txt
//! $ uri path-to-file /home/me/notes.txt
//! ```
//!
//! Every command takes its values as arguments, and reads them one per
//! line from standard input where an argument is `-`.

mod args;
mod commands;
mod format;
mod forms;
mod get;
mod inputs;
mod json;
mod outcome;
mod policy;
mod report;
mod shown;

use std::process::ExitCode;

use clap::Parser;

use args::Cli;

fn main() -> ExitCode {
    let cli = Cli::parse();
    inputs::always_summarize(cli.summary);
    inputs::mark_failures(cli.on_error);
    forms::choose(forms::Forms {
        iri_input: cli.iri,
        lenient_input: cli.lenient,
        idn_output: cli.idn,
        zone_ids: cli.zone_ids,
    });
    match commands::run(cli.command) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        // A closed pipe (`uri parse - | head`) is the reader's choice.
        Err(err) if err.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("{}", report::plain(&err.to_string()));
            ExitCode::FAILURE
        }
    }
}
