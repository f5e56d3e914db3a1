//! The engine's one `unsafe` code (`DESIGN.md`, policy 8): a `Utf8View`
//! column of parts of another column's rows, handed to arrow without its
//! check of every part's bytes as UTF-8.
//!
//! Arrow's safe constructor (`StringViewArray::try_new`) reads every
//! byte a view names again; for a component column that check cost more
//! than finding the components. Here each view is made from a `&str`
//! that is a slice of its row's `&str` (so valid UTF-8, and on character
//! boundaries, or `str::get` would have refused it), and its buffer and
//! offset are those of the row, moved by where the slice starts: the
//! pointer of the slice is compared with the buffer's own bytes at that
//! offset before the view is kept. A view that failed that comparison
//! (none can, while arrow's views mean what its documentation says) sends
//! the column to the safe constructor instead. Debug builds and the tests
//! run the safe constructor's check over every column built here.

#![allow(unsafe_code)]

use std::ops::Range;

use arrow_array::builder::make_view;
use arrow_array::{Array, StringViewArray};
use arrow_buffer::{NullBuffer, ScalarBuffer};
use arrow_schema::ArrowError;

/// The views of one part of each row of `array`, collected row by row.
pub(crate) struct PartViews<'a> {
    array: &'a StringViewArray,
    views: Vec<u128>,
    valid: Vec<bool>,
    /// Whether every view was shown to name the bytes it was made from.
    proven: bool,
}

impl<'a> PartViews<'a> {
    pub(crate) fn new(array: &'a StringViewArray) -> PartViews<'a> {
        PartViews {
            array,
            views: Vec::with_capacity(array.len()),
            valid: Vec::with_capacity(array.len()),
            proven: true,
        }
    }

    /// Appends the part of row `i` that `part` finds in the row's text,
    /// or a NULL (for a NULL row too).
    pub(crate) fn push(&mut self, i: usize, part: impl FnOnce(&str) -> Option<Range<usize>>) {
        let view = self.array.views()[i];
        let text = self.array.is_valid(i).then(|| self.array.value(i));
        let Some((text, part)) = text.and_then(|text| Some((text, text.get(part(text)?)?))) else {
            self.views.push(0);
            self.valid.push(false);
            return;
        };
        // A part of at most twelve bytes is written into its view; a
        // longer one lies in its row's buffer, `start` bytes further.
        let (buffer, offset) = if part.len() > 12 {
            let start = part.as_ptr() as usize - text.as_ptr() as usize;
            let (buffer, row_offset) = ((view >> 64) as u32, (view >> 96) as u32);
            let offset = u32::try_from(start)
                .ok()
                .and_then(|s| row_offset.checked_add(s));
            let names_part = offset.is_some_and(|offset| {
                self.array
                    .data_buffers()
                    .get(buffer as usize)
                    .and_then(|bytes| bytes.get(offset as usize..offset as usize + part.len()))
                    .is_some_and(|bytes| std::ptr::eq(bytes, part.as_bytes()))
            });
            self.proven &= names_part;
            (buffer, offset.unwrap_or(u32::MAX))
        } else {
            (0, 0)
        };
        self.views.push(make_view(part.as_bytes(), buffer, offset));
        self.valid.push(true);
    }

    /// The column, sharing the input's buffers.
    pub(crate) fn finish(self) -> Result<StringViewArray, ArrowError> {
        let nulls = NullBuffer::from(self.valid);
        let nulls = (nulls.null_count() > 0).then_some(nulls);
        let views = ScalarBuffer::from(self.views);
        let buffers = self.array.data_buffers().to_vec();
        if !self.proven {
            return StringViewArray::try_new(views, buffers, nulls);
        }
        debug_assert!(
            StringViewArray::try_new(views.clone(), buffers.clone(), nulls.clone()).is_ok(),
            "a part's view that the safe constructor refuses"
        );
        // SAFETY: every view was made by `make_view` from a `&str` (valid
        // UTF-8) that is a slice of a row of `self.array`; a part of more
        // than twelve bytes names a buffer of that array and an offset at
        // which that buffer holds exactly the part's bytes (compared by
        // address above, or `proven` is false and the safe constructor
        // ran); the null buffer has one bit per view.
        Ok(unsafe { StringViewArray::new_unchecked(views, buffers, nulls) })
    }
}

#[cfg(test)]
mod tests {
    use arrow_array::builder::StringViewBuilder;
    use arrow_array::cast::AsArray;
    use arrow_array::{Array, StringArray, StringViewArray};

    use super::PartViews;
    use crate::{Part, part};

    /// Every part column built here passes arrow's safe constructor (the
    /// check `new_unchecked` skips) and holds what the copying `Utf8`
    /// kernel gives, over rows in several buffers, short and long parts,
    /// NULLs, invalid rows and non-ASCII text.
    #[test]
    fn part_views_pass_the_safe_check_and_match_the_copies() {
        let rows = [
            Some(
                "https://user:secret@a-rather-long-host-name.example.com:8443/a/long/path/é%C3%A9?query=with&more=bytes#and-a-fragment",
            ),
            Some("http://h/p?q#f"),
            None,
            Some("not a uri at all, and longer than twelve"),
            Some("mailto:someone@example.org"),
            Some("//example.com"),
            Some("https://例え.jp/"),
            Some("file:///C:/Windows/System32/drivers/etc/hosts"),
            Some("urn:isbn:0451450523"),
            Some(""),
        ];
        // Small blocks, so that the rows lie in several buffers.
        let mut builder = StringViewBuilder::new().with_fixed_block_size(64);
        for _ in 0..5 {
            for row in rows {
                builder.append_option(row);
            }
        }
        let views = builder.finish();
        assert!(views.data_buffers().len() > 3);
        let copies: StringArray = views.iter().collect();
        for which in [
            Part::Scheme,
            Part::Userinfo,
            Part::Host,
            Part::Path,
            Part::Query,
            Part::Fragment,
            Part::Authority,
        ] {
            let got = part(&views, which).unwrap();
            let got = got.as_string_view();
            StringViewArray::try_new(
                got.views().clone(),
                got.data_buffers().to_vec(),
                got.nulls().cloned(),
            )
            .unwrap();
            let expected = part(&copies, which).unwrap();
            let expected: Vec<Option<&str>> = expected.as_string::<i32>().iter().collect();
            assert_eq!(got.iter().collect::<Vec<_>>(), expected, "{which:?}");
        }
        // Every long part was shown to name its own bytes, so the column
        // took the unchecked constructor.
        let mut paths = PartViews::new(&views);
        for i in 0..views.len() {
            paths.push(i, |text| {
                Some(uri_runtime::UriRef::parse(text).ok()?.components().path())
            });
        }
        assert!(paths.proven);
    }
}
