//! The lenient reader: any mix of the supported formats in one text, one record per puzzle.

use std::fmt;
use std::io::{BufRead, Read};
use std::sync::Arc;

use super::marks::{
    bad_mark, candidate_string, hodoku_line, is_pencil_row, mark_row, HodokuError, HodokuPuzzle,
    Mark,
};
use super::scan::{is_whole_count, scan_cells, scan_line, strip_comment, Cells, Context, Scan};
use crate::digit::{Digit, DigitSet};
use crate::grid::Grid;
use crate::layout::{BoxShape, Layout, LayoutError};
use crate::MAX_SIDE;

/// How to read: a fixed layout, or sizes inferred from each puzzle.
#[derive(Clone, Debug, Default)]
pub struct ReadOptions {
    /// The layout every puzzle must have (from `--box` or `--regions`). By default each
    /// puzzle's size is inferred from its cell count, with the usual box shape.
    pub layout: Option<Arc<Layout>>,
    /// Add the two diagonals as houses to every layout.
    pub diagonals: bool,
}

/// One puzzle read from the input, or the error that stopped it.
#[derive(Clone, Debug)]
pub struct Record {
    /// The 1-based input line where the puzzle starts.
    pub line: usize,
    /// The puzzle, or why it could not be read.
    pub grid: Result<Grid, InputError>,
    /// The candidates of every cell, when the input gave pencil marks (a solved cell has
    /// only its value); `None` when only the digits were given.
    pub marks: Option<Vec<DigitSet>>,
}

/// Why a puzzle could not be read, and where.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct InputError {
    /// 1-based input line.
    pub line: usize,
    /// 1-based character column, when one character is at fault.
    pub column: Option<usize>,
    /// What went wrong.
    pub kind: ErrorKind,
}

impl InputError {
    /// Where, in words: `line 3, character 40`, or `line 3`.
    pub fn place(&self) -> String {
        match self.column {
            Some(c) => format!("line {}, character {c}", self.line),
            None => format!("line {}", self.line),
        }
    }

    /// An error at `line` (and `column`).
    pub fn new(line: usize, column: Option<usize>, kind: ErrorKind) -> InputError {
        InputError { line, column, kind }
    }

    fn at(line: usize, col: u32, kind: ErrorKind) -> InputError {
        InputError::new(line, Some(col as usize), kind)
    }
}

impl fmt::Display for InputError {
    /// `12:40: unexpected character 'q'` or `3: 80 cells, expected 81`: prefix a file name
    /// and a colon to get the usual `file:line:column: message`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.column {
            Some(c) => write!(f, "{}:{}: {}", self.line, c, self.kind),
            None => write!(f, "{}: {}", self.line, self.kind),
        }
    }
}

impl std::error::Error for InputError {}

/// What is wrong with a piece of input.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ErrorKind {
    /// A line longer than [`MAX_LINE`] bytes (no puzzle needs one); the rest of it is
    /// skipped.
    #[error("line longer than {0} bytes (skipped: no puzzle is written on one so long)")]
    LineTooLong(usize),
    /// A character that belongs to no format.
    #[error("unexpected character {} (digits are 1-9, then A-P; 0 or . is an empty cell)", quoted(*.0))]
    UnexpectedChar(char),
    /// A digit beyond the grid side.
    #[error("digit {value} is too large for a {side}×{side} grid")]
    DigitTooLarge {
        /// The value written.
        value: usize,
        /// The grid side.
        side: usize,
    },
    /// A puzzle line of the wrong length.
    #[error("{}", count_words(*found, *expected))]
    CellCount {
        /// Cells found.
        found: usize,
        /// Cells expected.
        expected: usize,
    },
    /// A row of a grid block or matrix of the wrong length.
    #[error("row {row} has {found} cells, expected {expected}")]
    RowLength {
        /// 1-based row of the grid.
        row: usize,
        /// Cells found.
        found: usize,
        /// Cells expected.
        expected: usize,
    },
    /// A grid block or matrix with too few or too many rows.
    #[error("the grid has {rows} rows, expected {expected}")]
    RowCount {
        /// Rows found.
        rows: usize,
        /// Rows expected.
        expected: usize,
    },
    /// A line of N cells alone: neither a whole puzzle nor the first of N rows.
    #[error("{} (or the first row of a {found}×{found} grid whose other rows are missing)", count_words(*found, *expected))]
    LoneRow {
        /// Cells on the line.
        found: usize,
        /// The nearest cell count of a one-line puzzle.
        expected: usize,
    },
    /// A digit of a candidate string away from its own position in the cell.
    #[error("'{symbol}' at position {position} of its cell (a candidate string has digit d at position d)")]
    MarkOutOfPlace {
        /// The symbol written.
        symbol: char,
        /// Its 1-based position in the cell's N symbols.
        position: usize,
    },
    /// A deleted candidate of a HoDoKu line that is not `digit row column`.
    #[error("deleted candidate '{0}' is not three digits 1-9 (digit, row, column)")]
    Deletion(String),
    /// A JSON line (or CSV row) without a readable puzzle.
    #[error("{0}")]
    Table(String),
    /// Jigsaw regions written after a puzzle that differ from the layout asked for.
    #[error(
        "the regions written after this puzzle differ from the layout given (--regions or --box)"
    )]
    RegionsDiffer,
    /// A `[` with no `]`.
    #[error("the matrix opened here is never closed with ']'")]
    UnclosedMatrix,
    /// A puzzle whose side differs from the fixed layout.
    #[error("a {found}×{found} puzzle, but the layout is {expected}×{expected}")]
    SideMismatch {
        /// The puzzle's side.
        found: usize,
        /// The layout's side.
        expected: usize,
    },
    /// A `row column digit` triple with a number out of range.
    #[error("{what} {value} is outside 1..{side}")]
    TripleRange {
        /// `row`, `column` or `digit`.
        what: &'static str,
        /// The number written.
        value: usize,
        /// The grid side.
        side: usize,
    },
    /// Two triples giving different digits to one cell.
    #[error("r{row}c{col} is given {digit} here and {other} on line {other_line}")]
    TripleClash {
        /// 1-based row.
        row: usize,
        /// 1-based column.
        col: usize,
        /// The digit on this line.
        digit: usize,
        /// The digit given before.
        other: usize,
        /// Where it was given before.
        other_line: usize,
    },
    /// The size has no layout (e.g. a prime side without `--regions`).
    #[error(transparent)]
    Layout(#[from] LayoutError),
    /// No puzzle in the input.
    #[error("no puzzle found")]
    Empty,
    /// The input could not be read.
    #[error("read error: {0}")]
    Io(String),
}

