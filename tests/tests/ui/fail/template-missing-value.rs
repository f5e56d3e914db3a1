fn main() {
    let _ = uri::uri!("https://example.com/users/{id}", id =);
}
