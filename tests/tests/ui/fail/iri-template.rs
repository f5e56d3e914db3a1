fn main() {
    let id = 7;
    let _ = uri::iri!("http://例え.jp/記事/{id}");
}