/// Reads puzzles from text, any format, one [`Record`] at a time (streaming: memory does
/// not grow with the input).
///
/// Formats, mixed freely:
/// - one puzzle per line, N² symbols (`1`–`9`, `A`–`P`; blanks `.` `0` `x` `X` `*` `_`),
///   anything after the first whitespace-separated token ignored when that token is a
///   whole puzzle;
/// - a grid block: N lines of N cells, separated by spaces, commas or nothing, with
///   `|` `-` `+` borders ignored (numbers such as `10` when every cell is a spaced number);
/// - a MATLAB matrix `[a b c; d e f; ...]`, possibly over several lines;
/// - `row column digit` triples, one per line, ending at a blank line (digit `0`: the
///   cell is blank, which is how an empty grid is written).
///
/// `#` starts a comment. Without a fixed layout, the side is inferred from the cell
/// count; a line of 16 symbols without separators is a 4×4 puzzle, not a 16×16 row.
///
/// ```
/// use sudokit_core::format::{Reader, ReadOptions};
/// let text = "1.3..2.........4\n\n[1 2 0 0; 0 0 1 2; 0 1 0 0; 0 0 0 1]\n";
/// let records: Vec<_> = Reader::new(text.as_bytes(), ReadOptions::default()).collect();
/// assert_eq!(records.len(), 2);
/// assert_eq!(records[1].line, 3);
/// assert_eq!(records[1].grid.as_ref().unwrap().to_line(), "12....12.1.....1");
/// ```
pub struct Reader<R> {
    src: R,
    opts: ReadOptions,
    line_no: usize,
    buf: Vec<u8>,
    /// Lines read ahead and given back, next first.
    pending: std::collections::VecDeque<(usize, String)>,
    layouts: Vec<Option<Arc<Layout>>>,
    failed: bool,
    /// A read error met while looking ahead, given when the lines before it are used up.
    held_error: Option<InputError>,
    /// After a CSV header (`puzzle,solution,...`): the columns of the puzzle and regions.
    csv: Option<CsvColumns>,
}

/// Where a CSV file (as `sudokit generate --csv` writes it) keeps what the reader needs.
#[derive(Clone, Copy, Debug)]
struct CsvColumns {
    puzzle: usize,
    regions: Option<usize>,
}

/// A row of cells with the line it came from.
type Row = (usize, Cells);

/// A puzzle read, with its pencil marks when the input gave them.
type Marked = Result<(Grid, Option<Vec<DigitSet>>), InputError>;

fn plain(grid: Result<Grid, InputError>) -> Marked {
    grid.map(|g| (g, None))
}

impl<R: BufRead> Reader<R> {
    /// A reader over `src`.
    pub fn new(src: R, mut opts: ReadOptions) -> Reader<R> {
        if opts.diagonals {
            opts.layout = opts.layout.map(|l| Arc::new((*l).clone().with_diagonals()));
        }
        Reader {
            src,
            opts,
            line_no: 0,
            buf: Vec::new(),
            pending: std::collections::VecDeque::new(),
            layouts: vec![None; MAX_SIDE + 1],
            failed: false,
            held_error: None,
            csv: None,
        }
    }

    fn ctx(&self) -> Context {
        Context {
            fixed_side: self.opts.layout.as_ref().map(|l| l.side()),
            in_matrix: false,
        }
    }

    /// The next line, with its number; `Err` on a read error.
    fn next_line(&mut self) -> Option<Result<(usize, String), InputError>> {
        if let Some(p) = self.pending.pop_front() {
            return Some(Ok(p));
        }
        if let Some(e) = self.held_error.take() {
            return Some(Err(e));
        }
        if self.failed {
            return None;
        }
        self.buf.clear();
        let limit = MAX_LINE as u64 + 1;
        match (&mut self.src).take(limit).read_until(b'\n', &mut self.buf) {
            Ok(0) => None,
            Ok(_) => {
                self.line_no += 1;
                if self.buf.len() > MAX_LINE && !self.buf.ends_with(b"\n") {
                    self.buf.clear();
                    if let Err(e) = skip_line(&mut self.src) {
                        self.held_error = Some(InputError::new(
                            self.line_no + 1,
                            None,
                            ErrorKind::Io(e.to_string()),
                        ));
                        self.failed = true;
                    }
                    let kind = ErrorKind::LineTooLong(MAX_LINE);
                    return Some(Err(InputError::new(self.line_no, None, kind)));
                }
                let mut text = String::from_utf8_lossy(&self.buf)
                    .trim_end_matches(['\n', '\r'])
                    .to_string();
                if self.line_no == 1 && text.starts_with(BOM) {
                    text.drain(..BOM.len_utf8());
                }
                Some(Ok((self.line_no, text)))
            }
            Err(e) => {
                self.failed = true;
                Some(Err(InputError::new(
                    self.line_no + 1,
                    None,
                    ErrorKind::Io(e.to_string()),
                )))
            }
        }
    }

