//! Every hint names the right fix: for each kind of parse error whose
//! hint names one (a call, an option, a character to write), the input
//! that produced it parses once the fix is applied as the hint says; the
//! hints that only explain name no call at all.

use uri::{Iri, ParseError, ParseErrorKind, ParseOptions, Uri, UriRef, UriRefBuf, pct};

/// What the hint of a row asks for, applied to its input.
enum Fix {
    /// The hint names this text and the closure applies the fix it
    /// names, giving whether the fixed input now reads.
    Named(&'static str, fn(&str, &ParseError) -> bool),
    /// The hint explains the rule and names no call.
    Explains,
}

/// The input with the culprit at the error's index replaced by `with`.
fn replaced(input: &str, err: &ParseError, with: &str) -> String {
    let end = err.index()
        + input[err.index()..]
            .chars()
            .next()
            .map_or(0, char::len_utf8);
    format!("{}{with}{}", &input[..err.index()], &input[end..])
}

/// The input with the culprit percent-encoded as UTF-8.
fn encoded(input: &str, err: &ParseError) -> String {
    let c = input[err.index()..].chars().next().unwrap_or(' ');
    replaced(
        input,
        err,
        &pct::encode(c.encode_utf8(&mut [0; 4]), &pct::UNRESERVED),
    )
}

/// One row: how the input is read, the input, the kind it fails with, and
/// the fix its hint names.
type Row = (
    fn(&str) -> Result<(), ParseError>,
    &'static str,
    ParseErrorKind,
    Fix,
);

fn strict(text: &str) -> Result<(), ParseError> {
    UriRef::parse(text).map(drop)
}

fn absolute(text: &str) -> Result<(), ParseError> {
    Uri::parse(text).map(drop)
}

fn lenient(text: &str) -> Result<(), ParseError> {
    UriRefBuf::parse_lenient(text).map(drop)
}

#[allow(clippy::too_many_lines, reason = "one table: a row per hinted error")]
fn rows() -> Vec<Row> {
    use ParseErrorKind as K;
    use uri::Component as C;
    vec![
        (
            strict,
            "http://h/100%",
            K::InvalidPercentEncoding(C::Path),
            Fix::Named("\"%25\"", |i, e| strict(&replaced(i, e, "%25")).is_ok()),
        ),
        (
            strict,
            "http://h/a b",
            K::InvalidChar(C::Path),
            Fix::Named("\"%20\"", |i, e| strict(&replaced(i, e, "%20")).is_ok()),
        ),
        (
            strict,
            "http://h/a[b",
            K::InvalidChar(C::Path),
            Fix::Named("percent-encode", |i, e| strict(&encoded(i, e)).is_ok()),
        ),
        (
            strict,
            "http://h/caf\u{e9}",
            K::InvalidChar(C::Path),
            Fix::Named("`Iri::parse`", |i, e| {
                Iri::parse(i).is_ok() && strict(&encoded(i, e)).is_ok()
            }),
        ),
        (
            strict,
            "http://h/\u{E000}",
            K::InvalidChar(C::Path),
            Fix::Named("`pct::encode`", |i, e| strict(&encoded(i, e)).is_ok()),
        ),
        (
            strict,
            "http://b\u{fc}cher.example/",
            K::InvalidChar(C::Host),
            Fix::Named("`to_uri_idna`", |i, _| {
                Iri::parse(i).is_ok_and(|iri| iri.to_uri_idna().is_ok())
            }),
        ),
        (
            strict,
            "http://a\u{E000}/",
            K::InvalidChar(C::Host),
            Fix::Explains,
        ),
        (
            strict,
            "http://a\"b/",
            K::InvalidChar(C::Host),
            Fix::Explains,
        ),
        (
            strict,
            " http://h/",
            K::InvalidScheme,
            Fix::Named("trim", |i, _| strict(i.trim()).is_ok()),
        ),
        (
            strict,
            "http://[fe80::1%25eth0]/",
            K::InvalidIpv6,
            Fix::Named("`ParseOptions::with_zone_ids`", |i, _| {
                UriRef::parse_with(i, ParseOptions::RFC3986.with_zone_ids()).is_ok()
            }),
        ),
        (
            strict,
            "http://[fe80::1/",
            K::UnclosedIpLiteral,
            Fix::Named("\"]\"", |i, _| strict(&i.replacen("1/", "1]/", 1)).is_ok()),
        ),
        (
            absolute,
            "//h/p",
            K::MissingScheme,
            Fix::Named("relative reference", |i, _| strict(i).is_ok()),
        ),
        (
            strict,
            "1a:b",
            K::InvalidScheme,
            Fix::Named("\"./\"", |i, _| strict(&format!("./{i}")).is_ok()),
        ),
        (
            strict,
            "http://me:pa/ss@h/",
            K::InvalidPort,
            Fix::Named("\"%2F\"", |i, _| {
                strict(&i.replacen("pa/ss", "pa%2Fss", 1)).is_ok()
            }),
        ),
        (strict, "http://h:8x/", K::InvalidPort, Fix::Explains),
        (strict, "http://[1:2]/", K::InvalidIpv6, Fix::Explains),
        (strict, "http://[vz.1]/", K::InvalidIpvFuture, Fix::Explains),
        (
            lenient,
            "http://0x100000000/",
            K::InvalidIpv4,
            Fix::Explains,
        ),
        (lenient, "http://u@/", K::MissingHost, Fix::Explains),
        (lenient, "http://h:65536/", K::PortTooLarge, Fix::Explains),
        (
            lenient,
            "\\\\x\\y",
            K::NeedsBase,
            Fix::Named("`Uri::join_lenient`", |i, _| {
                Uri::parse("https://page.example/a").is_ok_and(|base| base.join_lenient(i).is_ok())
            }),
        ),
        (lenient, "http://xn-----/", K::InvalidIdn, Fix::Explains),
    ]
}

#[test]
fn each_hint_names_a_fix_that_works_on_its_input() {
    for (read, input, kind, fix) in rows() {
        let err = read(input).expect_err(input);
        assert_eq!(err.kind(), kind, "{input:?}");
        let hint = err
            .hint()
            .unwrap_or_else(|| panic!("{input:?} has no hint"));
        match fix {
            Fix::Named(names, works) => {
                assert!(hint.contains(names), "{input:?}: {hint}");
                assert!(
                    works(input, &err),
                    "{input:?}: the fix in {hint:?} does not work"
                );
            }
            Fix::Explains => assert!(
                !hint.contains('`'),
                "{input:?}: a hint that explains names no call: {hint}"
            ),
        }
    }
}

#[test]
fn the_rows_cover_every_kind_that_has_a_hint() {
    use ParseErrorKind as K;
    let covered: Vec<ParseErrorKind> = rows().iter().map(|row| row.2).collect();
    let zone_ids = ParseOptions::RFC3986.with_zone_ids();
    let zone = UriRef::parse_with("http://[fe80::1%25e^]/", zone_ids).unwrap_err();
    assert_eq!(zone.kind(), K::InvalidZoneId);
    assert!(zone.hint().is_some_and(|hint| !hint.contains('`')));
    let bidi = Iri::parse("http://h/\u{202E}").unwrap_err();
    assert!(matches!(bidi.kind(), K::BidiFormatting(_)));
    assert!(
        bidi.hint()
            .is_some_and(|hint| hint.contains("percent-encode"))
    );
    for kind in [
        K::InvalidPercentEncoding(uri::Component::Path),
        K::InvalidChar(uri::Component::Path),
        K::InvalidChar(uri::Component::Host),
        K::InvalidScheme,
        K::InvalidPort,
        K::InvalidIpv6,
        K::InvalidIpvFuture,
        K::UnclosedIpLiteral,
        K::MissingScheme,
        K::InvalidIpv4,
        K::MissingHost,
        K::PortTooLarge,
        K::NeedsBase,
        K::InvalidIdn,
    ] {
        assert!(covered.contains(&kind), "no row for {kind:?}");
    }
    // `HostNeedsIdna` arises only without the `idna` feature, which
    // this crate turns on: `uri-runtime`'s own tests walk it both ways.
}
