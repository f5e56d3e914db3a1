//! The schemes a policy admits, each packed as one number, so that a
//! URI's scheme is compared with all of them at once.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

/// Bytes in a packed scheme: `https`, `wss`, `ftp`, `mailto` and nearly
/// every registered scheme fit.
const WORD: usize = 8;

/// The case bit of every byte. A scheme holds letters, digits, `+`, `-`
/// and `.`, whose bytes all have it set but for capitals, so setting it
/// lowercases a scheme exactly: one OR for the word.
const CASE: u64 = u64::from_le_bytes([0x20; WORD]);

/// The bytes of a word that a scheme of `n` bytes takes, by `n`.
const KEEP: [u64; WORD + 1] = {
    let mut keep = [0; WORD + 1];
    let mut n = 1;
    while n <= WORD {
        keep[n] = u64::MAX >> (8 * (WORD - n));
        n += 1;
    }
    keep
};

/// How many packed schemes are compared without a loop: every preset
/// has at most two.
const FIRST: usize = 4;

/// A slot of [`Schemes`]'s first four that holds no scheme, and no key
/// `admits` computes equals: a key's bytes are its scheme's with the case
/// bit set, so never zero, followed by zeros, and this one is a zero
/// followed by a byte that is not.
const UNUSED: u64 = 0xff00;

/// The first packed schemes, [`UNUSED`] where there are fewer.
#[derive(Clone, Copy, PartialEq, Eq)]
struct First([u64; FIRST]);

impl Default for First {
    fn default() -> First {
        First([UNUSED; FIRST])
    }
}

/// The admitted schemes, lowercase: those of up to [`WORD`] bytes as
/// numbers (byte `i` at bits `8 i`, zero past the end, which no scheme
/// byte is), the longer ones as text.
///
/// A URI's scheme is compared with every admitted one, without stopping
/// at the first that matches: which one matches changes from URI to URI
/// (`http`, `https`), and a loop that stops there mispredicts where it
/// stops; one that runs to the end of a list fixed for the policy does
/// not.
///
/// A preset's list is a ceiling: the first scheme a caller admits
/// replaces the preset's list, and a scheme outside the ceiling is not
/// admitted, so a rule added to a preset narrows it
/// ([`widen`](Self::widen) is the one way past the ceiling).
#[derive(Clone, Default, PartialEq, Eq)]
pub(super) struct Schemes {
    /// The first [`FIRST`] of `packed`, the rest [`UNUSED`]: compared
    /// all at once, with no loop and no read of the list's length.
    first: First,
    packed: Vec<u64>,
    long: Vec<String>,
    /// Whether a scheme rule is set: an empty list then admits none.
    set: bool,
    /// A preset's schemes, which a caller's may narrow but not pass.
    ceiling: Option<(Vec<u64>, Vec<String>)>,
    /// Whether the list is still the preset's own.
    as_preset: bool,
}

impl Schemes {
    /// A preset's schemes: `names` (in any case), and the ceiling of what
    /// a caller may admit.
    pub(super) fn preset(names: &[&str]) -> Schemes {
        let mut schemes = Schemes::default();
        for name in names {
            schemes.push(name);
        }
        schemes.set = true;
        schemes.ceiling = Some((schemes.packed.clone(), schemes.long.clone()));
        schemes.as_preset = true;
        schemes
    }

    /// Admits `scheme` (in any case), within a preset's ceiling; the first
    /// a caller admits replaces a preset's list.
    pub(super) fn admit(&mut self, scheme: &str) {
        if core::mem::take(&mut self.as_preset) {
            self.first = First::default();
            self.packed.clear();
            self.long.clear();
        }
        self.set = true;
        if let Some((packed, long)) = &self.ceiling {
            let ceiling = Schemes::listed(packed.clone(), long.clone());
            if !ceiling.admits(scheme.as_bytes(), scheme.len()) {
                return;
            }
        }
        self.push(scheme);
    }

    /// Admits `scheme` beside a preset's schemes, raising the ceiling.
    pub(super) fn widen(&mut self, scheme: &str) {
        if let Some((packed, long)) = &mut self.ceiling {
            let mut raised = Schemes::listed(core::mem::take(packed), core::mem::take(long));
            raised.push(scheme);
            *packed = raised.packed;
            *long = raised.long;
        }
        self.set = true;
        self.push(scheme);
    }

    /// The schemes of two lists as `push` made them, and no rule set.
    fn listed(packed: Vec<u64>, long: Vec<String>) -> Schemes {
        let mut first = First::default();
        for (slot, &key) in first.0.iter_mut().zip(&packed) {
            *slot = key;
        }
        Schemes {
            first,
            packed,
            long,
            ..Schemes::default()
        }
    }

    /// `scheme` added to the list, lowercase.
    fn push(&mut self, scheme: &str) {
        let scheme = scheme.to_ascii_lowercase();
        // A NUL would pack as the padding past a shorter name (`ht\0` as
        // `ht`); no scheme has one, so such a text is kept as text, where
        // it matches nothing.
        if scheme.len() > WORD || scheme.contains('\0') {
            self.long.push(scheme);
            return;
        }
        let mut word = [0; WORD];
        word.get_mut(..scheme.len())
            .unwrap_or_default()
            .copy_from_slice(scheme.as_bytes());
        let key = u64::from_le_bytes(word);
        if let Some(slot) = self.first.0.get_mut(self.packed.len()) {
            *slot = key;
        }
        self.packed.push(key);
    }

    /// Whether a scheme rule is set (else every scheme is admitted).
    pub(super) fn is_set(&self) -> bool {
        self.set
    }

