//! `parse_url` and `try_parse_url` with Spark's part names and NULL
//! rules, over RFC 3986 rather than `java.net.URI`.
//!
//! Where the answers differ from Spark's, RFC 3986 is why:
//!
//! - Spark reads with `java.net.URI` (RFC 2396 and its own repairs): a
//!   host with `_` (`my_host.example`) has no host there (`getHost()` is
//!   null) and one here; `[` and `]` in a path or query, and `%` not
//!   followed by two hex digits, make a text invalid here, and `java.net.URI`
//!   refuses some of them too.
//! - `QUERY` with a key: the first `key=value` pair whose key is exactly
//!   the key, its value as written (still encoded), as Spark gives it;
//!   Spark builds a regular expression from the key, so a key with `.` or
//!   `*` matches other keys there, not here.
//! - `parse_url` fails the query on an invalid URI with its row and byte,
//!   as Spark does with `spark.sql.ansi.enabled` (its default from Spark
//!   4.0); `try_parse_url` gives NULL, as Spark without ANSI mode gives for
//!   both.
//! - A part name Spark does not know gives NULL in both.

use std::sync::Arc;

use datafusion::arrow::array::{Array, ArrayRef, StringArray};
use datafusion::arrow::compute::cast;
use datafusion::arrow::datatypes::DataType;
use datafusion::error::{DataFusionError, Result};
use uri_runtime::UriRef;

/// Spark's `parse_url(url, part[, key])`: `args` are the columns.
pub(crate) fn parse_url(args: &[ArrayRef], fails: bool) -> Result<ArrayRef> {
    let column = |i: usize| -> Result<Option<StringArray>> {
        let Some(array) = args.get(i) else {
            return Ok(None);
        };
        let utf8 = cast(array, &DataType::Utf8)?;
        Ok(utf8.as_any().downcast_ref::<StringArray>().cloned())
    };
    let (Some(urls), Some(parts)) = (column(0)?, column(1)?) else {
        return Err(DataFusionError::Plan(
            "parse_url takes a URL and a part name".into(),
        ));
    };
    let keys = column(2)?;
    let mut out = Vec::with_capacity(urls.len());
    for row in 0..urls.len() {
        let text = urls.is_valid(row).then(|| urls.value(row));
        let part = parts.is_valid(row).then(|| parts.value(row));
        let key = keys
            .as_ref()
            .map(|keys| keys.is_valid(row).then(|| keys.value(row)));
        let (Some(text), Some(part)) = (text, part) else {
            out.push(None);
            continue;
        };
        let reference = match UriRef::parse(text) {
            Ok(reference) => reference,
            Err(err) if fails => {
                return Err(DataFusionError::Execution(format!(
                    "parse_url: row {row}: {err}"
                )));
            }
            Err(_) => {
                out.push(None);
                continue;
            }
        };
        out.push(match key {
            Some(None) => None,
            Some(Some(key)) => query_value(&reference, part, key),
            None => spark_part(&reference, part),
        });
    }
    Ok(Arc::new(StringArray::from(out)))
}

/// The part Spark names `part`, as written.
fn spark_part(r: &UriRef<'_>, part: &str) -> Option<String> {
    let text = match part {
        "HOST" => r.host(),
        "PATH" => Some(r.path()),
        "QUERY" => r.query(),
        "REF" => r.fragment(),
        "PROTOCOL" => r.scheme(),
        "AUTHORITY" => r.authority(),
        "USERINFO" => r.userinfo(),
        "FILE" => {
            return Some(match r.query() {
                Some(query) => format!("{}?{query}", r.path()),
                None => r.path().to_owned(),
            });
        }
        _ => None,
    };
    text.map(str::to_owned)
}

/// `QUERY` with a key: the first pair `key=…`'s value, as written.
fn query_value(r: &UriRef<'_>, part: &str, key: &str) -> Option<String> {
    if part != "QUERY" {
        return None;
    }
    r.query()?
        .split('&')
        .find_map(|pair| pair.strip_prefix(key)?.strip_prefix('='))
        .map(str::to_owned)
}
