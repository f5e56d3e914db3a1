//! Why and where a string is not a URI.

use core::fmt;

use crate::located::Located;
use crate::render::{Caret, Quoted};

/// One of the seven components of a URI reference (RFC 3986 section 3).
///
/// ```
/// use uri_core::{parse_uri_reference, Component, ParseErrorKind};
///
/// let err = parse_uri_reference("http://example.com/a b").unwrap_err();
/// assert_eq!(err.kind(), ParseErrorKind::InvalidChar(Component::Path));
/// assert_eq!(Component::Path.name(), "path");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Component {
    /// `scheme`, before the first `:` (section 3.1).
    Scheme,
    /// `userinfo`, before the `@` of the authority (section 3.2.1).
    Userinfo,
    /// `host`: a reg-name, an IPv4 address or a bracketed IP-literal
    /// (section 3.2.2).
    Host,
    /// `port`, the digits after the host's `:` (section 3.2.3).
    Port,
    /// `path` (section 3.3).
    Path,
    /// `query`, after the `?` (section 3.4).
    Query,
    /// `fragment`, after the `#` (section 3.5).
    Fragment,
}

impl Component {
    /// The seven components, in the order a URI reference writes them.
    /// RFC 3986 has exactly these, so the array's length is part of the
    /// API: a tool that lists components (a command line, a report's
    /// columns) takes them from here rather than writing its own list.
    ///
    /// ```
    /// use uri_core::Component;
    ///
    /// let names: Vec<&str> = Component::ALL.iter().map(|c| c.name()).collect();
    /// assert_eq!(names, ["scheme", "userinfo", "host", "port", "path", "query", "fragment"]);
    /// // `Display` writes the name, padded to a width when one is asked.
    /// assert_eq!(format!("{:<9}|", Component::Port), "port     |");
    /// ```
    pub const ALL: [Component; 7] = [
        Component::Scheme,
        Component::Userinfo,
        Component::Host,
        Component::Port,
        Component::Path,
        Component::Query,
        Component::Fragment,
    ];

    /// The component whose [`name`](Self::name) is `name` (lowercase, as
    /// RFC 3986 writes it), if there is one.
    ///
    /// ```
    /// use uri_core::Component;
    ///
    /// assert_eq!(Component::from_name("query"), Some(Component::Query));
    /// assert_eq!(Component::from_name("Query"), None);
    /// assert_eq!(Component::from_name("authority"), None); // not one of the seven
    /// ```
    pub fn from_name(name: &str) -> Option<Component> {
        Component::ALL
            .into_iter()
            .find(|component| component.name() == name)
    }

    /// The component's name as RFC 3986 writes it, in lowercase.
    pub const fn name(self) -> &'static str {
        match self {
            Component::Scheme => "scheme",
            Component::Userinfo => "userinfo",
            Component::Host => "host",
            Component::Port => "port",
            Component::Path => "path",
            Component::Query => "query",
            Component::Fragment => "fragment",
        }
    }
}

