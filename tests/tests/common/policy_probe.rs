//! The two questions the boundary suites ask of a URI's text: which
//! class the policy gives its host, and whether the public-web preset
//! admits it.

use uri_runtime::Uri;
use uri_runtime::policy::{HostClass, Policy, classify_host};

/// The class the policy gives the host of `text` (a URI with a host).
pub fn class_of(text: &str) -> HostClass {
    let uri = Uri::parse(text).unwrap();
    classify_host(&uri.host_parsed().unwrap())
}

/// Whether the public-web preset admits `text`.
pub fn admitted(text: &str) -> bool {
    Policy::public_web().parse(text).is_ok()
}
