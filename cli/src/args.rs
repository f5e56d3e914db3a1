//! The command line as clap reads it: the global flags, the commands and
//! the values their options take.

use clap::{Parser, Subcommand, ValueEnum};
use uri_runtime::Component;
use uri_runtime::policy::HostClass;

/// RFC 3986 URIs from the shell: parse, check, normalize, resolve,
/// relativize, encode, decode, get and set components. An argument `-`
/// reads values one per line from standard input, and so does a command
/// given no value while its input is not a terminal (`uri normalize <
/// list.txt`); a blank line gives a blank line, in step.
#[derive(Parser, Debug)]
#[command(name = "uri", version)]
#[allow(
    clippy::struct_excessive_bools,
    reason = "each flag of the command line is a bool"
)]
pub(crate) struct Cli {
    /// After reading standard input, print `N inputs, M failed` to
    /// standard error even when none failed (it always does when some did).
    #[arg(long, global = true)]
    pub(crate) summary: bool,
    /// Print TEXT (an empty line with `--on-error ''`) on standard output
    /// for each input that fails, so that output lines stay in step with
    /// input lines; the error still goes to standard error.
    #[arg(long, global = true, value_name = "TEXT")]
    pub(crate) on_error: Option<String>,
    /// Read each input as an IRI reference (RFC 3987: `https://bücher.example/ö`)
    /// and map it to its URI first: the host through IDNA (punycode),
    /// other non-ASCII characters percent-encoded.
    #[arg(long, global = true)]
    pub(crate) iri: bool,
    /// Read each input as a browser reads it (the WHATWG URL Standard:
    /// spaces and other characters escaped, tabs and newlines dropped, `\`
    /// as `/` in web URLs, number hosts as IPv4 addresses) and use the
    /// strict URI of what the browser would fetch; each repair is noted on
    /// standard error with its bytes. trurl calls its narrower form of
    /// this `--accept-space`, which is accepted too.
    #[arg(long, global = true, visible_alias = "accept-space")]
    pub(crate) lenient: bool,
    /// Show each printed URI reference as an IRI: hosts in Unicode,
    /// escapes of non-ASCII text as characters (`parse` shows the IRI's
    /// components; its query parameters are decoded either way).
    #[arg(long, global = true)]
    pub(crate) idn: bool,
    /// Accept IPv6 zone identifiers (RFC 6874: `http://[fe80::1%25eth0]/`),
    /// which name an interface of this machine and mean nothing on
    /// another, in every input read as a URI (not with `--lenient` or
    /// `--iri`, whose readings have no zones).
    #[arg(long, global = true)]
    pub(crate) zone_ids: bool,
    #[command(subcommand)]
    pub(crate) command: Command,
}

