//! The loops against their twins on generated input: every encoder and
//! decoder, the byte search and the two normalization checks. The vector
//! scans are compared in `x86_64`, where they are.

use alloc::string::String;
use alloc::vec::Vec;

use super::text::{push_ascii, safe};
use super::*;
use crate::bytes::scan;
use crate::bytes::scan::tests::xorshift;

/// `n` rounds, or a few under Miri, which interprets every instruction
/// (`scripts/miri.sh`); the few still reach every loop's vector steps.
pub(super) const fn rounds(n: usize) -> usize {
    if cfg!(miri) { 12 } else { n }
}

/// Text of at least `len` bytes: `x` runs (so that runs cross a
/// vector step's end) with one of `pieces` in place of one `x` in
/// `plain`, on average.
pub(super) fn text_of(seed: &mut u64, pieces: &[&[u8]], len: u64, plain: u64) -> Vec<u8> {
    let mut text = Vec::new();
    while (text.len() as u64) < len {
        let r = xorshift(seed);
        let piece = if r.is_multiple_of(plain) {
            pieces[(r >> 8) as usize % pieces.len()]
        } else {
            b"x"
        };
        text.extend_from_slice(piece);
    }
    text
}

/// [`text_of`] with a random length below `longest` and a random
/// density: one of `pieces` in every 1 to `sparsest` bytes.
pub(super) fn random_text_of(
    seed: &mut u64,
    pieces: &[&[u8]],
    longest: u64,
    sparsest: u64,
) -> Vec<u8> {
    let (len, plain) = (xorshift(seed) % longest, 1 + xorshift(seed) % sparsest);
    text_of(seed, pieces, len, plain)
}

#[test]
fn unchecked_push_matches_the_safe_one_on_random_ascii() {
    let mut seed = 0x3986_u64;
    for _ in 0..rounds(1000) {
        let seed = xorshift(&mut seed);
        let len = (seed % 64) as usize;
        let bytes: Vec<u8> = (0..len)
            .map(|k| ((seed >> (k % 57)) & 0x7F) as u8)
            .collect();
        let (mut fast, mut slow) = (String::from("é"), String::from("é"));
        push_ascii(&mut fast, &bytes);
        safe::push_ascii(&mut slow, &bytes);
        assert_eq!(fast, slow);
    }
}

/// Random appends (ASCII and not, some too long for what is left) and
/// cuts (after `/`, after a byte that is not ASCII, from every floor)
/// leave the reserved string and its safe twin the same at every step.
#[test]
fn a_reserved_string_matches_its_safe_twin_under_random_writes() {
    let pieces = [
        "",
        "/",
        "a",
        "..",
        "b/c/",
        "é",
        "日本/",
        "%2F",
        "abcde",
        "abcdefgh",
        "日本語",
        "abcdefghijklmnop",
        "abcdefghijklmnopq",
        "xxxxxxxxxxxxxxxxxxxx",
    ];
    let mut seed = 0x1808_u64;
    for _ in 0..rounds(2000) {
        let capacity = (xorshift(&mut seed) % 48) as usize;
        let mut fast = super::reserved::Reserved::with_capacity(capacity);
        let mut slow = super::reserved::safe::Reserved::with_capacity(capacity);
        let mut written = String::new();
        for _ in 0..(xorshift(&mut seed) % 12) {
            let r = xorshift(&mut seed);
            if r.is_multiple_of(4) {
                let byte = [b'/', b'a', 0xC3][(r >> 8) as usize % 3];
                let floor = (r >> 16) as usize % (capacity + 2);
                fast.cut_after_last(byte, floor);
                slow.cut_after_last(byte, floor);
            } else {
                let piece = pieces[(r >> 8) as usize % pieces.len()];
                let pushed = fast.push(piece);
                assert_eq!(pushed, slow.push(piece), "{written:?} + {piece:?}");
            }
            assert_eq!(fast.len(), slow.len());
            written = slow.into_string();
            slow = super::reserved::safe::Reserved::with_capacity(capacity);
            assert_eq!(slow.push(&written), Some(()));
        }
        assert_eq!(fast.into_string(), written);
    }
}

