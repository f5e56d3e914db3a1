//! Matching a URI back to a template's variables, for the templates where
//! the answer is unique.

use alloc::borrow::Cow;
use alloc::collections::BTreeMap;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use uri_core::pct::{URI_CHARS, decode_triplet};
use uri_core::table::{RESERVED, UNRESERVED};
use uri_core::template::{Expression, Modifier, Operator, Piece, VarSpec};

use super::vars::{Value, Var, Variables};
use super::walk;
use crate::pct::{decode_utf8, encode_keep_escapes};

/// Why a template cannot be matched: it is outside the subset where a URI
/// determines the variables, and `index` is the byte of the template where
/// the doubt starts.
///
/// ```
/// use uri_runtime::uri_template::UriTemplate;
///
/// // `{name}` may hold `.`, so where does it end?
/// let err = UriTemplate::parse("/files/{name}.json")?.match_uri("/files/a.b.json").unwrap_err();
/// assert_eq!(err.index(), 7);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ambiguous {
    index: usize,
    reason: &'static str,
}

impl Ambiguous {
    /// The byte of the template (the `{` of an expression) where the
    /// ambiguity is.
    pub fn index(&self) -> usize {
        self.index
    }

    /// Why the expression there cannot be matched.
    pub fn reason(&self) -> &'static str {
        self.reason
    }
}

impl fmt::Display for Ambiguous {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "template cannot be matched at byte {}: {}",
            self.index, self.reason
        )
    }
}

impl core::error::Error for Ambiguous {}

/// A matched variable's value, decoded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Captured {
    /// A single value.
    String(String),
    /// Several values: the members of an exploded list, or a value that
    /// was written with `,` between members (one member comes back as a
    /// string, since its text is the same).
    List(Vec<String>),
    /// The `key=value` pairs an exploded associative array took in a
    /// named expression (`{?params*}`), for keys no other variable has.
    AssocArray(Vec<(String, String)>),
}

/// The variables a URI was matched to, in the template's order; a
/// variable the URI left undefined is absent.
///
/// # The templates that can be matched
///
/// A template can be matched when its text tells where each expression's
/// expansion ends and how it splits, that is, when every expression is
/// followed by the end of the template, by literal text, or by an
/// expression that starts with its own character (`{?q}`, `{#f}`), and
///
/// - what follows is a reserved character its values are always encoded
///   out of (so `/{id}/edit` and `{/id}{?q}` can, `{name}.json` and
///   `{a}{b}` cannot, since a value may hold `.` and `{a}` may end
///   anywhere);
/// - `{+var}` and `{#var}` hold one variable, not exploded, and stand at
///   the end of the template or, for `+`, before a `?` or `#`, which end a
///   path however the URI is read;
/// - `{.var}` holds one variable (a value may hold `.`);
/// - at most one variable of an expression is exploded, and it is the
///   last one except in `{?…}`, `{&…}` and `{;…}`, which are matched by
///   key in any order.
///
/// In an expression without names (`{x,y}`, `{/a,b}`), the values go to
/// the variables in order, so when the URI has fewer values than the
/// expression has variables, the last ones are undefined: `/1` matches
/// `{/a,b}` with `a` = `1`, although `b` = `1` writes it too. Such an
/// expression's variables may appear in no other expression, where the
/// guess could contradict what that one wrote (`{.e}{/e,a}` is
/// [`Ambiguous`]). An exploded variable there comes back as a list, or as
/// an associative array when its members are `key=value`.
///
/// Values come back decoded. A member written with `,` between others
/// comes back as a [`Captured::List`]; in `{?…}`, pairs whose key is not
/// a variable's go to the exploded variable, as an associative array. A
/// value cut by a prefix modifier comes back cut. An empty expansion
/// leaves its variables undefined, since an empty value and no value
/// write the same text there.
///
/// ```
/// use uri_runtime::uri_template::UriTemplate;
/// use uri_runtime::uri_template::Captured;
///
/// let template = UriTemplate::parse("/repos/{owner}/{repo}/issues{?state,labels}")?;
/// let found = template.match_uri("/repos/rust-lang/rust/issues?labels=A-docs,E-easy&state=open")?.unwrap();
/// assert_eq!(found.get("owner"), Some("rust-lang"));
/// assert_eq!(found.get("state"), Some("open"));
/// assert_eq!(
///     found.value("labels"),
///     Some(&Captured::List(vec!["A-docs".into(), "E-easy".into()]))
/// );
/// assert!(template.match_uri("/repos/rust-lang").unwrap().is_none());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Captures {
    vars: Vec<(String, Captured)>,
}