#[derive(Subcommand, Debug)]
pub(crate) enum Command {
    /// Print the components of each URI reference (absent ones as `none`,
    /// present ones quoted, so `""` is an empty one).
    Parse {
        /// One JSON array of objects, an object per line: the components
        /// (absent ones `null`), `host_kind`, the query's decoded `params`;
        /// a failed input is an object with an `error` (`kind`,
        /// `component`, `index`, `message`) in its place, and standard
        /// error then gets only the summary.
        #[arg(long)]
        json: bool,
        /// The same objects, one per line with no array around them
        /// (JSON Lines), for streaming.
        #[arg(long)]
        json_lines: bool,
        uris: Vec<String>,
    },
    /// Print nothing for valid URIs; for invalid ones, why, with carets
    /// under the culprit. Exit status 1 if any is invalid. With a policy
    /// (`--policy public-web`, `--same-origin`, or any of the rule flags),
    /// also every rule of the policy each URI breaks.
    Check {
        /// Accept relative references too (RFC 3986 `URI-reference`).
        #[arg(long)]
        reference: bool,
        #[command(flatten)]
        policy: PolicyArgs,
        /// Apply the rules of the schemes the library knows, beyond the
        /// generic syntax: http and https need a host (RFC 9110), ftp
        /// typecodes (RFC 1738), mailto addresses and headers (RFC 6068),
        /// file paths (RFC 8089).
        #[arg(long)]
        scheme: bool,
        uris: Vec<String>,
    },
    /// Normalization: syntax-based (RFC 3986 section 6.2.2) and
    /// scheme-based (section 6.2.3: default ports and an empty path to `/`
    /// for http, https, ws, wss and ftp), as trurl does.
    Normalize {
        /// Syntax-based normalization alone: a default port stays.
        #[arg(long, conflicts_with = "scheme")]
        syntax: bool,
        /// Scheme-based normalization too: the default, kept for scripts
        /// written when it was not.
        #[arg(long, hide = true)]
        scheme: bool,
        uris: Vec<String>,
    },
    /// Resolve each reference against BASE (RFC 3986 section 5.2). A BASE
    /// of `-` is the first line of standard input; references given as `-`
    /// then continue with the lines after it.
    Resolve {
        base: String,
        references: Vec<String>,
    },
    /// The shortest reference that resolves from BASE to each TARGET.
    Relative { base: String, targets: Vec<String> },
    /// Percent-encode text for the component it will go into.
    Encode {
        #[arg(long, value_enum, default_value_t = Set::Unreserved)]
        set: Set,
        #[arg(allow_hyphen_values = true)]
        texts: Vec<String>,
    },
    /// Percent-decode text (strictly: a bad escape is an error).
    Decode {
        /// Read `+` as a space (form-style query values).
        #[arg(long)]
        form: bool,
        /// Never fail: keep a `%` that starts no escape as written, show
        /// bytes that are not UTF-8 as U+FFFD, and name each value that
        /// needed it on standard error.
        #[arg(long)]
        lossy: bool,
        #[arg(allow_hyphen_values = true)]
        texts: Vec<String>,
    },
    /// Print one component of each URI reference, or its host's site or
    /// public suffix. A port, userinfo, query or fragment the reference
    /// lacks prints an empty line (as trurl; `--require` fails instead);
    /// a host, site or suffix it lacks fails, as an invalid reference does.
    Get {
        #[command(flatten)]
        asked: GetArgs,
        uris: Vec<String>,
    },
    /// Print several components of each URI reference on one line, through
    /// FORMAT: `{scheme}`, `{authority}`, `{userinfo}`, `{host}`, `{port}`,
    /// `{path}`, `{query}`, `{fragment}` as written, `{:host}` (any name
    /// after a colon) decoded, `{site}` and `{suffix}` the host's
    /// registrable domain and public suffix, `{query:KEY}` the first value
    /// of KEY and `{query-all:KEY}` all of them joined with `,`, decoded;
    /// `{{` and `}}` for braces.
    Format {
        format: String,
        /// For `{site}` and `{suffix}`: the ICANN section of the Public
        /// Suffix List alone.
        #[arg(long)]
        icann: bool,
        /// What an absent component (or parameter) prints; a present but
        /// empty one prints nothing.
        #[arg(long, default_value = "")]
        absent: String,
        /// `{port}` without a port prints the scheme's default (http, https,
        /// ws, wss, ftp).
        #[arg(long)]
        default_port: bool,
        uris: Vec<String>,
    },
    /// Edit the query parameters of each URI reference, keeping the pairs
    /// an edit does not touch byte for byte. The edits run in this order:
    /// remove, set, append, trim empty values, sort. Values are raw text,
    /// encoded for a query parameter (a space as `%20`, or `+` with
    /// `--form`); keys are compared decoded.
    Query {
        /// Remove the parameters whose decoded key matches PATTERN (`*`
        /// stands for any text: `utm_*`). trurl's `--trim query=PATTERN`
        /// is accepted too.
        #[arg(long, value_name = "PATTERN", visible_alias = "trim")]
        remove: Vec<String>,
        /// Set KEY to VALUE: the first pair with KEY takes it in place,
        /// the others go; appended when there is none.
        #[arg(long, value_name = "KEY=VALUE")]
        set: Vec<String>,
        /// Append KEY=VALUE after the other parameters.
        #[arg(long, value_name = "KEY=VALUE")]
        append: Vec<String>,
        /// Remove the parameters whose value is empty (`k=` and `k`).
        #[arg(long)]
        trim_empty: bool,
        /// Sort the parameters by key, keeping the order of equal keys.
        #[arg(long)]
        sort: bool,
        /// Form style: write a space as `+`, read `+` as a space.
        #[arg(long)]
        form: bool,
        /// The byte between pairs, read and written: `&`, or `;` as some
        /// older servers write (trurl's `--query-separator`).
        #[arg(
            long,
            value_name = "CHAR",
            default_value = "&",
            value_parser = ["&", ";"],
            visible_alias = "query-separator"
        )]
        separator: String,
        uris: Vec<String>,
    },
    /// Print the path each `file` URI names (RFC 8089), decoded strictly:
    /// an escaped separator or NUL is an error, not a different file.
    FileToPath {
        #[command(flatten)]
        style: Style,
        uris: Vec<String>,
    },
    /// Print the `file` URI of each absolute path (RFC 8089).
    PathToFile {
        #[command(flatten)]
        style: Style,
        paths: Vec<String>,
    },
    /// Print each URI reference once for every value of a component:
    /// `COMPONENT=V1 V2 …` (values split at spaces, each set as `set`
    /// sets it) gives one line per value, and each `--also` list
    /// multiplies them, the first list changing slowest (trurl's
    /// `--iterate`). A component has one list.
    Iterate {
        /// Take each value as already encoded (as `set --encoded`).
        #[arg(long)]
        encoded: bool,
        #[arg(value_name = "COMPONENT=V1 V2 …")]
        values: String,
        /// More lists, combined with every value of the ones before.
        #[arg(long = "also", value_name = "COMPONENT=V1 V2 …")]
        more: Vec<String>,
        uris: Vec<String>,
    },
    /// Set a component of each URI reference: `COMPONENT=VALUE` sets it
    /// from raw text, percent-encoded for that component (a host as a
    /// person writes it), `COMPONENT=` makes it empty (`port=` removes
    /// the port, as RFC 3986 section 3.2.3 asks of a writer), a bare
    /// `COMPONENT` removes it; `path+=SEGMENT` appends one path segment from raw text
    /// (encoded, `/` included); `COMPONENT?=VALUE` sets it only where the
    /// reference has none (trurl's conditional set).
    Set {
        /// Take each VALUE as already encoded, exactly as it will appear,
        /// and check it instead of encoding it.
        #[arg(long)]
        encoded: bool,
        assignment: String,
        /// More assignments, applied in order after the first.
        #[arg(long = "also")]
        more: Vec<String>,
        uris: Vec<String>,
    },
}

