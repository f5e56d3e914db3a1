//! The lenient parsers on any text, with any base: no panic; a value is
//! strict (it re-parses to itself), repairs and errors point at character
//! boundaries of the text; and where `url` (another reader of the URL
//! Standard) also accepts a link to a `http`, `https`, `ws`, `wss` or
//! `ftp` URL, both name the same resource: the same scheme, host and
//! port, and, after normalization, the same path, query and fragment
//! (compared decoded, since a strict URI escapes what a browser leaves
//! raw). (`url` 2 reads a `file:` drive after a host as an older Standard
//! did, dropping the host, where the web platform tests now keep it; and
//! it does not step up past a drive-shaped segment such as `a:` in a
//! `http` path, so such paths are not compared.) A
//! reference read without its base, resolved against several bases,
//! names what `join_lenient` names with each. And the common
//! path (strict text a browser reads without the state machine) agrees
//! with the machine: `parse_lenient` gives the value, repairs or error
//! that a join against a base of a scheme no text has gives, which runs
//! every text through the machine. `UriBuf::parse_href` gives what
//! `parse_lenient` then `normalize_with(&SchemeRules::STANDARD)` give.
#![no_main]

use libfuzzer_sys::fuzz_target;
use uri_runtime::{ParseError, ParseErrorKind, lenient::Repaired, SchemeRules, Uri, UriBuf, UriRefBuf};

/// Bases of the special schemes a reference is resolved against, and one
/// of a scheme without special rules (for references without an
/// authority).
const BASES: [&str; 4] = [
    "http://a.example/b/c/d",
    "https://a.example/b/c/d?q#f",
    "ws://a.example:8080/x/",
    "x-other://a.example/b/c/d",
];

/// `text` percent-decoded to bytes, escape by escape, a `%` that starts
/// no escape kept as it is: a strict escape (`%25` for a lone `%`, `%7C`)
/// and a browser's raw byte compare equal.
fn decoded(text: Option<&str>) -> Option<Vec<u8>> {
    let bytes = text?.as_bytes();
    let hex = |b: u8| (b as char).to_digit(16);
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let escape = bytes.get(i + 1).copied().and_then(hex).zip(bytes.get(i + 2).copied().and_then(hex));
        match escape {
            Some((high, low)) if bytes[i] == b'%' => {
                out.push((high * 16 + low) as u8);
                i += 3;
            }
            _ => {
                out.push(bytes[i]);
                i += 1;
            }
        }
    }
    Some(out)
}

fn check<T: AsRef<str>>(text: &str, result: &Result<Repaired<T>, ParseError>) {
    match result {
        Ok(repaired) => {
            for repair in &repaired.repairs {
                assert!(text.get(repair.range.clone()).is_some(), "{text:?}: {repair}");
            }
        }
        Err(err) => assert!(text.is_char_boundary(err.index()), "{text:?}: {err}"),
    }
}

/// `value` is strict and its boundaries are the strict parser's for its
/// text (values compare by their text alone, so comparing values would
/// not see a wrong boundary).
fn assert_own_boundaries(value: &UriBuf, href: &str) {
    let again = UriBuf::parse(value.as_str()).map(|again| again.components());
    assert_eq!(again, Ok(value.components()), "{href:?}");
}

