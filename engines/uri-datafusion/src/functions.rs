//! Every SQL function: its name, its arguments, what it returns, and the
//! kernel it runs, in one table.

use std::sync::Arc;

use datafusion::arrow::array::{Array, ArrayRef, StringArray, new_null_array};
use datafusion::arrow::compute::concat;
use datafusion::arrow::datatypes::DataType;
use datafusion::error::{DataFusionError, Result};
use datafusion::logical_expr::ColumnarValue;
use uri_arrow::{Part, Rules};
use uri_runtime::pct;
use uri_runtime::policy::Policy;

use crate::spark;

/// A SQL function of this crate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Function {
    /// One component, NULL when absent or invalid; `strict` fails the
    /// query on an invalid row instead.
    Part {
        part: Part,
        strict: bool,
    },
    Port,
    EffectivePort,
    HostKind,
    IsValid,
    Normalize,
    Resolve,
    Relativize,
    QueryParam,
    QueryValues,
    QueryNames,
    Encode,
    Decode,
    ParseLenient,
    HostClass,
    PolicyViolations,
    RegistrableDomain,
    PublicSuffix,
    ParseUrl {
        fails: bool,
    },
    CutQuery,
    CutFragment,
    RemoveQueryParam,
    HostWithoutWww,
}

/// What a function's arguments are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Arity {
    /// One string.
    One,
    /// Two strings.
    Two,
    /// One string, and an optional second.
    OneOrTwo,
    /// Two strings, and an optional third.
    TwoOrThree,
}

/// What a function returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Returns {
    /// A string of its first argument's layout.
    SameString,
    /// A `Utf8` string.
    Utf8,
    Int32,
    Boolean,
    /// A list of `Utf8`.
    Names,
}

/// A function's row of the table: its SQL name, its arguments, what it
/// returns, and one line for its documentation.
pub(crate) struct Row {
    pub(crate) function: Function,
    pub(crate) name: &'static str,
    pub(crate) arity: Arity,
    pub(crate) returns: Returns,
    pub(crate) description: &'static str,
    pub(crate) example: &'static str,
}

const fn row(
    function: Function,
    name: &'static str,
    arity: Arity,
    returns: Returns,
    description: &'static str,
    example: &'static str,
) -> Row {
    Row {
        function,
        name,
        arity,
        returns,
        description,
        example,
    }
}

const fn part(part: Part, name: &'static str, description: &'static str) -> Row {
    row(
        Function::Part {
            part,
            strict: false,
        },
        name,
        Arity::One,
        Returns::SameString,
        description,
        "",
    )
}

const fn strict(part: Part, name: &'static str) -> Row {
    row(
        Function::Part { part, strict: true },
        name,
        Arity::One,
        Returns::SameString,
        "As the function without `_or_error`, but a row that is no URI reference fails the query with its row number, byte offset and the parse error.",
        "",
    )
}

use Arity::{One, OneOrTwo, Two, TwoOrThree};
use Returns::{Boolean, Int32, Names, SameString, Utf8};

