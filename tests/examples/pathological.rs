//! Runs one toolbox operation on a generated pathological input of a given
//! size, for `scripts/linear-time.sh` to count instructions at two sizes.
//!
//! Usage: `pathological <dots|resolve|join|relative|query|build|path|escapes> <n>`
//!   dots      normalize `http://h/` followed by n times `a/../`
//!   resolve   resolve n times `a/../` then `g` against `http://h/b/c`
//!   join      the same through `Uri::join`, which reads and writes a
//!             path reference in one pass
//!   relative  relativize between two paths of n segments that differ at the end
//!   query     normalize and decode a query of n `k=%41&` pairs (6n bytes)
//!   build     build a URI from a raw path of n `é/` segments (encoded)
//!   path      normalize `http://h/` followed by n times `seg/` (4n bytes)
//!   escapes   decode n times `%E4%BA%AC` (9n bytes of escapes, all UTF-8)
//!   parse-path   parse `http://h/` followed by n times `seg/` (4n bytes)
//!   parse-query  parse `http://h/?` followed by n times `k=%41&` (6n bytes)
//!   const-parse-path, const-parse-query   the same with `uri-core`'s
//!                `const` parser, which `UriRef::parse` runs where the
//!                CPU has no SSSE3
//!   template-explode  expand `{/list*}{?list*}` with a list of n items
//!                `ab` (11n bytes out)
//!   template-match    match `?v0=0&…` against `{?v0,v1,…}` with n variables
//!   template-long     parse and expand a template of n times `{a}/`
//!                (4n bytes in)
//!   template-prefix   expand n times `{v:9999}` with a value of 20,000
//!                `é` (9999 characters, 54 KB, out per expression)
//!   lenient-dots      join n times `a\%2e%2E\` then `g` against
//!                `http://h/b/c` as a browser reads it (10n bytes)
//!   lenient-userinfo  read `http://` + n times `a@` + `h/` leniently
//!   lenient-mixed     read `http://h/` + n times tab `x |` leniently
//!   policy-host       check `http://` + n times `a.` + `localhost/` against
//!                     the public-web policy

use std::error::Error;
use std::hint::black_box;
use std::process::ExitCode;

use uri::{Uri, UriBuf, UriBuilder, UriRef, uri_template::UriTemplate};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let (Some(op), Some(Ok(n))) = (args.get(1), args.get(2).map(|n| n.parse::<usize>())) else {
        eprintln!(
            "usage: pathological <dots|resolve|join|relative|query|build|path|escapes|parse-path|parse-query|const-parse-path|const-parse-query|template-explode|template-match|template-long|template-prefix|lenient-dots|lenient-userinfo|lenient-mixed|policy-host> <n>"
        );
        return ExitCode::FAILURE;
    };
    match run(op, n) {
        Ok(size) => {
            black_box(size);
            ExitCode::SUCCESS
        }
        Err(err) => {
            eprintln!("{err}");
            ExitCode::FAILURE
        }
    }
}

