//! The URL Standard's basic URL parser, state by state, writing each part
//! in its strict RFC 3986 spelling as it goes and noting every repair.
//!
//! The states and their order follow the Standard's text, so that the two
//! can be read side by side; the one difference is the encode sets,
//! widened to what RFC 3986 does not allow where the Standard leaves a
//! character raw (`[` in a path, `|` in a query, `#` in a fragment, a `%`
//! that starts no escape).

use alloc::string::String;
use alloc::vec::Vec;

use uri_core::pct::{self, EncodeSet};
use uri_core::scheme::scheme_facts;
use uri_core::{ParseError, ParseErrorKind};

use super::clean::Cleaned;
use super::host::parse_host;
use super::record::{Record, write_char};
use super::repair::{Notes, RepairKind};
use crate::write::dot_segment::reads_as_dot_segment;

/// The userinfo's characters: RFC 3986's less `;` `=` `:`, which the
/// Standard escapes there.
pub(super) const USERINFO: EncodeSet = pct::USERINFO.but_encode(b";=:");
/// A special URL's query: the Standard escapes `'` there.
const SPECIAL_QUERY: EncodeSet = pct::QUERY.but_encode(b"'");

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum State {
    SchemeStart,
    Scheme,
    NoScheme,
    SpecialRelativeOrAuthority,
    PathOrAuthority,
    Relative,
    RelativeSlash,
    SpecialAuthoritySlashes,
    SpecialAuthorityIgnoreSlashes,
    Authority,
    Host,
    Port,
    File,
    FileSlash,
    FileHost,
    PathStart,
    Path,
    OpaquePath,
    Query,
    Fragment,
}

/// What to do after a code point: read the next, or read this one again
/// in the new state (the Standard's "decrease pointer by 1").
enum Step {
    Next,
    Again,
    /// Read from this code point on in the new state (the Standard's
    /// pointer moved back over a buffer).
    Jump(usize),
}

/// Reads `input` (with `base` for a relative text) into a record.
pub(super) fn read(
    text: &str,
    input: &Cleaned,
    base: Option<&Record>,
    notes: &mut Notes,
) -> Result<Record, ParseError> {
    let mut reader = Reader {
        text,
        input,
        base,
        notes,
        url: Record::default(),
        special: false,
        mark: 0,
        segment: String::new(),
        at_sign: None,
        inside_brackets: false,
    };
    reader.run()?;
    Ok(reader.url)
}

struct Reader<'a> {
    text: &'a str,
    input: &'a Cleaned,
    base: Option<&'a Record>,
    notes: &'a mut Notes,
    url: Record,
    /// Whether the URL's scheme is special.
    special: bool,
    /// Where the part being read started (the Standard's buffer).
    mark: usize,
    /// The path segment being written.
    segment: String,
    /// The last `@` of the authority, once one is seen.
    at_sign: Option<usize>,
    inside_brackets: bool,
}

fn is_special(scheme: &str) -> bool {
    scheme_facts(scheme).is_some_and(|facts| facts.whatwg_special)
}

/// Whether `chars` is a Windows drive letter: a letter, then `:` or `|`.
fn is_drive(chars: &[char]) -> bool {
    matches!(chars, [letter, ':' | '|'] if letter.is_ascii_alphabetic())
}

/// Whether the code points start with a drive letter that ends there or
/// at `/`, `\`, `?` or `#`.
fn starts_with_drive(chars: &[char]) -> bool {
    chars.len() >= 2
        && is_drive(&chars[..2])
        && chars
            .get(2)
            .is_none_or(|c| matches!(c, '/' | '\\' | '?' | '#'))
}

fn is_normalized_drive(segment: &str) -> bool {
    let b = segment.as_bytes();
    b.len() == 2 && b[0].is_ascii_alphabetic() && b[1] == b':'
}

