//! One function per command, each turning one input into an [`Outcome`].

use std::fmt::Write as _;
use std::io::{self, BufRead};

use clap::ValueEnum as _;
use uri_runtime::scheme::file;
use uri_runtime::site::Rules;
use uri_runtime::{Component, SchemeRules, Uri, UriRef, UriRefBuf, pct, scheme::file::PathStyle};

use crate::args::{Command, Set};
use crate::format::Format;
use crate::forms::{self, Reading};
use crate::inputs::{self, Layout};
use crate::outcome::Outcome;
use crate::report::{self, Shown};
use crate::shown::on_one_line;

/// Runs the command; `Ok(false)` when some input failed.
pub(crate) fn run(command: Command) -> io::Result<bool> {
    match command {
        Command::Parse {
            json,
            json_lines,
            uris,
        } => {
            let layout = match (json, json_lines) {
                (_, true) => Layout::JsonLines,
                (true, false) => Layout::JsonArray,
                (false, false) => Layout::Lines,
            };
            inputs::run_laid_out(&uris, layout, |text, line| parse(text, layout, line))
        }
        Command::Check {
            reference,
            policy,
            scheme,
            uris,
        } if policy.given() => crate::policy::run(&policy, reference, scheme, &uris),
        Command::Check {
            reference,
            scheme,
            uris,
            ..
        } => inputs::run(&uris, |text| check(text, reference, scheme)),
        Command::Normalize { syntax, uris, .. } => {
            inputs::run(&uris, |text| normalize(text, !syntax))
        }
        Command::Resolve { base, references } => resolve_all(&base, &references),
        Command::Relative { base, targets } => with_base(&base, |base| {
            inputs::run(&targets, |text| relative(base, text))
        }),
        Command::Encode { set, texts } => {
            inputs::run_as(&texts, Reading::Data, |text| encode(text, set))
        }
        Command::Decode { form, lossy, texts } => {
            inputs::run_as(&texts, Reading::Data, |text| decode(text, form, lossy))
        }
        Command::Get { asked, uris } => crate::get::run(asked, &uris),
        Command::Format {
            format,
            icann,
            absent,
            default_port,
            uris,
        } => {
            let format = Format::parse(&format, absent, default_port, rules(icann))?;
            inputs::run(&uris, |text| formatted(text, &format))
        }
        Command::Query {
            remove,
            set,
            append,
            trim_empty,
            sort,
            form,
            separator,
            uris,
        } => {
            let edits = QueryEdits {
                remove: remove.into_iter().map(trurl_pattern).collect(),
                set: split_pairs(&set)?,
                append: split_pairs(&append)?,
                trim_empty,
                sort,
                form,
                separator: if separator == ";" { ';' } else { '&' },
            };
            inputs::run(&uris, |text| query(text, &edits))
        }
        Command::FileToPath { style, uris } => {
            inputs::run(&uris, |text| file_to_path(text, style.chosen()))
        }
        Command::PathToFile { style, paths } => inputs::run_as(&paths, Reading::Data, |text| {
            path_to_file(text, style.chosen())
        }),
        Command::Iterate {
            encoded,
            values,
            more,
            uris,
        } => iterate_all(&values, &more, &uris, encoded),
        Command::Set {
            encoded,
            assignment,
            more,
            uris,
        } => {
            let assignments: Vec<&str> = [assignment.as_str()]
                .into_iter()
                .chain(more.iter().map(String::as_str))
                .collect();
            inputs::run(&uris, |text| set(text, &assignments, encoded))
        }
    }
}

/// `resolve`: BASE parsed once, then each reference resolved against it
/// (read as a browser reads a link on that page with `--lenient`).
fn resolve_all(base: &str, references: &[String]) -> io::Result<bool> {
    with_base(base, |base| {
        inputs::run_as(references, Reading::AgainstBase, |text| {
            if forms::lenient() {
                join_lenient(base, text)
            } else {
                resolve(base, text)
            }
        })
    })
}

