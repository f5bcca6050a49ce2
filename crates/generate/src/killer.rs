//! Killer sudokus: cages carved at random from a solution grid, small enough that the
//! killer has one solution (or, where givens are allowed, settled by givens), then
//! neighbouring cages merged while the solution stays the only one: each merge takes a
//! sum away, so the killer gets harder, up to minimal in cages (no two neighbouring
//! cages can merge without a second solution).

use std::collections::HashSet;
use std::sync::Arc;

use sudokit_core::rng::Rng;
use sudokit_core::{cages, neighbours as neighbours_of, Cell, Grid, Layout};
use sudokit_solver::observe::Observer;

use crate::puzzle::{Judge, Keep};
use crate::target::Target;

/// How killers are made (see [`crate::Request::killer`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KillerSpec {
    /// The most cells a cage may have (at most N): merging stops there.
    pub largest: usize,
    /// May the killer have givens (to settle what its first cages leave open)? Without,
    /// a carving with more than one solution is dropped for a new one.
    pub givens: bool,
}

impl KillerSpec {
    /// The usual killer of side `side`: cages of up to 6 cells (or `side`, when
    /// smaller), no givens.
    pub fn for_side(side: usize) -> KillerSpec {
        KillerSpec {
            largest: KillerSpec::default().largest.min(side),
            ..KillerSpec::default()
        }
    }
}

impl Default for KillerSpec {
    fn default() -> KillerSpec {
        KillerSpec {
            largest: 6,
            givens: false,
        }
    }
}

/// The largest side killers are generated on so far. Measured 2026-11-28 (one run each,
/// seed 1, one thread, with the tables of sums up to 16 digits): 10×10 (2×5 boxes)
/// minimal 0.75 s, Easy 0.77 s, Medium 1.3 s, Hard 3.2 s; 12×12 (3×4 boxes) minimal
/// 5.9 s, Medium 4.6 s, Hard 18 s, Unfair 4.3 s, Extreme 40 s; a minimal 16×16 killer
/// 50 s, each merge of its cages needing a search of the whole grid. Tried again
/// 2026-11-28 with merges judged by the path first (`puzzle::Judge`): a 16×16 Hard
/// killer in 30 s (seed 1), a Medium one not in 150 s; the time goes to the cage
/// searches of the solver (`distinct_sum`, `sums`: 43%) and of the logic engine (55%).
///
/// Again 2026-11-29, with each refused merge judged once and the logic engine's cage
/// combinations kept per thread: a Hard 16×16 in 1.9 s with seed 1 but 15 s, 51 s, 105 s
/// and more than 120 s with seeds 2 to 5; Medium 157 s (751 tries); Unfair and Extreme
/// not in 300 s; minimal 22 s. The tries are what fails: the first carving (cages of up
/// to 3 cells, no givens) has a second solution in most (88 of 123 in 30 s, 24 more past
/// the search's budget), and the rest rate Extreme at once (32 of 33, Hard, seed 2), so
/// no merge stays within the level. With `--givens`: Medium 5 s, Hard 39 s, Easy none
/// in 120 s (174 tries, every one Medium). Levels by sampling do not reach 16×16.
pub const SIDE_MAX: usize = 12;

/// The largest side on which an Easy killer without givens is made: on 12×12 the pairs
/// an Easy killer is first carved into almost never leave one solution (no Easy 12×12
/// killer in 1,490 tries and 120 s; with givens allowed, one in 15 s).
pub const EASY_SIDE_MAX: usize = 10;

/// Why no killer of side `side` can meet `target`, if none can: a side above
/// [`SIDE_MAX`], an Easy one without givens above [`EASY_SIDE_MAX`]; SE has no killer
/// scale; the uniqueness techniques are not used on killers; a technique above the
/// level asked.
pub fn contradiction(target: &Target, spec: &KillerSpec, side: usize) -> Option<String> {
    if side > SIDE_MAX {
        return Some(format!(
            "killers are generated on grids of up to {SIDE_MAX}×{SIDE_MAX} so far (a \
             {side}×{side} one takes a minute or more: each merge of its cages needs a \
             search of the whole grid)"
        ));
    }
    if side > EASY_SIDE_MAX && !spec.givens && target.level == Some(sudokit_logic::Level::Easy) {
        return Some(format!(
            "an Easy {side}×{side} killer without givens is almost never made (the small \
             cages it starts from rarely leave one solution): allow givens with --givens, \
             or ask for Medium"
        ));
    }
    if target.se.is_some() {
        return Some("Sudoku Explainer has no killer scale: --se does not apply to killers".into());
    }
    let t = target.needs?;
    if t.on_request() {
        return Some(format!(
            "{t} is one of Sudoku Explainer's own rules, searched only on request: no path uses it"
        ));
    }
    if t.needs_uniqueness() {
        return Some(format!(
            "{t} is a uniqueness technique, and those prove nothing on a killer"
        ));
    }
    target.level.filter(|&l| t.level() > l).map(|level| {
        format!(
            "{t} is a {} technique: a path that uses it is never {level}",
            t.level()
        )
    })
}

