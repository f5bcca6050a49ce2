//! SudokuPad's own puzzle format, as its `scl…` and `ctc…` links carry it.
//!
//! The link's data is LZ-String in base64 (as f-puzzles' is). Inside is SudokuPad's
//! puzzle object, usually in its compact form: keys unquoted and shortened (`ce` for
//! `cells`, `v` for `value`, `ca` for `cages`, `re` for `regions`…), `'` for quotes,
//! `t` and `f` for true and false, colours without their `#`, and an empty cell `{}`
//! left out of its list (`[,,]` is three empty cells). This reader parses that form
//! (or plain JSON) itself, from the form's public description.
//!
//! What is read: the grid's size (its rows of `cells`), givens (a cell's `value`),
//! `regions` (lists of `[row, column]`, from 0; the usual boxes when there are none),
//! killer cages (`cages` with cells and a numeric `value`), and the two diagonals
//! drawn as lines from corner to corner. SudokuPad types no other rule: thermometers,
//! arrows, dots and the like are drawings (`lines`, `arrows`, `overlays`,
//! `underlays`, or a background picture, `bgimage`), so a puzzle that draws any is
//! refused, naming them, rather than read without rules it may have; so is a key this
//! reader does not know.

use serde_json::{Map, Number, Value};

use super::fpuzzles::{cell_name, given_digit, holds, number, parse_cell, Fpuzzle};
use crate::layout::MIN_SIDE;
use crate::MAX_SIDE;

/// SudokuPad's shortened keys and what they stand for.
const KEYS: [(&str, &str); 25] = [
    ("c", "color"),
    ("ca", "cages"),
    ("ct", "center"),
    ("c1", "borderColor"),
    ("c2", "backgroundColor"),
    ("ce", "cells"),
    ("cs", "cellSize"),
    ("a", "arrows"),
    ("o", "overlays"),
    ("u", "underlays"),
    ("w", "width"),
    ("h", "height"),
    ("v", "value"),
    ("vd", "videos"),
    ("l", "lines"),
    ("r", "rounded"),
    ("re", "regions"),
    ("fs", "fontSize"),
    ("th", "thickness"),
    ("hl", "headLength"),
    ("wp", "wayPoints"),
    ("t", "title"),
    ("te", "text"),
    ("d", "duration"),
    ("d2", "d"),
];

/// The puzzle object's keys that hold no rule, or a rule read or refused by name.
const KNOWN: [&str; 18] = [
    "id",
    "metadata",
    "cellSize",
    "cells",
    "regions",
    "cages",
    "lines",
    "arrows",
    "overlays",
    "underlays",
    "bgimage",
    "title",
    "author",
    "rules",
    "solution",
    "videos",
    "duration",
    "settings",
];

/// Nesting deeper than this is refused (a puzzle needs four levels).
const MAX_DEPTH: usize = 64;

/// The most values the compact form may hold: a 25×25 puzzle with a cage on every cell
/// needs about 10,000; `[,,,…]` packs so well that a short link could otherwise unpack
/// to millions.
const MAX_VALUES: usize = 200_000;

/// The puzzle in SudokuPad's data (the text the link unpacks to).
pub(super) fn read(text: &str) -> Result<Fpuzzle, String> {
    let value = match serde_json::from_str::<Value>(text) {
        Ok(v) => long_keys(v),
        Err(_) => Compact::new(text).whole()?,
    };
    puzzle(&value)
}

/// SudokuPad's long name of a key (the key itself when it is not shortened).
fn long_key(key: String) -> String {
    KEYS.iter()
        .find(|(short, _)| *short == key)
        .map_or(key, |(_, long)| long.to_string())
}

/// Plain JSON with SudokuPad's short keys, given their long names.
fn long_keys(v: Value) -> Value {
    match v {
        Value::Object(map) => Value::Object(
            map.into_iter()
                .map(|(k, v)| (long_key(k), long_keys(v)))
                .collect(),
        ),
        Value::Array(list) => Value::Array(list.into_iter().map(long_keys).collect()),
        other => other,
    }
}

/// A parser of SudokuPad's compact form.
struct Compact<'a> {
    text: &'a str,
    at: usize,
    /// Values made so far (see [`MAX_VALUES`]).
    values: usize,
}

