fn main() {
    let r#kind = "pdf";
    // A raw identifier names the hole `{kind}`, as in `format!`.
    let _ = uri::uri!("https://example.com/files?kind={r#kind}");
}
