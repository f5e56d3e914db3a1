const REPO: uri::uri_template::UriTemplate<'static> = uri::uri_template!("/repos/{owner}/{repo:0}");

fn main() {
    let _ = REPO;
}
