//! The generic exact solver: any layout (4×4 to 25×25, boxes, jigsaw, diagonals).
//!
//! State: the value and the candidate bits of every cell. Phases: `assign` (place a digit
//! and remove it from the peers, queueing naked singles), `sums` (on a killer, the digits
//! each cage's sum, and each sum the rule of 45 gives, allow), `hidden_singles` (a digit
//! with one place left in a house), `settle` (all three, to a fixed point), `choose` (the
//! unsolved cell with fewest candidates). The driver is a depth-first search with an explicit
//! stack of saved states, as in seed 004, counting solutions up to a limit.

use std::cell::RefCell;
use std::sync::Arc;

use sudokit_core::cancel::Cancel;
use sudokit_core::{Cell, Digit, DigitSet, Grid, House, Layout, MAX_SIDE};

use crate::observe::{Branch, Dead, Observer, Reason, View};

/// A placement waiting in the propagation queue.
type Pending = (Cell, Digit, Reason);

/// Values and candidates of every cell.
#[derive(Clone, Debug)]
struct State {
    /// 0 when unsolved.
    values: Vec<u8>,
    /// Candidate bits (bit `d - 1` for digit `d`); a solved cell keeps its own bit.
    cands: Vec<u32>,
    unsolved: usize,
    /// On a killer, the cells changed since the sums were last looked at (a bit per
    /// cell); empty otherwise.
    dirty: Vec<u64>,
    /// On a killer, the digits each cage was last known to need (`cage_needs`) when
    /// its sum was last looked at: a cage whose cells did not change is looked at again
    /// only when it needs more.
    needs_seen: Vec<u32>,
    /// The houses (bit `h` for house `h`) holding a cell whose candidates
    /// changed since `hidden_singles` last looked: a house none of whose cells changed
    /// can have no new hidden single, nor a digit with no place.
    houses_changed: u128,
    /// The digits placed in each house (bit `d - 1` for digit `d`).
    placed: Vec<u32>,
}

/// Every cell of `layout` marked, on a killer (none otherwise).
fn all_dirty(layout: &Layout) -> Vec<u64> {
    match layout.is_killer() {
        true => vec![u64::MAX; layout.cell_count().div_ceil(64)],
        false => Vec::new(),
    }
}

impl State {
    fn empty(layout: &Layout) -> State {
        let cells = layout.cell_count();
        let full = (1u32 << layout.side()) - 1;
        State {
            values: vec![0; cells],
            cands: vec![full; cells],
            unsolved: cells,
            dirty: all_dirty(layout),
            needs_seen: vec![0; layout.cages().len()],
            houses_changed: u128::MAX,
            placed: vec![0; layout.houses().len()],
        }
    }

    /// Marks cell `i` changed (on a killer).
    fn touch(&mut self, i: usize) {
        if let Some(word) = self.dirty.get_mut(i / 64) {
            *word |= 1 << (i % 64);
        }
    }

