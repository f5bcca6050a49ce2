//! Puzzles as f-puzzles and SudokuPad share them: f-puzzles' JSON (on one line or
//! several), or a link that carries it compressed (`f-puzzles.com/?load=…`,
//! `sudokupad.app/fpuzzles…`, or the compressed data alone). Links in SudokuPad's own
//! format (`sudokupad.app/scl…`) are read by `sudokupad.rs` into the same puzzle.
//!
//! What is read: the size, the givens (`"given": true`; a player's own digits are not
//! givens), regions (`"region"` on a cell; the usual boxes otherwise), both diagonals
//! (`"diagonal+"` and `"diagonal-"`), and killer cages (`"killercage"`). Any other
//! constraint is refused by name rather than dropped, for a puzzle read without one of
//! its rules would have other solutions. Titles, notes, colours and drawings are
//! ignored.

use serde_json::{Map, Value};

use super::sudokupad;
use super::*;
use crate::format::lzstring;
use crate::layout::{region_symbol, Cage, Cell};

/// Is this line f-puzzles or SudokuPad data (or a link to it)?
/// Its first word decides: a `{`, a link to either site, f-puzzles' compressed data, or
/// SudokuPad's (`scl…`, `ctc…`).
/// A `{` line is f-puzzles' when it names a `"grid"` or `"size"`, or opens JSON it does
/// not close and names no `"puzzle"` or `"solution"` (those are the JSON rows sudokit
/// writes, one a line: `table.rs`).
pub(super) fn is_shared(text: &str) -> bool {
    let whole = text.trim_start();
    // Most lines are puzzles, which start with a digit or a dot: every
    // shared form starts with `{`, `N4Ig`, `fpuzzles`, `scl`, `ctc`, `http`,
    // `www.` or one of the sites' names, so one byte settles most lines.
    if !matches!(
        whole.as_bytes().first(),
        Some(b'{' | b'N' | b'f' | b'h' | b'w' | b's' | b'a' | b'c')
    ) {
        return false;
    }
    if whole.starts_with('{') {
        let has = |key: &str| whole.contains(&format!("\"{key}\""));
        if has("grid") || has("size") {
            return true;
        }
        let mut depth = Depth::default();
        depth.scan(whole);
        return !depth.closed() && !has("puzzle") && !has("solution");
    }
    let first = strip_comment(text)
        .0
        .split_whitespace()
        .next()
        .unwrap_or("");
    let site = first
        .trim_start_matches("https://")
        .trim_start_matches("http://")
        .trim_start_matches("www.");
    first.starts_with("N4Ig")
        || first.starts_with("fpuzzles")
        || ["scl", "ctc"].iter().any(|f| {
            first
                .strip_prefix(f)
                .is_some_and(|d| d.len() >= 8 && d.bytes().all(is_link_data_byte))
        })
        || [
            "f-puzzles.com",
            "sudokupad.app",
            "app.crackingthecryptic.com",
        ]
        .iter()
        .any(|s| site.starts_with(s))
}

/// A byte of base64 data as links carry it (URL-encoded or not).
fn is_link_data_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"+/=%-_$".contains(&b)
}

/// The most bytes of JSON read over several lines.
const MAX_JSON: usize = MAX_LINE;

fn bad(line: usize, message: impl Into<String>) -> InputError {
    InputError::new(line, None, ErrorKind::Shared(message.into()))
}

impl<R: BufRead> Reader<R> {
    /// The puzzle of f-puzzles data that starts on line `no`.
    pub(super) fn shared_puzzle(&mut self, no: usize, text: &str) -> Result<Grid, InputError> {
        let t = text.trim();
        let (json, site) = if t.starts_with('{') {
            (self.json_lines(no, t)?, Site::Fpuzzles)
        } else {
            let (data, site) = link_data(t).map_err(|m| bad(no, m))?;
            let json = lzstring::decompress_from_base64(&data).map_err(|e| {
                bad(
                    no,
                    format!("the link's puzzle data cannot be unpacked: {e}"),
                )
            })?;
            (json, site)
        };
        let puzzle = match site {
            Site::Fpuzzles => {
                let value: Value = serde_json::from_str(&json)
                    .map_err(|e| bad(no, format!("the f-puzzles data is not JSON: {e}")))?;
                Fpuzzle::read(&value)
            }
            Site::SudokuPad => sudokupad::read(&json),
        }
        .map_err(|m| bad(no, m))?;
        self.fpuzzle_grid(no, puzzle)
    }

