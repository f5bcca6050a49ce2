//! Forcing chains and nets: the last resort, so that every puzzle with one solution gets
//! a path with no guess.
//!
//! A branch assumes a candidate true (or false) and propagates naked and hidden singles.
//! - Contradiction: the branch runs into a cell with no candidate or a digit with no place,
//!   so the assumption is wrong.
//! - Verity: every candidate of a cell (or every place of a digit in a house) leads to the
//!   same placement or elimination, which therefore holds.
//!
//! Depth 0 propagates singles only (reported as Forcing Chains). Depth d > 0 also removes,
//! inside the branch, every candidate whose own branch at depth d - 1 is a contradiction,
//! to a fixed point (reported as Forcing Nets, nested d levels).

use sudokit_core::cancel::Cancel;
use sudokit_core::{Cell, Digit, DigitSet, Grid, House};
use sudokit_solver::observe::{Dead, Observer, Reason};
use sudokit_solver::Marks;

use super::Sink;
use crate::step::{Branch, Forcing, Pattern, Step};
use crate::technique::Technique;
use crate::Board;

/// The deepest nesting tried.
pub(crate) const MAX_DEPTH: u8 = 2;

/// Collects the placements of a propagation.
#[derive(Default)]
struct Implied(Vec<(Cell, Digit)>);

impl Observer for Implied {
    fn place(&mut self, cell: Cell, digit: Digit, reason: Reason) {
        if reason != Reason::Given {
            self.0.push((cell, digit));
        }
    }
}

/// A branch's end: the marks reached, or the contradiction.
pub(crate) struct Outcome {
    pub(crate) marks: Result<Marks, Dead>,
    pub(crate) implied: Vec<(Cell, Digit)>,
    /// As [`Branch::refuted`].
    pub(crate) refuted: Vec<(usize, Cell, Digit)>,
}

/// Propagates from `grid`/`cands` with `cell` assumed to hold `digit` (`on`) or not.
pub(crate) fn branch(
    grid: &Grid,
    cands: &[DigitSet],
    cell: Cell,
    digit: Digit,
    on: bool,
    depth: u8,
) -> Outcome {
    let mut start = cands.to_vec();
    if on {
        start[cell.index()] = DigitSet::single(digit);
    } else {
        start[cell.index()].remove(digit);
    }
    let mut implied = Implied::default();
    let mut refuted = Vec::new();
    let mut marks = sudokit_solver::singles_from_marks(grid, &start, &mut implied);
    // A net also drops, at each round, the candidates whose own branch one level down
    // is a contradiction, until nothing more goes.
    if depth > 0 {
        while let Ok(m) = &marks {
            let inner = Grid::from_values(grid.layout().clone(), m.values.clone());
            let narrowed = narrow(&inner, &m.candidates, depth - 1);
            if narrowed == m.candidates {
                break;
            }
            // `narrow` tries cells in order and digits upwards, so this is the order
            // the candidates went in.
            for c in grid.layout().cells() {
                for x in m.candidates[c.index()].without(narrowed[c.index()]) {
                    refuted.push((implied.0.len(), c, x));
                }
            }
            marks = sudokit_solver::singles_from_marks(&inner, &narrowed, &mut implied);
        }
    }
    Outcome {
        marks,
        implied: implied.0,
        refuted,
    }
}

/// Removes every candidate whose branch at `depth` is a contradiction.
///
/// A branch that survives proves others survive without running them: see [`Safe`].
fn narrow(grid: &Grid, cands: &[DigitSet], depth: u8) -> Vec<DigitSet> {
    let mut narrowed = cands.to_vec();
    let mut safe = Safe::new(cands.len());
    // Stopping early removes fewer candidates: still sound.
    let token = Cancel::current();
    for c in grid.layout().cells().filter(|&c| grid.get(c).is_none()) {
        if token.is_cancelled() {
            break;
        }
        for x in cands[c.index()] {
            if safe.holds(c, x, true) {
                continue;
            }
            match branch(grid, &narrowed, c, x, true, depth).marks {
                Ok(m) => safe.learn(&m),
                Err(_) => {
                    narrowed[c.index()].remove(x);
                    // The proofs held for the state before the removal only.
                    safe.forget();
                }
            }
        }
    }
    narrowed
}

/// Assumptions known to survive their branch from one state, without running it.
///
/// A branch (singles, and at depth d the removal of candidates whose depth d - 1 branch
/// fails, to a fixed point) only narrows: from fewer candidates it ends with fewer, and
/// it fails no later. So if assuming x from state S ends in marks F with no
/// contradiction, any assumption y with F within "S and y" survives too: its branch ends
/// with at least F. That holds for every y that F places (y on) and every y that F
/// removes (y off). Failed-literal probing in SAT solvers skips the same probes.
struct Safe {
    /// Per cell: the digits proven to survive "on", and "off".
    on: Vec<DigitSet>,
    off: Vec<DigitSet>,
}

