//! What a picture of a step draws, as data: shaded houses (a pattern's base and cover),
//! marked candidates (the pattern's body, apart from its fins and the extra candidates
//! of a uniqueness pattern; what goes; what is placed), marked cells (what rules out the
//! other places of a single) and links (strong ones solid, weak ones dashed, each from
//! the node it leaves to the node it reaches). The page, the terminal and `sudokit-render`
//! each draw this one value.

use sudokit_core::{Cell, Digit, DigitSet, House};

use super::focus::{blockers, Blocked};
use sudokit_solver::observe::Dead;

use super::forcing::{replay, End, Trace};
use crate::board::Board;
use crate::step::{Chain, Forcing, Pattern, Step};

/// How a house is shaded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Shade {
    /// The houses a pattern lives in: a single's house, a locked candidate's or a fish's
    /// base, a subset's house.
    Base,
    /// The houses it removes candidates from: a locked candidate's or a fish's cover.
    Cover,
}

/// How a candidate is marked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Role {
    /// Part of the pattern's body.
    Pattern,
    /// Part of the pattern, in one of several colours (coloring's two sides, the parts of
    /// a set or Sue de Coq, a wing's pivot, the naked subset of a rectangle).
    Color(u8),
    /// A fin of a finned or sashimi fish.
    Fin,
    /// A candidate of a uniqueness pattern beyond its two digits.
    Extra,
    /// Removed by the step.
    Eliminated,
    /// Placed by the step.
    Placed,
}

/// How a whole cell is marked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum CellRole {
    /// Its digit rules out other cells (a single's blockers).
    Blocker,
    /// It cannot take the single's digit.
    RuledOut,
    /// Where a forcing chain breaks.
    Broken,
}

/// A link between two nodes, each one candidate or several (a group).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    /// The node it leaves.
    pub from: Vec<(Cell, Digit)>,
    /// The node it reaches.
    pub to: Vec<(Cell, Digit)>,
    /// Strong ("at least one is true": solid) or weak ("not both": dashed). The
    /// implications of forcing chains are strong.
    pub strong: bool,
    /// Which chain it belongs to, for steps with several (the branches of a forcing
    /// chain): 0 for the first.
    pub chain: u8,
}

/// Everything a picture of a step marks.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Drawing {
    /// Shaded houses.
    pub houses: Vec<(House, Shade)>,
    /// Marked candidates, sorted by candidate; one role each.
    pub candidates: Vec<((Cell, Digit), Role)>,
    /// Marked cells.
    pub cells: Vec<(Cell, CellRole)>,
    /// Links, in the chain's order.
    pub links: Vec<Link>,
}

impl Drawing {
    fn mark(&mut self, c: Cell, d: Digit, role: Role) {
        self.candidates.push(((c, d), role));
    }

    fn mark_all(&mut self, list: impl IntoIterator<Item = (Cell, Digit)>, role: Role) {
        for (c, d) in list {
            self.mark(c, d, role);
        }
    }

    /// Keeps one role per candidate: placed and eliminated ones as such, every other one
    /// with the first role it was given.
    fn settle(&mut self, step: &Step) {
        let mut seen = std::collections::HashSet::new();
        let results = step
            .placements
            .iter()
            .map(|&x| (x, Role::Placed))
            .chain(step.eliminations.iter().map(|&x| (x, Role::Eliminated)));
        let mut out: Vec<((Cell, Digit), Role)> = results
            .chain(self.candidates.iter().copied())
            .filter(|&(x, _)| seen.insert(x))
            .collect();
        out.sort();
        self.candidates = out;
        self.cells.sort();
        self.cells.dedup();
    }
}

/// The candidates of `cells` among `digits`.
fn of(board: &Board, cells: &[Cell], digits: DigitSet) -> Vec<(Cell, Digit)> {
    cells
        .iter()
        .flat_map(|&c| board.candidates(c).and(digits).iter().map(move |d| (c, d)))
        .collect()
}

