//! RFC 6570 URI Template syntax: the one checker of template text.
//!
//! ```
//! use uri_core::template::{self, Modifier, Operator, Piece};
//!
//! let text = "/repos{/owner,repo}{?page:3}";
//! let mut at = 0;
//! let mut operators = Vec::new();
//! while let Some((piece, next)) = template::next_piece(text.as_bytes(), at)? {
//!     if let Piece::Expression(expression) = piece {
//!         operators.push(expression.operator);
//!     }
//!     at = next;
//! }
//! assert_eq!(operators, [Operator::Path, Operator::Query]);
//!
//! let err = template::check("{var:0}").unwrap_err();
//! assert_eq!(err.index(), 5);
//! # Ok::<(), uri_core::template::TemplateError>(())
//! ```
//!
//! Both the run-time `UriTemplate` and the compile-time literal accept a
//! template through [`check`], so a template text is accepted by one
//! exactly when it is accepted by the other. The expansion walks it again
//! with [`next_piece`] and [`next_varspec`], which `check` is built from
//! (it reads an expression's body once, where the walkers find its `}`
//! first; a property test holds the two to the same answers). Walking
//! allocates nothing: a template is its text, and the pieces are found
//! again on each expansion (a template's own text is short next to what it
//! expands to, and a validated walk costs a few instructions per byte).
//!
//! One deviation from the grammar: its `literals` rule leaves out `'`
//! (0x27), but the standard test suite expects `'{var}'` to be a template
//! and RFC 3986 allows `'` unencoded, so it is accepted (see
//! [`TEMPLATE_LITERAL`]).

use crate::located::{Explain, Located};
use crate::parse::char_at;
use crate::pct::is_triplet;
use crate::table::{TEMPLATE_LITERAL, TEMPLATE_VARCHAR, is_iprivate, is_ucschar};

/// The largest prefix length, `max-length = %x31-39 0*3DIGIT` (RFC 6570
/// section 2.4.1).
pub const MAX_PREFIX: u16 = 9999;

/// An expression's operator (RFC 6570 section 2.2), with the expansion
/// rules of the table in appendix A.
///
/// ```
/// use uri_core::template::Operator;
///
/// assert_eq!(Operator::Query.first(), "?");
/// assert_eq!(Operator::Query.separator(), b'&');
/// assert!(Operator::Fragment.allows_reserved());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Operator {
    /// No operator: `{var}`, comma-separated, unreserved characters kept.
    Simple,
    /// `{+var}`: reserved characters and escapes kept.
    Reserved,
    /// `{#var}`: as `+`, after a `#`.
    Fragment,
    /// `{.var}`: each value after a `.`.
    Label,
    /// `{/var}`: each value after a `/`.
    Path,
    /// `{;var}`: `;name=value` pairs, `;name` for an empty value.
    PathParam,
    /// `{?var}`: a query, `?name=value&…`.
    Query,
    /// `{&var}`: a query's continuation, `&name=value…`.
    QueryContinuation,
}

impl Operator {
    /// The operator a byte after `{` names, if it names one this revision
    /// of the RFC defines.
    pub const fn from_byte(byte: u8) -> Option<Operator> {
        Some(match byte {
            b'+' => Operator::Reserved,
            b'#' => Operator::Fragment,
            b'.' => Operator::Label,
            b'/' => Operator::Path,
            b';' => Operator::PathParam,
            b'?' => Operator::Query,
            b'&' => Operator::QueryContinuation,
            _ => return None,
        })
    }

