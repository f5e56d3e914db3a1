//! The native half of the `uri_arrow` Python module: one entry point,
//! `apply(name, array, second=None)`, over the kernels of `uri-arrow`,
//! and the table of function names with their documentation, from which
//! the Python half makes one function each. Arrays cross through the
//! Arrow C data interface, without a copy.

use std::sync::Arc;

use arrow_array::{Array, ArrayRef, StringArray, make_array};
use arrow_data::ArrayData;
use arrow_pyarrow::PyArrowType;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use uri_arrow::{Part, Rules};
use uri_runtime::pct;
use uri_runtime::policy::Policy;

/// What a function takes after its array.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Second {
    /// Nothing.
    None,
    /// A name: a parameter, a component, a policy.
    Name,
    /// `'icann'` or nothing: which sections of the Public Suffix List.
    Sections,
    /// A base URI: one string for every row, or an array of one per row.
    Base,
    /// A base, or nothing.
    OptionalBase,
}

/// Every function: its name (the SQL function's, without `uri_`), what it
/// takes after the array, and its documentation.
const FUNCTIONS: &[(&str, Second, &str)] = &[
    (
        "scheme",
        Second::None,
        "The scheme, as written; null when absent or no URI reference.",
    ),
    (
        "userinfo",
        Second::None,
        "The userinfo, still percent-encoded; null when absent.",
    ),
    (
        "host",
        Second::None,
        "The host as written (a name, an IPv4 address, an IP literal in brackets); null when absent.",
    ),
    (
        "port",
        Second::None,
        "The port as an int32; null when absent, empty or above 65535.",
    ),
    (
        "effective_port",
        Second::None,
        "The port written, or the scheme's default (80 for http, 443 for https); null when neither.",
    ),
    (
        "path",
        Second::None,
        "The path, still percent-encoded; null only for a row that is no URI reference.",
    ),
    (
        "query",
        Second::None,
        "The query after '?', still percent-encoded; null when absent.",
    ),
    (
        "fragment",
        Second::None,
        "The fragment after '#', still percent-encoded; null when absent.",
    ),
    (
        "authority",
        Second::None,
        "The authority after '//' (userinfo, host, port); null when absent.",
    ),
    (
        "host_kind",
        Second::None,
        "'reg-name', 'ipv4', 'ipv6' or 'ipvfuture'; null without a host.",
    ),
    (
        "host_class",
        Second::None,
        "The host's class as a client reaches it ('public', 'loopback', 'private-use', …); null without a host.",
    ),
    (
        "host_without_www",
        Second::None,
        "The host without a leading 'www.' (ClickHouse's domainWithoutWWW); null without a host.",
    ),
    (
        "is_valid",
        Second::None,
        "Whether the row is an RFC 3986 URI (a scheme required).",
    ),
    (
        "normalize",
        Second::None,
        "The URI normalized (RFC 3986 section 6.2.2); null when no URI.",
    ),
    (
        "decode",
        Second::None,
        "The text percent-decoded as UTF-8; null when an escape is malformed or the bytes are not UTF-8.",
    ),
    (
        "query_names",
        Second::None,
        "The names of the query's pairs, decoded, as a list.",
    ),
    (
        "cut_query",
        Second::None,
        "The URI reference without its query, the fragment kept (ClickHouse's cutQueryString).",
    ),
    (
        "cut_fragment",
        Second::None,
        "The URI reference without its fragment (ClickHouse's cutFragment).",
    ),
    (
        "query_param",
        Second::Name,
        "The first value of the named query parameter, decoded; null when absent.",
    ),
    (
        "query_values",
        Second::Name,
        "Every value of the named query parameter, decoded, as a list.",
    ),
    (
        "remove_query_param",
        Second::Name,
        "The URI reference without the named query parameters, other bytes kept (ClickHouse's cutURLParameter).",
    ),
    (
        "encode",
        Second::Name,
        "The text percent-encoded for a component: 'path-segment', 'path', 'query-param', 'query', 'fragment', 'userinfo', 'reg-name', …",
    ),
    (
        "policy_violations",
        Second::Name,
        "The rules of a boundary policy ('public-web') the URI breaks, by name, as a list.",
    ),
    (
        "registrable_domain",
        Second::Sections,
        "The registrable domain (eTLD+1) from the Public Suffix List; 'icann' leaves out its private section.",
    ),
    (
        "public_suffix",
        Second::Sections,
        "The public suffix of the host; 'icann' leaves out the list's private section.",
    ),
    (
        "resolve",
        Second::Base,
        "The reference resolved against the base (RFC 3986 section 5.2).",
    ),
    (
        "relativize",
        Second::Base,
        "The shortest reference that resolves against the base to the URI.",
    ),
    (
        "parse_lenient",
        Second::OptionalBase,
        "Text from the wild read as a browser reads it (resolved against the base if given), normalized; null where a browser refuses it.",
    ),
];

