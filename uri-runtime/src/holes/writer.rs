//! The writer a `uri!` template expands into: fixed text the macro already
//! checked, values encoded for the component they land in, and the
//! component boundaries recorded as they are written.
//!
//! The macro emits one call per piece, in order. The writer owns the few
//! rules that depend on what the values turned out to be: a segment a
//! value wrote must not read as `.` or `..` (the template's result is then
//! an error naming the hole), the first segment of a
//! reference without scheme or authority must not gain a `:`, and an empty
//! value must not turn the path into an authority (`//`) or a relative path
//! into an absolute one.

use alloc::string::String;
use core::fmt::{self, Display, Write as _};

use uri_core::Components;
use uri_core::parse::{Marks, RAW_LEN};
use uri_core::pct::EncodeSet;

use crate::holes::error::{HoleError, HoleSite};
use crate::holes::{Hole, HoleKind};
use crate::pct::{FRAGMENT, PATH_SEGMENT, QUERY, QUERY_PARAM, SEGMENT_NZ_NC, push_encoded};
use crate::value::buf::{UriBuf, UriRefBuf};
use crate::write::compose::keep_path_shape;
use crate::write::dot_segment::DotSegment;

/// The sets for an item of a hole whose items are joined with `,`: a `,`
/// inside an item is encoded, so `["a,b", "c"]` and `["a", "b", "c"]` stay
/// two lists (`a%2Cb,c` and `a,b,c`).
const QUERY_PARAM_ITEM: EncodeSet = QUERY_PARAM.but_encode(b",");
const QUERY_ITEM: EncodeSet = QUERY.but_encode(b",");
const FRAGMENT_ITEM: EncodeSet = FRAGMENT.but_encode(b",");

/// Builds the value of one `uri!` template; only the macro's expansion
/// calls it, in component order.
#[doc(hidden)]
#[derive(Debug)]
pub struct TemplateWriter {
    /// The template as written, for the error's caret.
    template: &'static str,
    out: String,
    marks: Marks,
    /// Start of the path segment being written.
    segment_start: usize,
    /// The hole in that segment, if any, so that the segment must not end
    /// up as a dot segment, and the error can name it.
    segment_hole: Option<HoleSite>,
    /// The path hole being written, whose next item starts a segment.
    path_hole: Option<HoleSite>,
    /// The first segment a value made `.` or `..`.
    dot_segment: Option<HoleError>,
}

impl TemplateWriter {
    /// Starts `template` with its scheme and authority (`head`, whose
    /// components are `head_parts`), reserving `capacity` bytes.
    #[must_use]
    pub fn new(
        template: &'static str,
        head: &str,
        head_parts: [usize; RAW_LEN],
        capacity: usize,
    ) -> TemplateWriter {
        let mut out = String::with_capacity(capacity.max(head.len()));
        out.push_str(head);
        let mut marks = Components::from_raw(head_parts).to_marks();
        marks.path_start = out.len();
        TemplateWriter {
            template,
            segment_start: out.len(),
            out,
            marks,
            segment_hole: None,
            path_hole: None,
            dot_segment: None,
        }
    }

    /// Fixed path text, tracking where segments start.
    pub fn path_text(&mut self, text: &str) {
        let (Some(first), Some(last)) = (text.find('/'), text.rfind('/')) else {
            self.out.push_str(text);
            return;
        };
        self.out.push_str(text.get(..first).unwrap_or(""));
        self.seal_segment();
        let slash = self.out.len();
        self.out.push_str(text.get(first..).unwrap_or(""));
        self.segment_start = slash + (last - first) + 1;
    }

    /// Ends the path. `starts_with_segment_hole` says that the template's
    /// path begins with a `{segment}` hole: if that value was empty and the
    /// path now starts with `/`, a `./` keeps it relative.
    pub fn end_path(&mut self, starts_with_segment_hole: bool) {
        self.seal_segment();
        let start = self.marks.path_start;
        let written = self.out.get(start..).unwrap_or("");
        if starts_with_segment_hole
            && self.marks.authority_start.is_none()
            && written.starts_with('/')
        {
            self.out.insert_str(start, "./");
        } else {
            keep_path_shape(
                &mut self.out,
                start,
                self.marks.authority_start.is_some(),
                self.marks.scheme_end.is_some(),
            );
        }
        self.marks.path_end = self.out.len();
    }

    /// Starts a query parameter: `?` before the first one written, `&`
    /// before the others. A query whose parameters all vanished is absent.
    pub fn parameter_start(&mut self) {
        if self.marks.query_mark.is_none() {
            self.marks.query_mark = Some(self.out.len());
            self.out.push('?');
        } else {
            self.out.push('&');
        }
    }

    /// Starts the fragment.
    pub fn fragment_start(&mut self) {
        self.marks.fragment_mark = Some(self.out.len());
        self.out.push('#');
    }

    /// Fixed text in the query or the fragment.
    pub fn text(&mut self, text: &str) {
        self.out.push_str(text);
    }

