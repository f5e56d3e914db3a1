//! RFC 6570 templates on any text, with values made from the rest of the
//! input: parsing, expanding and matching never panic, errors point into
//! the template, `check` (which reads an expression's body once) gives the
//! answer of a walk with `next_piece` and `next_varspec` (which find its
//! `}` first), `expand` agrees with the parser on the expansion, and a
//! match of an expansion expands back to the same text (checked where
//! every variable is a defined string and no `{+…}` or `{#…}` keeps
//! escapes, which matching gives back decoded).
#![no_main]

#[path = "../../tests/tests/common/template_walk.rs"]
mod template_walk;

use std::collections::BTreeMap;

use libfuzzer_sys::fuzz_target;
use uri_runtime::uri_template::{Assoc, ExpandError, Var};
use uri_runtime::{UriRef, uri_template::UriTemplate};

fuzz_target!(|data: &str| {
    let (template, values) = data.split_once('\n').unwrap_or((data, ""));
    assert_eq!(
        UriTemplate::parse(template).map(|_| ()),
        template_walk::check_by_walking(template)
    );
    let template = match UriTemplate::parse(template) {
        Ok(template) => template,
        Err(err) => {
            assert!(err.index() <= template.len() && template.is_char_boundary(err.index()));
            return;
        }
    };
    // Each name takes the next line: a string, or split at `,` into a
    // list, or into `key=value` pairs, by the line's first byte.
    let mut lines = values.split('\n');
    let mut strings = Vec::new();
    let mut lists = Vec::new();
    let mut pairs = Vec::new();
    let mut only_strings = true;
    let names = template.variable_names();
    // Undefined variables in `{/a,b}` make the assignment a guess (the
    // values go to the first variables); the round trip is checked when
    // each variable has a value.
    only_strings &= values.split('\n').count() >= names.len();
    for name in names {
        let Some(line) = lines.next() else { break };
        match line.bytes().next() {
            Some(b'[') => {
                only_strings = false;
                lists.push((
                    name,
                    line[1..].split(',').map(str::to_owned).collect::<Vec<_>>(),
                ));
            }
            Some(b'{') => {
                only_strings = false;
                let members = line[1..].split(',').map(|p| {
                    let (k, v) = p.split_once('=').unwrap_or((p, ""));
                    (k.to_owned(), v.to_owned())
                });
                pairs.push((name, Assoc(members.collect::<Vec<_>>())));
            }
            _ => strings.push((name, line)),
        }
    }
    let mut vars: BTreeMap<&str, &dyn Var> = BTreeMap::new();
    for (name, value) in &strings {
        vars.insert(name, value);
    }
    for (name, value) in &lists {
        vars.insert(name, value);
    }
    for (name, value) in &pairs {
        vars.insert(name, value);
    }
    let mut text = String::new();
    match template.expand_to(&vars, &mut text) {
        Ok(()) => {}
        Err(ExpandError::PrefixOfComposite { index } | ExpandError::NestedValue { index }) => {
            assert!(index < template.as_str().len());
            return;
        }
        Err(other) => panic!("expand_to gave {other}"),
    }
    match (template.expand(&vars), UriRef::parse(&text)) {
        (Ok(value), Ok(parsed)) => {
            assert_eq!(value.as_str(), text);
            assert_eq!(value.components(), parsed.components());
        }
        (Err(ExpandError::Invalid { expansion, error }), Err(parse_error)) => {
            assert_eq!((expansion.as_str(), error), (text.as_str(), parse_error));
        }
        (ours, parser) => panic!("expand gave {ours:?}, the parser {parser:?}"),
    }
    let keeps_escapes = template.as_str().contains("{+") || template.as_str().contains("{#");
    if let Ok(found) = template.match_uri(&text) {
        if only_strings && !keeps_escapes {
            let found = found.unwrap_or_else(|| panic!("{text:?} does not match its template"));
            let mut again = String::new();
            template.expand_to(&found, &mut again).unwrap();
            assert_eq!(again, text, "{found:?}");
        }
    }
});
