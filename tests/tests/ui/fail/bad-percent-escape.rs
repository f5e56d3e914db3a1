fn main() {
    let _ = uri::uri!("http://example.com/a%G1b");
}
