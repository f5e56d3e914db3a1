fn main() {
    let port = 8080;
    let _ = uri::uri!("http://localhost:{port}/health");
}