/// Every piece of a text of ASCII and two- to four-byte characters, of
/// every length up to 40 from every character boundary, appended to
/// strings of every length up to 20 with no room to spare, some room or
/// plenty: the appended string is `push_str`'s. The lengths reach each
/// width of copy (one byte, two, four and eight bytes twice) and past it.
#[test]
fn the_short_append_matches_push_str_at_every_length() {
    let source = "a/b?日本é🦀x%41-_~.:@!$&'()*+,;=0123456789ÿ🦀🦀zz";
    let starts = (0..=source.len()).filter(|&at| source.is_char_boundary(at));
    for start in starts.step_by(if cfg!(miri) { 7 } else { 1 }) {
        let ends = (start..=source.len().min(start + 40)).filter(|&at| source.is_char_boundary(at));
        for end in ends {
            let piece = &source[start..end];
            for before in (0..=20).step_by(if cfg!(miri) { 10 } else { 1 }) {
                let prefix = "é/".repeat(before).chars().take(before).collect::<String>();
                for room in [0, 3, 64] {
                    let mut fast = String::with_capacity(prefix.len() + room);
                    fast.push_str(&prefix);
                    let mut slow = fast.clone();
                    super::append::push_str(&mut fast, piece);
                    super::append::safe::push_str(&mut slow, piece);
                    assert_eq!(fast, slow, "{prefix:?} + {piece:?}");
                }
            }
        }
    }
}

/// The search for a segment starting with a dot on random texts of
/// slashes, dots, escapes and near misses (`%2f`, `%3e`, `2e` alone, a
/// `%` alone), every length up to 80 and every end, against its portable
/// twin: so that a `/.` or `/%2e` meets each step's edges, the
/// overlapping last step and the text's last two places.
#[test]
fn the_dotted_segment_search_matches_its_twin() {
    let pieces: [&[u8]; 11] = [
        b"%2e", b"%2E", b"%2f", b"%3e", b"2e", b"%", b".", b"/", b"/", b"a", b"%25",
    ];
    let mut seed = 0x2e2e_u64;
    for _ in 0..rounds(20_000) {
        let text = random_text_of(&mut seed, &pieces, 80, 12);
        for cut in 0..text.len().min(20) {
            let piece = &text[..text.len() - cut];
            assert_eq!(
                has_segment_starting_with_dot(piece),
                scan::has_segment_starting_with_dot(piece),
                "{:?}",
                String::from_utf8_lossy(piece)
            );
        }
    }
}

/// Random bytes, from all-kept to all-escaped, through every encoding
/// loop and the table loop ([`every_encoder_agrees`]). In every other
/// round the odd bytes are letters among non-ASCII ones, as in text
/// that is mostly CJK, so that runs of sixteen escaped bytes are
/// common.
#[test]
fn every_encoder_matches_the_table_loop_on_random_bytes() {
    let mut seed = 0x2396_u64;
    for round in 0..rounds(2000) {
        let len = (xorshift(&mut seed) % 1200) as usize;
        let odd_ones = 1 + xorshift(&mut seed) % 30;
        let (common, odd) = if round % 2 == 0 {
            (b'a'..=b'z', 0..=255)
        } else {
            (0x80..=0xFF, b'a'..=b'z')
        };
        let pick = |range: core::ops::RangeInclusive<u8>, r: u64| {
            range.start() + (r % (u64::from(range.end() - range.start()) + 1)) as u8
        };
        let bytes: Vec<u8> = (0..len)
            .map(|_| {
                let r = xorshift(&mut seed);
                if r.is_multiple_of(odd_ones) {
                    pick(odd.clone(), r >> 8)
                } else {
                    pick(common.clone(), r >> 8)
                }
            })
            .collect();
        if let Err(disagreement) = every_encoder_agrees(&bytes) {
            panic!("round {round}: {disagreement}: {bytes:?}");
        }
    }
}

