//! The three Arrow string layouts (`Utf8`, `LargeUtf8`, `Utf8View`) read
//! and written alike, so each kernel is written once.

use std::borrow::Cow;
use std::ops::Range;
use std::sync::Arc;

use arrow_array::builder::{ListBuilder, StringBuilder, StringViewBuilder};
use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef, GenericStringArray, StringViewArray};
use arrow_schema::{ArrowError, DataType};

use crate::unchecked::{part_copies, part_views};

/// A string column of any of the three layouts.
#[derive(Clone, Copy)]
pub(crate) enum Strings<'a> {
    Utf8(&'a GenericStringArray<i32>),
    LargeUtf8(&'a GenericStringArray<i64>),
    Utf8View(&'a StringViewArray),
}

impl<'a> Strings<'a> {
    /// `array` as strings, or the error naming the type it has instead.
    pub(crate) fn of(array: &'a dyn Array) -> Result<Strings<'a>, ArrowError> {
        Ok(match array.data_type() {
            DataType::Utf8 => Strings::Utf8(array.as_string::<i32>()),
            DataType::LargeUtf8 => Strings::LargeUtf8(array.as_string::<i64>()),
            DataType::Utf8View => Strings::Utf8View(array.as_string_view()),
            other => {
                return Err(ArrowError::InvalidArgumentError(format!(
                    "URI kernels take Utf8, LargeUtf8 or Utf8View, not {other}"
                )));
            }
        })
    }

    pub(crate) fn len(self) -> usize {
        match self {
            Strings::Utf8(a) => a.len(),
            Strings::LargeUtf8(a) => a.len(),
            Strings::Utf8View(a) => a.len(),
        }
    }

    /// Row `i`, `None` when it is NULL.
    pub(crate) fn get(self, i: usize) -> Option<&'a str> {
        match self {
            Strings::Utf8(a) => a.is_valid(i).then(|| a.value(i)),
            Strings::LargeUtf8(a) => a.is_valid(i).then(|| a.value(i)),
            Strings::Utf8View(a) => a.is_valid(i).then(|| a.value(i)),
        }
    }

    /// Each row's `part(text)`, a range of the row's own bytes, as a
    /// column of the same layout; NULL where the row is NULL or `part`
    /// gives `None`.
    ///
    /// A `Utf8View` column's result is views into the input's buffers:
    /// no byte is copied (a part of at most twelve bytes is written into
    /// its view, as the layout requires). The other layouts copy.
    pub(crate) fn slices(
        self,
        part: impl Fn(&str) -> Option<Range<usize>>,
    ) -> Result<ArrayRef, ArrowError> {
        match self {
            Strings::Utf8(a) => Ok(Arc::new(part_copies(a, part))),
            Strings::LargeUtf8(a) => Ok(Arc::new(part_copies(a, part))),
            Strings::Utf8View(a) => Ok(Arc::new(part_views(a, part)?)),
        }
    }

    /// Each row's `value(text)`, a new string, as a column of the same
    /// layout; NULL where the row is NULL or `value` gives `None`.
    pub(crate) fn strings<'t>(self, value: impl Fn(&'a str) -> Option<Cow<'t, str>>) -> ArrayRef
    where
        'a: 't,
    {
        self.strings_at(|_, text| value(text))
    }

    /// [`strings`](Self::strings), with the row's index.
    pub(crate) fn strings_at<'t>(
        self,
        value: impl Fn(usize, &'a str) -> Option<Cow<'t, str>>,
    ) -> ArrayRef
    where
        'a: 't,
    {
        let values = (0..self.len()).map(|i| self.get(i).and_then(|text| value(i, text)));
        match self {
            Strings::Utf8(_) => Arc::new(values.collect::<GenericStringArray<i32>>()),
            Strings::LargeUtf8(_) => Arc::new(values.collect::<GenericStringArray<i64>>()),
            Strings::Utf8View(_) => {
                let mut builder = StringViewBuilder::with_capacity(self.len());
                for value in values {
                    builder.append_option(value);
                }
                Arc::new(builder.finish())
            }
        }
    }

    /// A list of `Utf8` for each row: what `fill` appends to the items
    /// for the row's text; a NULL row where the row is NULL or `fill`
    /// gives `None`, which it decides before it appends (items already
    /// appended would lie hidden under the NULL).
    pub(crate) fn lists(
        self,
        fill: impl Fn(&'a str, &mut StringBuilder) -> Option<()>,
    ) -> ArrayRef {
        let mut builder = ListBuilder::new(StringBuilder::new());
        for i in 0..self.len() {
            match self.get(i).and_then(|text| fill(text, builder.values())) {
                Some(()) => builder.append(true),
                None => builder.append_null(),
            }
        }
        Arc::new(builder.finish())
    }
}
