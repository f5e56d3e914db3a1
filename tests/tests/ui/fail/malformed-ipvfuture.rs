fn main() {
    let _ = uri::uri!("http://[v1x.addr]/");
}