    /// The operator's own character, as written after `{`; empty for
    /// [`Operator::Simple`].
    pub const fn symbol(self) -> &'static str {
        match self {
            Operator::Simple => "",
            Operator::Reserved => "+",
            Operator::Fragment => "#",
            Operator::Label => ".",
            Operator::Path => "/",
            Operator::PathParam => ";",
            Operator::Query => "?",
            Operator::QueryContinuation => "&",
        }
    }

    /// What an expansion with at least one defined value starts with
    /// (appendix A, `first`).
    pub const fn first(self) -> &'static str {
        match self {
            Operator::Simple | Operator::Reserved => "",
            _ => self.symbol(),
        }
    }

    /// What goes between two values (appendix A, `sep`).
    pub const fn separator(self) -> u8 {
        match self {
            Operator::Label => b'.',
            Operator::Path => b'/',
            Operator::PathParam => b';',
            Operator::Query | Operator::QueryContinuation => b'&',
            Operator::Simple | Operator::Reserved | Operator::Fragment => b',',
        }
    }

    /// Whether each value is written as `name=value` (appendix A, `named`).
    pub const fn named(self) -> bool {
        matches!(
            self,
            Operator::PathParam | Operator::Query | Operator::QueryContinuation
        )
    }

    /// What a named empty value writes after its name: `=` in a query,
    /// nothing for `;` (appendix A, `ifemp`).
    pub const fn if_empty(self) -> &'static str {
        match self {
            Operator::Query | Operator::QueryContinuation => "=",
            _ => "",
        }
    }

    /// Whether reserved characters and `%XX` escapes in a value are kept
    /// as they are (appendix A, `allow` is `U+R`) rather than encoded.
    pub const fn allows_reserved(self) -> bool {
        matches!(self, Operator::Reserved | Operator::Fragment)
    }
}

/// A variable's modifier (RFC 6570 section 2.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Modifier {
    /// The whole value.
    None,
    /// `:n`: the value's first `n` characters, 1 to [`MAX_PREFIX`].
    Prefix(u16),
    /// `*`: a list's or an associative array's members as separate values.
    Explode,
}

/// One variable of an expression: its name's byte range and modifier.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct VarSpec {
    /// The first byte of the name.
    pub start: usize,
    /// One past the name's last byte (before any modifier).
    pub end: usize,
    /// The modifier after the name.
    pub modifier: Modifier,
}

/// An expression `{…}`: its operator and where its parts are.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Expression {
    /// The operator, [`Operator::Simple`] for none.
    pub operator: Operator,
    /// The index of `{`.
    pub open: usize,
    /// The first byte of the variable list.
    pub vars: usize,
    /// The index of `}`.
    pub close: usize,
}

/// A run of a template: literal text, or one expression.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Piece {
    /// Literal text `start..end`, copied to the expansion (characters
    /// outside RFC 3986's set are percent-encoded there).
    Literal {
        /// The first byte.
        start: usize,
        /// One past the last byte.
        end: usize,
    },
    /// An expression.
    Expression(Expression),
}

/// What is wrong with a template text; each kind says where its index
/// points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum TemplateErrorKind {
    /// A character the `literals` rule leaves out (a space, a control,
    /// `"` `<` `>` `\` `^` `` ` `` `|`, or a non-ASCII character that
    /// is neither `ucschar` nor `iprivate`); at the character.
    InvalidLiteral,
    /// A `%` not followed by two hex digits; at the `%`.
    InvalidPercentEncoding,
    /// A `{` with no `}` after it; at the `{`.
    UnclosedExpression,
    /// A `}` outside an expression; at the `}`.
    UnopenedExpression,
    /// An operator RFC 6570 reserves for future use (`=` `,` `!` `@`
    /// `|`); at the operator.
    ReservedOperator,
    /// A character that cannot be in a variable name; at the character.
    InvalidVarName,
    /// A variable with no name, as in `{}` or `{a,}`; at the byte where
    /// the name should start.
    EmptyVarName,
    /// A `.` that does not sit between two characters of a name, as in
    /// `{x.}` or `{x..y}`; at the `.`.
    MisplacedDot,
    /// A prefix length that is not a number from 1 to 9999 written
    /// without a leading zero; at the byte after `:`.
    InvalidPrefix,
    /// Something other than `,` or `}` after a variable and its modifier,
    /// such as a second modifier in `{v:2*}`; at that byte.
    ExpectedCommaOrClose,
}

