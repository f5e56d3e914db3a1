fn main() {
    // Ten bad holes: the first eight are drawn, the other two counted.
    let _ = uri::uri!("http://a/{1}{2}{3}{4}{5}{6}{7}{8}{9}{10}");
}