/// The encode sets, by the component they are for.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Set {
    /// One path segment: `/ ? #` encoded.
    PathSegment,
    /// A whole path: `/` kept.
    Path,
    /// One query key or value: `& = + #` encoded too.
    QueryParam,
    /// A whole query: `& =` kept.
    Query,
    /// A fragment.
    Fragment,
    /// A userinfo.
    Userinfo,
    /// A registered name.
    RegName,
    /// Everything but `A-Z a-z 0-9 - . _ ~`.
    Unreserved,
    /// Form style: like query-param, space as `+`.
    Form,
}

/// Which convention file paths follow; the host's own by default.
#[derive(clap::Args, Debug, Clone, Copy)]
pub(crate) struct Style {
    /// Windows paths: `C:\dir\file`, `\\server\share\file`.
    #[arg(long, conflicts_with = "posix")]
    windows: bool,
    /// POSIX paths: `/dir/file`.
    #[arg(long)]
    posix: bool,
}

impl Style {
    pub(crate) fn chosen(self) -> uri_runtime::scheme::file::PathStyle {
        match (self.windows, self.posix) {
            (true, _) => uri_runtime::scheme::file::PathStyle::Windows,
            (_, true) => uri_runtime::scheme::file::PathStyle::Posix,
            _ => uri_runtime::scheme::file::PathStyle::NATIVE,
        }
    }
}

/// The boundary policy `check` applies: a preset, then rules added to it.
/// What `get` prints of each reference.
#[derive(clap::Args, Debug, Clone, Copy)]
#[allow(
    clippy::struct_excessive_bools,
    reason = "one switch per command-line flag, as clap reads them"
)]
pub(crate) struct GetArgs {
    #[arg(value_enum)]
    pub(crate) component: Part,
    /// For `site` and `suffix`: the ICANN section of the Public Suffix
    /// List alone, without its private suffixes (`github.io`).
    #[arg(long)]
    pub(crate) icann: bool,
    /// Percent-decode the value.
    #[arg(long)]
    pub(crate) decode: bool,
    /// With `--decode`, never fail (as `decode --lossy`).
    #[arg(long, requires = "decode")]
    pub(crate) lossy: bool,
    /// Fail (exit 1) when the reference has no such port, userinfo,
    /// query or fragment, rather than print an empty line.
    #[arg(long)]
    pub(crate) require: bool,
    /// A `port` the URI does not write prints the scheme's default
    /// (http, https, ws, wss, ftp).
    #[arg(long)]
    pub(crate) default_port: bool,
    /// Each result a JSON object on its own line (JSON Lines):
    /// `{"uri":…,"host":…}`, an absent component `null`; a failed input an
    /// object with an `error`.
    #[arg(long)]
    pub(crate) json: bool,
}