/// `.` or `%2E`: one dot (an odd length, as `reads_as_dot_segment` reads).
fn is_single_dot(segment: &str) -> bool {
    !segment.len().is_multiple_of(2) && reads_as_dot_segment(segment)
}

/// `..`, `.%2E`, `%2E.` or `%2E%2E`: two dots.
fn is_double_dot(segment: &str) -> bool {
    segment.len().is_multiple_of(2) && reads_as_dot_segment(segment)
}

impl Reader<'_> {
    fn at(&self, i: usize) -> Option<char> {
        self.input.chars.get(i).copied()
    }

    fn error(&self, i: usize, kind: ParseErrorKind) -> ParseError {
        ParseError::new(self.text, self.input.span(i, i).start, kind)
    }

    fn note(&mut self, from: usize, to: usize, kind: RepairKind) {
        let span = self.input.span(from, to);
        self.notes.note(span, kind);
    }

    /// Appends code point `i` to `out`, escaped unless `set` keeps it.
    fn write(&mut self, out: &mut String, i: usize, set: &EncodeSet) {
        write_char(out, self.input, i, set, self.notes);
    }

    fn segments(&mut self) -> &mut Vec<String> {
        &mut self.url.segments
    }

    /// The Standard's "shorten a URL's path": a `file` URL keeps its drive.
    fn shorten_path(&mut self) {
        let is_file = self.url.scheme == "file";
        let segments = self.segments();
        if is_file && segments.len() == 1 && is_normalized_drive(&segments[0]) {
            return;
        }
        segments.pop();
    }

    fn copy_base_authority(&mut self, base: &Record) {
        self.url.username.clone_from(&base.username);
        self.url.password.clone_from(&base.password);
        self.url.host.clone_from(&base.host);
        self.url.port = base.port;
    }

    fn set_scheme(&mut self, scheme: String) {
        self.special = is_special(&scheme);
        self.url.scheme = scheme;
    }

    fn run(&mut self) -> Result<(), ParseError> {
        let mut state = State::SchemeStart;
        let mut i = 0;
        loop {
            let c = self.at(i);
            let step = match state {
                State::SchemeStart => self.scheme_start(&mut state, &mut i),
                State::Scheme => self.scheme_state(&mut state, &mut i),
                State::NoScheme => self.no_scheme(&mut state, &mut i)?,
                State::SpecialRelativeOrAuthority => {
                    self.special_relative_or_authority(&mut state, &mut i)
                }
                State::PathOrAuthority => self.path_or_authority(&mut state, &mut i),
                State::Relative => self.relative_state(&mut state, &mut i)?,
                State::RelativeSlash => self.relative_slash(&mut state, &mut i),
                State::SpecialAuthoritySlashes => {
                    self.special_authority_slashes(&mut state, &mut i)
                }
                State::SpecialAuthorityIgnoreSlashes => {
                    self.special_authority_ignore_slashes(&mut state, &mut i)
                }
                State::Authority => self.authority_state(&mut state, &mut i)?,
                State::Host => self.host_state(&mut state, &mut i)?,
                State::Port => self.port_state(&mut state, &mut i)?,
                State::File => self.file_state(&mut state, &mut i),
                State::FileSlash => self.file_slash(&mut state, &mut i),
                State::FileHost => self.file_host(&mut state, &mut i)?,
                State::PathStart => self.path_start(&mut state, &mut i),
                State::Path => self.path_step(i, &mut state),
                State::OpaquePath => self.opaque_path(&mut state, &mut i),
                State::Query => self.query_state(&mut state, &mut i),
                State::Fragment => self.fragment_state(&mut i),
            };
            match step {
                Step::Next if c.is_none() => return Ok(()),
                Step::Next => i += 1,
                Step::Again => {}
                Step::Jump(k) => i = k,
            }
        }
    }

    /// The first code point: a letter starts a scheme.
    fn scheme_start(&mut self, state: &mut State, i: &mut usize) -> Step {
        let c = self.at(*i);
        if c.is_some_and(|c| c.is_ascii_alphabetic()) {
            *state = State::Scheme;
            self.mark = *i;
            Step::Next
        } else {
            *state = State::NoScheme;
            Step::Again
        }
    }

    /// A scheme, up to its `:`; anything else means there is none.
    fn scheme_state(&mut self, state: &mut State, i: &mut usize) -> Step {
        let c = self.at(*i);
        match c {
            Some(c) if c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.') => Step::Next,
            Some(':') => {
                let scheme: String = self.input.chars[self.mark..*i]
                    .iter()
                    .map(char::to_ascii_lowercase)
                    .collect();
                self.set_scheme(scheme);
                if self.url.scheme == "file" {
                    *state = State::File;
                } else if self.special && self.base.is_some_and(|b| b.scheme == self.url.scheme) {
                    *state = State::SpecialRelativeOrAuthority;
                } else if self.special {
                    *state = State::SpecialAuthoritySlashes;
                } else if self.at(*i + 1) == Some('/') {
                    *state = State::PathOrAuthority;
                    *i += 1;
                } else {
                    self.url.opaque = Some(String::new());
                    *state = State::OpaquePath;
                }
                Step::Next
            }
            _ => {
                *state = State::NoScheme;
                *i = 0;
                Step::Again
            }
        }
    }

    /// No scheme: the text is relative to the base, if there is one.
    fn no_scheme(&mut self, state: &mut State, i: &mut usize) -> Result<Step, ParseError> {
        let c = self.at(*i);
        Ok({
            let Some(base) = self.base else {
                return Err(self.error(0, ParseErrorKind::MissingScheme));
            };
            let opaque = base.opaque.is_some();
            if opaque && c != Some('#') {
                return Err(self.error(*i, ParseErrorKind::NeedsBase));
            }
            if opaque {
                self.set_scheme(base.scheme.clone());
                self.url.segments.clone_from(&base.segments);
                self.url.opaque.clone_from(&base.opaque);
                self.url.query.clone_from(&base.query);
                self.url.fragment = Some(String::new());
                *state = State::Fragment;
                Step::Next
            } else {
                *state = if base.scheme == "file" {
                    State::File
                } else {
                    State::Relative
                };
                Step::Again
            }
        })
    }

    /// After a special scheme that is the base's: `//` starts an authority.
    fn special_relative_or_authority(&mut self, state: &mut State, i: &mut usize) -> Step {
        let c = self.at(*i);
        if c == Some('/') && self.at(*i + 1) == Some('/') {
            *state = State::SpecialAuthorityIgnoreSlashes;
            *i += 1;
            Step::Next
        } else {
            *state = State::Relative;
            Step::Again
        }
    }

    /// After `scheme:/`: a second `/` starts an authority.
    fn path_or_authority(&mut self, state: &mut State, i: &mut usize) -> Step {
        let c = self.at(*i);
        if c == Some('/') {
            *state = State::Authority;
            self.start_authority(*i + 1);
            Step::Next
        } else {
            *state = State::Path;
            Step::Again
        }
    }

    /// A text relative to the base: what it keeps of the base.
    fn relative_state(&mut self, state: &mut State, i: &mut usize) -> Result<Step, ParseError> {
        let c = self.at(*i);
        Ok({
            let Some(base) = self.base else {
                return Err(self.error(*i, ParseErrorKind::MissingScheme));
            };
            self.set_scheme(base.scheme.clone());
            if c == Some('/') || (self.special && c == Some('\\')) {
                if c == Some('\\') {
                    self.note(*i, *i + 1, RepairKind::Backslash);
                }
                *state = State::RelativeSlash;
                Step::Next
            } else {
                self.copy_base_authority(base);
                self.url.segments.clone_from(&base.segments);
                self.url.opaque.clone_from(&base.opaque);
                self.url.query.clone_from(&base.query);
                match c {
                    Some(c @ ('?' | '#')) => {
                        self.start_tail(c, *i, state);
                        Step::Next
                    }
                    Some(_) => {
                        self.url.query = None;
                        self.shorten_path();
                        *state = State::Path;
                        self.mark = *i;
                        Step::Again
                    }
                    None => Step::Next,
                }
            }
        })
    }

    /// After a `/` relative to the base: an authority or a path.
    fn relative_slash(&mut self, state: &mut State, i: &mut usize) -> Step {
        let c = self.at(*i);
        if self.special && matches!(c, Some('/' | '\\')) {
            if c == Some('\\') {
                self.note(*i, *i + 1, RepairKind::Backslash);
            }
            *state = State::SpecialAuthorityIgnoreSlashes;
            Step::Next
        } else if c == Some('/') {
            *state = State::Authority;
            self.start_authority(*i + 1);
            Step::Next
        } else {
            if let Some(base) = self.base {
                self.copy_base_authority(base);
            }
            *state = State::Path;
            self.mark = *i;
            Step::Again
        }
    }

    /// The `//` before a special URL's authority, supplied when missing.
    fn special_authority_slashes(&mut self, state: &mut State, i: &mut usize) -> Step {
        let c = self.at(*i);
        *state = State::SpecialAuthorityIgnoreSlashes;
        if c == Some('/') && self.at(*i + 1) == Some('/') {
            *i += 1;
            Step::Next
        } else {
            // `http:x`, `http:/x`: the slashes are supplied.
            self.note(*i, *i, RepairKind::Slashes);
            Step::Again
        }
    }

    /// More slashes before the authority, passed over.
    fn special_authority_ignore_slashes(&mut self, state: &mut State, i: &mut usize) -> Step {
        let c = self.at(*i);
        if matches!(c, Some('/' | '\\')) {
            self.note(*i, *i + 1, RepairKind::Slashes);
            Step::Next
        } else {
            *state = State::Authority;
            self.start_authority(*i);
            Step::Again
        }
    }

    /// The authority, up to its end; its last `@` ends the userinfo.
    fn authority_state(&mut self, state: &mut State, i: &mut usize) -> Result<Step, ParseError> {
        let c = self.at(*i);
        Ok(match c {
            Some('@') => {
                self.at_sign = Some(*i);
                Step::Next
            }
            None | Some('/' | '?' | '#') => self.end_authority(*i, state)?,
            Some('\\') if self.special => self.end_authority(*i, state)?,
            Some(_) => Step::Next,
        })
    }

    /// The host, up to a `:` outside brackets or the authority's end.
    fn host_state(&mut self, state: &mut State, i: &mut usize) -> Result<Step, ParseError> {
        let c = self.at(*i);
        Ok(match c {
            Some(':') if !self.inside_brackets => {
                if self.mark == *i {
                    return Err(self.error(*i, ParseErrorKind::MissingHost));
                }
                let host = parse_host(
                    self.text,
                    self.input,
                    self.mark,
                    *i,
                    self.special,
                    self.notes,
                )?;
                self.url.host = Some(host);
                self.mark = *i + 1;
                *state = State::Port;
                Step::Next
            }
            None | Some('/' | '?' | '#') => self.end_host(*i, state)?,
            Some('\\') if self.special => self.end_host(*i, state)?,
            Some(c) => {
                if c == '[' {
                    self.inside_brackets = true;
                } else if c == ']' {
                    self.inside_brackets = false;
                }
                Step::Next
            }
        })
    }

    /// The port's digits.
    fn port_state(&mut self, state: &mut State, i: &mut usize) -> Result<Step, ParseError> {
        let c = self.at(*i);
        Ok(match c {
            Some(c) if c.is_ascii_digit() => Step::Next,
            None | Some('/' | '?' | '#') => self.end_port(*i, state)?,
            Some('\\') if self.special => self.end_port(*i, state)?,
            Some(_) => return Err(self.error(*i, ParseErrorKind::InvalidPort)),
        })
    }

    /// After `file:`, or a text relative to a `file` base.
    fn file_state(&mut self, state: &mut State, i: &mut usize) -> Step {
        let c = self.at(*i);
        self.set_scheme(String::from("file"));
        self.url.host = Some(String::new());
        if let Some(slash @ ('/' | '\\')) = c {
            if slash == '\\' {
                self.note(*i, *i + 1, RepairKind::Backslash);
            }
            *state = State::FileSlash;
            Step::Next
        } else if let Some(base) = self.base.filter(|b| b.scheme == "file") {
            self.url.host.clone_from(&base.host);
            self.url.segments.clone_from(&base.segments);
            self.url.opaque.clone_from(&base.opaque);
            self.url.query.clone_from(&base.query);
            match c {
                Some(c @ ('?' | '#')) => {
                    self.start_tail(c, *i, state);
                    Step::Next
                }
                Some(_) => {
                    self.url.query = None;
                    if starts_with_drive(&self.input.chars[*i..]) {
                        self.url.segments.clear();
                    } else {
                        self.shorten_path();
                    }
                    *state = State::Path;
                    self.mark = *i;
                    Step::Again
                }
                None => Step::Next,
            }
        } else {
            *state = State::Path;
            self.mark = *i;
            Step::Again
        }
    }

    /// After `file:/`.
    fn file_slash(&mut self, state: &mut State, i: &mut usize) -> Step {
        let c = self.at(*i);
        if let Some(slash @ ('/' | '\\')) = c {
            if slash == '\\' {
                self.note(*i, *i + 1, RepairKind::Backslash);
            }
            *state = State::FileHost;
            self.mark = *i + 1;
            Step::Next
        } else {
            if let Some(base) = self.base.filter(|b| b.scheme == "file") {
                self.url.host.clone_from(&base.host);
                if !starts_with_drive(&self.input.chars[*i..])
                    && let Some(drive) = base.segments.first().filter(|s| is_normalized_drive(s))
                {
                    self.url.segments.push(drive.clone());
                }
            }
            *state = State::Path;
            self.mark = *i;
            Step::Again
        }
    }

    /// A `file` URL's host, or a drive letter where the host would be.
    fn file_host(&mut self, state: &mut State, i: &mut usize) -> Result<Step, ParseError> {
        let c = self.at(*i);
        Ok(match c {
            None | Some('/' | '\\' | '?' | '#') => {
                let buffer = &self.input.chars[self.mark..*i];
                if is_drive(buffer) {
                    // `file://C|/x`: the drive is the path's first
                    // segment, read on from where it started.
                    let mut segment = core::mem::take(&mut self.segment);
                    for k in self.mark..*i {
                        self.write(&mut segment, k, &pct::PATH);
                    }
                    self.segment = segment;
                    *state = State::Path;
                } else if buffer.is_empty() {
                    self.url.host = Some(String::new());
                    *state = State::PathStart;
                } else {
                    let host = parse_host(self.text, self.input, self.mark, *i, true, self.notes)?;
                    self.url.host = Some(if host == "localhost" {
                        String::new()
                    } else {
                        host
                    });
                    *state = State::PathStart;
                }
                Step::Again
            }
            Some(_) => Step::Next,
        })
    }

    /// Where the path starts.
    fn path_start(&mut self, state: &mut State, i: &mut usize) -> Step {
        let c = self.at(*i);
        if self.special {
            *state = State::Path;
            self.mark = *i;
            match c {
                Some('/') => {
                    self.mark = *i + 1;
                    Step::Next
                }
                Some('\\') => {
                    self.note(*i, *i + 1, RepairKind::Backslash);
                    self.mark = *i + 1;
                    Step::Next
                }
                _ => Step::Again,
            }
        } else {
            let mut return_again = false;
            match c {
                Some(c @ ('?' | '#')) => self.start_tail(c, *i, state),
                Some('/') => {
                    *state = State::Path;
                    self.mark = *i + 1;
                }
                Some(_) => {
                    *state = State::Path;
                    self.mark = *i;
                    return_again = true;
                }
                None => {}
            }
            if return_again {
                Step::Again
            } else {
                Step::Next
            }
        }
    }

    /// The opaque path of a URL such as `mailto:a@b`.
    fn opaque_path(&mut self, state: &mut State, i: &mut usize) -> Step {
        let c = self.at(*i);
        match c {
            Some(c @ ('?' | '#')) => self.start_tail(c, *i, state),
            Some(_) => {
                let mut path = self.url.opaque.take().unwrap_or_default();
                self.write(&mut path, *i, &pct::PATH);
                self.url.opaque = Some(path);
            }
            None => {}
        }
        Step::Next
    }

    /// The query.
    fn query_state(&mut self, state: &mut State, i: &mut usize) -> Step {
        let c = self.at(*i);
        match c {
            Some('#') => {
                self.url.fragment = Some(self.tail_buffer(*i));
                *state = State::Fragment;
            }
            Some(_) => {
                let set = if self.special {
                    SPECIAL_QUERY
                } else {
                    pct::QUERY
                };
                // The query's run up to a `#` or the end, in one visit.
                let end = self.run_end(*i, |c| c == '#');
                let mut query = self.url.query.take().unwrap_or_default();
                for k in *i..end {
                    self.write(&mut query, k, &set);
                }
                self.url.query = Some(query);
                return Step::Jump(end);
            }
            None => {}
        }
        Step::Next
    }

    /// Where the run of code points from `from` on ends: at the first
    /// that `ends` is true of, or at the end. The states that only append
    /// what they read (a path segment, the query, the fragment) write a
    /// run at a time, where a visit a code point moved their buffer out of
    /// the record and back each time.
    fn run_end(&self, from: usize, ends: impl Fn(char) -> bool) -> usize {
        let rest = self.input.chars.get(from..).unwrap_or_default();
        rest.iter()
            .position(|&c| ends(c))
            .map_or(self.input.chars.len(), |k| from + k)
    }

    /// The fragment.
    fn fragment_state(&mut self, i: &mut usize) -> Step {
        if self.at(*i).is_none() {
            return Step::Next;
        }
        let end = self.input.chars.len();
        let mut fragment = self.url.fragment.take().unwrap_or_default();
        for k in *i..end {
            self.write(&mut fragment, k, &pct::FRAGMENT);
        }
        self.url.fragment = Some(fragment);
        Step::Jump(end)
    }

    /// A `?` starts the query, a `#` the fragment, at code point `at`.
    fn start_tail(&mut self, c: char, at: usize, state: &mut State) {
        if c == '?' {
            self.url.query = Some(self.tail_buffer(at));
            *state = State::Query;
        } else {
            self.url.fragment = Some(self.tail_buffer(at));
            *state = State::Fragment;
        }
    }

    /// An empty string for a query or fragment whose delimiter is code
    /// point `at`, with room for the code points after it: written a
    /// code point at a time, it would otherwise grow several times.
    fn tail_buffer(&self, at: usize) -> String {
        String::with_capacity(self.input.chars.len().saturating_sub(at + 1))
    }

    fn start_authority(&mut self, i: usize) {
        self.mark = i;
        self.at_sign = None;
        self.inside_brackets = false;
    }

    /// The authority ends at `i`: what precedes its last `@` is the
    /// userinfo (every other `@` in it escaped), and the host is read
    /// again from after that `@`.
    fn end_authority(&mut self, i: usize, state: &mut State) -> Result<Step, ParseError> {
        if let Some(at_sign) = self.at_sign {
            if at_sign + 1 == i {
                return Err(self.error(i, ParseErrorKind::MissingHost));
            }
            let (mut username, mut password) = (String::new(), String::new());
            let mut in_password = false;
            for k in self.mark..at_sign {
                if self.at(k) == Some(':') && !in_password {
                    in_password = true;
                } else if in_password {
                    self.write(&mut password, k, &USERINFO);
                } else {
                    self.write(&mut username, k, &USERINFO);
                }
            }
            // The Standard writes no `@` without a name or password, and
            // no `:` without a password.
            if username.is_empty() && password.is_empty() {
                self.note(self.mark, at_sign + 1, RepairKind::EmptyCredentials);
            } else if in_password && password.is_empty() {
                self.note(at_sign - 1, at_sign, RepairKind::EmptyCredentials);
            }
            self.url.username = username;
            self.url.password = password;
            self.mark = at_sign + 1;
        }
        *state = State::Host;
        Ok(Step::Jump(self.mark))
    }

    fn end_host(&mut self, i: usize, state: &mut State) -> Result<Step, ParseError> {
        if self.special && self.mark == i {
            return Err(self.error(i, ParseErrorKind::MissingHost));
        }
        let host = parse_host(
            self.text,
            self.input,
            self.mark,
            i,
            self.special,
            self.notes,
        )?;
        self.url.host = Some(host);
        *state = State::PathStart;
        Ok(Step::Again)
    }

    fn end_port(&mut self, i: usize, state: &mut State) -> Result<Step, ParseError> {
        let digits = &self.input.chars[self.mark..i];
        if !digits.is_empty() {
            let mut port: u32 = 0;
            for d in digits {
                port = port * 10 + d.to_digit(10).unwrap_or(0);
                if port > u32::from(u16::MAX) {
                    return Err(self.error(self.mark, ParseErrorKind::PortTooLarge));
                }
            }
            let port = port as u16;
            let default = scheme_facts(&self.url.scheme).and_then(|facts| facts.default_port);
            self.url.port = (default != Some(port)).then_some(port);
        }
        *state = State::PathStart;
        Ok(Step::Again)
    }

    /// The path state: a segment ends at `/` (or `\` in a special URL),
    /// `?`, `#` or the end; dot segments move up or stay, as they are met.
    fn path_step(&mut self, i: usize, state: &mut State) -> Step {
        let c = self.at(i);
        let slash = c == Some('/') || (self.special && c == Some('\\'));
        if !(slash || matches!(c, None | Some('?' | '#'))) {
            let special = self.special;
            let end = self.run_end(i, |c| {
                c == '/' || (special && c == '\\') || c == '?' || c == '#'
            });
            let mut segment = core::mem::take(&mut self.segment);
            for k in i..end {
                self.write(&mut segment, k, &pct::PATH);
            }
            self.segment = segment;
            return Step::Jump(end);
        }
        if c == Some('\\') {
            self.note(i, i + 1, RepairKind::Backslash);
        }
        let segment = core::mem::take(&mut self.segment);
        if is_double_dot(&segment) {
            self.shorten_path();
            if !slash {
                self.segments().push(String::new());
            }
        } else if is_single_dot(&segment) {
            if !slash {
                self.segments().push(String::new());
            }
        } else {
            let raw = &self.input.chars[self.mark..i];
            let drive = self.url.scheme == "file" && self.segments().is_empty() && is_drive(raw);
            if drive {
                let (letter, bar) = (raw[0], raw[1] == '|');
                if bar {
                    let span = self.input.span(self.mark + 1, self.mark + 2);
                    if self.notes.list.last().is_some_and(|r| r.range == span) {
                        self.notes.list.pop();
                    }
                    self.note(self.mark + 1, self.mark + 2, RepairKind::DriveLetter);
                }
                let mut written = String::with_capacity(2);
                written.push(letter);
                written.push(':');
                self.segments().push(written);
            } else {
                self.segments().push(segment);
            }
        }
        self.mark = i + 1;
        if let Some(c @ ('?' | '#')) = c {
            self.start_tail(c, i, state);
        }
        Step::Next
    }
}
