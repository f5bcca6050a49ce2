//! JSON values built in order (or taken from a type deriving `Serialize`), written
//! compactly on one line by `serde_json`.
//!
//! ```
//! use sudokit_core::format::json::Json;
//! let v = Json::object([("index", Json::from(0)), ("status", "unique".into()), ("error", Json::Null)]);
//! assert_eq!(v.to_string(), r#"{"index":0,"status":"unique","error":null}"#);
//! ```

use std::fmt;

use serde::ser::{SerializeMap, SerializeSeq};
use serde::{Serialize, Serializer};
use serde_json::value::RawValue;

/// A JSON value. Objects keep their keys in the order given.
#[derive(Clone, Debug, PartialEq)]
pub enum Json {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// An integer.
    Int(i64),
    /// A number with a fraction (written with up to 6 significant decimals; NaN as null).
    Float(f64),
    /// A string.
    Str(String),
    /// An array.
    Array(Vec<Json>),
    /// An object, keys in order.
    Object(Vec<(String, Json)>),
}

impl Json {
    /// An object from `(key, value)` pairs, in order.
    pub fn object<K: Into<String>>(fields: impl IntoIterator<Item = (K, Json)>) -> Json {
        Json::Object(fields.into_iter().map(|(k, v)| (k.into(), v)).collect())
    }

    /// An array of strings.
    pub fn strings<S: Into<String>>(items: impl IntoIterator<Item = S>) -> Json {
        Json::Array(items.into_iter().map(|s| Json::Str(s.into())).collect())
    }

    /// A string, or null.
    pub fn opt_str<S: Into<String>>(s: Option<S>) -> Json {
        s.map_or(Json::Null, |s| Json::Str(s.into()))
    }
}

impl From<&str> for Json {
    fn from(s: &str) -> Json {
        Json::Str(s.to_string())
    }
}

impl From<String> for Json {
    fn from(s: String) -> Json {
        Json::Str(s)
    }
}

impl From<bool> for Json {
    fn from(b: bool) -> Json {
        Json::Bool(b)
    }
}

macro_rules! json_int {
    ($($t:ty),*) => {$(
        impl From<$t> for Json {
            fn from(v: $t) -> Json {
                Json::Int(v as i64)
            }
        }
    )*};
}
json_int!(u8, u16, u32, u64, usize, i32, i64);

impl From<f64> for Json {
    fn from(v: f64) -> Json {
        Json::Float(v)
    }
}

impl From<serde_json::Value> for Json {
    /// A value serde made: its numbers become integers where they are; objects keep
    /// their keys in order (the workspace's serde_json has `preserve_order`).
    fn from(v: serde_json::Value) -> Json {
        use serde_json::Value;
        match v {
            Value::Null => Json::Null,
            Value::Bool(b) => Json::Bool(b),
            Value::Number(n) => match n.as_i64() {
                Some(i) => Json::Int(i),
                None => Json::Float(n.as_f64().unwrap_or(f64::NAN)),
            },
            Value::String(s) => Json::Str(s),
            Value::Array(items) => Json::Array(items.into_iter().map(Json::from).collect()),
            Value::Object(fields) => Json::Object(
                fields
                    .into_iter()
                    .map(|(k, v)| (k, Json::from(v)))
                    .collect(),
            ),
        }
    }
}

impl Json {
    /// A value of a type deriving `Serialize`, its fields in their order.
    pub fn of<T: Serialize>(value: &T) -> Json {
        serde_json::to_value(value).map_or(Json::Null, Json::from)
    }
}

/// Written by `serde_json`. Numbers with a fraction are written with up to 6 decimals
/// and no trailing zeros (`7.2`, `2`), as the project has always written them.
impl Serialize for Json {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Json::Null => s.serialize_unit(),
            Json::Bool(b) => s.serialize_bool(*b),
            Json::Int(i) => s.serialize_i64(*i),
            Json::Float(x) if x.is_finite() => match RawValue::from_string(decimal(*x)) {
                Ok(raw) => raw.serialize(s),
                Err(_) => s.serialize_unit(),
            },
            Json::Float(_) => s.serialize_unit(),
            Json::Str(text) => s.serialize_str(text),
            Json::Array(items) => {
                let mut seq = s.serialize_seq(Some(items.len()))?;
                for item in items {
                    seq.serialize_element(item)?;
                }
                seq.end()
            }
            Json::Object(fields) => {
                let mut map = s.serialize_map(Some(fields.len()))?;
                for (k, v) in fields {
                    map.serialize_entry(k, v)?;
                }
                map.end()
            }
        }
    }
}

impl fmt::Display for Json {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&serde_json::to_string(self).map_err(|_| fmt::Error)?)
    }
}

/// `x` with up to 6 decimals, trailing zeros dropped: `7.2`, `2`, `0.000001`.
fn decimal(x: f64) -> String {
    let s = format!("{x:.6}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" { "0" } else { s }.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_and_nesting() {
        let v = Json::object([
            ("s", Json::from("a\"b\\c\n\u{1}")),
            (
                "a",
                Json::Array(vec![Json::from(1.5), Json::from(2.0), Json::Bool(false)]),
            ),
        ]);
        assert_eq!(
            v.to_string(),
            r#"{"s":"a\"b\\c\n\u0001","a":[1.5,2,false]}"#
        );
    }

    /// A derived value keeps its fields in order; numbers with a fraction are written
    /// with up to six decimals, integral ones without a point.
    #[test]
    fn derived_values_keep_order_and_number_style() {
        #[derive(Serialize)]
        struct Rated {
            zeta: &'static str,
            alpha: f64,
            whole: f64,
            tiny: f64,
            none: Option<u8>,
        }
        let v = Json::of(&Rated {
            zeta: "z",
            alpha: 7.2,
            whole: 2.0,
            tiny: 0.000001,
            none: None,
        });
        assert_eq!(
            v.to_string(),
            r#"{"zeta":"z","alpha":7.2,"whole":2,"tiny":0.000001,"none":null}"#
        );
    }
}
