fn main() {
    let _ = uri::uri!("http://[2001:db8:::1]/");
}