/// The prefix each set keeps, by the dispatcher and every kernel, on
/// unreserved text of up to 300 bytes with one byte to escape anywhere
/// (or none): a space, a non-ASCII byte, a `%` or a `/` (which some sets
/// keep), so that the first escape falls in every step, in the last
/// short one, and nowhere.
#[test]
fn every_kept_prefix_matches_the_table_loop() {
    let unreserved = b"aZ09-._~";
    let marks = [b' ', 0xC3, b'%', b'/'];
    let mut seed = 0x6b65_u64;
    for round in 0..rounds(5000) {
        let len = (xorshift(&mut seed) % 300) as usize;
        let mut bytes: Vec<u8> = (0..len)
            .map(|_| unreserved[(xorshift(&mut seed) % 8) as usize])
            .collect();
        let at = (xorshift(&mut seed) % (len as u64 + 1)) as usize;
        if let Some(byte) = bytes.get_mut(at) {
            *byte = marks[(xorshift(&mut seed) % 4) as usize];
        }
        if let Err(disagreement) = every_encoder_agrees(&bytes) {
            panic!("round {round}: {disagreement}: {bytes:?}");
        }
    }
}

/// The search for one byte against its safe twin, on texts of every
/// length up to three windows with the byte nowhere, once, or many
/// times, so that a match falls in every step and in the overlapping
/// last window.
#[test]
fn the_byte_search_matches_its_twin() {
    let pieces: [&[u8]; 4] = [b"%", b"%%", b"\xA5", b"a"];
    let mut seed = 0x2e_u64;
    for round in 0..rounds(20_000) {
        let bytes = random_text_of(&mut seed, &pieces, 50, 40);
        assert_eq!(
            position(&bytes, b'%'),
            scan::position_in_short(&bytes, b'%'),
            "round {round}: {bytes:?}"
        );
    }
}

/// The normal-form check of escapes (the dispatcher's, and every row's
/// this CPU runs) against its portable twin, on text built from escapes
/// of every kind (uppercase and lowercase digits, reserved, unreserved
/// and non-ASCII bytes, malformed) and plain bytes, capitals and their
/// neighbours in ASCII among them, so that escapes start at every offset
/// of a step and straddle its end and the text's; with the capital-free
/// prefix ending anywhere, past the text too.
#[test]
fn the_escape_check_matches_its_twin() {
    let pieces: [&[u8]; 23] = [
        b"%41", b"%2F", b"%2f", b"%7E", b"%C3", b"%a9", b"%31", b"%3D", b"%5B", b"%E2", b"%",
        b"%4", b"%G1", b"%%", b"a", b"/", b"-", b"\xC3", b"A", b"Z", b"@", b"[", b"z",
    ];
    let mut seed = 0x622_u64;
    for round in 0..rounds(50_000) {
        let text = random_text_of(&mut seed, &pieces, 150, 8);
        // Often no prefix, as every caller but one asks.
        let prefix = match xorshift(&mut seed) % 3 {
            0 => 0,
            _ => (xorshift(&mut seed) % (text.len() as u64 + 80)) as usize,
        };
        let expected = scan::escapes_in_normal_form(&text, prefix);
        let context = || {
            let text = String::from_utf8_lossy(&text);
            alloc::format!("round {round}, prefix {prefix}: {text:?}")
        };
        assert_eq!(
            escapes_in_normal_form(&text, prefix),
            expected,
            "{}",
            context()
        );
        // A URI's text, where every `%` starts an escape, through the
        // kernels told so.
        let proven = agreement::with_stray_percents_crossed(&text);
        let expected_proven = scan::escapes_in_normal_form(&proven, prefix);
        assert_eq!(
            uri_escapes_in_normal_form(&proven, prefix),
            expected_proven,
            "{}",
            context()
        );
        // Each row this CPU runs, not only the one the dispatcher picks.
        for set in dispatch::supported_sets() {
            if let Some([check, proven_check]) = set.escapes_in_normal_form {
                // SAFETY: the kernels come from a row this CPU runs.
                let (fast, fast_proven) =
                    unsafe { (check(&text, prefix), proven_check(&proven, prefix)) };
                assert_eq!(fast, expected, "{}: {}", set.name, context());
                assert_eq!(fast_proven, expected_proven, "{}: {}", set.name, context());
            }
        }
    }
}

