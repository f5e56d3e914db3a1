//! The four schemes with rules of their own: `file` paths in both
//! conventions (RFC 8089), `mailto` views and builders (RFC 6068), `ftp`
//! (RFC 1738) and `http(s)` targets (RFC 9110), and agreement between the
//! compile-time and run-time checks.

use uri::scheme::file::{
    FilePathErrorKind, FileUriErrorKind, PathStyle, path_to_uri, uri_to_path, uri_to_posix_bytes,
};
use uri::{
    Uri,
    scheme::SchemeErrorKind,
    scheme::mailto::{Mailto, MailtoBuilder},
    uri,
};

fn to_path(text: &str, style: PathStyle) -> Result<String, (FileUriErrorKind, usize)> {
    uri_to_path(&Uri::parse(text).unwrap(), style).map_err(|e| (e.kind(), e.index()))
}

fn to_uri(path: &str, style: PathStyle) -> Result<String, (FilePathErrorKind, usize)> {
    path_to_uri(path, style)
        .map(uri::UriBuf::into_string)
        .map_err(|e| (e.kind(), e.index()))
}

/// RFC 8089 appendix B and E: each example URI and the path it names.
#[test]
fn the_examples_of_rfc_8089() {
    use PathStyle::{Posix, Windows};
    for (uri, style, path) in [
        ("file:///path/to/file", Posix, "/path/to/file"),
        ("file:/path/to/file", Posix, "/path/to/file"),
        ("file://localhost/path/to/file", Posix, "/path/to/file"),
        ("file:c:/path/to/file", Windows, r"c:\path\to\file"),
        ("file:///c:/path/to/file", Windows, r"c:\path\to\file"),
        ("file:/c:/path/to/file", Windows, r"c:\path\to\file"),
        ("file:///c%7C/path/to/file", Windows, r"c:\path\to\file"),
        ("file:c%7C/path/to/file", Windows, r"c:\path\to\file"),
        (
            "file://host.example.com/Share/path/to/file.txt",
            Windows,
            r"\\host.example.com\Share\path\to\file.txt",
        ),
        (
            "file:////host.example.com/path/to/file",
            Windows,
            r"\\host.example.com\path\to\file",
        ),
        ("file:///c:/path/to/file.txt", Posix, "/c:/path/to/file.txt"),
    ] {
        assert_eq!(to_path(uri, style).as_deref(), Ok(path), "{uri}");
    }
    assert_eq!(
        to_path("file://host.example.com/path/to/file", Posix),
        Err((FileUriErrorKind::RemoteHost, 7))
    );
}

