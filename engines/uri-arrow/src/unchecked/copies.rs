//! A `Utf8` or `LargeUtf8` column of parts of another such column's rows,
//! each part copied, built as offsets and bytes rather than through
//! arrow's builder, and handed to arrow without its check of the bytes.
//!
//! The builder asks, for every row, whether its buffers have room and
//! whether the offset fits its type; here the offsets' vector is sized
//! once, and no offset can overflow: the parts are slices of the rows, so
//! their bytes together are at most the input's, whose offsets are of the
//! same type.

use std::ops::Range;

use arrow_array::{Array, GenericStringArray, OffsetSizeTrait};
use arrow_buffer::{Buffer, OffsetBuffer, ScalarBuffer};

use crate::validity::Validity;

/// The part `part` finds in each row of `array`, copied into a column of
/// the same layout; NULL where the row is NULL or `part` gives `None` (or
/// a range that is not the row's characters).
pub(crate) fn part_copies<O: OffsetSizeTrait>(
    array: &GenericStringArray<O>,
    part: impl Fn(&str) -> Option<Range<usize>>,
) -> GenericStringArray<O> {
    let data = array.value_data();
    let mut nulls = Validity::with_capacity(array.len());
    // A part is a fraction of its row: start at a quarter of the input's
    // bytes (a host, a query) and let a longer part (a path) grow it,
    // rather than reserve, and fault in, the whole input's size a batch.
    let mut bytes: Vec<u8> = Vec::with_capacity(data.len() / 4);
    let mut offsets: Vec<O> = Vec::with_capacity(array.len() + 1);
    offsets.push(O::usize_as(0));
    for i in 0..array.len() {
        let text = array.is_valid(i).then(|| array.value(i));
        match text.and_then(|text| text.get(part(text)?)) {
            Some(found) => {
                append(&mut bytes, data, found.as_bytes());
                nulls.push(true);
            }
            None => nulls.push(false),
        }
        // At most the input's bytes (see the module's comment), so the
        // conversion keeps the value.
        offsets.push(O::usize_as(bytes.len()));
    }
    let (offsets, bytes, nulls) = (
        ScalarBuffer::from(offsets),
        Buffer::from_vec(bytes),
        nulls.finish(),
    );
    debug_assert!(
        GenericStringArray::<O>::try_new(
            OffsetBuffer::new(offsets.clone()),
            bytes.clone(),
            nulls.clone()
        )
        .is_ok(),
        "a part column that the safe constructor refuses"
    );
    // SAFETY: `bytes` is the `&str` parts appended one after another
    // (`append` copies a block only from the part's own address, and
    // cuts it back to the part's length), so valid UTF-8, and each
    // offset is the length of `bytes` after a part (or after none, for a
    // NULL row): the offsets start at zero, never decrease, end at
    // `bytes`' length and fall between the parts, on character
    // boundaries. There is one offset more than rows and one null bit a
    // row. No offset was truncated: the parts are slices of the input's
    // rows, so `bytes` is no longer than the input's values, whose
    // offsets are of type `O`.
    unsafe {
        let offsets = OffsetBuffer::new_unchecked(offsets);
        GenericStringArray::new_unchecked(offsets, bytes, nulls)
    }
}

/// The longest part [`append`] copies as one fixed-size block.
const BLOCK: usize = 32;

/// Appends `part`, a slice of `data`, to `bytes`.
///
/// A part of at most [`BLOCK`] bytes that `data` holds a whole block
/// from (most hosts, schemes, ports) is copied as that block, and the
/// bytes past the part are cut off again: `memcpy` branches on the
/// length, which moves from row to row, and those branches missed. The
/// block is taken only where its address is the part's own; a longer
/// part, or one too near the end of `data`, goes through `memcpy`.
fn append(bytes: &mut Vec<u8>, data: &[u8], part: &[u8]) {
    let from = (part.as_ptr() as usize).wrapping_sub(data.as_ptr() as usize);
    let block = data.get(from..from.wrapping_add(BLOCK));
    match block {
        Some(block) if part.len() <= BLOCK && std::ptr::eq(block.as_ptr(), part.as_ptr()) => {
            let kept = bytes.len() + part.len();
            bytes.extend_from_slice(block);
            bytes.truncate(kept);
        }
        _ => bytes.extend_from_slice(part),
    }
}

#[cfg(test)]
mod tests {
    use std::ops::Range;

    use arrow_array::{Array, GenericStringArray, LargeStringArray, OffsetSizeTrait, StringArray};
    use arrow_buffer::OffsetBuffer;

    use super::part_copies;

    /// The rows every column is built from: NULLs, an empty row, parts
    /// at the row's start, middle and end, of up to a block's length and
    /// longer, with a block's bytes after them and without, and
    /// non-ASCII text.
    const ROWS: [Option<&str>; 8] = [
        Some("https://例え.jp/パス?q=é#frag"),
        Some("http://a-host-name-longer-than-a-block.example/and?a=query-longer-than-a-block"),
        None,
        Some(""),
        Some("http://h/p?q#f"),
        Some("not a uri at all"),
        None,
        Some("//example.com:8080"),
    ];

    /// What `part_copies` gives for `array`, after arrow's safe
    /// constructor (the check `new_unchecked` skips) took the same buffers.
    fn checked<O: OffsetSizeTrait>(
        array: &GenericStringArray<O>,
        part: impl Fn(&str) -> Option<Range<usize>>,
    ) -> Vec<Option<String>> {
        let copies = part_copies(array, part);
        GenericStringArray::<O>::try_new(
            OffsetBuffer::new(copies.offsets().inner().clone()),
            copies.values().clone(),
            copies.nulls().cloned(),
        )
        .unwrap();
        copies.iter().map(|part| part.map(str::to_owned)).collect()
    }

    /// Each part, from whole and sliced columns of both offset widths
    /// (a slice's offsets start past zero), is the row's own slice.
    #[test]
    fn copies_pass_the_safe_check_and_hold_each_rows_part() {
        let host = |text: &str| uri_runtime::UriRef::parse(text).ok()?.components().host();
        let query = |text: &str| uri_runtime::UriRef::parse(text).ok()?.components().query();
        let whole = StringArray::from(ROWS.to_vec());
        let large = LargeStringArray::from(ROWS.to_vec());
        for (from, len) in [(0, ROWS.len()), (1, 5), (3, 4), (7, 0)] {
            let rows = &ROWS[from..from + len];
            for part in [&host as &dyn Fn(&str) -> Option<Range<usize>>, &query] {
                let expected: Vec<Option<String>> = rows
                    .iter()
                    .map(|row| row.and_then(|text| Some(text[part(text)?].to_owned())))
                    .collect();
                assert_eq!(checked(&whole.slice(from, len), part), expected);
                assert_eq!(checked(&large.slice(from, len), part), expected);
            }
        }
    }

    /// A range that is not the row's characters (one that cuts a
    /// character, or runs past the row's end) gives a NULL, and the rows
    /// beside it keep their parts.
    #[test]
    fn a_range_that_is_no_slice_of_the_row_gives_a_null() {
        let rows = StringArray::from(vec!["é-tail", "abc", "ok-tail"]);
        let got = checked(&rows, |text| match text {
            "abc" => Some(0..9),
            text if text.starts_with('é') => Some(1..6),
            _ => Some(3..7),
        });
        assert_eq!(got, [None, None, Some("tail".to_owned())]);
    }
}
