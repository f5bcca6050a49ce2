//! Exact sudoku search for every layout, with counting up to a limit as the primitive.
//!
//! ```
//! use sudokit_core::Grid;
//! let puzzle = Grid::from_line(
//!     "003000100100400000000200000000000050007036000000000042200000000000070900580010000",
//! )
//! .unwrap();
//! let outcome = sudokit_solver::count(&puzzle, 2).unwrap();
//! assert_eq!(outcome.count, 1);
//! assert!(outcome.complete);
//! let solution = outcome.solution.unwrap();
//! assert!(solution.is_solved() && puzzle.is_filled_by(&solution));
//! assert!(sudokit_solver::is_unique(&puzzle));
//! ```

#![warn(missing_docs)]

mod cdcl;
mod classic;

pub use classic::Level;
mod generic;
pub mod observe;
pub mod oracle;
mod unsolvable;
pub use unsolvable::{no_solution, why_unsolvable, Unsolvable};

use sudokit_core::cancel::Cancel;
use sudokit_core::{Cell, Conflict, Digit, DigitSet, Grid};

use observe::{Dead, Observer, Quiet};

/// What a count found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Solutions found, at most the limit.
    pub count: u64,
    /// Did the search finish? `false` when it stopped at the limit, so there may be more
    /// (or, from [`count_observed`] only, when it stopped unfinished below the limit).
    pub complete: bool,
    /// The first solution found, if any.
    pub solution: Option<Grid>,
    /// Branch choices tried (a measure of how much guessing the puzzle needed).
    pub guesses: u64,
}

/// Counts the solutions of `grid`, stopping at `limit` (`count(grid, 2)` tells none,
/// unique or several), with the [`Engine::Auto`] choice of engine.
///
/// # Errors
/// When two givens in one house are equal; such a puzzle is invalid, not searched.
pub fn count(grid: &Grid, limit: u64) -> Result<Outcome, Conflict> {
    count_with(grid, limit, Engine::Auto)
}

/// The exact search engines.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum Engine {
    /// The 9×9 engine for the classic layout. Otherwise depth-first search first; when it
    /// has guessed more than [`GUESS_BUDGET`] times per solution found (plus one: large
    /// grids with few clues, or layouts without a solution, where it can thrash), clause
    /// learning counts afresh, up to [`LEARNING_LIMIT`] solutions; beyond that, depth-first
    /// search counts on, without a budget.
    #[default]
    Auto,
    /// Depth-first search with naked and hidden singles.
    Search,
    /// Conflict-driven clause learning (counting by blocking each solution found). A
    /// killer is searched depth first by every engine: clause learning knows no sums.
    Learning,
    /// The 9×9 bitboard engine (for any other layout, the same as `Auto`).
    Classic,
}

/// [`count_with`], stopped by `cancel` (checked every few guesses or conflicts by every
/// engine): a cancelled count is not `complete`, and `cancel.is_cancelled()` says why.
/// Every search run under [`Cancel::enter`] reads the thread's current token the same
/// way, so a token entered around any work that counts stops those counts too.
///
/// # Errors
/// As [`count`].
pub fn count_until(
    grid: &Grid,
    limit: u64,
    engine: Engine,
    cancel: &Cancel,
) -> Result<Outcome, Conflict> {
    cancel.enter(|| count_with(grid, limit, engine))
}

/// Has the thread's current cancel token stopped the work?
fn cancelled() -> bool {
    Cancel::current().is_cancelled()
}

