fn main() {
    let _ = uri::uri_ref!("/caf\u{e9}/\x41%g0");
}
