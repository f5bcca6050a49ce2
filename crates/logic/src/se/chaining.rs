//! Sudoku Explainer's forcing chains (Nicolas Juillerat's SE 1.2.1, `Chaining.java`, as
//! described in `docs/se-chains-research.md`; our own code): assumptions propagated as
//! *potentials* (a candidate on or off) that remember their parents, so that a
//! conclusion's complexity (its distinct ancestors) gives SE's length bonus.
//!
//! - Static (Multiple Forcing Chains, 8.0): counts of candidates are those of the grid
//!   searched; dynamic (8.5 and up): every "off" is removed from a working grid as it is
//!   processed, so singles appear board-wide, and the candidates already removed become
//!   "hidden parents" of the single they make.
//! - Level 1 (9.0, "+"): when propagation stalls, locking, hidden pair, naked pair and
//!   X-Wing run on the working grid (the first one with an elimination that depends on the
//!   assumption wins); levels 2–5 (9.5–11.0) add whole inner chain searches there.
//! - Conclusions: contradiction (an assumption makes a candidate both on and off),
//!   double (both polarities of a candidate agree), cell and region forcing (every
//!   candidate of a cell, or every place of a digit in a region, agrees).

use std::collections::VecDeque;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use super::grid::{Grid9, CELL_REGIONS};
use super::rules;
use crate::technique::Technique;

/// No potential (an index).
pub(crate) const NONE: u32 = u32::MAX;

/// Why a potential holds.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Cause {
    /// The assumption itself.
    Start,
    /// The last candidate of its cell (on), or a cell's other candidate (off).
    NakedSingle,
    /// The last place of its digit in region `r` (on), or another place (off).
    Hidden(u8),
    /// An elimination of a rule run inside the chain (level 1 and up).
    Advanced,
}

/// A candidate on or off, with why and what it rests on.
#[derive(Clone, Copy, Debug)]
struct Pot {
    cell: u8,
    digit: u8,
    on: bool,
    cause: Cause,
    /// Its parents: `Run::parents[from..to]`.
    parents: (u32, u32),
    /// The inner hint that made it (index into `Run::nested`), or `NONE`.
    nested: u32,
}

/// An inner chain hint a potential rests on: identity (for counting each once), its
/// whole complexity, and its chains when recorded.
#[derive(Clone, Debug)]
pub(crate) struct Nested {
    pub key: u64,
    pub complexity: u32,
    pub why: Option<Arc<Why>>,
}

/// A hint's chains, kept by a recording rule (to explain the hint): how it concludes,
/// its rating, and each chain's potentials, parents before children.
#[derive(Debug)]
pub(crate) struct Why {
    pub kind: Kind,
    /// SE's name of the rule that made it.
    pub rule: &'static str,
    pub base: u32,
    pub complexity: u32,
    /// A region forcing's region.
    pub region: Option<u8>,
    pub chains: Vec<Vec<Link>>,
}

/// A potential of a recorded chain.
#[derive(Debug)]
pub(crate) struct Link {
    pub cell: u8,
    pub digit: u8,
    pub on: bool,
    pub cause: Cause,
    /// Its parents, as positions in the chain.
    pub parents: Vec<u16>,
    /// The inner hint that made it, if recorded.
    pub inner: Option<Arc<Why>>,
}

/// One propagation: its potentials, with the "on" and "off" sets in insertion order.
/// Runs are pooled by their rule (`Chainer::recycle`): clearing `set` is enough, since
/// `at` is read only where `set` has the potential.
pub(crate) struct Run {
    pots: Vec<Pot>,
    parents: Vec<u32>,
    /// By key (`2 * (9 * cell + digit) + on`): the potential in the sets (valid where
    /// `set` has it).
    at: Vec<u32>,
    /// The sets as bits: `set[on][digit]`, bit cell.
    set: [[u128; 9]; 2],
    /// The sets, in insertion order.
    pub ons: Vec<u32>,
    pub offs: Vec<u32>,
    nested: Vec<Nested>,
    /// The clash that ended it: an "on" and an "off" potential of one candidate.
    pub contradiction: Option<(u32, u32)>,
}

fn key(cell: usize, digit: usize, on: bool) -> usize {
    2 * (9 * cell + digit) + on as usize
}

/// Marks by generation: `seen[k] == stamp` once `k` is seen in the current walk.
pub(crate) struct Marks {
    seen: Vec<u32>,
    stamp: u32,
    todo: Vec<u32>,
}

impl Marks {
    pub fn new() -> Marks {
        Marks {
            seen: vec![0; 2 * 729],
            stamp: 0,
            todo: Vec::new(),
        }
    }

    fn next(&mut self) {
        self.stamp += 1;
        self.todo.clear();
    }
}

impl Run {
    fn new() -> Run {
        Run {
            pots: Vec::with_capacity(256),
            parents: Vec::with_capacity(512),
            at: vec![NONE; 2 * 729],
            set: [[0; 9]; 2],
            ons: Vec::new(),
            offs: Vec::new(),
            nested: Vec::new(),
            contradiction: None,
        }
    }

    fn reset(&mut self) {
        self.set = [[0; 9]; 2];
        self.pots.clear();
        self.parents.clear();
        self.ons.clear();
        self.offs.clear();
        self.nested.clear();
        self.contradiction = None;
    }

    /// A new potential (not yet in the sets).
    fn make(&mut self, cell: usize, digit: usize, on: bool, cause: Cause, parents: &[u32]) -> u32 {
        let from = self.parents.len() as u32;
        self.parents.extend_from_slice(parents);
        self.pots.push(Pot {
            cell: cell as u8,
            digit: digit as u8,
            on,
            cause,
            parents: (from, self.parents.len() as u32),
            nested: NONE,
        });
        self.pots.len() as u32 - 1
    }

    fn insert(&mut self, p: u32) {
        let pot = self.pots[p as usize];
        self.at[key(pot.cell as usize, pot.digit as usize, pot.on)] = p;
        self.set[pot.on as usize][pot.digit as usize] |= 1 << pot.cell;
        if pot.on {
            self.ons.push(p);
        } else {
            self.offs.push(p);
        }
    }

