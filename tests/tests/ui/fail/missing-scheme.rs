fn main() {
    let _ = uri::uri!("//example.com/path");
}