    /// A hole of `kind` inside a query parameter or the fragment; several
    /// items are joined by `,`.
    pub fn hole(&mut self, kind: HoleKind) -> Hole<'_> {
        Hole::new(self, kind, None)
    }

    /// A hole of `kind` in the path, written at `site` of the template;
    /// several items are joined by `/`.
    pub fn path_hole(&mut self, kind: HoleKind, site: HoleSite) -> Hole<'_> {
        self.path_hole = Some(site);
        self.segment_hole.get_or_insert(site);
        Hole::new(self, kind, None)
    }

    /// A hole that is a whole query parameter (`key` is `""`) or its whole
    /// value (`key` is `"name="`): each item becomes a parameter of its
    /// own, and no item removes the parameter.
    pub fn parameter(&mut self, key: &'static str, kind: HoleKind) -> Hole<'_> {
        Hole::new(self, kind, Some(key))
    }

    /// The finished URI, for a template whose fixed text has a scheme and
    /// whose path holes cannot fail (see
    /// [`NoDotSegment`](super::dot_free::NoDotSegment), which checks).
    #[must_use]
    pub fn into_uri(self) -> UriBuf {
        let (text, parts) = self.finish();
        UriBuf::from_written(text, parts)
    }

    /// The finished URI reference, as [`into_uri`](Self::into_uri).
    #[must_use]
    pub fn into_uri_ref(self) -> UriRefBuf {
        let (text, parts) = self.finish();
        UriRefBuf::from_written(text, parts)
    }

    /// The first segment a value made `.` or `..`, with its hole.
    pub(super) fn dot_segment(&self) -> Option<HoleError> {
        self.dot_segment
    }

    fn finish(mut self) -> (String, Components) {
        self.marks.len = self.out.len();
        (self.out, Components::from_marks(self.marks))
    }

    /// Writes what comes before an item: the parameter's start and key, or
    /// the separator from the previous item of the same hole.
    pub(super) fn start_item(&mut self, kind: HoleKind, key: Option<&str>, first: bool) {
        match key {
            Some(key) => {
                self.parameter_start();
                self.out.push_str(key);
            }
            None if first => {}
            None if matches!(kind, HoleKind::PathSegment | HoleKind::Path) => self.next_segment(),
            None => self.out.push(','),
        }
    }

    /// Writes `value`'s text encoded for `kind`, with no buffer in between;
    /// `comma_joined` when the hole's items are joined with `,` (see
    /// [`Hole::item`](super::Hole::item)).
    pub(super) fn write_value<T: Display + ?Sized>(
        &mut self,
        kind: HoleKind,
        comma_joined: bool,
        value: &T,
    ) {
        let encoding = Encoding {
            writer: self,
            kind,
            comma_joined,
        };
        // Writing into a `String` cannot fail; an error can only come from
        // a `Display` impl breaking its contract, and then the text it
        // wrote so far stays, already encoded.
        let _ = write!({ encoding }, "{value}");
    }

    fn push_value(&mut self, text: &str, kind: HoleKind, comma_joined: bool) {
        match kind {
            HoleKind::PathSegment => {
                let set = self.segment_set();
                push_encoded(&mut self.out, text, set);
            }
            HoleKind::Path => {
                let mut segments = text.split('/');
                if let Some(first) = segments.next() {
                    let set = self.segment_set();
                    push_encoded(&mut self.out, first, set);
                }
                for segment in segments {
                    self.next_segment();
                    push_encoded(&mut self.out, segment, &PATH_SEGMENT);
                }
            }
            HoleKind::QueryKey | HoleKind::QueryValue => {
                let set = if comma_joined {
                    &QUERY_PARAM_ITEM
                } else {
                    &QUERY_PARAM
                };
                push_encoded(&mut self.out, text, set);
            }
            HoleKind::Query => {
                let set = if comma_joined { &QUERY_ITEM } else { &QUERY };
                push_encoded(&mut self.out, text, set);
            }
            HoleKind::Fragment => {
                let set = if comma_joined {
                    &FRAGMENT_ITEM
                } else {
                    &FRAGMENT
                };
                push_encoded(&mut self.out, text, set);
            }
        }
    }

    /// The set for a value in the current segment: the first segment of a
    /// reference with neither scheme nor authority may not hold a `:`.
    fn segment_set(&self) -> &'static EncodeSet {
        let colon_ends_scheme = self.marks.scheme_end.is_none()
            && self.marks.authority_start.is_none()
            && self.segment_start == self.marks.path_start;
        if colon_ends_scheme {
            &SEGMENT_NZ_NC
        } else {
            &PATH_SEGMENT
        }
    }

    /// Ends the current segment and starts one that the current path
    /// hole writes.
    fn next_segment(&mut self) {
        self.seal_segment();
        self.out.push('/');
        self.segment_start = self.out.len();
        self.segment_hole = self.path_hole;
    }

    /// A segment holding a hole that came out as `.` or `..` is recorded,
    /// so that the template's result is that error (no spelling of the
    /// segment is data; see [`HoleError`]).
    fn seal_segment(&mut self) {
        let Some(site) = self.segment_hole.take() else {
            return;
        };
        if self.dot_segment.is_some() {
            return;
        }
        let segment = self.out.get(self.segment_start..).unwrap_or("");
        if let Some(kind) = DotSegment::of(segment) {
            self.dot_segment = Some(HoleError::new(self.template, site, kind));
        }
    }
}

/// `fmt::Write` that percent-encodes into the writer's buffer.
struct Encoding<'w> {
    writer: &'w mut TemplateWriter,
    kind: HoleKind,
    comma_joined: bool,
}

impl fmt::Write for Encoding<'_> {
    fn write_str(&mut self, text: &str) -> fmt::Result {
        self.writer.push_value(text, self.kind, self.comma_joined);
        Ok(())
    }
}
