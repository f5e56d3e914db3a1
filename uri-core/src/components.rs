//! `Components`: where each part of a parsed URI reference lies.

use core::ops::Range;

use crate::error::Component;

/// What the host of an authority is (RFC 3986 section 3.2.2). The rule is
/// first-match-wins: `127.0.0.1` is IPv4, while `256.1.1.1` and `01.2.3.4`
/// are reg-names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HostKind {
    /// `IPv4address`: four decimal octets without leading zeros.
    Ipv4,
    /// `IPv6address` inside brackets; with
    /// [`ParseOptions::with_zone_ids`](crate::ParseOptions::with_zone_ids),
    /// possibly followed by an RFC 6874 zone identifier (`%25eth0`).
    Ipv6,
    /// `IPvFuture` inside brackets: `[v7.whatever]`.
    IpvFuture,
    /// `reg-name`: a registered name, possibly empty.
    RegName,
}

impl HostKind {
    /// The kind's name in lowercase kebab case (`ipv4`, `ipv6`,
    /// `ipvfuture`, `reg-name`): what the command line and the SQL
    /// functions print.
    ///
    /// ```
    /// use uri_core::HostKind;
    ///
    /// assert_eq!(HostKind::RegName.name(), "reg-name");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            HostKind::Ipv4 => "ipv4",
            HostKind::Ipv6 => "ipv6",
            HostKind::IpvFuture => "ipvfuture",
            HostKind::RegName => "reg-name",
        }
    }
}

/// Marks an absent optional position in [`Components::to_raw`].
const ABSENT: usize = usize::MAX;

/// Where each component of a parsed URI reference lies, as byte offsets
/// into the parsed string.
///
/// ```
/// use uri_core::{parse_uri_reference, HostKind};
///
/// let s = "https://user@example.com:8080/a/b?q=1#top";
/// let c = parse_uri_reference(s).unwrap();
/// assert_eq!(&s[c.scheme().unwrap()], "https");
/// assert_eq!(&s[c.userinfo().unwrap()], "user");
/// assert_eq!(&s[c.host().unwrap()], "example.com");
/// assert_eq!(c.host_kind(), Some(HostKind::RegName));
/// assert_eq!(&s[c.port().unwrap()], "8080");
/// assert_eq!(&s[c.path()], "/a/b");
/// assert_eq!(&s[c.query().unwrap()], "q=1");
/// assert_eq!(&s[c.fragment().unwrap()], "top");
/// ```
///
/// Eight offsets and a byte, 72 bytes on 64-bit targets: an absent part is
/// a sentinel offset rather than an `Option` (which doubles its size), and
/// what follows from the rest is not stored (the authority starts after
/// `scheme:` and `//`, the host after the userinfo's `@`, the path ends at
/// the query's `?`, the fragment's `#` or the end). Views and owned URIs
/// carry a copy, so its size is paid at every parse and every copy.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Components {
    len: usize,
    /// Index of the `:` ending the scheme, or `ABSENT`.
    scheme_end: usize,
    /// Index of the `@` ending the userinfo, or `ABSENT`.
    userinfo_end: usize,
    /// End of the host (meaningful with an authority).
    host_end: usize,
    /// Index of the `:` before the port, or `ABSENT`.
    port_mark: usize,
    path_start: usize,
    /// Index of the `?` starting the query, or `ABSENT`.
    query_mark: usize,
    /// Index of the `#` starting the fragment, or `ABSENT`.
    fragment_mark: usize,
    /// The host's kind; `None` when there is no authority.
    host_kind: Option<HostKind>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
/// The authority's boundaries, as the parser finds them; public only for
/// the parser's expansions in other crates.
#[doc(hidden)]
pub struct AuthorityBounds {
    /// First byte after `//`.
    pub start: usize,
    /// Index of the `@` ending the userinfo.
    pub userinfo_end: Option<usize>,
    pub host_start: usize,
    pub host_end: usize,
    /// Index of the `:` before the port.
    pub port_mark: Option<usize>,
    pub host_kind: HostKind,
}

