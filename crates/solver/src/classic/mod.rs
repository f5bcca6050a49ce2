//! The 9×9 engine: digit-by-band bitboards with layout tables in both directions.
//!
//! Used automatically for the classic layout (9×9, 3×3 boxes, no extra houses); every
//! other layout goes to the generic solver. The board and its propagation are described
//! in `board.rs`, the bit layout and tables in `tables.rs`. Ideas from published designs:
//! digit-by-band words and band tables from JCZSolve (forum.enjoysudoku.com, 2012, as
//! described in the `sudoku` crate's and tdoku's documentation); locked candidates in both
//! directions and minirow triples from tdoku's triads (github.com/t-dillon/tdoku,
//! docs/sudoku.md); the guess score after Schoku (github.com/Mart1nSchulz/Schoku).
//!
//! The search is one function, with every board operation inlined into it, compiled
//! once per instruction-set level (see `dispatch.rs`) and chosen at run time.

mod board;
mod dispatch;
mod tables;

use board::Board;
pub use dispatch::Level;

/// What a 9×9 count found.
pub(crate) struct Counted {
    pub count: u64,
    pub first: Option<[u8; 81]>,
    pub guesses: u64,
}

/// Counts the solutions of `values` (81 values, 0 = blank) up to `limit`, on the best
/// instruction-set level this CPU has; the first solution is kept when `keep_first`.
pub(crate) fn count(values: &[u8], limit: u64, keep_first: bool) -> Counted {
    dispatch::count(Level::best(), values, limit, keep_first)
}

/// [`count`] on a chosen level (tests run every level the machine has).
pub(crate) fn count_on(level: Level, values: &[u8], limit: u64) -> Counted {
    dispatch::count(level, values, limit, true)
}

impl Level {
    /// The name used on the command line: `portable`, `v3`, `avx512`.
    pub fn name(self) -> &'static str {
        match self {
            Level::Portable => "portable",
            Level::V3 => "v3",
            Level::Avx512 => "avx512",
        }
    }
}

/// Depth-first search with an explicit stack of boards: propagate; on a solution count
/// it; otherwise guess a cell's digit, keeping the board without that digit for later.
#[inline(always)]
fn search(values: &[u8], limit: u64, keep_first: bool) -> Counted {
    let mut counted = Counted {
        count: 0,
        first: None,
        guesses: 0,
    };
    let Ok(start) = Board::from_values(values) else {
        return counted;
    };
    // Boards waiting to be searched: each guess commits one more cell, so at most 81.
    let mut stack: Vec<Board> = Vec::with_capacity(16);
    stack.push(start);
    while let Some(mut board) = stack.pop() {
        loop {
            if board.propagate().is_err() {
                break;
            }
            if board.is_solved() {
                counted.count += 1;
                if keep_first && counted.first.is_none() {
                    counted.first = Some(board.values());
                }
                if counted.count >= limit {
                    return counted;
                }
                break;
            }
            let (band, cell, digit) = board.choose(counted.count >= 2);
            counted.guesses += 1;
            let mut other = board;
            other.eliminate(digit, band, cell);
            stack.push(other);
            board.commit(digit, band, cell);
        }
    }
    counted
}
