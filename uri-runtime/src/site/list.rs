//! The Public Suffix List's algorithm over the `psl` crate's compiled
//! rules, for either section.

use psl::{List, Psl, Type};

use super::{Rules, Source};

/// The public suffix of `name` (a DNS name in lowercase ASCII, without
/// the root's dot and without empty labels) under `rules`: how many of its
/// bytes it takes from the end, and where its rule comes from.
///
/// The list's own algorithm: the rule matching the most labels wins, an
/// exception rule (`!www.ck`) takes one label less than its text, a
/// wildcard (`*.ck`) one more, and a name no rule matches falls under the
/// implicit `*` (its last label). For the ICANN section alone, a name
/// whose best rule is private is asked again without that rule's first
/// label, until the rule found is not private: private rules sit below
/// ICANN ones (`blogspot.com` below `com`), and a rule that matches the
/// shorter name matches the longer one with the same labels.
pub(super) fn suffix_of(name: &str, rules: Rules) -> (usize, Source) {
    let mut asked = name;
    loop {
        let found = List.find(asked.as_bytes().rsplit(|&b| b == b'.'));
        let source = match found.typ {
            Some(Type::Icann) => Source::Icann,
            Some(Type::Private) => Source::Private,
            None => Source::Implicit,
        };
        // The implicit rule: the last label.
        let len = if found.len == 0 {
            asked.rsplit('.').next().map_or(0, str::len)
        } else {
            found.len
        };
        if source != Source::Private || rules == Rules::IcannAndPrivate {
            return (len, source);
        }
        let private_suffix = asked.get(asked.len() - len..).unwrap_or_default();
        match private_suffix.split_once('.') {
            Some((_, below)) => asked = below,
            // A private rule of one label: none is, but the ICANN answer
            // for a lone label is the label.
            None => return (len, Source::Implicit),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Rules, Source, suffix_of};

    fn suffix(name: &str, rules: Rules) -> (&str, Source) {
        let (len, source) = suffix_of(name, rules);
        (&name[name.len() - len..], source)
    }

    #[test]
    fn each_section_its_own_answer() {
        use Rules::{Icann, IcannAndPrivate};
        assert_eq!(suffix("www.example.co.uk", Icann), ("co.uk", Source::Icann));
        assert_eq!(
            suffix("a.b.blogspot.com", IcannAndPrivate),
            ("blogspot.com", Source::Private)
        );
        assert_eq!(suffix("a.b.blogspot.com", Icann), ("com", Source::Icann));
        assert_eq!(
            suffix("example.unknowntld", Icann),
            ("unknowntld", Source::Implicit)
        );
        assert_eq!(
            suffix("localhost", IcannAndPrivate),
            ("localhost", Source::Implicit)
        );
        // The wildcard `*.ck` and its exception `!www.ck`.
        assert_eq!(suffix("a.b.ck", Icann), ("b.ck", Source::Icann));
        assert_eq!(suffix("www.ck", Icann), ("ck", Source::Icann));
    }
}