impl Safe {
    fn new(cells: usize) -> Safe {
        Safe {
            on: vec![DigitSet::EMPTY; cells],
            off: vec![DigitSet::EMPTY; cells],
        }
    }

    fn holds(&self, cell: Cell, digit: Digit, on: bool) -> bool {
        let set = if on { &self.on } else { &self.off };
        set[cell.index()].contains(digit)
    }

    /// Records what the surviving branch ending in `marks` proves.
    fn learn(&mut self, marks: &Marks) {
        for (i, &left) in marks.candidates.iter().enumerate() {
            if left.len() == 1 {
                self.on[i] = self.on[i].or(left);
            }
            self.off[i] = self.off[i].or(DigitSet::from_bits(!left.bits()));
        }
    }

    /// Drops every proof: the state changed.
    fn forget(&mut self) {
        self.on.iter_mut().for_each(|s| *s = DigitSet::EMPTY);
        self.off.iter_mut().for_each(|s| *s = DigitSet::EMPTY);
    }
}

fn to_branch(cell: Cell, digit: Digit, on: bool, out: &Outcome, depth: u8) -> Branch {
    Branch {
        cell,
        digit,
        on,
        implied: out.implied.clone(),
        refuted: out.refuted.clone(),
        depth,
        contradiction: out.marks.as_ref().err().copied(),
    }
}

/// The state a forcing search starts from.
fn start<const W: usize>(board: &Board<W>) -> (Grid, Vec<DigitSet>) {
    let grid = board.grid();
    let cands = board
        .layout()
        .cells()
        .map(|c| board.candidates(c))
        .collect();
    (grid, cands)
}

/// Forcing nets (contradiction or verity), nested ever deeper up to [`MAX_DEPTH`]
/// until one is found.
pub(crate) fn find_net<const W: usize>(board: &Board<W>, sink: &mut Sink, contradiction: bool) {
    for depth in 1..=MAX_DEPTH {
        if contradiction {
            find_contradiction(board, sink, depth);
        } else {
            find_verity(board, sink, depth);
        }
        if !sink.steps.is_empty() {
            return;
        }
    }
}

/// Candidates ordered for branching: cells with fewest candidates first.
fn candidates_by_size<const W: usize>(board: &Board<W>) -> Vec<(Cell, Digit)> {
    let mut cells: Vec<Cell> = board
        .layout()
        .cells()
        .filter(|&c| board.value(c).is_none())
        .collect();
    cells.sort_by_key(|&c| board.candidates(c).len());
    cells
        .iter()
        .flat_map(|&c| board.candidates(c).iter().map(move |d| (c, d)))
        .collect()
}

pub(crate) fn find_contradiction<const W: usize>(board: &Board<W>, sink: &mut Sink, depth: u8) {
    let (grid, cands) = start(board);
    let technique = if depth == 0 {
        Technique::ForcingChainContradiction
    } else {
        Technique::ForcingNetContradiction
    };
    let mut safe = Safe::new(cands.len());
    let token = Cancel::current();
    for (cell, digit) in candidates_by_size(board) {
        if token.is_cancelled() {
            return;
        }
        for on in [true, false] {
            if safe.holds(cell, digit, on) {
                continue;
            }
            let out = branch(&grid, &cands, cell, digit, on, depth);
            if let Ok(m) = &out.marks {
                safe.learn(m);
                continue;
            }
            let pattern = Pattern::Forcing {
                kind: Forcing::Contradiction,
                branches: vec![to_branch(cell, digit, on, &out, depth)],
            };
            let step = if on {
                Step::eliminating(technique, vec![(cell, digit)], pattern)
            } else {
                Step {
                    technique,
                    placements: vec![(cell, digit)],
                    eliminations: Vec::new(),
                    pattern,
                }
            };
            if sink.push(step) {
                return;
            }
        }
    }
}

