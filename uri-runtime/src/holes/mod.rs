//! Values for the holes of `uri!` templates.
//!
//! ```
//! use uri_runtime::uri;
//!
//! let (user, tag, page, section) = ("ada/lovelace", Some("a&b"), 3, "notes #2");
//! let url = uri!("https://api.example.com/users/{user}/posts?tag={tag}&page={page}#{section}")?;
//! assert_eq!(
//!     url,
//!     "https://api.example.com/users/ada%2Flovelace/posts?tag=a%26b&page=3#notes%20%232"
//! );
//! assert_eq!(url.query(), Some("tag=a%26b&page=3"));
//! # Ok::<(), uri_runtime::holes::HoleError>(())
//! ```
//!
//! A hole takes any [`Display`] value: its text is encoded for the place
//! the hole sits in, with no temporary `String`. A value can also render
//! itself as zero or more *items* by implementing [`TemplateValue`]; this
//! crate does so for `Option` (none or one item), slices, arrays and `Vec`
//! (one item per element), and [`each`] (one item per element of any
//! cloneable iterator). How items combine depends on the hole:
//!
//! | hole | encoded | items joined by | no item |
//! |---|---|---|---|
//! | `/{v}` a path segment | all but `pchar` (so `/ ? # %`); also `:` in the first segment of a reference without scheme or authority | `/` (one segment each) | an empty segment |
//! | `/{*v}` a path, slashes kept | all but `pchar` and `/` | `/` | nothing |
//! | `?key={v}` a parameter's whole value | all but `pchar`, `/`, `?`, and also `& = +` | `&key=` (the parameter repeats) | the parameter is left out |
//! | `?{v}` a whole parameter | the same | `&` | the parameter is left out |
//! | `?{*v}` a whole parameter, `&` `=` kept | all but `pchar`, `/`, `?` | `&` | the parameter is left out |
//! | any other query hole | as for a value, and `,` | `,` | nothing |
//! | `#{v}` in the fragment | all but `pchar`, `/`, `?`, and also `,` | `,` | nothing |
//!
//! Where items are joined with `,`, a `,` inside an item is written `%2C`,
//! so splitting at `,` and decoding gives the items back: `["a,b", "c"]`
//! is `a%2Cb,c`, never the same text as `["a", "b", "c"]`.
//!
//! `%` is always encoded, so a value is data and never an escape: `%2F`
//! arrives as `%252F`. A space is `%20` everywhere (form decoders read it
//! as a space too; a `+` in a value is `%2B`, never mistaken for one). A
//! query whose parameters were all left out is absent, `?` included.
//!
//! Two rules keep a value from changing the shape of the URI beyond its
//! hole. A segment holding a hole that comes out as `.` or `..` is not
//! written at all, since no spelling of it is data (RFC 3986 section 2.3
//! makes `%2E` equal to `.`, so `normalize()`, WHATWG readers such as
//! `url` and `reqwest`, and servers all climb over `%2E%2E`); the
//! template's result is then a [`HoleError`] naming the hole. And where an
//! empty value would make the path start with `//` without an authority,
//! or turn the relative path `{v}/x` into `/x`, the path gets a `/.` or
//! `./` prefix, dot segments that resolve to the same place.
//!
//! Which templates give a `Result` follows from the template and the
//! types of its values, with no run-time cost to find out:
//!
//! | the template's path | result |
//! |---|---|
//! | has no hole | the URI (`UriBuf`, or `UriRefBuf` for `uri_ref!`) |
//! | has holes that all take [`DotFree`] values: numbers, `bool`, and `Option`s, lists and [`each`] of them | the URI |
//! | has a hole that takes anything else: text, a type of yours, a type parameter | `Result<UriBuf, HoleError>` |
//!
//! A segment whose fixed text is only dots (`/.{n}`) counts as text
//! whatever the value, since an empty list there leaves `.`.
//!
//! ```
//! use uri_runtime::{uri, UriBuf, holes::HoleError};
//!
//! let id = "..";
//! let err: HoleError = uri!("https://api.example.com/v2/users/{id}/delete").unwrap_err();
//! assert_eq!((err.hole(), err.index(), err.kind().segment()), ("id", 33, ".."));
//! // A value that only contains dots is data: one segment, `/` encoded.
//! let id = "../admin";
//! assert_eq!(
//!     uri!("https://api.example.com/v2/users/{id}/delete")?,
//!     "https://api.example.com/v2/users/..%2Fadmin/delete"
//! );
//! // A number cannot be a dot segment: no `Result`.
//! let id = 7_u64;
//! let url: UriBuf = uri!("https://api.example.com/v2/users/{id}/delete");
//! assert_eq!(url, "https://api.example.com/v2/users/7/delete");
//! # Ok::<(), HoleError>(())
//! ```
//!
//! The conversions to `url::Url` and `http::Uri` (features `url`, `http`)
//! read every result back as well and refuse, with `UrlError` or
//! `HttpUriError`, a URI that crate would read as another resource: hand
//! a result over through them rather than as text.

