//! Puzzles from a solution: remove givens while the solution stays unique (or, for Easy
//! puzzles, while singles still solve it).

use std::time::Duration;
use sudokit_core::cancel::Cancel;
use sudokit_core::rng::Rng;
use sudokit_core::time::Instant;
use sudokit_core::{Cell, Grid};

use crate::unavoidable::Unavoidable;

/// Removes givens of `puzzle` (whose only solution is `solution`), one orbit at a time in
/// a random order, keeping each removal that leaves the solution unique. Every orbit is
/// tried once, so the result is minimal: no orbit of givens can be removed (with one-cell
/// orbits, no given can). Each test is one search for a solution that differs in a
/// removed cell, which usually fails at once (see
/// [`sudokit_solver::count_solutions_without`]); a removal that leaves one of the
/// solution's small unavoidable sets without a given is turned down with no search (about
/// 40% of the removals turned down on 9×9; the same removals are kept). Like every
/// reduction here, it stops between orbits once the thread's cancel token
/// ([`Cancel::current`]) is cancelled, leaving a puzzle that need not be minimal.
///
/// ```
/// use std::sync::Arc;
/// use sudokit_core::{rng::Rng, Layout};
/// use sudokit_generate::{puzzle, solution, Symmetry};
/// let layout = Arc::new(Layout::classic());
/// let mut rng = Rng::new(2);
/// let full = solution::random(&layout, &mut rng).unwrap();
/// let orbits = Symmetry::Rot180.orbits(&layout);
/// let p = puzzle::reduce(&full, &full, &orbits, &mut rng);
/// assert!(sudokit_solver::is_unique(&p) && Symmetry::Rot180.holds(&p));
/// ```
pub fn reduce(puzzle: &Grid, solution: &Grid, orbits: &[Vec<Cell>], rng: &mut Rng) -> Grid {
    let sets = Unavoidable::of(solution, SMALL_SETS);
    reduce_knowing(puzzle, solution, &sets, orbits, rng)
}

/// [`reduce`], with `sets` the unavoidable sets of `solution` known.
fn reduce_knowing(
    puzzle: &Grid,
    solution: &Grid,
    sets: &Unavoidable,
    orbits: &[Vec<Cell>],
    rng: &mut Rng,
) -> Grid {
    let mut puzzle = puzzle.clone();
    let order = given_orbits(&puzzle, orbits, rng);
    // The first removals from a nearly full grid almost always keep the solution unique:
    // test them as one group (one search), splitting the group only when it fails. Since
    // a removal that fails would fail on any smaller puzzle too, this keeps exactly the
    // removals that testing one at a time would keep, with far fewer searches.
    let cells = puzzle.layout().cell_count();
    let mut removed_cells = 0;
    let first = order
        .iter()
        .take_while(|o| {
            removed_cells += o.len();
            removed_cells * 2 <= cells
        })
        .count();
    let token = Cancel::current();
    remove_group(&mut puzzle, solution, sets, &order[..first], &token);
    for orbit in &order[first..] {
        if token.is_cancelled() {
            break;
        }
        remove_group(
            &mut puzzle,
            solution,
            sets,
            std::slice::from_ref(orbit),
            &token,
        );
    }
    puzzle
}

/// Removes givens of `puzzle` (which singles solve), one orbit at a time in a random
/// order, keeping each removal after which naked and hidden singles still solve it: the
/// way to an Easy puzzle. Singles only make sound deductions, so a puzzle they solve has
/// one solution, and no search is needed. The result is minimal for singles: no orbit of
/// givens can go without a step harder than a single.
///
/// ```
/// use std::sync::Arc;
/// use sudokit_core::{rng::Rng, Layout};
/// use sudokit_generate::{puzzle, solution, Symmetry};
/// let layout = Arc::new(Layout::for_side(16).unwrap());
/// let mut rng = Rng::new(2);
/// let full = solution::random(&layout, &mut rng).unwrap();
/// let orbits = Symmetry::None.orbits(&layout);
/// let p = puzzle::reduce_by_singles(&full, &orbits, &mut rng);
/// assert!(puzzle::singles_solve(&p) && p.clue_count() < 160);
/// ```
pub fn reduce_by_singles(puzzle: &Grid, orbits: &[Vec<Cell>], rng: &mut Rng) -> Grid {
    let mut puzzle = puzzle.clone();
    let order = given_orbits(&puzzle, orbits, rng);
    let token = Cancel::current();
    for orbit in order {
        if token.is_cancelled() {
            break;
        }
        let given: Vec<_> = orbit.iter().map(|&c| puzzle.get(c)).collect();
        for &c in orbit {
            puzzle.set(c, None);
        }
        if !singles_solve(&puzzle) {
            for (&c, &d) in orbit.iter().zip(&given) {
                puzzle.set(c, d);
            }
        }
    }
    puzzle
}