/// Where the parser found an authority's first `@` and first `]` (the
/// authority's end if it has none), so that parsing the authority does
/// not search for them again; public only for the parser's expansions in
/// other crates.
#[derive(Clone, Copy, Debug)]
#[doc(hidden)]
pub struct AuthorityMarks {
    pub at: usize,
    pub close: usize,
}

impl Components {
    /// The boundaries the parser found; public only for its expansions in
    /// other crates (see `__grammar`), which check what they pass.
    #[doc(hidden)]
    pub const fn from_bounds(
        len: usize,
        scheme_end: Option<usize>,
        authority: Option<AuthorityBounds>,
        path_start: usize,
        query_mark: Option<usize>,
        fragment_mark: Option<usize>,
    ) -> Components {
        // The path's end is not passed: it follows from the marks after
        // it. Written out rather than through `from_marks`, which costs
        // the parser about 30 instructions a URI (its `Marks` is built
        // and then read back).
        let (userinfo_end, host_end, port_mark, host_kind) = match authority {
            Some(a) => (a.userinfo_end, a.host_end, a.port_mark, Some(a.host_kind)),
            None => (None, 0, None, None),
        };
        Components {
            len,
            scheme_end: to_raw_position(scheme_end),
            userinfo_end: to_raw_position(userinfo_end),
            host_end,
            port_mark: to_raw_position(port_mark),
            path_start,
            query_mark: to_raw_position(query_mark),
            fragment_mark: to_raw_position(fragment_mark),
            host_kind,
        }
    }
}

impl Components {
    /// The scheme, without its `:`.
    pub const fn scheme(&self) -> Option<Range<usize>> {
        match from_raw_position(self.scheme_end) {
            Some(end) => Some(0..end),
            None => None,
        }
    }

    /// First byte after the `//`: the authority follows the scheme's `:`
    /// or starts the reference.
    const fn authority_start(&self) -> usize {
        match from_raw_position(self.scheme_end) {
            Some(end) => end + 3,
            None => 2,
        }
    }

    const fn host_start(&self) -> usize {
        match from_raw_position(self.userinfo_end) {
            Some(at) => at + 1,
            None => self.authority_start(),
        }
    }

    /// The authority, without its leading `//`.
    pub const fn authority(&self) -> Option<Range<usize>> {
        match self.host_kind {
            Some(_) => Some(self.authority_start()..self.path_start),
            None => None,
        }
    }

    /// The userinfo, without its `@`.
    pub const fn userinfo(&self) -> Option<Range<usize>> {
        // Absent without an authority (see `from_marks`).
        match from_raw_position(self.userinfo_end) {
            Some(end) => Some(self.authority_start()..end),
            None => None,
        }
    }

    /// The host; an IP-literal keeps its brackets.
    pub const fn host(&self) -> Option<Range<usize>> {
        match self.host_kind {
            Some(_) => Some(self.host_start()..self.host_end),
            None => None,
        }
    }

    /// What kind of host the authority has.
    pub const fn host_kind(&self) -> Option<HostKind> {
        self.host_kind
    }

    /// The port digits, without the `:`; present but empty for `http://h:/`.
    pub const fn port(&self) -> Option<Range<usize>> {
        match from_raw_position(self.port_mark) {
            Some(mark) => Some(mark + 1..self.path_start),
            None => None,
        }
    }

    /// The path, which is always present and may be empty.
    pub const fn path(&self) -> Range<usize> {
        self.path_start..self.path_end()
    }

    /// The path ends where the query or the fragment starts, or at the end.
    const fn path_end(&self) -> usize {
        match from_raw_position(self.query_mark) {
            Some(mark) => mark,
            None => self.query_end(),
        }
    }