    /// Do the next lines hold `count` rows of `m` cells (`m` a grid side; borders, blank
    /// lines and comments between them allowed)? The lines looked at are given back.
    fn next_rows_have(&mut self, m: usize, count: usize) -> bool {
        if !(crate::layout::MIN_SIDE..=MAX_SIDE).contains(&m) {
            return false;
        }
        let ctx = Context {
            fixed_side: Some(m),
            in_matrix: false,
        };
        let mut seen = Vec::new();
        let mut rows = 0;
        while rows < count {
            let next = match self.next_line() {
                Some(Ok(next)) => next,
                Some(Err(e)) => {
                    self.held_error = Some(e);
                    break;
                }
                None => break,
            };
            let scan = scan_line(&next.1, ctx);
            seen.push(next);
            match scan {
                Scan::Cells(c) if c.len() == m => rows += 1,
                Scan::Border | Scan::Comment | Scan::Empty => {}
                _ => break,
            }
        }
        for line in seen.into_iter().rev() {
            self.push_back(line);
        }
        rows == count
    }

    fn push_back(&mut self, line: (usize, String)) {
        self.pending.push_front(line);
    }

    fn layout_for(&mut self, n: usize, line: usize) -> Result<Arc<Layout>, InputError> {
        if let Some(l) = &self.opts.layout {
            return if l.side() == n {
                Ok(l.clone())
            } else {
                Err(InputError::new(
                    line,
                    None,
                    ErrorKind::SideMismatch {
                        found: n,
                        expected: l.side(),
                    },
                ))
            };
        }
        if let Some(l) = self.layouts.get(n).and_then(|l| l.clone()) {
            return Ok(l);
        }
        let layout = usual_layout(n, self.opts.diagonals)
            .map_err(|e| InputError::new(line, None, e.into()))?;
        self.layouts[n] = Some(layout.clone());
        Ok(layout)
    }

    /// Builds the grid of side `n` from rows of cells, checking each value.
    fn grid_from_rows(
        &mut self,
        n: usize,
        rows: &[Row],
        first_line: usize,
    ) -> Result<Grid, InputError> {
        let layout = self.layout_for(n, first_line)?;
        let mut values = Vec::with_capacity(n * n);
        for (line, cells) in rows {
            if let Some(i) = cells.values.iter().position(|&v| v as usize > n) {
                let kind = ErrorKind::DigitTooLarge {
                    value: cells.values[i] as usize,
                    side: n,
                };
                return Err(InputError::at(*line, cells.col(i), kind));
            }
            values.extend_from_slice(&cells.values);
        }
        Ok(Grid::from_values(layout, values))
    }

    /// The grid of side `n` from one line of N² cells (its values are moved, not copied).
    fn grid_from_line(&mut self, n: usize, line: usize, cells: Cells) -> Result<Grid, InputError> {
        let layout = self.layout_for(n, line)?;
        if let Some(i) = cells.values.iter().position(|&v| v as usize > n) {
            let kind = ErrorKind::DigitTooLarge {
                value: cells.values[i] as usize,
                side: n,
            };
            return Err(InputError::at(line, cells.col(i), kind));
        }
        Ok(Grid::from_values(layout, cells.values))
    }

    /// [`Self::grid_from_rows`] after checking that there are exactly `n` rows.
    fn grid_from_n_rows(
        &mut self,
        n: usize,
        rows: &[Row],
        first_line: usize,
    ) -> Result<Grid, InputError> {
        if rows.len() != n {
            let kind = ErrorKind::RowCount {
                rows: rows.len(),
                expected: n,
            };
            return Err(InputError::new(first_line, None, kind));
        }
        self.grid_from_rows(n, rows, first_line)
    }

    fn record(&mut self) -> Option<Record> {
        loop {
            let (no, text) = match self.next_line()? {
                Ok(l) => l,
                Err(e) => {
                    return Some(Record {
                        line: e.line,
                        grid: Err(e),
                        marks: None,
                    })
                }
            };
            if let Some(record) = self.marked_input(no, &text) {
                return Some(record);
            }
            match self.table_row(no, &text) {
                Table::Not => {}
                Table::Header => continue,
                Table::Row(read) => return Some(record(no, read)),
            }
            let read = match scan_line(&text, self.ctx()) {
                Scan::Empty | Scan::Comment | Scan::Border => continue,
                Scan::Bad { col, ch } => {
                    Err(InputError::at(no, col, ErrorKind::UnexpectedChar(ch)))
                }
                Scan::Matrix(at) => plain(
                    self.read_matrix(no, &text, at)
                        .and_then(|g| self.regions_after(no, "", g)),
                ),
                Scan::Triple(t) => plain(
                    self.read_triples(no, t)
                        .and_then(|g| self.regions_after(no, "", g)),
                ),
                Scan::Cells(cells) => match self.read_cells(no, cells, &text) {
                    Ok((grid, marks)) => self.regions_after(no, &text, grid).map(|g| (g, marks)),
                    Err(e) => Err(e),
                },
            };
            return Some(record(no, read));
        }
    }

