// A setter called with the wrong type: the note shows the setter's own
// signature, where its docs are, not a macro of the library.
fn main() {
    let mut u = uri::UriBuf::parse("http://example.com/").unwrap();
    u.set_port(Some(8080)).unwrap();
}