impl<'a> Compact<'a> {
    fn new(text: &'a str) -> Self {
        Compact {
            text,
            at: 0,
            values: 0,
        }
    }

    fn whole(mut self) -> Result<Value, String> {
        let v = self.value(0)?;
        self.space();
        if self.at < self.text.len() {
            return Err(self.fault("more data after the puzzle's object"));
        }
        Ok(v)
    }

    fn fault(&self, what: &str) -> String {
        format!(
            "the SudokuPad data cannot be read: {what} (at character {} of the data the \
             link unpacks to)",
            self.text[..self.at].chars().count() + 1
        )
    }

    /// One more value made: past [`MAX_VALUES`], an error.
    fn count_value(&mut self) -> Result<(), String> {
        self.values += 1;
        if self.values > MAX_VALUES {
            return Err(self.fault(&format!("more than {MAX_VALUES} values")));
        }
        Ok(())
    }

    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.at).copied()
    }

    fn space(&mut self) {
        while self.peek().is_some_and(|b| b.is_ascii_whitespace()) {
            self.at += 1;
        }
    }

    fn expect(&mut self, b: u8) -> Result<(), String> {
        self.space();
        if self.peek() == Some(b) {
            self.at += 1;
            Ok(())
        } else {
            Err(self.fault(&format!("'{}' expected", b as char)))
        }
    }

    fn value(&mut self, depth: usize) -> Result<Value, String> {
        if depth > MAX_DEPTH {
            return Err(self.fault("nested too deeply"));
        }
        self.count_value()?;
        self.space();
        match self.peek() {
            Some(b'{') => self.object(depth),
            Some(b'[') => self.array(depth),
            Some(q @ (b'"' | b'\'')) => self.string(q).map(Value::String),
            _ => self.bare(),
        }
    }

    fn object(&mut self, depth: usize) -> Result<Value, String> {
        self.expect(b'{')?;
        let mut map = Map::new();
        self.space();
        if self.peek() == Some(b'}') {
            self.at += 1;
            return Ok(Value::Object(map));
        }
        loop {
            self.space();
            let key = match self.peek() {
                Some(q @ (b'"' | b'\'')) => self.string(q)?,
                _ => self.word().to_string(),
            };
            if key.is_empty() {
                return Err(self.fault("a key expected"));
            }
            self.expect(b':')?;
            let value = self.value(depth + 1)?;
            map.insert(long_key(key), value);
            self.space();
            match self.peek() {
                Some(b',') => self.at += 1,
                Some(b'}') => {
                    self.at += 1;
                    return Ok(Value::Object(map));
                }
                _ => return Err(self.fault("',' or '}' expected")),
            }
        }
    }

    fn array(&mut self, depth: usize) -> Result<Value, String> {
        self.expect(b'[')?;
        let mut list = Vec::new();
        self.space();
        if self.peek() == Some(b']') {
            self.at += 1;
            return Ok(Value::Array(list));
        }
        loop {
            self.space();
            // An empty slot is an empty object, left out by the compact form.
            if matches!(self.peek(), Some(b',' | b']')) {
                self.count_value()?;
                list.push(Value::Object(Map::new()));
            } else {
                list.push(self.value(depth + 1)?);
            }
            self.space();
            match self.peek() {
                Some(b',') => self.at += 1,
                Some(b']') => {
                    self.at += 1;
                    return Ok(Value::Array(list));
                }
                _ => return Err(self.fault("',' or ']' expected")),
            }
        }
    }

    fn string(&mut self, quote: u8) -> Result<String, String> {
        self.at += 1;
        let mut out = String::new();
        let mut chars = self.text[self.at..].char_indices();
        while let Some((i, ch)) = chars.next() {
            if ch as u32 == quote as u32 {
                self.at += i + 1;
                return Ok(out);
            }
            if ch != '\\' {
                out.push(ch);
                continue;
            }
            let Some((_, esc)) = chars.next() else { break };
            out.push(match esc {
                'n' => '\n',
                't' => '\t',
                'r' => '\r',
                'b' => '\u{8}',
                'f' => '\u{c}',
                'u' => {
                    let hex: String = chars.by_ref().take(4).map(|(_, c)| c).collect();
                    u32::from_str_radix(&hex, 16)
                        .ok()
                        .and_then(char::from_u32)
                        .unwrap_or(char::REPLACEMENT_CHARACTER)
                }
                other => other,
            });
        }
        self.at = self.text.len();
        Err(self.fault("a text that does not end"))
    }

    /// Letters, digits and the like up to the next delimiter.
    fn word(&mut self) -> &'a str {
        let start = self.at;
        while let Some(b) = self.peek() {
            if b.is_ascii_whitespace() || b",:{}[]'\"".contains(&b) {
                break;
            }
            self.at += 1;
        }
        &self.text[start..self.at]
    }

    /// A value without quotes: true and false (`t`, `f`), null, a number, or a
    /// colour such as `#0` or `FF0000`.
    fn bare(&mut self) -> Result<Value, String> {
        let word = self.word();
        Ok(match word {
            "" => return Err(self.fault("a value expected")),
            "t" | "true" => Value::Bool(true),
            "f" | "false" => Value::Bool(false),
            "null" => Value::Null,
            "#0" => Value::String("#000000".into()),
            "#F" => Value::String("#FFFFFF".into()),
            _ => bare_number(word).unwrap_or_else(|| Value::String(word.to_string())),
        })
    }
}

