fn main() {
    // Latin and Hebrew letters in one label break the bidi rule (RFC 5893).
    let _ = uri::uri!("http://ab\u{5D0}.example/");
}