impl TemplateErrorKind {
    /// A lowercase phrase for the kind, as `Display` uses it.
    pub const fn description(self) -> &'static str {
        match self {
            TemplateErrorKind::InvalidLiteral => {
                "character not allowed in a template's literal text"
            }
            TemplateErrorKind::InvalidPercentEncoding => "'%' not followed by two hex digits",
            TemplateErrorKind::UnclosedExpression => "'{' without a matching '}'",
            TemplateErrorKind::UnopenedExpression => "'}' without a matching '{'",
            TemplateErrorKind::ReservedOperator => "operator reserved for future extensions",
            TemplateErrorKind::InvalidVarName => "character not allowed in a variable name",
            TemplateErrorKind::EmptyVarName => "empty variable name",
            TemplateErrorKind::MisplacedDot => "'.' must sit between two characters of a name",
            TemplateErrorKind::InvalidPrefix => {
                "prefix length must be a number from 1 to 9999 without a leading zero"
            }
            TemplateErrorKind::ExpectedCommaOrClose => "expected ',' or '}' after a variable",
        }
    }

    /// How to fix it, where one fix is the likely one.
    pub const fn hint(self) -> Option<&'static str> {
        match self {
            TemplateErrorKind::InvalidLiteral => Some("percent-encode it, e.g. a space as %20"),
            TemplateErrorKind::InvalidPercentEncoding => Some("write a literal '%' as %25"),
            TemplateErrorKind::InvalidVarName => Some(
                "names hold letters, digits, '_', '.' between them, and %XX escapes; \
                 write other characters as escapes",
            ),
            _ => None,
        }
    }
}

impl Explain for TemplateErrorKind {
    fn description(self) -> &'static str {
        TemplateErrorKind::description(self)
    }

    fn hint(self) -> Option<&'static str> {
        TemplateErrorKind::hint(self)
    }
}

/// Why a text is not an RFC 6570 template, and where.
///
/// ```
/// use uri_core::template::{check, TemplateErrorKind};
///
/// let text = "/search{?q,lang";
/// let err = check(text).unwrap_err();
/// assert_eq!(err.kind(), TemplateErrorKind::UnclosedExpression);
/// assert_eq!(err.index(), 7);
/// assert_eq!(err.render(text).to_string(), "/search{?q,lang\n       ^");
/// ```
pub type TemplateError = Located<TemplateErrorKind>;

/// An error at `index` of `text`, covering the character there.
pub const fn error_at(text: &[u8], index: usize, kind: TemplateErrorKind) -> TemplateError {
    let len = if index >= text.len() {
        0
    } else if text[index] < 0x80 {
        1
    } else {
        char_at(text, index, text.len()).1
    };
    Located::new(index, len, kind)
}

/// Checks a whole template text.
///
/// ```
/// use uri_core::template::check;
///
/// assert!(check("http://example.com/~{user}{/path*}{?q,lang}").is_ok());
/// assert!(check("{x..y}").is_err());
/// ```
///
/// # Errors
///
/// The first thing wrong, in text order; see [`TemplateErrorKind`].
pub const fn check(text: &str) -> Result<(), TemplateError> {
    let bytes = text.as_bytes();
    let mut at = 0;
    while at < bytes.len() {
        at = if bytes[at] == b'{' {
            attempt!(checked_expression_end(bytes, at))
        } else {
            attempt!(literal_end(bytes, at))
        };
    }
    Ok(())
}

/// Checks the expression whose `{` is at `open` and returns the index
/// after its `}`: what [`next_piece`] and [`next_varspec`] check together,
/// with the body read once rather than twice (once for its `}`, once for
/// its variables). The variables are read up to the first `}`, which ends
/// them as an expression's `close` does. Only an error makes the search
/// for a `}` that tells whether the expression is closed at all, so that
/// an unclosed `{` is reported before anything inside it, as `next_piece`
/// reports it.
#[inline]
const fn checked_expression_end(text: &[u8], open: usize) -> Result<usize, TemplateError> {
    let (_, vars) = attempt!(operator(text, open));
    let mut at = vars;
    loop {
        match next_varspec(text, at, text.len()) {
            Ok((_, next)) if next < text.len() && text[next] == b'}' => return Ok(next + 1),
            // After a `,`; at the end of the text, the next name is empty.
            Ok((_, next)) => at = next,
            Err(err) => {
                return Err(if first_close(text, vars) == text.len() {
                    error(text, open, TemplateErrorKind::UnclosedExpression)
                } else {
                    err
                });
            }
        }
    }
}

