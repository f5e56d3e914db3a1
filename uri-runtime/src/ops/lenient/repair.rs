//! What a lenient parse reports: each change, where in the input, and
//! what kind.

use alloc::vec::Vec;
use core::fmt;
use core::ops::Range;

/// A value made from text that needed repairs, and the repairs.
///
/// ```
/// use uri_runtime::{RepairKind, Uri};
///
/// let page = Uri::parse("https://example.com/wiki/")?;
/// let href = "  Café?q=[rust]#a#b\n";
/// let repaired = page.join_lenient(href)?;
/// assert_eq!(repaired.value, "https://example.com/wiki/Caf%C3%A9?q=%5Brust%5D#a%23b");
/// let kinds: Vec<RepairKind> = repaired.repairs.iter().map(|r| r.kind).collect();
/// assert_eq!(
///     kinds,
///     [RepairKind::Trimmed, RepairKind::Encoded, RepairKind::Encoded,
///      RepairKind::Encoded, RepairKind::Encoded, RepairKind::Trimmed]
/// );
/// assert_eq!(&href[repaired.repairs[1].range.clone()], "é");
/// # Ok::<(), uri_runtime::ParseError>(())
/// ```
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
/// (the case of a scheme or host, a default port, dot segments, an IPv6
/// address's zeros) are written as a browser writes them and are not
/// reported.
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
    /// A host that a browser reads as an IPv4 address in another spelling
    /// (`0x7f.1`, `2130706433`), written as the dotted address.
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
            RepairKind::AddressRewritten => "wrote the IPv4 address as four numbers",
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