use core::fmt::Display;

use alloc::boxed::Box;
use alloc::rc::Rc;
use alloc::sync::Arc;
use alloc::vec::Vec;

mod dot_free;
mod error;
mod writer;

pub use dot_free::DotFree;
#[doc(hidden)]
pub use dot_free::{MaybeDotSegment, NoDotSegment};
pub use error::HoleError;
#[doc(hidden)]
pub use error::HoleSite;
#[doc(hidden)]
pub use writer::TemplateWriter;

/// Where a hole sits, which decides how its items are encoded and joined;
/// see the [module documentation](self) for the sets.
///
/// ```
/// use uri_runtime::holes::{Hole, HoleKind, TemplateValue};
///
/// /// Written `yes`/`no` in a query, `1`/`0` anywhere else.
/// struct Flag(bool);
///
/// impl TemplateValue for Flag {
///     fn write_value(&self, hole: &mut Hole<'_>) {
///         let text = match (hole.kind(), self.0) {
///             (HoleKind::QueryValue, true) => "yes",
///             (HoleKind::QueryValue, false) => "no",
///             (_, true) => "1",
///             (_, false) => "0",
///         };
///         hole.item(text);
///     }
/// }
///
/// let on = Flag(true);
/// assert_eq!(uri_runtime::uri!("https://x.org/{on}?on={on}")?, "https://x.org/1?on=yes");
/// # Ok::<(), uri_runtime::holes::HoleError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum HoleKind {
    /// `{v}` in the path: part of one segment.
    PathSegment,
    /// `{*v}` in the path: any number of segments, `/` kept.
    Path,
    /// A hole before the first `=` of a query parameter.
    QueryKey,
    /// A hole after the first `=` of a query parameter.
    QueryValue,
    /// `{*v}` in the query: text whose `&` and `=` are kept.
    Query,
    /// A hole in the fragment.
    Fragment,
}

/// A hole being filled: what a [`TemplateValue`] writes its items into.
#[derive(Debug)]
pub struct Hole<'w> {
    writer: &'w mut TemplateWriter,
    kind: HoleKind,
    /// For a hole that is a whole parameter or its whole value: the text
    /// written before each item (`""` or `"key="`).
    key: Option<&'static str>,
    items: usize,
}

impl<'w> Hole<'w> {
    fn new(writer: &'w mut TemplateWriter, kind: HoleKind, key: Option<&'static str>) -> Hole<'w> {
        Hole {
            writer,
            kind,
            key,
            items: 0,
        }
    }

    /// Where the hole sits.
    #[must_use]
    pub fn kind(&self) -> HoleKind {
        self.kind
    }

    /// Whether each item becomes a query parameter of its own (the hole is
    /// a whole parameter or a whole value, as in `?tag={tag}`), so that no
    /// item removes the parameter.
    #[must_use]
    pub fn is_parameter(&self) -> bool {
        self.key.is_some()
    }

    /// How many items were written so far.
    #[must_use]
    pub fn items(&self) -> usize {
        self.items
    }

    /// Writes one item: `value`'s text, encoded for the hole, after the
    /// separator from the previous item (see [`HoleKind`]).
    ///
    /// A `Display` impl that returns an error (which `fmt`'s contract
    /// allows only when the underlying writer fails, and this one never
    /// does) leaves what it wrote so far; nothing panics.
    pub fn item<T: Display + ?Sized>(&mut self, value: &T) {
        self.writer.start_item(self.kind, self.key, self.items == 0);
        let comma_joined =
            self.key.is_none() && !matches!(self.kind, HoleKind::PathSegment | HoleKind::Path);
        self.writer.write_value(self.kind, comma_joined, value);
        self.items += 1;
    }
}