    /// The puzzle `grid` just read, on the jigsaw regions written after it, as `sudokit
    /// generate --jigsaw` writes them: N² region symbols after the puzzle on its line, or
    /// N rows of N symbols under its grid (one blank line between allowed). Symbols that
    /// do not make N connected regions of N cells are not regions (the line's rest is an
    /// annotation; the rows are the next input), so a solution written after its puzzle
    /// is never taken for one. Lines looked at and not taken are given back.
    fn regions_after(&mut self, no: usize, text: &str, grid: Grid) -> Result<Grid, InputError> {
        let n = grid.side();
        let body = strip_comment(text).0;
        let toks: Vec<&str> = body.split_whitespace().collect();
        let mut symbols = None;
        if let [puzzle, regions] = toks[..] {
            if puzzle.chars().count() == n * n {
                symbols = region_map(n, regions.chars());
            }
        }
        if symbols.is_none() {
            let mut seen = Vec::new();
            let mut rows = Vec::new();
            let mut blanks = 0;
            while rows.len() < n {
                let next = match self.next_line() {
                    Some(Ok(next)) => next,
                    Some(Err(e)) => {
                        self.held_error = Some(e);
                        break;
                    }
                    None => break,
                };
                let row: String = strip_comment(&next.1).0.split_whitespace().collect();
                seen.push(next);
                if row.is_empty() && rows.is_empty() && blanks == 0 {
                    blanks += 1;
                    continue;
                }
                if row.chars().count() != n || !row.chars().all(|c| c.is_ascii_alphanumeric()) {
                    break;
                }
                rows.push(row);
            }
            symbols = (rows.len() == n)
                .then(|| region_map(n, rows.iter().flat_map(|r| r.chars())))
                .flatten();
            if symbols.is_none() {
                for line in seen.into_iter().rev() {
                    self.push_back(line);
                }
            }
        }
        match symbols {
            Some(symbols) => self.on_regions(no, grid, &symbols),
            None => Ok(grid),
        }
    }

    /// `grid` on the jigsaw regions `symbols` (checked against a layout given).
    fn on_regions(&self, no: usize, grid: Grid, symbols: &[char]) -> Result<Grid, InputError> {
        let mut layout =
            Layout::jigsaw(symbols).map_err(|e| InputError::new(no, None, e.into()))?;
        if self.opts.diagonals {
            layout = layout.with_diagonals();
        }
        if let Some(fixed) = &self.opts.layout {
            if fixed.region_symbols() != layout.region_symbols() {
                return Err(InputError::new(no, None, ErrorKind::RegionsDiffer));
            }
            return Ok(grid);
        }
        Ok(Grid::from_values(Arc::new(layout), grid.values().to_vec()))
    }

    /// A line of a table sudokit writes: a JSON object (`generate --json`: `puzzle` or
    /// `solution`, and `regions`), or a CSV header naming a `puzzle` column and the rows
    /// under it (`generate --csv`).
    fn table_row(&mut self, no: usize, text: &str) -> Table {
        let body = text.trim();
        if body.starts_with('{') {
            return Table::Row(self.json_row(no, body));
        }
        let fields: Vec<&str> = body.split(',').map(str::trim).collect();
        if fields.len() > 1 {
            if let Some(puzzle) = fields.iter().position(|f| f.eq_ignore_ascii_case("puzzle")) {
                let regions = fields
                    .iter()
                    .position(|f| f.eq_ignore_ascii_case("regions"));
                self.csv = Some(CsvColumns { puzzle, regions });
                return Table::Header;
            }
        }
        let Some(cols) = self.csv else {
            return Table::Not;
        };
        if body.is_empty() || body.starts_with('#') {
            return Table::Not;
        }
        let field = |i: usize| fields.get(i).copied().unwrap_or("");
        let regions = cols.regions.map(field).filter(|r| !r.is_empty());
        Table::Row(self.puzzle_field(no, field(cols.puzzle), regions))
    }

    fn json_row(&mut self, no: usize, body: &str) -> Marked {
        let bad = |why: String| InputError::new(no, None, ErrorKind::Table(why));
        let value: serde_json::Value =
            serde_json::from_str(body).map_err(|e| bad(format!("not JSON ({e})")))?;
        let text = |key: &str| value.get(key).and_then(serde_json::Value::as_str);
        let puzzle = text("puzzle")
            .or_else(|| text("solution"))
            .ok_or_else(|| bad("no \"puzzle\" (or \"solution\") string".into()))?;
        let regions = text("regions").map(str::to_string);
        self.puzzle_field(no, puzzle, regions.as_deref())
    }

    /// A puzzle written whole in one field of a table, on its regions when they are given.
    fn puzzle_field(&mut self, no: usize, puzzle: &str, regions: Option<&str>) -> Marked {
        let cells = match scan_line(puzzle, self.ctx()) {
            Scan::Cells(cells) if is_whole_count(cells.len(), true, self.ctx().fixed_side) => cells,
            Scan::Bad { col, ch } => {
                return Err(InputError::at(no, col, ErrorKind::UnexpectedChar(ch)))
            }
            _ => {
                let found = puzzle.chars().filter(|c| !c.is_whitespace()).count();
                let kind = ErrorKind::CellCount {
                    found,
                    expected: expected_count(found, self.ctx().fixed_side),
                };
                return Err(InputError::new(no, None, kind));
            }
        };
        let n = (cells.len() as f64).sqrt().round() as usize;
        let grid = self.grid_from_line(n, no, cells)?;
        let grid = match regions {
            Some(r) => {
                let symbols = region_map(n, r.chars()).ok_or_else(|| {
                    InputError::new(
                        no,
                        None,
                        ErrorKind::Table(format!(
                            "'{r}' is not {n} connected regions of {n} cells"
                        )),
                    )
                })?;
                self.on_regions(no, grid, &symbols)?
            }
            None => grid,
        };
        Ok((grid, None))
    }