impl fmt::Display for Component {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

/// What is wrong with the input. Each variant says where
/// [`ParseError::index`] points.
///
/// ```
/// use uri_core::{parse_uri, ParseErrorKind};
///
/// let err = parse_uri("http://[::1/").unwrap_err();
/// assert_eq!(err.kind(), ParseErrorKind::UnclosedIpLiteral);
/// assert_eq!(err.index(), 7); // the `[`
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// A `%` not followed by two hexadecimal digits (RFC 3986 section 2.1).
    /// The index points at the `%`.
    InvalidPercentEncoding(Component),
    /// A character the component's ABNF rule does not allow: a reserved
    /// character out of place, a space, a control character, non-ASCII. The
    /// index points at that character.
    InvalidChar(Component),
    /// The text before the first `:` is not a scheme (`ALPHA *( ALPHA /
    /// DIGIT / "+" / "-" / "." )`, section 3.1), and a relative reference
    /// may not have a `:` in its first segment (section 4.2). The index
    /// points at the first character that breaks the rule, or at the `:` of
    /// an empty scheme.
    InvalidScheme,
    /// The port has a character that is not a digit (section 3.2.3). The
    /// index points at it.
    InvalidPort,
    /// The bracketed host is not one of the nine `IPv6address` forms
    /// (section 3.2.2). The index points at the first byte where the text
    /// stops matching, which is the closing `]` when the address is cut
    /// short.
    InvalidIpv6,
    /// The bracketed host starts with `v` but is not `"v" 1*HEXDIG "." 1*(
    /// unreserved / sub-delims / ":" )` (section 3.2.2). The index points at
    /// the first byte that breaks the rule.
    InvalidIpvFuture,
    /// With RFC 6874 zone identifiers enabled, the text after an IPv6
    /// address's `%` is not `"%25" 1*( unreserved / pct-encoded )`. The
    /// index points at the first byte that breaks the rule.
    InvalidZoneId,
    /// A `[` that opens an IP-literal has no `]` before the end of the
    /// authority. The index points at the `[`.
    UnclosedIpLiteral,
    /// The `URI` rule was required, which starts with a scheme, and the
    /// input has none: it is at best a relative reference. The index is 0.
    MissingScheme,
    /// In an IRI, one of the bidirectional formatting characters RFC 3987
    /// section 4.1 forbids (LRM, RLM, LRE, RLE, PDF, LRO, RLO; see
    /// [`is_bidi_formatting`](crate::table::is_bidi_formatting)). The
    /// index points at its first byte.
    BidiFormatting(Component),
    /// Read as a browser reads it (the lenient parsers): a host that ends
    /// in a number is an IPv4 address in one of the forms `inet_aton`
    /// takes (`127.1`, `0x7f.0.0.1`, `2130706433`), and this one is not a
    /// valid one. The index points at the host.
    InvalidIpv4,
    /// Read as a browser reads it: a `http`, `https`, `ws`, `wss` or `ftp`
    /// URI names a host, and this one has none (`https:///x`, `http://u@/`).
    /// The index points where the host should be.
    MissingHost,
    /// Read as a browser reads it: the port is digits, but above 65535,
    /// which browsers refuse (RFC 3986 allows any digits, so the strict
    /// parsers take it and `port_u16` reports it). The index points at
    /// the port's first digit, and the error covers its digits.
    PortTooLarge,
    /// Read as a browser reads it: the text means different things
    /// against different bases (a `\`, which is `/` against a `http`,
    /// `https`, `ws`, `wss`, `ftp` or `file` base and data against
    /// others; an empty host, as in `///evil.com/x`, where a `http` base
    /// reads the host `evil.com`; a host with escapes or ending in a
    /// number, which a `http` base decodes or reads as an IPv4 address; a
    /// drive letter `C|`, which a `file` base reads as `C:`), or it is
    /// relative and its base has no hierarchical path (`mailto:`). The
    /// index points at what needs the base.
    NeedsBase,
    /// Read as a browser reads it, without the `idna` feature of
    /// `uri-runtime`: the host is an international name, and only that
    /// feature maps one to its ASCII form. The index points at its first
    /// character outside ASCII.
    HostNeedsIdna,
    /// Read as a browser reads it: IDNA (UTS 46) finds no ASCII form for
    /// the host name (an `xn--` label that is not valid punycode, or a
    /// character no name may hold). The index points at the label at
    /// fault, and the error covers it.
    InvalidIdn,
}

