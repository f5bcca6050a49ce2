//! The search of a chaining rule: every candidate of each open cell assumed on, then
//! off, and what their runs conclude together (SE's multiple chains), on one thread or
//! shared with idle ones.

use super::*;

impl Chainer {
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
        let (rule, record) = (self.rule, self.record);
        let mut per_cell: Vec<(usize, Vec<Hint>)> = std::thread::scope(|scope| {
            let handles: Vec<_> = (1..parts)
                .map(|t| {
                    let mine: Vec<usize> = cells.iter().copied().skip(t).step_by(parts).collect();
                    scope.spawn(move || {
                        Chainer::new(rule)
                            .recording(record)
                            .per_cell(grid, &mine, base)
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
    pub(super) fn multiple_chains(&mut self, ctx: &mut Ctx) {
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
