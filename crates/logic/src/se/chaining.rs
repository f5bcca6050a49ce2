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

use super::grid::{Grid9, CELL_POS, CELL_REGIONS, REGION_CELLS};
use super::rules;

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

/// An inner chain hint a potential rests on: identity (for counting each once) and its
/// whole complexity.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Nested {
    pub key: u64,
    pub complexity: u32,
}

/// One propagation: its potentials, with the "on" and "off" sets in insertion order.
pub(crate) struct Run {
    pots: Vec<Pot>,
    parents: Vec<u32>,
    /// By key (`2 * (9 * cell + digit) + on`): the potential in the sets, or `NONE`.
    at: Vec<u32>,
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

impl Run {
    fn new() -> Run {
        Run {
            pots: Vec::with_capacity(256),
            parents: Vec::with_capacity(512),
            at: vec![NONE; 2 * 729],
            ons: Vec::new(),
            offs: Vec::new(),
            nested: Vec::new(),
            contradiction: None,
        }
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
        if pot.on {
            self.ons.push(p);
        } else {
            self.offs.push(p);
        }
    }

    /// The potential of `(cell, digit, on)` in the sets.
    pub fn get(&self, cell: usize, digit: usize, on: bool) -> Option<u32> {
        match self.at[key(cell, digit, on)] {
            NONE => None,
            p => Some(p),
        }
    }

    /// `(cell, digit, on)` of potential `p`.
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
    pub fn ancestors(&self, p: u32, seen: &mut Vec<u32>, stamp: u32, nested: &mut Vec<Nested>) -> u32 {
        if seen.len() < 2 * 729 {
            seen.resize(2 * 729, 0);
        }
        let mut count = 0;
        let mut todo = vec![p];
        while let Some(q) = todo.pop() {
            let pot = &self.pots[q as usize];
            let k = key(pot.cell as usize, pot.digit as usize, pot.on);
            if seen[k] == stamp {
                continue;
            }
            seen[k] = stamp;
            count += 1;
            if pot.nested != NONE {
                let n = self.nested[pot.nested as usize];
                if !nested.iter().any(|m| m.key == n.key) {
                    nested.push(n);
                }
            }
            todo.extend_from_slice(self.parents_of(q));
        }
        count
    }

