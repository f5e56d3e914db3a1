//! RFC 6570 templates: parse and expand each example of the RFC's section
//! 1.2 (the suite's `spec-examples.json`, 64 templates in four groups) with
//! its group's variables, against `std-uritemplate` and `iri-string`.
//!
//! Each subject gets the variables in its own crate's form, built once
//! outside the timed pass: ours and `std-uritemplate` a map of JSON-like
//! values, `iri-string` its `SimpleContext`. Each pass parses every
//! template and writes its expansion into a new `String`, as a user who
//! holds the template as text would.

use std::collections::HashMap;

use iri_string::spec::UriSpec;
use iri_string::template::UriTemplateStr;
use iri_string::template::simple_context::{SimpleContext, Value as IriValue};
use serde_json::Value as Json;
use stduritemplate::Value as StdValue;

use crate::operation::{Operation, Subject, Target};

/// The suite's file, as the repository keeps it.
const SPEC_EXAMPLES: &str =
    include_str!("../../tests/data/conformance/uritemplate/spec-examples.json");

/// One group's variables, in each subject's form, and its templates.
pub struct Group {
    json: Json,
    std: HashMap<String, StdValue>,
    iri: SimpleContext,
    templates: Vec<String>,
}

/// The four groups of the RFC's examples.
pub fn groups() -> Vec<Group> {
    let suite: Json = serde_json::from_str(SPEC_EXAMPLES).unwrap_or(Json::Null);
    suite
        .as_object()
        .map(|groups| groups.values().map(group).collect())
        .unwrap_or_default()
}

fn group(group: &Json) -> Group {
    let vars = group["variables"].as_object().cloned().unwrap_or_default();
    let mut iri = SimpleContext::new();
    let mut std = HashMap::new();
    for (name, value) in &vars {
        iri.insert(name.as_str(), iri_value(value));
        std.insert(name.clone(), std_value(value));
    }
    let templates = group["testcases"]
        .as_array()
        .map(|cases| {
            cases
                .iter()
                .filter_map(|case| case[0].as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default();
    Group {
        json: Json::Object(vars),
        std,
        iri,
        templates,
    }
}

fn text(value: &Json) -> String {
    value
        .as_str()
        .map_or_else(|| value.to_string(), str::to_owned)
}

fn iri_value(value: &Json) -> IriValue {
    match value {
        Json::Array(items) => IriValue::List(items.iter().map(text).collect()),
        Json::Object(pairs) => {
            IriValue::Assoc(pairs.iter().map(|(k, v)| (k.clone(), text(v))).collect())
        }
        Json::Null => IriValue::Undefined,
        scalar => IriValue::String(text(scalar)),
    }
}

fn std_value(value: &Json) -> StdValue {
    match value {
        Json::Array(items) => StdValue::List(
            items
                .iter()
                .map(|item| StdValue::String(text(item)))
                .collect(),
        ),
        Json::Object(pairs) => StdValue::Map(
            pairs
                .iter()
                .map(|(k, v)| (k.clone(), StdValue::String(text(v))))
                .collect(),
        ),
        scalar => StdValue::String(text(scalar)),
    }
}

/// Parse + expand every example: into text, and ours also into a checked
/// URI reference.
pub fn operations(groups: &[Group]) -> Vec<Operation<'_>> {
    let items = groups.iter().map(|g| g.templates.len()).sum();
    let bytes = groups
        .iter()
        .flat_map(|g| &g.templates)
        .map(String::len)
        .sum();
    let each = move |f: &dyn Fn(&Group, &str) -> usize| -> usize {
        groups
            .iter()
            .flat_map(|g| g.templates.iter().map(move |t| (g, t)))
            .map(|(g, t)| f(g, t))
            .sum()
    };
    let peers = move || {
        vec![
            Subject::new("std-uritemplate", move || {
                each(&|g, t| stduritemplate::expand(t, &g.std).map_or(0, |s| s.len()))
            }),
            Subject::new("iri-string", move || {
                each(&|g, t| {
                    UriTemplateStr::new(t)
                        .ok()
                        .and_then(|t| t.expand::<UriSpec, _>(&g.iri).ok())
                        .map_or(0, |expanded| expanded.to_string().len())
                })
            }),
        ]
    };
    vec![
        Operation {
            name: "parse + expand RFC 6570 examples".into(),
            items,
            bytes,
            ours: Subject::new("uri", move || {
                each(&|g, t| {
                    let mut out = String::new();
                    uri::uri_template::UriTemplate::parse(t).map_or(0, |t| {
                        t.expand_to(&g.json, &mut out).map_or(0, |()| out.len())
                    })
                })
            }),
            peers: peers(),
            target: Some(Target::best_peer(0.5)),
        },
        Operation {
            name: "parse + expand RFC 6570 examples into a URI reference".into(),
            items,
            bytes,
            ours: Subject::new("uri", move || {
                each(&|g, t| {
                    uri::uri_template::UriTemplate::parse(t)
                        .ok()
                        .and_then(|t| t.expand(&g.json).ok())
                        .map_or(0, |u| u.as_str().len())
                })
            }),
            peers: peers(),
            target: None,
        },
    ]
}
