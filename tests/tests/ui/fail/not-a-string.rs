fn main() {
    let _ = uri::uri!(b"http://example.com/");
}
