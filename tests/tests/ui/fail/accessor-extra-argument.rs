// An accessor of an owned URI called with an argument it does not take.
fn main() {
    let u = uri::UriRefBuf::parse("//example.com/a").unwrap();
    let _ = u.path_segments("/");
}
