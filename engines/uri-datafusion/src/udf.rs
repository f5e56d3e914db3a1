//! One `ScalarUDFImpl` for each row of the function table: its name, its
//! signature, its return type, its documentation, and its kernel.

use std::sync::{Arc, LazyLock};

use datafusion::arrow::datatypes::DataType;
use datafusion::error::Result;
use datafusion::logical_expr::{
    ColumnarValue, DocSection, Documentation, ScalarFunctionArgs, ScalarUDFImpl, Signature,
    TypeSignature, Volatility,
};

use crate::functions::{Arity, Returns, Row, TABLE, arrays};

/// The section every function's documentation is listed under.
const SECTION: DocSection = DocSection {
    include: true,
    label: "URI Functions",
    description: Some("RFC 3986 URIs, read by the uri crates' one grammar"),
};

/// A SQL function of this crate: the row of [`TABLE`] at `index`.
#[derive(Debug, PartialEq, Eq, Hash)]
pub(crate) struct UriUdf {
    index: usize,
    signature: Signature,
}

/// Every function's documentation, in the table's order.
static DOCUMENTATION: LazyLock<Vec<Documentation>> = LazyLock::new(|| {
    TABLE
        .iter()
        .map(|row| {
            let (name, second) = (row.name, row.function.second_argument());
            let syntax = match row.arity {
                Arity::One => format!("{name}(url)"),
                Arity::Two => format!("{name}(url, {second})"),
                Arity::OneOrTwo => format!("{name}(url[, {second}])"),
                Arity::TwoOrThree => format!("{name}(url, {second}[, key])"),
            };
            let mut doc = Documentation::builder(SECTION, row.description, syntax)
                .with_argument("url", "A string column or value: the URI or text to read.");
            if !row.example.is_empty() {
                doc = doc.with_sql_example(format!("```sql\nSELECT {};\n```", row.example));
            }
            doc.build()
        })
        .collect()
});

impl UriUdf {
    /// Every function of the table.
    pub(crate) fn all() -> impl Iterator<Item = UriUdf> {
        (0..TABLE.len()).map(UriUdf::new)
    }

    fn new(index: usize) -> UriUdf {
        let arity = TABLE.get(index).map_or(Arity::One, |row| row.arity);
        let strings = |n| TypeSignature::String(n);
        let signature = match arity {
            Arity::One => Signature::string(1, Volatility::Immutable),
            Arity::Two => Signature::string(2, Volatility::Immutable),
            Arity::OneOrTwo => {
                Signature::one_of(vec![strings(1), strings(2)], Volatility::Immutable)
            }
            Arity::TwoOrThree => {
                Signature::one_of(vec![strings(2), strings(3)], Volatility::Immutable)
            }
        };
        UriUdf { index, signature }
    }

    fn row(&self) -> &'static Row {
        &TABLE[self.index.min(TABLE.len() - 1)]
    }
}

impl ScalarUDFImpl for UriUdf {
    fn name(&self) -> &str {
        self.row().name
    }

    fn signature(&self) -> &Signature {
        &self.signature
    }

    fn return_type(&self, arg_types: &[DataType]) -> Result<DataType> {
        Ok(match self.row().returns {
            Returns::SameString => match arg_types.first() {
                Some(string @ (DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View)) => {
                    string.clone()
                }
                _ => DataType::Utf8,
            },
            Returns::Utf8 => match arg_types.first() {
                Some(DataType::Utf8View) => DataType::Utf8View,
                Some(DataType::LargeUtf8) => DataType::LargeUtf8,
                _ => DataType::Utf8,
            },
            Returns::Int32 => DataType::Int32,
            Returns::Boolean => DataType::Boolean,
            Returns::Names => DataType::new_list(DataType::Utf8, true),
        })
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        let rows = args.number_rows;
        let arrays = arrays(args.args, rows)?;
        let result = self.row().function.run(&arrays)?;
        // The kernels keep the input's layout; the table's declared type
        // is what the plan expects.
        let expected = args.return_field.data_type();
        let result = if result.data_type() == expected {
            result
        } else {
            datafusion::arrow::compute::cast(&result, expected)?
        };
        Ok(ColumnarValue::Array(Arc::clone(&result)))
    }

    fn documentation(&self) -> Option<&Documentation> {
        DOCUMENTATION.get(self.index)
    }
}
