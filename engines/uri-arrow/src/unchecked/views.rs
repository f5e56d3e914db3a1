//! A `Utf8View` column of parts of another column's rows, handed to
//! arrow without its check of every part's bytes as UTF-8.
//!
//! Arrow's safe constructor (`StringViewArray::try_new`) reads every
//! byte a view names again; for a component column that check cost more
//! than finding the components. Here each view is made from a `&str`
//! that is a slice of its row's `&str` (so valid UTF-8, and on character
//! boundaries, or `str::get` would have refused it), and its buffer and
//! offset are those of the row, moved by where the slice starts: the
//! row's pointer is compared with its buffer's own bytes at the row's
//! offset, so that every slice of the row lies where its view says. A
//! view whose row failed that comparison (none can, while arrow's views
//! mean what its documentation says) sends the column to the safe
//! constructor instead. Debug builds and the tests run the safe
//! constructor's check over every column built here.

use std::ops::Range;

use arrow_array::{Array, StringViewArray};
use arrow_buffer::{Buffer, NullBuffer, ScalarBuffer};
use arrow_schema::ArrowError;

use crate::validity::Validity;

/// The part `part` finds in each row of `array`, as a column of views
/// into `array`'s buffers; NULL where the row is NULL or `part` gives
/// `None` (or a range that is not the row's characters).
pub(crate) fn part_views(
    array: &StringViewArray,
    part: impl Fn(&str) -> Option<Range<usize>>,
) -> Result<StringViewArray, ArrowError> {
    PartViews::collect(array, part).finish(array)
}

/// The views of one part of each row of an array, with their NULLs.
struct PartViews {
    views: Vec<u128>,
    nulls: Option<NullBuffer>,
    /// Whether every view of more than twelve bytes was shown to name the
    /// bytes it was made from.
    proven: bool,
}

impl PartViews {
    fn collect(array: &StringViewArray, part: impl Fn(&str) -> Option<Range<usize>>) -> PartViews {
        let buffers = array.data_buffers();
        let mut nulls = Validity::with_capacity(array.len());
        let mut proven = true;
        // Collected from an iterator of known length, so that no push asks
        // whether the vector has room.
        let views = array
            .views()
            .iter()
            .enumerate()
            .map(|(i, &row_view)| {
                let text = array.is_valid(i).then(|| array.value(i));
                let found = text.and_then(|text| {
                    let range = part(text)?;
                    Some((text.as_bytes(), range.start, text.get(range)?))
                });
                let Some((row, start, part)) = found else {
                    nulls.push(false);
                    return 0;
                };
                nulls.push(true);
                // A part of more than twelve bytes lies in its row's
                // buffer, `start` bytes further than the row. The place is
                // worked out for every part and kept only for a long one,
                // so that no branch depends on the part's length, which
                // moves about twelve bytes from row to row.
                let (buffer, row_offset) = ((row_view >> 64) as u32, (row_view >> 96) as u32);
                let offset = u32::try_from(start)
                    .ok()
                    .and_then(|start| row_offset.checked_add(start));
                let long = part.len() > 12;
                proven &= !long | (in_place(buffers, buffer, row_offset, row) & offset.is_some());
                let place = u128::from(buffer) << 64 | u128::from(offset.unwrap_or(u32::MAX)) << 96;
                view(row, start, part.len()) | place & u128::from(long).wrapping_neg()
            })
            .collect();
        PartViews {
            views,
            nulls: nulls.finish(),
            proven,
        }
    }

    /// The column, sharing `array`'s buffers.
    fn finish(self, array: &StringViewArray) -> Result<StringViewArray, ArrowError> {
        let PartViews {
            views,
            nulls,
            proven,
        } = self;
        let views = ScalarBuffer::from(views);
        let buffers = array.data_buffers().to_vec();
        if !proven {
            return StringViewArray::try_new(views, buffers, nulls);
        }
        debug_assert!(
            StringViewArray::try_new(views.clone(), buffers.clone(), nulls.clone()).is_ok(),
            "a part's view that the safe constructor refuses"
        );
        // SAFETY: every view was made by `view` from the bytes of a `&str`
        // (valid UTF-8) cut from a row of `array` at character boundaries
        // (`str::get` said so); one of more than twelve bytes names a
        // buffer of that array and an offset at which that buffer holds
        // exactly those bytes (its row was compared by address with that
        // buffer at the row's offset, and the offset moved by where the
        // part starts in the row did not overflow; or `proven` is false
        // and the safe constructor ran); the null buffer has one bit per
        // view.
        Ok(unsafe { StringViewArray::new_unchecked(views, buffers, nulls) })
    }
}

/// Whether `row`, as arrow hands it out, is the bytes of
/// `buffers[buffer]` at `offset`, as its view says: compared by address,
/// so that a slice of `row` from its byte `start` is the bytes of that
/// buffer at `offset + start`.
fn in_place(buffers: &[Buffer], buffer: u32, offset: u32, row: &[u8]) -> bool {
    buffers.get(buffer as usize).is_some_and(|bytes| {
        let offset = offset as usize;
        bytes
            .get(offset..offset.saturating_add(row.len()))
            .is_some_and(|bytes| std::ptr::eq(bytes, row))
    })
}

