fn main() {
    let _ = uri::uri!("http://example.com:80a/");
}