fn bare_number(word: &str) -> Option<Value> {
    if !word.starts_with(|c: char| c.is_ascii_digit() || c == '-' || c == '.') {
        return None;
    }
    if let Ok(i) = word.parse::<i64>() {
        return Some(Value::Number(i.into()));
    }
    word.parse::<f64>()
        .ok()
        .and_then(Number::from_f64)
        .map(Value::Number)
}

/// `[row, column]` from 0, or `R1C1`, as a cell index of an N×N grid.
fn cell_at(v: &Value, n: usize) -> Option<usize> {
    if let Some(s) = v.as_str() {
        return parse_cell(s, n);
    }
    let pair = v.as_array().filter(|p| p.len() == 2)?;
    let at = |v: &Value| usize::try_from(v.as_u64()?).ok();
    let (r, c) = (at(&pair[0])?, at(&pair[1])?);
    (r < n && c < n).then_some(r * n + c)
}

#[derive(Clone, Copy, PartialEq)]
enum Diagonal {
    Main,
    Anti,
}

/// Is this line one of the grid's diagonals, drawn from corner to corner? (A line
/// through the cells' centres may be a renban or whispers line along the diagonal, so
/// it is not taken for one.)
fn diagonal(line: &Value, n: usize) -> Option<Diagonal> {
    let points: Vec<(f64, f64)> = line
        .get("wayPoints")?
        .as_array()?
        .iter()
        .map(|p| {
            let p = p.as_array().filter(|p| p.len() == 2)?;
            Some((p[0].as_f64()?, p[1].as_f64()?))
        })
        .collect::<Option<_>>()?;
    let n = n as f64;
    let near = |a: f64, b: f64| (a - b).abs() < 1e-6;
    let rows = points.iter().map(|p| p.0);
    let (low, high) = (
        rows.clone().fold(f64::MAX, f64::min),
        rows.fold(f64::MIN, f64::max),
    );
    if points.len() < 2 || !near(low, 0.0) || !near(high, n) {
        return None;
    }
    if points.iter().all(|&(r, c)| near(r, c)) {
        Some(Diagonal::Main)
    } else if points.iter().all(|&(r, c)| near(r + c, n)) {
        Some(Diagonal::Anti)
    } else {
        None
    }
}

