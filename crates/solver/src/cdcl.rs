//! A conflict-driven clause-learning (CDCL) search specialised to sudoku, for the puzzles
//! where plain depth-first search thrashes (large grids, few clues).
//!
//! The ideas are the standard ones of modern SAT solvers (Marques-Silva and Sakallah's
//! GRASP; Moskewicz et al.'s Chaff for watched literals and VSIDS; Eén and Sörensson's
//! MiniSat for the overall shape; Luby restarts), applied to sudoku's own constraints:
//!
//! ```text
//! variable  x(c, d) = c * n + d          "cell c holds digit d"   (n³ variables)
//! literal   2 * var + (1 if negated)
//! groups    exactly one true variable:   each cell's n digits,
//!           and each (house, digit)'s n places.        group = cell, or n² + house * n + d
//! ```
//!
//! Groups are propagated natively: a true variable makes the rest of its groups false
//! (at-most-one), and a group whose count of not-false variables drops to one makes that
//! one true (at-least-one). Only learned clauses use two watched literals. Conflict
//! analysis learns the first unique implication point; reasons are recovered from the
//! groups, so nothing but learned clauses is stored. Counting adds a blocking clause after
//! each solution ("some open cell differs").

use sudokit_core::cancel::{Cancel, Every};
use sudokit_core::{Grid, Layout};

type Var = usize;

/// A literal: `2 * var`, plus 1 when negated.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Lit(u32);

impl Lit {
    fn pos(v: Var) -> Lit {
        Lit(2 * v as u32)
    }
    fn neg(v: Var) -> Lit {
        Lit(2 * v as u32 + 1)
    }
    fn var(self) -> Var {
        (self.0 >> 1) as usize
    }
    fn is_neg(self) -> bool {
        self.0 & 1 == 1
    }
    fn not(self) -> Lit {
        Lit(self.0 ^ 1)
    }
    fn index(self) -> usize {
        self.0 as usize
    }
}

/// Why a variable has its value.
#[derive(Clone, Copy, Debug)]
enum Why {
    /// A decision, or a fact at level 0.
    Decided,
    /// False because this variable is true and shares a group with it.
    AtMostOne(Var),
    /// True because every other variable of this group is false.
    AtLeastOne(u32),
    /// Implied by a learned (or blocking) clause.
    Clause(u32),
}

/// A falsified constraint.
#[derive(Clone, Copy, Debug)]
enum Conflict {
    /// Two true variables in one group.
    Pair(Var, Var),
    /// Every variable of a group false.
    Group(u32),
    /// A learned clause with every literal false.
    Clause(u32),
}

struct Clause {
    lits: Vec<Lit>,
    activity: f64,
    learned: bool,
    deleted: bool,
}

/// What the search ended with.
pub(crate) struct Counted {
    pub count: u64,
    pub first: Option<Vec<u8>>,
    pub complete: bool,
    pub conflicts: u64,
    /// Stopped by its cancel token (then not complete).
    pub cancelled: bool,
}

pub(crate) struct Cdcl {
    n: usize,
    cells: usize,
    /// Per variable: 0 unassigned, 1 true, -1 false.
    value: Vec<i8>,
    level: Vec<u32>,
    why: Vec<Why>,
    trail: Vec<Lit>,
    trail_lim: Vec<usize>,
    qhead: usize,
    /// Variables of group `g`: `group_vars[g * n .. g * n + n]`.
    group_vars: Vec<u32>,
    /// Per group: how many of its variables are not false.
    open: Vec<u32>,
    /// Groups of variable `v`: `var_groups[v * 6 ..][.. var_group_count[v]]`.
    var_groups: Vec<u32>,
    var_group_count: Vec<u8>,
    clauses: Vec<Clause>,
    /// Per literal: the clauses watching it (visited when it becomes false).
    watches: Vec<Vec<u32>>,
    activity: Vec<f64>,
    var_inc: f64,
    clause_inc: f64,
    heap: Heap,
    phase: Vec<bool>,
    seen: Vec<bool>,
    learned_count: usize,
    max_learned: usize,
    conflicts: u64,
    givens: Vec<bool>,
    /// Stops the search, checked every few conflicts and decisions.
    pub cancel: Cancel,
}