#[derive(clap::Args, Debug, Default)]
#[allow(
    clippy::struct_excessive_bools,
    reason = "one switch per command-line flag, as clap reads them"
)]
pub(crate) struct PolicyArgs {
    /// Start from a preset. `public-web`: http or https, a host, no
    /// userinfo, at most 8,000 bytes, and no host outside the globally
    /// reachable classes (loopback, private, link-local, metadata
    /// addresses, IPv4 inside IPv6, `localhost`, … are refused).
    #[arg(long, value_enum)]
    pub(crate) policy: Option<Preset>,
    /// Only URIs of this origin (scheme, host, port), as a redirect back
    /// to the application must be.
    #[arg(long, value_name = "URI")]
    pub(crate) same_origin: Option<String>,
    /// Admit this scheme (repeatable); once one is given, no other.
    #[arg(long, value_name = "SCHEME")]
    pub(crate) allow_scheme: Vec<String>,
    /// Admit this host (repeatable): a name, `*.domain` for the names
    /// below it, or an address; once one is given, no other.
    #[arg(long, value_name = "HOST")]
    pub(crate) allow_host: Vec<String>,
    /// Admit this port (repeatable; a URI without one has its scheme's
    /// default); once one is given, no other.
    #[arg(long, value_name = "PORT")]
    pub(crate) allow_port: Vec<u16>,
    /// Refuse hosts of this class (repeatable): loopback, private-use,
    /// link-local, unique-local, shared-address-space, unspecified,
    /// documentation, benchmarking, protocol-assignment, reserved,
    /// discard-only, broadcast, multicast, special-use-name,
    /// unresolvable, global-special-purpose, public.
    #[arg(long, value_name = "CLASS", value_parser = host_class)]
    pub(crate) deny_class: Vec<HostClass>,
    /// Admit hosts of this class again (after a preset refused it).
    #[arg(long, value_name = "CLASS", value_parser = host_class)]
    pub(crate) allow_class: Vec<HostClass>,
    /// Refuse any userinfo.
    #[arg(long)]
    pub(crate) deny_userinfo: bool,
    /// Refuse a password in the userinfo.
    #[arg(long)]
    pub(crate) deny_password: bool,
    /// Refuse a query.
    #[arg(long)]
    pub(crate) deny_query: bool,
    /// Refuse a fragment.
    #[arg(long)]
    pub(crate) deny_fragment: bool,
    /// Require this component (repeatable): userinfo, host, port, path,
    /// query, fragment.
    #[arg(long, value_name = "COMPONENT", value_enum)]
    pub(crate) require: Vec<Part>,
    /// Refuse URIs longer than this many bytes.
    #[arg(long, value_name = "BYTES")]
    pub(crate) max_length: Option<usize>,
    /// One JSON object per input, per line: `{"uri":…,"ok":true}`, or
    /// the `violations` (`rule`, `class`, `index`, `length`, `message`);
    /// an input that does not parse has an `error` as with `parse --json`.
    #[arg(long)]
    pub(crate) json: bool,
}

impl PolicyArgs {
    /// Whether any policy was asked for.
    pub(crate) fn given(&self) -> bool {
        self.policy.is_some()
            || self.same_origin.is_some()
            || !self.allow_scheme.is_empty()
            || !self.allow_host.is_empty()
            || !self.allow_port.is_empty()
            || !self.deny_class.is_empty()
            || !self.allow_class.is_empty()
            || self.deny_userinfo
            || self.deny_password
            || self.deny_query
            || self.deny_fragment
            || !self.require.is_empty()
            || self.max_length.is_some()
            || self.json
    }
}

/// The policies `check --policy` starts from.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Preset {
    /// A URL a server fetches on a user's behalf.
    PublicWeb,
}

fn host_class(name: &str) -> Result<HostClass, String> {
    HostClass::from_name(name).ok_or_else(|| {
        let names: Vec<&str> = HostClass::ALL.iter().map(|c| c.name()).collect();
        format!("not a host class; one of {}", names.join(", "))
    })
}

/// The components `get`, `set` and `format` name, and the two parts of
/// the host's site that `get` and `format` read (the Public Suffix List,
/// as browsers use it; `--icann` for its ICANN section alone).
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Part {
    Scheme,
    Authority,
    Userinfo,
    Host,
    Port,
    Path,
    Query,
    Fragment,
    /// The host's registrable domain (eTLD+1), in its DNS form.
    Site,
    /// The host's public suffix, in its DNS form.
    Suffix,
}

impl Part {
    /// The RFC 3986 component this part is, if it is one, found by the
    /// name both spell: the command line's names for components are the
    /// core's, and a test keeps the two lists the same.
    pub(crate) fn component(self) -> Option<Component> {
        Component::from_name(self.to_possible_value()?.get_name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each of RFC 3986's components is the part of the same name, and
    /// the parts that are no component are the three the command adds.
    #[test]
    fn the_parts_named_as_components_are_the_components() {
        for component in Component::ALL {
            let part = Part::from_str(component.name(), false).unwrap();
            assert_eq!(part.component(), Some(component));
        }
        let others: Vec<Part> = Part::value_variants()
            .iter()
            .copied()
            .filter(|part| part.component().is_none())
            .collect();
        assert_eq!(others, [Part::Authority, Part::Site, Part::Suffix]);
    }
}
