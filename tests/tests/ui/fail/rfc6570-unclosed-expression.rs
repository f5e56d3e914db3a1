fn main() {
    let _ = uri::uri_template!("/search{?q,lang");
}
