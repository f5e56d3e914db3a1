//! The IP readings against each other and against the standard
//! library's.

extern crate std;
use core::ops::Range;
use std::format;
use std::string::{String, ToString};
use std::vec::Vec;

use super::{
    first_ipv4_error, ipv4_octets, ipv4_of_accepted, ipv6_of_accepted, is_ipv6, parse_ipv4,
    parse_ipv6,
};
use crate::testing::xorshift;

const OCTETS: &[&str] = &["0", "7", "25", "199", "255", "256", "01", "1000", ""];
const GROUPS: &[&str] = &[
    "0",
    "1",
    "db8",
    "fFfF",
    "12345",
    "",
    ":",
    "1.2.3.4",
    "255.0.0.01",
    "g",
];

/// A text of `parts` pieces of `pieces` joined with `joint`, one byte of
/// it changed now and then: valid addresses and every kind of near miss.
fn joined(seed: &mut u64, pieces: &[&str], joint: &str, parts: Range<u64>) -> Vec<u8> {
    let count = parts.start + xorshift(seed) % (parts.end - parts.start);
    let mut text = Vec::new();
    for k in 0..count {
        if k > 0 {
            text.extend_from_slice(joint.as_bytes());
        }
        let piece = pieces[(xorshift(seed) % pieces.len() as u64) as usize];
        text.extend_from_slice(piece.as_bytes());
    }
    if xorshift(seed).is_multiple_of(4) && !text.is_empty() {
        let at = (xorshift(seed) % text.len() as u64) as usize;
        text[at] = b"0.:/9aF%"[(xorshift(seed) % 8) as usize];
    }
    text
}

/// A quick reading against the careful one on `rounds` texts from
/// [`joined`], some read from inside a longer text and some with an end
/// past theirs, with at least `min_valid` accepted ones (both answers
/// must be common for the agreement to mean something).
fn quick_agrees_with_careful<T: PartialEq + core::fmt::Debug>(
    mut seed: u64,
    (pieces, joint, parts): (&[&str], &str, Range<u64>),
    (rounds, min_valid): (usize, usize),
    quick: impl Fn(&[u8], usize, usize) -> Option<T>,
    careful: impl Fn(&[u8], usize, usize) -> Option<T>,
) {
    let mut valid = 0;
    for round in 0..rounds {
        let text = joined(&mut seed, pieces, joint, parts.clone());
        let (start, end) = match round % 3 {
            0 => (0, text.len()),
            1 => (1.min(text.len()), text.len().saturating_sub(1)),
            _ => (0, text.len() + 2),
        };
        let answer = quick(&text, start, end);
        assert_eq!(
            answer,
            careful(&text, start, end),
            "{:?} {start}..{end}",
            String::from_utf8_lossy(&text),
        );
        valid += usize::from(answer.is_some());
    }
    assert!(valid > min_valid, "{valid}");
}

#[test]
fn the_quick_ipv4_reading_agrees_with_the_careful_one() {
    quick_agrees_with_careful(
        0x1DA7_A5E7,
        (OCTETS, ".", 2..6),
        (200_000, 2_000),
        ipv4_octets,
        |text, start, end| first_ipv4_error(text, start, end).ok(),
    );
}

#[test]
fn an_ipv4_address_inside_a_longer_text_is_read_from_its_own_bytes() {
    // The address read in place, the bytes either side (digits and dots
    // among them) left out, at any place in texts shorter and longer than
    // sixteen bytes, at either end or in the middle: what a quick reading
    // that loads a window around the address (a faster one might) must
    // still hold.
    let around: &[&str] = &["", "9", ".", "1.2", "//", "http://", "0.0.0.0.", "%", "255"];
    let mut seed = 0x0C7E_7A11u64;
    let mut valid = 0;
    for _ in 0..200_000 {
        let address = joined(&mut seed, OCTETS, ".", 3..6);
        let mut text = Vec::new();
        for _ in 0..xorshift(&mut seed) % 4 {
            text.extend_from_slice(
                around[(xorshift(&mut seed) % around.len() as u64) as usize].as_bytes(),
            );
        }
        let start = text.len();
        text.extend_from_slice(&address);
        let end = text.len();
        for _ in 0..xorshift(&mut seed) % 4 {
            text.extend_from_slice(
                around[(xorshift(&mut seed) % around.len() as u64) as usize].as_bytes(),
            );
        }
        let answer = ipv4_octets(&text, start, end);
        assert_eq!(
            answer,
            first_ipv4_error(&text, start, end).ok(),
            "{:?} {start}..{end}",
            String::from_utf8_lossy(&text),
        );
        assert_eq!(answer, ipv4_octets(&address, 0, address.len()));
        valid += usize::from(answer.is_some());
    }
    assert!(valid > 5_000, "{valid}");
}

#[test]
fn the_quick_ipv6_reading_agrees_with_the_careful_one() {
    quick_agrees_with_careful(
        0x1DA7_A5E6,
        (GROUPS, ":", 1..11),
        (300_000, 3_000),
        |text, start, end| is_ipv6(text, start, end).then_some(()),
        |text, start, end| parse_ipv6(text, start, end).ok().map(|_| ()),
    );
    for text in [
        "",
        ":",
        "::",
        ":::",
        "1::",
        "::1",
        "1:::",
        "::1.2.3.4",
        "1::2:3:4:5:6:7:8",
    ] {
        let b = text.as_bytes();
        assert_eq!(
            is_ipv6(b, 0, b.len()),
            parse_ipv6(b, 0, b.len()).is_ok(),
            "{text}"
        );
    }
}

