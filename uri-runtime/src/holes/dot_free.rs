//! The values that can never make a path segment `.` or `..`, and the two
//! outcomes a template's path holes add up to: a template whose path
//! holes all take such values gives its URI; one with a path hole that
//! takes text gives a `Result`.

use alloc::boxed::Box;
use alloc::rc::Rc;
use alloc::sync::Arc;
use alloc::vec::Vec;
use core::num::NonZero;

use super::{Each, HoleError, TemplateWriter};
use crate::value::buf::{UriBuf, UriRefBuf};

/// A value whose every item is text that is never `.` or `..`: numbers,
/// `bool`, and `Option`, slices, arrays, `Vec` and [`each`](super::each)
/// of them. A template whose path holes take only these cannot fail and
/// gives the URI itself:
///
/// ```
/// use uri_runtime::{uri, UriBuf};
///
/// let (user, page) = (42_u64, Some(3_u32));
/// let url: UriBuf = uri!("https://api.example.com/users/{user}/pages/{page}");
/// assert_eq!(url, "https://api.example.com/users/42/pages/3");
/// ```
///
/// Sealed: a type of yours can print anything, so the check that its
/// text is not a dot segment has to run, and its template gives a
/// `Result`. `char` is left out, since `'.'` is a dot segment.
pub trait DotFree: sealed::Sealed {}

mod sealed {
    /// Keeps [`DotFree`](super::DotFree) to the types below.
    pub trait Sealed {}
}

macro_rules! dot_free {
    ($($number:ty),*) => {$(
        impl sealed::Sealed for $number {}
        impl DotFree for $number {}
    )*};
}

// Their `Display` writes digits, a sign, a decimal point between digits,
// an exponent, `inf` or `NaN`, and `bool`'s writes `true` or `false`:
// never a lone `.` or `..`, and never nothing.
dot_free!(
    u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize, f32, f64, bool
);
dot_free!(
    NonZero<u8>,
    NonZero<u16>,
    NonZero<u32>,
    NonZero<u64>,
    NonZero<u128>,
    NonZero<usize>
);
dot_free!(
    NonZero<i8>,
    NonZero<i16>,
    NonZero<i32>,
    NonZero<i64>,
    NonZero<i128>,
    NonZero<isize>
);

macro_rules! dot_free_items {
    ($($container:ty),*) => {$(
        impl<T: DotFree> sealed::Sealed for $container {}
        impl<T: DotFree> DotFree for $container {}
    )*};
}

// Each item of these is a value above, and no item at all writes an empty
// segment, which is not a dot segment. (A segment whose fixed text is
// itself dots, as in `/.{v}`, is left to the writer's check by the macro
// whatever the value's type.)
dot_free_items!(Option<T>, [T], Vec<T>);

impl<T: DotFree, const N: usize> sealed::Sealed for [T; N] {}
impl<T: DotFree, const N: usize> DotFree for [T; N] {}

macro_rules! dot_free_through {
    ($($pointer:ty),*) => {$(
        impl<T: DotFree + ?Sized> sealed::Sealed for $pointer {}
        impl<T: DotFree + ?Sized> DotFree for $pointer {}
    )*};
}

dot_free_through!(&T, &mut T, Box<T>, Rc<T>, Arc<T>);

impl<I> sealed::Sealed for Each<I>
where
    I: IntoIterator + Clone,
    I::Item: DotFree,
{
}
impl<I> DotFree for Each<I>
where
    I: IntoIterator + Clone,
    I::Item: DotFree,
{
}

/// Every path hole so far takes a [`DotFree`] value: the template cannot
/// fail.
#[doc(hidden)]
#[derive(Clone, Copy, Debug)]
pub struct NoDotSegment;

/// Some path hole takes text, which the writer checks: the template gives
/// a `Result`.
#[doc(hidden)]
#[derive(Clone, Copy, Debug)]
pub struct MaybeDotSegment;

impl NoDotSegment {
    /// The outcome with one more hole's.
    #[must_use]
    pub fn and<Next>(self, next: Next) -> Next {
        next
    }

    /// The finished URI.
    #[must_use]
    pub fn into_uri(self, writer: TemplateWriter) -> UriBuf {
        debug_assert!(
            writer.dot_segment().is_none(),
            "a dot-free value wrote a dot segment"
        );
        writer.into_uri()
    }

    /// The finished URI reference.
    #[must_use]
    pub fn into_uri_ref(self, writer: TemplateWriter) -> UriRefBuf {
        debug_assert!(
            writer.dot_segment().is_none(),
            "a dot-free value wrote a dot segment"
        );
        writer.into_uri_ref()
    }
}

impl MaybeDotSegment {
    /// The outcome with one more hole's: still checked.
    #[must_use]
    pub fn and<Next>(self, _next: Next) -> MaybeDotSegment {
        self
    }

    /// The finished URI, or the hole whose value made a dot segment.
    ///
    /// # Errors
    ///
    /// [`HoleError`], naming the first such hole.
    pub fn into_uri(self, writer: TemplateWriter) -> Result<UriBuf, HoleError> {
        match writer.dot_segment() {
            Some(err) => Err(err),
            None => Ok(writer.into_uri()),
        }
    }

    /// [`into_uri`](Self::into_uri) for a reference.
    ///
    /// # Errors
    ///
    /// As [`into_uri`](Self::into_uri).
    pub fn into_uri_ref(self, writer: TemplateWriter) -> Result<UriRefBuf, HoleError> {
        match writer.dot_segment() {
            Some(err) => Err(err),
            None => Ok(writer.into_uri_ref()),
        }
    }
}