/// The piece of `text` that starts at `at` and the index after it, or
/// `None` at the end. An expression's braces and operator are checked
/// here; its variables are checked by [`next_varspec`] as they are walked.
///
/// # Errors
///
/// An invalid literal character or escape, a `}` with no `{`, a `{` with
/// no `}`, a reserved operator or an empty expression.
#[inline]
pub const fn next_piece(text: &[u8], at: usize) -> Result<Option<(Piece, usize)>, TemplateError> {
    if at >= text.len() {
        return Ok(None);
    }
    if text[at] == b'{' {
        return match expression(text, at) {
            Ok(expression) => Ok(Some((Piece::Expression(expression), expression.close + 1))),
            Err(err) => Err(err),
        };
    }
    let end = attempt!(literal_end(text, at));
    Ok(Some((Piece::Literal { start: at, end }, end)))
}

/// How far literal text starting at `at` runs: to the next `{` or the end.
#[inline]
const fn literal_end(text: &[u8], mut at: usize) -> Result<usize, TemplateError> {
    while at < text.len() {
        at = TEMPLATE_LITERAL.span(text, at, text.len());
        if at == text.len() {
            break;
        }
        let byte = text[at];
        if byte == b'{' {
            break;
        } else if byte == b'%' {
            if !is_triplet(text, at, text.len()) {
                return Err(error(text, at, TemplateErrorKind::InvalidPercentEncoding));
            }
            at += 3;
        } else if byte == b'}' {
            return Err(error(text, at, TemplateErrorKind::UnopenedExpression));
        } else if byte >= 0x80 {
            match char_at(text, at, text.len()) {
                (Some(c), width) if is_ucschar(c) || is_iprivate(c) => at += width,
                _ => {
                    return Err(error(text, at, TemplateErrorKind::InvalidLiteral));
                }
            }
        } else {
            return Err(error(text, at, TemplateErrorKind::InvalidLiteral));
        }
    }
    Ok(at)
}

/// Reads the `{` at `open`, its operator, and finds its `}`.
#[inline]
const fn expression(text: &[u8], open: usize) -> Result<Expression, TemplateError> {
    let (operator, vars) = attempt!(operator(text, open));
    let close = first_close(text, vars);
    if close == text.len() {
        return Err(error(text, open, TemplateErrorKind::UnclosedExpression));
    }
    if close == vars {
        return Err(error(text, vars, TemplateErrorKind::EmptyVarName));
    }
    Ok(Expression {
        operator,
        open,
        vars,
        close,
    })
}

/// The index of the first `}` from `from` on, or the text's length.
#[inline]
const fn first_close(text: &[u8], mut from: usize) -> usize {
    while from < text.len() && text[from] != b'}' {
        from += 1;
    }
    from
}

/// The operator after the `{` at `open`, and where the variables start.
#[inline]
const fn operator(text: &[u8], open: usize) -> Result<(Operator, usize), TemplateError> {
    let mut vars = open + 1;
    let operator = if vars < text.len() {
        match Operator::from_byte(text[vars]) {
            Some(operator) => {
                vars += 1;
                operator
            }
            None if matches!(text[vars], b'=' | b',' | b'!' | b'@' | b'|') => {
                return Err(error(text, vars, TemplateErrorKind::ReservedOperator));
            }
            None => Operator::Simple,
        }
    } else {
        Operator::Simple
    };
    Ok((operator, vars))
}

