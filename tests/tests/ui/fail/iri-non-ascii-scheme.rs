fn main() {
    let _ = uri::iri_ref!("é例:/x");
}
