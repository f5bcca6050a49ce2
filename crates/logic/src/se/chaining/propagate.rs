//! A run: an assumption propagated, static or dynamic, with the rules of the level when
//! it stalls; and SE's static unary chains (forcing X- and XY-chains).

use super::*;

impl Chainer {
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

/// The inner dynamic chaining rules of levels 4 and 5 (SE: dynamic forcing chains, and
/// at 5 the rule of level 2 too).
fn inner_rules(level: u8, record: bool) -> Vec<Chainer> {
    let mut rules = vec![Chainer::new(Rule::Dynamic(0)).recording(record)];
    if level >= 5 {
        rules.push(Chainer::new(Rule::Dynamic(level - 3)).recording(record));
    }
    rules
}