/// The variable whose name starts at `at`, inside an expression whose `}`
/// is at `close`, and where the next one starts (`close` after the last).
/// A `}` before `close` ends the variables as `close` does, so `close` may
/// also be the text's length, for a reader that has not looked for the
/// `}` yet.
///
/// # Errors
///
/// A name, modifier or separator that breaks `varspec` (RFC 6570 section
/// 2.3 and 2.4).
#[inline(always)]
#[allow(
    clippy::inline_always,
    reason = "inlined into each walker, the checks the caller already made fold away; about a \
              fifth of a short template's parse and expansion"
)]
pub const fn next_varspec(
    text: &[u8],
    at: usize,
    close: usize,
) -> Result<(VarSpec, usize), TemplateError> {
    // Clamped, so that the compiler sees every `text[i]` with `i < close`
    // is in bounds and drops the checks from the loops.
    let close = if close < text.len() {
        close
    } else {
        text.len()
    };
    let end = attempt!(name_end(text, at, close));
    let mut next = end;
    let modifier = if next < close && text[next] == b'*' {
        next += 1;
        Modifier::Explode
    } else if next < close && text[next] == b':' {
        let (length, after) = attempt!(prefix(text, next + 1, close));
        next = after;
        Modifier::Prefix(length)
    } else {
        Modifier::None
    };
    if next < close && text[next] != b'}' {
        if text[next] != b',' {
            return Err(error(text, next, TemplateErrorKind::ExpectedCommaOrClose));
        }
        next += 1;
        if next == close || text[next] == b'}' {
            return Err(error(text, next, TemplateErrorKind::EmptyVarName));
        }
    }
    Ok((
        VarSpec {
            start: at,
            end,
            modifier,
        },
        next,
    ))
}

/// Where a `varname` starting at `at` ends.
#[inline(always)]
#[allow(clippy::inline_always, reason = "see `next_varspec`, its only caller")]
const fn name_end(text: &[u8], mut at: usize, close: usize) -> Result<usize, TemplateError> {
    let start = at;
    while at < close {
        // Names are a few bytes long: a plain loop beats `Class::span`'s
        // eight-byte steps here.
        while at < close && TEMPLATE_VARCHAR.contains(text[at]) {
            at += 1;
        }
        if at == close {
            break;
        }
        let byte = text[at];
        if byte == b'%' {
            if !is_triplet(text, at, close) {
                return Err(error(text, at, TemplateErrorKind::InvalidPercentEncoding));
            }
            at += 3;
        } else if byte == b'.' {
            let follows_name = at > start && text[at - 1] != b'.';
            let leads_name = at + 1 < close && is_var_start(text[at + 1]);
            if !follows_name || !leads_name {
                return Err(error(text, at, TemplateErrorKind::MisplacedDot));
            }
            at += 1;
        } else {
            break;
        }
    }
    if at == start {
        let kind = if at == close || matches!(text[at], b',' | b'}') {
            TemplateErrorKind::EmptyVarName
        } else {
            TemplateErrorKind::InvalidVarName
        };
        return Err(error(text, at, kind));
    }
    if at < close && !matches!(text[at], b'*' | b':' | b',' | b'}') {
        return Err(error(text, at, TemplateErrorKind::InvalidVarName));
    }
    Ok(at)
}

const fn is_var_start(byte: u8) -> bool {
    TEMPLATE_VARCHAR.contains(byte) || byte == b'%'
}

/// A `max-length` starting at `at`, and the index after it.
const fn prefix(text: &[u8], at: usize, close: usize) -> Result<(u16, usize), TemplateError> {
    if at >= close || !matches!(text[at], b'1'..=b'9') {
        return Err(error(text, at, TemplateErrorKind::InvalidPrefix));
    }
    let mut length: u16 = 0;
    let mut next = at;
    while next < close && text[next].is_ascii_digit() {
        if next - at == 4 {
            return Err(error(text, at, TemplateErrorKind::InvalidPrefix));
        }
        length = length * 10 + (text[next] - b'0') as u16;
        next += 1;
    }
    Ok((length, next))
}

/// An error, built out of the walkers' way: only invalid text gets here,
/// and keeping the construction out of line keeps their loops small.
#[cold]
#[inline(never)]
const fn error(text: &[u8], at: usize, kind: TemplateErrorKind) -> TemplateError {
    error_at(text, at, kind)
}

