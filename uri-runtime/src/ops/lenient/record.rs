//! A URL as the URL Standard's parser builds it, every part already in
//! its strict RFC 3986 spelling, and its serialization through the writer.

use alloc::string::String;
use alloc::vec::Vec;

use uri_core::pct::EncodeSet;

use super::clean::Cleaned;
use super::repair::{Notes, RepairKind};
use crate::bytes::raw;
use crate::value::buf::UriBuf;
use crate::value::uri::Uri;
use crate::write::compose::{Composer, Form, host_kind_of};

/// The parts of a URL. A host of `None` is no authority; `Some("")` is an
/// empty one (`file:///x`). A URL such as `mailto:a@b`, with neither host
/// nor leading `/`, has an opaque path instead of segments.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Record {
    /// Lowercase.
    pub(super) scheme: String,
    pub(super) username: String,
    pub(super) password: String,
    pub(super) host: Option<String>,
    pub(super) port: Option<u16>,
    /// A hierarchical path's segments, each written after a `/`.
    pub(super) segments: Vec<String>,
    /// The opaque path, when the URL has one (then `segments` is empty).
    pub(super) opaque: Option<String>,
    pub(super) query: Option<String>,
    pub(super) fragment: Option<String>,
}

impl Record {
    /// The record of a strict URI that the Standard's parser writes back
    /// as it is (what `as_written` says is so): its parts, split where the
    /// parser would split them.
    pub(super) fn of_strict(uri: &Uri<'_>) -> Record {
        let (username, password) = match uri.userinfo() {
            Some(userinfo) => userinfo.split_once(':').unwrap_or((userinfo, "")),
            None => ("", ""),
        };
        let path = uri.path();
        let (segments, opaque) = if uri.host().is_none() && !path.starts_with('/') {
            (Vec::new(), Some(String::from(path)))
        } else {
            let segments = path
                .get(1..)
                .map_or_else(Vec::new, |rest| rest.split('/').map(String::from).collect());
            (segments, None)
        };
        Record {
            scheme: String::from(uri.scheme()),
            username: String::from(username),
            password: String::from(password),
            host: uri.host().map(String::from),
            port: uri.port_u16().ok().flatten(),
            segments,
            opaque,
            query: uri.query().map(String::from),
            fragment: uri.fragment().map(String::from),
        }
    }

    /// The URL Standard's serializer, through the one writer, which
    /// records the boundaries as it writes. Where a path of two or more
    /// segments starts with an empty one and there is no host, the writer
    /// puts `/.` before it to keep `//` from reading as an authority, as
    /// the Standard writes it.
    pub(super) fn write(&self) -> UriBuf {
        let mut out = String::with_capacity(self.len_hint());
        let mut composer = Composer::new(&mut out);
        composer.scheme(&self.scheme, Form::AsIs);
        if let Some(host) = &self.host {
            composer.open_authority();
            if !self.username.is_empty() || !self.password.is_empty() {
                composer.userinfo_with(|out| {
                    out.push_str(&self.username);
                    if !self.password.is_empty() {
                        out.push(':');
                        out.push_str(&self.password);
                    }
                });
            }
            composer.host(host, host_kind_of(host), Form::AsIs);
            if let Some(port) = self.port {
                composer.port_number(port);
            }
        }
        composer.path_with(|out| {
            if let Some(opaque) = &self.opaque {
                out.push_str(opaque);
            }
            for segment in &self.segments {
                out.push('/');
                out.push_str(segment);
            }
        });
        if let Some(query) = &self.query {
            composer.query(query, Form::AsIs);
        }
        if let Some(fragment) = &self.fragment {
            composer.fragment(fragment, Form::AsIs);
        }
        let parts = composer.finish();
        UriBuf::from_written(out, parts)
    }

    fn len_hint(&self) -> usize {
        let path = self.opaque.as_ref().map_or(0, String::len)
            + self.segments.iter().map(|s| s.len() + 1).sum::<usize>();
        self.scheme.len()
            + 16
            + self.username.len()
            + self.password.len()
            + self.host.as_ref().map_or(0, String::len)
            + path
            + self.query.as_ref().map_or(0, String::len)
            + self.fragment.as_ref().map_or(0, String::len)
    }
}

/// Appends `c`, which `set` does not keep, percent-encoded as UTF-8: all
/// of its bytes, as no set keeps a byte of a character outside ASCII.
/// (Through the encoder's byte loop, which appends what it writes in one
/// piece, where pushing each escape's characters grew the string a
/// character at a time.)
pub(super) fn push_encoded(out: &mut String, c: char, set: &EncodeSet) {
    let mut buffer = [0; 4];
    raw::push_escaped(out, c.encode_utf8(&mut buffer).as_bytes(), set);
}

/// Whether `set` keeps `c` as it is.
pub(super) fn keeps(set: &EncodeSet, c: char) -> bool {
    c.is_ascii() && set.keeps(c as u8)
}

/// Appends code point `i` of `input` to `out`, escaped unless `set` keeps
/// it; a `%` is kept when it starts an escape and written `%25` when not.
pub(super) fn write_char(
    out: &mut String,
    input: &Cleaned,
    i: usize,
    set: &EncodeSet,
    notes: &mut Notes,
) {
    let Some(&c) = input.chars.get(i) else { return };
    if c == '%' {
        if is_triplet(&input.chars, i) {
            out.push('%');
        } else {
            out.push_str("%25");
            notes.note(input.span(i, i + 1), RepairKind::PercentEscaped);
        }
    } else if keeps(set, c) {
        out.push(c);
    } else {
        push_encoded(out, c, set);
        notes.note(input.span(i, i + 1), RepairKind::Encoded);
    }
}

/// Whether `chars[k]` starts a `%` and two hex digits.
fn is_triplet(chars: &[char], k: usize) -> bool {
    chars.get(k) == Some(&'%')
        && chars.get(k + 1).is_some_and(char::is_ascii_hexdigit)
        && chars.get(k + 2).is_some_and(char::is_ascii_hexdigit)
}
