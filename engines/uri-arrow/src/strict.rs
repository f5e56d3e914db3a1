//! The strict form of the component kernels: a pipeline that must stop
//! at the first row that is no URI reference gets its row and byte.

use std::fmt;

use arrow_array::{Array, ArrayRef};
use arrow_schema::ArrowError;
use uri_runtime::{ParseError, UriRef};

use crate::components::{Part, part};
use crate::strings::Strings;

/// The first row of a column that is no URI reference: its number
/// (counted from 0 in the column), and the parse error, whose index is a
/// byte of that row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowError {
    /// The row.
    pub row: usize,
    /// Why the row is no URI reference, and where.
    pub error: ParseError,
}

impl fmt::Display for RowError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "row {}: {}", self.row, self.error)
    }
}

impl std::error::Error for RowError {}

impl From<RowError> for ArrowError {
    fn from(err: RowError) -> ArrowError {
        ArrowError::ComputeError(err.to_string())
    }
}

/// [`part`], except that a row which is no URI reference fails the whole
/// column with its row and byte ([`RowError`]); NULL rows and absent parts
/// stay NULL.
///
/// ```
/// use arrow_array::StringArray;
/// use uri_arrow::{Part, part_or_error};
///
/// let urls = StringArray::from(vec!["https://a.example/", "https://b.example/x y"]);
/// let err = part_or_error(&urls, Part::Host).unwrap_err();
/// assert_eq!(err.to_string(), "row 1: character \" \" not allowed in path at byte 19: write \"%20\" for a space");
/// ```
///
/// # Errors
///
/// The first row that does not parse, or an input that is not a string
/// column (as an [`ArrowError`] inside the [`RowError`]'s place: see
/// [`PartError`]).
pub fn part_or_error(array: &dyn Array, which: Part) -> Result<ArrayRef, PartError> {
    let strings = Strings::of(array).map_err(PartError::Arrow)?;
    for row in 0..strings.len() {
        if let Some(text) = strings.get(row)
            && let Err(error) = UriRef::parse(text)
        {
            return Err(PartError::Row(RowError { row, error }));
        }
    }
    part(array, which).map_err(PartError::Arrow)
}

/// Why [`part_or_error`] failed.
#[derive(Debug)]
#[non_exhaustive]
pub enum PartError {
    /// A row that is no URI reference.
    Row(RowError),
    /// The input is not a string column.
    Arrow(ArrowError),
}

impl fmt::Display for PartError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PartError::Row(err) => err.fmt(f),
            PartError::Arrow(err) => err.fmt(f),
        }
    }
}

impl std::error::Error for PartError {}

impl From<PartError> for ArrowError {
    fn from(err: PartError) -> ArrowError {
        match err {
            PartError::Row(err) => err.into(),
            PartError::Arrow(err) => err,
        }
    }
}