impl ParseErrorKind {
    /// A short lowercase description, without position or text.
    pub const fn description(self) -> &'static str {
        match self {
            ParseErrorKind::InvalidPercentEncoding(_) => "invalid percent-encoding",
            ParseErrorKind::InvalidChar(_) => "character not allowed",
            ParseErrorKind::InvalidScheme => "invalid scheme",
            ParseErrorKind::InvalidPort => "invalid port",
            ParseErrorKind::InvalidIpv6 => "invalid IPv6 address",
            ParseErrorKind::InvalidIpvFuture => "invalid IPvFuture address",
            ParseErrorKind::InvalidZoneId => "invalid IPv6 zone identifier",
            ParseErrorKind::UnclosedIpLiteral => "unclosed IP literal",
            ParseErrorKind::MissingScheme => "missing scheme",
            ParseErrorKind::BidiFormatting(_) => "bidirectional formatting character",
            ParseErrorKind::InvalidIpv4 => "invalid IPv4 address",
            ParseErrorKind::MissingHost => "missing host",
            ParseErrorKind::PortTooLarge => "port above 65535",
            ParseErrorKind::NeedsBase => "meaning depends on the base",
            ParseErrorKind::HostNeedsIdna => "international host name",
            ParseErrorKind::InvalidIdn => "host name with no ASCII form",
        }
    }

    /// The kind's name in kebab case (`invalid-char`, `port-too-large`),
    /// for machine-readable output; stable across releases.
    ///
    /// ```
    /// use uri_core::{parse_uri, ParseErrorKind};
    ///
    /// assert_eq!(parse_uri("http://h:x/").unwrap_err().kind().name(), "invalid-port");
    /// assert_eq!(ParseErrorKind::MissingScheme.name(), "missing-scheme");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            ParseErrorKind::InvalidPercentEncoding(_) => "invalid-percent-encoding",
            ParseErrorKind::InvalidChar(_) => "invalid-char",
            ParseErrorKind::InvalidScheme => "invalid-scheme",
            ParseErrorKind::InvalidPort => "invalid-port",
            ParseErrorKind::InvalidIpv6 => "invalid-ipv6",
            ParseErrorKind::InvalidIpvFuture => "invalid-ipvfuture",
            ParseErrorKind::InvalidZoneId => "invalid-zone-id",
            ParseErrorKind::UnclosedIpLiteral => "unclosed-ip-literal",
            ParseErrorKind::MissingScheme => "missing-scheme",
            ParseErrorKind::BidiFormatting(_) => "bidi-formatting",
            ParseErrorKind::InvalidIpv4 => "invalid-ipv4",
            ParseErrorKind::MissingHost => "missing-host",
            ParseErrorKind::PortTooLarge => "port-too-large",
            ParseErrorKind::NeedsBase => "needs-base",
            ParseErrorKind::HostNeedsIdna => "host-needs-idna",
            ParseErrorKind::InvalidIdn => "invalid-idn",
        }
    }

    /// The component the error was found in, if one was reached.
    pub const fn component(self) -> Option<Component> {
        match self {
            ParseErrorKind::InvalidPercentEncoding(c)
            | ParseErrorKind::InvalidChar(c)
            | ParseErrorKind::BidiFormatting(c) => Some(c),
            ParseErrorKind::InvalidScheme | ParseErrorKind::MissingScheme => {
                Some(Component::Scheme)
            }
            ParseErrorKind::InvalidPort | ParseErrorKind::PortTooLarge => Some(Component::Port),
            ParseErrorKind::InvalidIpv6
            | ParseErrorKind::InvalidIpvFuture
            | ParseErrorKind::InvalidZoneId
            | ParseErrorKind::UnclosedIpLiteral
            | ParseErrorKind::InvalidIpv4
            | ParseErrorKind::MissingHost
            | ParseErrorKind::HostNeedsIdna
            | ParseErrorKind::InvalidIdn => Some(Component::Host),
            ParseErrorKind::NeedsBase => None,
        }
    }
}

/// The longest offending text kept: `%` and two characters of four bytes.
const MAX_TEXT: usize = 9;

/// A string that is not a URI (or URI reference): the byte offset of the
/// first offending byte, what is wrong there, and the offending text.
///
/// ```
/// use uri_core::{parse_uri_reference, Component, ParseErrorKind};
///
/// let input = "https://example.com/100%";
/// let err = parse_uri_reference(input).unwrap_err();
/// assert_eq!(err.index(), 23);
/// assert_eq!(err.kind(), ParseErrorKind::InvalidPercentEncoding(Component::Path));
/// assert_eq!(err.text(), "%");
/// assert_eq!(
///     err.to_string(),
///     r#"invalid percent-encoding "%" in path at byte 23: "%" must be followed by two hex digits; write "%25" for a literal percent sign"#
/// );
/// println!("{}", err.render(input));
/// // https://example.com/100%
/// //                        ^
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct ParseError {
    /// Where, what, and how long the offending text is: the workspace's
    /// one error core, with the text quoted beside it.
    at: Located<ParseErrorKind>,
    text: [u8; MAX_TEXT],
    /// The culprit is whitespace that starts or ends the input: text
    /// pasted with its margins, which the hint names as such.
    in_margin: bool,
    /// The culprit may be part of a password: it is in the userinfo, or
    /// in a port that an `@` follows (`admin:hunter2/x@db`, a password
    /// with a raw `/` read as a port). Its text is not kept.
    secret: bool,
}

