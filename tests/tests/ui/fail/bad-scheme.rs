fn main() {
    let _ = uri::uri!("3ttp://example.com/");
}
