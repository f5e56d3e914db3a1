fn main() {
    let page = 2;
    let _ = uri::uri!("https://example.com/?page={page:>3}");
}
