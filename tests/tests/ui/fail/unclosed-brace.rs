fn main() {
    let _ = uri::uri!("http://example.com/users/{id");
}
