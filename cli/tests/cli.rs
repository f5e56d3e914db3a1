//! The `uri` binary, run as a user would: arguments in, standard output,
//! standard error and exit status out.

// Test helpers report failures by panicking.
#![allow(clippy::expect_used)]

mod common;

use std::fmt::Write as _;

use common::{stderr, stdout, uri, uri_with_stdin, uri_with_stdin_bytes};

#[test]
fn parse_tells_absent_from_empty() {
    let out = uri(&["parse", "https://h/p?#f"]);
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(text.contains("query     \"\"\n"), "{text}");
    assert!(text.contains("userinfo  none\n"), "{text}");
    assert!(text.contains("host-kind reg-name\n"), "{text}");

    let out = uri(&["parse", "--json-lines", "https://h/p?", "//[::1]"]);
    let lines: Vec<String> = stdout(&out).lines().map(str::to_owned).collect();
    assert_eq!(
        lines,
        [
            r#"{"uri":"https://h/p?","scheme":"https","userinfo":null,"host":"h","host_kind":"reg-name","port":null,"path":"/p","query":"","fragment":null,"site":null,"suffix":"h","params":[]}"#,
            r#"{"uri":"//[::1]","scheme":null,"userinfo":null,"host":"[::1]","host_kind":"ipv6","port":null,"path":"","query":null,"fragment":null,"site":null,"suffix":null,"params":[]}"#,
        ]
    );
}