impl ParseError {
    /// Builds the error for `input`, copying the offending text at `index`.
    #[doc(hidden)]
    pub const fn at(input: &[u8], index: usize, kind: ParseErrorKind) -> ParseError {
        // A caller outside the parser may pass any index: keep it in range.
        let index = if index < input.len() {
            index
        } else {
            input.len()
        };
        let end = culprit_end(input, index, kind);
        let mut text = [0; MAX_TEXT];
        let mut i = index;
        while i < end && i - index < MAX_TEXT {
            text[i - index] = input[i];
            i += 1;
        }
        let secret = match kind.component() {
            Some(Component::Userinfo) => true,
            Some(Component::Port) => at_sign_after(input, index),
            _ => false,
        };
        ParseError {
            at: Located::new(index, i - index, kind),
            text,
            in_margin: in_margin(input, index),
            secret,
        }
    }

    /// An error of `kind` at `index` of `input`, for code that checks more
    /// than the grammar (the `uri!` macro) and reports in the same words.
    #[doc(hidden)]
    pub const fn new(input: &str, index: usize, kind: ParseErrorKind) -> ParseError {
        ParseError::at(input.as_bytes(), index, kind)
    }

    /// The offending text as it appears in `input`, by the same rule that
    /// chose [`text`](Self::text): one character, `%` and two characters
    /// for a broken escape, nothing for a missing scheme. The `uri!` macro
    /// parses a copy with stand-ins, and quotes the user's own text.
    #[doc(hidden)]
    pub fn culprit_in<'a>(&self, input: &'a str) -> &'a str {
        let end = culprit_end(input.as_bytes(), self.index(), self.kind());
        input.get(self.index()..end).unwrap_or("")
    }

    /// The byte offset of the first offending byte; see [`ParseErrorKind`]
    /// for where each kind points. Always on a `char` boundary, and at most
    /// the input's length (equal to it when the input ends too early).
    pub const fn index(&self) -> usize {
        self.at.index()
    }

    /// What is wrong.
    pub const fn kind(&self) -> ParseErrorKind {
        self.at.kind()
    }

    /// The offending text at [`index`](Self::index): one character, a
    /// broken escape such as `%G1`, or empty at the end of the input.
    ///
    /// Empty, too, for an error in the userinfo, which is where passwords
    /// and tokens are written, or in a port that an `@` follows (a
    /// password with a raw `/`, read as a port): no error quotes a byte
    /// of one, and [`render`](Self::render) draws it as `*`.
    pub fn text(&self) -> &str {
        if self.secret {
            return "";
        }
        self.culprit()
    }

    /// The offending text, whatever the component (for the hint, which
    /// names no byte of it).
    fn culprit(&self) -> &str {
        let bytes = self.text.get(..self.at.len()).unwrap_or(&[]);
        core::str::from_utf8(bytes).unwrap_or("")
    }

    /// Whether the culprit may be part of a password.
    fn is_secret(&self) -> bool {
        self.secret
    }

    /// The byte length of [`text`](Self::text), the width to underline.
    pub const fn len(&self) -> usize {
        self.at.len()
    }

    /// Whether the offending text is empty (the input ended too early).
    pub const fn is_empty(&self) -> bool {
        self.at.is_empty()
    }

    /// `input` drawn on one line with carets under the offending bytes.
    ///
    /// `input` should be the string that was parsed; any other string is
    /// drawn too, with the carets clamped to its end.
    ///
    /// In the userinfo, the userinfo's characters are drawn as `*`: the
    /// carets say where, and no byte of a password is shown.
    ///
    /// ```
    /// use uri_core::parse_uri;
    ///
    /// let input = "https://ada:s3cr t@example.com/";
    /// let err = parse_uri(input).unwrap_err();
    /// assert_eq!(err.to_string(), "character not allowed in userinfo at byte 16: write \"%20\" for a space");
    /// assert_eq!(err.render(input).to_string(), "https://**********@example.com/\n                ^");
    /// ```
    pub fn render<'a>(&self, input: &'a str) -> Caret<'a> {
        let drawing = self.at.render(input);
        if self.secret {
            drawing.hiding(credentials_around(input, self.index()))
        } else {
            drawing
        }
    }

    /// A fix for the most common cause of this error, if there is one.
    ///
    /// ```
    /// use uri_core::parse_uri;
    ///
    /// let err = parse_uri("//example.com/").unwrap_err();
    /// assert!(err.hint().unwrap().contains("relative reference"));
    /// ```
    pub fn hint(&self) -> Option<&'static str> {
        let text = self.culprit();
        Some(match self.kind() {
            _ if self.in_margin => {
                "the input starts or ends with whitespace, which is not part of a URI: trim it"
            }
            ParseErrorKind::InvalidPercentEncoding(_) => {
                "\"%\" must be followed by two hex digits; write \"%25\" for a literal percent sign"
            }
            // Advice to parse as an IRI only for characters an IRI takes.
            ParseErrorKind::InvalidChar(Component::Host)
                if text.len() > 1 && !iri_takes(text, Component::Host) =>
            {
                "no host name may hold this character, not even an international one"
            }
            ParseErrorKind::InvalidChar(Component::Host) if text.len() > 1 => {
                "an international host name has an ASCII form: parse the text as an IRI \
                 (`Iri::parse`) and map it with `to_uri_idna`, which needs the `idna` \
                 feature of uri-runtime, or write its \"xn--\" labels"
            }
            ParseErrorKind::InvalidChar(Component::Host) => {
                "a host name cannot contain this character"
            }
            ParseErrorKind::InvalidChar(_) if text == " " => "write \"%20\" for a space",
            ParseErrorKind::InvalidChar(_) if text.len() == 1 && is_reserved(text) => {
                "percent-encode it if it is data, not a delimiter"
            }
            ParseErrorKind::InvalidChar(component)
                if text.len() > 1 && !iri_takes(text, component) =>
            {
                "neither a URI nor an IRI holds this character as it is: percent-encode \
                 it as UTF-8 bytes (`pct::encode`)"
            }
            ParseErrorKind::InvalidChar(_) if text.len() > 1 => {
                "a URI is ASCII: percent-encode non-ASCII characters as UTF-8 bytes \
                 (`pct::encode`), or parse the text as an IRI (`Iri::parse`)"
            }
            ParseErrorKind::InvalidIpv6 if text == "%" => {
                "a zone identifier (\"%25eth0\", RFC 6874) is accepted only when asked for, \
                 with `ParseOptions::with_zone_ids`"
            }
            ParseErrorKind::MissingScheme => {
                "a URI starts with a scheme such as \"https:\"; this is at best a relative reference"
            }
            ParseErrorKind::InvalidScheme => {
                "a scheme is a letter then letters, digits, \"+\", \"-\" or \".\"; \
                 a relative path with a colon in its first segment must start with \"./\""
            }
            ParseErrorKind::InvalidPort if self.secret => {
                "an \"@\" follows, so this may be a password with a raw \"/\", \"?\" or \"#\": \
                 percent-encode those (\"%2F\", \"%3F\", \"%23\") so the userinfo reaches its \"@\""
            }
            ParseErrorKind::InvalidPort => "a port is decimal digits only",
            ParseErrorKind::UnclosedIpLiteral => "add the closing \"]\"",
            ParseErrorKind::InvalidIpv6 => {
                "an IPv6 address is eight groups of one to four hex digits separated by \":\", \
                 with at most one \"::\" standing for zero groups"
            }
            ParseErrorKind::InvalidIpvFuture => {
                "an IPvFuture address is \"v\", hex digits, \".\", \
                 then letters, digits or \"-._~!$&'()*+,;=:\""
            }
            ParseErrorKind::BidiFormatting(_) => {
                "RFC 3987 section 4.1 forbids it in an IRI: it changes the order in which the \
                 text is displayed; percent-encode it if it is data"
            }
            ParseErrorKind::InvalidZoneId => {
                "a zone identifier follows the address as \"%25\" and then letters, digits, \
                 \"-._~\" or escapes (RFC 6874)"
            }
            ParseErrorKind::InvalidIpv4 => {
                "a host ending in a number is read as an IPv4 address: four decimal numbers \
                 up to 255, or a shorter form such as \"127.1\" or \"0x7f.1\" (and a name may \
                 not end in a number label)"
            }
            ParseErrorKind::MissingHost => {
                "http, https, ws, wss and ftp URIs name a host after \"//\""
            }
            ParseErrorKind::PortTooLarge => "a TCP or UDP port is 0 to 65535",
            ParseErrorKind::HostNeedsIdna => {
                "turn on the `idna` feature of uri-runtime: the lenient reading then maps an \
                 international host name to its ASCII form, as browsers do"
            }
            ParseErrorKind::InvalidIdn => {
                "an \"xn--\" label must be valid punycode of a name IDNA allows; \
                 percent-encoding does not help a host name"
            }
            ParseErrorKind::NeedsBase => {
                "resolve it against the page it came from (`Uri::join_lenient`): browsers read \
                 it differently against different pages (a backslash is \"/\" against http, \
                 https, ws, wss, ftp and file pages and data elsewhere; \"///h\" names the \
                 host h against a http page; a \"'\" in a query is \"%27\" there)"
            }
            _ => return None,
        })
    }
}

