fn main() {
    let _ = uri::uri_template!(42);
}
