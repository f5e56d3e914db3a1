fn main() {
    let _ = uri::uri!("http:///path");
}