    /// The query, without its `?`.
    pub const fn query(&self) -> Option<Range<usize>> {
        match from_raw_position(self.query_mark) {
            Some(mark) => Some(mark + 1..self.query_end()),
            None => None,
        }
    }

    const fn query_end(&self) -> usize {
        match from_raw_position(self.fragment_mark) {
            Some(mark) => mark,
            None => self.len,
        }
    }

    /// The fragment, without its `#`.
    pub const fn fragment(&self) -> Option<Range<usize>> {
        match from_raw_position(self.fragment_mark) {
            Some(mark) => Some(mark + 1..self.len),
            None => None,
        }
    }

    /// The component holding byte `index`; `None` for the delimiters
    /// between components (`:`, `//`, `@`, `?`, `#`) and past the end. An
    /// empty component holds no byte.
    ///
    /// ```
    /// use uri_core::{parse_uri_reference, Component};
    ///
    /// let c = parse_uri_reference("https://h:80/p?q#f").unwrap();
    /// assert_eq!(c.component_at(0), Some(Component::Scheme));
    /// assert_eq!(c.component_at(5), None); // the ':'
    /// assert_eq!(c.component_at(8), Some(Component::Host));
    /// assert_eq!(c.component_at(10), Some(Component::Port));
    /// assert_eq!(c.component_at(12), Some(Component::Path));
    /// assert_eq!(c.component_at(15), Some(Component::Query));
    /// assert_eq!(c.component_at(17), Some(Component::Fragment));
    /// assert_eq!(c.component_at(18), None);
    /// ```
    pub fn component_at(&self, index: usize) -> Option<Component> {
        Component::ALL.into_iter().find(|&component| {
            self.range_of(component)
                .is_some_and(|range| range.contains(&index))
        })
    }

    /// The byte range of `component`, `None` where it is absent (the path
    /// is always present, perhaps empty): the accessor for a component
    /// chosen at run time.
    ///
    /// ```
    /// use uri_core::{parse_uri_reference, Component};
    ///
    /// let c = parse_uri_reference("https://h:80/p?q").unwrap();
    /// assert_eq!(c.range_of(Component::Port), Some(10..12));
    /// assert_eq!(c.range_of(Component::Path), Some(12..14));
    /// assert_eq!(c.range_of(Component::Fragment), None);
    /// ```
    pub const fn range_of(&self, component: Component) -> Option<Range<usize>> {
        match component {
            Component::Scheme => self.scheme(),
            Component::Userinfo => self.userinfo(),
            Component::Host => self.host(),
            Component::Port => self.port(),
            Component::Path => Some(self.path()),
            Component::Query => self.query(),
            Component::Fragment => self.fragment(),
        }
    }

    /// The length of the parsed string.
    pub const fn len(&self) -> usize {
        self.len
    }

    /// Whether the parsed string was empty (a valid, empty relative
    /// reference).
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The boundaries of the same string with its query and fragment
    /// replaced: everything through the path stays, then `?` and
    /// `query_len` bytes when there is a query, then `#` and
    /// `fragment_len` bytes when there is a fragment. For code that writes
    /// the new tail itself (query editing), so nothing is parsed again.
    #[doc(hidden)]
    #[must_use]
    pub const fn with_tail(
        &self,
        query_len: Option<usize>,
        fragment_len: Option<usize>,
    ) -> Components {
        let mut next = *self;
        let mut len = self.path_end();
        next.query_mark = ABSENT;
        if let Some(n) = query_len {
            next.query_mark = len;
            len += 1 + n;
        }
        next.fragment_mark = ABSENT;
        if let Some(n) = fragment_len {
            next.fragment_mark = len;
            len += 1 + n;
        }
        next.len = len;
        next
    }