#[test]
fn parse_json_of_iris_describes_the_mapped_uri() {
    let out = uri(&["--iri", "parse", "--json", "https://Bücher.example/ö?q=ü"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let all: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let object = &all[0];
    assert_eq!(
        object["uri"],
        "https://xn--bcher-kva.example/%C3%B6?q=%C3%BC"
    );
    assert_eq!(object["host"], "xn--bcher-kva.example");
    assert_eq!(
        object["params"],
        serde_json::json!([{ "key": "q", "value": "ü" }])
    );
}

#[test]
fn parse_json_of_an_iri_without_an_ascii_form_names_the_idna_rule_and_place() {
    let out = uri(&[
        "--iri",
        "parse",
        "--json",
        "https://bücher..example/",
        "https://例え.jp/",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let printed = stdout(&out);
    let lines: Vec<&str> = printed.lines().collect();
    assert_eq!(
        lines[1],
        r#"{"uri":"https://bücher..example/","error":{"kind":"idna-empty-label","component":"host","index":16,"message":"empty label in a domain name at byte 16: remove the extra \".\""}},"#
    );
    assert!(
        lines[2].contains(r#""host":"xn--r8jz45g.jp""#),
        "{}",
        lines[2]
    );
}

#[test]
fn parse_json_is_one_array_with_errors_and_decoded_params_in_place() {
    let input = "http://h/?q=caf%C3%A9&flag&b=%FF\nhttp://a b\n//ok\n";
    let out = uri_with_stdin(&["parse", "--json", "-"], input);
    assert_eq!(out.status.code(), Some(1));
    // The error is in the array, so standard error has only the summary.
    assert_eq!(stderr(&out), "3 inputs, 1 failed\n");
    let text = stdout(&out);
    assert!(
        text.starts_with("[\n{") && text.ends_with("}\n]\n"),
        "{text}"
    );
    let all: serde_json::Value = serde_json::from_str(&text).unwrap();
    let all = all.as_array().unwrap();
    assert_eq!(all.len(), 3);
    assert_eq!(
        all[0]["params"],
        serde_json::json!([
            { "key": "q", "value": "café" },
            { "key": "flag", "value": "" },
            { "key": "b", "value": "%FF", "error": {
                "kind": "invalid-utf8", "index": 19,
                "message": "decoded text is not UTF-8 at byte 19: the bytes from here are no UTF-8 character: decode to bytes (`pct::decode`), or lossily (`pct::decode_lossy`)" } }
        ])
    );
    assert_eq!(all[1]["uri"], "http://a b");
    assert_eq!(
        all[1]["error"],
        serde_json::json!({
            "kind": "invalid-char", "component": "host", "index": 8,
            "message": "character \" \" not allowed in host at byte 8: a host name cannot contain this character"
        })
    );
    assert!(all[1].get("scheme").is_none());
    assert_eq!(all[2]["host"], "ok");

    // Nothing read is an empty array; JSON Lines streams the same objects.
    let out = uri_with_stdin(&["parse", "--json", "-"], "");
    assert_eq!(stdout(&out), "[]\n");
    let out = uri_with_stdin(&["parse", "--json-lines", "-"], input);
    let lines: Vec<serde_json::Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.as_slice(), all.as_slice());
}

#[test]
fn a_failure_without_a_parse_error_is_an_object_too() {
    let out = uri_with_stdin_bytes(&["parse", "--json-lines", "-"], b"http://h/\n\xFF\n");
    let lines: Vec<serde_json::Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[1]["uri"], "\u{FFFD}");
    assert_eq!(
        lines[1]["error"]["message"],
        "line 2 is not UTF-8: invalid byte sequence FF at byte 0"
    );
    // An IRI that does not parse is described as a URI that does not:
    // kind, component and index.
    let out = uri(&[
        "--iri",
        "parse",
        "--json-lines",
        "http://[bad",
        "http://bü cher/",
    ]);
    let lines: Vec<serde_json::Value> = stdout(&out)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert!(
        lines[0]["error"]["message"]
            .as_str()
            .unwrap()
            .contains("unclosed IP literal")
    );
    assert_eq!(lines[0]["error"]["kind"], "unclosed-ip-literal");
    assert_eq!(lines[1]["error"]["kind"], "invalid-char");
    assert_eq!(lines[1]["error"]["component"], "host");
    assert_eq!(lines[1]["error"]["index"], 10);
    assert_eq!(stderr(&out), "");
}

#[test]
fn check_is_silent_for_valid_input_and_draws_the_culprit_otherwise() {
    let out = uri(&["check", "https://example.com/"]);
    assert!(out.status.success());
    assert_eq!(stdout(&out), "");
    assert_eq!(stderr(&out), "");

    let out = uri(&["check", "https://example.com/", "https://example.com/100%"]);
    assert_eq!(out.status.code(), Some(1));
    let caret = format!("  {}^", " ".repeat(23));
    assert_eq!(
        stderr(&out),
        format!(
            "error: invalid percent-encoding \"%\" in path at byte 23: \"%\" must be followed by \
             two hex digits; write \"%25\" for a literal percent sign\n  \
             https://example.com/100%\n{caret}\n"
        )
    );
    // A relative reference is a URI reference, not a URI.
    assert_eq!(uri(&["check", "../a"]).status.code(), Some(1));
    assert!(uri(&["check", "--reference", "../a"]).status.success());
}

#[test]
fn check_scheme_applies_the_rules_of_known_schemes() {
    // Valid RFC 3986, each breaking its scheme's own rule; other schemes
    // and relative references pass.
    let inputs = [
        "https://user@example.com/",
        "http:/no-host",
        "ftp://h/a;type=q",
        "mailto:nobody",
        "file:relative",
        "urn:isbn:0451450523",
        "https://example.com/ok",
    ];
    let mut args = vec!["check"];
    args.extend(inputs);
    assert!(
        uri(&args).status.success(),
        "without --scheme, all are URIs"
    );

    args.insert(1, "--scheme");
    let out = uri(&args);
    assert_eq!(out.status.code(), Some(1));
    let text = stderr(&out);
    assert!(
        text.starts_with(
            "error: userinfo not allowed at byte 8 (a rule of the `https` scheme, RFC 9110 section \
             4.2): send credentials in an Authorization header, not in the URI\n  \
             https://user@example.com/\n          ^^^^^\n"
        ),
        "{text}"
    );
    for rule in [
        "missing host at byte 5 (a rule of the `http` scheme",
        "typecode must be 'a', 'i' or 'd' at byte 15 (a rule of the `ftp` scheme, RFC 1738",
        "without '@' at byte 13 (a rule of the `mailto` scheme, RFC 6068",
        "path not absolute at byte 5 (a rule of the `file` scheme, RFC 8089",
    ] {
        assert!(text.contains(rule), "{rule} in {text}");
    }
    assert_eq!(text.matches("error:").count(), 5, "{text}");
    assert!(
        uri(&["check", "--scheme", "--reference", "../a"])
            .status
            .success()
    );
}

#[test]
fn standard_input_is_read_line_by_line_with_a_summary() {
    let mut lines = String::new();
    for i in 0..100_000 {
        writeln!(lines, "https://example.com/item/{i}?q=%20").expect("a String takes text");
    }
    lines.push_str("not a uri\r\n");
    let out = uri_with_stdin(&["check", "-"], &lines);
    assert_eq!(out.status.code(), Some(1));
    let errors = stderr(&out);
    assert!(errors.contains("  not a uri\n"), "{errors}");
    assert!(errors.ends_with("100001 inputs, 1 failed\n"), "{errors}");

    let out = uri_with_stdin(&["get", "path", "-"], "http://a/x\nhttp://b/y\n");
    assert_eq!(stdout(&out), "/x\n/y\n");
}

#[test]
fn a_line_that_is_not_utf8_is_one_failed_input_and_the_batch_goes_on() {
    let out = uri_with_stdin_bytes(
        &["check", "-"],
        b"http://a/\nhttp://b/\xff\nhttp://c d/\nhttp://e/\xc3\xa9\xc3",
    );
    assert_eq!(out.status.code(), Some(1));
    let errors = stderr(&out);
    assert!(
        errors.contains("error: line 2 is not UTF-8: invalid byte sequence FF at byte 9\n"),
        "{errors}"
    );
    // The line after it is still checked, and so is a last line cut short
    // inside a character (with no newline after it).
    assert!(errors.contains("  http://c d/\n"), "{errors}");
    assert!(
        errors.contains("error: line 4 is not UTF-8: invalid byte sequence C3 at byte 11\n"),
        "{errors}"
    );
    assert!(errors.ends_with("4 inputs, 3 failed\n"), "{errors}");

    // The lines around it are still read and answered.
    let out = uri_with_stdin_bytes(&["get", "host", "-"], b"http://a/\n\xfe\nhttp://b/\n");
    assert_eq!(stdout(&out), "a\nb\n");
}

#[test]
fn normalize_resolve_and_relative() {
    // The scheme's rules by default, as trurl; `--syntax` for RFC 3986
    // section 6.2.2 alone; `--scheme`, the old way to ask, still works.
    let out = uri(&["normalize", "HTTP://Example.COM:80/a/./b/../%7e"]);
    assert_eq!(stdout(&out), "http://example.com/a/~\n");
    let out = uri(&["normalize", "https://example.com:443"]);
    assert_eq!(stdout(&out), "https://example.com/\n");
    let out = uri(&[
        "normalize",
        "--syntax",
        "HTTP://Example.COM:80/a/./b/../%7e",
    ]);
    assert_eq!(stdout(&out), "http://example.com:80/a/~\n");
    let out = uri(&[
        "normalize",
        "--scheme",
        "HTTP://Example.COM:80/a/./b/../%7e",
    ]);
    assert_eq!(stdout(&out), "http://example.com/a/~\n");

    let out = uri(&[
        "resolve",
        "http://a/b/c/d;p?q",
        "g",
        "../..",
        "?y",
        "#s",
        "//g",
    ]);
    assert_eq!(
        stdout(&out),
        "http://a/b/c/g\nhttp://a/\nhttp://a/b/c/d;p?y\nhttp://a/b/c/d;p?q#s\nhttp://g\n"
    );
    let out = uri(&["resolve", "not a base", "g"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("missing scheme"));

    let out = uri(&["relative", "http://a/b/c/d", "http://a/b/e/f", "http://x/y"]);
    assert_eq!(stdout(&out), "../e/f\n//x/y\n");
    // A target whose path keeps dot segments cannot be reached.
    let out = uri(&["relative", "http://a/b", "http://a/x/../y"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("no reference reaches"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn encode_and_decode_per_component() {
    let data = "a/b c&d=e";
    for (set, expected) in [
        ("path-segment", "a%2Fb%20c&d=e"),
        ("path", "a/b%20c&d=e"),
        ("query-param", "a/b%20c%26d%3De"),
        ("query", "a/b%20c&d=e"),
        ("unreserved", "a%2Fb%20c%26d%3De"),
        ("form", "a/b+c%26d%3De"),
    ] {
        let out = uri(&["encode", "--set", set, data]);
        assert_eq!(stdout(&out), format!("{expected}\n"), "{set}");
    }
    // Text may start with a hyphen.
    let out = uri(&["decode", "caf%C3%A9", "-%41"]);
    assert_eq!(stdout(&out), "café\n-A\n");
    let out = uri(&["decode", "--form", "a+b%21"]);
    assert_eq!(stdout(&out), "a b!\n");
    let out = uri(&["decode", "ok%2"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("at byte 2"), "{}", stderr(&out));
    // An unknown set is a usage error.
    assert_eq!(
        uri(&["encode", "--set", "nope", "x"]).status.code(),
        Some(2)
    );
}

#[test]
fn get_and_set_components() {
    // An absent component fails for its input, as an invalid one does:
    // nothing is printed, standard error says which, the status is 1.
    let out = uri(&["get", "host", "https://u@h:1/p", "mailto:x"]);
    assert_eq!(stdout(&out), "h\n");
    assert_eq!(stderr(&out), "error: \"mailto:x\" has no host\n");
    assert_eq!(out.status.code(), Some(1));
    let out = uri(&["--on-error", "", "get", "query", "http://h/?", "http://h/"]);
    assert_eq!(stdout(&out), "\n\n", "empty, then the marker");
    let out = uri(&["get", "--decode", "query", "https://h/?q=caf%C3%A9"]);
    assert_eq!(stdout(&out), "q=café\n");

    let out = uri(&[
        "set",
        "query=page=2",
        "--also",
        "fragment",
        "https://h/s#top",
    ]);
    assert_eq!(stdout(&out), "https://h/s?page=2\n");
    let out = uri(&["set", "host", "https://h/a"]);
    assert_eq!(stdout(&out), "https:/a\n");
    let out = uri(&["set", "path=a b", "https://h/"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("path=a b:"), "{}", stderr(&out));
    let out = uri(&["set", "colour=red", "https://h/"]);
    assert!(stderr(&out).contains("unknown component"));
    // What the user typed is quoted back, but cannot act on the terminal.
    let out = uri(&["set", "col\x1b[31mour\u{202e}=red", "https://h/"]);
    assert_eq!(
        stderr(&out),
        "error: col%1B[31mour%E2%80%AE=red: unknown component; use one of scheme, userinfo, host, port, path, query, fragment\n"
    );
}

#[test]
fn query_parameters_are_edited_without_touching_the_rest() {
    let out = uri(&[
        "query",
        "--remove",
        "utm_*",
        "--set",
        "page=2",
        "--append",
        "tag=a b",
        "--trim-empty",
        "--sort",
        "https://example.com/s?q=rust&utm_source=x&page=1&empty=&utm_medium=y#top",
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout(&out),
        "https://example.com/s?page=2&q=rust&tag=a%20b#top\n"
    );
    // Form style writes `+`; an edit that leaves nothing removes the `?`.
    let out = uri(&["query", "--form", "--append", "q=a b", "http://h/"]);
    assert_eq!(stdout(&out), "http://h/?q=a+b\n");
    let out = uri(&["query", "--remove", "*", "http://h/?a=1&b=2#f"]);
    assert_eq!(stdout(&out), "http://h/#f\n");
    // What an edit does not touch keeps its bytes, empty pieces included.
    let out = uri(&["query", "--remove", "zzz", "https://h.example/?a=1&&b=2"]);
    assert_eq!(stdout(&out), "https://h.example/?a=1&&b=2\n");
    // Pairs separated by `;`, read and written so (trurl's
    // `--query-separator`); `&` is then data inside a value.
    let out = uri(&[
        "query",
        "--query-separator",
        ";",
        "--sort",
        "--append",
        "c=x&y",
        "http://h/?b=2;a=1",
    ]);
    assert_eq!(stdout(&out), "http://h/?a=1;b=2;c=x%26y\n");
    let out = uri(&["query", "--separator", ":", "--sort", "http://h/?b:a"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    // A malformed edit is a usage error before any input is read.
    let out = uri(&["query", "--set", "novalue", "http://h/"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("\"novalue\" is not KEY=VALUE"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_path_segment_is_appended_from_raw_text() {
    let out = uri(&["set", "path+=my file/2024", "https://h/docs?x#y"]);
    assert_eq!(stdout(&out), "https://h/docs/my%20file%2F2024?x#y\n");
}

#[test]
fn a_clean_batch_is_silent_unless_a_summary_is_asked_for() {
    let out = uri_with_stdin(&["check", "-"], "http://a/\nhttp://b/\n");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stderr(&out), "");
    let out = uri_with_stdin(&["--summary", "check", "-"], "http://a/\nhttp://b/\n");
    assert_eq!(stderr(&out), "2 inputs, 0 failed\n");
    let out = uri_with_stdin(&["check", "--summary", "-"], "http://a/\n");
    assert_eq!(stderr(&out), "1 inputs, 0 failed\n");
}

#[test]
fn resolve_takes_its_base_from_standard_input() {
    let out = uri_with_stdin(&["resolve", "-", "-"], "http://a/b/c/d;p?q\n../g\n?y\n");
    assert_eq!(stdout(&out), "http://a/b/g\nhttp://a/b/c/d;p?y\n");
    let out = uri_with_stdin(&["resolve", "-", "x", "y/z"], "https://h/dir/page\n");
    assert_eq!(stdout(&out), "https://h/dir/x\nhttps://h/dir/y/z\n");
    let out = uri_with_stdin(&["resolve", "-", "x"], "not a base\n");
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("not a base"), "{}", stderr(&out));
}

#[test]
fn several_components_are_formatted_on_one_line() {
    let out = uri(&[
        "format",
        "--default-port",
        "{scheme} {host} {port} {:path} {query:q} [{fragment}]",
        "https://example.com/a%20b?q=rust%20uri#",
        "http://h:8080/",
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout(&out),
        "https example.com 443 /a b rust uri []\nhttp h 8080 /  []\n"
    );
    // Absent and empty told apart, by option.
    let out = uri(&[
        "format",
        "--absent",
        "-",
        "<{query}> <{fragment}>",
        "http://h/?",
        "http://h/",
    ]);
    assert_eq!(stdout(&out), "<> <->\n<-> <->\n");
    // A mistake in the format is a usage error before any input.
    let out = uri(&["format", "{hots}", "http://h/"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("unknown placeholder {hots}"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn failed_inputs_can_keep_their_line_on_standard_output() {
    let input = "http://a/x\nbad uri\nhttp://b/y\n";
    let out = uri_with_stdin(&["get", "path", "-"], input);
    assert_eq!(stdout(&out), "/x\n/y\n");
    let out = uri_with_stdin(&["--on-error", "", "get", "path", "-"], input);
    assert_eq!(stdout(&out), "/x\n\n/y\n");
    let out = uri_with_stdin(&["format", "{host}", "--on-error", "!", "-"], input);
    assert_eq!(stdout(&out), "a\n!\nb\n");
    assert!(stderr(&out).contains("bad uri"));
}

#[test]
fn set_encodes_raw_values_unless_they_are_given_encoded() {
    let out = uri(&["set", "query=q=hello world&x=100%", "https://h/p"]);
    assert_eq!(stdout(&out), "https://h/p?q=hello%20world&x=100%25\n");
    let out = uri(&[
        "set",
        "fragment=part 2",
        "--also",
        "path=/my docs/",
        "https://h/",
    ]);
    assert_eq!(stdout(&out), "https://h/my%20docs/#part%202\n");
    // As written, checked: a bad escape is refused with its position.
    let out = uri(&["set", "--encoded", "query=a%20b", "https://h/"]);
    assert_eq!(stdout(&out), "https://h/?a%20b\n");
    let out = uri(&["set", "--encoded", "query=100%", "https://h/"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("invalid percent-encoding"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn iris_are_read_and_shown_through_the_librarys_mappings() {
    // IRI input: the host through IDNA, the rest percent-encoded.
    let out = uri(&["--iri", "normalize", "https://Bücher.example/ö?q=é"]);
    assert_eq!(
        stdout(&out),
        "https://xn--bcher-kva.example/%C3%B6?q=%C3%A9\n"
    );
    let out = uri(&["--iri", "get", "host", "https://例え.jp/"]);
    assert_eq!(stdout(&out), "xn--r8jz45g.jp\n");
    // An IRI with no ASCII form is a failed input with the reason, the
    // fix and carets under the place, as a parse error is.
    let out = uri(&["--iri", "check", "https://bücher..example/"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stderr(&out),
        "error: empty label in a domain name at byte 16: remove the extra \".\"\n  \
         https://bücher..example/\n                 ^\n"
    );
    let label = format!("{}ü", "a".repeat(70));
    let out = uri(&["--iri", "check", &format!("http://{label}.example/")]);
    assert!(
        stderr(&out).contains("longer than 63 bytes"),
        "{}",
        stderr(&out)
    );
    assert!(stderr(&out).contains("^^^^^^^^"), "{}", stderr(&out));
    // IDN output: URIs, hosts and paths shown for people.
    let out = uri(&["--idn", "normalize", "https://xn--r8jz45g.jp/%E5%BC%95"]);
    assert_eq!(stdout(&out), "https://例え.jp/引\n");
    let out = uri(&["--idn", "get", "host", "https://xn--bcher-kva.example/"]);
    assert_eq!(stdout(&out), "bücher.example\n");
    // `parse` shows the IRI form's components, as text and as JSON; the
    // query's pairs decode the same either way.
    let wire = "http://xn--bcher-kva.example/%C3%B6?q=%E4%B8%AD";
    let out = uri(&["--idn", "parse", wire]);
    assert!(
        stdout(&out).contains("host      \"bücher.example\"\n"),
        "{}",
        stdout(&out)
    );
    assert!(
        stdout(&out).contains("path      \"/ö\"\n"),
        "{}",
        stdout(&out)
    );
    let out = uri(&["--idn", "parse", "--json", wire]);
    let object = &serde_json::from_str::<serde_json::Value>(&stdout(&out)).unwrap()[0];
    assert_eq!(object["uri"], "http://bücher.example/ö?q=中");
    assert_eq!(object["host"], "bücher.example");
    assert_eq!(object["query"], "q=中");
    assert_eq!(object["params"][0]["value"], "中");
    // Without the flags, the same inputs are strict URIs.
    let out = uri(&["check", "https://bücher.example/"]);
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn file_uris_and_paths_in_either_convention() {
    let out = uri(&[
        "file-to-path",
        "--windows",
        "file:///C:/Users/me/a%20b.txt",
        "file://srv/share/x",
    ]);
    assert!(out.status.success());
    assert_eq!(stdout(&out), "C:\\Users\\me\\a b.txt\n\\\\srv\\share\\x\n");
    let out = uri(&["file-to-path", "--posix", "file://localhost/tmp/x%20y"]);
    assert_eq!(stdout(&out), "/tmp/x y\n");
    let out = uri(&["path-to-file", "--windows", r"\\?\C:\x\y z"]);
    assert_eq!(stdout(&out), "file:///C:/x/y%20z\n");
    let out = uri(&["path-to-file", "--posix", "/home/me/Q&A 1.txt"]);
    assert_eq!(stdout(&out), "file:///home/me/Q&A%201.txt\n");

    let out = uri(&["file-to-path", "--posix", "file:///a%2Fb"]);
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains("an escaped separator would split a name at byte 9"),
        "{}",
        stderr(&out)
    );
    let out = uri(&["path-to-file", "--windows", r"\\.\COM1"]);
    assert!(
        stderr(&out).contains("a device path has no file URI"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn file_conversions_refuse_what_would_reach_another_file() {
    for (args, message) in [
        (
            ["file-to-path", "--windows", "file://./pipe/evil"],
            "opens the device or verbatim namespace, not a share at byte 7",
        ),
        (
            ["file-to-path", "--posix", "file:///a/%2E%2E/etc/passwd"],
            "an escaped '.' or '..' segment would step where the URI does not at byte 10",
        ),
        (
            ["path-to-file", "--posix", "/srv/www/../../etc/passwd"],
            "a '..' name has no file URI",
        ),
        (
            ["path-to-file", "--posix", "/C|/x"],
            "reads as a Windows drive in a file URI at byte 1",
        ),
    ] {
        let out = uri(&args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert!(stderr(&out).contains(message), "{args:?}: {}", stderr(&out));
    }
    let out = uri(&["path-to-file", "--posix", "/./C:/x"]);
    assert_eq!(stdout(&out), "file:///C%3A/x\n");
    let out = uri(&["file-to-path", "--windows", "file://srv//share/x"]);
    assert_eq!(stdout(&out), "\\\\srv\\share\\x\n");
}

#[test]
fn parse_shows_a_mailto_uri_decoded() {
    let out = uri(&[
        "parse",
        "mailto:%22not%40me%22@example.org?cc=b@x&subject=caf%C3%A9",
    ]);
    let text = stdout(&out);
    assert!(
        text.contains("to        \"\\\"not@me\\\"@example.org\"\n"),
        "{text}"
    );
    assert!(text.contains("cc        \"b@x\"\n"), "{text}");
    assert!(
        text.contains("header    \"subject\" = \"café\"\n"),
        "{text}"
    );
    let out = uri(&[
        "parse",
        "--json-lines",
        "mailto:a@x?subject=hi",
        "http://h/",
    ]);
    let lines: Vec<serde_json::Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0]["mailto"]["to"][0], "a@x");
    assert_eq!(
        lines[0]["mailto"]["headers"][0],
        serde_json::json!({ "name": "subject", "value": "hi" })
    );
    assert!(lines[1].get("mailto").is_none());
    let out = uri(&["parse", "mailto:a@x,nope"]);
    assert!(stdout(&out).contains("mailto    mail address without '@' at byte 15"));
}

#[test]
fn check_with_a_policy_reports_every_broken_rule_with_carets() {
    let out = uri(&[
        "check",
        "--policy",
        "public-web",
        "https://hooks.example.net.uk/x",
        "http://user@0x7f.1:8080/",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), "");
    assert_eq!(
        stderr(&out),
        "the userinfo at byte 7 is not allowed: this policy takes no credentials\n\
         http://****@0x7f.1:8080/\n       ^^^^ userinfo\n\
         the host at byte 12 is this machine itself (loopback, RFC 1122, RFC 6761)\n\
         http://****@0x7f.1:8080/\n            ^^^^^^ host-class (loopback)\n"
    );
    // Flags add rules to the preset, or make a policy of their own.
    let out = uri(&[
        "check",
        "--allow-scheme",
        "https",
        "--allow-host",
        "*.example.com",
        "--deny-query",
        "https://api.example.com/x",
        "https://example.com/x?y",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(
        err.contains("the host at byte 8 is not one this policy allows"),
        "{err}"
    );
    assert!(err.contains("the query at byte 21 is not allowed"), "{err}");
    assert!(!err.contains("api.example.com"), "{err}");
}

#[test]
fn check_with_a_policy_writes_json_lines_over_standard_input() {
    let out = uri_with_stdin(
        &["check", "--policy", "public-web", "--json", "-"],
        "https://rust-lang.org/\nhttp://[::ffff:169.254.169.254]/\nnot a uri\n",
    );
    assert_eq!(out.status.code(), Some(1));
    let printed = stdout(&out);
    let lines: Vec<&str> = printed.lines().map(str::trim).collect();
    assert_eq!(lines[0], r#"{"uri":"https://rust-lang.org/","ok":true}"#);
    assert_eq!(
        lines[1],
        r#"{"uri":"http://[::ffff:169.254.169.254]/","ok":false,"violations":[{"rule":"host-class","class":"link-local","index":7,"length":24,"message":"the host at byte 7 is link-local (RFC 3927, RFC 4291, RFC 6762), reachable only on the local link, where cloud metadata services answer"}]}"#
    );
    assert!(lines[2].contains(r#""error":{"kind":"#), "{}", lines[2]);
    // Same origin, for a redirect back to the application.
    let out = uri(&[
        "check",
        "--same-origin",
        "https://app.example.com/",
        "https://app.example.com/done",
        "https://app.example.com@evil.net/",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("the userinfo at byte 8 is not allowed"),
        "{}",
        stderr(&out)
    );
    assert!(
        stderr(&out).contains("the host at byte 24 is not one this policy allows"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn lossy_decoding_never_fails_and_names_what_needed_it() {
    let out = uri(&["decode", "--lossy", "a%FFb", "100%", "ok%20"]);
    assert!(out.status.success());
    assert_eq!(stdout(&out), "a\u{FFFD}b\n100%\nok \n");
    let notes = stderr(&out);
    assert!(notes.contains(r#""a%FFb" decoded lossily"#), "{notes}");
    assert!(notes.contains(r#""100%" decoded lossily"#), "{notes}");
    assert!(!notes.contains("ok%20"), "{notes}");
    // Without it, the same values fail.
    let out = uri(&["decode", "a%FFb"]);
    assert_eq!(out.status.code(), Some(1));
    let out = uri(&["get", "path", "--decode", "--lossy", "http://h/caf%E9"]);
    assert_eq!(stdout(&out), "/caf\u{FFFD}\n");
}

#[test]
fn decoded_values_stay_on_their_line_and_blank_lines_are_inputs() {
    let out = uri_with_stdin(
        &["get", "path", "--decode", "-"],
        "http://h/a%0Ab\n\nhttp://h/x%1B%5B31m\r\n",
    );
    // The blank line is the empty reference, whose path is empty.
    assert!(out.status.success());
    assert_eq!(stdout(&out), "/a%0Ab\n\n/x%1B[31m\n");
    let out = uri(&["format", "{query:q} {:path}", "http://h/%09?q=1%0D%0A2"]);
    assert_eq!(stdout(&out), "1%0D%0A2 /%09\n");
    let out = uri(&["decode", "a%0Ab%20c"]);
    assert_eq!(stdout(&out), "a%0Ab c\n");
    // A blank line is counted, gives a blank line and is no failure; a
    // failure marker keeps the lines in step too.
    let out = uri_with_stdin(&["check", "--summary", "-"], "http://h/\n\nhttp://h/\n");
    assert_eq!(stderr(&out).lines().last(), Some("3 inputs, 0 failed"));
    let out = uri_with_stdin(
        &["--on-error", "", "get", "host", "-"],
        "http://a/\n\nhttp://b/\nno-host\nhttp://c/\n",
    );
    assert_eq!(stdout(&out), "a\n\nb\n\nc\n");
    // `encode -` and `encode ''` agree on the empty text.
    let out = uri_with_stdin(&["--summary", "encode", "-"], "a b\n\nc\n");
    assert_eq!(stdout(&out), "a%20b\n\nc\n");
    assert_eq!(stderr(&out).trim(), "3 inputs, 0 failed");
    assert_eq!(stdout(&uri(&["encode", ""])), "\n");
}

#[test]
fn text_commands_take_their_text_as_it_is_whatever_the_reading() {
    // `--lenient` and `--iri` read URIs; a value to encode is no URI.
    for flag in ["--lenient", "--iri"] {
        let out = uri(&[flag, "encode", "a b%"]);
        assert_eq!(stdout(&out), "a%20b%25\n", "{flag}");
        assert_eq!(stderr(&out), "", "{flag}: no repair noted");
        let out = uri(&[flag, "decode", "a%20b"]);
        assert_eq!(stdout(&out), "a b\n", "{flag}");
    }
    let out = uri(&["--lenient", "path-to-file", "--posix", "/a b"]);
    assert_eq!(stdout(&out), "file:///a%20b\n");
}

#[test]
fn lenient_resolve_reads_each_reference_against_the_base() {
    let out = uri(&[
        "--lenient",
        "resolve",
        "http://a.example/b/c",
        "\\\\evil.example/x",
        " d e",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "http://evil.example/x\nhttp://a.example/b/d%20e\n"
    );
    assert!(
        stderr(&out).contains("note: read \"\\\" as \"/\""),
        "{}",
        stderr(&out)
    );
    // Against a base where a backslash is data, it stays data.
    let out = uri(&["--lenient", "resolve", "foo://h/a/b", "\\x"]);
    assert_eq!(stdout(&out), "foo://h/a/%5Cx\n");
}

#[test]
fn set_port_empty_removes_it_and_a_dotted_scheme_is_named() {
    let out = uri(&["set", "port=", "http://h:8080/x"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "http://h/x\n");
    let out = uri(&["set", "port=29", "example.com:29"]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(
        err.contains("\"example.com\" is read as a scheme") && err.contains("\"//example.com:29\""),
        "{err}"
    );
    let out = uri(&["set", "port=29", "//example.com:29"]);
    assert_eq!(stdout(&out), "//example.com:29\n");
}

#[test]
fn iterate_refuses_a_component_listed_twice() {
    let out = uri(&[
        "iterate",
        "port=81 443",
        "--also",
        "scheme=sftp moo",
        "--also",
        "port=2 1",
        "//h/",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), "");
    assert!(
        stderr(&out).contains("port: listed twice"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn query_trim_is_remove_as_trurl_writes_it() {
    for args in [
        [
            "query",
            "--trim",
            "query=utm_*",
            "http://h/?utm_a=1&b=2&utm_c",
        ],
        ["query", "--trim", "utm_*", "http://h/?utm_a=1&b=2&utm_c"],
        ["query", "--remove", "utm_*", "http://h/?utm_a=1&b=2&utm_c"],
    ] {
        let out = uri(&args);
        assert_eq!(stdout(&out), "http://h/?b=2\n", "{args:?}");
    }
}

#[test]
fn a_preset_and_an_origin_together_admit_that_origin_only() {
    let out = uri(&[
        "check",
        "--policy",
        "public-web",
        "--same-origin",
        "https://hooks.acme.dev/",
        "https://hooks.acme.dev/x",
        "https://other.acme.dev/",
        "https://hooks.acme.dev:8443/",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(!err.contains("https://hooks.acme.dev/x"), "{err}");
    assert!(
        err.contains("the host at byte 8 is not one this policy allows"),
        "{err}"
    );
    assert!(
        err.contains("the port at byte 23 is not one this policy allows"),
        "{err}"
    );
}

/// `--lenient` (trurl's `--accept-space`) reads as a browser does and
/// notes each repair on standard error; what a browser refuses fails.
#[test]
fn lenient_input_is_read_as_a_browser_reads_it() {
    let out = uri(&[
        "--accept-space",
        "get",
        "host",
        "https://evil.com\\@good.com/",
    ]);
    assert!(out.status.success());
    assert_eq!(stdout(&out), "evil.com\n");
    let err = stderr(&out);
    assert!(
        err.starts_with("note: read \"\\\" as \"/\" at bytes 16..17\n"),
        "{err}"
    );

    let out = uri_with_stdin(
        &["--lenient", "normalize", "-"],
        "http:0x7f.1/a b\nhttp://a b/\n",
    );
    assert!(!out.status.success());
    assert_eq!(stdout(&out), "http://127.0.0.1/a%20b\n");
    let err = stderr(&out);
    assert!(
        err.contains("error: character \" \" not allowed in host at byte 8"),
        "{err}"
    );
}

/// `iterate` (trurl's `--iterate`): one line per value, `--also` lists
/// multiplied, the first list changing slowest; a list without values
/// is an error before any input is read.
#[test]
fn iterate_prints_every_combination_in_order() {
    let out = uri(&["iterate", "scheme=http ftp sftp", "//example.com/"]);
    assert!(out.status.success());
    assert_eq!(
        stdout(&out),
        "http://example.com/\nftp://example.com/\nsftp://example.com/\n"
    );
    let out = uri(&[
        "iterate",
        "scheme=http https",
        "--also",
        "port=1 2",
        "https://example.com/a",
    ]);
    assert_eq!(
        stdout(&out),
        "http://example.com:1/a\nhttp://example.com:2/a\nhttps://example.com:1/a\nhttps://example.com:2/a\n"
    );
    let out = uri(&["iterate", "host=", "x://a"]);
    assert!(!out.status.success());
    assert_eq!(stderr(&out), "error: host=: no values to iterate over\n");
}

/// Nothing the command prints acts on the terminal: C1 controls (CSI,
/// OSC), NEL, the line separators, bidirectional controls and invisible
/// characters come out escaped, through every command that decodes.
#[test]
fn decoded_output_never_drives_the_terminal() {
    for (args, shown) in [
        (&["decode", "%C2%9Bx"][..], "%C2%9Bx\n"),
        (
            &["decode", "%C2%9D52;c;QQ%C2%9C"][..],
            "%C2%9D52;c;QQ%C2%9C\n",
        ),
        (
            &["decode", "a%C2%85b%E2%80%A8c"][..],
            "a%C2%85b%E2%80%A8c\n",
        ),
        (&["decode", "x%E2%80%AEexe.txt"][..], "x%E2%80%AEexe.txt\n"),
        (
            &["get", "--decode", "path", "http://h/a%E2%81%A6b"][..],
            "/a%E2%81%A6b\n",
        ),
        (
            &["format", "{:path}", "http://h/a%E2%80%8Bb"][..],
            "/a%E2%80%8Bb\n",
        ),
        (
            &["format", "{query:k}", "http://h/?k=%C2%9B2J"][..],
            "%C2%9B2J\n",
        ),
        (&["decode", "caf%C3%A9"][..], "café\n"),
    ] {
        let out = uri(args);
        assert_eq!(stdout(&out), shown, "{args:?}");
    }
}

/// No drawing or message shows a password, however the text parses.
#[test]
fn policy_and_parse_errors_never_show_a_password() {
    for input in [
        "https://admin:hunter2@127.0.0.1/",
        "postgres://admin:hunter2/abcd@db/app",
        "https://admin:hun ter2@example.org/",
    ] {
        let out = uri(&["check", "--policy", "public-web", input]);
        assert_eq!(out.status.code(), Some(1), "{input}");
        assert!(!stderr(&out).contains("hunter2"), "{}", stderr(&out));
        assert!(!stderr(&out).contains("hun ter2"), "{}", stderr(&out));
    }
}

/// The site and the public suffix of each host, from the Public Suffix
/// List as browsers use it, or its ICANN section alone.
#[test]
fn get_and_format_read_the_site_of_a_host() {
    let out = uri(&[
        "get",
        "site",
        "https://www.Example.co.uk./x",
        "https://alice.github.io/",
        "http://127.0.0.1/",
        "http://co.uk/",
    ]);
    assert_eq!(stdout(&out), "example.co.uk\nalice.github.io\n");
    assert_eq!(
        stderr(&out),
        "error: \"http://127.0.0.1/\" has no site: the host is an IP address, which has no site\n\
         error: \"http://co.uk/\" has no site: the host is a public suffix itself\n"
    );
    assert_eq!(out.status.code(), Some(1));
    let out = uri(&["get", "--icann", "site", "https://alice.github.io/"]);
    assert_eq!(stdout(&out), "github.io\n");
    let out = uri(&["get", "suffix", "https://alice.github.io/", "http://co.uk/"]);
    assert_eq!(stdout(&out), "github.io\nco.uk\n");
    let out = uri(&[
        "format",
        "--absent",
        "-",
        "{host} {site} {suffix}",
        "https://a.b.example.com/",
        "http://[::1]/",
    ]);
    assert_eq!(stdout(&out), "a.b.example.com example.com com\n[::1] - -\n");
    let out = uri(&["parse", "--json-lines", "https://www.example.co.uk/"]);
    assert!(stdout(&out).contains(r#""site":"example.co.uk","suffix":"co.uk""#));
}

/// trurl's conventions for a component the URI lacks: an empty line and
/// success, `--require` to fail, `--default-port` for the scheme's port;
/// a host asked of text with no authority stays an error.
#[test]
fn an_absent_component_is_an_empty_line_unless_required() {
    let out = uri(&[
        "get",
        "port",
        "https://example.com/",
        "https://example.com:8443/",
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out), "\n8443\n");
    for part in ["userinfo", "query", "fragment"] {
        let out = uri(&["get", part, "https://example.com/"]);
        assert_eq!(
            (out.status.code(), stdout(&out)),
            (Some(0), "\n".to_owned()),
            "{part}"
        );
    }
    let out = uri(&["get", "--require", "port", "https://example.com/"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("has no port"), "{}", stderr(&out));
    let out = uri(&[
        "get",
        "--default-port",
        "port",
        "https://example.com/",
        "ws://h:81/",
    ]);
    assert_eq!(stdout(&out), "443\n81\n");
    let out = uri(&["get", "host", "example.com"]);
    assert_eq!(out.status.code(), Some(1));
}

/// The public-web preset refuses every reader's number, and says which
/// readers part ways; `example.com` is a public name.
#[test]
fn the_public_web_preset_refuses_numbers_some_reader_takes_elsewhere() {
    for text in [
        "http://0127.1/",
        "http://010.1/",
        "http://02130706433/",
        "http://0169.254.43518/latest/meta-data/",
        "http://metadata/",
        "http://1.2.3.4.5/",
    ] {
        let out = uri(&["check", "--policy", "public-web", text]);
        assert_eq!(out.status.code(), Some(1), "{text}");
    }
    let out = uri(&["check", "--policy", "public-web", "http://0127.1/"]);
    assert!(
        stderr(&out)
            .contains("browsers and inet_aton read 87.0.0.1; Java and older Go read 127.0.0.1"),
        "{}",
        stderr(&out)
    );
    let out = uri(&[
        "check",
        "--policy",
        "public-web",
        "https://example.com/hook",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

/// Standard input is read when no value is given and it is not a
/// terminal, and a blank line gives a blank line, in step.
#[test]
fn standard_input_without_a_dash_and_blank_lines_in_step() {
    let out = uri_with_stdin(
        &["normalize"],
        "HTTPS://Example.com:443/a\n\nhttp://x/./y\n",
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), "https://example.com/a\n\nhttp://x/y\n");
    assert_eq!(stderr(&out), "");
    let out = uri_with_stdin(
        &["get", "host"],
        "https://a.example/\n\nhttps://b.example/\n",
    );
    assert_eq!(stdout(&out), "a.example\n\nb.example\n");
}

/// `get --json`: an object a line, an absent component `null`, a failed
/// input an object with its error.
#[test]
fn get_writes_json_lines() {
    let out = uri(&[
        "get",
        "--json",
        "port",
        "https://example.com/",
        "http://h:8080/",
        "a b",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let lines: Vec<String> = stdout(&out).lines().map(str::to_owned).collect();
    assert_eq!(lines[0], r#"{"uri":"https://example.com/","port":null}"#);
    assert_eq!(lines[1], r#"{"uri":"http://h:8080/","port":"8080"}"#);
    assert!(
        lines[2].starts_with(r#"{"uri":"a b","error":{"kind":"invalid-char""#),
        "{}",
        lines[2]
    );
}

/// `set NAME?=VALUE` sets a component only where the reference lacks it.
#[test]
fn a_conditional_set_leaves_a_present_component_alone() {
    let out = uri(&["set", "port?=8080", "http://h/", "http://h:81/"]);
    assert_eq!(stdout(&out), "http://h:8080/\nhttp://h:81/\n");
    let out = uri(&[
        "set",
        "query?=a=1",
        "http://h/",
        "http://h/?b",
        "http://h/?",
    ]);
    assert_eq!(stdout(&out), "http://h/?a=1\nhttp://h/?b\nhttp://h/?\n");
}