/// The table for the Python half: `(name, second, doc)`, `second` one of
/// `""`, `"name"`, `"sections"`, `"base"`, `"optional-base"`.
#[pyfunction]
fn functions() -> Vec<(&'static str, &'static str, &'static str)> {
    FUNCTIONS
        .iter()
        .map(|&(name, second, doc)| {
            let second = match second {
                Second::None => "",
                Second::Name => "name",
                Second::Sections => "sections",
                Second::Base => "base",
                Second::OptionalBase => "optional-base",
            };
            (name, second, doc)
        })
        .collect()
}

/// What a caller gave after the array: nothing, a string, or an array.
#[derive(FromPyObject)]
enum Argument {
    Text(String),
    Array(PyArrowType<ArrayData>),
}

/// Runs the function `name` over `array` (any Arrow string array), with
/// `second` as the function takes it; the result is a new array of the
/// same length.
#[pyfunction]
#[pyo3(signature = (name, array, second=None))]
fn apply(
    name: &str,
    array: PyArrowType<ArrayData>,
    second: Option<Argument>,
) -> PyResult<PyArrowType<ArrayData>> {
    let array = make_array(array.0);
    let result = run(name, array.as_ref(), second).map_err(PyValueError::new_err)?;
    Ok(PyArrowType(result.to_data()))
}

/// The kernel of `name`.
fn run(name: &str, array: &dyn Array, second: Option<Argument>) -> Result<ArrayRef, String> {
    let text = |second: &Option<Argument>| match second {
        Some(Argument::Text(text)) => Ok(text.clone()),
        _ => Err(format!("{name}: give a string as the second argument")),
    };
    let base = |second: Option<Argument>| -> Result<ArrayRef, String> {
        match second {
            Some(Argument::Text(text)) => Ok(Arc::new(StringArray::from(vec![text]))),
            Some(Argument::Array(array)) => Ok(make_array(array.0)),
            None => Err(format!("{name}: give the base, a string or an array")),
        }
    };
    let sections = |second: &Option<Argument>| match second {
        Some(Argument::Text(text)) if text.eq_ignore_ascii_case("icann") => Ok(Rules::Icann),
        None => Ok(Rules::IcannAndPrivate),
        _ => Err(format!("{name}: the second argument is 'icann' or nothing")),
    };
    let part = |which| uri_arrow::part(array, which);
    let result = match name {
        "scheme" => part(Part::Scheme),
        "userinfo" => part(Part::Userinfo),
        "host" => part(Part::Host),
        "path" => part(Part::Path),
        "query" => part(Part::Query),
        "fragment" => part(Part::Fragment),
        "authority" => part(Part::Authority),
        "port" => uri_arrow::port(array).map(|a| Arc::new(a) as ArrayRef),
        "effective_port" => uri_arrow::effective_port(array).map(|a| Arc::new(a) as ArrayRef),
        "host_kind" => uri_arrow::host_kind(array),
        "host_class" => uri_arrow::host_class(array),
        "host_without_www" => uri_arrow::host_without_www(array),
        "is_valid" => uri_arrow::is_valid(array),
        "normalize" => uri_arrow::normalize(array),
        "decode" => uri_arrow::decode(array),
        "query_names" => uri_arrow::query_names(array),
        "cut_query" => uri_arrow::cut_query(array),
        "cut_fragment" => uri_arrow::cut_fragment(array),
        "query_param" => uri_arrow::query_param(array, &text(&second)?),
        "query_values" => uri_arrow::query_values(array, &text(&second)?),
        "remove_query_param" => uri_arrow::remove_query_param(array, &text(&second)?),
        "encode" => {
            let component = text(&second)?;
            let set = pct::named(&component).ok_or_else(|| {
                let names: Vec<&str> = pct::NAMED.iter().map(|&(n, _)| n).collect();
                format!(
                    "encode: no component {component:?}: use {}",
                    names.join(", ")
                )
            })?;
            uri_arrow::encode(array, set)
        }
        "policy_violations" => match text(&second)?.as_str() {
            "public-web" => uri_arrow::policy_violations(array, &Policy::public_web()),
            other => {
                return Err(format!(
                    "policy_violations: no policy {other:?}: use 'public-web'"
                ));
            }
        },
        "registrable_domain" => uri_arrow::registrable_domain(array, sections(&second)?),
        "public_suffix" => uri_arrow::public_suffix(array, sections(&second)?),
        "resolve" => uri_arrow::resolve(array, base(second)?.as_ref()),
        "relativize" => uri_arrow::relativize(array, base(second)?.as_ref()),
        "parse_lenient" => match second {
            None => uri_arrow::parse_lenient(array),
            some => uri_arrow::join_lenient(array, base(some)?.as_ref()),
        },
        other => return Err(format!("no function {other:?}")),
    };
    result.map_err(|err| err.to_string())
}

/// `uri_arrow._native`.
#[pymodule]
fn _native(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(apply, module)?)?;
    module.add_function(wrap_pyfunction!(functions, module)?)?;
    Ok(())
}