    /// The potential of `(cell, digit, on)` in the sets.
    #[inline]
    pub fn get(&self, cell: usize, digit: usize, on: bool) -> Option<u32> {
        self.has(cell, digit, on)
            .then(|| self.at[key(cell, digit, on)])
    }

    /// Is `(cell, digit, on)` in the sets?
    #[inline]
    pub fn has(&self, cell: usize, digit: usize, on: bool) -> bool {
        self.set[on as usize][digit] >> cell & 1 != 0
    }

    /// `(cell, digit, on)` of potential `p`.
    #[inline]
    pub fn what(&self, p: u32) -> (usize, usize, bool) {
        let pot = &self.pots[p as usize];
        (pot.cell as usize, pot.digit as usize, pot.on)
    }

    fn parents_of(&self, p: u32) -> &[u32] {
        let (from, to) = self.pots[p as usize].parents;
        &self.parents[from as usize..to as usize]
    }

    /// The distinct potentials `p` rests on, itself included, and the distinct inner
    /// hints among them (added to `nested`).
    pub fn ancestors(&self, p: u32, marks: &mut Marks, nested: &mut Vec<Nested>) -> u32 {
        let mut count = 0;
        self.walk(p, marks, |pot| {
            count += 1;
            if pot.nested != NONE {
                let n = &self.nested[pot.nested as usize];
                if !nested.iter().any(|m| m.key == n.key) {
                    nested.push(n.clone());
                }
            }
        });
        count
    }

    /// The chain ending at `p`: it and the potentials it rests on, parents first.
    fn trail(&self, p: u32) -> Vec<Link> {
        let mut seen = vec![false; self.pots.len()];
        let mut todo = vec![p];
        while let Some(q) = todo.pop() {
            if !std::mem::replace(&mut seen[q as usize], true) {
                todo.extend_from_slice(self.parents_of(q));
            }
        }
        // Parents are made before their children: the order of making is an order of
        // the chain.
        let mut at = vec![u16::MAX; self.pots.len()];
        let mut out = Vec::new();
        for q in (0..self.pots.len()).filter(|&q| seen[q]) {
            at[q] = out.len() as u16;
            let pot = &self.pots[q];
            out.push(Link {
                cell: pot.cell,
                digit: pot.digit,
                on: pot.on,
                cause: pot.cause,
                parents: self
                    .parents_of(q as u32)
                    .iter()
                    .map(|&r| at[r as usize])
                    .collect(),
                inner: (pot.nested != NONE)
                    .then(|| self.nested[pot.nested as usize].why.clone())
                    .flatten(),
            });
        }
        out
    }

    /// Visits `p` and each potential it rests on, once each (by candidate and polarity).
    fn walk(&self, p: u32, marks: &mut Marks, mut visit: impl FnMut(&Pot)) {
        marks.next();
        marks.todo.push(p);
        while let Some(q) = marks.todo.pop() {
            let pot = &self.pots[q as usize];
            let k = key(pot.cell as usize, pot.digit as usize, pot.on);
            if marks.seen[k] == marks.stamp {
                continue;
            }
            marks.seen[k] = marks.stamp;
            visit(pot);
            marks.todo.extend_from_slice(self.parents_of(q));
        }
    }

    /// SE's rule parents of a conclusion reached at `target` (as an inner rule of an
    /// outer chain): the candidates present in `initial`, gone from `current`, that
    /// made each single of the chain. `start_cause`: what the assumption counts as
    /// (a cell forcing's cell, a region forcing's region; `None` otherwise).
    pub fn rule_parents(
        &self,
        target: u32,
        (initial, current): (&Grid9, &Grid9),
        start_cause: Option<Cause>,
        marks: &mut Marks,
        out: &mut Vec<(u8, u8)>,
    ) {
        self.walk(target, marks, |pot| {
            let cause = match pot.cause {
                Cause::Start => start_cause,
                c => Some(c),
            };
            let (cell, digit) = (pot.cell as usize, pot.digit as usize);
            match cause.filter(|_| pot.on) {
                Some(Cause::NakedSingle) => {
                    for v in 0..9 {
                        if initial.has(cell, v) && !current.has(cell, v) {
                            push_unique(out, (cell as u8, v as u8));
                        }
                    }
                }
                Some(Cause::Hidden(r)) => {
                    let gone =
                        initial.places(r as usize, digit) & !current.places(r as usize, digit);
                    for c in bits(gone) {
                        push_unique(out, (c as u8, digit as u8));
                    }
                }
                _ => {}
            }
        });
    }
}

/// The cells of a cell set, in order.
pub(crate) fn bits(mut set: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let c = set.trailing_zeros() as usize;
            set &= set - 1;
            c
        })
    })
}

fn push_unique(out: &mut Vec<(u8, u8)>, x: (u8, u8)) {
    if !out.contains(&x) {
        out.push(x);
    }
}

/// What kind of conclusion a hint is, in SE's sort order (double first, contradiction
/// last).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub(crate) enum Kind {
    Double = 1,
    /// A forcing chain on one digit (X), or on both kinds of links (XY).
    ForcingX = 2,
    ForcingXy = 4,
    Cell = 5,
    Region = 6,
    Contradiction = 7,
}

/// A conclusion of a chaining rule.
#[derive(Clone, Debug)]
pub(crate) struct Hint {
    pub kind: Kind,
    /// The candidates it removes `(cell, digit)`, in order.
    pub removes: Vec<(u8, u8)>,
    /// The candidate it places, if any.
    pub places: Option<(u8, u8)>,
    /// Flat complexity (distinct ancestors over its chains) plus that of its inner hints.
    pub complexity: u32,
    /// The rule's base rating, in tenths.
    pub base: u32,
    /// SE's rule parents (when asked for: inner rules).
    pub rule_parents: Vec<(u8, u8)>,
    /// Identity, for counting an inner hint once.
    pub key: u64,
    /// Its chains, when the rule records them.
    pub why: Option<Arc<Why>>,
}