impl Cdcl {
    /// The problem of `grid` (whose givens must not conflict).
    pub fn new(grid: &Grid) -> Cdcl {
        let layout = grid.layout();
        let n = layout.side();
        let cells = n * n;
        let nv = cells * n;
        let (group_vars, var_groups, var_group_count) = groups(layout);
        let ngroups = group_vars.len() / n;
        let mut s = Cdcl {
            n,
            cells,
            value: vec![0; nv],
            level: vec![0; nv],
            why: vec![Why::Decided; nv],
            trail: Vec::with_capacity(nv),
            trail_lim: Vec::new(),
            qhead: 0,
            group_vars,
            open: vec![n as u32; ngroups],
            var_groups,
            var_group_count,
            clauses: Vec::new(),
            watches: vec![Vec::new(); 2 * nv],
            activity: vec![0.0; nv],
            var_inc: 1.0,
            clause_inc: 1.0,
            heap: Heap::new(nv),
            phase: vec![true; nv],
            seen: vec![false; nv],
            learned_count: 0,
            max_learned: nv / 3 + 2000,
            conflicts: 0,
            givens: grid.values().iter().map(|&v| v != 0).collect(),
            cancel: Cancel::current(),
        };
        for (c, &v) in grid.values().iter().enumerate() {
            if v != 0 {
                s.assign(Lit::pos(c * n + v as usize - 1), Why::Decided);
            }
        }
        s
    }

    /// Counts solutions up to `limit`; gives up (incomplete, `None`) after `max_conflicts`.
    pub fn count(&mut self, limit: u64, max_conflicts: u64) -> Option<Counted> {
        let mut result = Counted {
            count: 0,
            first: None,
            complete: false,
            conflicts: 0,
            cancelled: false,
        };
        let cancel = self.cancel.clone();
        let mut every = Every::new(&cancel, 32);
        if self.propagate().is_some() {
            result.complete = true;
            return Some(result);
        }
        let mut restart = Luby::default();
        let mut budget = restart.next() * 64;
        loop {
            if every.tick() {
                result.cancelled = true;
                break;
            }
            if let Some(conflict) = self.propagate() {
                self.conflicts += 1;
                if self.trail_lim.is_empty() {
                    result.complete = true;
                    break;
                }
                self.learn(conflict);
                if self.conflicts >= max_conflicts {
                    return None;
                }
                budget = budget.saturating_sub(1);
                continue;
            }
            if budget == 0 {
                self.cancel_until(0);
                budget = restart.next() * 64;
                continue;
            }
            if self.learned_count > self.max_learned {
                self.reduce();
            }
            match self.decide() {
                Some(lit) => {
                    self.trail_lim.push(self.trail.len());
                    self.assign(lit, Why::Decided);
                }
                None => {
                    result.count += 1;
                    let values = self.solution();
                    if result.first.is_none() {
                        result.first = Some(values.clone());
                    }
                    if result.count >= limit || !self.block(&values) {
                        result.complete = result.count < limit;
                        break;
                    }
                }
            }
        }
        result.conflicts = self.conflicts;
        Some(result)
    }

    fn value_of(&self, l: Lit) -> i8 {
        let v = self.value[l.var()];
        if l.is_neg() {
            -v
        } else {
            v
        }
    }

    fn decision_level(&self) -> u32 {
        self.trail_lim.len() as u32
    }

    fn assign(&mut self, l: Lit, why: Why) {
        let v = l.var();
        self.value[v] = if l.is_neg() { -1 } else { 1 };
        self.level[v] = self.decision_level();
        self.why[v] = why;
        self.trail.push(l);
        if l.is_neg() {
            for k in 0..self.var_group_count[v] as usize {
                self.open[self.var_groups[v * 6 + k] as usize] -= 1;
            }
        }
    }

    fn cancel_until(&mut self, level: u32) {
        if self.decision_level() <= level {
            return;
        }
        let start = self.trail_lim[level as usize];
        for i in (start..self.trail.len()).rev() {
            let l = self.trail[i];
            let v = l.var();
            if l.is_neg() {
                for k in 0..self.var_group_count[v] as usize {
                    self.open[self.var_groups[v * 6 + k] as usize] += 1;
                }
            }
            self.phase[v] = !l.is_neg();
            self.value[v] = 0;
            self.heap.insert(v, &self.activity);
        }
        self.trail.truncate(start);
        self.trail_lim.truncate(level as usize);
        self.qhead = start;
    }

    fn group(&self, g: u32) -> &[u32] {
        &self.group_vars[g as usize * self.n..(g as usize + 1) * self.n]
    }

    /// Unit propagation to a fixed point; the falsified constraint, if any.
    fn propagate(&mut self) -> Option<Conflict> {
        while self.qhead < self.trail.len() {
            let p = self.trail[self.qhead];
            self.qhead += 1;
            let conflict = if p.is_neg() {
                self.propagate_false(p.var())
            } else {
                self.propagate_true(p.var())
            };
            if conflict.is_some() {
                return conflict;
            }
            if let Some(c) = self.propagate_watches(p.not()) {
                return Some(Conflict::Clause(c));
            }
        }
        None
    }