/// Whether an `@` comes after byte `index` of `input`.
const fn at_sign_after(input: &[u8], index: usize) -> bool {
    let mut i = index;
    while i < input.len() {
        if input[i] == b'@' {
            return true;
        }
        i += 1;
    }
    false
}

/// The credentials of `input` around byte `index`, as far as a reader
/// that stopped there can tell: from the authority's `//` to the last
/// `@` after `index` (a password may hold a raw `/`, `?` or `#`).
fn credentials_around(input: &str, index: usize) -> core::ops::Range<usize> {
    let before = input.get(..index).unwrap_or(input);
    let start = before.rfind("//").map_or(0, |at| at + 2);
    let end = input
        .rfind('@')
        .filter(|&at| at >= index)
        .unwrap_or(input.len());
    start..end.max(start)
}

/// Whether the byte at `index` is ASCII whitespace with only whitespace
/// before it or only whitespace after it.
const fn in_margin(input: &[u8], index: usize) -> bool {
    if index >= input.len() || !input[index].is_ascii_whitespace() {
        return false;
    }
    let mut i = 0;
    while i < index && input[i].is_ascii_whitespace() {
        i += 1;
    }
    if i == index {
        return true;
    }
    let mut j = index;
    while j < input.len() && input[j].is_ascii_whitespace() {
        j += 1;
    }
    j == input.len()
}