    /// The boundaries of a string that shares this one's scheme and
    /// authority, has its own path ending at `path_end`, and then ends
    /// with the query and fragment of `tail`, copied with their
    /// delimiters from where `tail`'s path ends: `tail`'s marks, moved by
    /// how far its path end moved. For resolution, whose target ends with
    /// the reference's query and fragment.
    #[doc(hidden)]
    #[must_use]
    pub const fn with_path_end_and_tail_of(
        &self,
        path_end: usize,
        tail: &Components,
    ) -> Components {
        // The move may be backwards (dot segments removed), so it wraps;
        // every sum below lands inside the new string.
        let shift = path_end.wrapping_sub(tail.path_end());
        let mut next = *self;
        next.query_mark = moved_mark(tail.query_mark, shift);
        next.fragment_mark = moved_mark(tail.fragment_mark, shift);
        next.len = tail.len.wrapping_add(shift);
        next
    }

    /// The boundaries of this reference once its scheme and `:`, if it
    /// has them, are replaced by a scheme of `scheme_len` bytes and a `:`:
    /// every offset after them moves by the difference. For resolution,
    /// whose target of a network-path reference (`//g`) is the base's
    /// scheme followed by the reference's authority and the rest.
    #[doc(hidden)]
    #[must_use]
    pub const fn with_scheme_len(&self, scheme_len: usize) -> Components {
        let prefix = match from_raw_position(self.scheme_end) {
            Some(end) => end + 1,
            None => 0,
        };
        // The move may be backwards (a longer scheme replaced), so it wraps.
        let shift = scheme_len.wrapping_add(1).wrapping_sub(prefix);
        let mut next = *self;
        next.len = self.len.wrapping_add(shift);
        next.scheme_end = scheme_len;
        next.userinfo_end = moved_mark(self.userinfo_end, shift);
        // Without an authority the host's end is not an offset (it is
        // stored as 0) and stays as it is.
        if self.host_kind.is_some() {
            next.host_end = self.host_end.wrapping_add(shift);
        }
        next.port_mark = moved_mark(self.port_mark, shift);
        next.path_start = self.path_start.wrapping_add(shift);
        next.query_mark = moved_mark(self.query_mark, shift);
        next.fragment_mark = moved_mark(self.fragment_mark, shift);
        next
    }

    /// The boundaries as plain numbers, so that the `uri!` macro can write
    /// them into its output and [`Components::from_raw`] can rebuild them
    /// without parsing.
    #[doc(hidden)]
    pub const fn to_raw(&self) -> [usize; RAW_LEN] {
        let m = self.to_marks();
        let (start, host_start, host_end, kind) = match m.authority_start {
            Some(start) => (start, m.host_start, m.host_end, m.host_kind as usize),
            None => (ABSENT, ABSENT, ABSENT, ABSENT),
        };
        [
            m.len,
            to_raw_position(m.scheme_end),
            start,
            to_raw_position(m.userinfo_end),
            host_start,
            host_end,
            to_raw_position(m.port_mark),
            kind,
            m.path_start,
            m.path_end,
            to_raw_position(m.query_mark),
            to_raw_position(m.fragment_mark),
        ]
    }

    /// The inverse of [`Components::to_raw`]. It does not check the
    /// numbers: only output of `to_raw` for the same string belongs here.
    #[doc(hidden)]
    pub const fn from_raw(raw: [usize; RAW_LEN]) -> Components {
        let authority = raw[2] != ABSENT;
        Components::from_marks(Marks {
            len: raw[0],
            scheme_end: from_raw_position(raw[1]),
            authority_start: if authority { Some(raw[2]) } else { None },
            userinfo_end: from_raw_position(raw[3]),
            host_start: raw[4],
            host_end: raw[5],
            port_mark: from_raw_position(raw[6]),
            host_kind: match raw[7] {
                0 => HostKind::Ipv4,
                1 => HostKind::Ipv6,
                2 => HostKind::IpvFuture,
                _ => HostKind::RegName,
            },
            path_start: raw[8],
            path_end: raw[9],
            query_mark: from_raw_position(raw[10]),
            fragment_mark: from_raw_position(raw[11]),
        })
    }
}

