//! `serde_json::Value` as template variables (feature `serde_json`): an
//! object is a set of variables, and each JSON value a [`Var`].

use alloc::borrow::Cow;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use serde_json::{Map, Value as Json};

use super::vars::{Items, NestedValue, Pairs, Value, Var, Variables};

/// `null` is undefined; strings, numbers and booleans are strings (a
/// number's text is built for the occasion, one allocation); arrays are lists and objects
/// associative arrays.
impl Var for Json {
    fn value(&self) -> Option<Value<'_>> {
        Some(match self {
            Json::Null => return None,
            Json::String(text) => Value::String(Cow::Borrowed(text)),
            Json::Array(_) => Value::List(self),
            Json::Object(_) => Value::AssocArray(self),
            scalar => Value::String(scalar_text(scalar)?),
        })
    }
}

/// The text of a string, number or boolean; `None` for anything else.
fn scalar_text(value: &Json) -> Option<Cow<'_, str>> {
    match value {
        Json::String(text) => Some(Cow::Borrowed(text)),
        Json::Number(number) => Some(Cow::Owned(number.to_string())),
        Json::Bool(true) => Some(Cow::Borrowed("true")),
        Json::Bool(false) => Some(Cow::Borrowed("false")),
        Json::Null | Json::Array(_) | Json::Object(_) => None,
    }
}

/// An array's members; `null` members are left out, as undefined values
/// are, and a member that is an array or object is a [`NestedValue`].
impl Items for Json {
    fn each_item(&self, item: &mut dyn FnMut(&str)) -> Result<(), NestedValue> {
        for member in self.as_array().map(Vec::as_slice).unwrap_or_default() {
            match member {
                Json::Null => {}
                member => item(&scalar_text(member).ok_or(NestedValue)?),
            }
        }
        Ok(())
    }
}

/// An object's members, in the map's order; `null` values are left out.
impl Pairs for Json {
    fn each_pair(&self, pair: &mut dyn FnMut(&str, &str)) -> Result<(), NestedValue> {
        let Some(object) = self.as_object() else {
            return Ok(());
        };
        for (name, member) in object {
            match member {
                Json::Null => {}
                member => pair(name, &scalar_text(member).ok_or(NestedValue)?),
            }
        }
        Ok(())
    }
}

/// A JSON object holds the variables; any other JSON value holds none.
///
/// ```
/// use uri_runtime::uri_template::UriTemplate;
///
/// let vars = serde_json::json!({ "id": 42, "tags": ["a", "b"], "draft": null });
/// let url = UriTemplate::parse("/posts/{id}{?tags*,draft}")?.expand(&vars)?;
/// assert_eq!(url, "/posts/42?tags=a&tags=b");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Variables for Json {
    fn get(&self, name: &str) -> Option<Value<'_>> {
        self.as_object()?.get(name)?.value()
    }
}

impl Variables for Map<String, Json> {
    fn get(&self, name: &str) -> Option<Value<'_>> {
        Map::get(self, name)?.value()
    }
}