    fn view(&self) -> View<'_> {
        View {
            values: &self.values,
            candidates: &self.cands,
        }
    }

    /// Places `digit` in `cell` and removes it from the peers; new naked singles are queued.
    fn assign<O: Observer>(
        &mut self,
        layout: &Layout,
        (cell, digit, why): Pending,
        queue: &mut Vec<Pending>,
        obs: &mut O,
    ) -> Result<(), Dead> {
        let i = cell.index();
        let bit = 1u32 << digit.index();
        if self.values[i] != 0 {
            return if self.values[i] == digit.get() {
                Ok(())
            } else {
                Err(Dead::Clash(cell))
            };
        }
        if self.cands[i] & bit == 0 {
            return Err(Dead::Clash(cell));
        }
        self.values[i] = digit.get();
        self.cands[i] = bit;
        self.unsolved -= 1;
        self.houses_changed |= layout.house_bits(cell);
        for h in layout.houses_of(cell) {
            self.placed[h.index()] |= bit;
        }
        let killer = !self.dirty.is_empty();
        if killer {
            self.touch(i);
        }
        obs.place(cell, digit, why);
        for &p in layout.peers(cell) {
            let c = &mut self.cands[p.index()];
            if *c & bit == 0 {
                continue;
            }
            // The digit was the peer's last: it holds it (a clash) or has none left.
            if *c == bit {
                return Err(match self.values[p.index()] {
                    0 => Dead::NoCandidate(p),
                    _ => Dead::Clash(p),
                });
            }
            *c &= !bit;
            let left = *c;
            self.houses_changed |= layout.house_bits(p);
            if killer {
                self.dirty[p.index() / 64] |= 1 << (p.index() % 64);
            }
            if left.is_power_of_two() {
                let digit = Digit::from_index(left.trailing_zeros() as usize);
                queue.push((p, digit, Reason::NakedSingle));
            }
        }
        Ok(())
    }

    /// Queues every digit that has one place left in a house; `Ok(false)` when none.
    /// Only the houses changed since the last look are looked at: the others gave
    /// nothing then and give nothing now.
    fn hidden_singles(&mut self, layout: &Layout, queue: &mut Vec<Pending>) -> Result<bool, Dead> {
        let full = (1u32 << layout.side()) - 1;
        let mut found = false;
        let changed = std::mem::take(&mut self.houses_changed);
        for (h, house) in layout.houses().iter().enumerate() {
            if changed >> h & 1 == 0 {
                continue;
            }
            // A solved cell keeps its digit as its only candidate, and no other cell of
            // the house has it: its digit is seen once, and then left out as placed.
            let (mut once, mut twice) = (0u32, 0u32);
            for &c in &house.cells {
                let m = self.cands[c.index()];
                twice |= once & m;
                once |= m;
            }
            let placed = self.placed[h];
            if once != full {
                let missing = full & !once;
                return Err(Dead::NoPlace(
                    House::new(h),
                    Digit::from_index(missing.trailing_zeros() as usize),
                ));
            }
            let mut hidden = once & !twice & !placed;
            while hidden != 0 {
                let bit = hidden & hidden.wrapping_neg();
                hidden &= hidden - 1;
                let cell = *house
                    .cells
                    .iter()
                    .find(|c| self.cands[c.index()] & bit != 0)
                    .expect("digit has a place");
                queue.push((
                    cell,
                    Digit::from_index(bit.trailing_zeros() as usize),
                    Reason::HiddenSingle(House::new(h)),
                ));
                found = true;
            }
        }
        Ok(found)
    }

    /// Does some house hold a digit with one place left, or none? (Every house looked
    /// at: what `hidden_singles`, looking at the changed houses only, must agree with.)
    fn any_house_settles(&self, layout: &Layout) -> bool {
        let full = (1u32 << layout.side()) - 1;
        layout.houses().iter().any(|house| {
            let (mut once, mut twice, mut placed) = (0u32, 0u32, 0u32);
            for &c in &house.cells {
                let m = self.cands[c.index()];
                match self.values[c.index()] {
                    0 => (twice, once) = (twice | once & m, once | m),
                    _ => placed |= m,
                }
            }
            (once | placed) != full || once & !twice & !placed != 0
        })
    }

    /// Killer sums: each cage, and each sum the rule of 45 gives, keeps only the digits
    /// its sum allows (see `distinct_sum` and `grouped_sum`). `Ok(true)` when a
    /// candidate was removed or a digit queued.
    fn sums(
        &mut self,
        layout: &Layout,
        scratch: &mut Scratch,
        queue: &mut Vec<Pending>,
    ) -> Result<bool, Dead> {
        let mut changed = false;
        let shape = &*scratch.shape;
        self.cage_needs(&shape.parts, &mut scratch.must);
        let must = &scratch.must;
        // The cells changed since the last pass; changes made in this one mark afresh.
        let check = &mut scratch.check;
        check.clear();
        check.extend_from_slice(&self.dirty);
        self.dirty.fill(0);
        let check = &*check;
        // Sum `k` (the cages, then the rule of 45's sums) holds a changed cell.
        let words = check.len();
        let masks = &shape.masks;
        let stale = |k: usize| {
            masks[k * words..(k + 1) * words]
                .iter()
                .zip(check)
                .any(|(m, c)| m & c != 0)
        };
        let cages = layout.cages().len();
        for (k, cage) in layout.cages().iter().enumerate() {
            if must[k] == self.needs_seen[k] && !stale(k) {
                continue;
            }
            self.needs_seen[k] = must[k];
            let why = (Dead::CageSum(k), Reason::Cage(k));
            changed |= self.distinct_sum(layout, &cage.cells, cage.sum, must[k], why, queue)?;
        }
        for (k, rule) in layout.innies().iter().enumerate() {
            if !stale(cages + k) {
                continue;
            }
            let why = (Dead::Innies(k), Reason::Innies(k));
            changed |= match rule.distinct {
                true => self.distinct_sum(layout, &rule.cells, rule.sum, 0, why, queue)?,
                false => {
                    let groups = &shape.groups[k];
                    self.grouped_sum(&rule.cells, groups, rule.sum, why, queue)?
                }
            };
        }
        let innies = layout.innies().len();
        // (None when the search keeps off them: `Search::without_differences`.)
        let differences = match scratch.differences {
            true => layout.differences(),
            false => &[],
        };
        for (k, (rule, groups)) in differences.iter().zip(&shape.differences).enumerate() {
            if !stale(cages + innies + k) {
                continue;
            }
            let why = (Dead::Difference(k), Reason::Difference(k));
            let plus = (&rule.plus[..], &groups.0[..]);
            let minus = (&rule.minus[..], &groups.1[..]);
            changed |= self.difference(plus, minus, rule.sum, why, queue)?;
        }
        Ok(changed)
    }

    /// The digits each cage must hold: a digit whose every place in some house lies in
    /// one cage goes in that cage.
    fn cage_needs(&self, parts: &HouseParts, must: &mut [u32]) {
        must.fill(0);
        let mut unions = [0u32; MAX_SIDE];
        for &(from, to) in &parts.houses {
            // The house's open cells by cage (the union of each cage's candidates in
            // the house), the open cells in no cage, and the digits placed.
            let parts_here = &parts.parts[from as usize..to as usize];
            let (mut once, mut twice, mut placed) = (0u32, 0u32, 0u32);
            for (p, &(cage, a, b)) in parts_here.iter().enumerate() {
                let mut union = 0u32;
                for &i in &parts.cells[a as usize..b as usize] {
                    let (i, m) = (usize::from(i), self.cands[usize::from(i)]);
                    if self.values[i] != 0 {
                        placed |= m;
                    } else {
                        union |= m;
                    }
                }
                if cage == NO_CAGE {
                    twice |= union;
                } else {
                    twice |= once & union;
                    once |= union;
                }
                unions[p] = union;
            }
            // The digits whose open places all lie in one cage.
            let only = once & !twice & !placed;
            if only != 0 {
                for (p, &(cage, _, _)) in parts_here.iter().enumerate() {
                    if cage != NO_CAGE {
                        must[usize::from(cage)] |= unions[p] & only;
                    }
                }
            }
        }
    }

    /// `cells` (whose digits differ) add up to `sum`: the digits no combination of
    /// different digits with that sum allows leave the open cells (a combination must use
    /// digits its cells can still hold, hold the digits in `must`, and give every open cell
    /// one of its candidates);
    /// a digit every combination needs, with one place left, is queued, and leaves
    /// every cell that sees all its places.
    fn distinct_sum(
        &mut self,
        layout: &Layout,
        cells: &[Cell],
        total: u32,
        must: u32,
        (dead, reason): (Dead, Reason),
        queue: &mut Vec<Pending>,
    ) -> Result<bool, Dead> {
        let mut changed = false;
        let (mut placed, mut sum) = (0u32, 0u32);
        let mut open = [0u32; MAX_SIDE];
        let mut at = [0usize; MAX_SIDE];
        let mut m = 0;
        for c in cells {
            let v = self.values[c.index()];
            if v == 0 {
                open[m] = self.cands[c.index()];
                at[m] = c.index();
                m += 1;
            } else {
                placed |= 1 << (v - 1);
                sum += u32::from(v);
            }
        }
        if sum > total || (m == 0 && sum != total) {
            return Err(dead);
        }
        if m == 0 {
            return Ok(false);
        }
        let avail = open[..m].iter().fold(0, |a, &c| a | c) & !placed;
        // Digits past 16 (past the tables of sums) with more sets to go through than the
        // budget allows: the bounds of the sum alone, which cost a few steps where the
        // walk would spend its whole budget for nothing at every pass.
        if avail >> 16 != 0 && sets_above(avail.count_ones(), m, COMBO_BUDGET) {
            let keep = distinct_bounds(avail, m, total - sum).ok_or(dead)?;
            for (&i, &before) in at[..m].iter().zip(&open[..m]) {
                if before & keep != before {
                    changed = true;
                    self.narrow(i, before & keep, reason, queue)?;
                }
            }
            return Ok(changed);
        }
        // The combinations of the open cells: sets of different digits, one per open
        // cell, with the sum left, each digit one an open cell can hold and each open
        // cell holding one of the set's digits; their union and the digits they share.
        let (open, must) = (&open[..m], must & !placed);
        let (mut union, mut common) = (0u32, u32::MAX);
        let mut budget = COMBO_BUDGET;
        sudokit_core::sum_sets(avail, m, total - sum, &mut budget, &mut |set| {
            if set & must == must && open.iter().all(|&c| c & set != 0) {
                union |= set;
                common &= set;
            }
            // Nothing more to learn: every digit in the union and none common.
            union != avail || common != 0
        });
        if budget == 0 {
            // Too many combinations to go through (large grids): nothing learnt this time.
            return Ok(false);
        }
        if union == 0 {
            return Err(dead);
        }
        for (&i, &before) in at[..m].iter().zip(&open[..m]) {
            let after = before & union;
            if after != before {
                changed = true;
                self.narrow(i, after, reason, queue)?;
            }
        }
        // A digit every combination needs: with one place left it goes there; with more,
        // it leaves every cell that sees all its places.
        let mut needed = common;
        while needed != 0 {
            let bit = needed & needed.wrapping_neg();
            needed &= needed - 1;
            let mut places = at[..m].iter().filter(|&&i| self.cands[i] & bit != 0);
            if let (Some(&i), None) = (places.clone().next(), places.clone().nth(1)) {
                if self.cands[i] != bit {
                    let digit = Digit::from_index(bit.trailing_zeros() as usize);
                    queue.push((Cell::new(i), digit, reason));
                    changed = true;
                }
                continue;
            }
            let Some(&first) = places.next() else {
                continue;
            };
            let mut seen = *layout.peer_set(Cell::new(first));
            for &i in places {
                seen = seen.and(layout.peer_set(Cell::new(i)));
            }
            for q in seen.iter() {
                let i = q.index();
                if self.values[i] == 0 && self.cands[i] & bit != 0 {
                    changed = true;
                    self.narrow(i, self.cands[i] & !bit, reason, queue)?;
                }
            }
        }
        Ok(changed)
    }

    /// `cells` (which may repeat a digit) add up to `total`, in groups of cells that see
    /// each other (`groups[j]` is the group of `cells[j]`), so that within a group the
    /// digits differ: a group of k open cells adds up to at least its k smallest
    /// candidates and at most its k largest, and each open cell keeps a digit only when
    /// the rest can still make up the difference within those bounds.
    fn grouped_sum(
        &mut self,
        cells: &[Cell],
        groups: &[u8],
        total: u32,
        (dead, reason): (Dead, Reason),
        queue: &mut Vec<Pending>,
    ) -> Result<bool, Dead> {
        let mut side = Side::default();
        self.side(cells, groups, &mut side);
        let left = total.checked_sub(side.placed).ok_or(dead)?;
        side.bound().ok_or(dead)?;
        let mut keep = [0u32; GROUPS];
        match side.keep((left, left), &mut keep).ok_or(dead)? {
            true => self.keep_groups(cells, groups, &keep, reason, queue),
            false => Ok(false),
        }
    }

    /// `sum(plus) − sum(minus) = total`, each side's cells in groups that see each other
    /// (as in `grouped_sum`): each side adds up to what the other's bounds allow.
    fn difference(
        &mut self,
        (plus, plus_groups): (&[Cell], &[u8]),
        (minus, minus_groups): (&[Cell], &[u8]),
        total: i32,
        (dead, reason): (Dead, Reason),
        queue: &mut Vec<Pending>,
    ) -> Result<bool, Dead> {
        let (mut p, mut m) = (Side::default(), Side::default());
        self.side(plus, plus_groups, &mut p);
        self.side(minus, minus_groups, &mut m);
        // What the open cells of plus less those of minus add up to.
        let left = i64::from(total) - i64::from(p.placed) + i64::from(m.placed);
        p.bound().ok_or(dead)?;
        m.bound().ok_or(dead)?;
        let clamp = |x: i64| x.clamp(0, i64::from(u32::MAX)) as u32;
        let p_range = (clamp(left + i64::from(m.lo)), clamp(left + i64::from(m.hi)));
        let m_range = (clamp(i64::from(p.lo) - left), clamp(i64::from(p.hi) - left));
        let (mut p_keep, mut m_keep) = ([0u32; GROUPS], [0u32; GROUPS]);
        let p_narrows = p.keep(p_range, &mut p_keep).ok_or(dead)?;
        let m_narrows = m.keep(m_range, &mut m_keep).ok_or(dead)?;
        let mut changed = false;
        if p_narrows {
            changed |= self.keep_groups(plus, plus_groups, &p_keep, reason, queue)?;
        }
        if m_narrows {
            changed |= self.keep_groups(minus, minus_groups, &m_keep, reason, queue)?;
        }
        Ok(changed)
    }

    /// Fills `side` (a fresh one) with the open cells of `cells` by group (`groups[j]` is
    /// the group of `cells[j]`): each group's candidates less the digits placed in it, its
    /// open cells, and the sum placed.
    fn side(&self, cells: &[Cell], groups: &[u8], side: &mut Side) {
        let mut placed = [0u32; GROUPS];
        for (c, &g) in cells.iter().zip(groups) {
            let (i, g) = (c.index(), usize::from(g));
            side.count = side.count.max(g + 1);
            match self.values[i] {
                0 => {
                    side.union[g] |= self.cands[i];
                    side.open[g] += 1;
                }
                v => {
                    placed[g] |= 1 << (v - 1);
                    side.placed += u32::from(v);
                }
            }
        }
        for (union, placed) in side.union.iter_mut().zip(placed).take(side.count) {
            *union &= !placed;
        }
    }

    /// Each open cell of `cells` keeps its candidates in its group's `keep`.
    fn keep_groups(
        &mut self,
        cells: &[Cell],
        groups: &[u8],
        keep: &[u32; GROUPS],
        reason: Reason,
        queue: &mut Vec<Pending>,
    ) -> Result<bool, Dead> {
        let mut changed = false;
        for (c, &g) in cells.iter().zip(groups) {
            let i = c.index();
            if self.values[i] != 0 {
                continue;
            }
            let before = self.cands[i];
            let after = before & keep[usize::from(g)];
            if after != before {
                changed = true;
                self.narrow(i, after, reason, queue)?;
            }
        }
        Ok(changed)
    }

    /// Cell `i`'s candidates become `after` (fewer): none left is a dead end, one is
    /// queued.
    fn narrow(
        &mut self,
        i: usize,
        after: u32,
        reason: Reason,
        queue: &mut Vec<Pending>,
    ) -> Result<(), Dead> {
        self.cands[i] = after;
        self.touch(i);
        match after.count_ones() {
            0 => Err(Dead::NoCandidate(Cell::new(i))),
            1 => {
                let digit = Digit::from_index(after.trailing_zeros() as usize);
                queue.push((Cell::new(i), digit, reason));
                Ok(())
            }
            _ => Ok(()),
        }
    }

    /// The branch with fewest alternatives: the unsolved cell with fewest candidates, or,
    /// when every cell has three or more, a digit with only two places in a house (the
    /// smallest column of the exact-cover matrix, as in Knuth's dancing links).
    fn choose(&self, layout: &Layout) -> Frame {
        let mut best = (u32::MAX, 0);
        for (i, (&v, &c)) in self.values.iter().zip(&self.cands).enumerate() {
            if v == 0 && c.count_ones() < best.0 {
                best = (c.count_ones(), i);
                if best.0 == 2 {
                    break;
                }
            }
        }
        if best.0 > 2 {
            if let Some(frame) = self.two_place_digit(layout) {
                return frame;
            }
        }
        let cell = Cell::new(best.1);
        let mut frame = Frame::new(None);
        for d in DigitSet::from_bits(self.cands[best.1]) {
            frame.push(cell, d);
        }
        frame
    }

    /// On a killer: the open cell with the fewest candidates for the dead ends it has
    /// been in (`weights`, counted along the search): cells the sums keep failing on are
    /// decided first, as in constraint solvers' "domain over weighted degree" rule.
    fn choose_weighted(&self, weights: &[u32]) -> Frame {
        let mut best = (u64::MAX, 0);
        for (i, (&v, &c)) in self.values.iter().zip(&self.cands).enumerate() {
            if v == 0 {
                let score = (u64::from(c.count_ones()) << 32) / (u64::from(weights[i]) + 1);
                if score < best.0 {
                    best = (score, i);
                }
            }
        }
        let cell = Cell::new(best.1);
        let mut frame = Frame::new(None);
        for d in DigitSet::from_bits(self.cands[best.1]) {
            frame.push(cell, d);
        }
        frame
    }

    /// A digit with exactly two places left in some house, as a branch over those places.
    fn two_place_digit(&self, layout: &Layout) -> Option<Frame> {
        for (h, house) in layout.houses().iter().enumerate() {
            let (mut once, mut twice, mut thrice) = (0u32, 0u32, 0u32);
            for &c in &house.cells {
                if self.values[c.index()] == 0 {
                    let m = self.cands[c.index()];
                    thrice |= twice & m;
                    twice |= once & m;
                    once |= m;
                }
            }
            let pairs = twice & !thrice;
            if pairs != 0 {
                let digit = Digit::from_index(pairs.trailing_zeros() as usize);
                let mut frame = Frame::new(Some(House::new(h)));
                for &c in house.cells.iter().filter(|c| self.values[c.index()] == 0) {
                    if self.cands[c.index()] & (1 << digit.index()) != 0 {
                        frame.push(c, digit);
                    }
                }
                return Some(frame);
            }
        }
        None
    }
}

