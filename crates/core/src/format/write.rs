//! Writers: each format written one exact way, so that reading it back gives the same grid.

use std::fmt::Write as _;

use crate::digit::{Digit, DigitSet};
use crate::grid::Grid;
use crate::layout::Layout;

/// One line of N² symbols, `.` for blanks (the same as [`Grid::to_line`]).
pub fn line(grid: &Grid) -> String {
    grid.to_line()
}

/// A readable grid: boxes framed with `+`, `-` and `|`; a jigsaw layout is written as
/// plain rows (its regions cannot be drawn with straight borders).
///
/// ```
/// use sudokit_core::{format, Grid};
/// let g = Grid::from_line("1.3..2.........4").unwrap();
/// assert_eq!(format::write::grid(&g), "\
/// +-----+-----+
/// | 1 . | 3 . |
/// | . 2 | . . |
/// +-----+-----+
/// | . . | . . |
/// | . . | . 4 |
/// +-----+-----+
/// ");
/// ```
pub fn grid(grid: &Grid) -> String {
    let texts: Vec<String> = grid
        .values()
        .iter()
        .map(|&v| symbol(v).to_string())
        .collect();
    framed(grid.layout(), &texts, " ")
}

/// A pencil-mark grid: each cell shows its digit, or its candidates run together
/// (`-` when it has none), columns padded to their widest cell.
pub fn candidates(layout: &Layout, values: &[u8], cands: &[DigitSet]) -> String {
    let texts: Vec<String> = values
        .iter()
        .zip(cands)
        .map(|(&v, &c)| match (v, c.is_empty()) {
            (0, true) => "-".to_string(),
            (0, false) => c.to_string(),
            _ => symbol(v).to_string(),
        })
        .collect();
    framed(layout, &texts, "  ")
}

/// Lays out one text per cell in rows, with box borders when the layout has boxes.
fn framed(layout: &Layout, texts: &[String], gap: &str) -> String {
    let n = layout.side();
    let widths: Vec<usize> = (0..n)
        .map(|c| {
            (0..n)
                .map(|r| texts[r * n + c].chars().count())
                .max()
                .unwrap_or(1)
        })
        .collect();
    let Some(shape) = layout.box_shape() else {
        return (0..n)
            .map(|r| {
                row_text(&texts[r * n..(r + 1) * n], &widths, gap)
                    .trim_end()
                    .to_string()
                    + "\n"
            })
            .collect();
    };
    let stacks: Vec<std::ops::Range<usize>> = (0..n / shape.cols)
        .map(|s| s * shape.cols..(s + 1) * shape.cols)
        .collect();
    let rule: String = stacks
        .iter()
        .map(|s| {
            "-".repeat(widths[s.clone()].iter().sum::<usize>() + gap.len() * (shape.cols - 1) + 2)
        })
        .fold("+".to_string(), |acc, seg| acc + &seg + "+");
    let mut out = String::new();
    for r in 0..n {
        if r % shape.rows == 0 {
            out.push_str(&rule);
            out.push('\n');
        }
        out.push('|');
        for s in &stacks {
            let cells = &texts[r * n + s.start..r * n + s.end];
            let _ = write!(out, " {} |", row_text(cells, &widths[s.clone()], gap));
        }
        out.push('\n');
    }
    out.push_str(&rule);
    out.push('\n');
    out
}

fn row_text(cells: &[String], widths: &[usize], gap: &str) -> String {
    let padded: Vec<String> = cells
        .iter()
        .zip(widths)
        .map(|(t, &w)| format!("{t:<w$}"))
        .collect();
    padded.join(gap)
}

