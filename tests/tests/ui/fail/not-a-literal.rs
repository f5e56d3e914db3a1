fn main() {
    let _ = uri::uri!(concat!("http://", "example.com"));
}