/// A value that renders itself into a `uri!` template hole as zero or more
/// items.
///
/// Any [`Display`] value fills a hole as one item without this trait; it
/// is for values that want more: to vanish, to repeat, or to read the
/// [`HoleKind`]. The crate implements it for `Option<T>`, `[T]`, `[T; N]`
/// and `Vec<T>` where `T: Display`, for [`Each`], and through `&`, `&mut`,
/// `Box`, `Rc` and `Arc`.
///
/// ```
/// use uri_runtime::uri;
/// use uri_runtime::holes::each;
///
/// let (q, page, tags) = ("rust uri", None::<u32>, ["a&b", "c"]);
/// assert_eq!(
///     uri!("https://x.org/search?q={q}&page={page}&tag={tags}"),
///     "https://x.org/search?q=rust%20uri&tag=a%26b&tag=c"
/// );
///
/// // Segments from an iterator, each encoded as a segment.
/// let parts = each("docs/2024 report".split(' '));
/// assert_eq!(uri!("https://x.org/{parts}")?, "https://x.org/docs%2F2024/report");
/// # Ok::<(), uri_runtime::holes::HoleError>(())
/// ```
///
/// A type of yours writes its items through [`Hole::item`]:
///
/// ```
/// use uri_runtime::holes::{Hole, TemplateValue};
///
/// struct Range(u32, u32);
///
/// impl TemplateValue for Range {
///     fn write_value(&self, hole: &mut Hole<'_>) {
///         hole.item(&self.0);
///         hole.item(&self.1);
///     }
/// }
///
/// let r = Range(10, 20);
/// assert_eq!(uri_runtime::uri!("https://x.org/?from-to={r}"), "https://x.org/?from-to=10&from-to=20");
/// assert_eq!(uri_runtime::uri!("https://x.org/rows/{r}")?, "https://x.org/rows/10/20");
/// # Ok::<(), uri_runtime::holes::HoleError>(())
/// ```
pub trait TemplateValue {
    /// Writes the value's items into `hole`.
    fn write_value(&self, hole: &mut Hole<'_>);
}

impl<T: Display> TemplateValue for Option<T> {
    fn write_value(&self, hole: &mut Hole<'_>) {
        if let Some(value) = self {
            hole.item(value);
        }
    }
}

impl<T: Display> TemplateValue for [T] {
    fn write_value(&self, hole: &mut Hole<'_>) {
        for value in self {
            hole.item(value);
        }
    }
}

impl<T: Display, const N: usize> TemplateValue for [T; N] {
    fn write_value(&self, hole: &mut Hole<'_>) {
        self.as_slice().write_value(hole);
    }
}

impl<T: Display> TemplateValue for Vec<T> {
    fn write_value(&self, hole: &mut Hole<'_>) {
        self.as_slice().write_value(hole);
    }
}

/// One item, as through `Display`. Implemented so that an unsized `str`
/// (a hole filled with `text[1..]`) has a way in: the `Display` path takes
/// its value as a trait object, which an unsized value cannot become.
impl TemplateValue for str {
    fn write_value(&self, hole: &mut Hole<'_>) {
        hole.item(self);
    }
}

macro_rules! through_pointer {
    ($($pointer:ty),*) => {$(
        impl<T: TemplateValue + ?Sized> TemplateValue for $pointer {
            fn write_value(&self, hole: &mut Hole<'_>) {
                (**self).write_value(hole);
            }
        }
    )*};
}

through_pointer!(&T, &mut T, Box<T>, Rc<T>, Arc<T>);

/// The elements of a cloneable iterator as items of one hole; see
/// [`each`].
#[derive(Clone, Debug)]
pub struct Each<I>(I);

/// Fills a hole with one item per element of `items`, which is cloned for
/// the writing (iterators over borrowed data are cheap to clone).
///
/// ```
/// use uri_runtime::uri;
/// use uri_runtime::holes::each;
///
/// let ids = each((1..=3).map(|n| n * 10));
/// assert_eq!(uri!("https://x.org/?id={ids}"), "https://x.org/?id=10&id=20&id=30");
/// ```
pub fn each<I>(items: I) -> Each<I>
where
    I: IntoIterator + Clone,
    I::Item: Display,
{
    Each(items)
}

impl<I> TemplateValue for Each<I>
where
    I: IntoIterator + Clone,
    I::Item: Display,
{
    fn write_value(&self, hole: &mut Hole<'_>) {
        for value in self.0.clone() {
            hole.item(&value);
        }
    }
}

/// How the macro's expansion picks between [`TemplateValue`] and
/// [`Display`] for an argument: method lookup tries `Arg<T>` before
/// `&Arg<T>`, so a `TemplateValue` impl wins, and the `Display` bound is
/// only checked on the fallback, where its error names the argument's type.
/// A path hole's outcome is picked the same way: [`DotFree`](crate::holes::DotFree)
/// values cannot fail, anything else (a type parameter included) is
/// checked.
#[doc(hidden)]
pub mod dispatch {
    use core::fmt::{self, Display};