/// The size of the cages first carved: small cages leave a killer with one solution
/// almost always; for an Easy killer, pairs (larger first cages are rarely Easy).
pub(crate) fn first_largest(level: Option<sudokit_logic::Level>) -> usize {
    match level {
        Some(sudokit_logic::Level::Easy) => 2,
        _ => 3,
    }
}

/// A killer being made: the solution, the cages' cells, the givens.
#[derive(Clone, Debug)]
pub(crate) struct Draft {
    base: Arc<Layout>,
    values: Vec<u8>,
    shapes: Vec<Vec<Cell>>,
    givens: Vec<u8>,
}

/// Collects the first two solutions a count finds.
#[derive(Default)]
struct Two(Vec<Vec<u8>>);

impl Observer for Two {
    fn solution(&mut self, values: &[u8]) {
        if self.0.len() < 2 {
            self.0.push(values.to_vec());
        }
    }
}

impl Draft {
    /// The first carving of `solution` (a full grid on a layout without cages): cages
    /// of up to `first` cells, a lone cell joined to a neighbouring cage where its digit
    /// is new there.
    pub fn carve(solution: &Grid, spec: &KillerSpec, first: usize, rng: &mut Rng) -> Draft {
        let base = Arc::new(solution.layout().without_cages());
        let values = solution.values().to_vec();
        let mut shapes = cages::carve(&base, first.min(spec.largest), &values, rng);
        // Lone cells are givens in all but name: join them to a neighbour where they fit.
        let mut k = 0;
        while k < shapes.len() {
            if shapes[k].len() == 1 {
                if let Some(j) = joinable(&base, &values, &shapes, k, spec.largest, rng) {
                    let cell = shapes.remove(k)[0];
                    let j = if j > k { j - 1 } else { j };
                    shapes[j].push(cell);
                    shapes[j].sort();
                    continue;
                }
            }
            k += 1;
        }
        let n = base.side();
        Draft {
            base,
            values,
            shapes,
            givens: vec![0; n * n],
        }
    }

    /// The killer as a grid: its givens on the layout with its cages.
    pub fn grid(&self) -> Grid {
        let cages = cages::with_sums(&self.shapes, &self.values);
        let layout = (*self.base)
            .clone()
            .with_cages(cages)
            .expect("cages carved from a solution are valid");
        Grid::from_values(Arc::new(layout), self.givens.clone())
    }

    /// The first two solutions of the killer (one when it has only one); none when a
    /// cancelled search stopped early.
    fn solutions(&self) -> Vec<Vec<u8>> {
        let mut two = Two::default();
        match sudokit_solver::count_observed(&self.grid(), 2, &mut two) {
            // Below the limit and unfinished: the search was cancelled.
            Ok(outcome) if outcome.complete || outcome.count >= 2 => two.0,
            _ => Vec::new(),
        }
    }

    /// Makes the killer's solution the only one: with givens allowed, a given where
    /// two solutions differ, as long as it takes; without, `false` when it has another.
    pub fn settle(&mut self, spec: &KillerSpec, rng: &mut Rng) -> bool {
        loop {
            let found = self.solutions();
            match &found[..] {
                [one] => return *one == self.values,
                [a, b] if spec.givens => {
                    let differ: Vec<usize> = (0..a.len()).filter(|&i| a[i] != b[i]).collect();
                    let i = differ[rng.below(differ.len())];
                    self.givens[i] = self.values[i];
                }
                _ => return false,
            }
        }
    }

    /// Merges neighbouring cages, in a random order, while the killer keeps one solution
    /// and `keep` allows it, up to `merges` merges (`usize::MAX`: until no merge keeps
    /// one solution, minimal in cages), each decided by a [`Judge`]. Returns the merges
    /// made.
    ///
    /// A merge turned down is not tried again: every later killer is the same one with
    /// more cages merged, fewer sums to go by, so it would have a second solution too
    /// (and a path at least as hard; `keep` is taken to say no again). Each pair of cages
    /// is judged once, as each orbit of givens is in a sudoku's reduction, where trying
    /// the pairs in a new order after each merge judged the refused ones again and again.
    pub fn merge(
        &mut self,
        spec: &KillerSpec,
        merges: usize,
        rng: &mut Rng,
        keep: &mut dyn FnMut(&Grid) -> Keep,
        late: &dyn Fn() -> bool,
    ) -> usize {
        let mut made = 0;
        let mut judge = Judge::new();
        // The merged cages turned down, by their cells: a union of two cages names the
        // pair (later cages are unions of earlier ones).
        let mut refused: HashSet<Vec<Cell>> = HashSet::new();
        while made < merges && !late() {
            let mut pairs = self.pairs(spec.largest);
            rng.shuffle(&mut pairs);
            let mut merged = false;
            for (a, b) in pairs {
                if late() {
                    return made;
                }
                let mut cells = [&self.shapes[a][..], &self.shapes[b][..]].concat();
                cells.sort();
                if refused.contains(&cells) {
                    continue;
                }
                let mut next = self.clone();
                next.shapes.remove(b);
                next.shapes[a] = cells;
                let unique = || matches!(&next.solutions()[..], [one] if *one == next.values);
                if judge.keeps(|| keep(&next.grid()), unique) {
                    *self = next;
                    made += 1;
                    merged = true;
                    break;
                }
                refused.insert(next.shapes.swap_remove(a));
            }
            if !merged {
                break;
            }
        }
        made
    }