/// Parses BASE once, or reports it and fails the whole command.
fn with_base(base: &str, f: impl FnOnce(&Uri<'_>) -> io::Result<bool>) -> io::Result<bool> {
    // `-`: the first line of standard input. The standard input's buffer
    // is shared by every lock, so the lines after it are left for the
    // references.
    let mut line = String::new();
    let base = if base == "-" {
        io::stdin().lock().read_line(&mut line)?;
        line.trim_end_matches(['\n', '\r'])
    } else {
        base
    };
    match forms::uri(base) {
        Ok(base) => f(&base),
        Err(err) => {
            eprintln!("{}", report::parse_error(base, &err));
            Ok(false)
        }
    }
}

fn parse<'a>(text: &'a str, layout: Layout, line: &mut String) -> Outcome<'a> {
    let json = layout != Layout::Lines;
    match forms::reference(text) {
        Ok(r) => {
            // With `--idn`, the components of the IRI form.
            let iri = forms::idn_output().then(|| r.to_iri_ref_idna());
            let shown = iri
                .as_ref()
                .map_or(Shown::new(r.as_str(), r.components()), |iri| {
                    Shown::new(iri.as_str(), iri.components())
                });
            if json {
                report::components_json(&r, &shown, line);
            } else {
                report::components_text(&r, &shown, line);
            }
            Outcome::Written
        }
        Err(err) => report::parse_failure(text, &err, json),
    }
}

fn check(text: &str, reference: bool, scheme: bool) -> Outcome<'_> {
    let parsed = if reference {
        forms::reference(text)
    } else {
        forms::uri(text).map(UriRef::from)
    };
    match parsed {
        // Only a known scheme has rules of its own; any other passes.
        Ok(r) if scheme => match (
            r.as_uri().and_then(|uri| uri.known_scheme()),
            r.check_scheme_rules(),
        ) {
            (Some(known), Err(err)) => Outcome::Failed(report::scheme_error(text, known, &err)),
            _ => Outcome::Silent,
        },
        Ok(_) => Outcome::Silent,
        Err(err) => Outcome::Failed(report::parse_error(text, &err)),
    }
}

fn file_to_path(text: &str, style: PathStyle) -> Outcome<'_> {
    match forms::uri(text) {
        Ok(uri) => match file::uri_to_path(&uri, style) {
            Ok(path) => Outcome::Print(path.into()),
            Err(err) => Outcome::Failed(report::error_at(
                text,
                &err.to_string(),
                err.index(),
                err.len(),
            )),
        },
        Err(err) => Outcome::Failed(report::parse_error(text, &err)),
    }
}

fn path_to_file(text: &str, style: PathStyle) -> Outcome<'_> {
    match file::path_to_uri(text, style) {
        Ok(uri) => Outcome::Print(uri.into_string().into()),
        Err(err) => Outcome::Failed(report::error_at(
            text,
            &err.to_string(),
            err.index(),
            err.len(),
        )),
    }
}

fn normalize(text: &str, scheme: bool) -> Outcome<'_> {
    match forms::uri(text) {
        Ok(uri) if scheme => {
            Outcome::Print(String::from(uri.normalize_with(&SchemeRules::STANDARD)).into())
        }
        Ok(uri) => Outcome::Print(String::from(uri.normalize()).into()),
        Err(err) => Outcome::Failed(report::parse_error(text, &err)),
    }
}

fn resolve<'a>(base: &Uri<'_>, text: &'a str) -> Outcome<'a> {
    match forms::reference(text) {
        Ok(reference) => Outcome::Print(String::from(reference.resolve_against(base)).into()),
        Err(err) => Outcome::Failed(report::parse_error(text, &err)),
    }
}

/// `--lenient resolve`: the reference read as a browser reads a link on
/// the base's page (`\\` is `/` against a web base, and so on).
fn join_lenient<'a>(base: &Uri<'_>, text: &'a str) -> Outcome<'a> {
    match base.join_lenient(text) {
        Ok(joined) => {
            forms::note_repairs(text, &joined.repairs);
            Outcome::Print(String::from(joined.value).into())
        }
        Err(err) => Outcome::Failed(report::parse_error(text, &err)),
    }
}

