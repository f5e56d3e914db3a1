//! A column's null buffer gathered a row at a time, for the kernels
//! whose every row asks for a bit.

use arrow_buffer::{BooleanBuffer, Buffer, NullBuffer};

/// One bit a row, set where the row has a value, in arrow's order (bit
/// `k` of the buffer for row `k`).
///
/// ```text
/// let mut rows = Validity::with_capacity(3);
/// rows.push(true);
/// rows.push(false);
/// rows.push(true);
/// rows.finish() // one NULL, at row 1
/// ```
///
/// Arrow's `NullBufferBuilder` asks at every row whether it has made its
/// bitmap yet and whether the bitmap has room; here a row is an `or` into
/// a word, and a word is pushed every sixty-four rows (what that saves a
/// part column is in BENCHMARKS.md, "SQL functions in DataFusion").
pub(crate) struct Validity {
    words: Vec<u64>,
    /// The bits of the rows since the last whole word.
    word: u64,
    rows: usize,
}

impl Validity {
    /// Room for `rows` rows, so that no push reallocates.
    pub(crate) fn with_capacity(rows: usize) -> Validity {
        Validity {
            words: Vec::with_capacity(rows.div_ceil(64)),
            word: 0,
            rows: 0,
        }
    }

    /// The next row's bit: whether it has a value.
    #[inline]
    pub(crate) fn push(&mut self, valid: bool) {
        self.word |= u64::from(valid) << (self.rows % 64);
        self.rows += 1;
        if self.rows.is_multiple_of(64) {
            self.push_word();
        }
    }

    /// The null buffer of the rows pushed, or `None` where none is NULL
    /// (as arrow's builder gives it, so a column without NULLs keeps no
    /// buffer).
    pub(crate) fn finish(mut self) -> Option<NullBuffer> {
        if !self.rows.is_multiple_of(64) {
            self.push_word();
        }
        let bits = BooleanBuffer::new(Buffer::from_vec(self.words), 0, self.rows);
        Some(NullBuffer::new(bits)).filter(|nulls| nulls.null_count() > 0)
    }

    /// Arrow's bitmaps are bytes, the first row in the lowest bit of the
    /// first byte: a word is stored little-endian whatever the target.
    fn push_word(&mut self) {
        self.words.push(self.word.to_le());
        self.word = 0;
    }
}

#[cfg(test)]
mod tests {
    use arrow_buffer::NullBufferBuilder;

    use super::Validity;

    /// The buffer is arrow's builder's, bit for bit, for every count of
    /// rows around the word's size and any pattern of NULLs, none and all
    /// of them included.
    #[test]
    fn gives_what_arrows_builder_gives() {
        for rows in (0..=200).chain([1000, 4096, 8191, 8192]) {
            for pattern in 0..4 {
                let mut ours = Validity::with_capacity(rows);
                let mut theirs = NullBufferBuilder::new(rows);
                for row in 0..rows {
                    // Scattered NULLs: the top bits of a multiplicative hash.
                    let scattered =
                        (row as u64 + pattern).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 61;
                    let valid = match pattern {
                        0 => true,
                        1 => false,
                        _ => scattered != 0,
                    };
                    ours.push(valid);
                    theirs.append(valid);
                }
                assert_eq!(
                    ours.finish(),
                    theirs.finish(),
                    "{rows} rows, pattern {pattern}"
                );
            }
        }
    }
}