pub(crate) fn find_verity<const W: usize>(board: &Board<W>, sink: &mut Sink, depth: u8) {
    let (grid, cands) = start(board);
    let layout = board.layout();
    let technique = if depth == 0 {
        Technique::ForcingChainVerity
    } else {
        Technique::ForcingNetVerity
    };
    // Cells, fewest candidates first; then houses, fewest places first.
    let mut premises: Vec<(Forcing, Vec<(Cell, Digit)>)> = Vec::new();
    for cell in layout.cells().filter(|&c| board.value(c).is_none()) {
        premises.push((
            Forcing::Cell(cell),
            board.candidates(cell).iter().map(|d| (cell, d)).collect(),
        ));
    }
    for h in (0..layout.houses().len()).map(House::new) {
        for d in board.open_digits(h) {
            let places = board.house_cells_with(h, d);
            if places.len() >= 2 {
                premises.push((
                    Forcing::House(h, d),
                    places.iter().map(|c| (c, d)).collect(),
                ));
            }
        }
    }
    premises.sort_by_key(|(_, p)| p.len());
    let token = Cancel::current();
    for (kind, options) in premises {
        if token.is_cancelled() {
            return;
        }
        if options.len() < 2 {
            continue;
        }
        let outs: Vec<Outcome> = options
            .iter()
            .map(|&(c, d)| branch(&grid, &cands, c, d, true, depth))
            .collect();
        let results: Vec<&Marks> = outs.iter().filter_map(|o| o.marks.as_ref().ok()).collect();
        if results.len() != outs.len() {
            continue; // some branch is a contradiction: that is the other technique
        }
        let (placements, eliminations) = common(board, &results);
        if placements.is_empty() && eliminations.is_empty() {
            continue;
        }
        let branches = options
            .iter()
            .zip(&outs)
            .map(|(&(c, d), o)| to_branch(c, d, true, o, depth))
            .collect();
        let step = Step {
            technique,
            placements,
            eliminations,
            pattern: Pattern::Forcing { kind, branches },
        };
        if sink.push(step) {
            return;
        }
    }
}

/// Candidates as (cell, digit) pairs.
type Pairs = Vec<(Cell, Digit)>;

/// What every branch agrees on: placements made in all, candidates removed in all.
fn common<const W: usize>(board: &Board<W>, results: &[&Marks]) -> (Pairs, Pairs) {
    let mut placements = Vec::new();
    let mut eliminations = Vec::new();
    for cell in board.layout().cells().filter(|&c| board.value(c).is_none()) {
        let i = cell.index();
        let first = results[0].values[i];
        if first != 0 && results.iter().all(|m| m.values[i] == first) {
            placements.push((cell, Digit::new(first)));
            continue;
        }
        for d in board.candidates(cell) {
            let gone = results.iter().all(|m| {
                let v = m.values[i];
                if v != 0 {
                    v != d.get()
                } else {
                    !m.candidates[i].contains(d)
                }
            });
            if gone {
                eliminations.push((cell, d));
            }
        }
    }
    (placements, eliminations)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(line: &str) -> Board {
        Board::new(&Grid::from_line(line).expect("a puzzle"), None)
    }

    /// Every assumption `Safe` learns from one surviving branch survives its own
    /// branch, at depth 0 for every branch and at depth 1 for a few.
    #[test]
    fn what_a_surviving_branch_proves_survives() {
        let b = board(
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        );
        let (grid, cands) = start(&b);
        let literals: Vec<(Cell, Digit, bool)> = candidates_by_size(&b)
            .into_iter()
            .flat_map(|(c, d)| [(c, d, true), (c, d, false)])
            .collect();
        let mut proved = 0;
        for (depth, tried) in [(0, literals.len()), (1, 3)] {
            for &(c, d, on) in literals.iter().take(tried) {
                let Ok(marks) = branch(&grid, &cands, c, d, on, depth).marks else {
                    continue;
                };
                let mut safe = Safe::new(cands.len());
                safe.learn(&marks);
                for &(c2, d2, on2) in literals.iter().filter(|l| safe.holds(l.0, l.1, l.2)) {
                    let out = branch(&grid, &cands, c2, d2, on2, depth);
                    assert!(out.marks.is_ok(), "{c:?}{d:?}{on} proves {c2:?}{d2:?}{on2}");
                    proved += 1;
                }
            }
        }
        assert!(proved > 1000, "only {proved} assumptions proved");
    }

    /// Skipping the proven branches leaves what a net removes unchanged.
    #[test]
    fn narrowing_skips_branches_without_changing_its_result() {
        let b = board(
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        );
        let (grid, cands) = start(&b);
        // The same narrowing, every branch run.
        let mut every = cands.clone();
        for c in grid.layout().cells().filter(|&c| grid.get(c).is_none()) {
            for x in cands[c.index()] {
                if branch(&grid, &every, c, x, true, 0).marks.is_err() {
                    every[c.index()].remove(x);
                }
            }
        }
        let narrowed = narrow(&grid, &cands, 0);
        assert_eq!(narrowed, every);
        assert_ne!(narrowed, cands, "the example removes something");
    }
}