/// [`count`] with a chosen engine (stopped by the thread's current cancel token: see
/// [`count_until`]).
///
/// # Errors
/// As [`count`].
pub fn count_with(grid: &Grid, limit: u64, engine: Engine) -> Result<Outcome, Conflict> {
    let limit = limit.max(1);
    if matches!(engine, Engine::Auto | Engine::Classic) && grid.layout().is_classic() {
        let c = classic::count(grid.values(), limit, true);
        return no_conflict(grid, c.invalid).map(|_| {
            let out = outcome(grid, c.count, limit, c.first.map(|v| v.to_vec()), c.guesses);
            Outcome {
                complete: out.complete && !c.cancelled,
                ..out
            }
        });
    }
    if let Some(conflict) = grid.find_conflict() {
        return Err(conflict);
    }
    if grid.layout().is_killer() {
        // Clause learning knows no cage sums, and relabelling digits (the symmetry break)
        // changes them: a killer is searched depth first, which propagates the sums.
        return Ok(depth_first(grid, limit, u64::MAX, &mut Quiet).0);
    }
    // Plain search has no budget to run over: the symmetry break comes first. The other
    // engines try it only once clause learning has run over a budget (see below).
    if engine == Engine::Search {
        if let Some(none) = sparse_without_solution(grid) {
            return Ok(none);
        }
    }
    let mut guesses = 0;
    if engine != Engine::Learning {
        let budget = match engine {
            Engine::Search => u64::MAX,
            _ => GUESS_BUDGET,
        };
        let (out, gave_up) = depth_first(grid, limit, budget, &mut Quiet);
        if !gave_up || cancelled() {
            return Ok(out);
        }
        guesses = out.guesses;
    }
    let learning_limit = match engine {
        Engine::Learning => limit,
        _ => limit.min(LEARNING_LIMIT),
    };
    // Clause learning with a budget first: where the layout's contradiction is quick to
    // find it is found so, while each placement of the symmetry break would find it again
    // (found by fuzzing: a jigsaw with three givens took 1.8 s through the placements,
    // 40 ms searched whole). Past the budget, the symmetry break, then learning afresh.
    let counted = match cdcl::Cdcl::new(grid).count(learning_limit, SYMMETRY_AFTER) {
        Some(counted) => counted,
        None => {
            guesses += SYMMETRY_AFTER;
            if let Some(none) = sparse_without_solution(grid).filter(|_| !cancelled()) {
                return Ok(Outcome {
                    guesses: guesses + none.guesses,
                    ..none
                });
            }
            cdcl::Cdcl::new(grid)
                .count(learning_limit, u64::MAX)
                .expect("no conflict budget was set")
        }
    };
    if counted.complete || counted.cancelled || learning_limit == limit {
        let out = outcome(
            grid,
            counted.count,
            limit,
            counted.first,
            guesses + counted.conflicts,
        );
        return Ok(Outcome {
            complete: counted.complete,
            ..out
        });
    }
    // More solutions than clause learning should block one by one: depth-first search
    // counts them, however long it takes.
    let (out, _) = depth_first(grid, limit, u64::MAX, &mut Quiet);
    Ok(Outcome {
        guesses: guesses + counted.conflicts + out.guesses,
        ..out
    })
}

/// A sparse grid without a solution, proved so with symmetry broken: the digits no
/// given uses can be relabelled among themselves (solutions map to solutions, givens
/// stay), so some solution has them in increasing order along the first row. Each way of
/// placing them so in the row's blank cells is searched (few: one for an empty grid);
/// none solved means none at all. Searching the grid as it is goes through every
/// relabelling (found by fuzzing: an empty grid on a random 9×9 jigsaw layout took 21 s
/// to settle, 3 ms so). `None` when a placement has a solution, when at most one digit is
/// unused, or when there are too many placements to try.
fn sparse_without_solution(grid: &Grid) -> Option<Outcome> {
    /// The most placements tried.
    const PLACEMENTS: usize = 256;
    let layout = grid.layout();
    let used: DigitSet = grid
        .values()
        .iter()
        .filter(|&&v| v != 0)
        .map(|&v| Digit::new(v))
        .collect();
    let unused: Vec<Digit> = DigitSet::full(layout.side()).without(used).iter().collect();
    let blanks: Vec<Cell> = (0..layout.side())
        .map(|col| layout.cell(0, col))
        .filter(|&c| grid.get(c).is_none())
        .collect();
    let m = unused.len();
    if m < 2 || m > blanks.len() || choose(blanks.len(), m) > PLACEMENTS {
        return None;
    }
    let mut guesses = 0;
    let mut at: Vec<usize> = (0..m).collect();
    loop {
        let mut trial = grid.clone();
        for (&i, &d) in at.iter().zip(&unused) {
            trial.set(blanks[i], Some(d));
        }
        let out = count_with(&trial, 1, Engine::Auto).ok();
        guesses += out.as_ref().map_or(0, |o| o.guesses);
        if out.is_some_and(|o| o.count > 0 || !o.complete) {
            return None;
        }
        // The next m positions out of the blanks, in lexicographic order.
        let Some(k) = (0..m).rev().find(|&k| at[k] < blanks.len() - m + k) else {
            break;
        };
        at[k] += 1;
        for j in k + 1..m {
            at[j] = at[j - 1] + 1;
        }
    }
    Some(Outcome {
        count: 0,
        complete: true,
        solution: None,
        guesses,
    })
}