const fn to_raw_position(position: Option<usize>) -> usize {
    match position {
        Some(v) => v,
        None => ABSENT,
    }
}

const fn from_raw_position(raw: usize) -> Option<usize> {
    if raw == ABSENT { None } else { Some(raw) }
}

/// A mark moved by `shift` (wrapping, so that it may move backwards), or
/// still `ABSENT`.
const fn moved_mark(mark: usize, shift: usize) -> usize {
    if mark == ABSENT {
        ABSENT
    } else {
        mark.wrapping_add(shift)
    }
}

/// The length of [`Components::to_raw`]'s array.
#[doc(hidden)]
pub const RAW_LEN: usize = 12;

/// Positions recorded by code that writes a URI reference piece by piece,
/// so that it gets its [`Components`] without parsing what it just wrote.
/// Offsets follow the same conventions as the fields of [`Components`].
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Marks {
    /// Length of the whole string.
    pub len: usize,
    /// Index of the `:` ending the scheme.
    pub scheme_end: Option<usize>,
    /// First byte after `//`, when there is an authority.
    pub authority_start: Option<usize>,
    /// Index of the `@` ending the userinfo.
    pub userinfo_end: Option<usize>,
    /// Start of the host.
    pub host_start: usize,
    /// End of the host.
    pub host_end: usize,
    /// Index of the `:` before the port.
    pub port_mark: Option<usize>,
    /// The host's kind.
    pub host_kind: HostKind,
    /// Start of the path.
    pub path_start: usize,
    /// End of the path.
    pub path_end: usize,
    /// Index of the `?` starting the query.
    pub query_mark: Option<usize>,
    /// Index of the `#` starting the fragment.
    pub fragment_mark: Option<usize>,
}

impl Components {
    /// The boundaries a writer recorded. Like [`Components::from_raw`], it
    /// trusts its input: it is for code that wrote the string itself.
    #[doc(hidden)]
    pub const fn from_marks(m: Marks) -> Components {
        // Without an authority, its fields hold the same values whatever
        // the marks say, so equal boundaries compare equal however they
        // were made. The host's and authority's starts and the path's end
        // are derived, not kept (see the type's docs).
        let (userinfo_end, host_end, port_mark, host_kind) = match m.authority_start {
            Some(_) => (m.userinfo_end, m.host_end, m.port_mark, Some(m.host_kind)),
            None => (None, 0, None, None),
        };
        Components {
            len: m.len,
            scheme_end: to_raw_position(m.scheme_end),
            userinfo_end: to_raw_position(userinfo_end),
            host_end,
            port_mark: to_raw_position(port_mark),
            path_start: m.path_start,
            query_mark: to_raw_position(m.query_mark),
            fragment_mark: to_raw_position(m.fragment_mark),
            host_kind,
        }
    }

    /// The inverse of [`Components::from_marks`], for a writer that starts
    /// from a prefix it parsed (or had parsed) and goes on writing.
    #[doc(hidden)]
    pub const fn to_marks(&self) -> Marks {
        let (authority_start, host_start, host_end, host_kind) = match self.host_kind {
            Some(kind) => (
                Some(self.authority_start()),
                self.host_start(),
                self.host_end,
                kind,
            ),
            None => (None, 0, 0, HostKind::RegName),
        };
        Marks {
            len: self.len,
            scheme_end: from_raw_position(self.scheme_end),
            authority_start,
            userinfo_end: from_raw_position(self.userinfo_end),
            host_start,
            host_end,
            port_mark: from_raw_position(self.port_mark),
            host_kind,
            path_start: self.path_start,
            path_end: self.path_end(),
            query_mark: from_raw_position(self.query_mark),
            fragment_mark: from_raw_position(self.fragment_mark),
        }
    }
}

