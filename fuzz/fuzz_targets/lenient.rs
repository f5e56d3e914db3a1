//! The lenient parsers on any text, with any base: no panic; a value is
//! strict (it re-parses to itself), repairs and errors point at character
//! boundaries of the text; and where `url` (another reader of the URL
//! Standard) also accepts a link to a `http`, `https`, `ws`, `wss` or
//! `ftp` URL, both send a client to the same scheme, host and port. (`url`
//! 2 reads a `file:` drive after a host as an older Standard did, dropping
//! the host, where the web platform tests now keep it.) And the common
//! path (strict text a browser reads without the state machine) agrees
//! with the machine: `parse_lenient` gives the value, repairs or error
//! that a join against a base of a scheme no text has gives, which runs
//! every text through the machine.
#![no_main]

use libfuzzer_sys::fuzz_target;
use uri_runtime::{ParseError, ParseErrorKind, lenient::Repaired, SchemeRules, Uri, UriBuf, UriRefBuf};

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

fuzz_target!(|data: &str| {
    let (base, href) = data.split_once('\n').unwrap_or(("https://example.com/a/b?q", data));
    let reference = UriRefBuf::parse_lenient(href);
    check(href, &reference);
    if let Ok(repaired) = &reference {
        assert_eq!(UriRefBuf::parse(repaired.value.as_str()).as_ref(), Ok(&repaired.value));
    }
    let uri = UriBuf::parse_lenient(href);
    check(href, &uri);
    if let Ok(repaired) = &uri {
        assert_eq!(UriBuf::parse(repaired.value.as_str()).as_ref(), Ok(&repaired.value));
    }
    let machine = Uri::parse("x-agree:/").ok().map(|base| base.join_lenient(href));
    match (&uri, &machine) {
        (Err(alone), _) if alone.kind() == ParseErrorKind::MissingScheme => {}
        (Ok(alone), Some(Ok(machine))) => assert_eq!(alone, machine, "{href:?}"),
        (Err(alone), Some(Err(machine))) => {
            assert_eq!((alone.kind(), alone.index()), (machine.kind(), machine.index()), "{href:?}");
        }
        (alone, machine) => panic!("{href:?}: {alone:?} / {machine:?}"),
    }
    let Ok(base) = Uri::parse(base) else { return };
    let joined = base.join_lenient(href);
    if let Ok(repaired) = &joined {
        assert_eq!(UriBuf::parse(repaired.value.as_str()).as_ref(), Ok(&repaired.value));
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
        }
    }
});