/// The conflicts clause learning is given before the symmetry break of
/// `sparse_without_solution` is tried.
const SYMMETRY_AFTER: u64 = 10_000;

/// `n` choose `k`, saturating.
fn choose(n: usize, k: usize) -> usize {
    (0..k).fold(1usize, |c, i| c.saturating_mul(n - i) / (i + 1))
}

/// Depth-first search to `limit` (at least 1), stopping after `budget` guesses per
/// solution found (plus one): the outcome (not `complete` when it stopped so), and
/// whether it stopped so.
fn depth_first<O: Observer>(grid: &Grid, limit: u64, budget: u64, obs: &mut O) -> (Outcome, bool) {
    let mut search = generic::Search::new(grid, obs);
    search.budget = budget;
    search.run(limit);
    let gave_up = search.gave_up;
    let out = outcome(
        grid,
        search.count,
        limit,
        search.first.take(),
        search.guesses,
    );
    let complete = out.complete && !gave_up;
    (Outcome { complete, ..out }, gave_up)
}

/// The number of solutions of `grid` up to `limit`, and the guesses made, without keeping
/// a solution: the lean form of [`count`] for tight loops (uniqueness checks, generators,
/// benchmarks).
///
/// # Errors
/// As [`count`].
pub fn count_solutions(grid: &Grid, limit: u64) -> Result<(u64, u64), Conflict> {
    if grid.layout().is_classic() {
        let c = classic::count(grid.values(), limit.max(1), false);
        return no_conflict(grid, c.invalid).map(|_| (c.count, c.guesses));
    }
    count(grid, limit).map(|o| (o.count, o.guesses))
}

/// The number of solutions of `grid` in which `cell` does not hold `digit`, up to
/// `limit`: the generator's uniqueness test. When a puzzle with one more given, `digit`
/// at the blank `cell`, has one solution, the puzzle without it has exactly one too iff
/// this count is 0; one search that usually fails at once, instead of a count to 2.
///
/// ```
/// use sudokit_core::{Cell, Digit, Grid};
/// let mut puzzle = Grid::from_line(
///     "003000100100400000000200000000000050007036000000000042200000000000070900580010000",
/// )
/// .unwrap();
/// let solution = sudokit_solver::solve(&puzzle).unwrap().unwrap();
/// // Every given of a 17-clue puzzle is needed: without one, its cell can take another digit.
/// let cell = Cell::new(2);
/// let digit = puzzle.get(cell).unwrap();
/// puzzle.set(cell, None);
/// assert_eq!(sudokit_solver::count_solutions_without(&puzzle, cell, digit, 1), Ok(1));
/// // A blank cell's own solution digit is the only one it can take.
/// let blank = Cell::new(0);
/// let own = solution.get(blank).unwrap();
/// puzzle.set(cell, Some(digit));
/// assert_eq!(sudokit_solver::count_solutions_without(&puzzle, blank, own, 1), Ok(0));
/// ```
///
/// # Errors
/// As [`count`].
pub fn count_solutions_without(
    grid: &Grid,
    cell: Cell,
    digit: Digit,
    limit: u64,
) -> Result<u64, Conflict> {
    let limit = limit.max(1);
    if let Some(held) = grid.get(cell) {
        return match held == digit {
            true => grid.find_conflict().map_or(Ok(0), Err),
            false => count_solutions(grid, limit).map(|(n, _)| n),
        };
    }
    if grid.layout().is_classic() {
        let c = classic::count_excluding(grid.values(), (cell.index(), digit.get()), limit);
        return no_conflict(grid, c.invalid).map(|_| c.count);
    }
    if let Some(conflict) = grid.find_conflict() {
        return Err(conflict);
    }
    let mut found = 0;
    let mut trial = grid.clone();
    for other in grid.candidates(cell).iter().filter(|&d| d != digit) {
        trial.set(cell, Some(other));
        found += count_solutions(&trial, limit - found)?.0;
        if found >= limit {
            break;
        }
    }
    Ok(found)
}