/// Where the offending text starting at `index` ends.
const fn culprit_end(input: &[u8], index: usize, kind: ParseErrorKind) -> usize {
    match kind {
        ParseErrorKind::MissingScheme => index,
        ParseErrorKind::PortTooLarge => {
            let mut end = index;
            while end < input.len() && input[end].is_ascii_digit() {
                end += 1;
            }
            end
        }
        // The label, to the next dot or the host's end, whole characters
        // as far as the error keeps text.
        ParseErrorKind::InvalidIdn => {
            let mut end = index;
            while end < input.len()
                && !matches!(input[end], b'.' | b'/' | b'\\' | b'?' | b'#' | b':' | b'@')
            {
                let next = next_char(input, end);
                if next - index > MAX_TEXT {
                    break;
                }
                end = next;
            }
            if end == index {
                next_char(input, index)
            } else {
                end
            }
        }
        ParseErrorKind::InvalidPercentEncoding(_) => {
            let mut end = next_char(input, index);
            let mut chars = 0;
            while chars < 2 && end < input.len() {
                end = next_char(input, end);
                chars += 1;
            }
            end
        }
        _ => next_char(input, index),
    }
}

const fn next_char(input: &[u8], i: usize) -> usize {
    if i >= input.len() {
        return input.len();
    }
    let width = match input[i] {
        0x00..=0x7F => 1,
        0xC0..=0xDF => 2,
        0xE0..=0xEF => 3,
        _ => 4,
    };
    if i + width > input.len() {
        input.len()
    } else {
        i + width
    }
}