    /// Inputs that carry pencil marks: a HoDoKu library line, a candidate string, or the
    /// first row of a pencil-mark grid. `None` for any other line.
    fn marked_input(&mut self, no: usize, text: &str) -> Option<Record> {
        let body = strip_comment(text).0.trim();
        // Columns of errors count from the start of the line, before its indent.
        let indent = || text.chars().take_while(|c| c.is_whitespace()).count();
        if body.starts_with(':') {
            let parsed = hodoku_line(body, indent())?;
            return Some(self.hodoku_record(no, parsed));
        }
        if let Some(parsed) = candidate_string(body, self.ctx().fixed_side) {
            let read = match parsed {
                Ok((n, marks)) => self.marked_grid(no, n, vec![(no, marks)]),
                Err((col, kind)) => Err(InputError::new(no, Some(indent() + col), kind)),
            };
            return Some(record(no, read));
        }
        let row = mark_row(body).filter(|r| is_pencil_row(r))?;
        let n = row.len();
        Some(record(no, self.read_pencil_block(no, n, vec![(no, row)])))
    }

    fn hodoku_record(&mut self, no: usize, parsed: Result<HodokuPuzzle, HodokuError>) -> Record {
        let fail = |e: InputError| Record {
            line: no,
            grid: Err(e),
            marks: None,
        };
        let (values, deleted) = match parsed {
            Ok(p) => p,
            Err(HodokuError::Char(col, ch)) => {
                return fail(InputError::new(
                    no,
                    Some(col),
                    ErrorKind::UnexpectedChar(ch),
                ))
            }
            Err(HodokuError::Deletion(col, entry)) => {
                return fail(InputError::new(no, Some(col), ErrorKind::Deletion(entry)))
            }
        };
        if values.len() != 81 {
            return fail(InputError::new(
                no,
                None,
                ErrorKind::CellCount {
                    found: values.len(),
                    expected: 81,
                },
            ));
        }
        let layout = match self.layout_for(9, no) {
            Ok(l) => l,
            Err(e) => return fail(e),
        };
        let grid = Grid::from_values(layout, values);
        let mut marks = given_marks(&grid);
        for (d, cell) in deleted {
            if grid.values()[cell] == 0 {
                marks[cell].remove(Digit::new(d));
            }
        }
        Record {
            line: no,
            grid: Ok(grid),
            marks: Some(marks),
        }
    }

    /// A grid of side `n` from rows of marks (values, candidates or blanks).
    fn marked_grid(&mut self, no: usize, n: usize, rows: Vec<(usize, Vec<Mark>)>) -> Marked {
        let layout = self.layout_for(n, no)?;
        let cells: Vec<Mark> = rows.into_iter().flat_map(|(_, r)| r).collect();
        let values = cells
            .iter()
            .map(|m| if let Mark::Value(v) = m { *v } else { 0 })
            .collect();
        let grid = Grid::from_values(layout, values);
        let mut marks = given_marks(&grid);
        for (i, m) in cells.iter().enumerate() {
            if let Mark::Candidates(c) = m {
                marks[i] = *c;
            }
        }
        Ok((grid, Some(marks)))
    }

    /// The rest of a pencil-mark grid of side `n` after its first rows.
    fn read_pencil_block(
        &mut self,
        no: usize,
        n: usize,
        mut rows: Vec<(usize, Vec<Mark>)>,
    ) -> Marked {
        // A row of N tokens with a bad symbol is still counted as a row (and the first
        // one named), so one bad grid does not spill into the next.
        let mut error: Option<InputError> = None;
        while rows.len() < n {
            let (line, text) = match self.next_line() {
                Some(Ok(l)) => l,
                Some(Err(e)) => {
                    // Reported after this grid's own error.
                    self.held_error = Some(e);
                    break;
                }
                None => break,
            };
            let body = strip_comment(&text).0;
            if body.trim().is_empty() || matches!(scan_line(body, self.ctx()), Scan::Border) {
                continue;
            }
            match mark_row(body).filter(|r| r.len() == n) {
                Some(row) => rows.push((line, row)),
                None => match bad_mark(body, n) {
                    Some((col, ch)) => {
                        let e = InputError::new(line, Some(col), ErrorKind::UnexpectedChar(ch));
                        error.get_or_insert(e);
                        rows.push((line, vec![Mark::Blank; n]));
                    }
                    None => {
                        self.push_back((line, text));
                        break;
                    }
                },
            }
        }
        if let Some(e) = error {
            return Err(e);
        }
        if rows.len() != n {
            let kind = ErrorKind::RowCount {
                rows: rows.len(),
                expected: n,
            };
            return Err(InputError::new(no, None, kind));
        }
        for (line, row) in &rows {
            let too_large = row.iter().find_map(|m| match m {
                Mark::Value(v) if *v as usize > n => Some(*v as usize),
                Mark::Candidates(c) if c.bits() >> n != 0 => {
                    Some(32 - c.bits().leading_zeros() as usize)
                }
                _ => None,
            });
            if let Some(value) = too_large {
                return Err(InputError::new(
                    *line,
                    None,
                    ErrorKind::DigitTooLarge { value, side: n },
                ));
            }
        }
        self.marked_grid(no, n, rows)
    }

    /// A line of cells: a whole puzzle, or the first row of a grid block.
    fn read_cells(&mut self, no: usize, cells: Cells, text: &str) -> Marked {
        let k = cells.len();
        let fixed = self.ctx().fixed_side;
        if is_whole_count(k, cells.compact, fixed) {
            let n = (k as f64).sqrt().round() as usize;
            return plain(self.grid_from_line(n, no, cells));
        }
        let row_side = match fixed {
            Some(n) if k == n => Some(n),
            Some(_) => None,
            None if (crate::layout::MIN_SIDE..=MAX_SIDE).contains(&k) => Some(k),
            None => None,
        };
        match row_side {
            Some(n) => self.read_block(no, cells, n, text),
            None => Err(InputError::new(
                no,
                None,
                ErrorKind::CellCount {
                    found: k,
                    expected: expected_count(k, fixed),
                },
            )),
        }
    }