/// [`count_solutions`] with the 9×9 engine compiled for `level` (other layouts ignore it).
///
/// # Errors
/// As [`count`].
///
/// # Panics
/// When `level` is not supported by this CPU.
pub fn count_solutions_on(grid: &Grid, limit: u64, level: Level) -> Result<(u64, u64), Conflict> {
    if !grid.layout().is_classic() {
        return count_solutions(grid, limit);
    }
    assert!(level.is_supported(), "{level:?} is not supported here");
    let c = classic::count_on(level, grid.values(), limit.max(1), false);
    no_conflict(grid, c.invalid).map(|_| (c.count, c.guesses))
}

/// The 9×9 engine found two equal givens in a house (`invalid`): say which.
fn no_conflict(grid: &Grid, invalid: bool) -> Result<(), Conflict> {
    match invalid {
        true => grid.find_conflict().map_or(Ok(()), Err),
        false => Ok(()),
    }
}

/// [`count`] by the 9×9 engine compiled for instruction-set `level` (which must be one
/// of [`Level::supported`]), for tests and comparisons; `None` for other layouts.
///
/// # Errors
/// As [`count`].
///
/// # Panics
/// When `level` is not supported by this CPU.
pub fn count_classic(grid: &Grid, limit: u64, level: Level) -> Option<Result<Outcome, Conflict>> {
    assert!(level.is_supported(), "{level:?} is not supported here");
    grid.layout().is_classic().then(|| {
        let c = classic::count_on(level, grid.values(), limit.max(1), true);
        no_conflict(grid, c.invalid).map(|_| {
            outcome(
                grid,
                c.count,
                limit.max(1),
                c.first.map(|v| v.to_vec()),
                c.guesses,
            )
        })
    })
}

/// Guesses per solution found (plus one; a running total) after which depth-first search
/// hands a puzzle to clause learning. Per solution, so that enumerating many solutions,
/// which depth-first search does well and clause learning does not, stays with it: only
/// thrashing between solutions hands over.
///
/// 500 since 2026-11-28 (2,000 before), measured with the generic search's cheaper
/// hidden singles, whole commands, same hour: `generate --size 16 --level hard -n 10`
/// 2.64 and 1.96 s against 3.29 and 3.34; `--size 16 -n 10` (minimal) 2.11 and 2.18
/// against 2.62 and 2.87; 25×25 Medium, seeds 1–3, 37.0, 10.4 and 5.4 s against 38.1,
/// 14.7 and 6.3–7.7. At 100, 25×25 Medium seed 3 took 13.5 s (clause learning is slower
/// on what depth-first search settles in a few hundred guesses). Grids completed from a
/// few givens may come out differently (the first solution is the engine's), so a seed
/// can give other jigsaw puzzles than before.
pub const GUESS_BUDGET: u64 = 500;

/// The most solutions clause learning counts (it blocks each one found with a clause it
/// keeps, which suits small counts only); past it, depth-first search takes the count.
pub const LEARNING_LIMIT: u64 = 64;

fn outcome(grid: &Grid, count: u64, limit: u64, first: Option<Vec<u8>>, guesses: u64) -> Outcome {
    let solution = first.map(|v| Grid::from_values(grid.layout().clone(), v));
    Outcome {
        count,
        complete: count < limit,
        solution,
        guesses,
    }
}