impl Captures {
    /// A variable captured as a single string.
    pub fn get(&self, name: &str) -> Option<&str> {
        match self.value(name)? {
            Captured::String(text) => Some(text),
            _ => None,
        }
    }

    /// A variable's value, of whatever shape.
    pub fn value(&self, name: &str) -> Option<&Captured> {
        self.vars
            .iter()
            .find(|(key, _)| key == name)
            .map(|(_, value)| value)
    }

    /// The variables and their values, in the template's order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &Captured)> {
        self.vars.iter().map(|(name, value)| (name.as_str(), value))
    }

    /// How many variables were captured.
    pub fn len(&self) -> usize {
        self.vars.len()
    }

    /// Whether none was.
    pub fn is_empty(&self) -> bool {
        self.vars.is_empty()
    }
}

impl Var for Captured {
    fn value(&self) -> Option<Value<'_>> {
        Some(match self {
            Captured::String(text) => Value::String(Cow::Borrowed(text)),
            Captured::List(items) => Value::List(items),
            Captured::AssocArray(pairs) => Value::AssocArray(pairs),
        })
    }
}

/// Captures expand back to the URI they came from.
impl Variables for Captures {
    fn get(&self, name: &str) -> Option<Value<'_>> {
        self.value(name)?.value()
    }
}

/// Captures as matching collects them: each with whether it was read
/// through a prefix modifier only, and so may be the start of the value.
#[derive(Default)]
struct Found {
    vars: Vec<(String, Captured, bool)>,
    /// Where each name is in `vars`, so that a template of many variables
    /// is matched in time linear in them (times a logarithm), not square.
    index: BTreeMap<String, usize>,
}

impl Found {
    /// Records `value` for `name`, `cut` if read through a prefix
    /// modifier. A variable the template names twice must come back the
    /// same both times, except that a cut value need only start the other
    /// (`{/var:1,var}`), and the longer one is kept.
    fn insert(&mut self, name: &str, value: Captured, cut: bool) -> Option<()> {
        let Some(&at) = self.index.get(name) else {
            self.index.insert(name.into(), self.vars.len());
            self.vars.push((name.into(), value, cut));
            return Some(());
        };
        let (_, earlier, earlier_cut) = &self.vars[at];
        let earlier_cut = *earlier_cut;
        if same_text(earlier, &value) {
            self.vars[at].2 = earlier_cut && cut;
            // A string and a one-item list read alike, but do not always
            // write alike (`{;u}` writes `;u` for the string "", `;u=` for
            // the list [""]): the string is the value both wrote.
            if matches!(value, Captured::String(_)) {
                self.vars[at].1 = value;
            }
            return Some(());
        }
        let (Captured::String(old), Captured::String(new)) = (earlier, &value) else {
            return None;
        };
        // A cut value must start the whole one; of two cut values the
        // longer is kept.
        let keep_new = match (earlier_cut, cut) {
            (false, false) => false,
            (true, false) => new.starts_with(old.as_str()),
            (_, true) if earlier_cut && new.starts_with(old.as_str()) => true,
            (_, true) => return old.starts_with(new.as_str()).then_some(()),
        };
        if !keep_new {
            return None;
        }
        self.vars[at] = (name.into(), value, cut);
        Some(())
    }

    fn into_captures(self) -> Captures {
        let vars = self
            .vars
            .into_iter()
            .map(|(name, value, _)| (name, value))
            .collect();
        Captures { vars }
    }
}

/// Where an expression's expansion ends: at the first byte of the set
/// (bit `b` for ASCII byte `b`), or at the end of the text.
#[derive(Clone, Copy, Default)]
struct Stop(u128);