fn relative<'a>(base: &Uri<'_>, text: &'a str) -> Outcome<'a> {
    match forms::uri(text) {
        Ok(target) => match base.make_relative(&target) {
            Some(reference) => Outcome::Print(String::from(reference).into()),
            None => Outcome::Failed(report::plain(&format!(
                "no reference reaches {text} from {base}: its path has dot segments"
            ))),
        },
        Err(err) => Outcome::Failed(report::parse_error(text, &err)),
    }
}

fn encode(text: &str, set: Set) -> Outcome<'_> {
    match set {
        Set::Form => Outcome::Print(pct::encode_form(text)),
        other => match named_set(other) {
            Some(named) => Outcome::Print(pct::encode(text, named)),
            None => Outcome::Failed(report::plain(&format!("no encode set {other:?}"))),
        },
    }
}

/// `pct`'s set of the same name as `set` (every one but the form's).
fn named_set(set: Set) -> Option<&'static pct::EncodeSet> {
    pct::named(set.to_possible_value()?.get_name())
}

fn decode(text: &str, form: bool, lossy: bool) -> Outcome<'_> {
    let decoded = if form {
        pct::decode_form_utf8(text)
    } else {
        pct::decode_utf8(text)
    };
    match decoded {
        Ok(decoded) => Outcome::Print(on_one_line(decoded)),
        Err(err) if lossy => {
            let shown = if form {
                // `+` first, so that an escaped `%2B` stays a plus sign.
                pct::decode_lossy(&text.replace('+', "%20"))
                    .into_owned()
                    .into()
            } else {
                pct::decode_lossy(text)
            };
            eprintln!("note: {text:?} decoded lossily ({err})");
            Outcome::Print(on_one_line(shown))
        }
        Err(err) => Outcome::Failed(report::error_at(text, &err.to_string(), err.index(), 3)),
    }
}

/// The Public Suffix List's sections `--icann` chooses.
pub(crate) fn rules(icann: bool) -> Rules {
    if icann {
        Rules::Icann
    } else {
        Rules::IcannAndPrivate
    }
}

fn formatted<'a>(text: &'a str, format: &Format) -> Outcome<'a> {
    match forms::reference(text) {
        Ok(r) => match format.write(&r) {
            Ok(line) => Outcome::Print(line.into()),
            Err(message) => Outcome::Failed(report::plain(&message)),
        },
        Err(err) => Outcome::Failed(report::parse_error(text, &err)),
    }
}

/// `iterate`: the lists read first, refused as a whole when one is not
/// `COMPONENT=V1 V2 …` or names a component another list names (the
/// later list would silently replace the earlier's values), then each
/// reference.
fn iterate_all(values: &str, more: &[String], uris: &[String], encoded: bool) -> io::Result<bool> {
    let lists: Result<Vec<(&str, Vec<&str>)>, String> = [values]
        .into_iter()
        .chain(more.iter().map(String::as_str))
        .map(value_list)
        .collect();
    let lists = lists.and_then(|lists| {
        for (k, (name, _)) in lists.iter().enumerate() {
            if lists[..k].iter().any(|(earlier, _)| earlier == name) {
                return Err(format!(
                    "{name}: listed twice; give a component one list with all its values"
                ));
            }
        }
        Ok(lists)
    });
    match lists {
        Ok(lists) => inputs::run(uris, |text| iterate(text, &lists, encoded)),
        Err(message) => {
            eprintln!("{}", report::plain(&message));
            Ok(false)
        }
    }
}

/// `COMPONENT=V1 V2 …` as the component and its values.
fn value_list(list: &str) -> Result<(&str, Vec<&str>), String> {
    let (name, values) = list
        .split_once('=')
        .ok_or_else(|| format!("{list}: write COMPONENT=V1 V2 …"))?;
    let values: Vec<&str> = values.split(' ').filter(|v| !v.is_empty()).collect();
    if values.is_empty() {
        return Err(format!("{list}: no values to iterate over"));
    }
    Ok((name, values))
}

