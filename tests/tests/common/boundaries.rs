//! Whether a value's boundaries are its own. Values compare by their text
//! alone, so a test that compares values cannot see a wrong boundary.

use uri::UriBuf;

/// Whether `value`'s boundaries are those the strict parser finds in its
/// text.
pub(crate) fn has_its_own_boundaries(value: &UriBuf) -> bool {
    UriBuf::parse(value.as_str()).is_ok_and(|parsed| parsed.components() == value.components())
}
