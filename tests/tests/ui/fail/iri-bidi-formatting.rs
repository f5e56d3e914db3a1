fn main() {
    // RIGHT-TO-LEFT OVERRIDE would display this as ".../exe.pdf".
    let _ = uri::iri!("https://example.com/\u{202E}fdp.exe");
}
