//! Browsers' URL text, for comparing with strict values.

/// A browser's URL text as a strict URI: what RFC 3986 does not allow
/// where it stands escaped (`|`, a space, a lone `%`, `[` outside the
/// host, a second `#`), which names the same resource.
pub(crate) fn strict_href(href: &str) -> String {
    let mut out = String::with_capacity(href.len());
    let bytes = href.as_bytes();
    // `[` and `]` stand only in an IP literal, within the authority.
    let authority = href
        .find(':')
        .map(|colon| colon + 1)
        .filter(|&k| href[k..].starts_with("//"));
    let authority_end = authority.map(|k| {
        k + 2
            + href[k + 2..]
                .find(['/', '?', '#'])
                .unwrap_or(href.len() - k - 2)
    });
    let mut in_fragment = false;
    for (k, c) in href.char_indices() {
        let in_authority = authority.is_some_and(|a| k > a) && authority_end.is_some_and(|e| k < e);
        let keep = match c {
            '%' => {
                k + 2 < bytes.len()
                    && bytes[k + 1].is_ascii_hexdigit()
                    && bytes[k + 2].is_ascii_hexdigit()
            }
            '[' | ']' => in_authority,
            '#' if in_fragment => false,
            '#' => {
                in_fragment = true;
                true
            }
            c => c.is_ascii_alphanumeric() || "-._~:/?@!$&'()*+,;=".contains(c),
        };
        if keep {
            out.push(c);
        } else {
            let mut buffer = [0; 4];
            for b in c.encode_utf8(&mut buffer).bytes() {
                out.extend(uri_core::pct::encode_byte(b).map(char::from));
            }
        }
    }
    out
}