/// Guesses per solution found (plus one) after which [`count_observed`] stops: a log
/// is for reading, and a search that thrashes (a layout with no solution, a large grid
/// with few clues) would otherwise report without end.
pub const OBSERVED_GUESSES: u64 = 10_000;

/// [`count`] by depth-first search alone, reporting every step of it to `obs`. It stops
/// after [`OBSERVED_GUESSES`] guesses per solution found (plus one); the outcome is then
/// not `complete`, with fewer solutions than `limit`.
///
/// # Errors
/// As [`count`].
pub fn count_observed<O: Observer>(
    grid: &Grid,
    limit: u64,
    obs: &mut O,
) -> Result<Outcome, Conflict> {
    if let Some(conflict) = grid.find_conflict() {
        return Err(conflict);
    }
    Ok(depth_first(grid, limit.max(1), OBSERVED_GUESSES, obs).0)
}

/// The first solution found, if there is one.
///
/// # Errors
/// As [`count`].
pub fn solve(grid: &Grid) -> Result<Option<Grid>, Conflict> {
    count(grid, 1).map(|o| o.solution)
}

/// Does `grid` have exactly one solution? (`false` for conflicting givens.)
pub fn is_unique(grid: &Grid) -> bool {
    count_solutions(grid, 2).is_ok_and(|(n, _)| n == 1)
}

/// The givens of a uniquely solvable `grid` that can each be removed on its own with the
/// solution staying unique (empty: the puzzle is minimal).
pub fn redundant_givens(grid: &Grid) -> Vec<Cell> {
    let mut probe = grid.clone();
    grid.layout()
        .cells()
        .filter(|&c| {
            let Some(d) = grid.get(c) else { return false };
            probe.set(c, None);
            let unique = is_unique(&probe);
            probe.set(c, Some(d));
            unique
        })
        .collect()
}

/// Candidate marks: the value (0 = none) and the candidates of every cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Marks {
    /// Value per cell, 0 when unsolved.
    pub values: Vec<u8>,
    /// Candidates per cell (a solved cell has only its value).
    pub candidates: Vec<DigitSet>,
}

/// Naked and hidden singles from a pencil-mark state, to a fixed point: `grid` holds the
/// values, `candidates` the candidates of its open cells (consistent with the values: no
/// open cell holds a digit placed among its peers). Each placement is reported to `obs`.
///
/// # Errors
/// `Err(dead)` when the singles reach a contradiction.
pub fn singles_from_marks<O: Observer>(
    grid: &Grid,
    candidates: &[DigitSet],
    obs: &mut O,
) -> Result<Marks, Dead> {
    let mut search = generic::Search::without_differences(grid, obs);
    let cands = candidates.iter().map(|c| c.bits()).collect();
    search
        .settle_marks(grid.values().to_vec(), cands)
        .map(|(values, cands)| Marks {
            values,
            candidates: cands.into_iter().map(DigitSet::from_bits).collect(),
        })
}

/// The marks after naked and hidden singles have been applied to a fixed point;
/// `Ok(Err(dead))` when they reach a contradiction (the puzzle has no solution).
///
/// # Errors
/// As [`count`].
pub fn singles(grid: &Grid) -> Result<Result<Marks, Dead>, Conflict> {
    singles_observed(grid, &mut Quiet)
}

/// [`singles`], reporting each placement to `obs`.
///
/// # Errors
/// As [`count`].
pub fn singles_observed<O: Observer>(
    grid: &Grid,
    obs: &mut O,
) -> Result<Result<Marks, Dead>, Conflict> {
    if let Some(conflict) = grid.find_conflict() {
        return Err(conflict);
    }
    let mut search = generic::Search::without_differences(grid, obs);
    Ok(search.settle_root().map(|(values, cands)| Marks {
        values,
        candidates: cands.into_iter().map(DigitSet::from_bits).collect(),
    }))
}