/// Removes givens of `puzzle` (whose only solution is `solution`), one orbit at a time in
/// a random order, keeping each removal that leaves the solution unique and `keep` true
/// of the puzzle left. Every orbit is tried once.
///
/// ```
/// use std::sync::Arc;
/// use sudokit_core::{rng::Rng, Layout};
/// use sudokit_generate::{puzzle, solution, Symmetry};
/// let layout = Arc::new(Layout::classic());
/// let mut rng = Rng::new(2);
/// let full = solution::random(&layout, &mut rng).unwrap();
/// let orbits = Symmetry::None.orbits(&layout);
/// // Keep at least 40 givens: the reduction stops short of a minimal puzzle.
/// let p = puzzle::reduce_while(&full, &full, &orbits, &mut rng, |p| p.clue_count() >= 40);
/// assert!(sudokit_solver::is_unique(&p) && p.clue_count() == 40);
/// ```
pub fn reduce_while(
    puzzle: &Grid,
    solution: &Grid,
    orbits: &[Vec<Cell>],
    rng: &mut Rng,
    keep: impl Fn(&Grid) -> bool,
) -> Grid {
    reduce_judged(puzzle, solution, orbits, rng, |p| match keep(p) {
        true => Keep::IfUnique,
        false => Keep::No,
    })
}

/// What a reduction's test makes of the puzzle left by a removal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Keep {
    /// Put the givens back.
    No,
    /// Keep the removal: the test itself proved the solution unique (a path of sound
    /// steps, none resting on uniqueness, solved the puzzle: every elimination took out
    /// a digit no solution has, so no other solution is left). No search is needed.
    Unique,
    /// Keep the removal if a search finds no other solution.
    IfUnique,
}

/// [`reduce_while`] with a test that may prove the solution unique itself: the way to a
/// level between Easy and the hardest on large grids, from an Easy puzzle, with the test
/// "the path stays within the level". Of the test and the search for a second solution,
/// the cheaper runs first (the search, stopped after as long as the test last took): on
/// 25×25 the search can take seconds where a Medium path takes milliseconds, and a
/// removal the test proves unique needs no search at all.
pub fn reduce_judged(
    puzzle: &Grid,
    solution: &Grid,
    orbits: &[Vec<Cell>],
    rng: &mut Rng,
    test: impl Fn(&Grid) -> Keep,
) -> Grid {
    let mut puzzle = puzzle.clone();
    let token = Cancel::current();
    let mut judge = Judge::new();
    for orbit in given_orbits(&puzzle, orbits, rng) {
        if token.is_cancelled() {
            break;
        }
        for &c in orbit {
            puzzle.set(c, None);
        }
        if !judge.keeps(|| test(&puzzle), || still_unique(&puzzle, solution, orbit)) {
            for &c in orbit {
                puzzle.set(c, solution.get(c));
            }
        }
    }
    puzzle
}

/// Decides changes to a puzzle (a removal of givens, a merge of cages) that must keep its
/// solution unique and pass a test that may prove uniqueness itself ([`Keep`]), running
/// the cheaper of the two first. Which one is cheaper depends on the grid and the level:
/// on 25×25 the search for a second solution can take seconds where a Medium path takes
/// milliseconds, while on 16×16 an Unfair path (chains) costs more than the search. So
/// the search runs first, given as much time as the test has been taking (a running
/// average, at least [`FLOOR`]); when that runs out, the test runs, and the search runs
/// on only if the test kept the change without proving uniqueness. The verdict is the
/// same whichever ends first; only the time differs.
pub(crate) struct Judge {
    /// How long the tests have been taking: a running average (each new time a
    /// quarter of it).
    spent: Duration,
}

