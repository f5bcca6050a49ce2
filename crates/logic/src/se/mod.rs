//! Sudoku Explainer's rating (ER, EP, ED) by SE's own path, as serate 1.2.1.3 rates: at
//! each step, the first of SE's rules (in SE's order) that finds anything gives the
//! step, and ER is the hardest step's rating. SE's rules below its chaining rules are in
//! `basic/` (singles, direct rules, locking, subsets, fish, wings, unique loops, BUG,
//! aligned exclusion) and `cycles/` (SE's cycles and forcing chains); from 7.5 up they
//! are SE's chaining rules (`chaining/`): Nishio, multiple, dynamic, dynamic "+", and
//! nested dynamic chains of levels 2 to 5. `steps.rs` shows their hints as steps.

mod basic;
mod chaining;
mod cycles;
mod grid;
mod rules;
mod steps;

use std::sync::atomic::AtomicUsize;
use sudokit_core::cancel::Cancel;
use sudokit_core::time::Instant;

use sudokit_core::{Cell, Digit, Layout};

use crate::step::{ChainCause, Chaining, ChainingKind, Path, Pattern, Potential, Potentials, Step};
use crate::technique::Technique;
use crate::techniques::Sink;
use crate::Board;
pub(crate) use chaining::Rule;
use chaining::{Chainer, Hint, Kind, Why};
use grid::Grid9;
use steps::house_of;

/// SE's chaining rules from 7.5 up, in SE's order.
const LADDER: [Rule; 8] = [
    Rule::Nishio,
    Rule::Multiple,
    Rule::Dynamic(0),
    Rule::Dynamic(1),
    Rule::Dynamic(2),
    Rule::Dynamic(3),
    Rule::Dynamic(4),
    Rule::Dynamic(5),
];

/// SE's three ratings of a puzzle, from its path (serate's `ER/EP/ED`), in tenths.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explained {
    /// ER: the hardest step's rating.
    pub er: u32,
    /// EP ("pearl"): the hardest rating up to the first step that places a digit.
    pub ep: u32,
    /// ED ("diamond"): the first step's rating.
    pub ed: u32,
    /// The rule of the hardest step (SE's name for its chaining rules).
    pub hardest: String,
    /// The steps of SE's path.
    pub steps: usize,
}

/// One step of SE's path: its rating in tenths, whether it places a digit, its rule.
struct Taken {
    tenths: u32,
    places: bool,
    rule: String,
}

/// SE's ratings of a 9×9 puzzle by SE's path (`None` for other layouts, or when no rule
/// applies: a puzzle without a unique solution).
pub fn rate(start: &Board) -> Option<Explained> {
    rate_with(start, &AtomicUsize::new(0))
}

/// [`rate`], its chaining searches shared with the threads `spare` lends (a count of
/// idle threads, taken and given back around each search). The result is the same.
pub fn rate_with(start: &Board, spare: &AtomicUsize) -> Option<Explained> {
    rate_until(start, spare, None)
}

/// [`rate_with`], giving up (`None`) once `deadline` has passed: it is checked between
/// steps, so a step of the nested chaining rules may run past it.
pub fn rate_until(
    start: &Board,
    spare: &AtomicUsize,
    deadline: Option<Instant>,
) -> Option<Explained> {
    walk_rated(start, spare, false, deadline).map(|(explained, _)| explained)
}

/// SE's path of a 9×9 puzzle as steps, each chaining step with its chains and inner
/// chains, and its ratings (`None` as for [`rate`]). Slower than [`rate`]: the chains
/// of every hint found are kept until the best is known.
pub fn path(start: &Board) -> Option<(Explained, Path)> {
    let (explained, steps) = walk(start, &AtomicUsize::new(0), true)?;
    let mut board = start.clone();
    for step in &steps {
        board.apply(step);
    }
    let solved = board.is_solved();
    Some((
        explained,
        Path {
            steps,
            board,
            solved,
        },
    ))
}

/// Follows SE's path from `start`: its ratings, and its steps when `record`.
fn walk(start: &Board, spare: &AtomicUsize, record: bool) -> Option<(Explained, Vec<Step>)> {
    walk_rated(start, spare, record, None)
        .map(|(e, steps)| (e, steps.into_iter().map(|(s, _)| s).collect()))
}