/// The view of the `len` bytes of `bytes` at `start`, arrow's layout
/// (`make_view`) without the buffer and offset of a long one: the length
/// in the low four bytes, then the bytes themselves when there are at most
/// twelve, or their first four (the prefix) when there are more.
///
/// Where the text holds twelve bytes from `start`, they are read in one
/// fixed-size load and the ones past the part masked off, so that no
/// branch or jump depends on the part's length, which moves from row to
/// row.
fn view(bytes: &[u8], start: usize, len: usize) -> u128 {
    let mut word = [0u8; 16];
    if let Some(twelve) = bytes.get(start..start + 12) {
        word[4..].copy_from_slice(twelve);
    } else {
        let rest = bytes.get(start..).unwrap_or_default();
        let n = rest.len().min(12);
        word[4..4 + n].copy_from_slice(&rest[..n]);
    }
    let shown = if len <= 12 { len } else { 4 };
    (u128::from_le_bytes(word) & KEPT[shown]) | len as u128
}

/// For each count of bytes a view shows (up to twelve), the bits of its
/// view to keep: the length's four bytes and those shown. Looked up, as
/// the shift of 128 bits that makes it takes several instructions.
const KEPT: [u128; 13] = {
    let mut kept = [0; 13];
    let mut shown = 0;
    while shown < kept.len() {
        kept[shown] = u128::MAX >> (96 - 8 * shown);
        shown += 1;
    }
    kept
};

#[cfg(test)]
mod tests {
    use arrow_array::builder::{StringViewBuilder, make_view};
    use arrow_array::cast::AsArray;
    use arrow_array::{Array, StringArray, StringViewArray};

    use super::{PartViews, in_place, part_views, view};
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
        let paths = PartViews::collect(&views, |text| {
            Some(uri_runtime::UriRef::parse(text).ok()?.components().path())
        });
        assert!(paths.proven);
    }

    /// A view built here is arrow's own (`make_view`) for every length
    /// of part and every place of it in its row, the row's end included,
    /// where fewer than twelve bytes follow the part's start.
    #[test]
    fn views_are_arrows_for_every_length_and_place() {
        let row: Vec<u8> = (0..40u8).map(|i| b'a' + i % 26).collect();
        for start in 0..=row.len() {
            for len in 0..=row.len() - start {
                let part = &row[start..start + len];
                let (buffer, offset) = if len > 12 {
                    (3, 1000 + start as u32)
                } else {
                    (0, 0)
                };
                let ours =
                    view(&row, start, len) | u128::from(buffer) << 64 | u128::from(offset) << 96;
                assert_eq!(
                    ours,
                    make_view(part, buffer, offset),
                    "start {start}, length {len}"
                );
            }
        }
    }

    /// The proof that sends a column to the unchecked constructor holds
    /// a row to the exact place its view names: the same bytes found at
    /// another place, in another buffer, a byte further or past the
    /// buffer's end are refused (the column then takes the safe
    /// constructor).
    #[test]
    fn a_row_is_in_place_only_where_its_view_says() {
        let rows = StringViewArray::from(vec![
            "https://first-long-row.example/path",
            "https://first-long-row.example/path",
        ]);
        let buffers = rows.data_buffers();
        let place = |i: usize| {
            let view = rows.views()[i];
            ((view >> 64) as u32, (view >> 96) as u32)
        };
        let (buffer, offset) = place(1);
        let row = rows.value(1).as_bytes();
        assert!(in_place(buffers, buffer, offset, row));
        // The first row's place holds the same bytes, at another address.
        let (_, first) = place(0);
        assert_ne!(first, offset);
        assert!(!in_place(buffers, buffer, first, row));
        assert!(!in_place(buffers, buffer + 1, offset, row));
        assert!(!in_place(buffers, buffer, offset + 1, row));
        assert!(!in_place(buffers, buffer, u32::MAX, row));
        // A copy of the row's bytes is no slice of the buffer.
        let copy = row.to_vec();
        assert!(!in_place(buffers, buffer, offset, &copy));
    }

    /// A range that is not the row's characters (one that cuts a
    /// character, or runs past the row's end) gives a NULL, not a view of
    /// bytes that are no `&str`; a good one beside it still gets its view.
    #[test]
    fn a_range_that_is_no_slice_of_the_row_gives_a_null() {
        let rows =
            StringViewArray::from(vec!["é-and-a-longer-tail", "abc", "ok-and-a-longer-tail"]);
        let column = part_views(&rows, |text| match text {
            "abc" => Some(0..9),
            text if text.starts_with('é') => Some(1..19),
            _ => Some(3..20),
        })
        .unwrap();
        let got: Vec<Option<&str>> = column.iter().collect();
        assert_eq!(got, [None, None, Some("and-a-longer-tail")]);
    }
}