#[cfg(test)]
mod tests {
    extern crate std;

    use super::*;
    use std::string::ToString;

    fn kind_at(text: &str) -> (TemplateErrorKind, usize) {
        let err = check(text).expect_err(text);
        (err.kind(), err.index())
    }

    #[test]
    fn every_level_and_operator_is_accepted() {
        for text in [
            "",
            "plain/text?with=query#and-fragment",
            "{var}",
            "{+path}/here",
            "X{#var}",
            "{.dom*}",
            "{/var:1,var}",
            "{;x,y,empty}",
            "{?x,y,undef}",
            "?fixed=yes{&x}",
            "{var:9999}",
            "{a.b_c.D9}",
            "{%41b}",
            "caf\u{e9}/{x}",
            "%2F{x}",
        ] {
            assert_eq!(check(text), Ok(()), "{text}");
        }
    }

    #[test]
    fn each_kind_points_at_its_byte() {
        use TemplateErrorKind::*;
        assert_eq!(kind_at("a b"), (InvalidLiteral, 1));
        assert_eq!(kind_at("a\"b"), (InvalidLiteral, 1));
        assert_eq!(kind_at("a\u{7f}"), (InvalidLiteral, 1));
        assert_eq!(kind_at("x\u{fffe}"), (InvalidLiteral, 1));
        assert_eq!(kind_at("/100%"), (InvalidPercentEncoding, 4));
        assert_eq!(kind_at("/{id"), (UnclosedExpression, 1));
        assert_eq!(kind_at("/id}"), (UnopenedExpression, 3));
        assert_eq!(kind_at("{|var}"), (ReservedOperator, 1));
        assert_eq!(kind_at("{/?id}"), (InvalidVarName, 2));
        assert_eq!(kind_at("{a b}"), (InvalidVarName, 2));
        assert_eq!(kind_at("{}"), (EmptyVarName, 1));
        assert_eq!(kind_at("{?}"), (EmptyVarName, 2));
        assert_eq!(kind_at("{a,}"), (EmptyVarName, 3));
        assert_eq!(kind_at("{a,,b}"), (EmptyVarName, 3));
        assert_eq!(kind_at("{x.}"), (MisplacedDot, 2));
        assert_eq!(kind_at("{x..y}"), (MisplacedDot, 2));
        assert_eq!(kind_at("{%2x}"), (InvalidPercentEncoding, 1));
        assert_eq!(kind_at("{v:0}"), (InvalidPrefix, 3));
        assert_eq!(kind_at("{v:01}"), (InvalidPrefix, 3));
        assert_eq!(kind_at("{v:10000}"), (InvalidPrefix, 3));
        assert_eq!(kind_at("{v:}"), (InvalidPrefix, 3));
        assert_eq!(kind_at("{v:2*}"), (ExpectedCommaOrClose, 4));
        assert_eq!(kind_at("{v*:2}"), (ExpectedCommaOrClose, 3));
    }

    #[test]
    fn an_error_covers_one_character() {
        let err = check("x\u{fffe}").unwrap_err();
        assert_eq!((err.index(), err.len()), (1, 3));
        let err = check("{").unwrap_err();
        assert_eq!((err.index(), err.len()), (0, 1));
        assert_eq!(err.to_string(), "'{' without a matching '}' at byte 0");
    }

    #[test]
    fn varspecs_carry_names_and_modifiers() {
        let text = b"{x,y*,z:30}";
        let Ok(Some((Piece::Expression(e), 11))) = next_piece(text, 0) else {
            panic!("not one expression")
        };
        let mut at = e.vars;
        let mut found = [(0, 0, Modifier::None); 3];
        let mut n = 0;
        while at < e.close {
            let (spec, next) = next_varspec(text, at, e.close).unwrap();
            found[n] = (spec.start, spec.end, spec.modifier);
            n += 1;
            at = next;
        }
        assert_eq!(
            found,
            [
                (1, 2, Modifier::None),
                (3, 4, Modifier::Explode),
                (6, 7, Modifier::Prefix(30))
            ]
        );
    }
}