/// Are there more than `limit` ways to choose `k` of `n` digits?
fn sets_above(n: u32, k: usize, limit: u32) -> bool {
    let (n, k) = (u64::from(n), k as u64);
    if k > n {
        return false;
    }
    let k = k.min(n - k);
    let mut ways = 1u64;
    for i in 0..k {
        ways = ways * (n - i) / (i + 1);
        if ways > u64::from(limit) {
            return true;
        }
    }
    false
}

/// The digits of `avail` that `k` different digits of it adding up to `left` can
/// put in a cell, by the bounds alone: with digit d, the other k − 1 make at least the
/// sum of the smallest and at most the sum of the largest k − 1 digits left. `None`
/// when no k digits of `avail` reach `left`.
fn distinct_bounds(avail: u32, k: usize, left: u32) -> Option<u32> {
    let mut all = [0u32; 32];
    let mut n = 0;
    let mut rest = avail;
    while rest != 0 {
        all[n] = rest.trailing_zeros() + 1;
        n += 1;
        rest &= rest - 1;
    }
    let digits = &all[..n];
    if k == 0 || k > n {
        return None;
    }
    let low: u32 = digits[..k].iter().sum();
    let high: u32 = digits[n - k..].iter().sum();
    if left < low || left > high {
        return None;
    }
    let (low_rest, high_rest) = (low - digits[k - 1], high - digits[n - k]);
    let mut keep = 0;
    for (p, &d) in digits.iter().enumerate() {
        // The k − 1 others: the smallest (or largest) of the digits other than d.
        let least = if p < k { low - d } else { low_rest };
        let most = if p >= n - k { high - d } else { high_rest };
        if d + least <= left && left <= d + most {
            keep |= 1 << (d - 1);
        }
    }
    (keep != 0).then_some(keep)
}

