//! Where a player should look first: the fewest houses that hold the pattern (the two
//! lines of a Skyscraper, the box and the line of a pointing pair, the base lines of a
//! fish), and for a single, what rules out the other cells.

use sudokit_core::{Cell, DigitSet, House, Layout};

use crate::board::Board;
use crate::step::{Pattern, Step};
use crate::technique::Technique;

/// The houses a first hint names: those the pattern is made of (a single's house, a
/// locked candidate's box and line, a subset's house, a fish's base lines), else the
/// fewest houses that hold every cell of the pattern (the houses holding more of its
/// cells first when several sets are as small). Empty: the whole grid.
pub fn focus(layout: &Layout, step: &Step) -> Vec<House> {
    match &step.pattern {
        Pattern::Single { house: Some(h), .. } => vec![*h],
        Pattern::Single { cell, .. } | Pattern::Bug { cell, .. } => {
            vec![layout.region_house(layout.region(*cell))]
        }
        Pattern::Intersection { base, cover, .. } => vec![*base, *cover],
        Pattern::Subset { house, second, .. } => std::iter::once(*house).chain(*second).collect(),
        Pattern::Fish { base, .. } => base.clone(),
        Pattern::Forcing {
            kind: crate::step::Forcing::House(h, _),
            ..
        } => vec![*h],
        Pattern::Sum(s) if sum_houses(layout, s).is_some() => {
            sum_houses(layout, s).unwrap_or_default()
        }
        _ => {
            let mut cells = pattern_cells(step);
            if cells.is_empty() {
                cells = step
                    .placements
                    .iter()
                    .chain(&step.eliminations)
                    .map(|&(c, _)| c)
                    .collect();
            }
            cells.sort();
            cells.dedup();
            match cells[..] {
                [] => Vec::new(),
                [one] => vec![layout.region_house(layout.region(one))],
                _ => cover(layout, &cells),
            }
        }
    }
}

/// The houses a killer step reads: the rule of 45's, or the house that places a digit
/// only in one cage; `None` for a cage alone.
fn sum_houses(layout: &Layout, s: &crate::step::Sum) -> Option<Vec<House>> {
    match (s.of, s.house) {
        (crate::step::SumOf::Innies(i), _) => Some(layout.innies()[i].houses.clone()),
        (_, Some(h)) if s.house_confines => Some(vec![h]),
        _ => None,
    }
}

/// The cells a pattern is made of, for the first rung: a chain's nodes (not the whole of
/// its almost locked sets), a wing's cells, a rectangle's corners, sets' cells.
fn pattern_cells(step: &Step) -> Vec<Cell> {
    match &step.pattern {
        Pattern::Chain(c) => c.nodes.iter().flat_map(|n| n.cells.clone()).collect(),
        Pattern::Rectangle { corners, .. } => corners.to_vec(),
        _ => step.pattern.cells(),
    }
}

/// The fewest houses covering `cells`; among those, the ones holding the most of them.
fn cover(layout: &Layout, cells: &[Cell]) -> Vec<House> {
    let mut search = Cover {
        layout,
        cells,
        chosen: Vec::new(),
        best: None,
        budget: 200_000,
    };
    for k in 1..=8 {
        search.dfs(k);
        if let Some((_, best)) = search.best.take() {
            let mut best = best;
            best.sort();
            return best;
        }
        if search.budget == 0 {
            break;
        }
    }
    greedy(layout, cells)
}

struct Cover<'a> {
    layout: &'a Layout,
    cells: &'a [Cell],
    chosen: Vec<House>,
    best: Option<(usize, Vec<House>)>,
    budget: u32,
}

impl Cover<'_> {
    fn covered(&self, c: Cell) -> bool {
        self.chosen
            .iter()
            .any(|&h| self.layout.house_set(h).contains(c))
    }

    /// Each cover of `k` more houses: the first uncovered cell takes one of its houses.
    fn dfs(&mut self, k: usize) {
        if self.budget == 0 {
            return;
        }
        self.budget -= 1;
        let Some(&first) = self.cells.iter().find(|&&c| !self.covered(c)) else {
            let score = self.score();
            if self.best.as_ref().is_none_or(|(s, _)| score > *s) {
                self.best = Some((score, self.chosen.clone()));
            }
            return;
        };
        if k == 0 {
            return;
        }
        for &h in self.layout.houses_of(first) {
            self.chosen.push(h);
            self.dfs(k - 1);
            self.chosen.pop();
        }
    }

    /// How many pattern cells the chosen houses hold, counted once per house.
    fn score(&self) -> usize {
        self.chosen
            .iter()
            .map(|&h| {
                self.cells
                    .iter()
                    .filter(|&&c| self.layout.house_set(h).contains(c))
                    .count()
            })
            .sum()
    }
}