    /// A grid block of `n` rows starting with `first`. Blank lines may separate bands.
    /// A broken row is still counted as a row, so one bad grid does not spill into the next.
    fn read_block(&mut self, no: usize, first: Cells, n: usize, first_text: &str) -> Marked {
        let band = BoxShape::for_side(n).map_or(n, |s| s.rows);
        let compact = first.compact;
        let mut rows: Vec<Row> = vec![(no, first)];
        let mut texts: Vec<(usize, String)> = vec![(no, first_text.to_string())];
        let mut error: Option<InputError> = None;
        let mut after_blank = false;
        while rows.len() < n {
            let Some(next) = self.next_line() else { break };
            let (line, text) = match next {
                Ok(l) => l,
                Err(e) => {
                    match error {
                        // Reported after this grid's own error.
                        Some(_) => self.held_error = Some(e),
                        None => error = Some(e),
                    }
                    break;
                }
            };
            let scan = scan_line(
                &text,
                Context {
                    fixed_side: Some(n),
                    in_matrix: false,
                },
            );
            match scan {
                Scan::Comment | Scan::Border => continue,
                Scan::Empty if rows.len().is_multiple_of(band) && !after_blank => {
                    after_blank = true;
                    continue;
                }
                Scan::Cells(c) if c.len() == n && pencil_row_of(&text, n).is_none() => {
                    texts.push((line, text));
                    rows.push((line, c));
                }
                Scan::Cells(_)
                    if error.is_none() && !after_blank && pencil_row_of(&text, n).is_some() =>
                {
                    // A pencil-mark grid whose first rows happened to be all solved.
                    let earlier: Option<Vec<(usize, Vec<Mark>)>> = texts
                        .iter()
                        .map(|(l, t)| {
                            mark_row(strip_comment(t).0)
                                .filter(|r| r.len() == n)
                                .map(|r| (*l, r))
                        })
                        .collect();
                    if let Some(mut marked) = earlier {
                        marked.push((line, pencil_row_of(&text, n).expect("checked")));
                        return self.read_pencil_block(no, n, marked);
                    }
                    let kind = ErrorKind::RowLength {
                        row: rows.len() + 1,
                        found: n,
                        expected: n,
                    };
                    error.get_or_insert(InputError::new(line, None, kind));
                    rows.push((line, Cells::default()));
                }
                Scan::Cells(c)
                    if rows.len() == 1
                        && self.opts.layout.is_none()
                        && c.len() > 0
                        && self.next_rows_have(c.len(), c.len() - 1) =>
                {
                    // A whole grid of another side follows the first line (this row and
                    // the rest of its rows): the first line stands alone.
                    self.push_back((line, text));
                    break;
                }
                Scan::Cells(c) if !after_blank && c.len() != n * n && c.len() < 2 * n => {
                    let kind = ErrorKind::RowLength {
                        row: rows.len() + 1,
                        found: c.len(),
                        expected: n,
                    };
                    error.get_or_insert(InputError::new(line, None, kind));
                    rows.push((line, c));
                }
                Scan::Triple(_) if !after_blank => {
                    let kind = ErrorKind::RowLength {
                        row: rows.len() + 1,
                        found: 3,
                        expected: n,
                    };
                    error.get_or_insert(InputError::new(line, None, kind));
                    rows.push((line, Cells::default()));
                }
                Scan::Bad { col, ch } if !after_blank => {
                    error.get_or_insert(InputError::at(line, col, ErrorKind::UnexpectedChar(ch)));
                    rows.push((line, Cells::default()));
                }
                _ => {
                    self.push_back((line, text));
                    break;
                }
            }
            after_blank = false;
        }
        if let Some(e) = error {
            return Err(e);
        }
        if rows.len() == 1 && compact && self.opts.layout.is_none() {
            // Symbols with no separators: as likely a puzzle line of the wrong length as a
            // grid cut after its first row. (Spaced rows are grid rows: "the grid has 1
            // rows".)
            let kind = ErrorKind::LoneRow {
                found: n,
                expected: expected_count(n, None),
            };
            return Err(InputError::new(no, None, kind));
        }
        plain(self.grid_from_n_rows(n, &rows, no))
    }

    /// `row column digit` lines until a line that is not a triple.
    fn read_triples(&mut self, no: usize, first: [(usize, u32); 3]) -> Result<Grid, InputError> {
        let mut triples = vec![(no, first)];
        while let Some(next) = self.next_line() {
            let (line, text) = next?;
            match scan_line(&text, self.ctx()) {
                Scan::Comment => continue,
                Scan::Triple(t) => triples.push((line, t)),
                Scan::Empty => break,
                _ => {
                    self.push_back((line, text));
                    break;
                }
            }
        }
        let n = match &self.opts.layout {
            Some(l) => l.side(),
            None => infer_side(triples.iter().flat_map(|(_, t)| t.iter().map(|&(v, _)| v))),
        };
        let layout = self.layout_for(n, no)?;
        let mut values = vec![0u8; n * n];
        let mut given_on = vec![0usize; n * n];
        for (line, [(r, rc), (c, cc), (d, dc)]) in triples {
            // Digit 0 leaves the cell blank (what an empty grid is written as).
            for (what, v, col, least) in
                [("row", r, rc, 1), ("column", c, cc, 1), ("digit", d, dc, 0)]
            {
                if v < least || v > n {
                    return Err(InputError::at(
                        line,
                        col,
                        ErrorKind::TripleRange {
                            what,
                            value: v,
                            side: n,
                        },
                    ));
                }
            }
            let i = (r - 1) * n + (c - 1);
            if d == 0 && values[i] == 0 {
                continue;
            }
            if values[i] != 0 && values[i] as usize != d {
                let kind = ErrorKind::TripleClash {
                    row: r,
                    col: c,
                    digit: d,
                    other: values[i] as usize,
                    other_line: given_on[i],
                };
                return Err(InputError::new(line, None, kind));
            }
            values[i] = d as u8;
            given_on[i] = line;
        }
        Ok(Grid::from_values(layout, values))
    }