/// The most steps one search of a sum's combinations takes: on 9×9 every search ends far
/// below it; on 25×25 a sum of many open cells has millions of combinations, and going
/// through them at every step of the search would cost more than it saves.
const COMBO_BUDGET: u32 = 1024;

/// A part of a house with no cage (its cells in no cage).
const NO_CAGE: u16 = u16::MAX;

/// Each house's cells grouped by the cage they are in (cells in no cage are one more
/// group), as `State::cage_needs` goes through them at every pass.
#[derive(Debug, Default)]
struct HouseParts {
    /// Each house's range of `parts`.
    houses: Vec<(u32, u32)>,
    /// A cage (or [`NO_CAGE`]) and its range of `cells`.
    parts: Vec<(u16, u32, u32)>,
    /// Cell indices.
    cells: Vec<u16>,
}

impl HouseParts {
    fn new(layout: &Layout) -> HouseParts {
        let mut out = HouseParts::default();
        for house in layout.houses() {
            let start = out.parts.len() as u32;
            let mut groups: Vec<(u16, Vec<u16>)> = Vec::new();
            for &c in &house.cells {
                let cage = layout.cage_of(c).map_or(NO_CAGE, |k| k as u16);
                let i = c.index() as u16;
                match groups.iter_mut().find(|(k, _)| *k == cage) {
                    Some((_, cells)) => cells.push(i),
                    None => groups.push((cage, vec![i])),
                }
            }
            for (cage, cells) in groups {
                let a = out.cells.len() as u32;
                out.cells.extend(cells);
                out.parts.push((cage, a, out.cells.len() as u32));
            }
            out.houses.push((start, out.parts.len() as u32));
        }
        out
    }
}

