fn main() {
    let _ = uri::uri!("https://example.com/\
                       first/\
                       100%");
}