/// The least time a [`Judge`] gives the search first: most searches for a second
/// solution end well within it, and a search cut short costs no more than this.
const FLOOR: Duration = Duration::from_millis(2);

impl Judge {
    pub(crate) fn new() -> Judge {
        Judge {
            spent: Duration::ZERO,
        }
    }

    /// Does the change pass `test` and keep the solution unique (`unique`, a search
    /// that stops with the thread's current cancel token)?
    pub(crate) fn keeps(&mut self, test: impl FnOnce() -> Keep, unique: impl Fn() -> bool) -> bool {
        let outer = Cancel::current();
        let trial = outer.child(Some(Instant::now() + self.spent.max(FLOOR)));
        let quick = trial.enter(&unique);
        let timed = |judge: &mut Judge| {
            let start = Instant::now();
            let verdict = test();
            judge.spent = (judge.spent * 3 + start.elapsed()) / 4;
            verdict
        };
        if !trial.is_cancelled() {
            return quick && timed(self) != Keep::No;
        }
        // The work as a whole was cancelled: nothing more is decided.
        if outer.is_cancelled() {
            return false;
        }
        match timed(self) {
            Keep::No => false,
            Keep::Unique => {
                debug_assert!(unique(), "a path of sound steps proved a second solution");
                true
            }
            Keep::IfUnique => unique(),
        }
    }
}

/// The orbits whose cells are all given, in a random order.
fn given_orbits<'a>(puzzle: &Grid, orbits: &'a [Vec<Cell>], rng: &mut Rng) -> Vec<&'a [Cell]> {
    let mut order: Vec<&[Cell]> = orbits
        .iter()
        .filter(|o| o.iter().all(|&c| puzzle.get(c).is_some()))
        .map(Vec::as_slice)
        .collect();
    rng.shuffle(&mut order);
    order
}

/// Do naked and hidden singles alone solve `puzzle`?
pub fn singles_solve(puzzle: &Grid) -> bool {
    matches!(
        sudokit_solver::singles(puzzle),
        Ok(Ok(marks)) if marks.values.iter().all(|&v| v != 0)
    )
}

/// The largest unavoidable sets the reduction looks for (of 4 and 6 cells): a removal
/// that leaves one without a given is turned down without a search.
const SMALL_SETS: usize = 6;

/// Removes the orbits of `group` that can go, in order: all at once when the solution
/// stays unique, else each half in turn. A removal that leaves one of `sets` without a
/// given cannot keep the solution unique: no search is needed to turn it down.
fn remove_group(
    puzzle: &mut Grid,
    solution: &Grid,
    sets: &Unavoidable,
    group: &[&[Cell]],
    token: &Cancel,
) {
    if token.is_cancelled() {
        return;
    }
    let set = |puzzle: &mut Grid, blank: bool| {
        for &c in group.iter().copied().flatten() {
            puzzle.set(c, if blank { None } else { solution.get(c) });
        }
    };
    set(puzzle, true);
    let unique = match group {
        [] => true,
        _ if sets.emptied(puzzle, group.iter().copied().flatten()) => false,
        [orbit] => still_unique(puzzle, solution, orbit),
        _ => sudokit_solver::count_solutions(puzzle, 2).is_ok_and(|(n, _)| n == 1),
    };
    if unique {
        return;
    }
    set(puzzle, false);
    if group.len() > 1 {
        let (a, b) = group.split_at(group.len() / 2);
        remove_group(puzzle, solution, sets, a, token);
        remove_group(puzzle, solution, sets, b, token);
    }
}

/// Is `solution` still the only solution of `puzzle`, given that it was before the
/// cells of `removed` were blanked? Another solution would differ in one of them.
pub fn still_unique(puzzle: &Grid, solution: &Grid, removed: &[Cell]) -> bool {
    if let [c] = removed {
        // A cell whose peers' givens leave only its own digit needs no search.
        if puzzle.candidates(*c).len() == 1 {
            return true;
        }
    }
    removed.iter().all(|&c| {
        let digit = solution.get(c).expect("a solution is complete");
        sudokit_solver::count_solutions_without(puzzle, c, digit, 1) == Ok(0)
    })
}

