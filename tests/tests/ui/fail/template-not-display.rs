struct UserId(u32);

fn main() {
    let _ = uri::uri!("https://example.com/users/{id}", id = UserId(7));
}