/// The most groups of cells that see each other a rule-of-45 sum or difference has
/// (its cells are at most 9 a side, `Layout::innies` and `Layout::differences`).
const GROUPS: usize = 16;

/// Open cells in groups whose digits differ within a group (`State::side`).
#[derive(Default)]
struct Side {
    /// Each group's candidates, less the digits placed in it.
    union: [u32; GROUPS],
    /// Each group's open cells.
    open: [u32; GROUPS],
    /// The number of groups.
    count: usize,
    /// The sum of the digits placed.
    placed: u32,
    /// The least and the most all open cells add up to (`Side::bound`).
    lo: u32,
    hi: u32,
}

/// What a group of k open cells can add up to: at least `low`, the sum of its k smallest
/// candidates, the largest of which is `kth_low`; at most `high`, likewise from above.
#[derive(Clone, Copy, Default)]
struct Reach {
    low: u32,
    kth_low: u32,
    high: u32,
    kth_high: u32,
}

impl Reach {
    /// What `k` different digits of `u` (which has at least `k`) add up to.
    fn of(mut u: u32, k: u32) -> Reach {
        let mut r = Reach::default();
        let mut low = u;
        for _ in 0..k {
            r.kth_low = low.trailing_zeros() + 1;
            r.low += r.kth_low;
            low &= low - 1;
            r.kth_high = 32 - u.leading_zeros();
            r.high += r.kth_high;
            u &= !(1 << (r.kth_high - 1));
        }
        r
    }
}

impl Side {
    /// Works out the least and the most all open cells add up to. `None` when a group has
    /// fewer candidates than open cells.
    fn bound(&mut self) -> Option<()> {
        for g in 0..self.count {
            let (u, k) = (self.union[g], self.open[g]);
            if u.count_ones() < k {
                return None;
            }
            let r = Reach::of(u, k);
            self.lo += r.low;
            self.hi += r.high;
        }
        Some(())
    }

    /// For open cells that must add up to between `least` and `most`: the digits each
    /// group's cells may still take, in `keep` (`Some(false)` when every candidate stays
    /// and `keep` is untouched), or `None` when the sum cannot be made.
    /// With digit d in one of a group's k cells, the other k − 1 add up to at least the k
    /// smallest less d when d is among them (always room then, as the whole is at least
    /// the smallest), else the k − 1 smallest: so d is at most the k-th smallest or what
    /// the k − 1 smallest and the other groups' least leave. Likewise from above.
    fn keep(&self, (least, most): (u32, u32), keep: &mut [u32; GROUPS]) -> Option<bool> {
        let (lo, hi) = (self.lo, self.hi);
        if most < lo || least > hi || least > most {
            return None;
        }
        if least <= lo && hi <= most {
            // Every filling within the groups' bounds makes the sum.
            return Some(false);
        }
        let groups = self.union.iter().zip(&self.open).zip(keep.iter_mut());
        for ((&u, &k), keep) in groups.take(self.count) {
            if k == 0 {
                continue;
            }
            let r = Reach::of(u, k);
            let (rest_lo, rest_hi) = (lo - r.low, hi - r.high);
            let top = (most - rest_lo)
                .saturating_sub(r.low - r.kth_low)
                .max(r.kth_low);
            let bottom = (least.saturating_sub(rest_hi))
                .saturating_sub(r.high - r.kth_high)
                .min(r.kth_high)
                .max(1);
            *keep = u & digits_between(bottom, top);
        }
        Some(true)
    }
}

/// The digits `least` to `most` as bits (bit 0 is digit 1); none when `least > most`.
fn digits_between(least: u32, most: u32) -> u32 {
    if least > most || least == 0 {
        return 0;
    }
    let upto = if most >= 32 {
        u32::MAX
    } else {
        (1u32 << most) - 1
    };
    upto & !((1u32 << (least - 1)) - 1)
}