/// Whether an IRI may hold `text`'s first character unescaped in
/// `component` (RFC 3987 section 2.2: `ucschar`, and `iprivate` in the
/// query).
fn iri_takes(text: &str, component: Component) -> bool {
    text.chars().next().is_some_and(|c| {
        crate::table::is_ucschar(c)
            || (component == Component::Query && crate::table::is_iprivate(c))
    })
}

fn is_reserved(text: &str) -> bool {
    text.bytes().all(|b| crate::table::RESERVED.contains(b))
}

impl ParseError {
    /// The message without its hint, naming `text` as the offending text.
    ///
    /// `Display` shows this with [`text`](Self::text) and the
    /// [`hint`](Self::hint); the `uri!` macro uses it with the text of the
    /// user's literal, which may differ from the text it parsed.
    #[doc(hidden)]
    pub fn describe<'a>(&'a self, text: &'a str) -> Description<'a> {
        Description { error: self, text }
    }
}

/// See [`ParseError::describe`].
#[doc(hidden)]
#[derive(Clone, Copy, Debug)]
pub struct Description<'a> {
    error: &'a ParseError,
    text: &'a str,
}

impl fmt::Display for Description<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (text, index, kind) = (self.text, self.error.index(), self.error.kind());
        let quoted = Quoted(text);
        match kind {
            // A password's bytes are never quoted.
            ParseErrorKind::InvalidPort if self.error.is_secret() => {
                write!(f, "invalid port at byte {index}")
            }
            _ if self.error.is_secret() => write!(
                f,
                "{} in {} at byte {index}",
                match kind {
                    ParseErrorKind::InvalidChar(_) => "character not allowed",
                    _ => kind.description(),
                },
                kind.component().map_or("input", Component::name)
            ),
            ParseErrorKind::MissingScheme => write!(f, "missing scheme at byte {index}"),
            ParseErrorKind::InvalidChar(component) => {
                write!(
                    f,
                    "character {quoted} not allowed in {component} at byte {index}"
                )
            }
            ParseErrorKind::InvalidScheme if text == ":" => {
                write!(f, "invalid scheme: empty before \":\" at byte {index}")
            }
            // Its digits may be more than the error keeps; `render` shows
            // them all.
            ParseErrorKind::PortTooLarge => write!(f, "port above 65535 at byte {index}"),
            ParseErrorKind::InvalidScheme | ParseErrorKind::InvalidPort => write!(
                f,
                "{}: character {quoted} not allowed at byte {index}",
                kind.description()
            ),
            _ => {
                let component = kind.component().map_or("input", Component::name);
                if text.is_empty() {
                    write!(
                        f,
                        "{} in {component}: input ends at byte {index}",
                        kind.description()
                    )
                } else {
                    write!(
                        f,
                        "{} {quoted} in {component} at byte {index}",
                        kind.description()
                    )
                }
            }
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.describe(self.text()))?;
        if let Some(hint) = self.hint() {
            write!(f, ": {hint}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ParseError")
            .field("index", &self.index())
            .field("kind", &self.kind())
            .field("text", &self.text())
            .finish_non_exhaustive()
    }
}

impl core::error::Error for ParseError {}

#[cfg(test)]
mod tests {
    use super::{Component, ParseError, ParseErrorKind};

    #[test]
    fn out_of_range_indices_are_clamped_not_a_panic() {
        let err = ParseError::new("ab", 10, ParseErrorKind::InvalidChar(Component::Path));
        assert_eq!((err.index(), err.text()), (2, ""));
    }

    #[test]
    fn culprit_in_quotes_another_text_by_the_same_rule() {
        let err = ParseError::new(
            "/%Gxyz",
            1,
            ParseErrorKind::InvalidPercentEncoding(Component::Path),
        );
        assert_eq!(err.text(), "%Gx");
        assert_eq!(err.culprit_in("/%éab"), "%éa");
        assert_eq!(err.culprit_in("/"), "");
    }
}
