// `uri_ref!` gives a UriRef; a Uri needs `uri!` and a scheme.
fn main() {
    let _: uri::Uri<'static> = uri::uri_ref!("../relative");
}
