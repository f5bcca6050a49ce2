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

mod block;
mod error;
mod fpuzzles;
mod killer;
mod matrix;
mod pencil;
mod regions;
mod sudokupad;
mod table;
mod triples;

pub use error::{ErrorKind, InputError};
use pencil::pencil_row_of;
use regions::region_map;
use table::Table;

/// How to read: a fixed layout, or sizes inferred from each puzzle.
#[derive(Clone, Debug, Default)]
pub struct ReadOptions {
    /// The layout every puzzle must have (from `--box` or `--regions`). By default each
    /// puzzle's size is inferred from its cell count, with the usual box shape.
    pub layout: Option<Arc<Layout>>,
    /// Add the two diagonals as houses to every layout.
    pub diagonals: bool,
    /// Read killer cages (a `cages:` block after a puzzle, or alone); when `false` a
    /// cage block is an error ([`ErrorKind::KillerNotRead`]), skipped whole.
    pub killer: bool,
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
    /// Reading the killer text of a JSON row: a JSON row in it is refused (rows nested
    /// in rows would recurse as deep as the input is long).
    nested: bool,
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
            nested: false,
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
            let Some(next) = self.look_ahead() else { break };
            let scan = scan_line(&next.1, ctx);
            seen.push(next);
            match scan {
                Scan::Cells(c) if c.len() == m => rows += 1,
                Scan::Border | Scan::Comment | Scan::Empty => {}
                _ => break,
            }
        }
        self.give_back(seen);
        rows == count
    }

    /// The next line, read ahead: `None` at the end, or at a read error, which is held
    /// and given when the lines before it are used up.
    fn look_ahead(&mut self) -> Option<(usize, String)> {
        match self.next_line()? {
            Ok(next) => Some(next),
            Err(e) => {
                self.held_error = Some(e);
                None
            }
        }
    }

    /// Gives back lines read ahead, the first of them to be read next.
    fn give_back(&mut self, seen: Vec<(usize, String)>) {
        for line in seen.into_iter().rev() {
            self.push_back(line);
        }
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
        let layout = match usual_layout(n, self.opts.diagonals) {
            Ok(layout) => layout,
            // A prime side has no boxes: its regions come after its cells (a jigsaw as
            // `generate --jigsaw` writes it). Until they are read its cells sit on a
            // layout of rows alone, and `record` refuses a grid left on it.
            Err(e @ LayoutError::NoBoxShape(_)) => {
                return stand_in(n).ok_or_else(|| InputError::new(line, None, e.into()));
            }
            Err(e) => return Err(InputError::new(line, None, e.into())),
        };
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

    /// The next record; a grid of a prime side whose regions did not follow it is refused
    /// here, at the line it began on.
    fn record(&mut self) -> Option<Record> {
        let mut record = self.read_record()?;
        if let Ok(g) = &record.grid {
            let n = g.side();
            if stand_in(n).is_some_and(|rows| Arc::ptr_eq(g.layout(), &rows)) {
                let kind = LayoutError::NoBoxShape(n).into();
                record.grid = Err(InputError::new(record.line, None, kind));
                record.marks = None;
            }
        }
        Some(record)
    }

    fn read_record(&mut self) -> Option<Record> {
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
            if killer::is_cages_header(&text) {
                return Some(record(no, plain(self.on_cages(no, &text, None))));
            }
            // Read whole (not cut at a '#'): JSON holds colours such as "#000000".
            if fpuzzles::is_shared(&text) {
                return Some(record(no, plain(self.shared_puzzle(no, &text))));
            }
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
                        .and_then(|g| self.regions_after(no, "", g))
                        .and_then(|g| self.cages_after(g)),
                ),
                Scan::Triple(t) => plain(
                    self.read_triples(no, t)
                        .and_then(|g| self.regions_after(no, "", g))
                        .and_then(|g| self.cages_after(g)),
                ),
                Scan::Cells(cells) => match self.read_cells(no, cells, &text) {
                    Ok((grid, marks)) => self
                        .regions_after(no, &text, grid)
                        .and_then(|g| self.cages_after(g))
                        .map(|g| (g, marks)),
                    Err(e) => Err(e),
                },
            };
            return Some(record(no, read));
        }
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

/// Every puzzle of `text`, killer cages read: each grid, or its error as text (tests).
#[cfg(test)]
pub(crate) fn read_killers(text: &str) -> Vec<Result<Grid, String>> {
    let opts = ReadOptions {
        killer: true,
        ..ReadOptions::default()
    };
    Reader::new(text.as_bytes(), opts)
        .map(|r| r.grid.map_err(|e| e.to_string()))
        .collect()
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

/// The layout a grid of side `n` without a box shape (a prime side) is read on until its
/// regions are: each row a region, so a row's repeated digit is still caught where it
/// is read. Built once per process and shared, as `usual_layout`; a record still on it
/// when read had no regions. `None` for a side that has boxes or is out of range.
fn stand_in(n: usize) -> Option<Arc<Layout>> {
    use std::sync::OnceLock;
    const NAMES: &[u8; 25] = b"ABCDEFGHIJKLMNOPQRSTUVWXY";
    static MADE: [OnceLock<Option<Arc<Layout>>>; MAX_SIDE + 1] =
        [const { OnceLock::new() }; MAX_SIDE + 1];
    let slot = MADE.get(n)?;
    slot.get_or_init(|| {
        if n < crate::layout::MIN_SIDE || BoxShape::for_side(n).is_some() {
            return None;
        }
        let rows: Vec<char> = (0..n * n).map(|i| NAMES[i / n] as char).collect();
        Layout::jigsaw(&rows).ok().map(Arc::new)
    })
    .clone()
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
