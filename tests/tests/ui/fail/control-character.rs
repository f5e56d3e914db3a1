fn main() {
    let _ = uri::uri!("http://example.com/a\u{7}b");
}
