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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Components {
    pub(crate) len: usize,
    /// Index of the `:` ending the scheme.
    pub(crate) scheme_end: Option<usize>,
    pub(crate) authority: Option<AuthorityBounds>,
    pub(crate) path_start: usize,
    pub(crate) path_end: usize,
    /// Index of the `?` starting the query.
    pub(crate) query_mark: Option<usize>,
    /// Index of the `#` starting the fragment.
    pub(crate) fragment_mark: Option<usize>,
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

impl Components {
    /// The boundaries the parser found; public only for its expansions in
    /// other crates (see `__grammar`), which check what they pass.
    #[doc(hidden)]
    pub const fn from_bounds(
        len: usize,
        scheme_end: Option<usize>,
        authority: Option<AuthorityBounds>,
        (path_start, path_end): (usize, usize),
        query_mark: Option<usize>,
        fragment_mark: Option<usize>,
    ) -> Components {
        Components {
            len,
            scheme_end,
            authority,
            path_start,
            path_end,
            query_mark,
            fragment_mark,
        }
    }
}

impl Components {
    /// The scheme, without its `:`.
    pub const fn scheme(&self) -> Option<Range<usize>> {
        match self.scheme_end {
            Some(end) => Some(0..end),
            None => None,
        }
    }

    /// The authority, without its leading `//`.
    pub const fn authority(&self) -> Option<Range<usize>> {
        match self.authority {
            Some(a) => Some(a.start..self.path_start),
            None => None,
        }
    }

    /// The userinfo, without its `@`.
    pub const fn userinfo(&self) -> Option<Range<usize>> {
        match self.authority {
            Some(AuthorityBounds {
                start,
                userinfo_end: Some(end),
                ..
            }) => Some(start..end),
            _ => None,
        }
    }

    /// The host; an IP-literal keeps its brackets.
    pub const fn host(&self) -> Option<Range<usize>> {
        match self.authority {
            Some(a) => Some(a.host_start..a.host_end),
            None => None,
        }
    }

    /// What kind of host the authority has.
    pub const fn host_kind(&self) -> Option<HostKind> {
        match self.authority {
            Some(a) => Some(a.host_kind),
            None => None,
        }
    }

    /// The port digits, without the `:`; present but empty for `http://h:/`.
    pub const fn port(&self) -> Option<Range<usize>> {
        match self.authority {
            Some(AuthorityBounds {
                port_mark: Some(mark),
                ..
            }) => Some(mark + 1..self.path_start),
            _ => None,
        }
    }

    /// The path, which is always present and may be empty.
    pub const fn path(&self) -> Range<usize> {
        self.path_start..self.path_end
    }

    /// The query, without its `?`.
    pub const fn query(&self) -> Option<Range<usize>> {
        match self.query_mark {
            Some(mark) => Some(mark + 1..self.query_end()),
            None => None,
        }
    }

    const fn query_end(&self) -> usize {
        match self.fragment_mark {
            Some(mark) => mark,
            None => self.len,
        }
    }

    /// The fragment, without its `#`.
    pub const fn fragment(&self) -> Option<Range<usize>> {
        match self.fragment_mark {
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
        let holds = |range: Option<Range<usize>>| range.is_some_and(|r| r.contains(&index));
        [
            (self.scheme(), Component::Scheme),
            (self.userinfo(), Component::Userinfo),
            (self.host(), Component::Host),
            (self.port(), Component::Port),
            (Some(self.path()), Component::Path),
            (self.query(), Component::Query),
            (self.fragment(), Component::Fragment),
        ]
        .into_iter()
        .find_map(|(range, component)| holds(range).then_some(component))
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
        let mut len = self.path_end;
        next.query_mark = match query_len {
            Some(n) => {
                let mark = len;
                len += 1 + n;
                Some(mark)
            }
            None => None,
        };
        next.fragment_mark = match fragment_len {
            Some(n) => {
                let mark = len;
                len += 1 + n;
                Some(mark)
            }
            None => None,
        };
        next.len = len;
        next
    }

    /// The boundaries as plain numbers, so that the `uri!` macro can write
    /// them into its output and [`Components::from_raw`] can rebuild them
    /// without parsing.
    #[doc(hidden)]
    pub const fn to_raw(&self) -> [usize; RAW_LEN] {
        let (start, userinfo_end, host_start, host_end, port_mark, kind) = match self.authority {
            Some(a) => (
                a.start,
                to_raw_position(a.userinfo_end),
                a.host_start,
                a.host_end,
                to_raw_position(a.port_mark),
                a.host_kind as usize,
            ),
            None => (ABSENT, ABSENT, ABSENT, ABSENT, ABSENT, ABSENT),
        };
        [
            self.len,
            to_raw_position(self.scheme_end),
            start,
            userinfo_end,
            host_start,
            host_end,
            port_mark,
            kind,
            self.path_start,
            self.path_end,
            to_raw_position(self.query_mark),
            to_raw_position(self.fragment_mark),
        ]
    }

    /// The inverse of [`Components::to_raw`]. It does not check the
    /// numbers: only output of `to_raw` for the same string belongs here.
    #[doc(hidden)]
    pub const fn from_raw(raw: [usize; RAW_LEN]) -> Components {
        let authority = if raw[2] == ABSENT {
            None
        } else {
            Some(AuthorityBounds {
                start: raw[2],
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
            })
        };
        Components {
            len: raw[0],
            scheme_end: from_raw_position(raw[1]),
            authority,
            path_start: raw[8],
            path_end: raw[9],
            query_mark: from_raw_position(raw[10]),
            fragment_mark: from_raw_position(raw[11]),
        }
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
        let authority = match m.authority_start {
            Some(start) => Some(AuthorityBounds {
                start,
                userinfo_end: m.userinfo_end,
                host_start: m.host_start,
                host_end: m.host_end,
                port_mark: m.port_mark,
                host_kind: m.host_kind,
            }),
            None => None,
        };
        Components {
            len: m.len,
            scheme_end: m.scheme_end,
            authority,
            path_start: m.path_start,
            path_end: m.path_end,
            query_mark: m.query_mark,
            fragment_mark: m.fragment_mark,
        }
    }

    /// The inverse of [`Components::from_marks`], for a writer that starts
    /// from a prefix it parsed (or had parsed) and goes on writing.
    #[doc(hidden)]
    pub const fn to_marks(&self) -> Marks {
        let (authority_start, userinfo_end, host_start, host_end, port_mark, host_kind) =
            match self.authority {
                Some(a) => (
                    Some(a.start),
                    a.userinfo_end,
                    a.host_start,
                    a.host_end,
                    a.port_mark,
                    a.host_kind,
                ),
                None => (None, None, 0, 0, None, HostKind::RegName),
            };
        Marks {
            len: self.len,
            scheme_end: self.scheme_end,
            authority_start,
            userinfo_end,
            host_start,
            host_end,
            port_mark,
            host_kind,
            path_start: self.path_start,
            path_end: self.path_end,
            query_mark: self.query_mark,
            fragment_mark: self.fragment_mark,
        }
    }
}

#[cfg(test)]
mod tests {
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
        }
    }
}
