//! Expansion, RFC 6570 section 3 and appendix A: one walk over the
//! checked template text, writing straight into the caller's `String`.

use alloc::string::String;

use uri_core::pct::{UNRESERVED, URI_CHARS};
use uri_core::template::{
    Expression, Modifier, Operator, Piece, VarSpec, next_piece, next_varspec,
};

use super::error::ExpandError;
use super::vars::{Value, Variables};
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
    let bytes = template.as_bytes();
    let mut at = 0;
    // The text was checked when the template was made, so the walk finds
    // no error; stopping at one rather than panicking keeps that promise
    // without a branch that could never be taken.
    while let Ok(Some((piece, next))) = next_piece(bytes, at) {
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
        at = next;
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
    let mut at = expression.vars;
    while let Ok((spec, next)) = next_varspec(template.as_bytes(), at, expression.close) {
        let name = &template[spec.start..spec.end];
        if let Some(value) = vars.get(name) {
            writer.variable(name, spec, &value)?;
        }
        if next >= expression.close {
            break;
        }
        at = next;
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
            self.out.push_str(self.operator.first());
            self.started = true;
        }
    }

    fn variable(
        &mut self,
        name: &str,
        spec: VarSpec,
        value: &Value<'_>,
    ) -> Result<(), ExpandError> {
        let composite = match value {
            Value::String(text) => {
                let prefix = match spec.modifier {
                    Modifier::Prefix(length) => Some(length),
                    _ => None,
                };
                self.begin();
                self.named(name, text);
                self.text(text, prefix);
                return Ok(());
            }
            Value::List(_) | Value::AssocArray(_) => value,
        };
        if let Modifier::Prefix(_) = spec.modifier {
            return Err(ExpandError::PrefixOfComposite { index: spec.start });
        }
        let explode = spec.modifier == Modifier::Explode;
        let mut any = false;
        let walked = match composite {
            Value::List(items) => items.each_item(&mut |item| {
                if explode {
                    self.begin();
                    self.named(name, item);
                } else {
                    self.continue_joined(name, &mut any);
                }
                self.text(item, None);
            }),
            Value::AssocArray(pairs) => pairs.each_pair(&mut |key, item| {
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
            }),
            Value::String(_) => Ok(()),
        };
        walked.map_err(|_| ExpandError::NestedValue { index: spec.start })
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
        match bytes.get(end) {
            None => break,
            Some(b'%') if keep_escapes && uri_core::pct::is_triplet(bytes, end, bytes.len()) => {
                end += 3;
            }
            Some(&lead) => end += utf8_width(lead),
        }
    }
    value.get(..end).unwrap_or(value)
}

/// The length of the UTF-8 sequence a lead byte starts.
fn utf8_width(lead: u8) -> usize {
    match lead {
        0x00..=0x7F => 1,
        0xC0..=0xDF => 2,
        0xE0..=0xEF => 3,
        _ => 4,
    }
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