impl Stop {
    fn add(&mut self, byte: u8) {
        // A non-ASCII literal character is written as an escape.
        let byte = if byte >= 0x80 { b'%' } else { byte };
        self.0 |= 1 << byte;
    }

    fn bytes(self) -> impl Iterator<Item = u8> {
        (0..128u8).filter(move |&b| self.0 >> b & 1 == 1)
    }

    /// The length of the text up to the first stop byte.
    fn extent(self, text: &str) -> usize {
        text.bytes()
            .position(|b| b < 0x80 && self.0 >> b & 1 == 1)
            .unwrap_or(text.len())
    }
}

/// Matches `uri` against `template`.
pub(super) fn match_text(template: &str, uri: &str) -> Result<Option<Captures>, Ambiguous> {
    let pieces: Vec<Piece> = walk::pieces(template).collect();
    check_positional_names(template, &pieces)?;
    let mut stops = Vec::with_capacity(pieces.len());
    for (i, piece) in pieces.iter().enumerate() {
        if let Piece::Expression(expression) = *piece {
            let stop = stop_after(template, &pieces[i + 1..], expression)?;
            check_matchable(template, expression, stop)?;
            stops.push(stop);
        } else {
            stops.push(Stop::default());
        }
    }
    let mut found = Found::default();
    let mut at = 0;
    for (piece, stop) in pieces.iter().zip(stops) {
        match *piece {
            Piece::Literal { start, end } => {
                let literal = encode_keep_escapes(&template[start..end], &URI_CHARS);
                match uri.get(at..) {
                    Some(rest) if rest.starts_with(&*literal) => at += literal.len(),
                    _ => return Ok(None),
                }
            }
            Piece::Expression(expression) => {
                let rest = uri.get(at..).unwrap_or_default();
                let len = stop.extent(rest);
                let expansion = &rest[..len];
                if capture(template, expression, expansion, &mut found).is_none() {
                    return Ok(None);
                }
                at += len;
            }
        }
    }
    Ok((at == uri.len()).then(|| found.into_captures()))
}

/// What ends the expression's expansion: the first byte of the next
/// literal, or the first character of an expression after it, and, since
/// such an expression may write nothing, whatever may follow that one.
fn stop_after(template: &str, after: &[Piece], expression: Expression) -> Result<Stop, Ambiguous> {
    let mut stop = Stop::default();
    for piece in after {
        match piece {
            Piece::Literal { start, .. } => {
                stop.add(template.as_bytes()[*start]);
                break;
            }
            Piece::Expression(following) => match following.operator.first().as_bytes().first() {
                Some(&byte) => stop.add(byte),
                None => {
                    return Err(ambiguous(
                        expression,
                        "it is followed by an expression that may start with anything",
                    ));
                }
            },
        }
    }
    Ok(stop)
}

fn ambiguous(expression: Expression, reason: &'static str) -> Ambiguous {
    Ambiguous {
        index: expression.open,
        reason,
    }
}

/// Whether the expression's expansion is sure to end at `stop` and to
/// split into its variables one way only.
fn check_matchable(template: &str, expression: Expression, stop: Stop) -> Result<(), Ambiguous> {
    let operator = expression.operator;
    let specs: Vec<VarSpec> = walk::specs(template, expression).collect();
    let exploded = specs
        .iter()
        .filter(|spec| spec.modifier == Modifier::Explode)
        .count();
    let last_exploded = specs
        .last()
        .is_some_and(|spec| spec.modifier == Modifier::Explode);
    let single = matches!(
        operator,
        Operator::Reserved | Operator::Fragment | Operator::Label
    );
    match operator {
        _ if single && (specs.len() != 1 || exploded != 0) => {
            return Err(ambiguous(
                expression,
                "values may hold its separator; give it one variable, not exploded",
            ));
        }
        _ if exploded > 1 => {
            return Err(ambiguous(
                expression,
                "two exploded variables share the members",
            ));
        }
        _ if exploded == 1 && !last_exploded && !operator.named() => {
            return Err(ambiguous(
                expression,
                "only the last variable may be exploded",
            ));
        }
        _ if exploded == 1 && operator.named() && named_twice(template, &specs) => {
            return Err(ambiguous(
                expression,
                "an exploded variable's pairs are told apart from the others by name, and its name appears twice",
            ));
        }
        _ => {}
    }
    let several = specs.len() > 1 || exploded > 0;
    let ends = |byte: u8| match operator {
        Operator::Reserved => matches!(byte, b'?' | b'#'),
        Operator::Fragment => false,
        _ => RESERVED.contains(byte) && !writes(operator, several, exploded > 0, byte),
    };
    if stop.bytes().all(ends) {
        Ok(())
    } else {
        Err(ambiguous(
            expression,
            "its values may hold the character that follows it",
        ))
    }
}