#[test]
fn windows_paths_to_uris() {
    use PathStyle::Windows;
    for (path, uri) in [
        (r"C:\", "file:///C:/"),
        (r"c:/Users/Me/a b.txt", "file:///c:/Users/Me/a%20b.txt"),
        (r"C:\a\\b\", "file:///C:/a//b/"),
        (r"C:\100%\é#1", "file:///C:/100%25/%C3%A9%231"),
        (r"\\server\share", "file://server/share"),
        (r"\\server\share\dir\", "file://server/share/dir/"),
        (r"\\?\C:\very\long", "file:///C:/very/long"),
        (r"\\?\UNC\server\share\x", "file://server/share/x"),
        (r"\\LocalHost\c$\x", "file:////LocalHost/c$/x"),
        (r"\\my server\share", "file://my%20server/share"),
    ] {
        assert_eq!(to_uri(path, Windows).as_deref(), Ok(uri), "{path}");
    }
    for (path, error) in [
        (r"a\b", (FilePathErrorKind::Relative, 0)),
        (r"\a\b", (FilePathErrorKind::Relative, 0)),
        (r"C:a", (FilePathErrorKind::Relative, 0)),
        (r"C:", (FilePathErrorKind::Relative, 0)),
        ("", (FilePathErrorKind::Relative, 0)),
        (r"\\.\COM1", (FilePathErrorKind::DevicePath, 0)),
        (
            r"\\?\Volume{b75e2c83-0000-0000-0000-602f00000000}\x",
            (FilePathErrorKind::DevicePath, 0),
        ),
        (r"\\server", (FilePathErrorKind::IncompleteUnc, 8)),
        (r"\\server\", (FilePathErrorKind::IncompleteUnc, 9)),
        (r"\\\share", (FilePathErrorKind::IncompleteUnc, 2)),
        ("C:\\a\0b", (FilePathErrorKind::Nul, 4)),
    ] {
        assert_eq!(to_uri(path, Windows), Err(error), "{path:?}");
    }
}

#[test]
fn uris_to_windows_paths_refuse_what_would_change_the_path() {
    use PathStyle::Windows;
    assert_eq!(to_path("file:///C:", Windows).as_deref(), Ok(r"C:\"));
    assert_eq!(
        to_path("file://localhost/C:/x#part", Windows).as_deref(),
        Ok(r"C:\x")
    );
    for (uri, error) in [
        ("file:///tmp/x", (FileUriErrorKind::NoDrive, 7)),
        ("file:///C:/a%5Cb", (FileUriErrorKind::EncodedSeparator, 12)),
        ("file:///C:/a%2Fb", (FileUriErrorKind::EncodedSeparator, 12)),
        ("file:///C:/a%00", (FileUriErrorKind::EncodedNul, 12)),
        ("file:///C:/%FF", (FileUriErrorKind::NotUtf8, 11)),
        ("file://[v1.x]/share", (FileUriErrorKind::IpLiteralHost, 7)),
        ("file://server/", (FileUriErrorKind::IncompleteUnc, 14)),
        (
            "file://server",
            (
                FileUriErrorKind::Rule(SchemeErrorKind::RelativeFilePath),
                13,
            ),
        ),
        (
            "file://///server/share",
            (FileUriErrorKind::IncompleteUnc, 9),
        ),
        ("file:///C:/x?y", (FileUriErrorKind::Query, 12)),
        ("http://h/C:/x", (FileUriErrorKind::NotFile, 0)),
        (
            "file://u@h/x",
            (
                FileUriErrorKind::Rule(SchemeErrorKind::UserinfoNotAllowed),
                7,
            ),
        ),
    ] {
        assert_eq!(to_path(uri, Windows), Err(error), "{uri}");
    }
}

#[test]
fn posix_paths_and_uris() {
    use PathStyle::Posix;
    for (path, uri) in [
        ("/", "file:///"),
        ("/a b/c?d#e", "file:///a%20b/c%3Fd%23e"),
        ("/C:/x", "file:///C%3A/x"),
        ("/x/C:/y", "file:///x/C:/y"),
        ("//net/x", "file:////net/x"),
        ("/50%/é", "file:///50%25/%C3%A9"),
        ("/a\\b", "file:///a%5Cb"),
    ] {
        assert_eq!(to_uri(path, Posix).as_deref(), Ok(uri), "{path}");
        assert_eq!(to_path(uri, Posix).as_deref(), Ok(path), "{uri}");
    }
    assert_eq!(
        to_uri("rel/x", Posix),
        Err((FilePathErrorKind::Relative, 0))
    );
    assert_eq!(to_uri("/a\0", Posix), Err((FilePathErrorKind::Nul, 2)));
    assert_eq!(
        to_path("file:///a%2Fb", Posix),
        Err((FileUriErrorKind::EncodedSeparator, 9))
    );
    assert_eq!(
        to_path("file:///a%00", Posix),
        Err((FileUriErrorKind::EncodedNul, 9))
    );
    assert_eq!(
        to_path("file:///%FF", Posix),
        Err((FileUriErrorKind::NotUtf8, 8))
    );
    assert_eq!(to_path("file:///a%5Cb", Posix).as_deref(), Ok("/a\\b"));
    let uri = Uri::parse("file:///%FF%00x").unwrap();
    assert_eq!(
        uri_to_posix_bytes(&uri).unwrap_err().kind(),
        FileUriErrorKind::EncodedNul
    );
}

#[cfg(unix)]
#[test]
fn host_paths_through_std() {
    use std::os::unix::ffi::OsStrExt as _;
    let path = std::path::Path::new(std::ffi::OsStr::from_bytes(b"/tmp/\xFF name"));
    let uri = uri::UriBuf::from_file_path(path).unwrap();
    assert_eq!(uri, "file:///tmp/%FF%20name");
    assert_eq!(uri.as_uri().to_file_path().unwrap(), path);
}

/// RFC 6068 section 6: what each example URI says, decoded.
#[test]
fn the_examples_of_rfc_6068_read_decoded() {
    let mail = |text: &'static str| Mailto::new(Uri::parse(text).unwrap()).unwrap();
    let m = mail("mailto:infobot@example.com?body=send%20current-issue%0D%0Asend%20index");
    assert!(m.to().eq(["infobot@example.com"]));
    assert_eq!(
        m.body().as_deref(),
        Some("send current-issue\r\nsend index")
    );
    let m = mail("mailto:list@example.org?In-Reply-To=%3C3469A91.D10AF4C@example.com%3E");
    assert_eq!(
        m.in_reply_to().as_deref(),
        Some("<3469A91.D10AF4C@example.com>")
    );
    let m = mail("mailto:joe@example.com?cc=bob@example.com&body=hello");
    assert!(m.cc().eq(["bob@example.com"]));
    assert!(m.headers().eq([
        ("cc".into(), "bob@example.com".into()),
        ("body".into(), "hello".into())
    ]));
    assert!(
        mail("mailto:?to=addr1@an.example,addr2@an.example")
            .to()
            .eq(["addr1@an.example", "addr2@an.example"])
    );
    assert!(
        mail("mailto:addr1@an.example,addr2@an.example")
            .to()
            .eq(["addr1@an.example", "addr2@an.example"])
    );
    let m = mail("mailto:?to=joe@example.com&cc=bob@example.com&body=hello");
    assert!(m.to().eq(["joe@example.com"]));
    assert!(
        mail("mailto:gorby%25kremvax@example.com")
            .to()
            .eq(["gorby%kremvax@example.com"])
    );
    let m = mail("mailto:unlikely%3Faddress@example.com?blat=foop");
    assert!(m.to().eq(["unlikely?address@example.com"]));
    assert_eq!(m.header("BLAT").as_deref(), Some("foop"));
    assert!(
        mail("mailto:Mike%26family@example.org")
            .to()
            .eq(["Mike&family@example.org"])
    );
    assert!(
        mail("mailto:%22not%40me%22@example.org")
            .to()
            .eq(["\"not@me\"@example.org"])
    );
    assert!(
        mail("mailto:%22oh%5C%5Cno%22@example.org")
            .to()
            .eq([r#""oh\\no"@example.org"#])
    );
    assert!(
        mail("mailto:%22%5C%5C%5C%22it's%5C%20ugly%5C%5C%5C%22%22@example.org")
            .to()
            .eq([r#""\\\"it's\ ugly\\\""@example.org"#])
    );
    assert_eq!(
        mail("mailto:user@example.org?subject=caf%C3%A9")
            .subject()
            .as_deref(),
        Some("café")
    );
    let m = mail("mailto:user@example.org?subject=%3D%3Futf-8%3FQ%3Fcaf%3DC3%3DA9%3F%3D");
    assert_eq!(m.subject().as_deref(), Some("=?utf-8?Q?caf=C3=A9?="));
    let m = mail("mailto:user@%E7%B4%8D%E8%B1%86.example.org?subject=Test&body=NATTO");
    assert!(m.to().eq(["user@納豆.example.org"]));
    assert_eq!(
        (m.subject().as_deref(), m.body().as_deref()),
        (Some("Test"), Some("NATTO"))
    );
}

#[test]
fn the_builder_writes_what_the_view_reads() {
    let addresses = [
        "\"not@me\"@example.org",
        r#""oh\\no"@example.org"#,
        "Mike&family@example.org",
        "gorby%kremvax@example.com",
        "user@納豆.example.org",
        "a,b\"@x",
    ];
    let valid = &addresses[..5];
    let mut builder = MailtoBuilder::new();
    for address in valid {
        builder = builder.to(address);
    }
    let uri = builder
        .cc("bob@example.com")
        .subject("café & co = 100%?")
        .body("one\ntwo\r\nthree\rfour")
        .header("X-Tag", "a/b")
        .build()
        .unwrap();
    let m = Mailto::new(uri.as_uri()).unwrap();
    assert!(m.to().eq(valid.iter().copied()));
    assert!(m.cc().eq(["bob@example.com"]));
    assert_eq!(m.subject().as_deref(), Some("café & co = 100%?"));
    assert_eq!(m.body().as_deref(), Some("one\r\ntwo\r\nthree\r\nfour"));
    assert_eq!(m.header("x-tag").as_deref(), Some("a/b"));
    // The RFC's own spellings come out of the builder.
    assert_eq!(
        MailtoBuilder::new().to(valid[1]).build().unwrap(),
        "mailto:%22oh%5C%5Cno%22@example.org"
    );
    assert_eq!(
        MailtoBuilder::new().to(valid[2]).build().unwrap(),
        "mailto:Mike%26family@example.org"
    );
    let err = MailtoBuilder::new().to(addresses[5]).build().unwrap_err();
    assert_eq!(
        (err.part(), err.index(), err.kind()),
        ("to", 1, SchemeErrorKind::InvalidAddress)
    );
    let err = MailtoBuilder::new()
        .header("X-A\nB", "v")
        .build()
        .unwrap_err();
    assert_eq!((err.part(), err.index()), ("header name", 3));
    let err = MailtoBuilder::new()
        .to("a@x")
        .cc("nobody")
        .build()
        .unwrap_err();
    assert_eq!(
        (err.part(), err.kind()),
        ("cc", SchemeErrorKind::MissingAtSign)
    );
    let err = MailtoBuilder::new()
        .subject("a\r\nBcc: evil@example.com")
        .build()
        .unwrap_err();
    assert_eq!(
        (err.part(), err.index(), err.kind()),
        ("header value", 1, SchemeErrorKind::HeaderLineBreak)
    );
}

#[test]
fn the_mailto_view_refuses_with_positions() {
    let err = |text: &str| Mailto::new(Uri::parse(text).unwrap()).unwrap_err();
    assert_eq!(
        err("mailto:a@x?subject=%FF").kind(),
        SchemeErrorKind::InvalidUtf8
    );
    assert_eq!(err("mailto:a@x?subject=%FF").index(), 19);
    assert_eq!(err("news:a@x").kind(), SchemeErrorKind::NotThisScheme);
    assert_eq!(err("mailto:a@x?a=b=c").index(), 14);
}

#[test]
fn literals_obey_the_scheme_rules_too() {
    assert_eq!(
        uri!("mailto:%22not%40me%22@example.org").as_str(),
        "mailto:%22not%40me%22@example.org"
    );
    assert_eq!(
        uri!("ftp://ftp.example.org/pub/notes.txt;type=a").path(),
        "/pub/notes.txt;type=a"
    );
    assert_eq!(uri!("file:///C:/Windows").path(), "/C:/Windows");
}

// Readers never hand a protocol a line break it did not write itself.

#[test]
fn ftp_names_and_logins_with_escaped_controls_are_refused_where_they_start() {
    use uri::scheme::ftp::FtpUri;
    for (text, at) in [
        ("ftp://h/dir%0D%0ADELE%20x/f", 11),
        ("ftp://h/d/f%0A", 11),
        ("ftp://us%0Ar@h/f", 8),
        ("ftp://u:p%0Dw@h/f", 9),
        ("ftp://h/a%00b", 9),
        ("ftp://h/a%7F", 9),
        ("ftp://h/a%09b", 9),
    ] {
        let err = FtpUri::new(Uri::parse(text).unwrap()).unwrap_err();
        assert_eq!(
            (err.kind(), err.index(), err.len()),
            (SchemeErrorKind::ControlCharacter, at, 3),
            "{text}"
        );
    }
    let ftp = FtpUri::new(Uri::parse("ftp://h/dir%20x/f%C3%A9").unwrap()).unwrap();
    assert_eq!(ftp.directories().collect::<Vec<_>>(), ["dir x"]);
}

#[test]
fn mailto_headers_hold_line_breaks_only_in_the_body() {
    use uri::scheme::mailto::Mailto;
    for (text, at) in [
        ("mailto:a@b?subject=x%0D%0ABcc:%20e@x", 20),
        ("mailto:a@b?x%0D%0Ay=1", 12),
        ("mailto:a@b?in-reply-to=%0A", 23),
        ("mailto:a@b?subject=%00", 19),
        ("mailto:a@b?body=ok&subject=%0D", 27),
    ] {
        let err = Mailto::new(Uri::parse(text).unwrap()).unwrap_err();
        assert_eq!(
            (err.kind(), err.index()),
            (SchemeErrorKind::ControlCharacter, at),
            "{text}"
        );
    }
    let mail =
        Mailto::new(Uri::parse("mailto:a@b?subject=a%09b&BODY=1%0D%0A2%093").unwrap()).unwrap();
    assert_eq!(mail.subject().as_deref(), Some("a\tb"));
    assert_eq!(mail.body().as_deref(), Some("1\r\n2\t3"));
}

#[test]
fn the_mailto_builder_checks_addresses_given_as_headers() {
    use uri::scheme::mailto::{Mailto, MailtoBuilder};
    for name in ["to", "cc", "bcc", "BCC", "Cc"] {
        let built = MailtoBuilder::new()
            .to("a@example.org")
            .header(name, "not an address, evil@x")
            .build();
        assert!(built.is_err(), "{name}");
    }
    let built = MailtoBuilder::new()
        .header("bcc", "b@example.org")
        .build()
        .unwrap();
    let mail = Mailto::new(built.as_uri()).unwrap();
    assert!(mail.bcc().eq(["b@example.org"]));
}

#[test]
fn scheme_errors_display_what_where_and_the_fix() {
    for (text, shown) in [
        (
            "file://C:/app/data.db",
            "drive letter where the host belongs at byte 7: a drive path takes three slashes: \
             write file:///C:/… for C:\\…",
        ),
        (
            "http:///path",
            "missing host at byte 7: name the server after '//', as in http://example.com/path",
        ),
        (
            "http://h:70000/",
            "port above 65535 at byte 9: a TCP port is a number from 0 to 65535",
        ),
    ] {
        let err = Uri::parse(text).unwrap().check_scheme_rules().unwrap_err();
        assert_eq!(err.to_string(), shown, "{text}");
    }
    let err = Uri::parse("file://C:/app/data.db")
        .unwrap()
        .check_scheme_rules()
        .unwrap_err();
    assert_eq!(
        err.render("file://C:/app/data.db").to_string(),
        "file://C:/app/data.db\n       ^^"
    );
}
