fn main() {
    let _ = uri::uri!("mailto:joe@example.com,nobody?subject=hi");
}
