//! A small SVG writer: elements with attributes, numbers printed the same way on every
//! machine (at most two decimals, no trailing zeros), text escaped.

use std::fmt::Write as _;

/// An SVG document or fragment being written.
#[derive(Debug, Default)]
pub struct Svg {
    out: String,
}

/// A number as SVG writes it: rounded to hundredths, `-0` as `0`, no trailing zeros.
pub fn num(x: f64) -> String {
    let r = (x * 100.0).round() / 100.0;
    let r = if r == 0.0 { 0.0 } else { r };
    let s = format!("{r:.2}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// A number with at most three decimals and no trailing zeros (for drawings in units
/// of a cell, where two decimals are too coarse).
pub fn num3(x: f64) -> String {
    let r = (x * 1000.0).round() / 1000.0;
    let r = if r == 0.0 { 0.0 } else { r };
    let s = format!("{r:.3}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// Text with `&`, `<`, `>` and `"` escaped.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out += "&amp;",
            '<' => out += "&lt;",
            '>' => out += "&gt;",
            '"' => out += "&quot;",
            // XML cannot hold control characters: a tab or newline reads as a space.
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// An attribute value: a number or a string.
pub enum Value<'a> {
    /// Printed with [`num`].
    Num(f64),
    /// Printed escaped.
    Str(&'a str),
}

impl From<f64> for Value<'_> {
    fn from(x: f64) -> Self {
        Value::Num(x)
    }
}

impl<'a> From<&'a str> for Value<'a> {
    fn from(s: &'a str) -> Self {
        Value::Str(s)
    }
}

impl<'a> From<&'a String> for Value<'a> {
    fn from(s: &'a String) -> Self {
        Value::Str(s)
    }
}

impl Svg {
    /// An empty fragment.
    pub fn new() -> Svg {
        Svg::default()
    }

    /// Opens `<name attrs...>`.
    pub fn open(&mut self, name: &str, attrs: &[(&str, Value)]) {
        self.start(name, attrs);
        self.out += ">\n";
    }

    /// Closes `</name>`.
    pub fn close(&mut self, name: &str) {
        let _ = writeln!(self.out, "</{name}>");
    }

    /// Writes the empty element `<name attrs.../>`.
    pub fn leaf(&mut self, name: &str, attrs: &[(&str, Value)]) {
        self.start(name, attrs);
        self.out += "/>\n";
    }

    /// Writes `<text attrs...>content</text>`.
    pub fn text(&mut self, attrs: &[(&str, Value)], content: &str) {
        self.start("text", attrs);
        let _ = writeln!(self.out, ">{}</text>", escape(content));
    }

    /// Appends another fragment.
    pub fn append(&mut self, other: Svg) {
        self.out += &other.out;
    }

    /// Is nothing written yet?
    pub fn is_empty(&self) -> bool {
        self.out.is_empty()
    }

    /// The fragment wrapped in a standalone `<svg>` of `width` × `height` user units,
    /// shown at that size in `unit` (`""` for pixels, `"pt"` for points).
    pub fn document(self, width: f64, height: f64, unit: &str) -> String {
        let (w, h) = (num(width), num(height));
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}{unit}\" height=\"{h}{unit}\" \
             viewBox=\"0 0 {w} {h}\">\n{}</svg>\n",
            self.out
        )
    }

    fn start(&mut self, name: &str, attrs: &[(&str, Value)]) {
        self.out.push('<');
        self.out += name;
        for (key, value) in attrs {
            let value = match value {
                Value::Num(x) => num(*x),
                Value::Str(s) => escape(s),
            };
            let _ = write!(self.out, " {key}=\"{value}\"");
        }
    }
}

/// A path's `d` being built from moves and lines.
#[derive(Debug, Default)]
pub struct PathData(String);

impl PathData {
    /// A line from `(x1, y1)` to `(x2, y2)`.
    pub fn line(&mut self, x1: f64, y1: f64, x2: f64, y2: f64) {
        self.sep();
        let _ = write!(self.0, "M{} {}L{} {}", num(x1), num(y1), num(x2), num(y2));
    }

    /// A closed triangle.
    pub fn triangle(&mut self, [a, b, c]: [(f64, f64); 3]) {
        self.sep();
        let _ = write!(
            self.0,
            "M{} {}L{} {}L{} {}Z",
            num(a.0),
            num(a.1),
            num(b.0),
            num(b.1),
            num(c.0),
            num(c.1)
        );
    }

    /// A quadratic curve from `from` through the control point `via` to `to`.
    pub fn curve(&mut self, from: (f64, f64), via: (f64, f64), to: (f64, f64)) {
        self.sep();
        let _ = write!(
            self.0,
            "M{} {}Q{} {} {} {}",
            num(from.0),
            num(from.1),
            num(via.0),
            num(via.1),
            num(to.0),
            num(to.1)
        );
    }

    /// Is the path empty?
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The `d` attribute's text.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    fn sep(&mut self) {
        if !self.0.is_empty() {
            self.0.push(' ');
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_print_with_at_most_two_decimals_and_no_trailing_zeros() {
        assert_eq!(num(1.0), "1");
        assert_eq!(num(1.5), "1.5");
        assert_eq!(num(1.234_567), "1.23");
        assert_eq!(num(-0.001), "0");
        assert_eq!(num(595.2756), "595.28");
    }

    #[test]
    fn text_and_attributes_are_escaped() {
        let mut svg = Svg::new();
        svg.text(
            &[("x", 1.0.into()), ("class", "a\"b".into())],
            "r1c2<>5 & 6\n",
        );
        assert_eq!(
            svg.out,
            "<text x=\"1\" class=\"a&quot;b\">r1c2&lt;&gt;5 &amp; 6 </text>\n"
        );
    }
}
