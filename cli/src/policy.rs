//! `check` with a boundary policy: the policy built from the flags, and
//! each URI's violations as carets or as a JSON object.

use std::io;

use uri_runtime::Component;
use uri_runtime::policy::{Policy, PolicyError, Rule};
use uri_runtime::scheme::http::Origin;

use crate::args::{Part, PolicyArgs, Preset};
use crate::forms;
use crate::inputs::{self, Layout};
use crate::json;
use crate::outcome::Outcome;
use crate::report;

/// Checks every input against the policy the flags state.
/// With `scheme`, a URI must keep its scheme's own rules first.
pub(crate) fn run(
    args: &PolicyArgs,
    reference: bool,
    scheme: bool,
    uris: &[String],
) -> io::Result<bool> {
    let policy = build(args)?;
    let layout = if args.json {
        Layout::JsonLines
    } else {
        Layout::Lines
    };
    inputs::run_laid_out(uris, layout, |text, _| {
        checked(
            text,
            &policy,
            Read {
                reference,
                scheme,
                json: args.json,
            },
        )
    })
}

/// How each input is read and reported.
#[derive(Clone, Copy)]
struct Read {
    reference: bool,
    scheme: bool,
    json: bool,
}

/// The policy: the preset or the origin, then each flag's rule.
fn build(args: &PolicyArgs) -> io::Result<Policy> {
    let mut policy = match (args.policy, &args.same_origin) {
        (Some(Preset::PublicWeb), None) => Policy::public_web(),
        (Some(Preset::PublicWeb), Some(origin)) => {
            Policy::public_web().allow_origin(&origin_of(origin)?)
        }
        (None, Some(origin)) => Policy::same_origin(&origin_of(origin)?),
        (None, None) => Policy::new(),
    };
    for scheme in &args.allow_scheme {
        policy = policy.allow_scheme(scheme);
    }
    for host in &args.allow_host {
        policy = policy.allow_host(host);
    }
    for &port in &args.allow_port {
        policy = policy.allow_port(port);
    }
    for &class in &args.deny_class {
        policy = policy.deny_class(class);
    }
    for &class in &args.allow_class {
        policy = policy.allow_class(class);
    }
    if args.deny_userinfo {
        policy = policy.deny_userinfo();
    }
    if args.deny_password {
        policy = policy.deny_password();
    }
    if args.deny_query {
        policy = policy.deny_query();
    }
    if args.deny_fragment {
        policy = policy.deny_fragment();
    }
    for &part in &args.require {
        policy = policy.require(component(part)?);
    }
    if let Some(bytes) = args.max_length {
        policy = policy.max_length(bytes);
    }
    Ok(policy)
}

fn origin_of(text: &str) -> io::Result<Origin> {
    let invalid = |message: String| io::Error::new(io::ErrorKind::InvalidInput, message);
    let uri = forms::uri(text).map_err(|err| invalid(format!("--same-origin: {err}")))?;
    Origin::of(uri).map_err(|err| invalid(format!("--same-origin: {err}")))
}

/// The component `--require` names. Every URI has a scheme, so
/// requiring one would say nothing.
fn component(part: Part) -> io::Result<Component> {
    let required = |component: &Component| *component != Component::Scheme;
    part.component().filter(required).ok_or_else(|| {
        let names: Vec<&str> = Component::ALL
            .iter()
            .filter(|c| required(c))
            .map(|c| c.name())
            .collect();
        io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("--require takes one of {}", names.join(", ")),
        )
    })
}

fn checked<'a>(text: &'a str, policy: &Policy, read: Read) -> Outcome<'a> {
    let json = read.json;
    let parsed = if read.reference {
        forms::reference(text).and_then(|r| {
            // A relative reference has no scheme or host to check; only
            // an absolute one goes through the policy.
            r.as_uri().map_or(Ok(None), |uri| Ok(Some(uri)))
        })
    } else {
        forms::uri(text).map(Some)
    };
    if let Ok(Some(uri)) = parsed
        && read.scheme
        && let (Some(known), Err(err)) = (uri.known_scheme(), uri.check_scheme_rules())
    {
        let message = || report::scheme_error(text, known, &err);
        return Outcome::refused(json, || report::failure_json(text, &message()), message);
    }
    match parsed {
        Ok(Some(uri)) => match policy.check(&uri) {
            Ok(()) if json => Outcome::Print(ok_json(text).into()),
            Ok(()) => Outcome::Silent,
            Err(err) => Outcome::refused(
                json,
                || violations_json(text, &err),
                || each_with_its_drawing(text, &err),
            ),
        },
        Ok(None) if json => Outcome::Print(ok_json(text).into()),
        Ok(None) => Outcome::Silent,
        Err(err) => report::parse_failure(text, &err, json),
    }
}

/// Each violation's message, then its drawing: the drawing has two lines
/// a violation (the text, with secrets as `*`, and the carets), in the
/// violations' order.
fn each_with_its_drawing(input: &str, err: &PolicyError) -> String {
    let drawing = err.render(input).to_string();
    let mut lines = drawing.lines();
    let mut out = String::new();
    for violation in err.violations() {
        out.push_str(&violation.to_string());
        for line in lines.by_ref().take(2) {
            out.push('\n');
            out.push_str(line);
        }
        out.push('\n');
    }
    out.pop();
    out
}

fn ok_json(input: &str) -> String {
    let mut line = String::new();
    json::object(&mut line, |o| {
        o.string("uri", Some(input));
        o.boolean("ok", true);
    });
    line
}

fn violations_json(input: &str, err: &PolicyError) -> String {
    let mut line = String::new();
    json::object(&mut line, |o| {
        o.string("uri", Some(input));
        o.boolean("ok", false);
        o.objects("violations", err.violations(), |o, violation| {
            o.verbatim("rule", Some(violation.rule().name()));
            if let Rule::HostClass(class) = violation.rule() {
                o.verbatim("class", Some(class.name()));
            }
            if let Rule::Required(component) = violation.rule() {
                o.verbatim("component", Some(component.name()));
            }
            o.number("index", violation.index());
            o.number("length", violation.len());
            o.string("message", Some(&violation.to_string()));
        });
    });
    line
}