impl Hint {
    /// SE's rating, in tenths: the base plus the length bonus of the complexity.
    pub fn tenths(&self) -> u32 {
        self.base + crate::rating::length_bonus_tenths(self.complexity.saturating_sub(2) as usize)
    }
}

/// One of SE's chaining rules.
pub(crate) struct Chainer {
    pub multiple: bool,
    pub dynamic: bool,
    pub nishio: bool,
    pub level: u8,
    /// Does it keep its hints' chains (to explain them), and have its inner rules keep
    /// theirs?
    pub record: bool,
    /// The inner chaining rules: static (levels 2 and 3) or dynamic (4 and 5), built on
    /// first use.
    statics: Option<Box<Static>>,
    inner: Option<Vec<Chainer>>,
    /// The last grid (and outer grid) asked about, with its hints (SE's `lastGrid`).
    last: Option<(Grid9, Option<Grid9>, Vec<Hint>)>,
    /// Runs to reuse, and the queues of a propagation.
    // Boxed: runs move out of the pool and back, and a box moves as a pointer.
    #[allow(clippy::vec_box)]
    pool: Vec<Box<Run>>,
    queues: (VecDeque<u32>, VecDeque<u32>),
}

impl Chainer {
    pub fn new(multiple: bool, dynamic: bool, nishio: bool, level: u8) -> Chainer {
        Chainer {
            multiple,
            dynamic,
            nishio,
            level,
            record: false,
            statics: None,
            inner: None,
            last: None,
            pool: Vec::new(),
            queues: (VecDeque::new(), VecDeque::new()),
        }
    }

    /// The rule, keeping its hints' chains (and having its inner rules keep theirs)
    /// when `record`.
    pub fn recording(mut self, record: bool) -> Chainer {
        self.record = record;
        self
    }

    /// SE's base rating of the rule, in tenths.
    pub fn base(&self) -> u32 {
        match self.level {
            2.. => 95 + 5 * (self.level as u32 - 2),
            1 => 90,
            _ if self.nishio => 75,
            _ if self.dynamic => 85,
            _ => 80,
        }
    }

    /// The technique of the table that is this rule: its name is SE's.
    pub fn technique(&self) -> Technique {
        match (self.nishio, self.dynamic, self.level) {
            (true, ..) => Technique::NishioForcingChains,
            (_, false, _) => Technique::MultipleForcingChains,
            (_, true, 0) => Technique::DynamicForcingChains,
            (_, true, 1) => Technique::DynamicForcingChainsPlus,
            (_, true, 2) => Technique::NestedForcingChains,
            (_, true, 3) => Technique::NestedMultipleForcingChains,
            (_, true, 4) => Technique::NestedDynamicForcingChains,
            (_, true, _) => Technique::NestedDynamicForcingChainsPlus,
        }
    }

