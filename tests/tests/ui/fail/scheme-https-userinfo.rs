fn main() {
    let _ = uri::uri!("https://user:pw@example.com/");
}