/// The reference with every combination of the lists' values set, one
/// line each, the first list changing slowest.
fn iterate<'a>(text: &'a str, lists: &[(&str, Vec<&str>)], encoded: bool) -> Outcome<'a> {
    let mut picks = vec![0; lists.len()];
    let mut lines = Vec::new();
    loop {
        let assignments: Vec<String> = lists
            .iter()
            .zip(&picks)
            .map(|((name, values), &k)| format!("{name}={}", values[k]))
            .collect();
        let assignments: Vec<&str> = assignments.iter().map(String::as_str).collect();
        match set(text, &assignments, encoded) {
            Outcome::Print(line) => lines.push(line.into_owned()),
            other => return other,
        }
        // The last list moves fastest, like the digits of a counter.
        let Some(k) = (0..lists.len())
            .rev()
            .find(|&k| picks[k] + 1 < lists[k].1.len())
        else {
            break;
        };
        picks[k] += 1;
        picks.iter_mut().skip(k + 1).for_each(|p| *p = 0);
    }
    Outcome::Print(lines.join("\n").into())
}

fn set<'a>(text: &'a str, assignments: &[&str], encoded: bool) -> Outcome<'a> {
    let mut uri = match forms::reference_buf(text) {
        Ok(uri) => uri,
        Err(err) => return Outcome::Failed(report::parse_error(text, &err)),
    };
    for assignment in assignments {
        if let Err(message) = assign(&mut uri, assignment, encoded) {
            let mut message = format!("{assignment}: {message}");
            // `example.com:29` is the scheme `example.com` (RFC 3986):
            // a trurl user expects a host there.
            if let Some(scheme) = uri
                .scheme()
                .filter(|s| s.contains('.') && uri.host().is_none())
            {
                let _ = write!(
                    message,
                    " (\"{scheme}\" is read as a scheme, RFC 3986 section 3.1; write \"//{text}\" for a host)"
                );
            }
            return Outcome::Failed(report::plain(&message));
        }
    }
    Outcome::Print(String::from(uri).into())
}

/// Applies one `COMPONENT=VALUE`, `COMPONENT=` or `COMPONENT`.
/// Values are raw text encoded for their component, or with `encoded`
/// taken as written and checked.
fn assign(uri: &mut UriRefBuf, assignment: &str, encoded: bool) -> Result<(), String> {
    if let Some(segment) = assignment.strip_prefix("path+=") {
        return uri
            .push_segment(segment)
            .map(|_| ())
            .map_err(|err| err.to_string());
    }
    let (name, value) = match assignment.split_once('=') {
        Some((name, value)) => (name, Some(value)),
        None => (assignment, None),
    };
    // `name?=value` (trurl's conditional set): only where the component
    // is absent.
    if let Some(name) = name.strip_suffix('?') {
        let present = Component::from_name(name)
            .is_some_and(|component| uri.as_uri_ref().component(component).is_some());
        if present {
            return Ok(());
        }
        let assignment = format!("{name}={}", value.unwrap_or_default());
        return assign(uri, &assignment, encoded);
    }
    // Raw text encoded with the component's own set, unless `--encoded`.
    let as_text = |set: &pct::EncodeSet| match value {
        Some(raw) if !encoded => Some(pct::encode(raw, set)),
        other => other.map(std::borrow::Cow::Borrowed),
    };
    let text = |set: &pct::EncodeSet| as_text(set).unwrap_or_default();
    let Some(component) = Component::from_name(name) else {
        let names: Vec<&str> = Component::ALL.iter().map(|c| c.name()).collect();
        return Err(format!(
            "unknown component; use one of {}",
            names.join(", ")
        ));
    };
    let result = match (component, value) {
        (Component::Scheme, value) => uri.set_scheme(value),
        (Component::Userinfo, Some(_)) => uri.set_userinfo(&text(&pct::USERINFO)),
        (Component::Host, Some(host)) => uri.set_host(host),
        // An empty port is removed: RFC 3986 section 3.2.3 asks a writer
        // to omit it, delimiter and all.
        (Component::Port, Some(port)) if !port.is_empty() => match port.parse::<u16>() {
            Ok(port) => uri.set_port(port),
            Err(_) => return Err("a port is a number from 0 to 65535".to_owned()),
        },
        (Component::Path, _) => uri.set_path(&text(&pct::PATH)),
        (Component::Query, Some(_)) => uri.set_query(&text(&pct::QUERY)),
        (Component::Fragment, Some(_)) => uri.set_fragment(&text(&pct::FRAGMENT)),
        (Component::Userinfo, None) => {
            uri.remove_userinfo();
            Ok(())
        }
        (Component::Host, None) => {
            uri.remove_authority();
            Ok(())
        }
        (Component::Port, _) => {
            uri.remove_port();
            Ok(())
        }
        (Component::Query, None) => {
            uri.remove_query();
            Ok(())
        }
        (Component::Fragment, None) => {
            uri.remove_fragment();
            Ok(())
        }
        // `Component` may grow (it is `non_exhaustive`); RFC 3986 has
        // these seven.
        (_, _) => return Err(format!("{name} cannot be set")),
    };
    result.map_err(|err| err.to_string())
}