    /// JSON that opens on line `no` with `first`, through the line that closes its
    /// outermost brace.
    fn json_lines(&mut self, no: usize, first: &str) -> Result<String, InputError> {
        let mut json = first.to_string();
        let mut depth = Depth::default();
        depth.scan(first);
        while !depth.closed() {
            match self.next_line() {
                Some(Ok((_, text))) => {
                    depth.scan(&text);
                    json.push('\n');
                    json.push_str(&text);
                    if json.len() > MAX_JSON {
                        return Err(bad(no, format!("the JSON is longer than {MAX_JSON} bytes")));
                    }
                }
                Some(Err(e)) => return Err(e),
                None => {
                    return Err(bad(
                        no,
                        "the JSON that opens here does not close (a '}' is missing)",
                    ))
                }
            }
        }
        Ok(json)
    }

    fn fpuzzle_grid(&mut self, no: usize, p: Fpuzzle) -> Result<Grid, InputError> {
        let n = p.size;
        if let Some(l) = &self.opts.layout {
            if l.side() != n {
                let kind = ErrorKind::SideMismatch {
                    found: n,
                    expected: l.side(),
                };
                return Err(InputError::new(no, None, kind));
            }
        }
        let diagonals = p.diagonals || self.opts.diagonals;
        let usual = usual_layout(n, diagonals).ok();
        let layout = match (&p.regions, &usual) {
            (None, Some(usual)) => usual.clone(),
            (None, None) => {
                return Err(bad(
                    no,
                    format!(
                        "{} grid has no boxes: its cells need regions",
                        crate::a_grid(n)
                    ),
                ))
            }
            (Some(regions), usual) => {
                let default = usual.as_ref().map(|u| u.region_table());
                let table: Vec<u8> = regions
                    .iter()
                    .enumerate()
                    .map(|(i, r)| match (r, default) {
                        (Some(r), _) => Ok(*r),
                        (None, Some(d)) => Ok(d[i]),
                        (None, None) => Err(bad(
                            no,
                            format!(
                                "{} has no region, and {} grid has no boxes to give it one",
                                cell_name(n, i),
                                crate::a_grid(n)
                            ),
                        )),
                    })
                    .collect::<Result<_, _>>()?;
                match usual {
                    Some(u) if u.region_table() == table.as_slice() => u.clone(),
                    _ => {
                        let symbols: Vec<char> =
                            table.iter().map(|&r| region_symbol(r as usize)).collect();
                        let mut layout = Layout::jigsaw(&symbols)
                            .map_err(|e| bad(no, format!("its regions: {e}")))?;
                        if diagonals {
                            layout = layout.with_diagonals();
                        }
                        Arc::new(layout)
                    }
                }
            }
        };
        let layout = if p.cages.is_empty() {
            layout
        } else {
            if !self.opts.killer {
                return Err(InputError::new(no, None, ErrorKind::KillerNotRead));
            }
            let cages = p
                .cages
                .into_iter()
                .map(|(cells, sum)| Cage {
                    cells: cells.into_iter().map(Cell::new).collect(),
                    sum,
                })
                .collect();
            let layout = (*layout)
                .clone()
                .with_cages(cages)
                .map_err(|e| InputError::new(no, None, e.into()))?;
            Arc::new(layout)
        };
        Ok(Grid::from_values(layout, p.values))
    }
}

/// Brace depth of JSON text read so far, strings skipped.
#[derive(Default)]
struct Depth {
    depth: usize,
    opened: bool,
    in_string: bool,
    escaped: bool,
}

impl Depth {
    fn scan(&mut self, text: &str) {
        for ch in text.chars() {
            if self.in_string {
                match (self.escaped, ch) {
                    (true, _) => self.escaped = false,
                    (false, '\\') => self.escaped = true,
                    (false, '"') => self.in_string = false,
                    _ => {}
                }
                continue;
            }
            match ch {
                '"' => self.in_string = true,
                '{' | '[' => {
                    self.depth += 1;
                    self.opened = true;
                }
                '}' | ']' => self.depth = self.depth.saturating_sub(1),
                _ => {}
            }
        }
    }

