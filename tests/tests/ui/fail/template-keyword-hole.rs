fn main() {
    // `gen` is reserved in the 2024 edition: no variable can hold the value.
    let _ = uri::uri!("https://example.com/items/{gen}");
}