/// An expression without names that holds several variables gives its
/// values to them in order, so a URI with fewer values leaves the last
/// ones undefined. That guess is only safe when those variables appear
/// nowhere else: in `{.e}{/e,a}`, the text `/2` is `a` = `2` with `e`
/// undefined, while the guess would say `e` = `2`, which writes `.2/2`.
fn check_positional_names(template: &str, pieces: &[Piece]) -> Result<(), Ambiguous> {
    let expressions: Vec<Expression> = pieces
        .iter()
        .filter_map(|piece| match *piece {
            Piece::Expression(expression) => Some(expression),
            Piece::Literal { .. } => None,
        })
        .collect();
    // Each name once, with how many expressions name it: linear in the
    // number of variables, through a sorted list.
    let mut names: Vec<(&str, usize)> = Vec::new();
    for expression in &expressions {
        let mut own: Vec<&str> = walk::specs(template, *expression)
            .map(|spec| walk::name(template, spec))
            .collect();
        own.sort_unstable();
        own.dedup();
        names.extend(own.into_iter().map(|name| (name, expression.open)));
    }
    names.sort_unstable_by_key(|&(name, _)| name);
    for expression in &expressions {
        let specs: Vec<VarSpec> = walk::specs(template, *expression).collect();
        // The order decides only between different variables (`{/v:1,v}`
        // names one).
        let first_name = specs.first().map(|spec| walk::name(template, *spec));
        let one_name = specs
            .iter()
            .all(|spec| Some(walk::name(template, *spec)) == first_name);
        if expression.operator.named() || one_name {
            continue;
        }
        for spec in &specs {
            let name = walk::name(template, *spec);
            let first = names.partition_point(|&(other, _)| other < name);
            let elsewhere = names
                .get(first..)
                .unwrap_or_default()
                .iter()
                .take_while(|&&(other, _)| other == name)
                .any(|&(_, open)| open != expression.open);
            if elsewhere {
                return Err(ambiguous(
                    *expression,
                    "its values go to its variables in order, and one of them appears in another expression",
                ));
            }
        }
    }
    Ok(())
}

/// Whether two of an expression's variables have one name.
fn named_twice(template: &str, specs: &[VarSpec]) -> bool {
    let mut names: Vec<&str> = specs
        .iter()
        .map(|spec| walk::name(template, *spec))
        .collect();
    names.sort_unstable();
    names.windows(2).any(|pair| pair[0] == pair[1])
}

/// Whether an expression of `operator` may write `byte` outside its
/// values' escapes: its `first` character, the `,` between a list's
/// members, `=` after a name or between an exploded associative array's
/// keys and values, and its separator when it writes several values.
fn writes(operator: Operator, several: bool, exploded: bool, byte: u8) -> bool {
    operator.first().as_bytes().first() == Some(&byte)
        || byte == b','
        || ((operator.named() || exploded) && byte == b'=')
        || (several && byte == operator.separator())
}