    /// The error for a matrix opened on line `no` that never closes; the lines read
    /// after it go back to the reader.
    fn unclosed(&mut self, no: usize, taken: Vec<(usize, String)>) -> InputError {
        for line in taken.into_iter().rev() {
            self.push_back(line);
        }
        InputError::new(no, None, ErrorKind::UnclosedMatrix)
    }

    /// A MATLAB matrix from the `[` at byte `at` of `text` to the next `]`.
    fn read_matrix(&mut self, no: usize, text: &str, at: usize) -> Result<Grid, InputError> {
        let mut segments: Vec<(usize, u32, String)> = Vec::new();
        let mut line = no;
        let mut rest = text[at + 1..].to_string();
        let mut col_base = text[..=at].chars().count() as u32;
        // The lines after the `[`, given back to the reader when the matrix turns out
        // never to close, so that the puzzles on them are still read.
        let mut taken: Vec<(usize, String)> = Vec::new();
        let mut rows_taken = 0;
        loop {
            if let Some(end) = rest.find(']') {
                segments.push((line, col_base, rest[..end].to_string()));
                break;
            }
            segments.push((line, col_base, rest));
            let next = match self.next_line() {
                Some(next) => next?,
                None => return Err(self.unclosed(no, taken)),
            };
            let text = strip_comment(&next.1).0.to_string();
            rows_taken += usize::from(!text.trim().is_empty());
            let ends = rows_taken > MATRIX_LINES || looks_like_a_puzzle_line(&text);
            line = next.0;
            taken.push(next);
            if ends {
                return Err(self.unclosed(no, taken));
            }
            (rest, col_base) = (text, 0);
        }
        let rows = matrix_rows(&segments)?;
        let Some((_, first)) = rows.first() else {
            return Err(InputError::new(
                no,
                None,
                ErrorKind::CellCount {
                    found: 0,
                    expected: 81,
                },
            ));
        };
        let fixed = self.ctx().fixed_side;
        if rows.len() == 1 && is_whole_count(first.len(), first.compact, fixed) {
            let n = (first.len() as f64).sqrt().round() as usize;
            return self.grid_from_rows(n, &rows, no);
        }
        let n = fixed.unwrap_or(first.len());
        for (i, (l, r)) in rows.iter().enumerate() {
            if r.len() != n {
                return Err(InputError::new(
                    *l,
                    None,
                    ErrorKind::RowLength {
                        row: i + 1,
                        found: r.len(),
                        expected: n,
                    },
                ));
            }
        }
        self.grid_from_n_rows(n, &rows, no)
    }
}

/// The byte-order mark some editors put at the start of a UTF-8 file: skipped.
const BOM: char = '\u{feff}';

/// The longest line read, in bytes: far above any puzzle's (a 25×25 pencil-mark line
/// is under 20 KB). A longer line is an error, and its rest is skipped unread into
/// memory, so a huge input without line breaks is read in bounded memory.
pub const MAX_LINE: usize = 1 << 20;

/// Skips what is left of the current line (through its `\n`), a buffer at a time.
fn skip_line<R: BufRead>(src: &mut R) -> std::io::Result<()> {
    loop {
        let chunk = src.fill_buf()?;
        if chunk.is_empty() {
            return Ok(());
        }
        match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => {
                src.consume(i + 1);
                return Ok(());
            }
            None => {
                let n = chunk.len();
                src.consume(n);
            }
        }
    }
}

/// A character as an error message shows it: quoted, with invisible ones escaped
/// (`'\u{200b}'`, `'\0'`), and bytes that are not UTF-8 named as such.
fn quoted(c: char) -> String {
    // Characters that show as nothing (or as something else) are named by code point.
    let invisible = c.is_control()
        || (c.is_whitespace() && c != ' ')
        || matches!(c, '\u{200b}'..='\u{200f}' | '\u{2060}'..='\u{2064}' | '\u{feff}' | '\u{ad}');
    match c {
        char::REPLACEMENT_CHARACTER => "(a byte that is not UTF-8, or U+FFFD)".to_string(),
        c if invisible => format!("U+{:04X} (an invisible character)", u32::from(c)),
        c => format!("'{c}'"),
    }
}

/// What a line is to the table reader.
enum Table {
    /// Not a table's line: read it as a puzzle.
    Not,
    /// A CSV header, now remembered.
    Header,
    /// A table's row, read.
    Row(Marked),
}