    /// `x` is true: every other variable of its groups is false.
    fn propagate_true(&mut self, x: Var) -> Option<Conflict> {
        for k in 0..self.var_group_count[x] as usize {
            let g = self.var_groups[x * 6 + k];
            for i in 0..self.n {
                let y = self.group_vars[g as usize * self.n + i] as usize;
                match self.value[y] {
                    0 => self.assign(Lit::neg(y), Why::AtMostOne(x)),
                    1 if y != x => return Some(Conflict::Pair(x, y)),
                    _ => {}
                }
            }
        }
        None
    }

    /// `x` is false: a group left with one open variable makes it true.
    fn propagate_false(&mut self, x: Var) -> Option<Conflict> {
        for k in 0..self.var_group_count[x] as usize {
            let g = self.var_groups[x * 6 + k];
            match self.open[g as usize] {
                0 => return Some(Conflict::Group(g)),
                1 => {
                    let last = self
                        .group(g)
                        .iter()
                        .map(|&y| y as usize)
                        .find(|&y| self.value[y] != -1);
                    if let Some(y) = last.filter(|&y| self.value[y] == 0) {
                        self.assign(Lit::pos(y), Why::AtLeastOne(g));
                    }
                }
                _ => {}
            }
        }
        None
    }

    /// Visits the clauses watching `false_lit`, which just became false.
    fn propagate_watches(&mut self, false_lit: Lit) -> Option<u32> {
        let mut ws = std::mem::take(&mut self.watches[false_lit.index()]);
        let mut i = 0;
        let mut conflict = None;
        while i < ws.len() {
            let ci = ws[i];
            let clause = &mut self.clauses[ci as usize];
            if clause.deleted {
                ws.swap_remove(i);
                continue;
            }
            if clause.lits[0] == false_lit {
                clause.lits.swap(0, 1);
            }
            let first = clause.lits[0];
            let v0 = {
                let v = self.value[first.var()];
                if first.is_neg() {
                    -v
                } else {
                    v
                }
            };
            if v0 == 1 {
                i += 1;
                continue;
            }
            let value = &self.value;
            let lit_value = |l: Lit| {
                let v = value[l.var()];
                if l.is_neg() {
                    -v
                } else {
                    v
                }
            };
            if let Some(k) = (2..clause.lits.len()).find(|&k| lit_value(clause.lits[k]) != -1) {
                clause.lits.swap(1, k);
                let new_watch = clause.lits[1];
                self.watches[new_watch.index()].push(ci);
                ws.swap_remove(i);
                continue;
            }
            if v0 == -1 {
                conflict = Some(ci);
                break;
            }
            self.assign(first, Why::Clause(ci));
            i += 1;
        }
        let rest = std::mem::take(&mut self.watches[false_lit.index()]);
        ws.extend(rest);
        self.watches[false_lit.index()] = ws;
        conflict
    }

    /// The literals of the constraint behind `why` for `v`, other than `v`'s own (all false).
    fn reason_lits(&self, v: Var, out: &mut Vec<Lit>) {
        out.clear();
        match self.why[v] {
            Why::Decided => {}
            Why::AtMostOne(x) => out.push(Lit::neg(x)),
            Why::AtLeastOne(g) => out.extend(
                self.group(g)
                    .iter()
                    .map(|&y| y as usize)
                    .filter(|&y| y != v)
                    .map(Lit::pos),
            ),
            Why::Clause(c) => out.extend(
                self.clauses[c as usize]
                    .lits
                    .iter()
                    .copied()
                    .filter(|l| l.var() != v),
            ),
        }
    }

    fn conflict_lits(&self, conflict: Conflict) -> Vec<Lit> {
        match conflict {
            Conflict::Pair(x, y) => vec![Lit::neg(x), Lit::neg(y)],
            Conflict::Group(g) => self
                .group(g)
                .iter()
                .map(|&y| Lit::pos(y as usize))
                .collect(),
            Conflict::Clause(c) => self.clauses[c as usize].lits.clone(),
        }
    }

