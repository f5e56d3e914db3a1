//! The grammar of RFC 3986 appendix A, written once over two scanning
//! primitives and stamped out where it is needed.
//!
//! [`parse`](crate::parse) expands it as `const fn`s over
//! [`Class::span`](crate::table::Class::span) and
//! [`encoded_span`](crate::parse::encoded_span), the scalar scans that
//! `const` evaluation can run; `uri-runtime` expands it again over vector
//! scans of its own. Which byte each component takes, where each
//! component ends and what each error is are decided only here, so the two
//! parsers cannot disagree on anything but speed: the tests compare them
//! on the whole corpus, on generated strings and under fuzzing.
//!
//! The macro is public only so that `uri-runtime` can expand it; it is not
//! part of the API. Expand it in a module of its own: it brings its
//! helpers into that module's scope.

/// Expands the parser's functions (`parse`, `scheme`, `authority`,
/// `any_authority`, `host_and_port`), each with `attrs` and the
/// `qualifier` (`const`, or nothing), over two scans and two IP readings:
/// `span`, with the results of [`Class::span`](crate::table::Class::span),
/// `encoded_span`, with those of
/// [`encoded_span`](crate::parse::encoded_span), `is_ipv4` and `is_ipv6`
/// (below).
///
/// Both scans take a `&mut` of the `context` type first, then the class,
/// the text and the bounds. The context is what the scans keep between
/// calls during one parse, such as a block of the text classified once
/// into masks; `parse` starts each parse's context from the expression
/// after `=`. Scans that keep nothing take `&mut ()`.
///
/// `is_ipv4` answers whether `b[start..end]`, a host that starts with a
/// digit, is an `IPv4address`: [`is_ipv4`](crate::__private::is_ipv4)
/// in `uri-core`, the same reading from masks of the host's bytes in the
/// vector parsers, which must give the same answer on every input.
/// `is_ipv6` answers whether `b[start..end]`, the text between an
/// `IP-literal`'s brackets, is an `IPv6address` alone (no zone):
/// [`is_ipv6`](crate::__private::is_ipv6) in `uri-core`, a reading from
/// masks in the AVX-512 parser, under the same rule.
///
/// `quick_relative` (`true` or `false`) says whether a text whose scheme
/// span stops at `/`, `?`, `#` or the end is taken for a relative
/// reference on the spot, without the out-of-line search of `scheme`,
/// and its path scanned on from where that span stopped rather than
/// from its start: the same answer either way, chosen by the texts an
/// expansion reads.
/// The scalar one reads the short references that resolution parses,
/// where the shortcut saves a call; in the vector parsers' layout the
/// branch cost more instructions than it saved (BENCHMARKS.md).
#[doc(hidden)]
#[macro_export]
macro_rules! __grammar {
    (
        attrs: [$(#[$attr:meta])*],
        qualifier: [$($qualifier:ident)?],
        context: $context:ty = $start:path,
        span: $span:path,
        encoded_span: $encoded_span:path,
        is_ipv4: $is_ipv4:path,
        is_ipv6: $is_ipv6:path,
        quick_relative: $quick_relative:literal $(,)?
    ) => {
        use $crate::__private::{
            ALPHA, AuthorityBounds, AuthorityMarks, Component, Components, HostKind, PATH,
            ParseError, ParseErrorKind, ParseOptions, QUERY_FRAGMENT, REG_NAME, SCHEME, USERINFO,
            digits_end, find_any, other_ip_literal, port_digits, scheme_name,
        };

        /// `IP-literal = "[" ( IPv6address / IPvFuture ) "]"`, given the
        /// text between the brackets: most are an IPv6 address without a
        /// zone, which `is_ipv6` answers here, in the caller; every other
        /// literal is read out of line.
        $(#[$attr])*
        pub(crate) $($qualifier)? fn ip_literal(
            b: &[u8],
            start: usize,
            end: usize,
            options: ParseOptions,
        ) -> Result<HostKind, ParseError> {
            if $is_ipv6(b, start, end) {
                return Ok(HostKind::Ipv6);
            }
            other_ip_literal(b, start, end, options)
        }

        $(#[$attr])*
        pub(crate) $($qualifier)? fn parse(
            b: &[u8],
            require_scheme: bool,
            options: ParseOptions,
        ) -> Result<Components, ParseError> {
            let len = b.len();
            let cx: &mut $context = &mut $start(b);
            // The common case in one scan: a valid scheme name, then its
            // `:`. Written here, apart from the rest of `scheme`, so that
            // it keeps its answer in a register.
            let scheme_span = $span(cx, SCHEME, b, 0, len);
            // How many of the path's first bytes are already known to be
            // path characters, so that its scan starts after them.
            let mut path_read = 0;
            let scheme_end = if scheme_span > 0
                && scheme_span < len
                && b[scheme_span] == b':'
                && ALPHA.contains(b[0])
            {
                Some(scheme_span)
            } else if $quick_relative
                && !require_scheme
                && (scheme_span == len || matches!(b[scheme_span], b'/' | b'?' | b'#'))
            {
                // No `:` before the first `/`, `?` or `#`: a relative
                // reference, whose path starts the text (a scheme
                // character is no `/`, so no authority comes first) with
                // the scheme characters just read, every one of them a
                // path character too.
                path_read = scheme_span;
                None
            } else {
                $crate::__attempt!(scheme(b, scheme_span, require_scheme))
            };
            let mut i = match scheme_end {
                Some(colon) => colon + 1,
                None => 0,
            };

            let authority = if i + 1 < len && b[i] == b'/' && b[i + 1] == b'/' {
                let start = i + 2;
                let (bounds, end) = match host_and_port(cx, b, start, options) {
                    Some(found) => found,
                    None => $crate::__attempt!(any_authority(cx, b, start, options)),
                };
                i = end;
                Some(bounds)
            } else {
                None
            };

            let path_start = i;
            let path_end = $crate::__attempt!($crate::__component!(
                $encoded_span,
                cx,
                b,
                i + path_read,
                len,
                PATH,
                b"?#",
                Component::Path,
                options.__wide(Component::Path)
            ));
            i = path_end;

            let query_mark = if i < len && b[i] == b'?' {
                let mark = i;
                i = $crate::__attempt!($crate::__component!(
                    $encoded_span,
                    cx,
                    b,
                    i + 1,
                    len,
                    QUERY_FRAGMENT,
                    b"#",
                    Component::Query,
                    options.__wide(Component::Query)
                ));
                Some(mark)
            } else {
                None
            };

            let fragment_mark = if i < len {
                // Only a `#` can be left: path and query stop at nothing else.
                let mark = i;
                $crate::__attempt!($crate::__component!(
                    $encoded_span,
                    cx,
                    b,
                    i + 1,
                    len,
                    QUERY_FRAGMENT,
                    b"",
                    Component::Fragment,
                    options.__wide(Component::Fragment)
                ));
                Some(mark)
            } else {
                None
            };

            Ok(Components::from_bounds(
                len,
                scheme_end,
                authority,
                path_start,
                query_mark,
                fragment_mark,
            ))
        }

        /// The authority starting at `start` when it is one of the common
        /// kinds, a reg-name or IPv4 address without escapes or an IP
        /// literal without a zone, optionally with a port, and the index
        /// where it ends. `None` sends every other authority (userinfo,
        /// escapes, zones, errors) to [`any_authority`]; this one scan
        /// (two for a literal) does the work of that function's several.
        $(#[$attr])*
        pub(crate) $($qualifier)? fn host_and_port(
            cx: &mut $context,
            b: &[u8],
            start: usize,
            options: ParseOptions,
        ) -> Option<(AuthorityBounds, usize)> {
            let len = b.len();
            let name_end = $span(cx, REG_NAME, b, start, len);
            let (host_end, host_kind) = if name_end == start && start < len && b[start] == b'[' {
                // Every byte of a literal without a zone (hex digits, `:`,
                // `.`, and an `IPvFuture`'s) is a userinfo byte, and `]`
                // is not: the first byte outside that class closes it, or
                // the general path reads what else it is. Where a
                // `]` closes it, it is the authority's first, as the
                // general path would find.
                let close = $span(cx, USERINFO, b, start + 1, len);
                if close >= len || b[close] != b']' {
                    return None;
                }
                match ip_literal(b, start + 1, close, options) {
                    Ok(kind) => (close + 1, kind),
                    // The general path reads it again for the error.
                    Err(_) => return None,
                }
            } else {
                // An IPv4 address starts with a digit; most names do not.
                let is_ipv4 = name_end > start
                    && b[start].is_ascii_digit()
                    && $is_ipv4(b, start, name_end);
                let kind = if is_ipv4 {
                    HostKind::Ipv4
                } else {
                    HostKind::RegName
                };
                (name_end, kind)
            };
            let (port_mark, end) = if host_end < len && b[host_end] == b':' {
                (Some(host_end), digits_end(b, host_end + 1))
            } else {
                (None, host_end)
            };
            if end < len && !matches!(b[end], b'/' | b'?' | b'#') {
                return None;
            }
            let bounds = AuthorityBounds {
                start,
                userinfo_end: None,
                host_start: start,
                host_end,
                port_mark,
                host_kind,
            };
            Some((bounds, end))
        }

        /// Any authority starting at `start`, and the index where it ends.
        $(#[$attr])*
        pub(crate) $($qualifier)? fn any_authority(
            cx: &mut $context,
            b: &[u8],
            start: usize,
            options: ParseOptions,
        ) -> Result<(AuthorityBounds, usize), ParseError> {
            let len = b.len();
            // Userinfo characters (which include the host's and the port's) up
            // to a delimiter: one span finds the end and shows there is no `@`.
            // Otherwise the span goes on past each byte that stopped it to the
            // first `/`, `?` or `#`, which are outside the class, noting the
            // first `@` and the first `]` on the way: a few spans cost less
            // than a byte loop over an IP literal or a userinfo.
            let mut end = $span(cx, USERINFO, b, start, len);
            let (mut at, mut close) = (len, len);
            while end < len && !matches!(b[end], b'/' | b'?' | b'#') {
                if b[end] == b'@' && at == len {
                    at = end;
                } else if b[end] == b']' && close == len {
                    close = end;
                }
                end = $span(cx, USERINFO, b, end + 1, len);
            }
            let marks = AuthorityMarks {
                at: if at < end { at } else { end },
                close: if close < end { close } else { end },
            };
            let bounds = $crate::__attempt!(authority(cx, b, start, end, marks, options));
            Ok((bounds, end))
        }

        /// The scheme's `:` if the input starts with one, where the bytes
        /// before `end` are scheme characters and the common case (a
        /// scheme name, then `:` at `end`) did not hold. A `:` before the
        /// first `/`, `?` or `#` can only end a scheme, since a relative
        /// path's first segment may not contain one (section 4.2).
        $(#[$attr])*
        #[cold]
        pub(crate) $($qualifier)? fn scheme(
            b: &[u8],
            end: usize,
            required: bool,
        ) -> Result<Option<usize>, ParseError> {
            // The bytes before `end` are scheme characters, none of them these.
            let colon = find_any(b, end, b.len(), b":/?#");
            if colon == b.len() || b[colon] != b':' {
                return if required {
                    Err(ParseError::at(b, 0, ParseErrorKind::MissingScheme))
                } else {
                    Ok(None)
                };
            }
            $crate::__attempt!(scheme_name(b, colon));
            Ok(Some(colon))
        }

        /// Parses `[ userinfo "@" ] host [ ":" port ]` in `b[start..end]`,
        /// whose first `@` and first `]` the caller has found.
        $(#[$attr])*
        pub(crate) $($qualifier)? fn authority(
            cx: &mut $context,
            b: &[u8],
            start: usize,
            end: usize,
            marks: AuthorityMarks,
            options: ParseOptions,
        ) -> Result<AuthorityBounds, ParseError> {
            // userinfo cannot contain `@`, so the first one ends it.
            let at = marks.at;
            let (userinfo_end, host_start) = if at < end {
                $crate::__attempt!($crate::__component!(
                    $encoded_span,
                    cx,
                    b,
                    start,
                    at,
                    USERINFO,
                    b"",
                    Component::Userinfo,
                    options.__wide(Component::Userinfo)
                ));
                (Some(at), at + 1)
            } else {
                (None, start)
            };

            let (host_end, host_kind) = if host_start < end && b[host_start] == b'[' {
                // A `]` before the host would have ended the userinfo with an
                // error, so the first one closes the literal.
                let close = marks.close;
                if close == end {
                    return Err(ParseError::at(
                        b,
                        host_start,
                        ParseErrorKind::UnclosedIpLiteral,
                    ));
                }
                let kind = $crate::__attempt!(ip_literal(b, host_start + 1, close, options));
                let host_end = close + 1;
                if host_end < end && b[host_end] != b':' {
                    return Err(ParseError::at(
                        b,
                        host_end,
                        ParseErrorKind::InvalidChar(Component::Host),
                    ));
                }
                (host_end, kind)
            } else {
                let host_end = $crate::__attempt!($crate::__component!(
                    $encoded_span,
                    cx,
                    b,
                    host_start,
                    end,
                    REG_NAME,
                    b":",
                    Component::Host,
                    options.__wide(Component::Host)
                ));
                // An IPv4 address starts with a digit; most names do not.
                let is_ipv4 = host_end > host_start
                    && b[host_start].is_ascii_digit()
                    && $is_ipv4(b, host_start, host_end);
                let kind = if is_ipv4 {
                    HostKind::Ipv4
                } else {
                    HostKind::RegName
                };
                (host_end, kind)
            };

            let port_mark = if host_end < end {
                // The host stopped at its `:`.
                $crate::__attempt!(port_digits(b, host_end + 1, end));
                Some(host_end)
            } else {
                None
            };

            Ok(AuthorityBounds {
                start,
                userinfo_end,
                host_start,
                host_end,
                port_mark,
                host_kind,
            })
        }
    };
}

/// The check of one component's text (see [`__grammar`]), as an
/// expression: `b[from..]` against `class` and percent-encoded triplets,
/// up to `to` or the first byte of `stops`, giving where it stopped.
/// Non-ASCII characters are checked as `wide` says; any other byte is an
/// [`ParseErrorKind::InvalidChar`] of `component`. Each component (the
/// userinfo and the host among them) expands it in place, so that its
/// class and stops are constants there: called as one function with the
/// class as an argument, every scan looked the class up among the masks
/// a block holds at run time.
#[doc(hidden)]
#[macro_export]
macro_rules! __component {
    (
        $encoded_span:path,
        $cx:expr,
        $b:expr,
        $from:expr,
        $to:expr,
        $class:expr,
        $stops:expr,
        $component:expr,
        $wide:expr $(,)?
    ) => {
        'component: {
            use $crate::__private::{
                Class, Component, ParseError, ParseErrorKind, Wide, char_at, contains,
                decode_triplet, is_bidi_formatting, is_iprivate, is_ucschar,
            };
            let (b, from, to, class, stops, component, wide): (
                &[u8],
                usize,
                usize,
                Class,
                &[u8],
                Component,
                Wide,
            ) = ($b, $from, $to, $class, $stops, $component, $wide);
            let cx = &mut *$cx;
            let mut i = from;
            while i < to {
                i = $encoded_span(cx, class, b, i, to);
                if i >= to {
                    break;
                }
                let byte = b[i];
                if byte == b'%' {
                    // The scan passes well-formed triplets, so this one is
                    // malformed; the check keeps the rule here all the same.
                    if decode_triplet(b, i, to).is_none() {
                        break 'component Err(ParseError::at(
                            b,
                            i,
                            ParseErrorKind::InvalidPercentEncoding(component),
                        ));
                    }
                    i += 3;
                } else if contains(stops, byte) {
                    break 'component Ok(i);
                } else if byte >= 0x80 && !matches!(wide, Wide::Refused) {
                    let (c, width) = char_at(b, i, to);
                    let allowed = match c {
                        Some(c) if is_bidi_formatting(c) => {
                            break 'component Err(ParseError::at(
                                b,
                                i,
                                ParseErrorKind::BidiFormatting(component),
                            ));
                        }
                        Some(c) => {
                            is_ucschar(c) || (matches!(wide, Wide::UcsAndPrivate) && is_iprivate(c))
                        }
                        None => false,
                    };
                    if !allowed {
                        break 'component Err(ParseError::at(
                            b,
                            i,
                            ParseErrorKind::InvalidChar(component),
                        ));
                    }
                    i += width;
                } else {
                    break 'component Err(ParseError::at(
                        b,
                        i,
                        ParseErrorKind::InvalidChar(component),
                    ));
                }
            }
            Ok(to)
        }
    };
}

/// `?` for `const fn`, where the operator's trait machinery is not
/// allowed; exported for [`__grammar`]'s expansions.
#[doc(hidden)]
#[macro_export]
macro_rules! __attempt {
    ($e:expr) => {
        match $e {
            Ok(value) => value,
            Err(err) => return Err(err),
        }
    };
}
