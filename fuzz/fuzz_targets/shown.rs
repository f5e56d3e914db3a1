//! What is shown to a person never acts on a terminal and never holds a
//! secret: `pct::encode_unshowable` leaves no character that would, and
//! changes nothing else; an error's drawing holds only newlines of that
//! kind; a redacted URI and the drawing of a parse error or a policy
//! refusal hold no byte of a password.
#![no_main]

use libfuzzer_sys::fuzz_target;
use uri_runtime::pct::{self, classes::escaped_when_shown};
use uri_runtime::policy::Policy;
use uri_runtime::UriRef;

/// The password a writer meant: from the first `:` of the parsed
/// authority (the userinfo's, or the port's when a password of digits or
/// with a raw `/`, `?` or `#` was read as one) to the last `@` after it,
/// when that is at least four bytes.
fn meant_password<'a>(text: &'a str, reference: &UriRef<'_>) -> Option<&'a str> {
    let parts = reference.components();
    let colon = match (parts.userinfo(), parts.port()) {
        (Some(userinfo), _) => userinfo.start + text.get(userinfo)?.find(':')?,
        (None, Some(port)) => port.start - 1,
        (None, None) => return None,
    };
    let end = text.rfind('@').filter(|&at| at > colon)?;
    let password = text.get(colon + 1..end)?;
    (password.len() >= 4 && !password.contains(['*', '\n'])).then_some(password)
}

fuzz_target!(|text: &str| {
    let shown = pct::encode_unshowable(text);
    assert!(!shown.chars().any(escaped_when_shown), "{shown:?}");
    if !text.chars().any(escaped_when_shown) {
        assert_eq!(shown, text);
    }
    match UriRef::parse(text) {
        Ok(reference) => {
            let password = meant_password(text, &reference);
            let redacted = reference.redacted().to_string();
            // The password's own place is hidden (the same text may stand
            // elsewhere, in the path, where it is data).
            if let Some(password) = password {
                let count = |s: &str| s.matches(password).count();
                assert!(count(&redacted) < count(text), "{text:?} -> {redacted:?}");
            }
            if let Some(uri) = reference.as_uri()
                && let Err(err) = Policy::public_web().check(&uri)
            {
                let drawn = err.render(text).to_string();
                assert!(!drawn.chars().any(|c| c != '\n' && escaped_when_shown(c)));
                if let Some(password) = password {
                    let lines: Vec<&str> = drawn.lines().skip(1).step_by(3).collect();
                    for line in lines {
                        let count = |s: &str| s.matches(password).count();
                        assert!(count(line) < count(text) || line.starts_with('…'), "{text:?} -> {drawn}");
                    }
                }
            }
        }
        Err(err) => {
            let drawn = err.render(text).to_string();
            assert!(!drawn.chars().any(|c| c != '\n' && escaped_when_shown(c)), "{drawn:?}");
            let component = err.kind().component();
            if component == Some(uri_runtime::Component::Userinfo) {
                assert_eq!(err.text(), "");
            }
        }
    }
});
