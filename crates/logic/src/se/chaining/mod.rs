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
//!
//! Here: potentials and runs ([`Run`]), the rule ([`Chainer`]) and its hints ([`Hint`]).
//! `search.rs` drives a rule's search over the grid, `propagate.rs` propagates one
//! assumption, `proofs.rs` makes hints of what runs conclude (and holds the static rules
//! nested in dynamic ones), `refuting.rs` finds the self-refuting assumptions at once.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use super::grid::{bits, key, Grid9, CELL_REGIONS};
use super::rules;
use crate::technique::Technique;

mod proofs;
mod propagate;
mod refuting;
mod search;

use proofs::{Ctx, Static};
pub(crate) use refuting::{self_refuting, self_refuting_by};

/// No potential (an index).
pub(crate) const NONE: u32 = u32::MAX;

/// One of SE's chaining rules: the one type that names it. A [`Chainer`] searches by
/// it, and its technique in the table gives its name and base rating.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Rule {
    /// Nishio Forcing Chains (7.5).
    Nishio,
    /// Multiple Forcing Chains (8.0).
    Multiple,
    /// Dynamic Forcing Chains at a nesting level: 0 (8.5), 1 "+" (9.0), 2 to 5 (9.5 to
    /// 11.0).
    Dynamic(u8),
}

impl Rule {
    pub(super) fn chainer(self) -> Chainer {
        Chainer::new(self)
    }

    /// The technique of the table that is this rule (its name and base rating are SE's).
    pub(crate) fn technique(self) -> Technique {
        match self {
            Rule::Nishio => Technique::NishioForcingChains,
            Rule::Multiple => Technique::MultipleForcingChains,
            Rule::Dynamic(0) => Technique::DynamicForcingChains,
            Rule::Dynamic(1) => Technique::DynamicForcingChainsPlus,
            Rule::Dynamic(2) => Technique::NestedForcingChains,
            Rule::Dynamic(3) => Technique::NestedMultipleForcingChains,
            Rule::Dynamic(4) => Technique::NestedDynamicForcingChains,
            Rule::Dynamic(_) => Technique::NestedDynamicForcingChainsPlus,
        }
    }
}

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
        self.base
            + crate::technique::length_bonus_tenths(self.complexity.saturating_sub(2) as usize)
    }
}

/// One of SE's chaining rules, searching.
pub(crate) struct Chainer {
    /// The rule.
    pub rule: Rule,
    /// What the rule does, from [`Chainer::rule`]: conclude from several chains (cell
    /// and region forcing, not Nishio), remove each "off" as it goes (all but multiple
    /// forcing chains), look only for contradictions without cell links (Nishio), and
    /// at which nesting level.
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
    pub fn new(rule: Rule) -> Chainer {
        Chainer {
            rule,
            multiple: !matches!(rule, Rule::Nishio),
            dynamic: !matches!(rule, Rule::Multiple),
            nishio: matches!(rule, Rule::Nishio),
            level: match rule {
                Rule::Dynamic(level) => level,
                _ => 0,
            },
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

    /// SE's base rating of the rule, in tenths (the table's).
    pub fn base(&self) -> u32 {
        tenths(self.technique())
    }

    /// The technique of the table that is this rule: its name is SE's.
    pub fn technique(&self) -> Technique {
        self.rule.technique()
    }

    /// SE's name of the rule.
    pub fn name(&self) -> &'static str {
        self.technique().name()
    }

    fn recycle(&mut self, mut run: Box<Run>) {
        run.reset();
        self.pool.push(run);
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

/// The SE rating of `technique` in the table (a rule's base), in tenths.
fn tenths(technique: Technique) -> u32 {
    (technique.se() * 10.0).round() as u32
}