/// What a picture of `step`, found on `board`, marks.
pub fn drawing(board: &Board, step: &Step) -> Drawing {
    let mut out = Drawing::default();
    let one = DigitSet::single;
    match &step.pattern {
        Pattern::Single { cell, house, .. } => {
            if let Some(h) = house {
                out.houses.push((*h, Shade::Base));
            }
            for b in blockers(board, step) {
                match b {
                    Blocked::By { blocker, cells } => {
                        out.cells.push((blocker, CellRole::Blocker));
                        out.cells
                            .extend(cells.iter().map(|&c| (c, CellRole::RuledOut)));
                    }
                    Blocked::Digits { cells, .. } => {
                        out.cells
                            .extend(cells.iter().map(|&c| (c, CellRole::Blocker)));
                    }
                    Blocked::Before { cells } => {
                        out.cells.extend(
                            cells
                                .iter()
                                .filter(|&c| c != cell)
                                .map(|&c| (c, CellRole::RuledOut)),
                        );
                    }
                }
            }
        }
        Pattern::Intersection { digit, base, cover } => {
            out.houses.push((*base, Shade::Base));
            out.houses.push((*cover, Shade::Cover));
            let places: Vec<Cell> = board.house_cells_with(*base, *digit).iter().collect();
            out.mark_all(of(board, &places, one(*digit)), Role::Pattern);
        }
        Pattern::Subset {
            digits,
            cells,
            house,
            second,
        } => {
            out.houses.push((*house, Shade::Base));
            out.houses.extend(second.iter().map(|&h| (h, Shade::Base)));
            out.mark_all(of(board, cells, *digits), Role::Pattern);
        }
        Pattern::Fish {
            digit,
            base,
            cover,
            fins,
        } => {
            out.houses.extend(base.iter().map(|&h| (h, Shade::Base)));
            out.houses.extend(cover.iter().map(|&h| (h, Shade::Cover)));
            out.mark_all(of(board, fins, one(*digit)), Role::Fin);
            let body: Vec<Cell> = base
                .iter()
                .flat_map(|&h| board.house_cells_with(h, *digit).iter())
                .collect();
            out.mark_all(of(board, &body, one(*digit)), Role::Pattern);
        }
        Pattern::Chain(c) => chain(board, c, &mut out),
        Pattern::Wing {
            pivot,
            pincers,
            digits,
            ..
        } => {
            out.mark_all(of(board, &[*pivot], *digits), Role::Color(1));
            out.mark_all(of(board, pincers, *digits), Role::Pattern);
        }
        Pattern::Coloring { digit, clusters } => {
            for (k, sides) in clusters.iter().enumerate() {
                for (side, cells) in sides.iter().enumerate() {
                    let color = ((2 * k + side) % 4) as u8;
                    out.mark_all(of(board, cells, one(*digit)), Role::Color(color));
                }
            }
        }
        Pattern::Rectangle {
            corners,
            digits,
            extra,
        } => {
            let pair: DigitSet = digits.iter().copied().collect();
            out.mark_all(of(board, corners, pair), Role::Pattern);
            let beyond = DigitSet::full(board.side()).without(pair);
            out.mark_all(of(board, corners, beyond), Role::Extra);
            let outside: Vec<Cell> = extra
                .iter()
                .copied()
                .filter(|c| !corners.contains(c))
                .collect();
            out.mark_all(
                of(board, &outside, DigitSet::full(board.side())),
                Role::Color(0),
            );
        }
        Pattern::Bug { cell, digit } => out.mark(*cell, *digit, Role::Pattern),
        Pattern::Cells {
            cells,
            digits,
            others,
            ..
        } => {
            if digits.is_empty() {
                // Aligned exclusion: the base cells, and the cells that exclude.
                let all = DigitSet::full(board.side());
                out.mark_all(of(board, cells, all), Role::Pattern);
                out.mark_all(of(board, others, all), Role::Color(0));
            } else {
                out.mark_all(of(board, cells, *digits), Role::Pattern);
                let beyond = DigitSet::full(board.side()).without(*digits);
                out.mark_all(of(board, others, beyond), Role::Extra);
            }
        }
        Pattern::Als { sets, .. } => {
            for (k, s) in sets.iter().enumerate() {
                out.mark_all(of(board, &s.cells, s.digits), Role::Color((k % 4) as u8));
            }
        }
        Pattern::SueDeCoq { core, line, boxed } => {
            let all = DigitSet::full(board.side());
            out.mark_all(of(board, core, all), Role::Pattern);
            out.mark_all(of(board, line, all), Role::Color(0));
            out.mark_all(of(board, boxed, all), Role::Color(1));
        }
        Pattern::Forcing { kind, branches } => {
            let wanted: Vec<(Cell, Digit, bool)> = step
                .placements
                .iter()
                .map(|&(c, d)| (c, d, true))
                .chain(step.eliminations.iter().map(|&(c, d)| (c, d, false)))
                .collect();
            if let Forcing::House(h, _) = kind {
                out.houses.push((*h, Shade::Base));
            }
            for (k, b) in branches.iter().enumerate() {
                let trace = replay(board, b, &wanted);
                forcing(&trace, k as u8, &mut out);
            }
        }
        Pattern::Sum(s) => {
            // The sum's cells, a cage/house interaction's digit in its own colour, and
            // the houses the rule of 45 or the interaction reads.
            let layout = board.layout();
            if let crate::step::SumOf::Innies(i) = s.of {
                for &h in &layout.innies()[i].houses {
                    out.houses.push((h, Shade::Base));
                }
            }
            if let Some(h) = s.house {
                let shade = if s.house_confines {
                    Shade::Base
                } else {
                    Shade::Cover
                };
                out.houses.push((h, shade));
            }
            if let Some(d) = s.digit {
                out.mark_all(of(board, &s.cells, one(d)), Role::Color(0));
                if s.house_confines {
                    if let Some(h) = s.house {
                        let places: Vec<Cell> = board.house_cells_with(h, d).iter().collect();
                        out.mark_all(of(board, &places, one(d)), Role::Color(0));
                    }
                }
            }
            out.mark_all(
                of(board, &s.cells, DigitSet::full(board.side())),
                Role::Pattern,
            );
        }
        Pattern::Chaining(c) => {
            for (k, branch) in c.branches.iter().enumerate() {
                let list = &branch.0;
                for (i, p) in list.iter().enumerate() {
                    let role = if i == 0 {
                        Role::Color(1)
                    } else if p.on {
                        Role::Pattern
                    } else {
                        Role::Color(0)
                    };
                    if board.has(p.cell, p.digit) {
                        out.mark(p.cell, p.digit, role);
                    }
                    // One arrow a potential, from the latest it follows from: a tree
                    // that reads; the explanation names the others.
                    if let Some(&q) = p.parents.iter().max() {
                        if let Some(from) = list.get(q) {
                            out.links.push(Link {
                                from: vec![(from.cell, from.digit)],
                                to: vec![(p.cell, p.digit)],
                                strong: true,
                                chain: k as u8,
                            });
                        }
                    }
                }
            }
        }
    }
    out.settle(step);
    out
}

