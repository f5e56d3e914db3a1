fn main() {
    let user = 7;
    let _ = uri::uri!("https://example.com/users/{usr}");
    let _ = user;
}