/// The dot-segment check (the dispatcher's, and every row's this CPU
/// runs) against its portable twin and against the segments themselves,
/// on paths long enough to cross several steps, so that a segment
/// straddles a step's end and the path's.
#[test]
fn the_dot_segment_check_matches_its_twin() {
    let pieces: [&[u8]; 9] = [b"/", b".", b"..", b"...", b"a", b"a.", b".a", b"//", b"%2E"];
    let mut seed = 0x524_u64;
    for round in 0..rounds(50_000) {
        let path = random_text_of(&mut seed, &pieces, 200, 12);
        let dotted = path
            .split(|&b| b == b'/')
            .any(|segment| matches!(segment, b"." | b".."));
        let context = alloc::format!("round {round}: {:?}", String::from_utf8_lossy(&path));
        assert_eq!(scan::has_dot_segments(&path), dotted, "{context}");
        assert_eq!(has_dot_segments(&path), dotted, "{context}");
        for set in dispatch::supported_sets() {
            if let Some(check) = set.has_dot_segments {
                // SAFETY: the kernel comes from a row this CPU runs.
                let fast = unsafe { check(&path) };
                assert_eq!(fast, dotted, "{}: {context}", set.name);
            }
        }
    }
}

/// Random text, from plain to all escapes, with now and then a broken
/// escape (a bad digit, a lone `%`) anywhere, even in the middle of a
/// long run of escapes or across a step's end: every loop must give
/// the same bytes, or the same error index, as the portable loop, and
/// say `Replacements::Ascii` exactly when it may (a loop this CPU lacks
/// falls back to the portable one).
#[test]
fn every_decoder_matches_the_portable_loop_on_random_text() {
    let mut seed = 0x3986_2396_u64;
    for round in 0..rounds(3000) {
        let len = (xorshift(&mut seed) % 1500) as usize;
        // Out of 64 pieces, how many are plain: from none to sparse
        // marks, most chunks of thirty-two bytes holding one or none.
        let plain = [0, 8, 24, 40, 56, 60, 62, 63][(xorshift(&mut seed) % 8) as usize];
        let broken = 1 + xorshift(&mut seed) % 400;
        // A third of the texts escape only ASCII bytes.
        let escaped_bytes = if round % 3 == 0 { 0x80 } else { 0x100 };
        let mut text = Vec::new();
        while text.len() < len {
            let r = xorshift(&mut seed);
            if r % 64 < plain {
                let plain: [&[u8]; 5] = [b"a", b"+", b"7", b"F", "\u{e9}".as_bytes()];
                text.extend_from_slice(plain[(r >> 8) as usize % 5]);
            } else if (r >> 16).is_multiple_of(broken) {
                text.extend_from_slice([&b"%4"[..], b"%G1", b"%1g", b"%"][(r >> 24) as usize % 4]);
            } else {
                text.extend_from_slice(&encode_byte_for_test(
                    ((r >> 32) % escaped_bytes) as u8,
                    r >> 40 & 1 == 1,
                ));
            }
        }
        if let Err(disagreement) = every_decoder_agrees(&text) {
            panic!("round {round}: {disagreement}: {text:?}");
        }
    }
}

/// `%XX` for `b`, with lowercase digits when asked.
fn encode_byte_for_test(b: u8, lowercase: bool) -> [u8; 3] {
    let mut triplet = uri_core::pct::encode_byte(b);
    if lowercase {
        triplet = triplet.map(|d| d.to_ascii_lowercase());
    }
    triplet
}

/// The end of a dotted name against its portable twin, for names of
/// every length around the blocks' sixteen and thirty-two bytes, at
/// every place in texts of random bytes (dots, `%`, capitals, the bytes
/// one case bit away from them), the range crossed or past the end
/// included.
#[test]
fn the_end_of_a_name_matches_its_twin() {
    let pieces: [&[u8]; 9] = [
        b".", b"%", b"A", b"z", b"\x0e", b"\x05", b"\xff", b"-", b"7",
    ];
    let mut seed = 0x7a11_u64;
    for round in 0..rounds(50_000) {
        let text = random_text_of(&mut seed, &pieces, 60, 4);
        let start = (xorshift(&mut seed) % (text.len() as u64 + 2)) as usize;
        let end = (xorshift(&mut seed) % (text.len() as u64 + 2)) as usize;
        assert_eq!(
            name_tail(&text, start..end),
            crate::bytes::name_tail::name_tail(&text, start..end),
            "round {round}: {start}..{end} of {text:?}"
        );
    }
}
