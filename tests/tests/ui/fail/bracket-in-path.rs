fn main() {
    let _ = uri::uri!("http://example.com/a[0");
}
