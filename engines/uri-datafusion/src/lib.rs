//! RFC 3986 URIs as SQL functions in Apache `DataFusion`, on `uri-arrow`'s
//! column kernels: the same grammar as `uri-runtime`, inside a query.
//!
//! ```
//! use datafusion::prelude::SessionContext;
//!
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() -> datafusion::error::Result<()> {
//! let ctx = SessionContext::new();
//! uri_datafusion::register(&ctx);
//! let batches = ctx
//!     .sql("SELECT uri_host('https://Example.com:8443/a?utm_source=x') AS host, \
//!                  uri_query_param('https://h/?utm_source=news%20letter', 'utm_source') AS source")
//!     .await?
//!     .collect()
//!     .await?;
//! let shown = datafusion::arrow::util::pretty::pretty_format_batches(&batches)?.to_string();
//! assert!(shown.contains("Example.com") && shown.contains("news letter"));
//! # Ok(())
//! # }
//! ```
//!
//! [`register`] adds every function to a `SessionContext`. Each takes
//! scalar or column arguments of any string type, and keeps the row
//! count: a NULL or invalid row gives NULL in the same row, never a failed
//! query, except the functions whose name says they fail (`*_or_error`,
//! `parse_url`), which report the row and the byte. `uri_functions()`
//! lists them with their documentation (`SHOW FUNCTIONS` and
//! `information_schema` show it too).
//!
//! | function | returns |
//! |---|---|
//! | `uri_scheme`, `uri_userinfo`, `uri_host`, `uri_path`, `uri_query`, `uri_fragment`, `uri_authority` | the component as written (NULL when absent or invalid, `''` when empty) |
//! | `uri_scheme_or_error`, … `uri_authority_or_error` | the same, failing the query on an invalid row |
//! | `uri_port`, `uri_effective_port` | the port, or the scheme's default, as an integer |
//! | `uri_host_kind`, `uri_host_class` | `reg-name`/`ipv4`/`ipv6`/`ipvfuture`; the policy's host class |
//! | `uri_is_valid`, `uri_normalize` | RFC 3986 URI or not; normalized (section 6.2.2) |
//! | `uri_resolve(ref, base)`, `uri_relativize(url, base)` | the reference resolved (section 5.2); the shortest reference that resolves to the URI |
//! | `uri_query_param(url, name)`, `uri_query_values(url, name)` | the first value of a parameter, decoded; every value, as a list |
//! | `uri_query_names(url)` | the names of the query's pairs, decoded, as a list |
//! | `uri_encode(text, component)`, `uri_decode(text)` | percent-coding |
//! | `uri_parse_lenient(text[, base])` | text from the wild read as a browser reads it, normalized |
//! | `uri_policy_violations(url, 'public-web')` | the boundary policy's broken rules |
//! | `uri_registrable_domain(url[, 'icann'])`, `uri_public_suffix(url[, 'icann'])` | the site of the host (Public Suffix List) |
//! | `parse_url(url, part[, key])`, `try_parse_url(…)` | Spark's functions, over RFC 3986 (see below) |
//! | `uri_cut_query(url)`, `uri_cut_fragment(url)`, `uri_remove_query_param(url, name)`, `uri_host_without_www(url)` | ClickHouse's `cutQueryString`, `cutFragment`, `cutURLParameter`, `domainWithoutWWW` (see below) |
//!
//! # For ClickHouse users
//!
//! The URL functions ClickHouse users reach for have an answer here, read
//! by RFC 3986 rather than by a scan for delimiters:
//!
//! | ClickHouse | here | where they differ |
//! |---|---|---|
//! | `domain(url)` | `uri_host(url)` | `domain` gives `''` for an IPv6 literal, a `user:pass@` authority and a host without a dot; `uri_host` gives the host |
//! | `domainWithoutWWW(url)` | `uri_host_without_www(url)` | the same, less a leading `www.` |
//! | `topLevelDomain(url)` | none: `uri_public_suffix(url)` is the Public Suffix List's suffix (`co.uk`), not the last label (`uk`) | |
//! | `cutQueryString`, `cutFragment`, `cutURLParameter` | `uri_cut_query`, `uri_cut_fragment`, `uri_remove_query_param` | untouched bytes kept, keys compared decoded |
//! | `cutToFirstSignificantSubdomain` | `uri_registrable_domain(url)` | the list's registrable domain |
//!
//! Text that a browser would read but RFC 3986 does not (a `\`, a space,
//! a quote) gives NULL in the strict functions;
//! `uri_parse_lenient(text)` reads it as a browser does, and the strict
//! functions then take its result: `uri_host(uri_parse_lenient(url))`.
//!
//! # Spark's `parse_url`
//!
//! Registering these replaces a Spark or Comet user's `parse_url` and
//! `try_parse_url` with the same part names (`HOST`, `PATH`, `QUERY`,
//! `REF`, `PROTOCOL`, `FILE`, `AUTHORITY`, `USERINFO`) and NULL rules.
//! Where the answers differ, RFC 3986 is why; the [`spark`] module's docs
//! list each difference.

mod functions;
pub mod spark;
mod udf;

use datafusion::logical_expr::ScalarUDF;
use datafusion::prelude::SessionContext;

/// Registers every function on `ctx` (an executor of a distributed
/// engine needs them registered too: see the README).
pub fn register(ctx: &SessionContext) {
    for udf in uri_functions() {
        ctx.register_udf(udf);
    }
}

/// Every function, for registering them elsewhere (a `SessionState`
/// builder, a Ballista executor's function registry).
pub fn uri_functions() -> Vec<ScalarUDF> {
    udf::UriUdf::all().map(ScalarUDF::new_from_impl).collect()
}
