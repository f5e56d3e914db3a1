//! What the hand-offs share: how a component read differently is
//! described, and how two readings of a host are compared (as a client
//! reaches it, [`reach`](crate::value::reach)).

use alloc::string::String;
use core::fmt;

use uri_core::Component;
use uri_core::render::Quoted;

use crate::value::host::Host;
use crate::value::reach::{NumberForms, Reached, reach};

/// The first component another crate reads differently: ours as RFC 3986
/// reads it, theirs as the other crate (or the resolver behind it) does.
/// A userinfo's password is never kept: both readings show it as `***`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Difference {
    pub(crate) component: Component,
    pub(crate) ours: String,
    pub(crate) theirs: String,
}

impl Difference {
    pub(crate) fn new(component: Component, ours: &str, theirs: &str) -> Difference {
        let shown = |text: &str| match component {
            Component::Userinfo => without_password(text),
            _ => String::from(text),
        };
        Difference {
            component,
            ours: shown(ours),
            theirs: shown(theirs),
        }
    }
}

/// A userinfo as `***`, whole: either half may be the secret (a password,
/// or a token as the user name, `TOKEN:x-oauth-basic`), as
/// [`Uri::redacted`](crate::Uri::redacted) hides it.
fn without_password(userinfo: &str) -> String {
    if userinfo.is_empty() {
        String::new()
    } else {
        String::from("***")
    }
}

/// Whether the other crate's host (`None` where it reads none) is ours:
/// ours as RFC 3986 reads it, a registered name mapped for DNS but never
/// an address; theirs as a client reaches it, number forms as addresses.
/// So `0x7f.1` differs (a name to us, `127.0.0.1` to a resolver), and so
/// does a name whose DNS form we cannot know.
pub(crate) fn same_host(ours: Option<&Host<'_>>, theirs: Option<&Reached<'_>>) -> bool {
    let empty = Reached::Name("".into());
    let ours = match ours {
        Some(host) => match reach(host, NumberForms::AsNames) {
            Ok(reached) => Some(reached),
            Err(_) => return false,
        },
        None => None,
    };
    // An empty host and no host are the same place: nowhere on a network.
    ours.as_ref().unwrap_or(&empty) == theirs.unwrap_or(&empty)
}

/// "`reader` reads the path "/a/%2E%2E/b" as "/b"", or, where one reading
/// is empty, which side has the component.
pub(crate) fn describe(
    f: &mut fmt::Formatter<'_>,
    reader: &str,
    component: Component,
    ours: &str,
    theirs: &str,
) -> fmt::Result {
    match (ours.is_empty(), theirs.is_empty()) {
        // Only a secret differs (a password, or a token without `:`),
        // and neither reading shows it.
        (false, false) if ours == theirs => write!(
            f,
            "{reader} reads the {component} {} differently (the secret is not shown)",
            Quoted(ours)
        ),
        (false, false) => write!(
            f,
            "{reader} reads the {component} {} as {}",
            Quoted(ours),
            Quoted(theirs)
        ),
        (true, _) => write!(
            f,
            "{reader} reads the {component} {} where the URI has none",
            Quoted(theirs)
        ),
        (false, true) => write!(
            f,
            "{reader} reads no {component} where the URI has {}",
            Quoted(ours)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::{Difference, without_password};
    use uri_core::Component;

    #[test]
    fn a_difference_in_the_userinfo_never_keeps_the_password() {
        assert_eq!(without_password("user:s3cr;t"), "***");
        assert_eq!(without_password("TOKEN:x-oauth-basic"), "***");
        assert_eq!(without_password("ghp_TOKEN"), "***");
        let d = Difference::new(Component::Userinfo, "u:a;b", "u:a%3Bb");
        assert_eq!((d.ours.as_str(), d.theirs.as_str()), ("***", "***"));
    }
}