/// Reads one expression's expansion into `found`; `None` when it could
/// not have come from the expression.
fn capture(
    template: &str,
    expression: Expression,
    expansion: &str,
    found: &mut Found,
) -> Option<()> {
    if expansion.is_empty() {
        return Some(());
    }
    let operator = expression.operator;
    let body = match operator.first() {
        "" => expansion,
        first => expansion.strip_prefix(first)?,
    };
    let reserved = operator.allows_reserved();
    let specs: Vec<VarSpec> = walk::specs(template, expression).collect();
    let name = |spec: &VarSpec| walk::name(template, *spec);
    if operator.named() {
        // The exploded variable (at most one) takes the pairs named after
        // it as a list, or the pairs no variable is named after as an
        // associative array; not both.
        let exploded = specs.iter().find(|spec| spec.modifier == Modifier::Explode);
        // The variables by name (the first of each, as a scan would find),
        // for a lookup per pair that does not walk them all.
        let mut by_name: Vec<(&str, usize)> = specs
            .iter()
            .enumerate()
            .map(|(i, spec)| (name(spec), i))
            .collect();
        by_name.sort_by_key(|&(name, i)| (name, i));
        // Whether a name is read through a prefix anywhere in the
        // expression (`{?v,v:1}` writes `v` whole and cut).
        let mut cut_by_name: BTreeMap<&str, bool> = BTreeMap::new();
        for spec in &specs {
            *cut_by_name.entry(name(spec)).or_default() |= is_cut(spec);
        }
        let lookup = |key: &str| {
            let at = by_name.partition_point(|&(name, _)| name < key);
            by_name
                .get(at)
                .filter(|&&(name, _)| name == key)
                .and_then(|&(_, i)| specs.get(i))
        };
        let mut items = Vec::new();
        let mut extra = Vec::new();
        for part in body.split(char::from(operator.separator())) {
            let (key, value) = part.split_once('=').unwrap_or((part, ""));
            match lookup(key) {
                Some(spec) if spec.modifier == Modifier::Explode => {
                    items.push(decoded(value, false)?);
                }
                Some(spec) => {
                    // `{?v,v:1}` writes `v` whole and cut: either may be
                    // the one read.
                    let cut = cut_by_name.get(key).copied().unwrap_or(false);
                    found.insert(name(spec), members(value, false)?, cut)?;
                }
                None => extra.push((decoded(key, false)?, decoded(value, false)?)),
            }
        }
        match (exploded, items.is_empty(), extra.is_empty()) {
            (_, true, true) => {}
            (Some(spec), false, true) => {
                found.insert(name(spec), Captured::List(items), false)?;
            }
            (Some(spec), true, false) => {
                found.insert(name(spec), Captured::AssocArray(extra), false)?;
            }
            _ => return None,
        }
        return Some(());
    }
    if reserved || operator == Operator::Label {
        let spec = specs.first()?;
        return found.insert(
            name(spec),
            Captured::String(decoded(body, reserved)?),
            is_cut(spec),
        );
    }
    if let [spec] = specs.as_slice()
        && spec.modifier != Modifier::Explode
    {
        return found.insert(name(spec), members(body, false)?, is_cut(spec));
    }
    let separator = char::from(operator.separator());
    let mut parts = body.split(separator);
    for (i, spec) in specs.iter().enumerate() {
        let value = if spec.modifier == Modifier::Explode && i + 1 == specs.len() {
            exploded_members(parts.by_ref())?
        } else {
            match parts.next() {
                Some(part) => Captured::String(decoded(part, false)?),
                None => break,
            }
        };
        found.insert(name(spec), value, is_cut(spec))?;
    }
    parts.next().is_none().then_some(())
}

/// The members of an exploded variable in an expression without names:
/// a list's items, or, when every member is `key=value`, an associative
/// array's pairs (RFC 6570 section 3.2.1 writes them so; a list item's
/// own `=` would be escaped). Members of both kinds are no expansion.
fn exploded_members<'t>(members: impl Iterator<Item = &'t str>) -> Option<Captured> {
    let members: Vec<&str> = members.collect();
    let pairs = members.iter().filter(|member| member.contains('=')).count();
    if pairs == 0 {
        let items = members.iter().map(|member| decoded(member, false));
        return items.collect::<Option<Vec<_>>>().map(Captured::List);
    }
    if pairs != members.len() {
        return None;
    }
    members
        .iter()
        .map(|member| {
            let (key, value) = member.split_once('=')?;
            Some((decoded(key, false)?, decoded(value, false)?))
        })
        .collect::<Option<Vec<_>>>()
        .map(Captured::AssocArray)
}

/// Whether two captures are one value: equal, or a string and a list of
/// that one member, which write the same text (`{/v,v*}`).
fn same_text(one: &Captured, other: &Captured) -> bool {
    match (one, other) {
        (Captured::String(text), Captured::List(items))
        | (Captured::List(items), Captured::String(text)) => {
            matches!(items.as_slice(), [only] if only == text)
        }
        _ => one == other,
    }
}