/// A MATLAB matrix, one row a line, values as numbers, 0 for blanks.
///
/// ```
/// use sudokit_core::{format, Grid};
/// let g = Grid::from_line("1.3..2.........4").unwrap();
/// assert_eq!(format::write::matrix(&g), "[1 0 3 0;\n 0 2 0 0;\n 0 0 0 0;\n 0 0 0 4]\n");
/// ```
pub fn matrix(grid: &Grid) -> String {
    let n = grid.side();
    let rows: Vec<String> = grid
        .values()
        .chunks(n)
        .map(|r| {
            r.iter()
                .map(|v| v.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    format!("[{}]\n", rows.join(";\n "))
}

/// `row column digit` triples (1-based), one given a line, in reading order; a grid
/// without givens is its last cell with digit 0 (`9 9 0`), so that it reads back.
pub fn triples(grid: &Grid) -> String {
    let n = grid.side();
    let mut out = String::new();
    for (i, &v) in grid.values().iter().enumerate() {
        if v != 0 {
            let _ = writeln!(out, "{} {} {}", i / n + 1, i % n + 1, v);
        }
    }
    if out.is_empty() {
        // No givens: the last cell, blank, so that the grid (and its side) reads back.
        let _ = writeln!(out, "{n} {n} 0");
    }
    out
}

/// A killer: its givens on a line (with the regions after them on a jigsaw layout), then
/// the cage block: `cages:`, N rows of cage names (`.` for a cell in no cage) and the
/// sums, as the reader reads them. Names are one letter or digit each while there are
/// at most 62 cages, else two each, separated by spaces.
///
/// ```
/// use sudokit_core::{format::write, Cage, Cell, Grid, Layout};
/// let cages = vec![
///     Cage { cells: vec![Cell::new(0), Cell::new(1)], sum: 3 },
///     Cage { cells: vec![Cell::new(2), Cell::new(6)], sum: 7 },
/// ];
/// let layout = Layout::for_side(4).unwrap().with_cages(cages).unwrap();
/// let killer = Grid::from_values(layout.into(), vec![0; 16]);
/// assert_eq!(
///     write::killer(&killer),
///     "................\ncages:\nAAB.\n..B.\n....\n....\nsums: A=3 B=7\n"
/// );
/// ```
pub fn killer(grid: &Grid) -> String {
    let layout = grid.layout();
    let n = layout.side();
    let cages = layout.cages();
    let mut out = grid.to_line();
    if layout.box_shape().is_none() {
        out.push(' ');
        out.push_str(&layout.region_symbols());
    }
    out.push_str("\ncages:\n");
    let short = cages.len() <= 62;
    let name = |k: usize| match short {
        true => cage_symbol(k).to_string(),
        false => format!("{}{}", cage_symbol(k / 62), cage_symbol(k % 62)),
    };
    for row in 0..n {
        let names: Vec<String> = (0..n)
            .map(|col| {
                let cage = layout.cage_of(layout.cell(row, col));
                cage.map_or_else(|| ".".to_string(), name)
            })
            .collect();
        match short {
            true => out.push_str(&names.concat()),
            false => {
                let padded: Vec<String> = names.iter().map(|t| format!("{t:<2}")).collect();
                out.push_str(padded.join(" ").trim_end());
            }
        }
        out.push('\n');
    }
    for (i, cage) in cages.iter().enumerate() {
        let sep = match i {
            0 => "sums: ",
            _ if i % 12 == 0 => "\n",
            _ => " ",
        };
        let _ = write!(out, "{sep}{}={}", name(i), cage.sum);
    }
    out.push('\n');
    out
}

/// The symbol of cage `k` (below 62): `A`..`Z`, `a`..`z`, `0`..`9`.
fn cage_symbol(k: usize) -> char {
    const SYMBOLS: &[u8; 62] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    SYMBOLS[k] as char
}

fn symbol(v: u8) -> char {
    Digit::new_checked(v).map_or('.', Digit::to_char)
}

/// The puzzle as f-puzzles' JSON, on one line: its size, givens (`"given": true`),
/// regions on a jigsaw layout (each cell's, numbered from 0), both diagonals on a
/// sudoku-X and killer cages (`"killercage"`, cells as `R1C1`, totals as strings), as
/// f-puzzles and SudokuPad load it (f-puzzles draws sides up to 16).
///
/// ```
/// use sudokit_core::{format::write, Grid};
/// let g = Grid::from_line("1.3..2.........4").unwrap();
/// let json = write::fpuzzles(&g);
/// assert!(json.starts_with(r#"{"size":4,"grid":[[{"value":1,"given":true},{},"#));
/// ```
pub fn fpuzzles(grid: &Grid) -> String {
    use super::json::Json;
    let layout = grid.layout();
    let n = layout.side();
    let jigsaw = layout.box_shape().is_none();
    let rows = (0..n)
        .map(|r| {
            let cells = (0..n).map(|c| {
                let cell = layout.cell(r, c);
                let mut fields = Vec::new();
                if let Some(d) = grid.get(cell) {
                    fields.push(("value", Json::from(i64::from(d.get()))));
                    fields.push(("given", Json::Bool(true)));
                }
                if jigsaw {
                    fields.push(("region", Json::from(layout.region(cell) as i64)));
                }
                Json::object(fields)
            });
            Json::Array(cells.collect())
        })
        .collect();
    let mut fields = vec![("size", Json::from(n as i64)), ("grid", Json::Array(rows))];
    if layout.has_diagonals() {
        fields.push(("diagonal+", Json::Bool(true)));
        fields.push(("diagonal-", Json::Bool(true)));
    }
    if layout.is_killer() {
        let cages = layout.cages().iter().map(|cage| {
            let cells = cage
                .cells
                .iter()
                .map(|&c| Json::Str(format!("R{}C{}", layout.row(c) + 1, layout.col(c) + 1)));
            Json::object([
                ("cells", Json::Array(cells.collect())),
                ("value", Json::Str(cage.sum.to_string())),
            ])
        });
        fields.push(("killercage", Json::Array(cages.collect())));
    }
    Json::object(fields).to_string()
}

/// A SudokuPad link that opens the puzzle ([`fpuzzles`]' JSON, compressed as SudokuPad
/// and f-puzzles read it); the reader reads it back.
pub fn sudokupad_link(grid: &Grid) -> String {
    format!(
        "https://sudokupad.app/fpuzzles{}",
        super::lzstring::compress_to_base64(&fpuzzles(grid))
    )
}
