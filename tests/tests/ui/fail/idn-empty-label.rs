fn main() {
    let _ = uri::uri!("http://bücher..example/");
}