/// The `query` command's edits, applied in this order.
struct QueryEdits {
    remove: Vec<String>,
    set: Vec<(String, String)>,
    append: Vec<(String, String)>,
    trim_empty: bool,
    sort: bool,
    form: bool,
    /// The byte between pairs: `&` or `;`.
    separator: char,
}

/// A key pattern as trurl writes it too (`--trim query=PATTERN`): no key
/// holds `=`, so the prefix is no part of one.
fn trurl_pattern(pattern: String) -> String {
    match pattern.strip_prefix("query=") {
        Some(rest) => rest.to_owned(),
        None => pattern,
    }
}

/// `KEY=VALUE` arguments as pairs; an argument without `=` is a usage
/// error, reported before any input is read.
fn split_pairs(arguments: &[String]) -> io::Result<Vec<(String, String)>> {
    arguments
        .iter()
        .map(|argument| match argument.split_once('=') {
            Some((key, value)) => Ok((key.to_owned(), value.to_owned())),
            None => Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("{argument:?} is not KEY=VALUE"),
            )),
        })
        .collect()
}

fn query<'a>(text: &'a str, edits: &QueryEdits) -> Outcome<'a> {
    let mut uri = match forms::reference_buf(text) {
        Ok(uri) => uri,
        Err(err) => return Outcome::Failed(report::parse_error(text, &err)),
    };
    let mut edit = uri.query_edit();
    if edits.form {
        edit = edit.form_style();
    }
    if edits.separator == ';' {
        edit = edit.semicolons();
    }
    edit.retain(|key, _| !edits.remove.iter().any(|pattern| glob(pattern, key)));
    for (key, value) in &edits.set {
        edit.set(key, value);
    }
    for (key, value) in &edits.append {
        edit.append(key, value);
    }
    if edits.trim_empty {
        edit.retain(|_, value| !value.is_empty());
    }
    if edits.sort {
        edit.sort();
    }
    Outcome::Print(String::from(uri).into())
}

/// Whether `text` matches `pattern`, where `*` stands for any text.
fn glob(pattern: &str, text: &str) -> bool {
    let mut parts = pattern.split('*');
    let first = parts.next().unwrap_or("");
    let Some(mut rest) = text.strip_prefix(first) else {
        return false;
    };
    let mut parts = parts.peekable();
    if parts.peek().is_none() {
        return rest.is_empty();
    }
    while let Some(part) = parts.next() {
        if parts.peek().is_none() {
            return rest.ends_with(part);
        }
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use clap::ValueEnum as _;

    use super::{Set, glob, named_set};

    #[test]
    fn every_encode_set_but_the_form_is_one_of_pct() {
        for set in Set::value_variants() {
            assert_eq!(named_set(*set).is_some(), *set != Set::Form, "{set:?}");
        }
    }

    #[test]
    fn globs_match_prefixes_suffixes_and_middles() {
        assert!(glob("utm_*", "utm_source") && glob("utm_*", "utm_"));
        assert!(!glob("utm_*", "xutm_source"));
        assert!(glob("*_id", "user_id") && !glob("*_id", "user_idx"));
        assert!(glob("a*b*c", "a-b-c") && glob("a*b*c", "abc") && !glob("a*b*c", "acb"));
        assert!(glob("exact", "exact") && !glob("exact", "exactly"));
        assert!(glob("*", "") && glob("*", "anything"));
    }
}
