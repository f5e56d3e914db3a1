//! How a template reads its variables: [`Variables`] names them, [`Var`]
//! gives one's [`Value`].

use alloc::borrow::Cow;
use alloc::collections::BTreeMap;
use alloc::string::String;
use alloc::vec::Vec;
use core::borrow::Borrow;

/// A variable's value as RFC 6570 section 2.3 sees it: a string, a list
/// of strings, or an associative array of (name, value) pairs.
///
/// Lists and associative arrays are walked through callbacks, so a value
/// can hand out text it builds on the stack (a number's digits) and no
/// expansion collects a list into a new `Vec`.
#[derive(Clone)]
pub enum Value<'a> {
    /// A string: borrowed, or built for the occasion from a value stored
    /// as something else (a JSON number).
    String(Cow<'a, str>),
    /// A list; one with no members counts as undefined.
    List(&'a dyn Items),
    /// An associative array; one with no members counts as undefined.
    AssocArray(&'a dyn Pairs),
}

impl core::fmt::Debug for Value<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Value::String(text) => f.debug_tuple("String").field(text).finish(),
            Value::List(_) => f.write_str("List(..)"),
            Value::AssocArray(_) => f.write_str("AssocArray(..)"),
        }
    }
}

/// A value that is not a string, list or associative array of strings:
/// a list inside a list, say, which RFC 6570 section 2.3 leaves out of
/// its scope.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NestedValue;

/// The members of a list, in order.
///
/// ```
/// use uri_runtime::uri_template::Items;
///
/// let mut seen = Vec::new();
/// vec!["red", "green"].each_item(&mut |item| seen.push(item.to_owned()))?;
/// assert_eq!(seen, ["red", "green"]);
/// # Ok::<(), uri_runtime::uri_template::NestedValue>(())
/// ```
pub trait Items {
    /// Calls `item` with each member in turn.
    ///
    /// # Errors
    ///
    /// [`NestedValue`] at a member that is not text; the walk stops there.
    fn each_item(&self, item: &mut dyn FnMut(&str)) -> Result<(), NestedValue>;
}

/// The (name, value) pairs of an associative array, in order.
pub trait Pairs {
    /// Calls `pair` with each name and value in turn; a pair whose value
    /// is undefined is left out.
    ///
    /// # Errors
    ///
    /// [`NestedValue`] at a value that is not text; the walk stops there.
    fn each_pair(&self, pair: &mut dyn FnMut(&str, &str)) -> Result<(), NestedValue>;
}

/// One variable: its [`Value`], or `None` when it is undefined.
///
/// Implemented for text (`str`, `String`, `Cow<str>`), for lists
/// (`Vec` and arrays of text), for associative arrays
/// (`BTreeMap`, `HashMap`, and [`Assoc`] for pairs in a chosen order),
/// for `Option` (`None` is undefined), for references to any of these,
/// and, with the `serde` feature, for `serde_json::Value`.
pub trait Var {
    /// The value, or `None` for an undefined variable.
    fn value(&self) -> Option<Value<'_>>;
}

/// Where a template finds its variables by name.
///
/// ```
/// use std::collections::HashMap;
/// use uri_runtime::uri_template::UriTemplate;
///
/// let mut vars = HashMap::new();
/// vars.insert("owner", "rust-lang");
/// vars.insert("repo", "rust");
/// let url = UriTemplate::parse("https://api.github.com/repos/{owner}/{repo}")?.expand(&vars)?;
/// assert_eq!(url, "https://api.github.com/repos/rust-lang/rust");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// Values of several shapes go in one map through `&dyn Var`:
///
/// ```
/// use std::collections::BTreeMap;
/// use uri_runtime::uri_template::UriTemplate;
/// use uri_runtime::uri_template::Var;
///
/// let mut vars: BTreeMap<&str, &dyn Var> = BTreeMap::new();
/// vars.insert("q", &"uri templates");
/// vars.insert("tags", &["rfc", "6570"]);
/// let url = UriTemplate::parse("/search{?q,tags*}")?.expand(&vars)?;
/// assert_eq!(url, "/search?q=uri%20templates&tags=rfc&tags=6570");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Variables {
    /// The variable called `name` (as written in the template, escapes
    /// and all), or `None` when there is none.
    fn get(&self, name: &str) -> Option<Value<'_>>;
}

impl<T: Variables + ?Sized> Variables for &T {
    fn get(&self, name: &str) -> Option<Value<'_>> {
        (**self).get(name)
    }
}

impl<K: Borrow<str> + Ord, V: Var> Variables for BTreeMap<K, V> {
    fn get(&self, name: &str) -> Option<Value<'_>> {
        BTreeMap::get(self, name)?.value()
    }
}

#[cfg(feature = "std")]
impl<K, V, S> Variables for std::collections::HashMap<K, V, S>
where
    K: Borrow<str> + Eq + core::hash::Hash,
    V: Var,
    S: core::hash::BuildHasher,
{
    fn get(&self, name: &str) -> Option<Value<'_>> {
        std::collections::HashMap::get(self, name)?.value()
    }
}

/// A few variables with no map around them: a slice of (name, value)
/// pairs, searched in order.
impl<K: Borrow<str>, V: Var> Variables for [(K, V)] {
    fn get(&self, name: &str) -> Option<Value<'_>> {
        self.iter().find(|(key, _)| key.borrow() == name)?.1.value()
    }
}

impl<K: Borrow<str>, V: Var, const N: usize> Variables for [(K, V); N] {
    fn get(&self, name: &str) -> Option<Value<'_>> {
        Variables::get(self.as_slice(), name)
    }
}

