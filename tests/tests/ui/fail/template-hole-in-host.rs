fn main() {
    let tenant = "acme";
    let _ = uri::uri!("https://{tenant}.example.com/");
}