    /// SE's name of the rule.
    pub fn name(&self) -> &'static str {
        self.technique().name()
    }

    fn recycle(&mut self, mut run: Box<Run>) {
        run.reset();
        self.pool.push(run);
    }

    /// The hints of this rule on `grid`, best first (SE's order: rating, complexity,
    /// kind, then the order found). `outer`: for an inner rule, the grid the outer
    /// chain started from (the hints then carry their rule parents).
    pub fn hints(&mut self, grid: &Grid9, outer: Option<&Grid9>) -> Vec<Hint> {
        if let Some((last, last_outer, hints)) = &self.last {
            if last == grid && last_outer.as_ref() == outer {
                return hints.clone();
            }
        }
        let mut ctx = Ctx::new(grid, outer, (self.base(), self.name()), self.record);
        self.multiple_chains(&mut ctx);
        let out = best_first(ctx.out);
        self.last = Some((*grid, outer.copied(), out.clone()));
        out
    }

    /// [`Chainer::hints`] of a search of its own (no outer chain), sharing the cells with
    /// the threads `spare` lends (returned after). Each helper takes every k-th start
    /// cell; the hints come back in the order of the cells, so the result is the one of
    /// a search on one thread.
    pub fn hints_sharing(&mut self, grid: &Grid9, spare: &AtomicUsize) -> Vec<Hint> {
        let cells = self.starts(grid);
        let helpers = borrow(spare, cells.len() / 8);
        if helpers == 0 {
            return self.hints(grid, None);
        }
        let parts = helpers + 1;
        let base = self.base();
        let (flags, level, record) = (
            (self.multiple, self.dynamic, self.nishio),
            self.level,
            self.record,
        );
        let mut per_cell: Vec<(usize, Vec<Hint>)> = std::thread::scope(|scope| {
            let handles: Vec<_> = (1..parts)
                .map(|t| {
                    let mine: Vec<usize> = cells.iter().copied().skip(t).step_by(parts).collect();
                    scope.spawn(move || {
                        let mut rule =
                            Chainer::new(flags.0, flags.1, flags.2, level).recording(record);
                        rule.per_cell(grid, &mine, base)
                    })
                })
                .collect();
            let mine: Vec<usize> = cells.iter().copied().step_by(parts).collect();
            let mut all = self.per_cell(grid, &mine, base);
            for h in handles {
                all.extend(h.join().expect("a helper thread finishes"));
            }
            all
        });
        spare.fetch_add(helpers, Ordering::Relaxed);
        per_cell.sort_by_key(|(cell, _)| *cell);
        best_first(per_cell.into_iter().flat_map(|(_, hints)| hints).collect())
    }

    /// The hints of the search from each of `cells`, by cell.
    fn per_cell(&mut self, grid: &Grid9, cells: &[usize], base: u32) -> Vec<(usize, Vec<Hint>)> {
        let mut ctx = Ctx::new(grid, None, (base, self.name()), self.record);
        let mut ends = Vec::with_capacity(cells.len());
        self.chains_from(&mut ctx, cells, &mut |cell, end| ends.push((cell, end)));
        let mut out = ctx.out.into_iter();
        let mut from = 0;
        ends.into_iter()
            .map(|(cell, end)| {
                let hints = out.by_ref().take(end - from).collect();
                from = end;
                (cell, hints)
            })
            .collect()
    }

    /// SE's multiple-chains search: every candidate of each open cell assumed on, then
    /// off (contradictions, doubles), the regions it starts, then the cell. A
    /// candidate's "on" run serves all three, so each is made once.
    fn multiple_chains(&mut self, ctx: &mut Ctx) {
        let cells = self.starts(ctx.grid);
        self.chains_from(ctx, &cells, &mut |_, _| {});
    }

    /// The cells the search starts from: open, with three candidates or more (two or
    /// more when dynamic).
    fn starts(&self, grid: &Grid9) -> Vec<usize> {
        (0..81)
            .filter(|&c| {
                let n = grid.cands[c].count_ones();
                grid.value[c] == 0 && (n > 2 || (n > 1 && self.dynamic))
            })
            .collect()
    }

    /// [`Chainer::multiple_chains`] from `cells`, in order; `done(cell, hints)` after each
    /// cell, with the number of hints so far.
    fn chains_from(&mut self, ctx: &mut Ctx, cells: &[usize], done: &mut dyn FnMut(usize, usize)) {
        let grid = ctx.grid;
        let mut work = *grid;
        let mut ons = OnRuns {
            slot: vec![NONE; 729],
            runs: Vec::new(),
        };
        for &cell in cells {
            let cands = grid.cands[cell];
            let n = cands.count_ones();
            for d in (0..9).filter(|&d| cands >> d & 1 != 0) {
                let on = ons.ensure(self, &mut work, cell, d);
                // The "off" run gives contradictions and doubles, which only dynamic
                // and Nishio rules read: a static rule does not make it.
                if self.dynamic || self.nishio {
                    let off = self.chain(&mut work, cell, d, false);
                    let on = &ons.runs[on];
                    if let Some((a, b)) = on.contradiction {
                        ctx.hint(
                            &[(on, a), (on, b)],
                            (cell, d),
                            false,
                            Kind::Contradiction,
                            None,
                        );
                    }
                    if let Some((a, b)) = off.contradiction {
                        ctx.hint(
                            &[(&off, a), (&off, b)],
                            (cell, d),
                            true,
                            Kind::Contradiction,
                            None,
                        );
                    }
                    if n >= 3 && !self.nishio {
                        for (list, state) in [(&on.ons, true), (&on.offs, false)] {
                            for &p in list {
                                let (c, v, _) = on.what(p);
                                if let Some(q) = off.get(c, v, state) {
                                    ctx.hint(
                                        &[(on, p), (&off, q)],
                                        (c, v),
                                        state,
                                        Kind::Double,
                                        None,
                                    );
                                }
                            }
                        }
                    }
                    self.recycle(off);
                }
                if !self.nishio {
                    self.region_chains(&mut work, ctx, &mut ons, cell, d);
                }
            }
            if !self.nishio && (n == 2 || (self.multiple && n > 2)) {
                let runs: Vec<&Run> = (0..9)
                    .filter(|&d| cands >> d & 1 != 0)
                    .map(|d| &*ons.runs[ons.slot[9 * cell + d] as usize])
                    .collect();
                for on in [true, false] {
                    ctx.common(&runs, on, Kind::Cell, Some(Cause::NakedSingle));
                }
            }
            done(cell, ctx.out.len());
        }
        for run in ons.runs {
            self.recycle(run);
        }
    }

    /// Region forcing from `cell`, `d`: for each region of the cell where `d` has two
    /// places (more when multiple), if the cell is its first, every place assumed on.
    fn region_chains(
        &mut self,
        work: &mut Grid9,
        ctx: &mut Ctx,
        ons: &mut OnRuns,
        cell: usize,
        d: usize,
    ) {
        for &r in &CELL_REGIONS[cell] {
            let places = ctx.grid.places(r as usize, d);
            let n = places.count_ones();
            if !(n == 2 || (self.multiple && n > 2)) || places.trailing_zeros() as usize != cell {
                continue;
            }
            // The runs in the region's order of places (the cell is the first).
            for c in bits(places) {
                ons.ensure(self, work, c, d);
            }
            let runs: Vec<&Run> = bits(places)
                .map(|c| &*ons.runs[ons.slot[9 * c + d] as usize])
                .collect();
            for state in [true, false] {
                ctx.common(&runs, state, Kind::Region, Some(Cause::Hidden(r)));
            }
        }
    }

    /// A run holding only its assumption `(cell, d, on)`, with the rule's queues (to give
    /// back after) holding it.
    #[allow(clippy::type_complexity)]
    fn begin(
        &mut self,
        cell: usize,
        d: usize,
        on: bool,
    ) -> (Box<Run>, VecDeque<u32>, VecDeque<u32>) {
        // Runs are boxed: a run is a few hundred bytes, moved from the pool to a search
        // and back.
        let mut run = self.pool.pop().unwrap_or_else(|| Box::new(Run::new()));
        let start = run.make(cell, d, on, Cause::Start, &[]);
        run.insert(start);
        let (mut ons, mut offs) = std::mem::take(&mut self.queues);
        ons.clear();
        offs.clear();
        if on {
            ons.push_back(start);
        } else {
            offs.push_back(start);
        }
        (run, ons, offs)
    }

    /// Propagates `(cell, digit)` assumed on or off from `grid` (restored after).
    pub fn chain(&mut self, grid: &mut Grid9, cell: usize, digit: usize, on: bool) -> Box<Run> {
        let source = *grid;
        let (mut run, mut ons, mut offs) = self.begin(cell, digit, on);
        while !ons.is_empty() || !offs.is_empty() {
            if let Some(p) = ons.pop_front() {
                Self::on_to_off(grid, &mut run, p, !self.nishio, |run, q| {
                    admit(run, q, false, &mut offs)
                });
            } else if let Some(p) = offs.pop_front() {
                self.off_to_on(grid, &source, &mut run, p, !self.nishio, |run, q| {
                    admit(run, q, true, &mut ons)
                });
                if self.dynamic {
                    let (c, v, _) = run.what(p);
                    grid.remove(c, v);
                }
            }
            if run.contradiction.is_some() {
                break;
            }
            if ons.is_empty() && offs.is_empty() && self.level > 0 {
                for (c, v, parents, nested) in self.advanced(grid, &source, &run) {
                    if !run.has(c, v, false) {
                        let q = run.make(c, v, false, Cause::Advanced, &parents);
                        if let Some(n) = nested {
                            run.pots[q as usize].nested = run.nested.len() as u32;
                            run.nested.push(n);
                        }
                        run.insert(q);
                        offs.push_back(q);
                    }
                }
            }
        }
        *grid = source;
        self.queues = (ons, offs);
        run
    }

    /// SE's static forcing chain from `(cell, d)` on (or off): a breadth-first search
    /// that does not stop at contradictions, "on" potentials a layer at a time, then
    /// "off" ones, never back to a potential's own first ancestors. Returns the run and
    /// the potential where the assumption reaches its own negation, if it does. `y`:
    /// cells' links too (an XY chain; else one digit, an X chain).
    pub fn unary(
        &mut self,
        grid: &Grid9,
        cell: usize,
        d: usize,
        on: bool,
        y: bool,
    ) -> (Box<Run>, Option<u32>) {
        let (mut run, mut ons, mut offs) = self.begin(cell, d, on);
        // SE also skips an "off" potential that is one of its first ancestors: those
        // are all in the sets already. And it goes on once the negation is reached,
        // which changes nothing of the chain found.
        let mut target = None;
        'run: while !ons.is_empty() || !offs.is_empty() {
            while let Some(p) = ons.pop_front() {
                Self::on_to_off(grid, &mut run, p, y, |run, q| {
                    let (c, v, _) = run.what(q);
                    if on && (c, v) == (cell, d) {
                        target = Some(q);
                        return false;
                    }
                    if !run.has(c, v, false) {
                        run.insert(q);
                        offs.push_back(q);
                    }
                    true
                });
                if target.is_some() {
                    break 'run;
                }
            }
            while let Some(p) = offs.pop_front() {
                self.off_to_on(grid, grid, &mut run, p, y, |run, q| {
                    let (c, v, _) = run.what(q);
                    if !on && (c, v) == (cell, d) {
                        target = Some(q);
                        return false;
                    }
                    if !run.has(c, v, true) {
                        run.insert(q);
                        ons.push_back(q);
                    }
                    true
                });
                if target.is_some() {
                    break 'run;
                }
            }
        }
        self.queues = (ons, offs);
        (run, target)
    }

    /// The "off" consequences of `p` on: the cell's other candidates (not in Nishio
    /// mode), then the digit's other places in its block, row and column.
    ///
    /// A candidate already "off" in the run is not made again: the run would only drop
    /// it, and it cannot clash (an "on" of it would have ended the run). Each one made
    /// is given to `emit` at once, in that order, until it answers `false`.
    fn on_to_off(
        grid: &Grid9,
        run: &mut Run,
        p: u32,
        cells: bool,
        mut emit: impl FnMut(&mut Run, u32) -> bool,
    ) {
        let (cell, d, _) = run.what(p);
        if cells {
            let mut fresh = grid.cands[cell] & !(1 << d);
            for v in 0..9 {
                if run.has(cell, v, false) {
                    fresh &= !(1 << v);
                }
            }
            for v in (0..9).filter(|&v| fresh >> v & 1 != 0) {
                let q = run.make(cell, v, false, Cause::NakedSingle, &[p]);
                if !emit(run, q) {
                    return;
                }
            }
        }
        let mut seen = 1u128 << cell;
        for &r in &CELL_REGIONS[cell] {
            let rest = grid.places(r as usize, d) & !seen;
            seen |= rest;
            for c in bits(rest & !run.set[0][d]) {
                let q = run.make(c, d, false, Cause::Hidden(r), &[p]);
                if !emit(run, q) {
                    return;
                }
            }
        }
    }

    /// The "on" consequences of `p` off: the cell's other candidate if it had two (not
    /// in Nishio mode), then the digit's other place in each region where it had two.
    /// Dynamic: with the candidates already removed there as hidden parents. As in
    /// [`Chainer::on_to_off`], a candidate already "on" in the run is not made again,
    /// and each one made is given to `emit` at once.
    fn off_to_on(
        &self,
        grid: &Grid9,
        source: &Grid9,
        run: &mut Run,
        p: u32,
        cells: bool,
        mut emit: impl FnMut(&mut Run, u32) -> bool,
    ) {
        let (cell, d, _) = run.what(p);
        let mut parents: [u32; 10] = [0; 10];
        let pair = cells && grid.cands[cell].count_ones() == 2;
        let other = (grid.cands[cell] & !(1 << d)).trailing_zeros() as usize;
        if pair && !run.has(cell, other, true) {
            parents[0] = p;
            let mut n = 1;
            if self.dynamic {
                let gone = source.cands[cell] & !grid.cands[cell];
                for v in (0..9).filter(|&v| gone >> v & 1 != 0) {
                    parents[n] = run
                        .get(cell, v, false)
                        .expect("a removed candidate went off");
                    n += 1;
                }
            }
            let q = run.make(cell, other, true, Cause::NakedSingle, &parents[..n]);
            if !emit(run, q) {
                return;
            }
        }
        // The cells made "on" here for `d` (two regions may give the same one).
        let mut made = 0u128;
        for &r in &CELL_REGIONS[cell] {
            let places = grid.places(r as usize, d);
            if places.count_ones() != 2 {
                continue;
            }
            let other = (places & !(1 << cell)).trailing_zeros() as usize;
            if run.has(other, d, true) || made >> other & 1 != 0 {
                continue;
            }
            made |= 1 << other;
            parents[0] = p;
            let mut n = 1;
            if self.dynamic {
                for c in bits(source.places(r as usize, d) & !places) {
                    parents[n] = run.get(c, d, false).expect("a removed place went off");
                    n += 1;
                }
            }
            let q = run.make(other, d, true, Cause::Hidden(r), &parents[..n]);
            if !emit(run, q) {
                return;
            }
        }
    }

    /// Level 1 and up, when propagation stalls: the eliminations of the first rule
    /// (locking, hidden pair, naked pair, X-Wing, then the inner chains of the level)
    /// with any that depend on the assumption, each with the "off" potentials it rests
    /// on (and the inner hint, for chains).
    #[allow(clippy::type_complexity)]
    fn advanced(
        &mut self,
        grid: &Grid9,
        source: &Grid9,
        run: &Run,
    ) -> Vec<(usize, usize, Vec<u32>, Option<Nested>)> {
        let lookup = |parents: &[(u8, u8)]| -> Vec<u32> {
            parents
                .iter()
                .filter_map(|&(c, v)| run.get(c as usize, v as usize, false))
                .collect()
        };
        let mut out = Vec::new();
        for rule in rules::Rule::ALL {
            for (removes, parents) in rules::find(rule, grid, source) {
                if parents.is_empty() {
                    continue;
                }
                let parents = lookup(&parents);
                for (c, v) in removes {
                    out.push((c as usize, v as usize, parents.clone(), None));
                }
            }
            if !out.is_empty() {
                return out;
            }
        }
        if self.level < 2 {
            return out;
        }
        let level = self.level;
        let rules: Vec<Vec<Hint>> = if level < 4 {
            let record = self.record;
            let statics = self
                .statics
                .get_or_insert_with(|| Box::new(Static::new(record)));
            let first = statics.hints(0, grid, source);
            if level == 2 || first.iter().any(|h| !h.rule_parents.is_empty()) {
                vec![first]
            } else {
                vec![first, statics.hints(1, grid, source)]
            }
        } else {
            let record = self.record;
            let inner = self.inner.get_or_insert_with(|| inner_rules(level, record));
            let mut all = Vec::new();
            for rule in inner.iter_mut() {
                let hints = rule.hints(grid, Some(source));
                let usable = hints.iter().any(|h| !h.rule_parents.is_empty());
                all.push(hints);
                if usable {
                    break;
                }
            }
            all
        };
        for hints in rules {
            for hint in hints {
                if hint.rule_parents.is_empty() {
                    continue;
                }
                let parents = lookup(&hint.rule_parents);
                let nested = Nested {
                    key: hint.key,
                    complexity: hint.complexity,
                    why: hint.why.clone(),
                };
                for &(c, v) in &hint.removes {
                    out.push((
                        c as usize,
                        v as usize,
                        parents.clone(),
                        Some(nested.clone()),
                    ));
                }
            }
            if !out.is_empty() {
                return out;
            }
        }
        out
    }
}