    /// Whether the scheme `text[..len]` of a parsed URI is admitted.
    #[inline]
    pub(super) fn admits(&self, text: &[u8], len: usize) -> bool {
        // The common case in a few instructions: a scheme of up to eight
        // bytes, in a text of at least eight, read as one number.
        match (text.first_chunk::<WORD>(), KEEP.get(len)) {
            (Some(word), Some(keep)) => self.admits_key((u64::from_le_bytes(*word) | CASE) & keep),
            _ => self.admits_rarely(text, len),
        }
    }

    /// Whether the packed scheme `key` is admitted.
    #[inline]
    fn admits_key(&self, key: u64) -> bool {
        // Counted rather than searched: no branch on which one matched.
        let found = |list: &[u64]| {
            list.iter()
                .fold(0, |found, &admitted| found | u8::from(admitted == key))
        };
        // Past the first few only for a list that has more: no preset's.
        let past_first = if self.packed.len() > FIRST {
            found(self.packed.get(FIRST..).unwrap_or_default())
        } else {
            0
        };
        found(&self.first.0) | past_first != 0
    }

    /// [`admits`](Self::admits) for a scheme longer than a word, or one in
    /// a text shorter than a word (read from a copy).
    #[inline(never)]
    fn admits_rarely(&self, text: &[u8], len: usize) -> bool {
        let Some(scheme) = text.get(..len) else {
            return false;
        };
        if len > WORD {
            return self.long.iter().any(|admitted| {
                admitted.len() == len && admitted.bytes().zip(scheme).all(|(a, &b)| a == b | 0x20)
            });
        }
        let mut copy = [0; WORD];
        copy.get_mut(..len)
            .unwrap_or_default()
            .copy_from_slice(scheme);
        self.admits(&copy, len)
    }
}

/// The schemes by name, as they were admitted (a policy's `Debug` shows
/// them so, not as numbers).
impl fmt::Debug for Schemes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let unpacked = self.packed.iter().map(|&key| {
            let bytes = key.to_le_bytes();
            let len = bytes.iter().position(|&b| b == 0).unwrap_or(WORD);
            String::from_utf8_lossy(bytes.get(..len).unwrap_or_default()).into_owned()
        });
        f.debug_list()
            .entries(unpacked.chain(self.long.iter().cloned()))
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::Schemes;

    #[test]
    fn a_scheme_is_admitted_in_any_case_and_only_whole() {
        let mut schemes = Schemes::default();
        for scheme in [
            "http",
            "HTTPS",
            "svn+ssh",
            "a.b-c",
            "view-source",
            "x-long-name-scheme",
            "ht\0",
        ] {
            schemes.admit(scheme);
        }
        for (text, len, admitted) in [
            ("http://a", 4, true),
            ("HtTp://a", 4, true),
            ("https://a", 5, true),
            ("HTTPS:", 5, true),
            ("http:", 4, true),
            ("httpx://a", 5, false),
            ("htt://a", 3, false),
            ("httpsx://a", 6, false),
            ("SVN+SSH://h", 7, true),
            ("a.b-c:", 5, true),
            ("A.B-C:", 5, true),
            ("a.b-cd:", 6, false),
            ("View-Source:x", 11, true),
            ("view-sourc:x", 10, false),
            ("X-LONG-NAME-SCHEME:", 18, true),
            ("x-long-name-schemes:", 19, false),
            ("h", 1, false),
            ("", 0, false),
            ("http", 9, false),
            ("ht:", 2, false),
        ] {
            assert_eq!(
                schemes.admits(text.as_bytes(), len),
                admitted,
                "{text} {len}"
            );
        }
        assert!(!Schemes::default().is_set());
        assert!(schemes.is_set());
        assert_eq!(
            alloc::format!("{schemes:?}"),
            r#"["http", "https", "svn+ssh", "a.b-c", "view-source", "x-long-name-scheme", "ht\0"]"#
        );
    }

    /// Past the four compared without a loop, the rest are compared too,
    /// and an empty slot matches nothing, not even an empty scheme.
    #[test]
    fn every_admitted_scheme_is_found_however_many() {
        let names = [
            "a", "bb", "ccc", "dddd", "eeeee", "ffffff", "ggggggg", "hhhhhhhh",
        ];
        let mut schemes = Schemes::default();
        for (n, name) in names.iter().enumerate() {
            schemes.admit(name);
            for (k, other) in names.iter().enumerate() {
                let text = alloc::format!("{}:x", other.to_ascii_uppercase());
                assert_eq!(
                    schemes.admits(text.as_bytes(), other.len()),
                    k <= n,
                    "{other} after {name}"
                );
            }
            assert!(!schemes.admits(b"", 0));
            assert!(!schemes.admits(b"\xff\xff\xff\xff\xff\xff\xff\xff:", 8));
        }
        assert!(!Schemes::default().admits(b":x", 0));
    }

    #[test]
    fn a_preset_is_narrowed_by_what_a_caller_admits_and_widened_only_by_name() {
        let https = |s: &Schemes| s.admits(b"https:", 5);
        let http = |s: &Schemes| s.admits(b"http:", 4);
        let mut narrowed = Schemes::preset(&["http", "https"]);
        assert!(http(&narrowed) && https(&narrowed));
        narrowed.admit("HTTPS");
        assert!(https(&narrowed) && !http(&narrowed));
        narrowed.admit("gopher");
        assert!(!narrowed.admits(b"gopher:", 6), "past the ceiling");

        let mut nothing = Schemes::preset(&["http", "https"]);
        nothing.admit("gopher");
        assert!(nothing.is_set() && !http(&nothing) && !https(&nothing));

        let mut widened = Schemes::preset(&["http", "https"]);
        widened.widen("wss");
        assert!(http(&widened) && widened.admits(b"wss:", 3));
        widened.admit("wss");
        assert!(!http(&widened) && widened.admits(b"wss:", 3));
    }
}
