// A template whose path holes take numbers cannot fail: it gives the
// `UriBuf` itself, and `?` on it says so.
fn main() -> Result<(), uri::holes::HoleError> {
    let id = 7_u64;
    let _url = uri::uri!("https://example.com/users/{id}")?;
    Ok(())
}
