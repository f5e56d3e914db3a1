fn main() {
    let _ = uri::uri!("http://[::1/index.html");
}
