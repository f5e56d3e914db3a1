fn main() {
    let _ = uri::uri!(r#"http://example.com/"quoted"/%zz"#);
}
