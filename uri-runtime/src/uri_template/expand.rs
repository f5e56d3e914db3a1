//! Expansion, RFC 6570 section 3 and appendix A: one walk over the
//! checked template text, writing straight into the caller's `String`.

use alloc::string::String;

use uri_core::pct::{UNRESERVED, URI_CHARS};
use uri_core::template::{Expression, Modifier, Operator, Piece, VarSpec};

use super::error::ExpandError;
use super::vars::{Items, NestedValue, Pairs, Value, Variables};
use super::walk;
use crate::pct::{push_encoded, push_encoded_keep_escapes};

/// Appends the expansion of `template` (already checked) to `out`.
pub(super) fn expand_into<V: Variables + ?Sized>(
    template: &str,
    vars: &V,
    out: &mut String,
) -> Result<(), ExpandError> {
    // Most expansions are at most a few dozen bytes longer than their
    // template, so one reserve usually makes the result's only allocation
    // (every example of RFC 6570 section 1.2 fits).
    out.reserve(template.len() + 32);
    for piece in walk::pieces(template) {
        match piece {
            Piece::Literal { start, end } => {
                // The checker let through only characters RFC 3986 allows
                // and valid escapes, so ASCII text is copied as it is and
                // only other characters need encoding.
                let literal = &template[start..end];
                if literal.is_ascii() {
                    out.push_str(literal);
                } else {
                    push_encoded_keep_escapes(out, literal, &URI_CHARS);
                }
            }
            Piece::Expression(expression) => expand_expression(template, expression, vars, out)?,
        }
    }
    Ok(())
}

fn expand_expression<V: Variables + ?Sized>(
    template: &str,
    expression: Expression,
    vars: &V,
    out: &mut String,
) -> Result<(), ExpandError> {
    let mut writer = Writer {
        out,
        operator: expression.operator,
        started: false,
    };
    for spec in walk::specs(template, expression) {
        let name = walk::name(template, spec);
        if let Some(value) = vars.get(name) {
            writer.variable(name, spec, &value)?;
        }
    }
    Ok(())
}

/// Writes one expression's values, remembering whether one was written.
struct Writer<'o> {
    out: &'o mut String,
    operator: Operator,
    started: bool,
}

impl Writer<'_> {
    /// Writes `first` before the expression's first value and the
    /// separator before each later one.
    fn begin(&mut self) {
        if self.started {
            self.out.push(char::from(self.operator.separator()));
        } else {
            // `first` is one ASCII character or none: pushed as a
            // character, not copied as a string.
            if let [first] = self.operator.first().as_bytes() {
                self.out.push(char::from(*first));
            }
            self.started = true;
        }
    }

    fn variable(
        &mut self,
        name: &str,
        spec: VarSpec,
        value: &Value<'_>,
    ) -> Result<(), ExpandError> {
        let explode = spec.modifier == Modifier::Explode;
        let walked = match (value, spec.modifier) {
            (Value::String(text), Modifier::Prefix(length)) => {
                self.string(name, text, Some(length));
                Ok(())
            }
            (Value::String(text), _) => {
                self.string(name, text, None);
                Ok(())
            }
            (_, Modifier::Prefix(_)) => {
                return Err(ExpandError::PrefixOfComposite { index: spec.start });
            }
            (Value::List(items), _) => self.list(name, *items, explode),
            (Value::AssocArray(pairs), _) => self.pairs(name, *pairs, explode),
        };
        walked.map_err(|_| ExpandError::NestedValue { index: spec.start })
    }

    fn string(&mut self, name: &str, text: &str, prefix: Option<u16>) {
        self.begin();
        self.named(name, text);
        self.text(text, prefix);
    }

    /// A list's members: each a value of its own when exploded, else
    /// joined by `,`.
    fn list(&mut self, name: &str, items: &dyn Items, explode: bool) -> Result<(), NestedValue> {
        let mut any = false;
        items.each_item(&mut |item| {
            if explode {
                self.begin();
                self.named(name, item);
            } else {
                self.continue_joined(name, &mut any);
            }
            self.text(item, None);
        })
    }

    /// An associative array's pairs: `key=value` values of their own when
    /// exploded, else `key,value` joined by `,`.
    fn pairs(&mut self, name: &str, pairs: &dyn Pairs, explode: bool) -> Result<(), NestedValue> {
        let mut any = false;
        pairs.each_pair(&mut |key, item| {
            if explode {
                self.begin();
                self.text(key, None);
                if self.operator.named() && item.is_empty() {
                    self.out.push_str(self.operator.if_empty());
                } else {
                    self.out.push('=');
                }
            } else {
                self.continue_joined(name, &mut any);
                self.text(key, None);
                self.out.push(',');
            }
            self.text(item, None);
        })
    }

    /// Before a member of a list or array that is not exploded: the
    /// expression's separator and `name=` before the first, `,` after.
    fn continue_joined(&mut self, name: &str, any: &mut bool) {
        if *any {
            self.out.push(',');
        } else {
            self.begin();
            if self.operator.named() {
                self.out.push_str(name);
                self.out.push('=');
            }
            *any = true;
        }
    }

    /// `name=` for a named operator, or `name` and `ifemp` before an empty
    /// value; nothing otherwise.
    fn named(&mut self, name: &str, value: &str) {
        if self.operator.named() {
            self.out.push_str(name);
            if value.is_empty() {
                self.out.push_str(self.operator.if_empty());
            } else {
                self.out.push('=');
            }
        }
    }

    /// A value, cut to its prefix and encoded as the operator allows.
    fn text(&mut self, value: &str, prefix: Option<u16>) {
        let reserved = self.operator.allows_reserved();
        let value = match prefix {
            Some(length) => prefix_of(value, usize::from(length), reserved),
            None => value,
        };
        if reserved {
            push_encoded_keep_escapes(self.out, value, &URI_CHARS);
        } else {
            push_encoded(self.out, value, &UNRESERVED);
        }
    }
}

/// The first `length` characters of `value`. Where escapes are kept, a
/// `%XX` triplet counts as one character, so a prefix never splits one
/// (which would turn its `%` into `%25` and leave two stray digits).
fn prefix_of(value: &str, length: usize, keep_escapes: bool) -> &str {
    let bytes = value.as_bytes();
    let mut end = 0;
    for _ in 0..length {
        let Some(rest) = value.get(end..).filter(|rest| !rest.is_empty()) else {
            break;
        };
        end += if keep_escapes && uri_core::pct::is_triplet(bytes, end, bytes.len()) {
            3
        } else {
            rest.chars().next().map_or(1, char::len_utf8)
        };
    }
    value.get(..end).unwrap_or(value)
}

#[cfg(test)]
mod tests {
    use super::prefix_of;

    #[test]
    fn a_prefix_never_splits_a_character_or_an_escape() {
        assert_eq!(prefix_of("Ελλάδα", 1, false), "Ε");
        assert_eq!(prefix_of("Ελλάδα", 3, true), "Ελλ");
        assert_eq!(prefix_of("%20ab", 2, true), "%20a");
        assert_eq!(prefix_of("%20ab", 2, false), "%2");
        assert_eq!(prefix_of("%2", 2, true), "%2");
        assert_eq!(prefix_of("ab", 9999, false), "ab");
    }
}
