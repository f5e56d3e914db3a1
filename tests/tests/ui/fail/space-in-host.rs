fn main() {
    let _ = uri::uri!("http://exa mple.com/");
}