/// Houses taken one at a time, each holding the most cells not yet covered.
fn greedy(layout: &Layout, cells: &[Cell]) -> Vec<House> {
    let mut left: Vec<Cell> = cells.to_vec();
    let mut out = Vec::new();
    while !left.is_empty() {
        let best = (0..layout.houses().len())
            .map(House::new)
            .max_by_key(|&h| {
                let n = left
                    .iter()
                    .filter(|&&c| layout.house_set(h).contains(c))
                    .count();
                (n, std::cmp::Reverse(h))
            })
            .expect("a layout has houses");
        left.retain(|&c| !layout.house_set(best).contains(c));
        out.push(best);
    }
    out.sort();
    out
}

/// What rules out the other places of a single.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Blocked {
    /// Hidden single: `blocker` holds the digit, and sees these cells of the house.
    By { blocker: Cell, cells: Vec<Cell> },
    /// Naked single: `house` (of the cell) holds these digits, in these cells.
    Digits {
        house: House,
        digits: DigitSet,
        cells: Vec<Cell>,
    },
    /// These cells (hidden single: of the house; naked single: the cell) lost the
    /// candidates before this step, by notes or an earlier step, with no digit in sight
    /// to show for it.
    Before { cells: Vec<Cell> },
}

impl Blocked {
    /// The cells ruled out (hidden single) or the cells holding the digits (naked).
    pub fn cells(&self) -> &[Cell] {
        match self {
            Blocked::By { cells, .. } | Blocked::Before { cells } => cells,
            Blocked::Digits { cells, .. } => cells,
        }
    }
}

/// What rules out everything but the answer of a hidden or naked single (nothing for
/// other steps): for a hidden single, placed digits that see the house's other open
/// cells, fewest first; for a naked single, the digits of the cell's houses.
pub(crate) fn blockers(board: &Board, step: &Step) -> Vec<Blocked> {
    let Pattern::Single { cell, digit, house } = step.pattern else {
        return Vec::new();
    };
    let layout = board.layout();
    match (step.technique, house) {
        (Technique::FullHouse, _) => Vec::new(),
        (_, Some(h)) => {
            let mut left: Vec<Cell> = layout
                .house(h)
                .cells
                .iter()
                .copied()
                .filter(|&c| c != cell && board.value(c).is_none())
                .collect();
            let holders: Vec<Cell> = layout
                .cells()
                .filter(|&c| board.value(c) == Some(digit))
                .collect();
            let mut out = Vec::new();
            while !left.is_empty() {
                let sees = |b: Cell| -> Vec<Cell> {
                    left.iter()
                        .copied()
                        .filter(|&c| layout.peer_set(b).contains(c))
                        .collect()
                };
                let Some(b) = holders
                    .iter()
                    .copied()
                    .max_by_key(|&b| (sees(b).len(), std::cmp::Reverse(b)))
                else {
                    break;
                };
                let cells = sees(b);
                if cells.is_empty() {
                    break;
                }
                left.retain(|c| !cells.contains(c));
                out.push(Blocked::By { blocker: b, cells });
            }
            if !left.is_empty() {
                out.push(Blocked::Before { cells: left });
            }
            out
        }
        (_, None) => {
            let mut seen = DigitSet::single(digit);
            let mut out = Vec::new();
            for &h in layout.houses_of(cell) {
                let mut digits = DigitSet::EMPTY;
                let mut cells = Vec::new();
                for &c in &layout.house(h).cells {
                    if let Some(v) = board.value(c) {
                        if !seen.contains(v) {
                            seen.insert(v);
                            digits.insert(v);
                            cells.push(c);
                        }
                    }
                }
                if !digits.is_empty() {
                    out.push(Blocked::Digits {
                        house: h,
                        digits,
                        cells,
                    });
                }
            }
            if seen.len() < layout.side() {
                out.push(Blocked::Before { cells: vec![cell] });
            }
            out
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cover_is_the_fewest_houses_holding_the_most() {
        let layout = Layout::classic();
        let at = |r, c| layout.cell(r, c);
        // A Skyscraper's cells: two columns.
        let sky = [at(4, 5), at(2, 5), at(2, 8), at(5, 8)];
        let houses = cover(&layout, &sky);
        assert_eq!(houses, vec![layout.col_house(5), layout.col_house(8)]);
        // An XY-Wing's pivot and pincers: its row and its box.
        let wing = [at(3, 0), at(3, 3), at(4, 1)];
        let houses = cover(&layout, &wing);
        assert_eq!(houses, vec![layout.row_house(3), layout.region_house(3)]);
    }
}