/// `cells` in groups that see each other (greedily, in order): the group of each cell.
fn peer_groups(layout: &Layout, cells: &[Cell]) -> Vec<u8> {
    let mut groups: Vec<Vec<Cell>> = Vec::new();
    let mut of = Vec::with_capacity(cells.len());
    for &c in cells {
        let peers = layout.peer_set(c);
        match groups
            .iter()
            .position(|g| g.iter().all(|&o| peers.contains(o)))
        {
            Some(g) => {
                groups[g].push(c);
                of.push(g as u8);
            }
            None => {
                of.push(groups.len() as u8);
                groups.push(vec![c]);
            }
        }
    }
    assert!(groups.len() <= GROUPS, "a sum of at most {GROUPS} cells");
    of
}

/// The cells of each cage, then of each sum of [`Layout::innies`], then of each
/// [`Layout::differences`], as bits, each in as many words as the grid has cells / 64,
/// rounded up.
fn sum_masks(layout: &Layout) -> Vec<u64> {
    let words = layout.cell_count().div_ceil(64);
    let sums = layout.cages().len() + layout.innies().len() + layout.differences().len();
    let mut masks = vec![0u64; sums * words];
    let cells = layout.cages().iter().map(|c| c.cells.iter().chain(&[]));
    let innies = layout.innies().iter().map(|r| r.cells.iter().chain(&[]));
    let differences = layout
        .differences()
        .iter()
        .map(|d| d.plus.iter().chain(&d.minus));
    for (k, cells) in cells.chain(innies).chain(differences).enumerate() {
        for c in cells {
            masks[k * words + c.index() / 64] |= 1 << (c.index() % 64);
        }
    }
    masks
}

/// Buffers the sums' pass reuses from call to call (killers only).
#[derive(Debug, Default)]
struct Scratch {
    /// What the pass needs of the layout.
    shape: Arc<Shape>,
    /// The digits each cage must hold (`State::cage_needs`).
    must: Vec<u32>,
    /// The cells changed since the last pass (a bit per cell).
    check: Vec<u64>,
    /// Does the pass keep the rule of 45's differences?
    differences: bool,
}

/// What the sums' pass needs of a killer layout, made from it alone: made once per
/// layout and thread (`Shape::of`), as the logic engine's trials start a search for
/// every trial.
#[derive(Debug, Default)]
struct Shape {
    /// Each house's cells by cage.
    parts: HouseParts,
    /// The cells of each cage, then of each rule-of-45 sum, then of each difference, as
    /// bits (as many words a sum as `State::dirty` has).
    masks: Vec<u64>,
    /// For each rule-of-45 sum, the group of cells that see each other each cell is in.
    groups: Vec<Vec<u8>>,
    /// For each rule-of-45 difference, the same for its plus and its minus cells.
    differences: Vec<(Vec<u8>, Vec<u8>)>,
}

impl Shape {
    /// The shape of `layout`: the one last made on this thread when it is for the same
    /// layout (the same `Arc`, kept alive by the table so that its address is not reused).
    fn of(layout: &Arc<Layout>) -> Arc<Shape> {
        thread_local! {
            static LAST: RefCell<Option<(Arc<Layout>, Arc<Shape>)>> = const { RefCell::new(None) };
        }
        LAST.with(|last| {
            let mut last = last.borrow_mut();
            if let Some((known, shape)) = &*last {
                if Arc::ptr_eq(known, layout) {
                    return shape.clone();
                }
            }
            let shape = Arc::new(Shape {
                parts: HouseParts::new(layout),
                masks: sum_masks(layout),
                groups: layout
                    .innies()
                    .iter()
                    .map(|rule| peer_groups(layout, &rule.cells))
                    .collect(),
                differences: layout
                    .differences()
                    .iter()
                    .map(|d| (peer_groups(layout, &d.plus), peer_groups(layout, &d.minus)))
                    .collect(),
            });
            *last = Some((layout.clone(), shape.clone()));
            shape
        })
    }
}

/// A branch point: the alternatives `(cell, digit)`, and how many have been tried.
/// `house` is set when the alternatives are the places of one digit in that house.
#[derive(Clone, Copy, Debug)]
struct Frame {
    options: [(Cell, Digit); MAX_SIDE],
    len: u8,
    tried: u8,
    house: Option<House>,
}

impl Frame {
    fn new(house: Option<House>) -> Frame {
        Frame {
            options: [(Cell::new(0), Digit::new(1)); MAX_SIDE],
            len: 0,
            tried: 0,
            house,
        }
    }

    fn push(&mut self, cell: Cell, digit: Digit) {
        self.options[self.len as usize] = (cell, digit);
        self.len += 1;
    }

    /// The next untried alternative and its 1-based number.
    fn next(&mut self) -> Option<((Cell, Digit), usize)> {
        (self.tried < self.len).then(|| {
            self.tried += 1;
            (self.options[self.tried as usize - 1], self.tried as usize)
        })
    }
}

/// The search over one puzzle.
pub(crate) struct Search<'a, O: Observer> {
    layout: &'a Layout,
    grid: &'a Grid,
    /// `states[d]` is the state at branch depth `d`.
    states: Vec<State>,
    frames: Vec<Frame>,
    queue: Vec<Pending>,
    scratch: Scratch,
    obs: &'a mut O,
    pub count: u64,
    pub guesses: u64,
    pub first: Option<Vec<u8>>,
    /// Stop (with `gave_up` set) once more than this many guesses have been made per
    /// solution found, plus one (`budget × (count + 1)`): thrashing, not enumerating.
    pub budget: u64,
    pub gave_up: bool,
    /// Stops the search (with `gave_up` and `cancelled` set), checked every few guesses.
    pub cancel: Cancel,
    pub cancelled: bool,
    /// On a killer, the dead ends each cell has been found in (empty otherwise).
    weights: Vec<u32>,
}