/// [`walk`], each step with SE's rating of it (in tenths).
fn walk_rated(
    start: &Board,
    spare: &AtomicUsize,
    record: bool,
    deadline: Option<Instant>,
) -> Option<(Explained, Vec<(Step, u32)>)> {
    if !start.layout().is_classic() {
        return None;
    }
    let layout = start.layout();
    let mut grid = grid_of(start);
    let mut rules: Vec<Chainer> = LADDER
        .iter()
        .map(|r| r.chainer().recording(record))
        .collect();
    let mut out = Explained {
        er: 0,
        ep: 0,
        ed: 0,
        hardest: String::new(),
        steps: 0,
    };
    let mut steps = Vec::new();
    let mut placed = false;
    let mut learnt = basic::Learnt::default();
    // The deadline, and the thread's cancel token (a server's request, a Ctrl-C).
    let token = Cancel::current().child(deadline);
    while grid.value.contains(&0) {
        if token.is_cancelled() {
            return None;
        }
        let before = grid;
        let taken = match basic::first_with(&grid, &mut learnt) {
            Some(found) => {
                found.apply(&mut grid);
                let taken = Taken {
                    tenths: found.tenths(),
                    places: found.places.is_some(),
                    rule: steps::technique(&found).name().to_string(),
                };
                if record {
                    steps.push((steps::step(layout, &found), taken.tenths));
                }
                taken
            }
            None => {
                let (taken, step) = chain_step(layout, &mut grid, &mut rules, spare)?;
                steps.extend(step.map(|s| (s, taken.tenths)));
                taken
            }
        };
        if grid == before {
            // A hint that changes nothing would repeat for ever.
            return None;
        }
        if out.steps == 0 || taken.tenths > out.er {
            out.er = taken.tenths;
            out.hardest = taken.rule;
        }
        if out.steps == 0 {
            out.ed = out.er;
        }
        if !placed {
            out.ep = out.er;
            placed = taken.places;
        }
        out.steps += 1;
    }
    Some((out, steps))
}

/// The first chaining rule with a hint: applies its best hint; the step too when the
/// rules record their chains.
fn chain_step(
    layout: &Layout,
    grid: &mut Grid9,
    rules: &mut [Chainer],
    spare: &AtomicUsize,
) -> Option<(Taken, Option<Step>)> {
    for chainer in rules {
        let Some(hint) = chainer.hints_sharing(grid, spare).into_iter().next() else {
            continue;
        };
        let step = step_of(layout, chainer.technique(), &hint);
        for &(c, v) in &hint.removes {
            grid.remove(c as usize, v as usize);
        }
        if let Some((c, v)) = hint.places {
            basic::place(grid, c as usize, v as usize);
        }
        let taken = Taken {
            tenths: hint.tenths(),
            places: hint.places.is_some(),
            rule: chainer.name().to_string(),
        };
        return Some((taken, step));
    }
    None
}

/// The steps of SE's chaining `rule` on `board` (9×9 only), in SE's order (the first is
/// the one SE's path takes), each with its chains and inner chains.
pub(crate) fn find(board: &Board, sink: &mut Sink, rule: Rule) {
    if !board.layout().is_classic() {
        return;
    }
    let grid = grid_of(board);
    let mut chainer = rule.chainer().recording(true);
    let technique = chainer.technique();
    for hint in chainer.hints(&grid, None) {
        let Some(step) = step_of(board.layout(), technique, &hint) else {
            continue;
        };
        if sink.push(step) {
            return;
        }
    }
}

/// The step of SE's rule below the chaining rules that `technique` is, on `board`
/// (9×9 only): the first hint of the SE rule that finds such hints, when it is one.
pub(crate) fn find_basic(board: &Board, sink: &mut Sink, technique: Technique) {
    if !board.layout().is_classic() {
        return;
    }
    let grid = grid_of(board);
    if let Some(found) = basic::first_of(&grid, technique) {
        if steps::technique(&found) == technique {
            sink.push(steps::step(board.layout(), &found));
        }
    }
}

/// A hint of a recording rule (which keeps its chains) as a step.
fn step_of(layout: &Layout, technique: Technique, hint: &Hint) -> Option<Step> {
    let pattern = Pattern::Chaining(Box::new(chaining(layout, hint.why.as_ref()?)));
    let at = |(c, v): (u8, u8)| (Cell::new(c as usize), Digit::from_index(v as usize));
    Some(match hint.places {
        Some(p) => Step::placing(technique, at(p).0, at(p).1, pattern),
        None => Step::eliminating(
            technique,
            hint.removes.iter().map(|&x| at(x)).collect(),
            pattern,
        ),
    })
}