/// Whether a variable is read through a prefix modifier.
fn is_cut(spec: &VarSpec) -> bool {
    matches!(spec.modifier, Modifier::Prefix(_))
}

/// A value that may be several `,`-separated members.
fn members(text: &str, reserved: bool) -> Option<Captured> {
    if text.contains(',') {
        text.split(',')
            .map(|part| decoded(part, reserved))
            .collect::<Option<Vec<_>>>()
            .map(Captured::List)
    } else {
        decoded(text, reserved).map(Captured::String)
    }
}

/// A value's text decoded, if an expansion could have written it: only
/// unreserved characters and escapes, or, where reserved characters are
/// kept, any character a URI may hold.
///
/// `{+var}` and `{#var}` keep unreserved and reserved characters and
/// escapes in a value as written (RFC 6570 section 3.2.3), so there an
/// escape of such a character is returned as it stands: `%41` could only
/// come from the value `%41` (the value `A` writes `A`). Escapes of what
/// the expansion encodes (non-ASCII text, a space, …) are decoded, since
/// the decoded value writes them back the same; `%25` is a `%` unless two
/// hex digits follow it, where the `%` would start an escape the expansion
/// keeps, so that it stays `%25`.
fn decoded(text: &str, reserved: bool) -> Option<String> {
    let allowed = |b: u8| b == b'%' || UNRESERVED.contains(b) || (reserved && RESERVED.contains(b));
    if !text.bytes().all(allowed) {
        return None;
    }
    if reserved {
        return Some(decoded_where_encoded(text));
    }
    decode_utf8(text).ok().map(Cow::into_owned)
}

/// `text` with the escapes a reserved expansion writes for the value's
/// own characters decoded, and the rest as written. Escaped bytes that do
/// not form UTF-8 are the value's own escapes (a reserved expansion keeps
/// `%AA` as it is), so they stay as written too.
fn decoded_where_encoded(text: &str) -> String {
    let bytes = text.as_bytes();
    let kept = |b: u8, at: usize| {
        let starts_escape = || {
            let hex = |i: usize| bytes.get(i).is_some_and(u8::is_ascii_hexdigit);
            hex(at + 3) && hex(at + 4)
        };
        UNRESERVED.contains(b) || RESERVED.contains(b) || (b == b'%' && starts_escape())
    };
    let mut out = String::with_capacity(text.len());
    // The decoded bytes of the current run of escapes, and where it starts.
    let mut run = Vec::new();
    let mut run_start = 0;
    let mut i = 0;
    while i < bytes.len() {
        if let Some(byte) = decode_triplet(bytes, i, bytes.len())
            && !kept(byte, i)
        {
            if run.is_empty() {
                run_start = i;
            }
            run.push(byte);
            i += 3;
            continue;
        }
        push_run(&mut out, &run, text.get(run_start..i).unwrap_or(""));
        run.clear();
        let next = text
            .get(i..)
            .and_then(|rest| rest.chars().next())
            .unwrap_or('\0');
        out.push(next);
        i += next.len_utf8();
    }
    push_run(&mut out, &run, text.get(run_start..).unwrap_or(""));
    out
}

/// A run of decoded bytes: as text where it is UTF-8, and as the escapes
/// it was written with (`written`, three bytes each) where it is not.
fn push_run(out: &mut String, run: &[u8], written: &str) {
    let mut at = 0;
    while at < run.len() {
        let rest = run.get(at..).unwrap_or_default();
        match core::str::from_utf8(rest) {
            Ok(valid) => {
                out.push_str(valid);
                return;
            }
            Err(err) => {
                let valid = rest.get(..err.valid_up_to()).unwrap_or_default();
                out.push_str(core::str::from_utf8(valid).unwrap_or_default());
                let bad = err.error_len().unwrap_or(rest.len() - valid.len());
                let from = 3 * (at + valid.len());
                out.push_str(written.get(from..from + 3 * bad).unwrap_or_default());
                at += valid.len() + bad;
            }
        }
    }
}