    /// First-UIP conflict analysis: learns a clause, backjumps, asserts it.
    fn learn(&mut self, conflict: Conflict) {
        if let Conflict::Clause(c) = conflict {
            self.bump_clause(c);
        }
        let level = self.decision_level();
        let mut learnt = vec![Lit(0)];
        let mut lits = self.conflict_lits(conflict);
        let mut pending = 0;
        let mut idx = self.trail.len();
        let uip = loop {
            for &q in &lits {
                let v = q.var();
                if !self.seen[v] && self.level[v] > 0 {
                    self.seen[v] = true;
                    self.bump_var(v);
                    if self.level[v] >= level {
                        pending += 1;
                    } else {
                        learnt.push(q);
                    }
                }
            }
            loop {
                idx -= 1;
                if self.seen[self.trail[idx].var()] {
                    break;
                }
            }
            let p = self.trail[idx];
            self.seen[p.var()] = false;
            pending -= 1;
            if pending == 0 {
                break p;
            }
            if let Why::Clause(c) = self.why[p.var()] {
                self.bump_clause(c);
            }
            let mut next = Vec::new();
            self.reason_lits(p.var(), &mut next);
            lits = next;
        };
        learnt[0] = uip.not();
        for l in &learnt[1..] {
            self.seen[l.var()] = false;
        }
        let back = (1..learnt.len()).max_by_key(|&i| self.level[learnt[i].var()]);
        let back_level = back.map_or(0, |i| self.level[learnt[i].var()]);
        if let Some(i) = back {
            learnt.swap(1, i);
        }
        self.cancel_until(back_level);
        if learnt.len() == 1 {
            self.assign(learnt[0], Why::Decided);
        } else {
            let ci = self.attach(learnt, true);
            let first = self.clauses[ci as usize].lits[0];
            self.assign(first, Why::Clause(ci));
        }
        self.var_inc /= 0.95;
        self.clause_inc /= 0.999;
    }

    fn attach(&mut self, lits: Vec<Lit>, learned: bool) -> u32 {
        let ci = self.clauses.len() as u32;
        self.watches[lits[0].index()].push(ci);
        self.watches[lits[1].index()].push(ci);
        self.clauses.push(Clause {
            lits,
            activity: self.clause_inc,
            learned,
            deleted: false,
        });
        if learned {
            self.learned_count += 1;
        }
        ci
    }

    fn bump_var(&mut self, v: Var) {
        self.activity[v] += self.var_inc;
        if self.activity[v] > 1e100 {
            self.activity.iter_mut().for_each(|a| *a *= 1e-100);
            self.var_inc *= 1e-100;
        }
        self.heap.raise(v, &self.activity);
    }

    fn bump_clause(&mut self, c: u32) {
        let clause = &mut self.clauses[c as usize];
        clause.activity += self.clause_inc;
        if clause.activity > 1e20 {
            self.clauses.iter_mut().for_each(|c| c.activity *= 1e-20);
            self.clause_inc *= 1e-20;
        }
    }

    /// Deletes the less active half of the learned clauses that are not reasons now.
    fn reduce(&mut self) {
        let locked: Vec<bool> = {
            let mut l = vec![false; self.clauses.len()];
            for lit in &self.trail {
                if let Why::Clause(c) = self.why[lit.var()] {
                    l[c as usize] = true;
                }
            }
            l
        };
        let mut candidates: Vec<u32> = (0..self.clauses.len() as u32)
            .filter(|&c| {
                let cl = &self.clauses[c as usize];
                cl.learned && !cl.deleted && cl.lits.len() > 2 && !locked[c as usize]
            })
            .collect();
        candidates.sort_by(|&a, &b| {
            self.clauses[a as usize]
                .activity
                .total_cmp(&self.clauses[b as usize].activity)
        });
        for &c in &candidates[..candidates.len() / 2] {
            self.clauses[c as usize].deleted = true;
            self.clauses[c as usize].lits = Vec::new();
            self.learned_count -= 1;
        }
        self.max_learned += self.max_learned / 10;
    }

    /// The next decision: the most active unassigned variable, with its saved phase.
    fn decide(&mut self) -> Option<Lit> {
        while let Some(v) = self.heap.pop(&self.activity) {
            if self.value[v] == 0 {
                return Some(if self.phase[v] {
                    Lit::pos(v)
                } else {
                    Lit::neg(v)
                });
            }
        }
        None
    }

    fn solution(&self) -> Vec<u8> {
        (0..self.cells)
            .map(|c| {
                (0..self.n)
                    .find(|&d| self.value[c * self.n + d] == 1)
                    .map_or(0, |d| d as u8 + 1)
            })
            .collect()
    }