fn puzzle(v: &Value) -> Result<Fpuzzle, String> {
    let obj = v
        .as_object()
        .ok_or("the SudokuPad data is not a puzzle object")?;
    let rows = obj
        .get("cells")
        .and_then(Value::as_array)
        .ok_or("the SudokuPad data has no \"cells\"")?;
    let n = rows.len();
    if !(MIN_SIDE..=MAX_SIDE).contains(&n) {
        return Err(format!(
            "its grid has {n} rows: sudokit's grids are {MIN_SIDE}×{MIN_SIDE} to {MAX_SIDE}×{MAX_SIDE}"
        ));
    }
    refuse_drawn_rules(obj, n)?;
    let mut values = vec![0u8; n * n];
    for (r, row) in rows.iter().enumerate() {
        let cells = row
            .as_array()
            .filter(|c| c.len() == n)
            .ok_or_else(|| format!("row {} of its cells is not a list of {n} cells", r + 1))?;
        for (c, cell) in cells.iter().enumerate() {
            let i = r * n + c;
            for marks in ["pencilMarks", "pencilmarks", "centremarks", "cornermarks"] {
                if cell.get(marks).is_some_and(holds) {
                    return Err(format!(
                        "{} has given pencil marks (\"{marks}\"), which sudokit does not read",
                        cell_name(n, i)
                    ));
                }
            }
            values[i] = given_digit(cell.get("value"), n, i)?;
        }
    }
    let regions = match obj.get("regions") {
        Some(list) if holds(list) => Some(regions(list, n)?),
        _ => None,
    };
    let cages = match obj.get("cages") {
        Some(list) if holds(list) => cages(list, n)?,
        _ => Vec::new(),
    };
    let mut drawn = [false; 2];
    for d in lines(obj).filter_map(|line| diagonal(line, n)) {
        drawn[d as usize] = true;
    }
    let diagonals = match drawn {
        [true, true] => true,
        [false, false] => false,
        [main, _] => {
            let which = if main { "main " } else { "anti-" };
            return Err(format!(
                "it draws only the {which}diagonal: sudokit's sudoku-X has both"
            ));
        }
    };
    Ok(Fpuzzle {
        size: n,
        values,
        regions,
        diagonals,
        cages,
    })
}

fn lines(obj: &Map<String, Value>) -> impl Iterator<Item = &Value> {
    obj.get("lines")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
}

/// SudokuPad's drawings that may be rules: refused, by name, unless they are only
/// the two diagonals.
fn refuse_drawn_rules(obj: &Map<String, Value>, n: usize) -> Result<(), String> {
    let mut found = Vec::new();
    let other_lines = lines(obj).filter(|l| diagonal(l, n).is_none()).count();
    if other_lines > 0 {
        found.push(format!(
            "{other_lines} line{} (thermometers, renban, whispers and the like)",
            if other_lines == 1 { "" } else { "s" }
        ));
    } else if obj.get("lines").is_some_and(|l| !l.is_array() && holds(l)) {
        found.push("lines (\"lines\")".to_string());
    }
    let meta = obj.get("metadata");
    if obj.get("bgimage").is_some_and(holds)
        || meta.and_then(|m| m.get("bgimage")).is_some_and(holds)
    {
        found.push("a background picture (\"bgimage\"), where rules may be drawn".to_string());
    }
    for (key, value) in obj {
        if !KNOWN.contains(&key.as_str()) && holds(value) {
            found.push(format!("\"{key}\", which sudokit does not know"));
        }
    }
    for (key, words) in [
        ("arrows", "arrows"),
        (
            "overlays",
            "overlays (dots, circles, clues drawn on the grid)",
        ),
        ("underlays", "underlays (shaded cells and shapes)"),
    ] {
        if obj.get(key).is_some_and(holds) {
            found.push(format!("{words} (\"{key}\")"));
        }
    }
    if found.is_empty() {
        return Ok(());
    }
    Err(format!(
        "it draws {}, which SudokuPad does not say the rules of and sudokit does not \
         read: it reads givens, regions, both diagonals and killer cages",
        found.join(", ")
    ))
}

fn regions(list: &Value, n: usize) -> Result<Vec<Option<u8>>, String> {
    let list = list
        .as_array()
        .ok_or("\"regions\" is not a list of regions")?;
    if list.len() != n {
        let r = if list.len() == 1 { "region" } else { "regions" };
        return Err(format!(
            "it has {} {r} where {} grid needs {n}",
            list.len(),
            crate::a_grid(n)
        ));
    }
    let mut table = vec![None; n * n];
    for (k, region) in list.iter().enumerate() {
        let cells = region
            .as_array()
            .ok_or_else(|| format!("region {} is not a list of cells", k + 1))?;
        for cell in cells {
            let i = cell_at(cell, n).ok_or_else(|| {
                format!(
                    "region {} names the cell {cell}, not one of {} grid",
                    k + 1,
                    crate::a_grid(n)
                )
            })?;
            if let Some(other) = table[i] {
                return Err(format!(
                    "{} is in region {} and region {}",
                    cell_name(n, i),
                    other as usize + 1,
                    k + 1
                ));
            }
            table[i] = Some(k as u8);
        }
    }
    if let Some(i) = table.iter().position(Option::is_none) {
        return Err(format!("{} is in none of its regions", cell_name(n, i)));
    }
    Ok(table)
}