    fn closed(&self) -> bool {
        self.opened && self.depth == 0
    }
}

/// Whose format a link's data is in.
#[derive(Clone, Copy)]
enum Site {
    Fpuzzles,
    SudokuPad,
}

/// The compressed data of a link (or of the data alone), and whose format it is in.
/// The line's first word is the link; the earliest marker in it decides (the data is
/// base64, where "/scl" may occur by chance after its own marker).
fn link_data(text: &str) -> Result<(String, Site), String> {
    let word = strip_comment(text)
        .0
        .split_whitespace()
        .next()
        .unwrap_or("");
    const MARKERS: [(&str, Site); 6] = [
        ("fpuzzles", Site::Fpuzzles),
        ("load=", Site::Fpuzzles),
        ("/scl", Site::SudokuPad),
        ("/ctc", Site::SudokuPad),
        ("=scl", Site::SudokuPad),
        ("=ctc", Site::SudokuPad),
    ];
    let bare = ["scl", "ctc"].iter().find_map(|f| word.strip_prefix(f));
    let marked = MARKERS
        .iter()
        .filter_map(|&(m, site)| word.find(m).map(|at| (at, at + m.len(), site)))
        .min_by_key(|&(at, _, _)| at);
    let (data, site) = if word.starts_with("N4Ig") {
        (word, Site::Fpuzzles)
    } else if let Some(rest) = bare {
        (rest, Site::SudokuPad)
    } else if let Some((_, end, site)) = marked {
        (&word[end..], site)
    } else {
        return Err(
            "this link does not hold its puzzle (a short SudokuPad link keeps it \
                    on SudokuPad's server); sudokit reads the puzzle in a link's data \
                    (links with 'fpuzzles', 'scl', 'ctc' or '?load=', or the JSON)"
                .to_string(),
        );
    };
    let data = data.split(['&', '?', '#', '"', '\'']).next().unwrap_or("");
    // A '+' of the base64 data becomes "%20" in some copies of a link.
    Ok((percent_decoded(data)?.replace(' ', "+"), site))
}

/// `%2B` and the like decoded (links are often copied URL-encoded).
fn percent_decoded(text: &str) -> Result<String, String> {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(ch) = chars.next() {
        if ch != '%' {
            out.push(ch);
            continue;
        }
        let hex: String = chars.by_ref().take(2).collect();
        match u8::from_str_radix(&hex, 16) {
            Ok(b) if b.is_ascii() => out.push(b as char),
            _ => return Err(format!("the link has a bad escape '%{hex}'")),
        }
    }
    Ok(out)
}

/// `r1c1`, as every message names a cell.
pub(super) fn cell_name(n: usize, i: usize) -> String {
    format!("r{}c{}", i / n + 1, i % n + 1)
}

/// What sudokit takes from an f-puzzles (or SudokuPad) puzzle.
pub(super) struct Fpuzzle {
    pub(super) size: usize,
    /// Givens, 0 for an open cell.
    pub(super) values: Vec<u8>,
    /// Each cell's region when any cell names one.
    pub(super) regions: Option<Vec<Option<u8>>>,
    pub(super) diagonals: bool,
    /// Cells and sum of each killer cage.
    pub(super) cages: Vec<(Vec<usize>, u32)>,
}

/// Keys that hold no rule: names, notes, colours, drawings, settings.
const IGNORED: [&str; 14] = [
    "activeConstraints",
    "size",
    "grid",
    "title",
    "author",
    "ruleset",
    "solution",
    "text",
    "line",
    "rectangle",
    "circle",
    "highlightConflicts",
    "disabledlogic",
    "truecandidatesoptions",
];

