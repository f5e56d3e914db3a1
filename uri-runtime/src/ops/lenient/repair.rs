//! What a lenient parse reports: each change, where in the input, and
//! what kind.

use alloc::vec::Vec;
use core::fmt;
use core::ops::Range;

/// A value read from text as a browser reads it, and the repairs that
/// took: what [`UriBuf::parse_lenient`](crate::UriBuf::parse_lenient),
/// [`UriRefBuf::parse_lenient`](crate::UriRefBuf::parse_lenient) and
/// [`Uri::join_lenient`](crate::Uri::join_lenient) return.
///
/// ```
/// use uri_runtime::{lenient::RepairKind, Uri};
///
/// // A link extractor: each href against the page it was found on.
/// let page = Uri::parse("https://example.com/dir/page")?;
/// let link = page.join_lenient("\\\\evil.com/x")?;
/// assert_eq!(link.value, "https://evil.com/x"); // where a browser goes
/// assert_eq!(link.repairs[0].kind, RepairKind::Backslash);
/// assert_eq!(page.join_lenient("https://0x7f.1/")?.value, "https://127.0.0.1/");
/// # Ok::<(), uri_runtime::ParseError>(())
/// ```
///
/// The reading is the WHATWG URL Standard's: for the
/// special schemes `http`, `https`, `ws`, `wss`, `ftp` and `file`, `\` is
/// `/`, `http:example.com` has its slashes supplied, the host is
/// percent-decoded, mapped through IDNA (feature `idna`) and read as an
/// IPv4 address when it ends in a number (`0x7f.1` is `127.0.0.1`), and a
/// `C|` drive is `C:`; in every scheme, tabs and newlines go wherever they
/// stand, C0 controls and spaces go from the ends, and what cannot stand
/// where it is gets percent-encoded. The value returned names the resource
/// a browser would fetch for the text: equal to the browser's URL after
/// RFC 3986 section 6 normalization, written as strict RFC 3986 (where a
/// browser leaves `|`, `[`, a space or a lone `%` raw, the value has
/// `%7C`, `%5B`, `%20`, `%25`). Pass the value on, not the text: another
/// reader of the text may go elsewhere.
///
/// Refused, with a position: what a browser refuses (a host with a
/// forbidden character or an invalid IPv4 form, a missing host, a port
/// above 65535, a relative text without a base), and a relative reference
/// read without its base whose meaning depends on it (a `\`: see
/// [`ParseErrorKind::NeedsBase`](crate::ParseErrorKind::NeedsBase)).
///
/// Written as the browser writes them, and not reported as repairs: the
/// case of a scheme or host, a default port, dot segments. The strict
/// parsers never repair anything.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Repaired<T> {
    /// The strict value: what to store and pass on, rather than the text.
    pub value: T,
    /// What was changed, in input order; empty when the text needed
    /// nothing.
    pub repairs: Vec<Repair>,
}

/// One change a lenient parse made: where in the input, and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Repair {
    /// The bytes of the input it concerns.
    pub range: Range<usize>,
    /// What was done with them.
    pub kind: RepairKind,
}

/// What a lenient parse did with some bytes of its input.
///
/// Spellings that RFC 3986 section 6 already counts as the same resource
/// (the case of a scheme or host, a default port, dot segments) are
/// written as a browser writes them and are not reported.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum RepairKind {
    /// C0 controls and spaces around the text, removed (as browsers do).
    Trimmed,
    /// Tabs and newlines inside the text, removed (as browsers do).
    Removed,
    /// Characters that cannot stand where they are (a space, non-ASCII,
    /// `"` `<` `>` `\` `^` `` ` `` `{` `|` `}`, `[` `]` outside an IP
    /// literal, a `#` in the fragment, an `@` or second `:` in the
    /// userinfo, a control), percent-encoded as UTF-8.
    Encoded,
    /// A `%` that starts no escape, written `%25`.
    PercentEscaped,
    /// An international host name, mapped to its ASCII form through IDNA
    /// (feature `idna`).
    HostMapped,
    /// Escapes in a `http`, `https`, `ws`, `wss`, `ftp` or `file` host,
    /// decoded, as browsers decode them before they look the name up.
    HostDecoded,
    /// An IP address in another spelling than the browser's: a host read
    /// as an IPv4 address (`0x7f.1`, `2130706433`), written as the dotted
    /// address, or an IPv6 address not in its shortest form (`[0:0::1]`,
    /// `[::ffff:1.2.3.4]`), written shortest (RFC 5952's form, which RFC
    /// 3986 does not count as the same spelling).
    AddressRewritten,
    /// A `\` in a `http`, `https`, `ws`, `wss`, `ftp` or `file` URI, read
    /// as the `/` browsers read it as.
    Backslash,
    /// The slashes before the host of a `http`, `https`, `ws`, `wss` or
    /// `ftp` URI, written `//` however many there were (`http:example.com`,
    /// `https:///example.com`).
    Slashes,
    /// A drive letter written `C|` in a `file` URI, read as `C:`.
    DriveLetter,
    /// An empty userinfo (`http://@h`) or password (`http://u:@h`),
    /// left out as browsers write it.
    EmptyCredentials,
}

impl fmt::Display for Repair {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.kind {
            RepairKind::Trimmed => "trimmed controls or spaces",
            RepairKind::Removed => "removed tabs or newlines",
            RepairKind::Encoded => "percent-encoded",
            RepairKind::PercentEscaped => "escaped a lone \"%\"",
            RepairKind::HostMapped => "mapped the host to ASCII",
            RepairKind::HostDecoded => "decoded the host's escapes",
            RepairKind::AddressRewritten => "wrote the IP address as browsers write it",
            RepairKind::Backslash => "read \"\\\" as \"/\"",
            RepairKind::Slashes => "wrote the slashes before the host as \"//\"",
            RepairKind::DriveLetter => "read the drive letter's \"|\" as \":\"",
            RepairKind::EmptyCredentials => "left out an empty userinfo or password",
        };
        write!(
            f,
            "{what} at bytes {}..{}",
            self.range.start, self.range.end
        )
    }
}

/// The repairs of one parse, in input order, neighbours of one kind
/// merged.
#[derive(Default)]
pub(super) struct Notes {
    pub(super) list: Vec<Repair>,
}

impl Notes {
    /// Records a repair, merged with the previous one when they touch and
    /// are of the same kind.
    pub(super) fn note(&mut self, range: Range<usize>, kind: RepairKind) {
        if let Some(last) = self.list.last_mut()
            && last.kind == kind
            && last.range.end == range.start
        {
            last.range.end = range.end;
            return;
        }
        self.list.push(Repair { range, kind });
    }

    /// The repairs sorted by where they start (a host's repairs are noted
    /// when the host ends, after the path's have begun in a few states).
    pub(super) fn into_sorted(mut self) -> Vec<Repair> {
        self.list.sort_by_key(|r| r.range.start);
        self.list
    }
}