    /// SE's rule parents of a conclusion reached at `target` (as an inner rule of an
    /// outer chain): the candidates present in `initial`, gone from `current`, that
    /// made each single of the chain. `start_cause`: what the assumption counts as
    /// (a cell forcing's cell, a region forcing's region; `None` otherwise).
    pub fn rule_parents(
        &self,
        target: u32,
        initial: &Grid9,
        current: &Grid9,
        start_cause: Option<Cause>,
        out: &mut Vec<(u8, u8)>,
    ) {
        let mut seen = vec![false; 2 * 729];
        let mut todo = vec![target];
        while let Some(q) = todo.pop() {
            let pot = &self.pots[q as usize];
            let k = key(pot.cell as usize, pot.digit as usize, pot.on);
            if seen[k] {
                continue;
            }
            seen[k] = true;
            let cause = match pot.cause {
                Cause::Start => start_cause,
                c => Some(c),
            };
            let (cell, digit) = (pot.cell as usize, pot.digit as usize);
            if pot.on {
                match cause {
                    Some(Cause::NakedSingle) => {
                        for v in 0..9 {
                            if initial.has(cell, v) && !current.has(cell, v) {
                                push_unique(out, (cell as u8, v as u8));
                            }
                        }
                    }
                    Some(Cause::Hidden(r)) => {
                        for &c in &REGION_CELLS[r as usize] {
                            let c = c as usize;
                            if initial.has(c, digit) && !current.has(c, digit) {
                                push_unique(out, (c as u8, digit as u8));
                            }
                        }
                    }
                    _ => {}
                }
            }
            todo.extend_from_slice(self.parents_of(q));
        }
    }
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
}

impl Hint {
    /// SE's rating, in tenths: the base plus the length bonus of the complexity.
    pub fn tenths(&self) -> u32 {
        self.base + crate::rating::length_bonus_tenths(self.complexity.saturating_sub(2) as usize)
    }
}

/// One of SE's chaining rules.
#[derive(Clone, Debug)]
pub(crate) struct Chainer {
    pub multiple: bool,
    pub dynamic: bool,
    pub nishio: bool,
    pub level: u8,
    /// The inner chaining rules of levels 2 and up (built on first use), and the last
    /// grid each was asked about with its hints.
    inner: Option<Vec<Chainer>>,
    last: Option<(Grid9, Option<Grid9>, Vec<Hint>)>,
}

impl Chainer {
    pub fn new(multiple: bool, dynamic: bool, nishio: bool, level: u8) -> Chainer {
        Chainer {
            multiple,
            dynamic,
            nishio,
            level,
            inner: None,
            last: None,
        }
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

    /// The hints of this rule on `grid`, best first (SE's order: rating, complexity,
    /// kind, then the order found). `outer`: for an inner rule, the grid the outer
    /// chain started from (the hints then carry their rule parents).
    pub fn hints(&mut self, grid: &Grid9, outer: Option<&Grid9>) -> Vec<Hint> {
        if let Some((last, last_outer, hints)) = &self.last {
            if last == grid && last_outer.as_ref() == outer {
                return hints.clone();
            }
        }
        let mut hints = if self.multiple || self.dynamic {
            self.multiple_chains(grid, outer)
        } else {
            self.forcing_chains(grid, outer)
        };
        hints.sort_by_key(|h| (h.tenths(), h.complexity, h.kind));
        // Drop repeats (SE keeps hints in a linked set: equal eliminations are one hint).
        let mut out: Vec<Hint> = Vec::with_capacity(hints.len());
        for h in hints {
            if !out
                .iter()
                .any(|o| o.removes == h.removes && o.places == h.places)
            {
                out.push(h);
            }
        }
        self.last = Some((*grid, outer.copied(), out.clone()));
        out
    }

    /// SE's "Forcing Chains & Cycles" (static, one candidate at a time), approximated:
    /// a candidate whose assumption (on, or off) reaches its own negation through static
    /// links. (SE also lists cycles; their eliminations are such chains too, with other
    /// lengths.)
    fn forcing_chains(&mut self, grid: &Grid9, outer: Option<&Grid9>) -> Vec<Hint> {
        let mut result = Vec::new();
        let mut work = *grid;
        let (mut seen, mut stamp) = (Vec::new(), 0u32);
        for cell in 0..81 {
            let cands = grid.cands[cell];
            if grid.value[cell] != 0 || cands.count_ones() < 2 {
                continue;
            }
            for d in (0..9).filter(|&d| cands >> d & 1 != 0) {
                for on in [true, false] {
                    let run = self.chain(&mut work, cell, d, on);
                    let Some((a, b)) = run.contradiction else { continue };
                    let target = if on { b } else { a };
                    if run.what(target) != (cell, d, !on) {
                        continue;
                    }
                    let mut ctx = Ctx {
                        grid,
                        outer,
                        seen: &mut seen,
                        stamp: &mut stamp,
                        base: 70,
                    };
                    result.push(ctx.hint(&[(&run, target)], (cell, d), !on, Kind::Double, None));
                }
            }
        }
        result
    }

    /// SE's multiple-chains search: every candidate of each open cell assumed on, then
    /// off (contradictions, doubles), the regions it starts, then the cell.
    fn multiple_chains(&mut self, grid: &Grid9, outer: Option<&Grid9>) -> Vec<Hint> {
        let mut result = Vec::new();
        let mut work = *grid;
        let mut seen = Vec::new();
        let mut stamp = 0u32;
        for cell in 0..81 {
            let cands = grid.cands[cell];
            let n = cands.count_ones();
            if grid.value[cell] != 0 || !(n > 2 || (n > 1 && self.dynamic)) {
                continue;
            }
            let mut per_digit: Vec<(usize, Run)> = Vec::new();
            for d in (0..9).filter(|&d| cands >> d & 1 != 0) {
                let on = self.chain(&mut work, cell, d, true);
                let off = self.chain(&mut work, cell, d, false);
                let double = n >= 3 && !self.nishio && self.dynamic;
                let contradiction = self.dynamic || self.nishio;
                let mut ctx = Ctx {
                    grid,
                    outer,
                    seen: &mut seen,
                    stamp: &mut stamp,
                    base: self.base(),
                };
                if contradiction {
                    if let Some((a, b)) = on.contradiction {
                        result.push(ctx.binary(&[(&on, a), (&on, b)], (cell, d), false, Kind::Contradiction));
                    }
                    if let Some((a, b)) = off.contradiction {
                        result.push(ctx.binary(&[(&off, a), (&off, b)], (cell, d), true, Kind::Contradiction));
                    }
                }
                if double {
                    for &p in &on.ons {
                        let (c, v, _) = on.what(p);
                        if let Some(q) = off.get(c, v, true) {
                            result.push(ctx.binary(&[(&on, p), (&off, q)], (c, v), true, Kind::Double));
                        }
                    }
                    for &p in &on.offs {
                        let (c, v, _) = on.what(p);
                        if let Some(q) = off.get(c, v, false) {
                            result.push(ctx.binary(&[(&on, p), (&off, q)], (c, v), false, Kind::Double));
                        }
                    }
                }
                if !self.nishio {
                    let mut ctx = Ctx {
                        grid,
                        outer,
                        seen: &mut seen,
                        stamp: &mut stamp,
                        base: self.base(),
                    };
                    self.region_chains(&mut work, &mut ctx, cell, d, &on, &mut result);
                }
                per_digit.push((d, on));
            }
            if !self.nishio && (n == 2 || (self.multiple && n > 2)) {
                let mut ctx = Ctx {
                    grid,
                    outer,
                    seen: &mut seen,
                    stamp: &mut stamp,
                    base: self.base(),
                };
                let runs: Vec<&Run> = per_digit.iter().map(|(_, r)| r).collect();
                for on in [true, false] {
                    ctx.common(&runs, on, Kind::Cell, Some(Cause::NakedSingle), &mut result);
                }
            }
        }
        result
    }

    /// Region forcing from `cell`, `d`: for each region of the cell where `d` has two
    /// places (more when multiple), if the cell is its first, every place assumed on.
    fn region_chains(
        &mut self,
        work: &mut Grid9,
        ctx: &mut Ctx,
        cell: usize,
        d: usize,
        on: &Run,
        result: &mut Vec<Hint>,
    ) {
        let grid = ctx.grid;
        for (k, &r) in CELL_REGIONS[cell].iter().enumerate() {
            let places = grid.positions(r as usize, d);
            let n = places.count_ones();
            if !(n == 2 || (self.multiple && n > 2)) {
                continue;
            }
            if places.trailing_zeros() != CELL_POS[cell][k] as u32 {
                continue;
            }
            let others: Vec<Run> = (0..9)
                .filter(|&i| places >> i & 1 != 0 && REGION_CELLS[r as usize][i] as usize != cell)
                .map(|i| self.chain(work, REGION_CELLS[r as usize][i] as usize, d, true))
                .collect();
            // The runs in the region's order of places.
            let mut ordered: Vec<&Run> = Vec::new();
            let mut rest = others.iter();
            for i in (0..9).filter(|&i| places >> i & 1 != 0) {
                if REGION_CELLS[r as usize][i] as usize == cell {
                    ordered.push(on);
                } else {
                    ordered.push(rest.next().expect("a run per place"));
                }
            }
            for state in [true, false] {
                ctx.common(&ordered, state, Kind::Region, Some(Cause::Hidden(r)), result);
            }
        }
    }

    /// Propagates `(cell, digit)` assumed on or off from `grid` (restored after).
    pub fn chain(&mut self, grid: &mut Grid9, cell: usize, digit: usize, on: bool) -> Run {
        let source = *grid;
        let mut run = Run::new();
        let start = run.make(cell, digit, on, Cause::Start, &[]);
        run.insert(start);
        let (mut ons, mut offs) = (VecDeque::new(), VecDeque::new());
        if on {
            ons.push_back(start);
        } else {
            offs.push_back(start);
        }
        let mut made: Vec<u32> = Vec::with_capacity(32);
        while !ons.is_empty() || !offs.is_empty() {
            if let Some(p) = ons.pop_front() {
                made.clear();
                self.on_to_off(grid, &mut run, p, &mut made);
                for &q in &made {
                    let (c, v, _) = run.what(q);
                    if let Some(o) = run.get(c, v, true) {
                        run.contradiction = Some((o, q));
                        *grid = source;
                        return run;
                    }
                    if run.get(c, v, false).is_none() {
                        run.insert(q);
                        offs.push_back(q);
                    }
                }
            } else if let Some(p) = offs.pop_front() {
                made.clear();
                self.off_to_on(grid, &source, &mut run, p, &mut made);
                if self.dynamic {
                    let (c, v, _) = run.what(p);
                    grid.cands[c] &= !(1 << v);
                }
                for &q in &made {
                    let (c, v, _) = run.what(q);
                    if let Some(o) = run.get(c, v, false) {
                        run.contradiction = Some((q, o));
                        *grid = source;
                        return run;
                    }
                    if run.get(c, v, true).is_none() {
                        run.insert(q);
                        ons.push_back(q);
                    }
                }
            }
            if ons.is_empty() && offs.is_empty() && self.level > 0 {
                for (c, v, parents, nested) in self.advanced(grid, &source, &run) {
                    if run.get(c, v, false).is_none() {
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
        run
    }

    /// The "off" consequences of `p` on: the cell's other candidates (not in Nishio
    /// mode), then the digit's other places in its block, row and column.
    fn on_to_off(&self, grid: &Grid9, run: &mut Run, p: u32, made: &mut Vec<u32>) {
        let (cell, d, _) = run.what(p);
        let mut seen = 0u128;
        if !self.nishio {
            for v in (0..9).filter(|&v| v != d && grid.has(cell, v)) {
                made.push(run.make(cell, v, false, Cause::NakedSingle, &[p]));
            }
        }
        for &r in &CELL_REGIONS[cell] {
            for &c in &REGION_CELLS[r as usize] {
                let c = c as usize;
                if c != cell && grid.has(c, d) && seen >> c & 1 == 0 {
                    seen |= 1 << c;
                    made.push(run.make(c, d, false, Cause::Hidden(r), &[p]));
                }
            }
        }
    }

    /// The "on" consequences of `p` off: the cell's other candidate if it had two (not
    /// in Nishio mode), then the digit's other place in each region where it had two.
    /// Dynamic: with the candidates already removed there as hidden parents.
    fn off_to_on(&self, grid: &Grid9, source: &Grid9, run: &mut Run, p: u32, made: &mut Vec<u32>) {
        let (cell, d, _) = run.what(p);
        let mut parents: Vec<u32> = Vec::with_capacity(8);
        if !self.nishio && grid.cands[cell].count_ones() == 2 {
            let other = (grid.cands[cell] & !(1 << d)).trailing_zeros() as usize;
            parents.clear();
            parents.push(p);
            if self.dynamic {
                for v in 0..9 {
                    if source.has(cell, v) && !grid.has(cell, v) {
                        parents.push(run.get(cell, v, false).expect("a removed candidate went off"));
                    }
                }
            }
            made.push(run.make(cell, other, true, Cause::NakedSingle, &parents));
        }
        for &r in &CELL_REGIONS[cell] {
            let places = grid.positions(r as usize, d);
            if places.count_ones() != 2 {
                continue;
            }
            let cells = &REGION_CELLS[r as usize];
            let other = (0..9)
                .filter(|&i| places >> i & 1 != 0)
                .map(|i| cells[i] as usize)
                .find(|&c| c != cell)
                .expect("two places");
            if made.iter().any(|&q| run.what(q) == (other, d, true)) {
                continue;
            }
            parents.clear();
            parents.push(p);
            if self.dynamic {
                let gone = source.positions(r as usize, d) & !places;
                for i in (0..9).filter(|&i| gone >> i & 1 != 0) {
                    let c = cells[i] as usize;
                    parents.push(run.get(c, d, false).expect("a removed place went off"));
                }
            }
            made.push(run.make(other, d, true, Cause::Hidden(r), &parents));
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
        let inner = self.inner.get_or_insert_with(|| inner_rules(level));
        for rule in inner.iter_mut() {
            for hint in rule.hints(grid, Some(source)) {
                if hint.rule_parents.is_empty() {
                    continue;
                }
                let parents = lookup(&hint.rule_parents);
                let nested = Nested {
                    key: hint.key,
                    complexity: hint.complexity,
                };
                for &(c, v) in &hint.removes {
                    out.push((c as usize, v as usize, parents.clone(), Some(nested)));
                }
            }
            if !out.is_empty() {
                return out;
            }
        }
        out
    }
}

/// The inner chaining rules of a level (SE: levels 2–3 add forcing chains, then
/// multiple forcing chains; 4 dynamic forcing chains; 5 also level 2).
fn inner_rules(level: u8) -> Vec<Chainer> {
    let mut rules = Vec::new();
    if level < 4 {
        if level >= 2 {
            rules.push(Chainer::new(false, false, false, 0));
        }
        if level >= 3 {
            rules.push(Chainer::new(true, false, false, 0));
        }
    } else {
        rules.push(Chainer::new(true, true, false, 0));
        if level >= 5 {
            rules.push(Chainer::new(true, true, false, level - 3));
        }
    }
    rules
}

/// What building a hint needs.
struct Ctx<'a> {
    /// The grid searched.
    grid: &'a Grid9,
    /// For an inner rule: the grid the outer chain started from.
    outer: Option<&'a Grid9>,
    seen: &'a mut Vec<u32>,
    stamp: &'a mut u32,
    base: u32,
}

impl Ctx<'_> {
    /// A hint whose chains end at `targets` (run, potential), concluding `(cell, digit)`
    /// on (`place`) or off.
    fn binary(&mut self, targets: &[(&Run, u32)], at: (usize, usize), place: bool, kind: Kind) -> Hint {
        self.hint(targets, at, place, kind, None)
    }

    fn hint(
        &mut self,
        targets: &[(&Run, u32)],
        (cell, digit): (usize, usize),
        place: bool,
        kind: Kind,
        start_cause: Option<Cause>,
    ) -> Hint {
        let mut nested = Vec::new();
        let mut flat = 0;
        for &(run, p) in targets {
            *self.stamp += 1;
            flat += run.ancestors(p, self.seen, *self.stamp, &mut nested);
        }
        let complexity = flat + nested.iter().map(|n| n.complexity).sum::<u32>();
        let removes: Vec<(u8, u8)> = if place {
            (0..9)
                .filter(|&v| v != digit && self.grid.has(cell, v))
                .map(|v| (cell as u8, v as u8))
                .collect()
        } else {
            vec![(cell as u8, digit as u8)]
        };
        let mut rule_parents = Vec::new();
        if let Some(outer) = self.outer {
            for &(run, p) in targets {
                run.rule_parents(p, outer, self.grid, start_cause, &mut rule_parents);
            }
        }
        let mut key = (kind as u64) << 56 | (complexity as u64) << 32;
        for &(c, v) in &removes {
            key = key.wrapping_mul(1_000_003).wrapping_add(9 * c as u64 + v as u64);
        }
        Hint {
            kind,
            removes,
            places: place.then_some((cell as u8, digit as u8)),
            complexity,
            base: self.base,
            rule_parents,
            key,
        }
    }

    /// Cell or region forcing: what every run of `runs` makes `on` (or off) alike.
    fn common(&mut self, runs: &[&Run], on: bool, kind: Kind, cause: Option<Cause>, out: &mut Vec<Hint>) {
        let first = runs[0];
        let list = if on { &first.ons } else { &first.offs };
        for &p in list {
            let (c, v, _) = first.what(p);
            let targets: Option<Vec<(&Run, u32)>> = runs.iter().map(|r| r.get(c, v, on).map(|q| (*r, q))).collect();
            let Some(targets) = targets else { continue };
            let hint = self.hint(&targets, (c, v), on, kind, cause);
            if !hint.removes.is_empty() {
                out.push(hint);
            }
        }
    }
}