impl<'a, O: Observer> Search<'a, O> {
    /// The search, without the rule of 45's differences (`Layout::differences`), which
    /// the logic engine does not teach: its forcing chains run on this propagation.
    pub fn without_differences(grid: &'a Grid, obs: &'a mut O) -> Search<'a, O> {
        Search::with(grid, obs, false)
    }

    pub fn new(grid: &'a Grid, obs: &'a mut O) -> Search<'a, O> {
        Search::with(grid, obs, true)
    }

    fn with(grid: &'a Grid, obs: &'a mut O, differences: bool) -> Search<'a, O> {
        let layout = grid.layout();
        Search {
            layout,
            grid,
            states: vec![State::empty(layout)],
            frames: Vec::new(),
            queue: Vec::new(),
            scratch: match layout.is_killer() {
                true => Scratch {
                    shape: Shape::of(grid.layout()),
                    must: vec![0; layout.cages().len()],
                    check: Vec::new(),
                    differences,
                },
                false => Scratch::default(),
            },
            obs,
            count: 0,
            guesses: 0,
            first: None,
            budget: u64::MAX,
            gave_up: false,
            cancel: Cancel::current(),
            cancelled: false,
            weights: match layout.is_killer() {
                true => vec![0; layout.cell_count()],
                false => Vec::new(),
            },
        }
    }

    /// Places every given, in reading order, before any single is propagated (so that a
    /// contradiction among the givens is reported where it shows first), then settles.
    fn start(&mut self) -> Result<(), Dead> {
        let state = &mut self.states[0];
        let placed = self
            .layout
            .cells()
            .filter_map(|c| self.grid.get(c).map(|d| (c, d, Reason::Given)))
            .try_for_each(|given| state.assign(self.layout, given, &mut self.queue, self.obs));
        if let Err(why) = placed {
            self.queue.clear();
            self.obs.dead_end(why);
            return Err(why);
        }
        self.settle(0)
    }

    /// Propagates singles from a pencil-mark state (values, and candidates of the open
    /// cells, which the caller keeps consistent with the values); the state reached.
    pub fn settle_marks(
        &mut self,
        values: Vec<u8>,
        cands: Vec<u32>,
    ) -> Result<(Vec<u8>, Vec<u32>), Dead> {
        let unsolved = values.iter().filter(|&&v| v == 0).count();
        let cands: Vec<u32> = values
            .iter()
            .zip(cands)
            .map(|(&v, c)| if v == 0 { c } else { 1 << (v - 1) })
            .collect();
        for (i, (&v, &c)) in values.iter().zip(&cands).enumerate() {
            if v == 0 {
                match c.count_ones() {
                    0 => return Err(Dead::NoCandidate(Cell::new(i))),
                    1 => self.queue.push((
                        Cell::new(i),
                        Digit::from_index(c.trailing_zeros() as usize),
                        Reason::NakedSingle,
                    )),
                    _ => {}
                }
            }
        }
        let placed = self
            .layout
            .houses()
            .iter()
            .map(|house| {
                house.cells.iter().fold(0, |p, c| match values[c.index()] {
                    0 => p,
                    v => p | 1 << (v - 1),
                })
            })
            .collect();
        self.states[0] = State {
            values,
            cands,
            unsolved,
            dirty: all_dirty(self.layout),
            needs_seen: vec![0; self.layout.cages().len()],
            houses_changed: u128::MAX,
            placed,
        };
        self.settle(0)?;
        Ok((self.states[0].values.clone(), self.states[0].cands.clone()))
    }

    /// Propagates the givens' singles only (no search); the values and candidates reached.
    pub fn settle_root(&mut self) -> Result<(Vec<u8>, Vec<u32>), Dead> {
        self.start()?;
        Ok((self.states[0].values.clone(), self.states[0].cands.clone()))
    }

    /// Counts solutions until `limit` is reached or the search is exhausted.
    pub fn run(&mut self, limit: u64) {
        if self.start().is_err() {
            return;
        }
        let mut depth = 0;
        loop {
            if self.states[depth].unsolved == 0 {
                self.record(depth);
                if self.count >= limit {
                    return;
                }
            } else {
                let frame = match self.weights.is_empty() {
                    true => self.states[depth].choose(self.layout),
                    false => self.states[depth].choose_weighted(&self.weights),
                };
                self.frames.push(frame);
            }
            match self.next_alternative() {
                Some(d) => depth = d,
                None => return,
            }
        }
    }

    /// Tries the next untried choice of the deepest branch point, backing up when one is
    /// exhausted; returns the depth of the state it leads to, or `None` when all is done.
    fn next_alternative(&mut self) -> Option<usize> {
        loop {
            let depth = self.frames.len();
            let frame = self.frames.last_mut()?;
            let Some(((cell, digit), choice)) = frame.next() else {
                self.frames.pop();
                self.obs.backtrack(depth);
                continue;
            };
            self.guesses += 1;
            if self.guesses > self.budget.saturating_mul(self.count + 1) {
                self.gave_up = true;
                return None;
            }
            // A guess on a large grid costs tens of microseconds: the clock every 16.
            if self.guesses.is_multiple_of(16) && self.cancel.is_cancelled() {
                self.gave_up = true;
                self.cancelled = true;
                return None;
            }
            self.obs.branch(Branch {
                cell,
                digit,
                choice,
                of: frame.len as usize,
                depth,
                house: frame.house,
            });
            if depth == self.states.len() {
                self.states.push(self.states[depth - 1].clone());
            } else {
                let (parents, children) = self.states.split_at_mut(depth);
                children[0].clone_from(&parents[depth - 1]);
            }
            self.queue.push((cell, digit, Reason::Guess));
            match self.settle(depth) {
                Ok(()) => return Some(depth),
                Err(why) if !self.weights.is_empty() => self.weigh(why),
                Err(_) => {}
            }
        }
    }

    /// Counts a dead end against the cells it was found on (killers only).
    fn weigh(&mut self, why: Dead) {
        let layout = self.layout;
        let (cells, more): (&[Cell], &[Cell]) = match why {
            Dead::NoCandidate(c) | Dead::Clash(c) => (&[c][..], &[]),
            Dead::NoPlace(h, _) => (&layout.house(h).cells, &[]),
            Dead::CageSum(k) => (&layout.cages()[k].cells, &[]),
            Dead::Innies(k) => (&layout.innies()[k].cells, &[]),
            Dead::Difference(k) => {
                let rule = &layout.differences()[k];
                (&rule.plus, &rule.minus)
            }
        };
        for c in cells.iter().chain(more) {
            let w = &mut self.weights[c.index()];
            *w = w.saturating_add(1);
        }
    }

    /// Propagates queued placements and hidden singles to a fixed point.
    fn settle(&mut self, depth: usize) -> Result<(), Dead> {
        let result = self.propagate(depth);
        self.queue.clear();
        match result {
            Ok(()) => self.obs.settled(self.states[depth].view()),
            Err(why) => self.obs.dead_end(why),
        }
        result
    }

    fn propagate(&mut self, depth: usize) -> Result<(), Dead> {
        let state = &mut self.states[depth];
        let killer = self.layout.is_killer();
        loop {
            while let Some(p) = self.queue.pop() {
                state.assign(self.layout, p, &mut self.queue, self.obs)?;
            }
            if killer && state.sums(self.layout, &mut self.scratch, &mut self.queue)? {
                // The sums narrow cells without marking their houses: look at them all.
                state.houses_changed = u128::MAX;
                continue;
            }
            if state.unsolved == 0 {
                return Ok(());
            }
            if !state.hidden_singles(self.layout, &mut self.queue)? {
                debug_assert!(
                    !state.any_house_settles(self.layout),
                    "an unchanged house held a hidden single"
                );
                return Ok(());
            }
        }
    }

    fn record(&mut self, depth: usize) {
        self.count += 1;
        let values = &self.states[depth].values;
        self.obs.solution(values);
        if self.first.is_none() {
            self.first = Some(values.clone());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What the bounds keep is what some set of the right size and sum allows, at most
    /// (they may keep more, never less), checked against every subset of 1 to 14.
    #[test]
    fn distinct_bounds_keep_every_digit_a_set_uses() {
        let mut state = 0x9E37_79B9u32;
        for _ in 0..300 {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            let avail = state & 0x3FFF;
            // The digits some subset of `avail` of each size and sum uses.
            let mut used = vec![[0u32; 106]; 15];
            let mut set = avail;
            loop {
                let sum: u32 = (0..14).filter(|b| set >> b & 1 != 0).map(|b| b + 1).sum();
                used[set.count_ones() as usize][sum as usize] |= set;
                if set == 0 {
                    break;
                }
                set = (set - 1) & avail;
            }
            for k in 1..=avail.count_ones() as usize {
                for left in 1..106u32 {
                    let used = used[k][left as usize];
                    match distinct_bounds(avail, k, left) {
                        None => assert_eq!(used, 0, "{avail:b} {k} {left}"),
                        Some(keep) => {
                            assert_eq!(used & !keep, 0, "{avail:b} {k} {left}");
                            assert_eq!(keep & !avail, 0);
                        }
                    }
                }
            }
        }
    }

    /// What the groups' bounds keep is what some filling of the cells allows, at most
    /// (digits different within a group, the sum made, or a sum within a range as a
    /// difference asks), against every filling of random cells; and they do prune.
    #[test]
    fn group_bounds_keep_every_digit_a_filling_uses() {
        let mut state = 0x2545_F491u32;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            state
        };
        let mut pruned = 0;
        for round in 0..6000 {
            // Up to 3 groups of 1 to 3 cells, each cell some of the digits 1 to 9.
            let groups = 1 + next() as usize % 3;
            let mut cells: Vec<(usize, u32)> = Vec::new();
            for g in 0..groups {
                for _ in 0..1 + next() % 3 {
                    cells.push((g, 1 + next() % 0x1FF));
                }
            }
            // One sum, or (every other round) a range of them.
            let least = 1 + next() % 50;
            let most = least + if round % 2 == 0 { 0 } else { next() % 12 };
            // Every filling: the digits each cell takes in some filling that works.
            let mut used = vec![0u32; cells.len()];
            let mut digits = vec![0u32; cells.len()];
            fill(&cells, &mut digits, 0, (least, most), &mut used);
            let mut side = Side::default();
            for &(g, m) in &cells {
                side.union[g] |= m;
                side.open[g] += 1;
            }
            side.count = groups;
            let mut keep = [0u32; GROUPS];
            let kept = side
                .bound()
                .and_then(|()| side.keep((least, most), &mut keep));
            match kept {
                None => assert!(used.iter().all(|&u| u == 0), "{cells:?} {least} {most}"),
                Some(false) => {}
                Some(true) => {
                    for (j, &(g, m)) in cells.iter().enumerate() {
                        assert_eq!(used[j] & !keep[g], 0, "{cells:?} {least} {most}");
                        pruned += usize::from(m & !keep[g] != 0);
                    }
                }
            }
        }
        assert!(pruned > 600, "{pruned}");
    }

    /// Fills cells `j..` with digits (different within a group) adding up to between
    /// `least` and `most`, marking in `used` the digits of each filling found.
    fn fill(
        cells: &[(usize, u32)],
        digits: &mut [u32],
        j: usize,
        (least, most): (u32, u32),
        used: &mut [u32],
    ) {
        if j == cells.len() {
            if least == 0 {
                for (u, &d) in used.iter_mut().zip(digits.iter()) {
                    *u |= 1 << (d - 1);
                }
            }
            return;
        }
        let (g, m) = cells[j];
        for d in 1..=9u32.min(most) {
            let clash = (0..j).any(|i| cells[i].0 == g && digits[i] == d);
            if m >> (d - 1) & 1 != 0 && !clash {
                digits[j] = d;
                let rest = (least.saturating_sub(d), most - d);
                fill(cells, digits, j + 1, rest, used);
            }
        }
    }

    #[test]
    fn sets_above_counts_choices() {
        assert!(!sets_above(9, 4, 126));
        assert!(sets_above(9, 4, 125));
        assert!(sets_above(16, 6, 1024));
        assert!(!sets_above(16, 2, 1024));
        assert!(!sets_above(3, 5, 0));
    }
}
