//! The 9×9 engine: digit-by-band bitboards with layout tables in both directions, and,
//! for hard puzzles and full counts on AVX2 CPUs, a node of boxes and bands exchanging
//! eliminations (`boxband.rs`, after tdoku's design).
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
//! once per instruction-set level (see `dispatch.rs`) and chosen at run time. (The count
//! of a board with few open cells, `endgame.rs`, is recursive: a call, at the baseline
//! level; so is the box and band node, compiled for AVX2 and for AVX-512.)

mod board;
#[cfg(target_arch = "x86_64")]
mod boxband;
mod dispatch;
mod endgame;
mod tables;

use board::{Board, Depth};
pub use dispatch::Level;
use sudokit_core::cancel::Cancel;

/// What a 9×9 count found.
pub(crate) struct Counted {
    pub count: u64,
    pub first: Option<[u8; 81]>,
    pub guesses: u64,
    /// Two givens in a house were equal (nothing was searched).
    pub invalid: bool,
    /// The thread's cancel token stopped the search (the count is then a lower bound).
    pub cancelled: bool,
}

/// Counts the solutions of `values` (81 values, 0 = blank) up to `limit`, on the best
/// instruction-set level this CPU has; the first solution is kept when `keep_first`.
pub(crate) fn count(values: &[u8], limit: u64, keep_first: bool) -> Counted {
    let query = Query {
        values,
        exclude: None,
    };
    dispatch::count(Level::best(), query, limit, keep_first)
}

/// [`count`] of the solutions in which cell `exclude.0` does not hold digit `exclude.1`
/// (the generator's test: is a clue's own digit the only one its cell can take?).
pub(crate) fn count_excluding(values: &[u8], exclude: (usize, u8), limit: u64) -> Counted {
    let query = Query {
        values,
        exclude: Some(exclude),
    };
    dispatch::count(Level::best(), query, limit, false)
}

/// What to search: the givens, and optionally one candidate (cell, digit) ruled out.
#[derive(Clone, Copy)]
pub(crate) struct Query<'a> {
    pub values: &'a [u8],
    pub exclude: Option<(usize, u8)>,
}