/// Runs `op` at size `n`; the result is the output's size, kept alive so
/// the work is not optimized away.
fn run(op: &str, n: usize) -> Result<usize, Box<dyn Error>> {
    Ok(match op {
        "dots" => {
            let text = format!("http://h/{}", "a/../".repeat(n));
            Uri::parse(&text)?.normalize().as_str().len()
        }
        "resolve" => {
            let base = Uri::parse("http://h/b/c")?;
            let reference = format!("{}g", "a/../".repeat(n));
            UriRef::parse(&reference)?
                .resolve_against(&base)
                .as_str()
                .len()
        }
        "join" => {
            let base = Uri::parse("http://h/b/c")?;
            let reference = format!("{}g", "a/../".repeat(n));
            base.join(&reference)?.as_str().len()
        }
        "relative" => {
            let base = format!("http://h/{}x", "s/".repeat(n));
            let target = format!("http://h/{}y/z", "s/".repeat(n));
            let relative = Uri::parse(&base)?.make_relative(&Uri::parse(&target)?);
            relative.map_or(0, |r| r.as_str().len())
        }
        "query" => {
            let text = format!("http://h/?{}", "k=%41&".repeat(n));
            let normal = Uri::parse(&text)?.normalize();
            normal.query_params().flatten().count()
        }
        "build" => {
            let path = format!("/{}", "é/".repeat(n));
            let built = UriBuilder::new()
                .scheme("http")
                .host("h")
                .path(&path)
                .build()?;
            built.as_str().len()
        }
        "path" => {
            let text = format!("http://h/{}", "seg/".repeat(n));
            Uri::parse(&text)?.normalize().as_str().len()
        }
        "escapes" => {
            let text = "%E4%BA%AC".repeat(n);
            uri::pct::decode_utf8(&text)?.len()
        }
        "parse-path" => UriRef::parse(&format!("http://h/{}", "seg/".repeat(n)))?
            .path()
            .len(),
        "parse-query" => UriRef::parse(&format!("http://h/?{}", "k=%41&".repeat(n)))?
            .as_str()
            .len(),
        "const-parse-path" => {
            uri_core::parse_uri_reference(&format!("http://h/{}", "seg/".repeat(n)))?
                .path()
                .len()
        }
        "const-parse-query" => {
            uri_core::parse_uri_reference(&format!("http://h/?{}", "k=%41&".repeat(n)))?.len()
        }
        "template-explode" => {
            let list = vec!["ab"; n];
            let mut out = String::new();
            UriTemplate::parse("{/list*}{?list*}")?.expand_to(&[("list", list)], &mut out)?;
            out.len()
        }
        "template-match" => {
            // `{?v0,v1,…}` matched against `?v0=0&v1=1&…`: one lookup per
            // pair, one record per variable.
            let names: Vec<String> = (0..n).map(|i| format!("v{i}")).collect();
            let template = format!("{{?{}}}", names.join(","));
            let pairs: Vec<String> = (0..n).map(|i| format!("v{i}={i}")).collect();
            let uri = format!("?{}", pairs.join("&"));
            UriTemplate::parse(&template)?
                .match_uri(&uri)?
                .map_or(0, |found| found.len())
        }
        "template-long" => {
            let text = "{a}/".repeat(n);
            UriTemplate::parse(&text)?
                .expand(&[("a", "x")])?
                .as_str()
                .len()
        }
        "template-prefix" => {
            let text = "{v:9999}".repeat(n);
            let value = "é".repeat(20_000);
            UriTemplate::parse(&text)?
                .expand(&[("v", value)])?
                .as_str()
                .len()
        }
        other => return boundary(other, n),
    })
}

/// The operations on text from the wild: read as a browser reads it, and
/// checked against a policy.
fn boundary(op: &str, n: usize) -> Result<usize, Box<dyn Error>> {
    Ok(match op {
        "lenient-dots" => {
            // A browser's reading: `\\` and `%2e` segments met one by one.
            let base = Uri::parse("http://h/b/c")?;
            let href = format!("{}g", "a\\%2e%2E\\".repeat(n));
            base.join_lenient(&href)?.value.as_str().len()
        }
        "lenient-userinfo" => {
            // Every `@` but the last is the userinfo's: read once, escaped.
            let text = format!("http://{}h/", "a@".repeat(n));
            UriBuf::parse_lenient(&text)?.value.as_str().len()
        }
        "lenient-mixed" => {
            // Tabs removed, spaces and `|` escaped, one repair each.
            let text = format!("http://h/{}", "\tx |".repeat(n));
            UriBuf::parse_lenient(&text)?.repairs.len()
        }
        "policy-host" => {
            // A name past the two blocks the check reads at once: the rest
            // is searched for an escape, once.
            let text = format!("http://{}localhost/", "a.".repeat(n));
            let refused = uri::policy::Policy::public_web().check(&Uri::parse(&text)?);
            refused.map_or_else(|err| err.violations().len(), |()| 0)
        }
        other => return Err(format!("unknown operation {other:?}").into()),
    })
}
