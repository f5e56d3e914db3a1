//! A guide to compile-time literals and templates, and to their errors.
//!
//! This module holds no items; it is the page to read before writing your
//! first [`uri!`](crate::uri) or [`uri_ref!`](crate::uri_ref).
//!
//! # What a literal gives you
//!
//! ```
//! use uri_runtime::{uri, uri_ref, Uri, UriRef};
//!
//! const HOME: Uri<'static> = uri!("https://example.com/~me/my files?lang=fr");
//! const LOGO: UriRef<'static> = uri_ref!("../img/logo.png");
//!
//! assert_eq!(HOME.as_str(), "https://example.com/~me/my%20files?lang=fr");
//! assert_eq!(HOME.query(), Some("lang=fr"));
//! assert_eq!(LOGO.path(), "../img/logo.png");
//! ```
//!
//! The literal is parsed while your crate compiles, by the same parser as
//! [`Uri::parse`](crate::Uri::parse); the value is a `const` holding the
//! text and every component boundary, so reading a component costs a slice
//! and nothing is parsed at run time. `uri!` requires a scheme (RFC 3986's
//! `URI` rule); `uri_ref!` also takes relative references.
//!
//! # The canonical form
//!
//! The macro rewrites only what RFC 3986 sections 2.1 and 2.3 say a
//! producer should:
//!
//! | written | becomes | why |
//! |---|---|---|
//! | space, `"` `<` `>` `\` `^` `` ` `` `\|` | `%20`, `%22`, … | never allowed in a URI; encoding them is the only reading |
//! | non-ASCII, such as `é` | its UTF-8 bytes encoded, `%C3%A9` | likewise (RFC 3987 section 3.1) |
//! | a non-ASCII host, such as `例え.jp` | `xn--r8jz45g.jp` (feature `idna`) | the form DNS resolves (UTS 46 `ToASCII`) |
//! | `%7e`, `%41` | `~`, `A` | escapes of unreserved characters are decoded |
//! | `%2f` | `%2F` | escape hex is uppercased |
//! | `{{` and `}}` | `%7B`, `%7D` | a single brace is a template hole |
//!
//! `iri!` and `iri_ref!` keep the IRI form instead: non-ASCII
//! characters allowed by RFC 3987 (`ucschar`) stay, host included, and
//! only private-use characters are encoded among them.
//!
//! Everything else stays as written: case, dot segments, reserved
//! characters in their places. Normalization is a separate, explicit step
//! ([`Uri::normalize`](crate::Uri::normalize)).
//!
//! # Errors
//!
//! Anything else invalid is a compile error. Each names the component, the
//! byte offset in the literal, the line and column in your file, draws the
//! literal with carets under the culprit, and says how to fix it. Several
//! independent mistakes in one literal are reported together. On stable
//! Rust the error's span is the whole literal (the compiler cannot point
//! inside a string there); on nightly it is the offending bytes.
//!
//! A `%` that does not start an escape:
//!
//! ```compile_fail
//! let u = uri_runtime::uri!("https://example.com/100%");
//! ```
//!
//! ```text
//! error: invalid percent-encoding "%" in path at byte 23 (line 1, column 51)
//!          https://example.com/100%
//!                                 ^
//!          help: "%" must be followed by two hex digits; write "%25" for a literal percent sign
//! ```
//!
//! A reserved character where it cannot be (here `#` in a fragment), a
//! control character, a bad scheme or port, an IP literal that is not one:
//!
//! ```compile_fail
//! let u = uri_runtime::uri!("https://example.com/#a#b");
//! ```
//! ```compile_fail
//! let u = uri_runtime::uri!("https://example.com:80a/");
//! ```
//! ```compile_fail
//! let u = uri_runtime::uri!("http://[1::2::3]/");
//! ```
//!
//! A relative reference where a URI is required (the help says to use
//! `uri_ref!`), and an international domain name with no ASCII form (an
//! empty label; the message names the label or character and the rule):
//!
//! ```compile_fail
//! let u = uri_runtime::uri!("//example.com/path");
//! ```
//! ```compile_fail
//! let u = uri_runtime::uri!("http://bücher..example/");
//! ```
//!
//! A valid international host becomes its `xn--` form while compiling
//! (feature `idna`, opt-in): `uri!("http://bücher.example/")` is
//! the `const` `http://xn--bcher-kva.example/`.
//!
//! Only string literals are accepted: a `const` or `concat!` is not
//! expanded before the macro runs, and the error says so.
//!
//! # The rules of known schemes
//!
//! A literal of `http`, `https`, `ftp`, `mailto` or `file` must also keep
//! its scheme's rules ([`crate::scheme`]), checked by the same function as
//! [`Uri::check_scheme_rules`](crate::Uri::check_scheme_rules): an
//! `http(s)` URI needs a host and may not carry userinfo (RFC 9110 section
//! 4.2), an ftp typecode is `a`, `i` or `d`, a `mailto:` address is an
//! `addr-spec`, a `file` URI has an absolute path and no port. Other
//! schemes get the generic grammar only.
//!
//! ```compile_fail
//! let u = uri_runtime::uri!("https://user:pw@example.com/");
//! ```
//!
//! ```text
//! error: userinfo not allowed at byte 8 (a rule of the `https` scheme, RFC 9110 section 4.2) (line 1, column 36)
//!          https://user:pw@example.com/
//!                  ^^^^^^^^
//!          help: send credentials in an Authorization header, not in the URI
//! ```
//! ```compile_fail
//! let u = uri_runtime::uri!("mailto:joe@example.com,nobody");
//! ```
//! ```compile_fail
//! let u = uri_runtime::uri!("ftp://example.com/f.txt;type=x");
//! ```
//!
//! A template with holes is checked for the `http(s)` rules only, which
//! are about the authority, where no hole may stand; the other schemes'
//! rules read the path and query, which the holes fill at run time, so
//! check the result there.
//!
//! # Templates
//!
//! A literal with `{name}` holes is a template and gives an owned
//! [`UriBuf`](crate::UriBuf) (or [`UriRefBuf`](crate::UriRefBuf)); the
//! fixed text is checked as above, and each value is encoded for the
//! component its hole sits in (the [`template`](crate::holes) module
//! has the table):
//!
//! ```
//! use uri_runtime::uri;
//!
//! let (user, tags, page) = ("ada/lovelace", ["a&b", "c"], None::<u32>);
//! let url = uri!("https://example.com/users/{user}?tag={tags}&page={page}")?;
//! assert_eq!(url, "https://example.com/users/ada%2Flovelace?tag=a%26b&tag=c");
//! # Ok::<(), uri_runtime::holes::HoleError>(())
//! ```
//!
//! A template with a path hole that takes text gives a `Result`: a value
//! there that comes out as `.` or `..` is a
//! [`HoleError`](crate::holes::HoleError) naming the hole, since no
//! encoding of such a segment is data. A template whose path holes take
//! only numbers (see [`DotFree`](crate::holes::DotFree)), or that has
//! none, cannot fail and gives the `UriBuf` itself.
//!
//! Template errors, each pointing at its culprit: a hole in the scheme or
//! the authority, an unclosed `{`, a hole that is not a name, an argument
//! no hole uses, an argument given twice, a value of a type that is neither
//! `Display` nor [`TemplateValue`](crate::holes::TemplateValue) (the compiler's
//! error then points at the argument), and a name that is neither an
//! argument nor a variable in scope.
//!
//! ```compile_fail
//! let port = 8080;
//! let u = uri_runtime::uri!("http://localhost:{port}/");
//! ```
//! ```compile_fail
//! let u = uri_runtime::uri!("https://example.com/{id}", id = 1, page = 2);
//! ```
//! ```compile_fail
//! struct Secret;
//! let u = uri_runtime::uri!("https://example.com/{s}", s = Secret);
//! ```
//!
//! # What it costs
//!
//! The macro adds about 3 s of CPU to a clean debug build (proc-macro2,
//! quote, syn with three features, and the parser built for the host): in
//! the last run, 6.4 s for a program using `uri!` against 3.2 s for one
//! only calling `Uri::parse`. The opt-in `idna` feature adds about 10 s
//! more. Nothing is left to do at run time. `BENCHMARKS.md` has the
//! figures and the script (`scripts/macro-cost.sh`).
