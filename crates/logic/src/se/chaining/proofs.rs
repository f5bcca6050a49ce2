//! What runs conclude, made into hints with their chains and rule parents (`Ctx`), and
//! the static chain rules nested inside dynamic ones (`Static`).

use super::*;

/// The static rules nested in levels 2 and 3: SE's "Forcing Chains & Cycles", then
/// Multiple Forcing Chains, each with the hints of the last grid it was asked about.
pub(super) struct Static {
    /// A static multiple rule: it makes the runs of both.
    chainer: Chainer,
    /// The hints of each rule for the last (grid, outer grid).
    last: [Option<(Grid9, Grid9, Vec<Hint>)>; 2],
}

impl Static {
    pub(super) fn new(record: bool) -> Static {
        Static {
            chainer: Chainer::new(Rule::Multiple).recording(record),
            last: [None, None],
        }
    }

    /// The hints of rule `which` (0: forcing chains, 1: multiple forcing chains) on
    /// `grid`, with rule parents against `outer`.
    pub(super) fn hints(&mut self, which: usize, grid: &Grid9, outer: &Grid9) -> Vec<Hint> {
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
    pub(super) fn forcing(&mut self, ctx: &mut Ctx) {
        let grid = ctx.grid;
        let open: Vec<usize> = (0..81)
            .filter(|&c| grid.value[c] == 0 && grid.cands[c].count_ones() >= 2)
            .collect();
        for (y, kind, rule) in [
            (
                false,
                Kind::ForcingX,
                (tenths(Technique::ForcingXChain), "Forcing X-Chain"),
            ),
            (
                true,
                Kind::ForcingXy,
                (tenths(Technique::ForcingXyChain), "Forcing XY-Chain"),
            ),
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
pub(super) struct Ctx<'a> {
    /// The grid searched.
    pub(super) grid: &'a Grid9,
    /// For an inner rule: the grid the outer chain started from.
    outer: Option<&'a Grid9>,
    marks: Marks,
    base: u32,
    /// SE's name of the rule searching (what a recorded hint is named).
    rule: &'static str,
    /// Keep each hint's chains?
    record: bool,
    pub(super) out: Vec<Hint>,
}

impl<'a> Ctx<'a> {
    /// A search of `grid` with no hint yet (`outer`: see the field) by the rule
    /// `(base, name)`, rated from its base.
    pub(super) fn new(
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
    pub(super) fn hint(
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
    pub(super) fn common(&mut self, runs: &[&Run], on: bool, kind: Kind, cause: Option<Cause>) {
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