/// Adds orbits of givens from `solution`, in a random order, until `puzzle` has at least
/// `clues` givens, but never every cell: a puzzle keeps one blank at least (a full grid
/// has no path to rate, and is no puzzle).
pub fn add_clues(
    puzzle: &mut Grid,
    solution: &Grid,
    orbits: &[Vec<Cell>],
    clues: usize,
    rng: &mut Rng,
) {
    let mut blank: Vec<&Vec<Cell>> = orbits
        .iter()
        .filter(|o| o.iter().all(|&c| puzzle.get(c).is_none()))
        .collect();
    rng.shuffle(&mut blank);
    let cells = puzzle.layout().cell_count();
    for orbit in blank {
        if puzzle.clue_count() >= clues {
            break;
        }
        if puzzle.clue_count() + orbit.len() >= cells {
            continue;
        }
        for &c in orbit {
            puzzle.set(c, solution.get(c));
        }
    }
}

/// Is every given of `puzzle` (unique) needed?
pub fn is_minimal(puzzle: &Grid, solution: &Grid) -> bool {
    let mut p = puzzle.clone();
    puzzle.layout().cells().all(|c| {
        let Some(d) = puzzle.get(c) else {
            return true;
        };
        p.set(c, None);
        let needed = !still_unique(&p, solution, &[c]);
        p.set(c, Some(d));
        needed
    })
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use sudokit_core::Layout;

    use super::*;
    use crate::{solution, Symmetry};

    /// Turning removals down by the unavoidable sets changes nothing: the puzzles are
    /// those of a search for every removal (no sets known), on several layouts.
    #[test]
    fn unavoidable_sets_keep_the_same_removals() {
        let layouts = [
            Layout::classic(),
            Layout::for_side(6).unwrap(),
            Layout::classic().with_diagonals(),
            crate::regions::random_jigsaw(9, &mut Rng::new(5)),
        ];
        let mut known_sets = 0;
        for layout in layouts.map(Arc::new) {
            for (seed, symmetry) in (0..12).zip([Symmetry::None, Symmetry::Rot180].iter().cycle()) {
                let mut rng = Rng::new(seed);
                let full = solution::random(&layout, &mut rng).unwrap();
                let orbits = symmetry.orbits(&layout);
                let sets = Unavoidable::of(&full, SMALL_SETS);
                known_sets += sets.len();
                let with = reduce_knowing(&full, &full, &sets, &orbits, &mut Rng::new(seed));
                let without = reduce_knowing(
                    &full,
                    &full,
                    &Unavoidable::none(),
                    &orbits,
                    &mut Rng::new(seed),
                );
                assert_eq!(with, without, "{layout:?} seed {seed}");
            }
        }
        assert!(known_sets > 100, "only {known_sets} sets in all");
    }

    /// A search for a second solution that takes `work` unless the thread's token stops
    /// it first; a stopped search answers anything (here the wrong answer).
    fn search(truth: bool, work: std::time::Duration) -> bool {
        let start = Instant::now();
        while start.elapsed() < work {
            if Cancel::current().is_cancelled() {
                return !truth;
            }
        }
        truth
    }

    #[test]
    fn a_judge_gives_the_same_verdict_whichever_test_ends_first() {
        use std::cell::Cell as Count;
        let quick = std::time::Duration::ZERO;
        let slow = std::time::Duration::from_millis(30);
        for unique in [true, false] {
            for path in [Keep::No, Keep::Unique, Keep::IfUnique] {
                // A path of sound steps never proves a second solution away.
                if path == Keep::Unique && !unique {
                    continue;
                }
                for work in [quick, slow] {
                    let mut judge = Judge::new();
                    let (paths, searches) = (Count::new(0), Count::new(0));
                    let kept = judge.keeps(
                        || {
                            paths.set(paths.get() + 1);
                            path
                        },
                        || {
                            searches.set(searches.get() + 1);
                            search(unique, work)
                        },
                    );
                    let case = format!("{unique} {path:?} {work:?}");
                    assert_eq!(kept, unique && path != Keep::No, "{case}");
                    if work == slow {
                        // Cut short: the path decides, and the search runs again only
                        // when the path kept the change without proving it (or, in a
                        // debug build, to check a proof).
                        assert_eq!(paths.get(), 1, "{case}");
                        let check = path == Keep::Unique && cfg!(debug_assertions);
                        let again = usize::from(path == Keep::IfUnique || check);
                        assert_eq!(searches.get(), 1 + again, "{case}");
                    }
                }
            }
        }
    }
}
