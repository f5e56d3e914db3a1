//! Properties of parsing and percent-coding over generated inputs.

use proptest::prelude::*;
use uri::pct::{self, EncodeSet};
use uri::{Uri, UriRef};

/// Every named set, plus a custom one built in `const` code.
fn sets() -> impl Iterator<Item = (&'static str, EncodeSet)> {
    const CUSTOM: EncodeSet = pct::UNRESERVED.and_keep(b"/:@!").but_encode(b"~");
    pct::NAMED
        .into_iter()
        .map(|(name, set)| (name, *set))
        .chain([("custom", CUSTOM)])
}

/// Pieces of URIs, valid and nearly valid, joined at random: these reach
/// far deeper into the grammar than uniformly random text.
fn uri_like() -> impl Strategy<Value = String> {
    let piece = prop::sample::select(vec![
        "http:",
        "HTTP:",
        "a+b-c.d:",
        "1a:",
        ":",
        "//",
        "/",
        "?",
        "#",
        "@",
        "[",
        "]",
        "::",
        "::1",
        "1:2:3:4:5:6:7:8",
        "ffff:1.2.3.4",
        "v7.x",
        "v.",
        "127.0.0.1",
        "256.1.1.1",
        "01.2.3.4",
        "example.com",
        "user:pw",
        ":8080",
        ":99999",
        ":",
        "%41",
        "%4",
        "%",
        "%zz",
        "%C3%A9",
        "..",
        ".",
        "a",
        "b/c",
        " ",
        "\n",
        "\u{0}",
        "\u{7f}",
        "é",
        "日本",
        "\\",
        "{",
        "|",
        "&",
        "=",
        "+",
        "%2F",
        "%2E%2E",
        "!$&'()*+,;=",
        "-._~",
    ]);
    prop::collection::vec(piece, 0..12).prop_map(|pieces| pieces.concat())
}

fn check_error_position(input: &str, index: usize) -> Result<(), TestCaseError> {
    prop_assert!(
        index <= input.len(),
        "index {} past the end of {:?}",
        index,
        input
    );
    prop_assert!(
        input.is_char_boundary(index),
        "index {} inside a char of {:?}",
        index,
        input
    );
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn decode_inverts_encode_for_every_set(text in any::<String>()) {
        for (name, set) in sets() {
            let encoded = pct::encode(&text, &set);
            let decoded = pct::decode_utf8(&encoded);
            prop_assert_eq!(decoded.as_deref(), Ok(text.as_str()), "set {}", name);
            // Only kept bytes and uppercase triplets come out.
            let bytes = encoded.as_bytes();
            let mut i = 0;
            while i < bytes.len() {
                if bytes[i] == b'%' {
                    let triplet = &encoded[i..i + 3];
                    prop_assert_eq!(triplet, triplet.to_uppercase());
                    i += 3;
                } else {
                    prop_assert!(set.keeps(bytes[i]), "{} kept {:?}", name, bytes[i] as char);
                    i += 1;
                }
            }
        }
    }

    #[test]
    fn encoded_data_stays_inside_its_component(text in any::<String>()) {
        let segment = pct::encode(&text, &pct::PATH_SEGMENT);
        let value = pct::encode(&text, &pct::QUERY_PARAM);
        let fragment = pct::encode(&text, &pct::FRAGMENT);
        let built = format!("http://h/{segment}/x?k={value}&z=1#{fragment}");
        let uri = Uri::parse(&built).unwrap();
        prop_assert_eq!(uri.path_segments().collect::<Vec<_>>(), vec![&*segment, "x"]);
        let pairs: Vec<_> = uri.query_pairs().collect();
        let expected_value: Option<&str> = Some(&*value);
        prop_assert_eq!(pairs[0], ("k", expected_value));
        prop_assert_eq!(pairs.len(), 2);
        prop_assert_eq!(uri.fragment(), Some(&*fragment));
    }

    #[test]
    fn keep_escapes_is_idempotent(text in any::<String>()) {
        let once = pct::encode_keep_escapes(&text, &pct::PATH);
        let twice = pct::encode_keep_escapes(&once, &pct::PATH);
        prop_assert_eq!(&once, &twice);
        // Behind a leading segment, the result is always a valid path.
        let path = format!("/x/{once}");
        prop_assert_eq!(UriRef::parse(&path).map(|r| r.path()), Ok(path.as_str()));
    }

    #[test]
    fn parsing_arbitrary_text_never_panics(text in any::<String>()) {
        for result in [UriRef::parse(&text).map(drop), Uri::parse(&text).map(drop)] {
            if let Err(err) = result {
                check_error_position(&text, err.index())?;
                let _ = err.to_string();
                let _ = err.render(&text).to_string();
            }
        }
    }

    #[test]
    fn uri_like_text_parses_consistently(text in uri_like()) {
        match (UriRef::parse(&text), Uri::parse(&text)) {
            (Ok(r), Ok(u)) => {
                prop_assert_eq!(r.components(), u.components());
                prop_assert_eq!(Some(u.scheme()), r.scheme());
            }
            (Ok(r), Err(err)) => {
                prop_assert!(r.scheme().is_none(), "{:?}: a reference with a scheme is a URI", text);
                prop_assert_eq!(err.index(), 0);
            }
            (Err(err), Ok(_)) => prop_assert!(false, "{:?}: a URI but not a reference: {}", text, err),
            (Err(a), Err(b)) => {
                check_error_position(&text, a.index())?;
                check_error_position(&text, b.index())?;
            }
        }
        // Re-assembling the components gives the input back.
        if let Ok(r) = UriRef::parse(&text) {
            let mut rebuilt = String::new();
            if let Some(s) = r.scheme() { rebuilt += s; rebuilt += ":"; }
            if let Some(a) = r.authority() { rebuilt += "//"; rebuilt += a; }
            rebuilt += r.path();
            if let Some(q) = r.query() { rebuilt += "?"; rebuilt += q; }
            if let Some(f) = r.fragment() { rebuilt += "#"; rebuilt += f; }
            prop_assert_eq!(rebuilt, text);
        }
    }

    #[test]
    fn decode_rejects_a_malformed_escape_at_its_index(
        prefix in "[a-zA-Z0-9%/]{0,8}",
        bad in prop::sample::select(vec!["%", "%4", "%G1", "%4g", "%-1", "% 1"]),
        suffix in "[g-z]{0,4}",
    ) {
        // Escape the prefix so the only malformed escape is `bad`.
        let prefix = pct::encode(&prefix, &pct::UNRESERVED);
        let input = format!("{prefix}{bad}{suffix}");
        let err = pct::decode(&input).unwrap_err();
        prop_assert_eq!(err.index(), prefix.len());
        prop_assert_eq!(err.kind(), pct::DecodeErrorKind::InvalidEscape);
    }
}