fuzz_target!(|data: &str| {
    let (base, href) = data.split_once('\n').unwrap_or(("https://example.com/a/b?q", data));
    let reference = UriRefBuf::parse_lenient(href);
    check(href, &reference);
    if let Ok(repaired) = &reference {
        // Boundaries and all: values compare by their text alone.
        let again = UriRefBuf::parse(repaired.value.as_str()).map(|again| again.components());
        assert_eq!(again, Ok(repaired.value.components()), "{href:?}");
    }
    let uri = UriBuf::parse_lenient(href);
    check(href, &uri);
    if let Ok(repaired) = &uri {
        assert_own_boundaries(&repaired.value, href);
    }
    // `parse_href` is the reading then scheme-based normalization.
    let two_calls = uri.clone().map(|mut repaired| {
        repaired.value = repaired.value.normalize_with(&SchemeRules::STANDARD);
        repaired
    });
    let href_read = UriBuf::parse_href(href);
    if let Ok(read) = &href_read {
        assert_own_boundaries(&read.value, href);
    }
    assert_eq!(href_read, two_calls, "{href:?}");
    let machine = Uri::parse("x-agree:/").ok().map(|base| base.join_lenient(href));
    match (&uri, &machine) {
        (Err(alone), _) if alone.kind() == ParseErrorKind::MissingScheme => {}
        (Ok(alone), Some(Ok(machine))) => assert_eq!(alone, machine, "{href:?}"),
        (Err(alone), Some(Err(machine))) => {
            assert_eq!((alone.kind(), alone.index()), (machine.kind(), machine.index()), "{href:?}");
        }
        (alone, machine) => panic!("{href:?}: {alone:?} / {machine:?}"),
    }
    // A reference read without its base means, against each base, what a
    // browser reads with it.
    if let Ok(alone) = &reference
        && alone.value.scheme().is_none()
    {
        for base in BASES {
            if base.starts_with("x-other") && alone.value.authority().is_some() {
                continue;
            }
            let base = Uri::parse(base).unwrap();
            let resolved = alone.value.resolve_against(&base).normalize_with(&SchemeRules::STANDARD);
            match base.join_lenient(href) {
                Ok(joined) => {
                    let joined = joined.value.normalize_with(&SchemeRules::STANDARD);
                    assert_eq!(resolved, joined, "{href:?} against {base}");
                }
                Err(err) => panic!("{href:?} against {base}: read alone, refused joined: {err}"),
            }
        }
    }
    let Ok(base) = Uri::parse(base) else { return };
    let joined = base.join_lenient(href);
    if let Ok(repaired) = &joined {
        assert_own_boundaries(&repaired.value, href);
        let special = ["http", "https", "ws", "wss", "ftp"];
        let theirs = url::Url::parse(base.as_str()).and_then(|b| b.join(href));
        if let Ok(theirs) = theirs
            && special.contains(&theirs.scheme())
        {
            let ours = repaired.value.as_uri().normalize_with(&SchemeRules::STANDARD);
            assert_eq!(ours.scheme(), theirs.scheme(), "{href:?}");
            // A browser leaves `"`, `{`, `}` and `` ` `` raw in a host,
            // where a strict URI escapes them.
            let host = theirs.host_str().map(|host| {
                host.chars()
                    .map(|c| match c {
                        '"' | '{' | '}' | '`' => format!("%{:02X}", c as u32),
                        c => c.to_string(),
                    })
                    .collect::<String>()
            });
            assert_eq!(ours.host(), host.as_deref(), "{href:?}");
            assert_eq!(ours.port_u16().ok().flatten(), theirs.port(), "{href:?}");
            // `url` 2 does not step up past a segment shaped like a
            // Windows drive (`a:`) in a `http` path, where the Standard
            // does (it keeps a drive in `file` paths only). Read as both
            // readers read it, without its tabs and newlines (`e\r:`
            // is `e:`).
            let read: String = href.chars().filter(|c| !matches!(c, '\t' | '\n' | '\r')).collect();
            let drive_shaped = read
                .split(['/', '\\', '?', '#'])
                .any(|s| matches!(s.as_bytes(), [letter, b':' | b'|'] if letter.is_ascii_alphabetic()));
            if !drive_shaped {
                assert_eq!(decoded(Some(ours.path())), decoded(Some(theirs.path())), "{href:?}");
            }
            assert_eq!(decoded(ours.query()), decoded(theirs.query()), "{href:?}");
            assert_eq!(decoded(ours.fragment()), decoded(theirs.fragment()), "{href:?}");
        }
    }
});