/// A chain's nodes and links; a node on an almost locked set also marks the set.
fn chain(board: &Board, c: &Chain, out: &mut Drawing) {
    let k = c.nodes.len();
    let node = |i: usize| -> Vec<(Cell, Digit)> {
        let n = &c.nodes[i % k];
        n.cells.iter().map(|&x| (x, n.digit)).collect()
    };
    for i in 0..k {
        out.mark_all(node(i), Role::Pattern);
    }
    for n in c.nodes.iter().filter(|n| !n.set.is_empty()) {
        let digits = n
            .set
            .iter()
            .fold(DigitSet::EMPTY, |s, &x| s.or(board.candidates(x)));
        out.mark_all(of(board, &n.set, digits), Role::Color(0));
    }
    for (i, &strong) in c.strong.iter().enumerate() {
        if i + 1 < k || c.closed {
            out.links.push(Link {
                from: node(i),
                to: node(i + 1),
                strong,
                chain: 0,
            });
        }
    }
}

/// A replayed forcing branch: the assumption, each placement it rests on, arrows from
/// what each follows from, and the cell or house where it breaks.
fn forcing(trace: &Trace, k: u8, out: &mut Drawing) {
    for (i, e) in trace.events.iter().enumerate() {
        out.mark(
            e.cell,
            e.digit,
            if i == 0 {
                Role::Color(1)
            } else if e.on {
                Role::Pattern
            } else {
                // Removed by a deeper trial.
                Role::Color(0)
            },
        );
        for &p in &e.parents {
            let from = &trace.events[p];
            out.links.push(Link {
                from: vec![(from.cell, from.digit)],
                to: vec![(e.cell, e.digit)],
                strong: true,
                chain: k,
            });
        }
    }
    if let End::Dead {
        dead: Dead::NoCandidate(c) | Dead::Clash(c),
        ..
    } = &trace.end
    {
        out.cells.push((*c, CellRole::Broken));
    }
}
