//! Why a puzzle could not be read, and where: [`InputError`] and its [`ErrorKind`], in
//! the user's words.

use super::*;

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

    pub(super) fn at(line: usize, col: u32, kind: ErrorKind) -> InputError {
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
    /// A line longer than [`MAX_LINE`](super::MAX_LINE) bytes (no puzzle needs one); the
    /// rest of it is skipped.
    #[error("line longer than {0} bytes (skipped: no puzzle is written on one so long)")]
    LineTooLong(usize),
    /// A character that belongs to no format.
    #[error("unexpected character {} (digits are 1-9, then A-P; 0 or . is an empty cell)", quoted(*.0))]
    UnexpectedChar(char),
    /// A digit beyond the grid side.
    #[error("digit {value} is too large for {} grid", crate::a_grid(*side))]
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
    #[error("{} (or the first row of {} grid whose other rows are missing)", count_words(*found, *expected), crate::a_grid(*found))]
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
    #[error("{} puzzle, but the layout is {expected}×{expected}", crate::a_grid(*found))]
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
    /// A killer cage block that cannot be read.
    #[error("{0}")]
    Cages(String),
    /// f-puzzles or SudokuPad data that cannot be read, or holds rules sudokit does not
    /// read.
    #[error("f-puzzles/SudokuPad puzzle: {0}")]
    Shared(String),
    /// A killer cage block where killers are not read.
    #[error(
        "this is a killer sudoku (it has cages): this does not take killers yet (solve, count, \
         check, hint, explain, rate and print do, as do Python's functions of those names)"
    )]
    KillerNotRead,
    /// No puzzle in the input.
    #[error("no puzzle found")]
    Empty,
    /// The input could not be read.
    #[error("read error: {0}")]
    Io(String),
}

/// A character as an error message shows it: quoted, with invisible ones escaped
/// (`'\u{200b}'`, `'\0'`), and bytes that are not UTF-8 named as such.
pub(super) fn quoted(c: char) -> String {
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

/// `80 cells where a 9×9 puzzle has 81: 1 missing (0 or . is an empty cell)`.
pub(super) fn count_words(found: usize, expected: usize) -> String {
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
        "{} where {} puzzle has {expected}: {off}",
        cells(found),
        crate::a_grid(n)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_error_says_where_in_words_and_as_file_line_column() {
        let e = InputError::at(3, 40, ErrorKind::UnexpectedChar('q'));
        assert_eq!(e.place(), "line 3, character 40");
        assert!(e.to_string().starts_with("3:40: unexpected character 'q'"));
        let hidden = InputError::new(2, None, ErrorKind::UnexpectedChar('\u{200b}'));
        assert!(hidden
            .to_string()
            .contains("U+200B (an invisible character)"));
    }
}