/// `symbols` as a jigsaw region map of side `n`: N² letters or digits naming N regions
/// of N cells, each region connected (orthogonally). `None` otherwise.
fn region_map(n: usize, symbols: impl Iterator<Item = char>) -> Option<Vec<char>> {
    let symbols: Vec<char> = symbols.collect();
    if symbols.len() != n * n || !symbols.iter().all(char::is_ascii_alphanumeric) {
        return None;
    }
    Layout::jigsaw(&symbols).ok()?;
    // Every cell reached from the first of its region, through neighbours of its region.
    let mut seen = vec![false; n * n];
    let mut regions = 0;
    for start in 0..n * n {
        if seen[start] {
            continue;
        }
        regions += 1;
        let mut stack = vec![start];
        seen[start] = true;
        while let Some(i) = stack.pop() {
            let (r, c) = (i / n, i % n);
            let near = [
                (r > 0).then(|| i - n),
                (r + 1 < n).then(|| i + n),
                (c > 0).then(|| i - 1),
                (c + 1 < n).then(|| i + 1),
            ];
            for j in near.into_iter().flatten() {
                if !seen[j] && symbols[j] == symbols[i] {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
    }
    (regions == n).then_some(symbols)
}

/// `80 cells where a 9×9 puzzle has 81: 1 missing (0 or . is an empty cell)`.
fn count_words(found: usize, expected: usize) -> String {
    let n = (expected as f64).sqrt().round() as usize;
    let cells = |k: usize| {
        if k == 1 {
            "1 cell".to_string()
        } else {
            format!("{k} cells")
        }
    };
    let off = if found < expected {
        format!("{} missing (0 or . is an empty cell)", expected - found)
    } else {
        format!("{} too many", found - expected)
    };
    format!(
        "{} where a {n}×{n} puzzle has {expected}: {off}",
        cells(found)
    )
}

/// Lines with content a matrix may span after its `[` line: a 25×25 matrix's rows, and
/// one more for the `]` (blank and comment lines do not count).
const MATRIX_LINES: usize = 26;

/// A line that cannot continue a matrix: a run of more characters without a separator
/// than a row has cells (25 at most; a one-line 9×9 puzzle has 81).
fn looks_like_a_puzzle_line(text: &str) -> bool {
    text.split(|c: char| super::scan::is_separator(c) || matches!(c, ';' | '[' | ']'))
        .any(|run| run.chars().count() > crate::MAX_SIDE)
}

/// The rows of a matrix: its text split at `;` and line ends.
fn matrix_rows(segments: &[(usize, u32, String)]) -> Result<Vec<Row>, InputError> {
    let ctx = Context {
        fixed_side: None,
        in_matrix: true,
    };
    let mut rows = Vec::new();
    for (line, col_base, seg) in segments {
        let mut col = *col_base;
        for piece in seg.split(';') {
            if !piece.trim().is_empty() {
                match scan_cells(piece, col, ctx) {
                    Scan::Cells(c) => rows.push((*line, c)),
                    Scan::Bad { col, ch } => {
                        return Err(InputError::at(*line, col, ErrorKind::UnexpectedChar(ch)))
                    }
                    _ => unreachable!("scan_cells in a matrix yields cells or an error"),
                }
            }
            col += piece.chars().count() as u32 + 1;
        }
    }
    Ok(rows)
}

/// The side for triples without a fixed layout: the smallest with boxes that holds them all.
fn infer_side(values: impl Iterator<Item = usize>) -> usize {
    let max = values.max().unwrap_or(0).max(crate::layout::MIN_SIDE);
    (max..=MAX_SIDE)
        .find(|&n| BoxShape::for_side(n).is_some())
        .unwrap_or(max)
}

/// The cell count a wrong line most likely meant.
fn expected_count(found: usize, fixed: Option<usize>) -> usize {
    match fixed {
        Some(n) => n * n,
        None if found < crate::layout::MIN_SIDE => 81,
        // The nearest count of a grid that has boxes (a line gives no regions), the
        // smaller on a tie: 50 cells meant 36 or 64, never 49 (7 is prime).
        None => (crate::layout::MIN_SIDE..=MAX_SIDE)
            .filter(|&n| BoxShape::for_side(n).is_some())
            .map(|n| n * n)
            .min_by_key(|&count| count.abs_diff(found))
            .unwrap_or(81),
    }
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = Record;

    fn next(&mut self) -> Option<Record> {
        self.record()
    }
}

/// Reads every puzzle of `text` with the default options.
pub fn read_all(text: &str) -> Vec<Record> {
    Reader::new(text.as_bytes(), ReadOptions::default()).collect()
}

/// The candidates implied by the values alone: a solved cell has its value, an open cell
/// every digit none of its peers holds.
pub fn given_marks(grid: &Grid) -> Vec<DigitSet> {
    grid.layout()
        .cells()
        .map(|c| {
            grid.get(c)
                .map_or_else(|| grid.candidates(c), DigitSet::single)
        })
        .collect()
}

fn record(line: usize, read: Marked) -> Record {
    match read {
        Ok((grid, marks)) => Record {
            line,
            grid: Ok(grid),
            marks,
        },
        Err(e) => Record {
            line,
            grid: Err(e),
            marks: None,
        },
    }
}

/// The marks of `text` when it is a pencil-mark row of side `n`.
fn pencil_row_of(text: &str, n: usize) -> Option<Vec<Mark>> {
    mark_row(strip_comment(text).0).filter(|r| r.len() == n && is_pencil_row(r))
}

/// The usual layout of side `n` (`Layout::for_side`), with or without the diagonals,
/// built once per process and shared: a reader made for each puzzle (a web request, a
/// Python call) would otherwise rebuild its tables every time, which costs more than
/// solving a 9×9.
fn usual_layout(n: usize, diagonals: bool) -> Result<Arc<Layout>, crate::LayoutError> {
    use std::sync::OnceLock;
    static MADE: [[OnceLock<Arc<Layout>>; 2]; MAX_SIDE + 1] =
        [const { [const { OnceLock::new() }, const { OnceLock::new() }] }; MAX_SIDE + 1];
    let slot = MADE.get(n).map(|pair| &pair[usize::from(diagonals)]);
    if let Some(layout) = slot.and_then(OnceLock::get) {
        return Ok(layout.clone());
    }
    let mut layout = Layout::for_side(n)?;
    if diagonals {
        layout = layout.with_diagonals();
    }
    let layout = Arc::new(layout);
    Ok(slot.map_or(layout.clone(), |s| s.get_or_init(|| layout).clone()))
}