/// Adds the new potential `q` (made "on" when `on`) to the sets and to `queue`, unless
/// it clashes with a potential of the other polarity: then the run ends with the clash
/// (on, off). Whether to go on (no clash).
fn admit(run: &mut Run, q: u32, on: bool, queue: &mut VecDeque<u32>) -> bool {
    let (c, v, _) = run.what(q);
    if let Some(o) = run.get(c, v, !on) {
        run.contradiction = Some(if on { (q, o) } else { (o, q) });
        return false;
    }
    if !run.has(c, v, on) {
        run.insert(q);
        queue.push_back(q);
    }
    true
}

/// Takes up to `want` threads from `spare` (all it has, if fewer).
fn borrow(spare: &AtomicUsize, want: usize) -> usize {
    let mut have = spare.load(Ordering::Relaxed);
    loop {
        let take = have.min(want);
        if take == 0 {
            return 0;
        }
        match spare.compare_exchange(have, have - take, Ordering::Relaxed, Ordering::Relaxed) {
            Ok(_) => return take,
            Err(now) => have = now,
        }
    }
}

/// The "on" runs of one search, each made once: `runs[slot[9 * cell + digit]]`.
struct OnRuns {
    slot: Vec<u32>,
    // Boxed, as `Chainer::pool`'s runs are.
    #[allow(clippy::vec_box)]
    runs: Vec<Box<Run>>,
}