/// Every function, in the order the docs list them.
pub(crate) const TABLE: &[Row] = &[
    part(
        Part::Scheme,
        "uri_scheme",
        "The scheme of an RFC 3986 URI reference, as written; NULL when the text has none or is no URI reference.",
    ),
    part(
        Part::Userinfo,
        "uri_userinfo",
        "The userinfo (before the authority's `@`), still percent-encoded; NULL when absent or invalid, '' when empty.",
    ),
    part(
        Part::Host,
        "uri_host",
        "The host as written (a name, an IPv4 address, or an IP literal in brackets); NULL when absent or invalid, '' when empty.",
    ),
    row(
        Function::Port,
        "uri_port",
        One,
        Int32,
        "The port as an integer; NULL when absent, empty, above 65535 or invalid.",
        "",
    ),
    part(
        Part::Path,
        "uri_path",
        "The path, still percent-encoded ('' when empty); NULL only for an invalid text.",
    ),
    part(
        Part::Query,
        "uri_query",
        "The query after `?`, still percent-encoded; NULL when absent or invalid, '' when empty.",
    ),
    part(
        Part::Fragment,
        "uri_fragment",
        "The fragment after `#`, still percent-encoded; NULL when absent or invalid, '' when empty.",
    ),
    part(
        Part::Authority,
        "uri_authority",
        "The authority after `//` (userinfo, host, port); NULL when absent or invalid.",
    ),
    strict(Part::Scheme, "uri_scheme_or_error"),
    strict(Part::Userinfo, "uri_userinfo_or_error"),
    strict(Part::Host, "uri_host_or_error"),
    strict(Part::Path, "uri_path_or_error"),
    strict(Part::Query, "uri_query_or_error"),
    strict(Part::Fragment, "uri_fragment_or_error"),
    strict(Part::Authority, "uri_authority_or_error"),
    row(
        Function::EffectivePort,
        "uri_effective_port",
        One,
        Int32,
        "The port written, or the scheme's default (80 for http, 443 for https, …); NULL when there is neither.",
        "",
    ),
    row(
        Function::HostKind,
        "uri_host_kind",
        One,
        Utf8,
        "The kind of the host: 'reg-name', 'ipv4', 'ipv6' or 'ipvfuture'; NULL without a host.",
        "",
    ),
    row(
        Function::IsValid,
        "uri_is_valid",
        One,
        Boolean,
        "Whether the text is an RFC 3986 URI (a scheme required); NULL for NULL.",
        "",
    ),
    row(
        Function::Normalize,
        "uri_normalize",
        One,
        SameString,
        "The URI normalized as RFC 3986 section 6.2.2 says (case, escapes, dot segments); NULL when the text is no URI.",
        "",
    ),
    row(
        Function::Resolve,
        "uri_resolve",
        Two,
        SameString,
        "The reference resolved against the base (RFC 3986 section 5.2); NULL when either is NULL or invalid.",
        "uri_resolve('../img/a.png', 'https://example.com/docs/page.html')",
    ),
    row(
        Function::Relativize,
        "uri_relativize",
        Two,
        SameString,
        "The shortest reference that resolves against the base to the URI ('d', '../x', '?q', '//host/p', or the URI itself); NULL when either is NULL or no URI, or no reference can (a path with dot segments). Byte-wise: normalize both first.",
        "uri_relativize('https://example.com/docs/img/a.png', 'https://example.com/docs/page.html')",
    ),
    row(
        Function::QueryParam,
        "uri_query_param",
        Two,
        SameString,
        "The first value of the named query parameter, percent-decoded; NULL when absent or not decodable.",
        "uri_query_param(url, 'utm_source')",
    ),
    row(
        Function::QueryValues,
        "uri_query_values",
        Two,
        Names,
        "Every value of the named query parameter, percent-decoded, in order; an empty list when absent, a NULL item for a value that does not decode, NULL when the text is no URI reference.",
        "uri_query_values('https://h/?tag=a&tag=b%20c', 'tag')",
    ),
    row(
        Function::QueryNames,
        "uri_query_names",
        One,
        Names,
        "The name of every query pair, percent-decoded, in order and as often as it occurs; an empty list without a query, NULL when the text is no URI reference.",
        "uri_query_names('https://h/?a=1&b=2&a=3')",
    ),
    row(
        Function::Encode,
        "uri_encode",
        Two,
        SameString,
        "The text percent-encoded for a component: 'path-segment', 'segment-nz-nc', 'path', 'query-param', 'query', 'fragment', 'userinfo', 'reg-name', 'unreserved' or 'uri-chars' (the names of uri_runtime::pct::NAMED).",
        "uri_encode('a b/c', 'path-segment')",
    ),
    row(
        Function::Decode,
        "uri_decode",
        One,
        SameString,
        "The text percent-decoded as UTF-8; NULL when an escape is malformed or the bytes are not UTF-8.",
        "",
    ),
    row(
        Function::ParseLenient,
        "uri_parse_lenient",
        OneOrTwo,
        SameString,
        "Text from the wild (an href, a log) read as a browser reads it, resolved against the optional base, normalized; NULL where a browser would refuse it.",
        "uri_parse_lenient(' HTTP://Example.com\\\\a b ')",
    ),
    row(
        Function::HostClass,
        "uri_host_class",
        One,
        Utf8,
        "The class of the host as a client reaches it ('public', 'loopback', 'private-use', 'link-local', 'ambiguous', …); NULL without a host.",
        "",
    ),
    row(
        Function::PolicyViolations,
        "uri_policy_violations",
        Two,
        Names,
        "The rules of a boundary policy ('public-web') the URI breaks, by name; an empty list when admitted, NULL when the text is no URI.",
        "uri_policy_violations(url, 'public-web')",
    ),
    row(
        Function::RegistrableDomain,
        "uri_registrable_domain",
        OneOrTwo,
        Utf8,
        "The registrable domain (eTLD+1) of the host from the Public Suffix List, in its DNS form; 'icann' as second argument leaves out the private section. NULL for an address, a public suffix itself, or no host.",
        "uri_registrable_domain('https://www.example.co.uk/')",
    ),
    row(
        Function::PublicSuffix,
        "uri_public_suffix",
        OneOrTwo,
        Utf8,
        "The public suffix of the host, in its DNS form; 'icann' as second argument leaves out the private section.",
        "",
    ),
    row(
        Function::CutQuery,
        "uri_cut_query",
        One,
        SameString,
        "The URI reference without its query (`?` included), the fragment kept: ClickHouse's cutQueryString. NULL when the text is no URI reference.",
        "uri_cut_query('https://h/p?utm_source=x#top')",
    ),
    row(
        Function::CutFragment,
        "uri_cut_fragment",
        One,
        SameString,
        "The URI reference without its fragment (`#` included): ClickHouse's cutFragment. NULL when the text is no URI reference.",
        "",
    ),
    row(
        Function::RemoveQueryParam,
        "uri_remove_query_param",
        Two,
        SameString,
        "The URI reference without the query parameters of that name (compared percent-decoded), every other byte kept: ClickHouse's cutURLParameter. NULL when the text is no URI reference.",
        "uri_remove_query_param(url, 'utm_source')",
    ),
    row(
        Function::HostWithoutWww,
        "uri_host_without_www",
        One,
        SameString,
        "The host as written, without a leading 'www.' (in any case): ClickHouse's domainWithoutWWW, but read by RFC 3986, so an IP literal, a userinfo or a name without a dot give their host, not ''. NULL without a host.",
        "",
    ),
    row(
        Function::ParseUrl { fails: true },
        "parse_url",
        TwoOrThree,
        Utf8,
        "Spark's parse_url: the part 'HOST', 'PATH', 'QUERY' (or one key's value), 'REF', 'PROTOCOL', 'FILE', 'AUTHORITY' or 'USERINFO'; an invalid URI fails the query with its row and byte.",
        "parse_url('https://h/p?k=v', 'QUERY', 'k')",
    ),
    row(
        Function::ParseUrl { fails: false },
        "try_parse_url",
        TwoOrThree,
        Utf8,
        "Spark's try_parse_url: as parse_url, but NULL for an invalid URI.",
        "",
    ),
];

