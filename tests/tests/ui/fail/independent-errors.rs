// The one file with several errors: independent mistakes in one literal
// are all reported in one compile.
fn main() {
    let _ = uri::uri!("http://example.com/a%G1/b c|d[e#x#y");
}