impl OnRuns {
    /// The index of the run of `(cell, d)` on, made if need be.
    fn ensure(&mut self, rule: &mut Chainer, work: &mut Grid9, cell: usize, d: usize) -> usize {
        let k = 9 * cell + d;
        if self.slot[k] == NONE {
            self.slot[k] = self.runs.len() as u32;
            self.runs.push(rule.chain(work, cell, d, true));
        }
        self.slot[k] as usize
    }
}

/// Hints in SE's order (rating, complexity, kind, then the order found), each
/// elimination once (SE keeps hints in a linked set: equal eliminations are one hint).
fn best_first(mut hints: Vec<Hint>) -> Vec<Hint> {
    hints.sort_by_key(|h| (h.tenths(), h.complexity, h.kind));
    let mut seen = std::collections::HashSet::new();
    hints.retain(|h| seen.insert((h.removes.clone(), h.places)));
    hints
}

/// The inner dynamic chaining rules of levels 4 and 5 (SE: dynamic forcing chains, and
/// at 5 the rule of level 2 too).
fn inner_rules(level: u8, record: bool) -> Vec<Chainer> {
    let mut rules = vec![Chainer::new(true, true, false, 0).recording(record)];
    if level >= 5 {
        rules.push(Chainer::new(true, true, false, level - 3).recording(record));
    }
    rules
}

/// The static rules nested in levels 2 and 3: SE's "Forcing Chains & Cycles", then
/// Multiple Forcing Chains, each with the hints of the last grid it was asked about.
pub(crate) struct Static {
    /// A static multiple rule: it makes the runs of both.
    chainer: Chainer,
    /// The hints of each rule for the last (grid, outer grid).
    last: [Option<(Grid9, Grid9, Vec<Hint>)>; 2],
}

impl Static {
    fn new(record: bool) -> Static {
        Static {
            chainer: Chainer::new(true, false, false, 0).recording(record),
            last: [None, None],
        }
    }

