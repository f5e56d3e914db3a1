fn main() {
    // U+FFFF is a noncharacter: UTS 46 refuses it in any domain name.
    let _ = uri::uri!("https://shop.例\u{FFFF}.jp/");
}
