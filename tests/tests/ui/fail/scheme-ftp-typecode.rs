fn main() {
    let _ = uri::uri!("ftp://ftp.example.org/pub/f.txt;type=x");
}