    /// The hints of rule `which` (0: forcing chains, 1: multiple forcing chains) on
    /// `grid`, with rule parents against `outer`.
    fn hints(&mut self, which: usize, grid: &Grid9, outer: &Grid9) -> Vec<Hint> {
        if let Some((g, o, hints)) = &self.last[which] {
            if g == grid && o == outer {
                return hints.clone();
            }
        }
        let rule = (self.chainer.base(), self.chainer.name());
        let mut ctx = Ctx::new(grid, Some(outer), rule, self.chainer.record);
        if which == 0 {
            self.forcing(&mut ctx);
        } else {
            self.chainer.multiple_chains(&mut ctx);
        }
        let out = best_first(ctx.out);
        self.last[which] = Some((*grid, *outer, out.clone()));
        out
    }

    /// SE's "Forcing Chains & Cycles": static forcing chains on one digit (X), then on
    /// both kinds of links (XY), from each candidate of an open cell on and off, to its
    /// own negation. (SE also lists cycles, whose eliminations such chains reach too,
    /// with other lengths: not made here.)
    fn forcing(&mut self, ctx: &mut Ctx) {
        let grid = ctx.grid;
        let open: Vec<usize> = (0..81)
            .filter(|&c| grid.value[c] == 0 && grid.cands[c].count_ones() >= 2)
            .collect();
        for (y, kind, rule) in [
            (false, Kind::ForcingX, (66, "Forcing X-Chain")),
            (true, Kind::ForcingXy, (70, "Forcing XY-Chain")),
        ] {
            (ctx.base, ctx.rule) = rule;
            let refuting = self_refuting(grid, y);
            for &cell in &open {
                for d in (0..9).filter(|&d| grid.has(cell, d)) {
                    for on in [true, false] {
                        let found = if on { refuting.0[d] } else { refuting.1[d] };
                        if found >> cell & 1 == 0 {
                            continue;
                        }
                        let (run, target) = self.chainer.unary(grid, cell, d, on, y);
                        if let Some(t) = target {
                            ctx.hint(&[(&run, t)], (cell, d), !on, kind, None);
                        }
                        self.chainer.recycle(run);
                    }
                }
            }
        }
    }
}

/// The hints of one search, and what building them needs.
struct Ctx<'a> {
    /// The grid searched.
    grid: &'a Grid9,
    /// For an inner rule: the grid the outer chain started from.
    outer: Option<&'a Grid9>,
    marks: Marks,
    base: u32,
    /// SE's name of the rule searching (what a recorded hint is named).
    rule: &'static str,
    /// Keep each hint's chains?
    record: bool,
    out: Vec<Hint>,
}

impl<'a> Ctx<'a> {
    /// A search of `grid` with no hint yet (`outer`: see the field) by the rule
    /// `(base, name)`, rated from its base.
    fn new(
        grid: &'a Grid9,
        outer: Option<&'a Grid9>,
        (base, rule): (u32, &'static str),
        record: bool,
    ) -> Ctx<'a> {
        Ctx {
            grid,
            outer,
            marks: Marks::new(),
            base,
            rule,
            record,
            out: Vec::new(),
        }
    }

    /// Adds the hint whose chains end at `targets` (run, potential), concluding
    /// `(cell, digit)` on (`place`) or off, if it removes anything.
    fn hint(
        &mut self,
        targets: &[(&Run, u32)],
        (cell, digit): (usize, usize),
        place: bool,
        kind: Kind,
        start_cause: Option<Cause>,
    ) {
        let removes: Vec<(u8, u8)> = if place {
            (0..9)
                .filter(|&v| v != digit && self.grid.has(cell, v))
                .map(|v| (cell as u8, v as u8))
                .collect()
        } else {
            vec![(cell as u8, digit as u8)]
        };
        if removes.is_empty() {
            return;
        }
        let mut nested = Vec::new();
        let mut flat = 0;
        for &(run, p) in targets {
            flat += run.ancestors(p, &mut self.marks, &mut nested);
        }
        let complexity = flat + nested.iter().map(|n| n.complexity).sum::<u32>();
        let mut rule_parents = Vec::new();
        if let Some(outer) = self.outer {
            for &(run, p) in targets {
                run.rule_parents(
                    p,
                    (outer, self.grid),
                    start_cause,
                    &mut self.marks,
                    &mut rule_parents,
                );
            }
        }
        let mut key = (kind as u64) << 56 | (complexity as u64) << 32;
        for &(c, v) in &removes {
            key = key
                .wrapping_mul(1_000_003)
                .wrapping_add(9 * c as u64 + v as u64);
        }
        let why = self.record.then(|| {
            Arc::new(Why {
                kind,
                rule: self.rule,
                base: self.base,
                complexity,
                region: match start_cause {
                    Some(Cause::Hidden(r)) if kind == Kind::Region => Some(r),
                    _ => None,
                },
                chains: targets.iter().map(|&(run, p)| run.trail(p)).collect(),
            })
        });
        self.out.push(Hint {
            kind,
            removes,
            places: place.then_some((cell as u8, digit as u8)),
            complexity,
            base: self.base,
            rule_parents,
            key,
            why,
        });
    }

    /// Cell or region forcing: what every run of `runs` makes `on` (or off) alike.
    fn common(&mut self, runs: &[&Run], on: bool, kind: Kind, cause: Option<Cause>) {
        let mut both = runs[0].set[on as usize];
        for r in &runs[1..] {
            for (b, s) in both.iter_mut().zip(&r.set[on as usize]) {
                *b &= s;
            }
        }
        if both.iter().all(|&b| b == 0) {
            return;
        }
        let first = runs[0];
        let list = if on { &first.ons } else { &first.offs };
        let mut targets = Vec::with_capacity(runs.len());
        for &p in list {
            let (c, v, _) = first.what(p);
            if both[v] >> c & 1 == 0 {
                continue;
            }
            targets.clear();
            targets.extend(runs.iter().map(|r| (*r, r.at[key(c, v, on)])));
            self.hint(&targets, (c, v), on, kind, cause);
        }
    }
}