    use super::{DotFree, Hole, MaybeDotSegment, NoDotSegment, TemplateValue};

    /// A reference to one template argument.
    pub struct Arg<'a, T: ?Sized>(pub &'a T);

    /// The argument renders itself.
    pub struct ValueTag;

    /// The argument is written with `Display`.
    pub struct DisplayTag;

    /// Picked when the argument implements [`TemplateValue`].
    pub trait ValueKind {
        /// The tag that writes the argument.
        fn __template_tag(&self) -> ValueTag {
            ValueTag
        }
    }

    impl<T: TemplateValue + ?Sized> ValueKind for Arg<'_, T> {}

    /// Picked otherwise.
    pub trait DisplayKind {
        /// The tag that writes the argument.
        fn __template_tag(&self) -> DisplayTag {
            DisplayTag
        }
    }

    impl<T: ?Sized> DisplayKind for &Arg<'_, T> {}

    /// Picked for a path hole's value that cannot make a dot segment.
    pub trait DotFreeKind {
        /// The hole's outcome.
        fn __segment_outcome(&self) -> NoDotSegment {
            NoDotSegment
        }
    }

    impl<T: DotFree + ?Sized> DotFreeKind for Arg<'_, T> {}

    /// Picked otherwise: the writer checks the value's segments.
    pub trait TextKind {
        /// The hole's outcome.
        fn __segment_outcome(&self) -> MaybeDotSegment {
            MaybeDotSegment
        }
    }

    impl<T: ?Sized> TextKind for &Arg<'_, T> {}

    impl ValueTag {
        /// Lets the value write its items.
        pub fn write<T: TemplateValue + ?Sized>(self, value: &T, mut hole: Hole<'_>) {
            value.write_value(&mut hole);
        }
    }

    impl DisplayTag {
        /// Writes the value as one item. The value arrives as a trait
        /// object, not through a generic bound: the compiler's error for
        /// a value that is not `Display` then names the cast at the user's
        /// hole, where a bound would add a note pointing into this file.
        pub fn write(self, value: &dyn Fill, mut hole: Hole<'_>) {
            hole.item(&Shown(value));
        }
    }

    /// What a hole takes, named so that the compiler's error for anything
    /// else speaks of the hole.
    #[diagnostic::on_unimplemented(
        message = "`{Self}` cannot fill a `uri!` template hole",
        label = "this value implements neither `Display` nor `TemplateValue`",
        note = "implement `Display` for it, or `uri_runtime::holes::TemplateValue` to write it as several items or none"
    )]
    pub trait Fill {
        /// Writes the value's text.
        fn fill(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result;
    }

    impl<T: Display + ?Sized> Fill for T {
        fn fill(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            self.fmt(f)
        }
    }

    /// A [`Fill`] value seen through `Display`.
    struct Shown<'a, T: ?Sized>(&'a T);

    impl<T: Fill + ?Sized> Display for Shown<'_, T> {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            self.0.fill(f)
        }
    }
}
