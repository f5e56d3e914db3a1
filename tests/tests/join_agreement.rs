//! `Uri::join` reads a path reference with the table's classes instead of
//! the parser (DESIGN.md's one named exception); here it agrees with
//! `UriRef::parse` then `resolve_against` (target, boundaries, refusals)
//! over the conformance vectors, the benchmark corpus and a million
//! generated references, against bases of every shape.

mod common;

use common::{cases, text};
use uri::{Uri, UriRef};

const BASES: &[&str] = &[
    "http://a/b/c/d;p?q",
    "http://a",
    "https://example.com/dir/page.html#frag",
    "foo:bar",
    "foo:/a/b/..",
    "file:///C:/x/y",
    "s://h:1/a/./b/",
    "urn:a:b?c",
];

/// The two ways agree on `reference` against `base`.
fn agrees(base: &Uri<'_>, reference: &str) {
    let joined = base.join(reference);
    let resolved = UriRef::parse(reference).map(|r| r.resolve_against(base));
    match (&joined, &resolved) {
        (Ok(j), Ok(r)) => {
            assert_eq!(j, r, "{base} + {reference:?}");
            assert_eq!(
                j.components(),
                r.components(),
                "{base} + {reference:?}: boundaries"
            );
        }
        (Err(j), Err(r)) => assert_eq!(j, r, "{base} + {reference:?}: errors"),
        _ => panic!("{base} + {reference:?}: {joined:?} / {resolved:?}"),
    }
}

fn bases() -> Vec<Uri<'static>> {
    BASES.iter().map(|b| Uri::parse(b).unwrap()).collect()
}

#[test]
fn join_agrees_on_the_vectors_and_the_corpus() {
    let mut references: Vec<String> = Vec::new();
    for file in ["ref_valid.json", "ref_invalid.json", "resolve.json"] {
        for case in cases(file) {
            for field in ["input", "reference", "ref"] {
                if let Some(t) = text(&case, field) {
                    references.push(t.to_owned());
                }
            }
        }
    }
    let corpus = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../bench/data/corpus.txt"
    ))
    .unwrap();
    references.extend(corpus.lines().map(str::to_owned));
    assert!(references.len() > 10_500, "{}", references.len());
    // And each resolution vector against its own base.
    for case in cases("resolve.json") {
        if let (Some(Ok(base)), Some(reference)) =
            (text(&case, "base").map(Uri::parse), text(&case, "ref"))
        {
            agrees(&base, reference);
        }
    }
    for base in &bases() {
        for reference in &references {
            agrees(base, reference);
        }
    }
}

#[test]
fn join_agrees_on_a_million_generated_references() {
    // Pieces at the edges of the fast path's grammar: delimiters, dots,
    // escapes good and broken, a colon before and after a slash, bytes
    // outside every class.
    const PIECES: &[&str] = &[
        "a", "g", "/", "//", ".", "..", "./", "../", ":", "?", "#", "%41", "%4", "%", ";x=1", "@",
        "[", "]", " ", "é", "\\", "'", "=", "~", "%2e", "..g", "a:b",
    ];
    let bases = bases();
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut reference = String::new();
    for n in 0..1_000_000 {
        reference.clear();
        let pieces = next() % 7;
        for _ in 0..pieces {
            reference.push_str(PIECES[(next() % PIECES.len() as u64) as usize]);
        }
        agrees(&bases[n % bases.len()], &reference);
    }
}