/// f-puzzles' constraints, in its words, for the refusal.
const NAMED: [(&str, &str); 28] = [
    ("antiknight", "anti-knight"),
    ("antiking", "anti-king"),
    ("disjointgroups", "disjoint groups"),
    ("nonconsecutive", "non-consecutive"),
    ("negative", "negative constraints"),
    ("arrow", "arrows"),
    ("littlekillersum", "little killer sums"),
    ("odd", "odd cells"),
    ("even", "even cells"),
    ("minimum", "minimums"),
    ("maximum", "maximums"),
    ("extraregion", "extra regions"),
    ("thermometer", "thermometers"),
    ("palindrome", "palindromes"),
    ("renban", "renban lines"),
    ("whispers", "German whispers"),
    ("regionsumline", "region sum lines"),
    ("difference", "white dots (difference)"),
    ("ratio", "black dots (ratio)"),
    ("xv", "XV"),
    ("clone", "clones"),
    ("quadruple", "quadruples"),
    ("betweenline", "between lines"),
    ("sandwichsum", "sandwich sums"),
    ("xsum", "X-sums"),
    ("skyscraper", "skyscrapers"),
    ("entropicline", "entropic lines"),
    (
        "cage",
        "cages without a killer rule (f-puzzles' cosmetic 'cage')",
    ),
];

/// Does this value hold anything (a `true`, a non-empty list or object, a number)?
pub(super) fn holds(v: &Value) -> bool {
    match v {
        Value::Null => false,
        Value::Bool(b) => *b,
        Value::Array(a) => !a.is_empty(),
        Value::Object(o) => !o.is_empty(),
        Value::String(s) => !s.is_empty(),
        Value::Number(_) => true,
    }
}

impl Fpuzzle {
    fn read(v: &Value) -> Result<Fpuzzle, String> {
        let obj = v
            .as_object()
            .ok_or("the f-puzzles data is not a JSON object")?;
        refuse_other_rules(obj)?;
        let size = obj
            .get("size")
            .and_then(Value::as_u64)
            .ok_or("the f-puzzles data has no \"size\"")? as usize;
        if !(crate::layout::MIN_SIDE..=MAX_SIDE).contains(&size) {
            return Err(format!(
                "size {size}: sudokit's grids are {}×{} to {MAX_SIDE}×{MAX_SIDE}",
                crate::layout::MIN_SIDE,
                crate::layout::MIN_SIDE
            ));
        }
        let n = size;
        let rows = obj
            .get("grid")
            .and_then(Value::as_array)
            .ok_or("the f-puzzles data has no \"grid\"")?;
        if rows.len() != n {
            return Err(format!(
                "its grid has {} rows where size {n} needs {n}",
                rows.len()
            ));
        }
        let mut values = vec![0u8; n * n];
        let mut regions = vec![None; n * n];
        for (r, row) in rows.iter().enumerate() {
            let cells = row
                .as_array()
                .filter(|c| c.len() == n)
                .ok_or_else(|| format!("row {} of its grid is not a list of {n} cells", r + 1))?;
            for (c, cell) in cells.iter().enumerate() {
                let i = r * n + c;
                let Some(cell) = cell.as_object() else {
                    if cell.is_null() {
                        continue;
                    }
                    return Err(format!("{} is not a cell object", cell_name(n, i)));
                };
                read_cell(cell, n, i, &mut values[i], &mut regions[i])?;
            }
        }
        let diagonals = match (flag(obj, "diagonal+")?, flag(obj, "diagonal-")?) {
            (true, true) => true,
            (false, false) => false,
            (plus, _) => {
                let which = if plus { "diagonal+" } else { "diagonal-" };
                return Err(format!(
                    "it has one diagonal (\"{which}\"): sudokit's sudoku-X has both"
                ));
            }
        };
        let cages = match obj.get("killercage") {
            None | Some(Value::Null) => Vec::new(),
            Some(v) => read_cages(v, n)?,
        };
        let regions = regions.iter().any(Option::is_some).then_some(regions);
        Ok(Fpuzzle {
            size,
            values,
            regions,
            diagonals,
            cages,
        })
    }
}

fn refuse_other_rules(obj: &Map<String, Value>) -> Result<(), String> {
    let mut found: Vec<String> = Vec::new();
    for (key, value) in obj {
        let known = IGNORED.contains(&key.as_str())
            || ["killercage", "diagonal+", "diagonal-"].contains(&key.as_str());
        if known || !holds(value) {
            continue;
        }
        match NAMED.iter().find(|(k, _)| k == key) {
            Some((_, words)) => found.push(format!("{words} (\"{key}\")")),
            None => found.push(format!("\"{key}\"")),
        }
    }
    if found.is_empty() {
        return Ok(());
    }
    Err(format!(
        "it has {}, which sudokit does not read: it reads givens, regions, both diagonals \
         and killer cages",
        found.join(", ")
    ))
}

