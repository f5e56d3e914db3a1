fn main() {
    let _ = uri::uri!("file://host:21/etc/fstab");
}
