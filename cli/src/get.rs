//! `get`: one component of each reference (or its host's site or public
//! suffix), as a line or as a JSON object.

use std::borrow::Cow;
use std::io;

use clap::ValueEnum as _;
use uri_runtime::{ParseError, SchemeRules, pct};

use crate::args::{GetArgs, Part};
use crate::commands::rules;
use crate::format::{Absent, component};
use crate::forms;
use crate::inputs::{self, Layout};
use crate::json;
use crate::outcome::Outcome;
use crate::report;
use crate::shown::on_one_line;

/// Runs `get` over every input.
pub(crate) fn run(asked: GetArgs, uris: &[String]) -> io::Result<bool> {
    let layout = if asked.json {
        Layout::JsonLines
    } else {
        Layout::Lines
    };
    inputs::run_laid_out(uris, layout, |text, line| get(text, asked, line))
}

/// Why an input gives no value.
enum Failure {
    Parse(ParseError),
    Message(String),
}

fn get<'a>(text: &'a str, asked: GetArgs, line: &mut String) -> Outcome<'a> {
    let name = part_name(asked.component);
    match value(text, asked, &name) {
        Ok(value) if asked.json => {
            json::object(line, |o| {
                o.string("uri", Some(text));
                o.string(&name, value.as_deref());
            });
            Outcome::Written
        }
        Ok(value) => Outcome::Print(value.unwrap_or_default()),
        Err(Failure::Parse(err)) => report::parse_failure(text, &err, asked.json),
        Err(Failure::Message(message)) => Outcome::refused(
            asked.json,
            || report::failure_json(text, &message),
            || report::plain(&message),
        ),
    }
}

/// The part's name on the command line (`port`, `site`).
fn part_name(part: Part) -> String {
    part.to_possible_value()
        .map(|v| v.get_name().to_owned())
        .unwrap_or_default()
}

/// The value asked of `text`, decoded if asked; `None` for a port,
/// userinfo, query or fragment the reference lacks (an empty line, as
/// trurl prints it, unless `--require`). A host is another matter:
/// `example.com` alone reads as a path, a likely mistake that the error
/// says.
fn value<'a>(text: &'a str, asked: GetArgs, name: &str) -> Result<Option<Cow<'a, str>>, Failure> {
    let r = forms::reference(text).map_err(Failure::Parse)?;
    let missing = || Failure::Message(format!("{text:?} has no {name}"));
    let value = match component(&r, asked.component, rules(asked.icann)) {
        Ok(value) => value,
        Err(Absent::Component) if asked.component == Part::Port && asked.default_port => {
            let default = r
                .scheme()
                .and_then(|scheme| SchemeRules::STANDARD.default_port(scheme));
            match default {
                Some(default) => Cow::Owned(default.to_string()),
                None if asked.require => return Err(missing()),
                None => return Ok(None),
            }
        }
        Err(Absent::Component)
            if !asked.require
                && matches!(
                    asked.component,
                    Part::Port | Part::Userinfo | Part::Query | Part::Fragment
                ) =>
        {
            return Ok(None);
        }
        Err(Absent::Component) => return Err(missing()),
        Err(Absent::Site(why)) => {
            return Err(Failure::Message(format!("{text:?} has no {name}: {why}")));
        }
    };
    if !asked.decode {
        return Ok(Some(value));
    }
    let shown = |decoded: Cow<'_, str>| Some(Cow::Owned(on_one_line(decoded).into_owned()));
    match pct::decode_utf8(&value) {
        Ok(decoded) => Ok(shown(decoded)),
        Err(err) if asked.lossy => {
            eprintln!("note: {value:?} decoded lossily ({err})");
            Ok(shown(pct::decode_lossy(&value)))
        }
        Err(err) => Err(Failure::Message(report::error_at(
            &value,
            &err.to_string(),
            err.index(),
            3,
        ))),
    }
}
