//! Which international labels may be shown to people in Unicode, and
//! which stay in their `xn--` form because they could pass for another
//! name.
//!
//! The policy is the one browsers apply before they show a Unicode host
//! (Chromium's IDN display policy is built on the same three parts of
//! UTS 39, Unicode Security Mechanisms); a label is shown in Unicode only
//! when all three hold:
//!
//! 1. every character has `Identifier_Status=Allowed` (UTS 39 section
//!    3.1, the General Security Profile), which leaves out invisible
//!    characters (ZERO WIDTH JOINER, SOFT HYPHEN, …), bidi controls,
//!    obsolete and technical scripts;
//! 2. its scripts are at most *Highly Restrictive* (section 5.2): one
//!    script, or Latin with Han and Hiragana/Katakana, Bopomofo or
//!    Hangul, so `paypаl` with one Cyrillic `а` is not shown;
//! 3. it is not a whole-script confusable of an ASCII label: its
//!    skeleton (section 4) is not plain ASCII, so the all-Cyrillic
//!    `аррӏе` (skeleton `apple`) is not shown.
//!
//! Everything else is shown as the `xn--` label DNS uses, which is what
//! people can compare safely.

use alloc::borrow::Cow;
use alloc::string::String;

use idna::uts46::{Hyphens, Uts46};
use unicode_security::{
    GeneralSecurityProfile, RestrictionLevel, RestrictionLevelDetection, skeleton,
};

use crate::{REG_NAME_ONLY, labels};

/// The host with each `xn--` label in Unicode where the label is safe to
/// show (see the module doc), and in its `xn--` form otherwise; other
/// labels as written. For showing a host to people;
/// [`host_to_unicode`](crate::host_to_unicode) maps every valid label.
///
/// ```
/// use uri_idna::host_for_display;
///
/// assert_eq!(host_for_display("www.xn--bcher-kva.example"), "www.bücher.example");
/// assert_eq!(host_for_display("xn--r8jz45g.jp"), "例え.jp");
/// // All-Cyrillic, and looks like `apple`: kept.
/// assert_eq!(host_for_display("xn--80ak6aa92e.com"), "xn--80ak6aa92e.com");
/// // One Cyrillic letter among Latin ones: kept.
/// assert_eq!(host_for_display("xn--paypl-7ve.com"), "xn--paypl-7ve.com");
/// ```
pub fn host_for_display(host: &str) -> Cow<'_, str> {
    let shown: String = {
        let mut out = String::with_capacity(host.len());
        let mut changed = false;
        for (n, (_, label)) in labels(host).enumerate() {
            if n > 0 {
                out.push('.');
            }
            match unicode_label(label) {
                Some(unicode) => {
                    out.push_str(&unicode);
                    changed = true;
                }
                None => out.push_str(label),
            }
        }
        if !changed {
            return Cow::Borrowed(host);
        }
        out
    };
    Cow::Owned(shown)
}

/// The Unicode form of an `xn--` label, when it is valid and safe to show.
fn unicode_label(label: &str) -> Option<String> {
    let ace = label
        .get(..4)
        .is_some_and(|prefix| prefix.eq_ignore_ascii_case("xn--"));
    if !ace {
        return None;
    }
    let (unicode, result) =
        Uts46::new().to_unicode(label.as_bytes(), REG_NAME_ONLY, Hyphens::Allow);
    result.ok()?;
    safe_to_show(&unicode).then(|| String::from(unicode))
}

/// The three conditions of the module doc.
pub(crate) fn safe_to_show(label: &str) -> bool {
    let allowed = label
        .chars()
        .all(GeneralSecurityProfile::identifier_allowed);
    let restricted = matches!(
        label.detect_restriction_level(),
        RestrictionLevel::ASCIIOnly
            | RestrictionLevel::SingleScript
            | RestrictionLevel::HighlyRestrictive
    );
    let confusable_with_ascii = skeleton(label).all(|c| c.is_ascii());
    allowed && restricted && !confusable_with_ascii
}

#[cfg(test)]
mod tests {
    use super::{host_for_display, safe_to_show};

    #[test]
    fn labels_that_pass_for_others_are_not_shown() {
        for (label, safe) in [
            ("bücher", true),
            ("例え", true),
            ("россия", true),
            ("ιωάννης", true),
            ("日本語ひらがな", true),
            ("münchen1", true),
            ("аррӏе", false),       // whole-script confusable with "apple"
            ("ѕсоре", false),       // with "scope"
            ("paypаl", false),      // Latin with one Cyrillic letter
            ("ab\u{200D}c", false), // an invisible joiner
            ("a\u{0627}b", false),  // Latin and Arabic
        ] {
            assert_eq!(safe_to_show(label), safe, "{label}");
        }
    }

    #[test]
    fn only_ace_labels_change() {
        assert_eq!(host_for_display("Example.COM"), "Example.COM");
        assert_eq!(host_for_display("xn--a.example"), "xn--a.example");
        assert_eq!(
            host_for_display("xn--80ak6aa92e.xn--bcher-kva.de"),
            "xn--80ak6aa92e.bücher.de"
        );
    }
}