impl<T: Var + ?Sized> Var for &T {
    fn value(&self) -> Option<Value<'_>> {
        (**self).value()
    }
}

impl Var for str {
    fn value(&self) -> Option<Value<'_>> {
        Some(Value::String(Cow::Borrowed(self)))
    }
}

impl Var for String {
    fn value(&self) -> Option<Value<'_>> {
        Some(Value::String(Cow::Borrowed(self)))
    }
}

impl Var for Cow<'_, str> {
    fn value(&self) -> Option<Value<'_>> {
        Some(Value::String(Cow::Borrowed(self)))
    }
}

impl<T: Var> Var for Option<T> {
    fn value(&self) -> Option<Value<'_>> {
        self.as_ref()?.value()
    }
}

impl<S: AsRef<str>> Items for [S] {
    fn each_item(&self, item: &mut dyn FnMut(&str)) -> Result<(), NestedValue> {
        for member in self {
            item(member.as_ref());
        }
        Ok(())
    }
}

impl<S: AsRef<str>> Items for Vec<S> {
    fn each_item(&self, item: &mut dyn FnMut(&str)) -> Result<(), NestedValue> {
        self.as_slice().each_item(item)
    }
}

impl<S: AsRef<str>> Var for Vec<S> {
    fn value(&self) -> Option<Value<'_>> {
        Some(Value::List(self))
    }
}

impl<S: AsRef<str>, const N: usize> Items for [S; N] {
    fn each_item(&self, item: &mut dyn FnMut(&str)) -> Result<(), NestedValue> {
        self.as_slice().each_item(item)
    }
}

impl<S: AsRef<str>, const N: usize> Var for [S; N] {
    fn value(&self) -> Option<Value<'_>> {
        Some(Value::List(self))
    }
}

/// An associative array whose pairs keep the order they are given in (a
/// map would sort or scramble them).
///
/// ```
/// use uri_runtime::uri_template::UriTemplate;
/// use uri_runtime::uri_template::Assoc;
///
/// let point = Assoc(vec![("y", "768"), ("x", "1024")]);
/// let url = UriTemplate::parse("/map{?point*}")?.expand(&[("point", point)])?;
/// assert_eq!(url, "/map?y=768&x=1024");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Assoc<T>(pub T);

/// The pairs behind an [`Assoc`]: a `Vec`, an array or a slice of them.
pub trait PairList {
    /// The pairs, in order.
    fn each(&self, pair: &mut dyn FnMut(&str, &str));
}

impl<K: AsRef<str>, V: AsRef<str>> PairList for [(K, V)] {
    fn each(&self, pair: &mut dyn FnMut(&str, &str)) {
        for (name, value) in self {
            pair(name.as_ref(), value.as_ref());
        }
    }
}

impl<K: AsRef<str>, V: AsRef<str>> PairList for Vec<(K, V)> {
    fn each(&self, pair: &mut dyn FnMut(&str, &str)) {
        self.as_slice().each(pair);
    }
}

impl<K: AsRef<str>, V: AsRef<str>, const N: usize> PairList for [(K, V); N] {
    fn each(&self, pair: &mut dyn FnMut(&str, &str)) {
        self.as_slice().each(pair);
    }
}

impl<T: PairList + ?Sized> PairList for &T {
    fn each(&self, pair: &mut dyn FnMut(&str, &str)) {
        (**self).each(pair);
    }
}

impl<T: PairList> Pairs for Assoc<T> {
    fn each_pair(&self, pair: &mut dyn FnMut(&str, &str)) -> Result<(), NestedValue> {
        self.0.each(pair);
        Ok(())
    }
}

impl<T: PairList> Var for Assoc<T> {
    fn value(&self) -> Option<Value<'_>> {
        Some(Value::AssocArray(self))
    }
}

/// A `Vec` of pairs is an associative array where a [`Pairs`] is asked
/// for (as in [`Captured::AssocArray`](super::Captured::AssocArray)); as a
/// variable, wrap it in [`Assoc`].
impl<K: AsRef<str>, V: AsRef<str>> Pairs for Vec<(K, V)> {
    fn each_pair(&self, pair: &mut dyn FnMut(&str, &str)) -> Result<(), NestedValue> {
        self.as_slice().each(pair);
        Ok(())
    }
}

impl<K: AsRef<str>, V: AsRef<str>> Pairs for BTreeMap<K, V> {
    fn each_pair(&self, pair: &mut dyn FnMut(&str, &str)) -> Result<(), NestedValue> {
        for (name, value) in self {
            pair(name.as_ref(), value.as_ref());
        }
        Ok(())
    }
}

impl<K: AsRef<str>, V: AsRef<str>> Var for BTreeMap<K, V> {
    fn value(&self) -> Option<Value<'_>> {
        Some(Value::AssocArray(self))
    }
}

#[cfg(feature = "std")]
impl<K: AsRef<str>, V: AsRef<str>, S> Pairs for std::collections::HashMap<K, V, S> {
    fn each_pair(&self, pair: &mut dyn FnMut(&str, &str)) -> Result<(), NestedValue> {
        for (name, value) in self {
            pair(name.as_ref(), value.as_ref());
        }
        Ok(())
    }
}

#[cfg(feature = "std")]
impl<K: AsRef<str>, V: AsRef<str>, S> Var for std::collections::HashMap<K, V, S> {
    fn value(&self) -> Option<Value<'_>> {
        Some(Value::AssocArray(self))
    }
}
