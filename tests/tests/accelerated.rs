//! The run-time parsers (the grammar of `uri-core` stamped out again over
//! a vector scan: on CPUs with AVX-512BW and AVX-512VBMI, and on CPUs with
//! SSSE3) and `uri-core`'s `const` parser give the same answer on every
//! input: the verdict, every boundary, the host kind, and for an error its
//! index and kind. Checked on the whole
//! benchmark corpus, on its lines cut short at every length (which moves
//! every boundary across the vector scan's sixteen-byte windows), and on
//! 1,000,000 generated strings. `fuzz/fuzz_targets/parsers.rs` checks the
//! same on the fuzzer's input.

#[path = "differential/generator.rs"]
mod generator;

use generator::Generator;
use uri::{Iri, IriRef, ParseError, ParseOptions, Uri, UriRef, parsed::Components};

type Pair = (
    &'static str,
    Result<Components, ParseError>,
    Result<Components, ParseError>,
);

/// Compares the run-time parse of `text` with the `const` one in every
/// grammar and entry point, and panics with the first difference.
fn assert_agree(text: &str) {
    let zoned = ParseOptions::RFC3986.with_zone_ids();
    let iri_zoned = ParseOptions::RFC3987.with_zone_ids();
    let pairs: [Pair; 8] = [
        (
            "UriRef::parse",
            UriRef::parse(text).map(|r| r.components()),
            uri_core::parse_uri_reference(text),
        ),
        (
            "Uri::parse",
            Uri::parse(text).map(|u| u.components()),
            uri_core::parse_uri(text),
        ),
        (
            "IriRef::parse",
            IriRef::parse(text).map(|r| r.components()),
            uri_core::parse_iri_reference(text),
        ),
        (
            "Iri::parse",
            Iri::parse(text).map(|i| i.components()),
            uri_core::parse_iri(text),
        ),
        (
            "UriRef::parse_with (zone ids)",
            UriRef::parse_with(text, zoned).map(|r| r.components()),
            uri_core::parse_uri_reference_with(text, zoned),
        ),
        (
            "Uri::parse_with (zone ids)",
            Uri::parse_with(text, zoned).map(|u| u.components()),
            uri_core::parse_uri_with(text, zoned),
        ),
        (
            "IriRef::parse_with (zone ids)",
            IriRef::parse_with(text, iri_zoned).map(|r| r.components()),
            uri_core::parse_uri_reference_with(text, iri_zoned),
        ),
        (
            "Iri::parse_with (zone ids)",
            Iri::parse_with(text, iri_zoned).map(|i| i.components()),
            uri_core::parse_uri_with(text, iri_zoned),
        ),
    ];
    for (entry, run_time, constant) in pairs {
        assert_eq!(run_time, constant, "{entry} of {text:?}");
    }
    // The entry points above take the fastest parser this CPU runs; this
    // compares each one it runs, so the slower ones are checked too.
    uri::__differential::check_every_parser(text);
}

fn corpus() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../bench/data/corpus.txt");
    std::fs::read_to_string(path).unwrap_or_else(|err| panic!("cannot read {path}: {err}"))
}

#[test]
fn the_two_parsers_agree_on_the_whole_corpus() {
    let corpus = corpus();
    let lines: Vec<&str> = corpus.lines().collect();
    assert!(
        lines.len() >= 10_000,
        "the corpus has {} lines",
        lines.len()
    );
    let mut accepted = 0;
    for line in &lines {
        assert_agree(line);
        accepted += usize::from(UriRef::parse(line).is_ok());
    }
    // Both verdicts occur, so the comparison covers errors and successes.
    assert!(
        accepted > 9_000 && accepted < lines.len(),
        "{accepted} accepted"
    );
}

/// The normal-form and dot-segment checks, where `normalize` and the
/// lenient reader ask them: every corpus line, with the capital-free
/// prefix ending at each of its first 130 bytes.
#[test]
fn the_check_kernels_agree_with_their_twins_on_the_corpus() {
    for line in corpus().lines() {
        uri::__differential::check_every_check(line.as_bytes());
    }
}

#[test]
fn the_two_parsers_agree_on_every_prefix_of_the_corpus_lines() {
    let corpus = corpus();
    // Every hundredth line, cut at every character boundary.
    for line in corpus.lines().step_by(100) {
        for (end, _) in line.char_indices().skip(1) {
            assert_agree(&line[..end]);
        }
    }
}

#[test]
fn the_two_parsers_agree_on_a_million_generated_strings() {
    let mut generator = Generator::new(0x3986_6570);
    for k in 0..1_000_000 {
        let text = if k % 4 == 3 {
            generator.next_iri_like()
        } else {
            generator.next_uri_like()
        };
        assert_agree(&text);
    }
}

#[test]
fn the_two_parsers_agree_on_long_and_malformed_texts() {
    // Runs much longer than a window, with the stop in every position
    // around a window's end and the text's end.
    let stops = [
        "", "%", "%4", "%41", "%zz", " ", "#", "?", "é", "\u{202E}", "[", "]",
    ];
    for length in 0..70 {
        for stop in stops {
            for tail in ["", "a", "ab", "%41"] {
                let run = "a".repeat(length);
                for text in [
                    format!("s://{run}{stop}{tail}"),
                    format!("s://h/{run}{stop}{tail}"),
                    format!("s:?{run}{stop}{tail}#{run}"),
                    format!("//u{run}{stop}@h:{length}{tail}"),
                    format!("{run}{stop}:{tail}"),
                ] {
                    assert_agree(&text);
                }
            }
        }
    }
    assert_agree(&format!(
        "http://h/{}?{}",
        "a/".repeat(5_000),
        "%20".repeat(3_000)
    ));
}