/// A recorded hint's chains in the step's terms.
fn chaining(layout: &Layout, why: &Why) -> Chaining {
    let first = why.chains.first().and_then(|c| c.first());
    let kind = match why.kind {
        Kind::Double => ChainingKind::Double,
        Kind::ForcingX | Kind::ForcingXy => ChainingKind::Forcing,
        Kind::Contradiction => ChainingKind::Contradiction,
        Kind::Cell => ChainingKind::Cell(Cell::new(first.map_or(0, |l| l.cell as usize))),
        Kind::Region => ChainingKind::Region(
            house_of(layout, why.region.unwrap_or(0)),
            Digit::from_index(first.map_or(0, |l| l.digit as usize)),
        ),
    };
    let potential = |l: &chaining::Link| Potential {
        cell: Cell::new(l.cell as usize),
        digit: Digit::from_index(l.digit as usize),
        on: l.on,
        cause: match l.cause {
            chaining::Cause::Start => ChainCause::Assumed,
            chaining::Cause::NakedSingle => ChainCause::Cell,
            chaining::Cause::Hidden(r) => ChainCause::House(house_of(layout, r)),
            chaining::Cause::Advanced => ChainCause::Rule,
        },
        parents: l.parents.iter().map(|&q| q as usize).collect(),
        inner: l.inner.as_ref().map(|w| Box::new(chaining(layout, w))),
    };
    Chaining {
        rule: why.rule.to_string(),
        kind,
        tenths: why.base
            + crate::technique::length_bonus_tenths(why.complexity.saturating_sub(2) as usize),
        complexity: why.complexity,
        branches: why
            .chains
            .iter()
            .map(|links| Potentials(links.iter().map(potential).collect()))
            .collect(),
    }
}