/// [`count`] on a chosen level (tests run every level the machine has; benchmarks keep
/// no solution).
pub(crate) fn count_on(level: Level, values: &[u8], limit: u64, keep_first: bool) -> Counted {
    let query = Query {
        values,
        exclude: None,
    };
    dispatch::count(level, query, limit, keep_first)
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

/// Guesses on cells before a puzzle counts as hard and guesses go to layouts. Measured
/// (guesses a puzzle, top1465 / forum hardest): cells only 7.0 / 148, layouts only
/// 8.9 / 111, this mix 7.0 / 119; bivalue cells settle the easier puzzles sooner, layouts
/// prune the large trees of the hard ones.
///
/// A puzzle whose propagated givens leave no bivalue cell guesses layouts from the start:
/// its first cell guess would have three candidates or more. Measured (same-run A/B):
/// forum hardest 0.94 of the time (112.6 guesses a puzzle instead of 118.2), top1465 and
/// the 17-clue list unchanged; to a first solution, forum hardest 0.95. Not below 17
/// givens, which never make a proper puzzle: such grids have many solutions, and cell
/// guesses reach one sooner (with layouts first, grids of 3 to 15 givens took 1.02 to
/// 1.17 of the time to a first solution).
///
/// On the AVX2 levels, the guesses on layouts are the box and band node's (see
/// [`search`]). Sending more puzzles there from the start was measured (µs a puzzle,
/// forum hardest / top1465, same runs): with at most one bivalue cell 77.7 / 8.90, at
/// most three 77.6 / 8.80 (top1465 at 8.68 as here); every puzzle at its first guess,
/// 81.0 / 10.2 (AVX2 form of the node). The node costs more than the band words on the
/// easier puzzles, so they keep to the cells.
const CELL_GUESSES: u64 = 16;

/// Depth-first search with an explicit stack of boards: propagate; on a solution count
/// it; otherwise guess a cell's digit, keeping the board without that digit for later.
///
/// With `BOXBAND` (the AVX2 levels), a board that would guess layouts (a proper puzzle
/// found hard), and a full count's board at its first guess, is counted on the box and
/// band node instead (`boxband.rs`); the boards waiting on the stack follow in turn.
/// Grids of fewer than 17 givens keep to the band words (their first solution is the
/// one generators complete grids with).
#[inline(always)]
fn search<const BOXBAND: bool>(query: Query, limit: u64, keep_first: bool) -> Counted {
    let mut counted = Counted {
        count: 0,
        first: None,
        guesses: 0,
        invalid: false,
        cancelled: false,
    };
    // A search that can be cancelled looks at its token every so many boards; the box
    // and band node, which counts a whole subtree at once, then takes no enumeration.
    let cancel = Cancel::current();
    let cancellable = cancel.can_cancel();
    let mut boards: u32 = 0;
    let Ok(mut start) = Board::from_values(query.values) else {
        counted.invalid = true;
        return counted;
    };
    if let Some((cell, digit)) = query.exclude {
        start.eliminate::<true>(digit as usize - 1, cell / 27, 1 << (cell % 27));
    }
    // Boards waiting to be searched: at most 5 per guess, and each guess fixes a cell or
    // three minirows, so the stack stays small.
    let mut stack: Vec<Board> = Vec::with_capacity(16);
    stack.push(start);
    let mut cell_guesses = CELL_GUESSES;
    // Guesses on the board (the endgame's own count in `counted.guesses` only): what
    // decides between cell and layout guesses.
    let mut board_guesses = 0;
    let could_be_proper = query.values.iter().filter(|&&v| v != 0).count() >= 17;
    // Whether the box and band node may take a board (x86-64 only): not on the portable
    // level, nor in a search for one solution that keeps it (which solution of a grid
    // with many comes first is the band words': generators complete their random grids
    // with it). Full counts go there at their first guess.
    #[cfg(target_arch = "x86_64")]
    let node = BOXBAND && (limit >= 2 || !keep_first) && !(cancellable && limit > 2);
    #[cfg(target_arch = "x86_64")]
    let enumerate = limit > 2 && query.exclude.is_none();
    while let Some(mut board) = stack.pop() {
        if cancellable {
            boards = boards.wrapping_add(1);
            if boards.is_multiple_of(1024) && cancel.is_cancelled() {
                counted.cancelled = true;
                return counted;
            }
        }
        loop {
            let depth = match (counted.count, query.exclude) {
                (2.., _) => Depth::Rows,
                (_, Some(_)) => Depth::Stacks,
                _ => Depth::Triads,
            };
            let Ok(bivalue) = board.propagate(depth) else {
                break;
            };
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
            // Few open cells: count them as a colouring (endgame.rs). From the first node
            // when no solution is kept (uniqueness checks, the generator's tests, full
            // counts), else once the first is: the board search's own first solution is the
            // one to give (generators complete their grids with it, and a seed must keep
            // giving the same puzzles).
            let kept = !keep_first || counted.first.is_some();
            if let Some(end) = kept.then(|| board.endgame()).flatten() {
                let found = end.count(limit - counted.count);
                counted.count += found.count;
                counted.guesses += found.guesses;
                if counted.count >= limit {
                    return counted;
                }
                break;
            }
            // Enumerating, or ruling out a candidate (the generator's test on a nearly solved
            // puzzle: any solution will do): cells only, as `choose` says.
            let quick = depth != Depth::Triads;
            if board_guesses == 0 && could_be_proper && !quick && bivalue == [0; 3] {
                cell_guesses = 0;
            }
            #[cfg(target_arch = "x86_64")]
            if node && (enumerate || could_be_proper && !quick && board_guesses >= cell_guesses) {
                // SAFETY: `BOXBAND` is set only by the dispatch's AVX2 levels, which run
                // only on CPUs with every feature `count_in_boxes` needs.
                unsafe { count_in_boxes(&board, limit, keep_first, &mut counted) };
                if counted.count >= limit {
                    return counted;
                }
                break;
            }
            if quick || board_guesses < cell_guesses {
                let (band, cell, digit, digits) = board.choose(bivalue, depth);
                board_guesses += 1;
                counted.guesses += 1;
                stack.push(match depth {
                    Depth::Rows => board.split::<false>(digit, band, cell, digits),
                    _ => board.split::<true>(digit, band, cell, digits),
                });
            } else {
                let (unit, digit, mut layouts) = board.choose_layout();
                let first = layouts.trailing_zeros() as usize;
                layouts &= layouts - 1;
                while layouts != 0 {
                    let mut other = board;
                    other.restrict(unit, digit, layouts.trailing_zeros() as usize);
                    stack.push(other);
                    board_guesses += 1;
                    counted.guesses += 1;
                    layouts &= layouts - 1;
                }
                board.restrict(unit, digit, first);
            }
        }
    }
    counted
}

/// Counts the solutions of `board` on the box and band node, into `counted` (up to
/// `limit`).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
fn count_in_boxes(board: &Board, limit: u64, keep_first: bool, counted: &mut Counted) {
    let cands = board.candidates();
    if boxband::has_avx512() {
        // SAFETY: the CPU has every feature of `boxband::avx512::count` (just checked).
        unsafe { boxband::avx512::count(&cands, limit, keep_first, counted) }
    } else {
        boxband::avx2::count(&cands, limit, keep_first, counted);
    }
}
