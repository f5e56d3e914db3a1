//! The hand-off invariant (DESIGN.md policy 9): every conversion to or
//! from `url::Url` and `http::Uri` that succeeds gives the same scheme,
//! host (after the other crate's mapping), port number, path and query,
//! read back through the other crate's own accessors, never through the
//! adapter's code. Inputs: the conformance vectors, the benchmark corpus,
//! a cross of the host spellings the hand-offs must read as clients do,
//! and generated references (200,000 here; run the ignored test for
//! 1,000,000).

#[allow(dead_code, reason = "the flags of the vectors are not read here")]
mod common;
#[path = "differential/generator.rs"]
#[allow(dead_code, reason = "the IRI half of the generator is not used here")]
mod generator;

#[path = "hand_offs/oracle.rs"]
mod oracle;

use oracle::{Tally, check_every_hand_off};

/// Host spellings that the hand-offs must read as a client does, crossed
/// with schemes and tails.
fn crossed() -> Vec<String> {
    let hosts = [
        "example.com",
        "EXAMPLE.com",
        "0x7f.1",
        "127.1",
        "2130706433",
        "0177.0.0.1",
        "127.0.0.01",
        "127.0.0.1",
        "127.0.0.1.",
        "[::1]",
        "[::ffff:127.0.0.1]",
        "local%C2%ADhost",
        "%E2%84%AA.com",
        "b%C3%BCcher.de",
        "xn--bcher-kva.de",
        "%6Cocalhost",
        "%22",
        "a%2Fb",
        "",
        "user:pa%3Bss@h",
        "ghp_TOKEN@h",
        "h:65536",
        "h:0080",
        "h:",
    ];
    let schemes = ["http", "https", "ws", "ftp", "file", "redis", "foo"];
    let tails = [
        "",
        "/",
        "/a/%2E%2E/b",
        "/a/../b",
        "/a%2fb",
        "?q='x'&y=%26",
        "/p#f",
    ];
    let mut out = Vec::new();
    for scheme in schemes {
        for host in hosts {
            for tail in tails {
                out.push(format!("{scheme}://{host}{tail}"));
            }
        }
    }
    for path in ["//evil.com/x", "/x?y", "*", "example.com:443", "/%2E%2E/x"] {
        out.push(path.to_owned());
    }
    out
}

/// Every input but the generated ones.
fn fixed_inputs() -> Vec<String> {
    let mut texts = crossed();
    for file in [
        "uri_valid.json",
        "uri_invalid.json",
        "ref_valid.json",
        "ref_invalid.json",
    ] {
        for case in common::cases(file) {
            texts.extend(common::text(&case, "input").map(str::to_owned));
        }
    }
    for case in common::cases("resolve.json") {
        for field in ["base", "ref", "expected"] {
            texts.extend(common::text(&case, field).map(str::to_owned));
        }
    }
    let corpus = concat!(env!("CARGO_MANIFEST_DIR"), "/../bench/data/corpus.txt");
    let corpus =
        std::fs::read_to_string(corpus).expect("the benchmark corpus is in the repository");
    texts.extend(corpus.lines().map(str::to_owned));
    texts
}

fn run(generated: usize) -> Tally {
    let mut tally = Tally::default();
    for text in fixed_inputs() {
        check_every_hand_off(&text, &mut tally);
    }
    let mut generator = generator::Generator::new(47);
    for _ in 0..generated {
        check_every_hand_off(&generator.next_uri_like(), &mut tally);
    }
    tally
}

#[test]
fn every_hand_off_that_succeeds_reads_the_same_components() {
    let tally = run(200_000);
    eprintln!("{tally:?}");
    // Enough of each direction succeeds for the check to mean something.
    assert!(tally.to_url > 20_000, "{tally:?}");
    assert!(tally.from_url > 20_000, "{tally:?}");
    assert!(tally.to_http > 20_000, "{tally:?}");
    assert!(tally.from_http > 20_000, "{tally:?}");
}

/// `cargo test -p uri-tests --release --test hand_offs -- --ignored`
#[test]
#[ignore = "the long run: a million generated references"]
fn every_hand_off_that_succeeds_reads_the_same_components_long() {
    let tally = run(1_000_000);
    println!("{tally:?}");
}