impl Function {
    /// The function's result for `args`, each `rows` long.
    pub(crate) fn run(self, args: &[ArrayRef]) -> Result<ArrayRef> {
        let first = args
            .first()
            .ok_or_else(|| DataFusionError::Plan("a URI function takes arguments".into()))?;
        let arrow =
            |result: std::result::Result<ArrayRef, datafusion::arrow::error::ArrowError>| {
                result.map_err(|err| DataFusionError::ArrowError(Box::new(err), None))
            };
        match self {
            Function::Part {
                part,
                strict: false,
            } => arrow(uri_arrow::part(first, part)),
            Function::Part { part, strict: true } => uri_arrow::part_or_error(first, part)
                .map_err(|err| DataFusionError::Execution(err.to_string())),
            Function::Port => Ok(Arc::new(uri_arrow::port(first)?)),
            Function::EffectivePort => Ok(Arc::new(uri_arrow::effective_port(first)?)),
            Function::HostKind => arrow(uri_arrow::host_kind(first)),
            Function::IsValid => arrow(uri_arrow::is_valid(first)),
            Function::Normalize => arrow(uri_arrow::normalize(first)),
            Function::Resolve => arrow(uri_arrow::resolve(first, second(args)?)),
            Function::Relativize => arrow(uri_arrow::relativize(first, second(args)?)),
            Function::QueryParam => per_name(args, &|rows, name| {
                arrow(uri_arrow::query_param(&rows[0], name))
            }),
            Function::QueryValues => per_name(args, &|rows, name| {
                arrow(uri_arrow::query_values(&rows[0], name))
            }),
            Function::QueryNames => arrow(uri_arrow::query_names(first)),
            Function::Encode => per_name(args, &|rows, name| {
                let set = pct::named(name).ok_or_else(|| {
                    let names: Vec<&str> = pct::NAMED.iter().map(|&(n, _)| n).collect();
                    DataFusionError::Execution(format!(
                        "uri_encode: no component {name:?}: use {}",
                        names.join(", ")
                    ))
                })?;
                arrow(uri_arrow::encode(&rows[0], set))
            }),
            Function::Decode => arrow(uri_arrow::decode(first)),
            Function::ParseLenient => match args.get(1) {
                None => arrow(uri_arrow::parse_lenient(first)),
                Some(base) => arrow(uri_arrow::join_lenient(first, base)),
            },
            Function::HostClass => arrow(uri_arrow::host_class(first)),
            Function::PolicyViolations => per_name(args, &|rows, name| {
                let policy = match name {
                    "public-web" => Policy::public_web(),
                    other => {
                        return Err(DataFusionError::Execution(format!(
                            "uri_policy_violations: no policy {other:?}: use 'public-web'"
                        )));
                    }
                };
                arrow(uri_arrow::policy_violations(&rows[0], &policy))
            }),
            Function::RegistrableDomain => rules_of(args, &|rows, rules| {
                arrow(uri_arrow::registrable_domain(&rows[0], rules))
            }),
            Function::PublicSuffix => rules_of(args, &|rows, rules| {
                arrow(uri_arrow::public_suffix(&rows[0], rules))
            }),
            Function::ParseUrl { fails } => spark::parse_url(args, fails),
            Function::CutQuery => arrow(uri_arrow::cut_query(first)),
            Function::CutFragment => arrow(uri_arrow::cut_fragment(first)),
            Function::RemoveQueryParam => per_name(args, &|rows, name| {
                arrow(uri_arrow::remove_query_param(&rows[0], name))
            }),
            Function::HostWithoutWww => arrow(uri_arrow::host_without_www(first)),
        }
    }
}