/// Each component's range, as the accessors give them: the stored offsets
/// mean little without the rules that derive the rest.
#[allow(
    clippy::missing_fields_in_debug,
    reason = "every field is shown, through the range it stands for"
)]
impl core::fmt::Debug for Components {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Components")
            .field("len", &self.len)
            .field("scheme", &self.scheme())
            .field("userinfo", &self.userinfo())
            .field("host", &self.host())
            .field("host_kind", &self.host_kind)
            .field("port", &self.port())
            .field("path", &self.path())
            .field("query", &self.query())
            .field("fragment", &self.fragment())
            .finish()
    }
}

#[cfg(test)]
mod tests {
    extern crate std;

    use super::*;
    use crate::parse_uri_reference;

    #[test]
    fn marks_and_components_convert_both_ways() {
        for text in [
            "",
            "a",
            "//h",
            "s://u@[::1]:8/p?q#f",
            "s:p",
            "//127.0.0.1:/",
        ] {
            let parts = parse_uri_reference(text).unwrap();
            assert_eq!(Components::from_marks(parts.to_marks()), parts, "{text}");
            assert_eq!(Components::from_raw(parts.to_raw()), parts, "{text}");
        }
    }

    #[test]
    fn a_scheme_written_or_replaced_moves_every_boundary() {
        for (reference, scheme) in [
            ("//u:p@[::1]:8/a/b?q#f", "http"),
            ("//h", "s"),
            ("//h:/?#", "ftp"),
            ("/p?q", "x"),
            ("a#f", "urn"),
            ("", "s"),
            ("http://h/p", "https"),
            ("https://h:1/p?q", "s"),
            ("s:x", "s"),
        ] {
            let parts = parse_uri_reference(reference).unwrap();
            let rest = reference.get(parts.scheme().map_or(0, |s| s.end + 1)..);
            let whole = std::format!("{scheme}:{}", rest.unwrap());
            let expected = parse_uri_reference(&whole).unwrap();
            assert_eq!(parts.with_scheme_len(scheme.len()), expected, "{reference}");
        }
    }

    #[test]
    fn an_absent_authority_leaves_nothing_behind_however_it_was_made() {
        // Marks of a writer may carry stale authority fields; the value
        // must still equal the parser's, or `==` and `Hash` would differ.
        let parsed = parse_uri_reference("mailto:a@b?x#y").unwrap();
        let mut marks = parsed.to_marks();
        marks.userinfo_end = Some(3);
        marks.host_end = 9;
        marks.port_mark = Some(4);
        let rebuilt = Components::from_marks(marks);
        assert_eq!(rebuilt, parsed);
        assert_eq!(
            (rebuilt.userinfo(), rebuilt.host(), rebuilt.port()),
            (None, None, None)
        );
    }

    #[test]
    fn a_tail_moved_behind_a_new_path_has_the_boundaries_a_parse_finds() {
        // Head, path and tail pieces of resolution-like splices, the path
        // shorter, as long and longer than the tail's own.
        for (head, path, tail) in [
            ("http://a", "/g", "../../x?y#s"),
            ("http://a", "/b/c/g", "./g?y"),
            ("s:", "p", "long/path#f"),
            ("//h:1", "/p/q/r", "x"),
            ("http://a", "/", "g?#"),
        ] {
            let tail_start = tail.find(['?', '#']).unwrap_or(tail.len());
            let written = [head, path, &tail[tail_start..]].concat();
            let head_parts = parse_uri_reference(&[head, "/old/path?q#f"].concat()).unwrap();
            let tail_parts = parse_uri_reference(tail).unwrap();
            let moved = head_parts.with_path_end_and_tail_of(head.len() + path.len(), &tail_parts);
            assert_eq!(moved, parse_uri_reference(&written).unwrap(), "{written}");
        }
    }

    #[test]
    fn the_documented_size_holds() {
        // Eight offsets and the host kind, padded: what every view and
        // owned URI carries (see the type's docs).
        assert_eq!(size_of::<Components>(), 9 * size_of::<usize>());
    }
}