    /// Pairs of neighbouring cages (`a < b`) whose cells hold different digits and
    /// would make a cage of at most `largest` cells.
    fn pairs(&self, largest: usize) -> Vec<(usize, usize)> {
        let n = self.base.side();
        let mut of = vec![usize::MAX; n * n];
        for (k, shape) in self.shapes.iter().enumerate() {
            for c in shape {
                of[c.index()] = k;
            }
        }
        let mut out = Vec::new();
        for (a, shape) in self.shapes.iter().enumerate() {
            let held = digits(&self.values, shape);
            let mut seen = Vec::new();
            for c in shape {
                for j in neighbours_of(n, c.index()) {
                    let b = of[j];
                    if b > a
                        && !seen.contains(&b)
                        && shape.len() + self.shapes[b].len() <= largest
                        && held & digits(&self.values, &self.shapes[b]) == 0
                    {
                        seen.push(b);
                        out.push((a, b));
                    }
                }
            }
        }
        out
    }
}

/// The digits of `cells` in `values`, as bits.
fn digits(values: &[u8], cells: &[Cell]) -> u32 {
    cells.iter().fold(0, |m, c| m | 1 << values[c.index()])
}

/// A neighbouring cage that lone cage `k` can join (its digit new there, the cage below
/// `largest` cells), the smallest first.
fn joinable(
    base: &Layout,
    values: &[u8],
    shapes: &[Vec<Cell>],
    k: usize,
    largest: usize,
    rng: &mut Rng,
) -> Option<usize> {
    let n = base.side();
    let cell = shapes[k][0];
    let bit = 1u32 << values[cell.index()];
    let mut options: Vec<usize> = neighbours_of(n, cell.index())
        .filter_map(|j| shapes.iter().position(|s| s.iter().any(|c| c.index() == j)))
        .filter(|&j| j != k && shapes[j].len() < largest && digits(values, &shapes[j]) & bit == 0)
        .collect();
    options.sort_by_key(|&j| shapes[j].len());
    options.dedup();
    let smallest = shapes[*options.first()?].len();
    options.retain(|&j| shapes[j].len() == smallest);
    Some(options[rng.below(options.len())])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solution;

    /// A merge turned down is judged once: cages of five cells or more are never
    /// allowed, and each merge that would make one is asked about once, however many
    /// merges are made elsewhere in between (trying every pair afresh after each merge
    /// asked about the refused ones again). Only merges that keep one solution reach
    /// `keep`.
    #[test]
    fn a_merge_turned_down_is_not_judged_again() {
        let layout = Arc::new(Layout::classic());
        let spec = KillerSpec::default();
        let mut asked_in_all = 0;
        for seed in 0..6 {
            let mut rng = Rng::new(seed);
            let full = solution::random(&layout, &mut rng).unwrap();
            let mut draft = Draft::carve(&full, &spec, 3, &mut rng);
            if !draft.settle(&spec, &mut rng) {
                continue;
            }
            let mut asked: Vec<Vec<Cell>> = Vec::new();
            let mut keep = |g: &Grid| match g.layout().cages().iter().find(|c| c.cells.len() >= 5) {
                Some(large) => {
                    asked.push(large.cells.clone());
                    Keep::No
                }
                None => Keep::IfUnique,
            };
            let made = draft.merge(&spec, usize::MAX, &mut rng, &mut keep, &|| false);
            assert!(made > 0, "seed {seed}");
            assert!(draft.shapes.iter().all(|s| s.len() <= 4), "seed {seed}");
            let mut distinct = asked.clone();
            distinct.sort();
            distinct.dedup();
            assert_eq!(distinct.len(), asked.len(), "seed {seed}: {asked:?}");
            asked_in_all += asked.len();
        }
        assert!(asked_in_all >= 10, "{asked_in_all} merges turned down");
    }
}
