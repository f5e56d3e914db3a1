//! `impl_each!`: one `impl` body, written once, for several types.
//!
//! The methods several types share (the accessors of the four views, the
//! setters of the two editable owned types, …) are written once so they
//! cannot drift apart. The obvious tool, a `macro_rules!` holding the
//! methods, puts their definitions inside the macro: the compiler's "method
//! defined here" note then points into it, with an "in this macro
//! invocation" trail a user cannot act on. Here the methods are not in a
//! macro's definition but in its input, where they keep their own source
//! positions; the macro only repeats the body under each `impl` header, so
//! a note points at the method as written, its docs above it.
//!
//! What differs between the types (the example's first line, a type a
//! method returns) is given per type as named values, which the body reads
//! as `name!()`: each copy of the body is stamped inside its own anonymous
//! `const` block, where a local macro of that name yields that type's
//! value. A doc line takes it through `concat!`.
//!
//! ```text
//! impl_each! {
//!     [
//!         Uri<'a> { example = "let u = uri_runtime::Uri::parse(\"http://h/p\").unwrap();" },
//!         UriRef<'a> { example = "let u = uri_runtime::UriRef::parse(\"//h/p\").unwrap();" },
//!     ]
//!     {
//!         /// The path.
//!         #[doc = concat!("```\n", example!(), "\nassert_eq!(u.path(), \"/p\");\n```")]
//!         pub fn path(&self) -> &'a str {
//!             self.0.path()
//!         }
//!     }
//! }
//! ```

/// Writes `impl Type { body }` for each listed type (a name, and a
/// lifetime when it has one), with the named values of that type in scope
/// of the body as local macros. See the module documentation.
macro_rules! impl_each {
    (
        [$($name:ident $(<$lt:lifetime>)? $({ $($local:ident = $value:tt),+ $(,)? })?),+ $(,)?]
        $body:tt
    ) => {
        $(
            const _: () = {
                $($(
                    macro_rules! $local {
                        () => {
                            $value
                        };
                    }
                )+)?
                impl $(<$lt>)? $name $(<$lt>)? $body
            };
        )+
    };
}