    /// Adds "some open cell differs from `values`"; `false` when no other solution can exist.
    fn block(&mut self, values: &[u8]) -> bool {
        self.cancel_until(0);
        let lits: Vec<Lit> = (0..self.cells)
            .filter(|&c| !self.givens[c])
            .map(|c| Lit::neg(c * self.n + values[c] as usize - 1))
            .filter(|&l| self.value_of(l) != -1)
            .collect();
        match lits.len() {
            0 => false,
            1 => {
                if self.value_of(lits[0]) == 0 {
                    self.assign(lits[0], Why::Decided);
                }
                true
            }
            _ => {
                self.attach(lits, false);
                true
            }
        }
    }
}

/// The exactly-one groups of a layout: each cell, then each (house, digit).
fn groups(layout: &Layout) -> (Vec<u32>, Vec<u32>, Vec<u8>) {
    let n = layout.side();
    let nv = n * n * n;
    let mut group_vars = Vec::with_capacity((n * n + layout.houses().len() * n) * n);
    for c in 0..n * n {
        group_vars.extend((0..n).map(|d| (c * n + d) as u32));
    }
    for house in layout.houses() {
        for d in 0..n {
            group_vars.extend(house.cells.iter().map(|c| (c.index() * n + d) as u32));
        }
    }
    let mut var_groups = vec![0u32; nv * 6];
    let mut count = vec![0u8; nv];
    for (g, vars) in group_vars.chunks(n).enumerate() {
        for &v in vars {
            let v = v as usize;
            var_groups[v * 6 + count[v] as usize] = g as u32;
            count[v] += 1;
        }
    }
    (group_vars, var_groups, count)
}

/// The Luby sequence 1, 1, 2, 1, 1, 2, 4, ... (Luby, Sinclair and Zuckerman, 1993).
#[derive(Default)]
struct Luby {
    i: u64,
}

impl Luby {
    fn next(&mut self) -> u64 {
        self.i += 1;
        let mut i = self.i;
        loop {
            let k = 64 - i.leading_zeros() as u64;
            if i == (1 << k) - 1 {
                return 1 << (k - 1);
            }
            i -= (1 << (k - 1)) - 1;
        }
    }
}

/// A max-heap of variables by activity, with positions for raising keys.
struct Heap {
    items: Vec<u32>,
    pos: Vec<i32>,
}

impl Heap {
    fn new(nv: usize) -> Heap {
        Heap {
            items: (0..nv as u32).collect(),
            pos: (0..nv as i32).collect(),
        }
    }

    fn insert(&mut self, v: Var, act: &[f64]) {
        if self.pos[v] >= 0 {
            return;
        }
        self.pos[v] = self.items.len() as i32;
        self.items.push(v as u32);
        self.up(self.items.len() - 1, act);
    }

    fn raise(&mut self, v: Var, act: &[f64]) {
        if self.pos[v] >= 0 {
            self.up(self.pos[v] as usize, act);
        }
    }

    fn pop(&mut self, act: &[f64]) -> Option<Var> {
        let top = *self.items.first()? as usize;
        let last = self.items.pop().expect("non-empty");
        self.pos[top] = -1;
        if !self.items.is_empty() {
            self.items[0] = last;
            self.pos[last as usize] = 0;
            self.down(0, act);
        }
        Some(top)
    }

    fn up(&mut self, mut i: usize, act: &[f64]) {
        let v = self.items[i];
        while i > 0 {
            let parent = (i - 1) / 2;
            if act[self.items[parent] as usize] >= act[v as usize] {
                break;
            }
            self.items[i] = self.items[parent];
            self.pos[self.items[i] as usize] = i as i32;
            i = parent;
        }
        self.items[i] = v;
        self.pos[v as usize] = i as i32;
    }

    fn down(&mut self, mut i: usize, act: &[f64]) {
        let v = self.items[i];
        loop {
            let mut child = 2 * i + 1;
            if child >= self.items.len() {
                break;
            }
            if child + 1 < self.items.len()
                && act[self.items[child + 1] as usize] > act[self.items[child] as usize]
            {
                child += 1;
            }
            if act[self.items[child] as usize] <= act[v as usize] {
                break;
            }
            self.items[i] = self.items[child];
            self.pos[self.items[i] as usize] = i as i32;
            i = child;
        }
        self.items[i] = v;
        self.pos[v as usize] = i as i32;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn luby_sequence() {
        let mut l = Luby::default();
        let seq: Vec<u64> = (0..15).map(|_| l.next()).collect();
        assert_eq!(seq, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }

    #[test]
    fn counts_all_4x4_grids() {
        let empty = Grid::empty(std::sync::Arc::new(Layout::for_side(4).unwrap()));
        let c = Cdcl::new(&empty).count(1000, u64::MAX).unwrap();
        assert_eq!((c.count, c.complete), (288, true));
    }
}