fn grid_of(board: &Board) -> Grid9 {
    let (mut cands, mut value) = ([0u16; 81], [0u8; 81]);
    for cell in board.layout().cells() {
        let i = cell.index();
        match board.value(cell) {
            Some(d) => value[i] = d.get(),
            None => {
                for d in board.candidates(cell) {
                    cands[i] |= 1 << d.index();
                }
            }
        }
    }
    Grid9::new(cands, value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudokit_core::Grid;

    fn explained(line: &str) -> Explained {
        let grid = Grid::from_line(line).expect("a puzzle");
        rate(&Board::new(&grid, None)).expect("a 9x9 puzzle with one solution")
    }

    #[test]
    fn nested_chains_give_serates_ratings() {
        // From the enjoysudoku forum's hardest list, rated by serate 1.2.1.3
        // (`puzzle:ER:EP:ED`): both need forcing chains nested in dynamic ones (9.5).
        for (line, er, ep, ed) in [
            (
                "..3..6.8....1....6.6.72.....1...7..8..4...6..5..3..9...3...2..7..1...4..9......5.",
                102,
                102,
                26,
            ),
            (
                "..3......4...8..36..8...1...4..6..73...9..........2.....4.7..686...2....7..6..5..",
                104,
                104,
                26,
            ),
        ] {
            let e = explained(line);
            assert_eq!((e.er, e.ep, e.ed), (er, ep, ed), "{line}");
            assert_eq!(e.hardest, "Dynamic Forcing Chains (+ Forcing Chains)");
        }
    }

    #[test]
    fn the_path_as_steps_rates_as_the_path_does() {
        // A puzzle whose hardest step nests static forcing chains in a dynamic one.
        let line =
            "..3..6.8....1....6.6.72.....1...7..8..4...6..5..3..9...3...2..7..1...4..9......5.";
        let start = Board::new(&Grid::from_line(line).expect("a puzzle"), None);
        let (e, path) = path(&start).expect("a 9x9 puzzle with one solution");
        assert_eq!(e, explained(line));
        assert!(path.solved);
        assert_eq!(path.steps.len(), e.steps);
        // The hardest step is ER, and each chaining step shows its rating.
        let (_, rated) = walk_rated(&start, &AtomicUsize::new(0), true, None).expect("a path");
        assert_eq!(rated.iter().map(|(_, t)| *t).max(), Some(e.er));
        for (step, tenths) in &rated {
            if matches!(step.pattern, Pattern::Chaining(_) | Pattern::Cells { .. }) {
                assert_eq!(
                    (crate::rating::step_se(step) * 10.0).round() as u32,
                    *tenths
                );
            }
        }
        // The nested steps show the inner chains they rest on.
        let nested: Vec<&Chaining> = path
            .steps
            .iter()
            .filter(|s| s.technique == Technique::NestedForcingChains)
            .filter_map(|s| match &s.pattern {
                Pattern::Chaining(c) => Some(&**c),
                _ => None,
            })
            .collect();
        assert!(!nested.is_empty());
        for c in nested {
            let inner: Vec<&Chaining> = c
                .branches
                .iter()
                .flat_map(|b| &b.0)
                .filter_map(|p| p.inner.as_deref())
                .collect();
            assert!(!inner.is_empty(), "{c:?}");
            assert!(inner.iter().all(|i| i.tenths < c.tenths));
            for b in &c.branches {
                assert_eq!(b.0[0].cause, ChainCause::Assumed);
                assert!(b
                    .0
                    .iter()
                    .enumerate()
                    .all(|(i, p)| p.parents.iter().all(|&q| q < i)));
            }
        }
    }

    #[test]
    fn the_components_tell_which_static_chains_refute_their_start() {
        // Every candidate both ways, one digit and both kinds of links: a static forcing
        // chain run finds its start's negation exactly where `self_refuting` says.
        let mut rule = Chainer::new(Rule::Multiple);
        let mut found = 0;
        for line in [
            "6.......2.9.4...5...1...7...5..84.......2.......3.5.4.2.....6...3...9.8...7.....1",
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
            "..3..6.8....1....6.6.72.....1...7..8..4...6..5..3..9...3...2..7..1...4..9......5.",
        ] {
            let grid = grid_of(&Board::new(&Grid::from_line(line).expect("a puzzle"), None));
            for y in [false, true] {
                let (on, off) = chaining::self_refuting(&grid, y);
                for cell in 0..81 {
                    for d in (0..9).filter(|&d| grid.has(cell, d)) {
                        for (start, set) in [(true, on), (false, off)] {
                            let (_, target) = rule.unary(&grid, cell, d, start, y);
                            let said = set[d] >> cell & 1 != 0;
                            assert_eq!(target.is_some(), said, "{line} {cell} {d} {start} {y}");
                            found += said as usize;
                        }
                    }
                }
            }
        }
        assert!(found > 0);
    }

    #[test]
    fn what_the_rules_learn_on_a_path_changes_no_step() {
        // Hard puzzles whose SE path runs aligned triplet exclusion on many grids : each step's rule below the chains is the same
        // with what was learnt on the earlier grids as without.
        for line in [
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
            "..3......4...8..36..8...1...4..6..73...9..........2.....4.7..686...2....7..6..5..",
        ] {
            let start = Board::new(&Grid::from_line(line).expect("a puzzle"), None);
            let (_, path) = path(&start).expect("a 9x9 puzzle with one solution");
            let mut board = start.clone();
            let mut memo = basic::Learnt::default();
            // Grids on which every rule below the chains (aligned triplets last) ran.
            let mut all_ran = 0;
            for step in &path.steps {
                let grid = grid_of(&board);
                let learnt = basic::first_with(&grid, &mut memo);
                let fresh = basic::first_with(&grid, &mut basic::Learnt::default());
                let key = |f: &Option<basic::Found>| {
                    f.as_ref()
                        .map(|f| (f.tenths(), f.removes.clone(), f.places))
                };
                assert_eq!(key(&learnt), key(&fresh), "{line}");
                all_ran += learnt.is_none() as usize;
                board.apply(step);
            }
            assert!(all_ran >= 2, "{line}");
        }
    }

    #[test]
    fn helper_threads_change_nothing_and_go_back() {
        let line =
            "..3..6.8....1....6.6.72.....1...7..8..4...6..5..3..9...3...2..7..1...4..9......5.";
        let board = Board::new(&Grid::from_line(line).expect("a puzzle"), None);
        let spare = AtomicUsize::new(3);
        assert_eq!(rate_with(&board, &spare), rate(&board));
        assert_eq!(spare.into_inner(), 3);
    }

    #[test]
    fn other_layouts_have_no_explainer_rating() {
        let grid = Grid::from_line(&".".repeat(16)).expect("a 4x4 grid");
        assert_eq!(rate(&Board::new(&grid, None)), None);
    }
}