#[test]
fn an_accepted_address_is_read_as_the_careful_reading_reads_it() {
    // Generated near misses, so that the accepted ones are of every
    // shape; the text the careful reading refuses is read too, which
    // must give some value and not panic.
    let mut seed = 0xACCE_97EDu64;
    let (mut v4_valid, mut v6_valid) = (0, 0);
    for _ in 0..200_000 {
        let text = joined(&mut seed, OCTETS, ".", 1..7);
        let value = ipv4_of_accepted(&text);
        if let Ok(octets) = parse_ipv4(&text, 0, text.len()) {
            assert_eq!(value, octets, "{:?}", String::from_utf8_lossy(&text));
            v4_valid += 1;
        }
        let text = joined(&mut seed, GROUPS, ":", 1..12);
        let groups = ipv6_of_accepted(&text);
        if let Ok(careful) = parse_ipv6(&text, 0, text.len()) {
            assert_eq!(groups, careful, "{:?}", String::from_utf8_lossy(&text));
            v6_valid += 1;
        }
    }
    assert!(
        v4_valid > 2_000 && v6_valid > 2_000,
        "{v4_valid} {v6_valid}"
    );
    for text in [
        "::",
        "::1",
        "1::",
        "::1.2.3.4",
        "1:2:3:4:5:6:7::",
        "::2:3:4:5:6:7:8",
    ] {
        let b = text.as_bytes();
        assert_eq!(Ok(ipv6_of_accepted(b)), parse_ipv6(b, 0, b.len()), "{text}");
    }
    // Any bytes at all, long runs of separators and digits among them.
    let any = b"0:.9fF:%\xff1g";
    for _ in 0..50_000 {
        let len = (xorshift(&mut seed) % 80) as usize;
        let text: Vec<u8> = (0..len)
            .map(|_| any[(xorshift(&mut seed) % any.len() as u64) as usize])
            .collect();
        let _ = (ipv4_of_accepted(&text), ipv6_of_accepted(&text));
    }
}

#[test]
fn the_readings_agree_with_the_standard_library() {
    use std::net::{Ipv4Addr, Ipv6Addr};
    let mut seed = 0x0ADD_7E55u64;
    let (mut v4_valid, mut v6_valid) = (0, 0);
    for _ in 0..200_000 {
        let text = joined(&mut seed, OCTETS, ".", 2..6);
        let std = core::str::from_utf8(&text)
            .ok()
            .and_then(|t| t.parse::<Ipv4Addr>().ok());
        let ours = parse_ipv4(&text, 0, text.len()).ok();
        assert_eq!(
            ours,
            std.map(|a| a.octets()),
            "{:?}",
            String::from_utf8_lossy(&text)
        );
        v4_valid += usize::from(ours.is_some());

        let text = joined(&mut seed, GROUPS, ":", 3..11);
        let std = core::str::from_utf8(&text)
            .ok()
            .and_then(|t| t.parse::<Ipv6Addr>().ok());
        let ours = parse_ipv6(&text, 0, text.len()).ok();
        assert_eq!(
            ours,
            std.map(|a| a.segments()),
            "{:?}",
            String::from_utf8_lossy(&text)
        );
        assert_eq!(is_ipv6(&text, 0, text.len()), std.is_some());
        v6_valid += usize::from(ours.is_some());
    }
    assert!(
        v4_valid > 2_000 && v6_valid > 2_000,
        "{v4_valid} {v6_valid}"
    );

    // Every address, in its shortest form and in its full one.
    for _ in 0..20_000 {
        let a = xorshift(&mut seed);
        let v4 = Ipv4Addr::from((a as u32).to_be_bytes());
        let text = v4.to_string();
        assert_eq!(parse_ipv4(text.as_bytes(), 0, text.len()), Ok(v4.octets()));
        assert_eq!(ipv4_of_accepted(text.as_bytes()), v4.octets());
        // Runs of zero groups, so that the shortest form has a `::`.
        let zeros = xorshift(&mut seed);
        let groups: [u16; 8] = core::array::from_fn(|k| {
            if (zeros >> k) & 1 == 1 {
                0
            } else {
                (a >> (k * 8)) as u16
            }
        });
        let full: Vec<String> = groups.iter().map(|group| format!("{group:x}")).collect();
        for text in [Ipv6Addr::from(groups).to_string(), full.join(":")] {
            assert_eq!(
                parse_ipv6(text.as_bytes(), 0, text.len()),
                Ok(groups),
                "{text}"
            );
            assert_eq!(ipv6_of_accepted(text.as_bytes()), groups, "{text}");
        }
    }
}

#[test]
fn ipv6_errors_point_where_the_rule_breaks() {
    for (text, start, end, expected) in [
        (":1", 0, 2, Err(0)),
        ("12345::", 0, 7, Err(4)),
        ("1:2:3:4:5:6:7:8:9", 0, 17, Err(16)),
        ("1::2::3", 0, 7, Err(4)),
        ("1:2:3:4:5:6:7:1.2.3.4", 0, 21, Err(14)),
        ("::1.2.3.04", 0, 10, Err(8)),
        ("[1:2:3:4:5:6:7:g]", 1, 16, Err(15)),
        ("1:2", 0, 3, Err(3)),
        // An end past the text is read as its end.
        ("[::1]", 1, 40, Err(4)),
        ("[::1]", 1, 4, Ok([0, 0, 0, 0, 0, 0, 0, 1])),
        ("[::]", 1, 3, Ok([0; 8])),
    ] {
        assert_eq!(parse_ipv6(text.as_bytes(), start, end), expected, "{text}");
    }
}
