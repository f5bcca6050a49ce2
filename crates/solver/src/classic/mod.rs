//! The 9×9 engine: digit-by-band bitboards with layout tables in both directions.
//!
//! Used automatically for the classic layout (9×9, 3×3 boxes, no extra houses); every
//! other layout goes to the generic solver. The board and its propagation are described
//! in `board.rs`, the bit layout and tables in `tables.rs`. Ideas from published designs:
//! digit-by-band words and band tables from JCZSolve (forum.enjoysudoku.com, 2012, as
//! described in the `sudoku` crate's and tdoku's documentation); locked candidates in both
//! directions from tdoku's triads (github.com/t-dillon/tdoku, docs/sudoku.md).

mod board;
mod tables;

use board::Board;

/// What a 9×9 count found.
pub(crate) struct Counted {
    pub count: u64,
    pub first: Option<[u8; 81]>,
    pub guesses: u64,
}

/// Counts the solutions of `values` (81 values, 0 = blank) up to `limit`; the first
/// solution is kept when `keep_first` is set.
pub(crate) fn count(values: &[u8], limit: u64, keep_first: bool) -> Counted {
    let mut search = Search {
        limit,
        keep_first,
        counted: Counted {
            count: 0,
            first: None,
            guesses: 0,
        },
    };
    if let Ok(board) = Board::from_values(values) {
        search.run(board);
    }
    search.counted
}

struct Search {
    limit: u64,
    keep_first: bool,
    counted: Counted,
}

impl Search {
    /// Depth-first: propagate, then branch on a cell: its first candidate, or not.
    fn run(&mut self, mut board: Board) {
        loop {
            if board.propagate().is_err() {
                return;
            }
            if board.is_solved() {
                self.counted.count += 1;
                if self.keep_first && self.counted.first.is_none() {
                    self.counted.first = Some(board.values());
                }
                return;
            }
            let (band, cell, digit) = board.choose();
            self.counted.guesses += 1;
            let mut child = board;
            child.commit(digit, band, cell);
            self.run(child);
            if self.counted.count >= self.limit {
                return;
            }
            board.eliminate(digit, band, cell);
        }
    }
}