fn flag(obj: &Map<String, Value>, key: &str) -> Result<bool, String> {
    match obj.get(key) {
        None | Some(Value::Null) => Ok(false),
        Some(Value::Bool(b)) => Ok(*b),
        Some(_) => Err(format!("\"{key}\" is not true or false")),
    }
}

/// A number, or a string holding one (f-puzzles writes cage totals as strings).
pub(super) fn number(v: &Value) -> Option<u64> {
    match v {
        Value::Number(n) => n.as_u64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

fn read_cell(
    cell: &Map<String, Value>,
    n: usize,
    i: usize,
    value: &mut u8,
    region: &mut Option<u8>,
) -> Result<(), String> {
    if cell.get("givenPencilMarks").is_some_and(holds) {
        return Err(format!(
            "{} has given pencil marks (\"givenPencilMarks\"), which sudokit does not read",
            cell_name(n, i)
        ));
    }
    let given = cell.get("given").and_then(Value::as_bool).unwrap_or(false);
    if given {
        *value = given_digit(cell.get("value"), n, i)?;
    }
    match cell.get("region") {
        None | Some(Value::Null) => {}
        Some(v) => match v.as_u64() {
            Some(r) if r < n as u64 => *region = Some(r as u8),
            _ => {
                return Err(format!(
                    "{} has region {v}, where regions are numbered 0 to {}",
                    cell_name(n, i),
                    n - 1
                ))
            }
        },
    }
    Ok(())
}

/// A given's digit (0 for none), or why it is not one.
pub(super) fn given_digit(value: Option<&Value>, n: usize, i: usize) -> Result<u8, String> {
    match value {
        Some(v) if holds(v) => match number(v) {
            Some(d) if (1..=n as u64).contains(&d) => Ok(d as u8),
            _ => Err(format!(
                "{} holds {v}, which is not a digit from 1 to {n}",
                cell_name(n, i)
            )),
        },
        _ => Ok(0),
    }
}

/// `R1C1` (any case) as a cell index of an N×N grid.
pub(super) fn parse_cell(text: &str, n: usize) -> Option<usize> {
    let t = text.trim().to_ascii_uppercase();
    let (r, c) = t.strip_prefix('R')?.split_once('C')?;
    let (r, c): (usize, usize) = (r.parse().ok()?, c.parse().ok()?);
    ((1..=n).contains(&r) && (1..=n).contains(&c)).then(|| (r - 1) * n + c - 1)
}

fn read_cages(v: &Value, n: usize) -> Result<Vec<(Vec<usize>, u32)>, String> {
    let list = v
        .as_array()
        .ok_or("\"killercage\" is not a list of cages")?;
    let mut cages = Vec::with_capacity(list.len());
    for (k, cage) in list.iter().enumerate() {
        let cells: Vec<usize> = cage
            .get("cells")
            .and_then(Value::as_array)
            .ok_or_else(|| format!("killer cage {} has no \"cells\"", k + 1))?
            .iter()
            .map(|c| {
                c.as_str().and_then(|s| parse_cell(s, n)).ok_or_else(|| {
                    format!(
                        "killer cage {} names the cell {c}, not one of {} grid",
                        k + 1,
                        crate::a_grid(n)
                    )
                })
            })
            .collect::<Result<_, _>>()?;
        let Some(&first) = cells.iter().min() else {
            return Err(format!("killer cage {} has no cells", k + 1));
        };
        let sum = match cage.get("value") {
            None | Some(Value::Null) => None,
            Some(Value::String(s)) if s.trim().is_empty() => None,
            Some(v) => Some(number(v).filter(|&s| s <= u32::MAX as u64).ok_or_else(|| {
                format!(
                    "the killer cage at {} has the total {v}, which is not a number",
                    cell_name(n, first)
                )
            })?),
        };
        let Some(sum) = sum else {
            return Err(format!(
                "the killer cage at {} has no total: killers without totals are not read",
                cell_name(n, first)
            ));
        };
        cages.push((cells, sum as u32));
    }
    Ok(cages)
}