impl Function {
    /// What the function's second argument is, for its syntax line.
    pub(crate) fn second_argument(self) -> &'static str {
        match self {
            Function::Resolve | Function::Relativize | Function::ParseLenient => "base",
            Function::Encode => "component",
            Function::PolicyViolations => "policy",
            Function::RegistrableDomain | Function::PublicSuffix => "'icann'",
            Function::ParseUrl { .. } => "part",
            _ => "name",
        }
    }
}

/// The second argument.
fn second(args: &[ArrayRef]) -> Result<&ArrayRef> {
    args.get(1)
        .ok_or_else(|| DataFusionError::Plan("this URI function takes two arguments".into()))
}

/// How a function runs over some rows (`args`, its columns) with one
/// name (a parameter, a component, a policy).
type Named<'f> = &'f dyn Fn(&[ArrayRef], &str) -> Result<ArrayRef>;

/// `run` with the second argument's one value; a column of several
/// names runs once for each row, over that row alone, and a NULL name
/// gives NULL.
fn per_name(args: &[ArrayRef], run: Named<'_>) -> Result<ArrayRef> {
    let names = names_as_utf8(second(args)?)?;
    let first_name = (0..names.len()).find_map(|i| names.is_valid(i).then(|| names.value(i)));
    let Some(first_name) = first_name else {
        // No name at all: NULL everywhere, of the null type, which the
        // function's declared type is cast from (running with a made-up
        // name would fail where a name is checked, as `uri_encode`'s is).
        return Ok(new_null_array(&DataType::Null, names.len()));
    };
    if names.null_count() == 0 && (0..names.len()).all(|i| names.value(i) == first_name) {
        return run(args, first_name);
    }
    let mut parts: Vec<ArrayRef> = Vec::with_capacity(names.len());
    for i in 0..names.len() {
        let rows = slices(args, i, 1);
        parts.push(if names.is_null(i) {
            new_null_array(run(&rows, first_name)?.data_type(), 1)
        } else {
            run(&rows, names.value(i))?
        });
    }
    let refs: Vec<&dyn Array> = parts.iter().map(AsRef::as_ref).collect();
    Ok(concat(&refs)?)
}

/// `len` rows of each column from `at`.
fn slices(args: &[ArrayRef], at: usize, len: usize) -> Vec<ArrayRef> {
    args.iter().map(|a| a.slice(at, len)).collect()
}

/// The second argument, if any, as the list's sections: `'icann'` for the
/// ICANN section alone, anything else (or none) for the whole list.
fn rules_of(
    args: &[ArrayRef],
    run: &dyn Fn(&[ArrayRef], Rules) -> Result<ArrayRef>,
) -> Result<ArrayRef> {
    match args.get(1) {
        None => run(args, Rules::IcannAndPrivate),
        Some(_) => per_name(args, &|rows, name| {
            let rules = if name.eq_ignore_ascii_case("icann") {
                Rules::Icann
            } else {
                Rules::IcannAndPrivate
            };
            run(rows, rules)
        }),
    }
}

/// A column of names as `Utf8`, whatever its string layout.
fn names_as_utf8(array: &ArrayRef) -> Result<StringArray> {
    let cast = datafusion::arrow::compute::cast(array, &DataType::Utf8)?;
    Ok(cast
        .as_any()
        .downcast_ref::<StringArray>()
        .cloned()
        .unwrap_or_else(|| StringArray::new_null(array.len())))
}

/// The arguments, each as a column of `rows` rows.
pub(crate) fn arrays(args: Vec<ColumnarValue>, rows: usize) -> Result<Vec<ArrayRef>> {
    args.into_iter().map(|arg| arg.into_array(rows)).collect()
}
