//! The newcomer programs of `uri-runtime/examples/` (a webhook URL check,
//! a crawler's link extraction, an API client's request URLs) each write
//! the job twice, with this crate (`fn ours`) and with the `url` crate
//! (`fn with_url`), and run both on the same inputs. Ours is the shorter,
//! counted in lines of code (neither blank nor comment).

use std::path::Path;

/// The lines of code of the function `name` in `source`: from its `fn`
/// line to the `}` that closes it at the start of a line.
fn lines_of(source: &str, name: &str) -> usize {
    let head = format!("fn {name}(");
    let body: Vec<&str> = source
        .lines()
        .skip_while(|line| !line.starts_with(&head))
        .take_while(|line| *line != "}")
        .collect();
    assert!(!body.is_empty(), "no `{head}` in the example");
    body.iter()
        .filter(|line| !line.trim().is_empty() && !line.trim_start().starts_with("//"))
        .count()
        + 1
}

#[test]
fn each_newcomer_program_is_shorter_than_its_url_twin() {
    let examples = Path::new(env!("CARGO_MANIFEST_DIR")).join("../uri-runtime/examples");
    for example in ["webhook_check", "crawl_links", "api_client"] {
        let source = std::fs::read_to_string(examples.join(format!("{example}.rs"))).unwrap();
        let (ours, theirs) = (lines_of(&source, "ours"), lines_of(&source, "with_url"));
        println!("{example}: {ours} lines, `url` {theirs}");
        assert!(
            ours < theirs,
            "{example}: ours {ours} lines, url's {theirs}"
        );
    }
}