/// The static implications of a state (`key`: `2 * (9 * cell + digit) + on`) on `grid`:
/// "on" takes the digit from its peers (and the cell's other digits, with `y`); "off"
/// puts the digit in the other place of each region where it has two (and the cell's
/// other digit if it has two, with `y`). Pushed to `out` as keys.
fn implications(grid: &Grid9, state: usize, y: bool, out: &mut Vec<u16>) {
    let (cell, d, on) = (state / 18, state / 2 % 9, state % 2 == 1);
    if on {
        if y {
            let others = grid.cands[cell] & !(1 << d);
            out.extend(
                (0..9)
                    .filter(|&v| others >> v & 1 != 0)
                    .map(|v| key(cell, v, false) as u16),
            );
        }
        let peers = CELL_REGIONS[cell]
            .iter()
            .fold(0u128, |s, &r| s | grid.places(r as usize, d))
            & !(1 << cell);
        out.extend(bits(peers).map(|c| key(c, d, false) as u16));
    } else {
        if y && grid.cands[cell].count_ones() == 2 {
            let other = (grid.cands[cell] & !(1 << d)).trailing_zeros() as usize;
            out.push(key(cell, other, true) as u16);
        }
        for &r in &CELL_REGIONS[cell] {
            let places = grid.places(r as usize, d);
            if places.count_ones() == 2 {
                let other = (places & !(1 << cell)).trailing_zeros() as usize;
                out.push(key(other, d, true) as u16);
            }
        }
    }
}

/// Which static assumptions reach their own negation on `grid` (with the cells' links
/// when `y`): by digit, the cells whose candidate assumed on (`.0`), or off (`.1`),
/// implies the opposite. A static forcing chain run from any other finds nothing, so
/// only these are run. Tarjan's strongly connected components over the implications,
/// each component with the set of states it reaches (sinks first, so every component
/// it leads to is complete).
pub(crate) fn self_refuting(grid: &Grid9, y: bool) -> ([u128; 9], [u128; 9]) {
    self_refuting_by(grid, |s, out| implications(grid, s, y, out))
}

/// [`self_refuting`], with the implications of each state (`2 * (9 * cell + digit) +
/// on`) given by `implied(state, out)`, which adds them to `out` (in any order).
pub(crate) fn self_refuting_by(
    grid: &Grid9,
    mut implied: impl FnMut(usize, &mut Vec<u16>),
) -> ([u128; 9], [u128; 9]) {
    const STATES: usize = 2 * 729;
    const WORDS: usize = STATES.div_ceil(64);
    const UNSEEN: u32 = u32::MAX;
    let mut index = vec![UNSEEN; STATES];
    let mut low = vec![0u32; STATES];
    let mut comp = vec![UNSEEN; STATES];
    let mut stack: Vec<u16> = Vec::new();
    let mut reach: Vec<[u64; WORDS]> = Vec::new();
    let mut edges: Vec<u16> = Vec::new();
    // The depth-first path: state, where its implications start in `edges`, next one.
    let mut path: Vec<(u16, u32, u32)> = Vec::new();
    let mut next = 0u32;
    let mut members = Vec::new();
    for start in (0..STATES).filter(|&s| grid.has(s / 18, s / 2 % 9)) {
        if index[start] != UNSEEN {
            continue;
        }
        let enter = |s: usize,
                     implied: &mut dyn FnMut(usize, &mut Vec<u16>),
                     path: &mut Vec<(u16, u32, u32)>,
                     edges: &mut Vec<u16>,
                     next: &mut u32,
                     index: &mut Vec<u32>,
                     low: &mut Vec<u32>,
                     stack: &mut Vec<u16>| {
            index[s] = *next;
            low[s] = *next;
            *next += 1;
            stack.push(s as u16);
            let from = edges.len() as u32;
            implied(s, edges);
            path.push((s as u16, from, from));
        };
        enter(
            start,
            &mut implied,
            &mut path,
            &mut edges,
            &mut next,
            &mut index,
            &mut low,
            &mut stack,
        );
        while let Some(&(s, from, pos)) = path.last() {
            let s = s as usize;
            if (pos as usize) < edges.len() {
                path.last_mut().expect("a state").2 += 1;
                let t = edges[pos as usize] as usize;
                if index[t] == UNSEEN {
                    enter(
                        t,
                        &mut implied,
                        &mut path,
                        &mut edges,
                        &mut next,
                        &mut index,
                        &mut low,
                        &mut stack,
                    );
                } else if comp[t] == UNSEEN {
                    low[s] = low[s].min(index[t]);
                }
                continue;
            }
            path.pop();
            edges.truncate(from as usize);
            if let Some(&(u, ..)) = path.last() {
                low[u as usize] = low[u as usize].min(low[s]);
            }
            if low[s] != index[s] {
                continue;
            }
            // A component, complete: its states, and all that its implications reach.
            let k = reach.len() as u32;
            let mut set = [0u64; WORDS];
            members.clear();
            while let Some(m) = stack.pop() {
                comp[m as usize] = k;
                members.push(m as usize);
                if m as usize == s {
                    break;
                }
            }
            let mut out = Vec::new();
            for &m in &members {
                set[m / 64] |= 1 << (m % 64);
                out.clear();
                implied(m, &mut out);
                for &t in &out {
                    let c = comp[t as usize];
                    if c != k {
                        for (w, r) in set.iter_mut().zip(&reach[c as usize]) {
                            *w |= r;
                        }
                    }
                }
            }
            reach.push(set);
        }
    }
    let (mut on, mut off) = ([0u128; 9], [0u128; 9]);
    for cell in 0..81 {
        for d in (0..9).filter(|&d| grid.has(cell, d)) {
            let (a, b) = (key(cell, d, true), key(cell, d, false));
            let reaches = |s: usize, t: usize| reach[comp[s] as usize][t / 64] >> (t % 64) & 1 != 0;
            if reaches(a, b) {
                on[d] |= 1 << cell;
            }
            if reaches(b, a) {
                off[d] |= 1 << cell;
            }
        }
    }
    (on, off)
}