fn cages(list: &Value, n: usize) -> Result<Vec<(Vec<usize>, u32)>, String> {
    let list = list.as_array().ok_or("\"cages\" is not a list of cages")?;
    let mut cages = Vec::with_capacity(list.len());
    for (k, cage) in list.iter().enumerate() {
        // A cage without cells holds the title, author or rules in older puzzles.
        let Some(cells) = cage
            .get("cells")
            .and_then(Value::as_array)
            .filter(|c| !c.is_empty())
        else {
            continue;
        };
        let cells: Vec<usize> = cells
            .iter()
            .map(|c| {
                cell_at(c, n).ok_or_else(|| {
                    format!(
                        "cage {} names the cell {c}, not one of {} grid",
                        k + 1,
                        crate::a_grid(n)
                    )
                })
            })
            .collect::<Result<_, _>>()?;
        let Some(first) = cells.iter().min().map(|&i| cell_name(n, i)) else {
            continue;
        };
        let sum = match cage.get("value") {
            Some(v) if holds(v) => {
                number(v).filter(|&s| s <= u32::MAX as u64).ok_or_else(|| {
                    format!("the cage at {first} has the total {v}, which is not a whole number")
                })?
            }
            _ => {
                return Err(format!(
                    "the cage at {first} has no total: killers without totals, and cages \
                     drawn for other rules, are not read"
                ))
            }
        };
        cages.push((cells, sum as u32));
    }
    Ok(cages)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Any text in the form's alphabet is a puzzle or an error, never a panic.
        #[test]
        fn no_text_panics(text in "[{}\\[\\],:'\"\\\\a-z0-9 .#-]{0,80}") {
            let _ = read(&text);
        }

        /// Nor does a puzzle with its pieces shuffled about.
        #[test]
        fn no_puzzle_panics(cells in 0usize..30, v in "[0-9a-z'-]{0,3}", wp in "[0-9., -]{0,12}") {
            let rows = format!("[{}]", vec![format!("[{}]", ",".repeat(cells.saturating_sub(1))); cells].join(","));
            let text = format!(
                "{{ce:{rows},re:[[[0,{v}]]],ca:[{{ce:[[0,0],[{wp}]],v:{v}}}],l:[{{wp:[[{wp}],[0,0]]}}]}}"
            );
            let _ = read(&text);
        }
    }

    #[test]
    fn the_compact_form_parses_as_sudokupad_unzips_it() {
        let v = Compact::new("{ce:[[,{v:5},],[{},,]],t:'don\\'t',c1:#0,c2:FF00AA,r:t,x:f,w:0.5}")
            .whole()
            .unwrap();
        let expect: Value = serde_json::from_str(
            r##"{"cells":[[{},{"value":5},{}],[{},{},{}]],"title":"don't",
                 "borderColor":"#000000","backgroundColor":"FF00AA","rounded":true,
                 "x":false,"width":0.5}"##,
        )
        .unwrap();
        assert_eq!(v, expect);
    }

    #[test]
    fn broken_compact_data_is_an_error_saying_where() {
        for (text, words) in [
            ("{ce:[[,,]", "',' or ']' expected (at character 10 of"),
            ("{ce:'abc", "a text that does not end"),
            ("{:1}", "a key expected"),
            ("{a:1}x", "more data after"),
            ("", "a value expected"),
        ] {
            let e = Compact::new(text).whole().unwrap_err();
            assert!(e.contains(words), "{text}: {e}");
        }
        let deep = "[".repeat(200);
        assert!(Compact::new(&deep)
            .whole()
            .unwrap_err()
            .contains("nested too deeply"));
    }
}
