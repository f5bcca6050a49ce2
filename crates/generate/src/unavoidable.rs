//! Small unavoidable sets of a solution: cells whose digits can be rearranged into
//! another valid grid. A puzzle with no given among them has that other solution too,
//! so the generator can turn down a removal that empties one without a search.
//!
//! They are found between two rows (and, the same way, two columns): following the
//! permutation that takes each column's digit in one row to the column holding it in
//! the other, each cycle of columns C has the same digits in both rows, so exchanging
//! the two rows' digits on C keeps both rows and every column of C valid. The set is
//! kept when every other house holding some of its cells keeps its digits as well (a
//! box holding both rows' cells of each of its columns does). Only short cycles are
//! kept: the generator's rejections come mostly from sets of 4 and 6 cells.

use sudokit_core::{Cell, Grid, House, HouseKind, Layout};

/// The most cells of a set looked for.
const MAX: usize = 8;

/// Some unavoidable sets of one solution, and which of them hold each cell.
pub(crate) struct Unavoidable {
    sets: Vec<Vec<Cell>>,
    /// For each cell, the sets holding it (indices into `sets`).
    by_cell: Vec<Vec<u32>>,
}

impl Unavoidable {
    /// The unavoidable sets of `solution` (complete) found between two rows or two
    /// columns, of at most `max` cells.
    pub fn of(solution: &Grid, max: usize) -> Unavoidable {
        let layout = solution.layout();
        let n = layout.side();
        let digits: Vec<usize> = solution.values().iter().map(|&v| v as usize).collect();
        let longest = max.min(MAX) / 2;
        let mut sets: Vec<Vec<Cell>> = Vec::new();
        let (mut place, mut next) = (vec![0; n + 1], vec![0; n]);
        for transpose in [false, true] {
            // Line `i`, position `j`: row i column j, or column i row j.
            let at = |i: usize, j: usize| match transpose {
                false => layout.cell(i, j),
                true => layout.cell(j, i),
            };
            // The digits line by line.
            let lines: Vec<usize> = (0..n * n)
                .map(|k| digits[at(k / n, k % n).index()])
                .collect();
            let digit = |i: usize, j: usize| lines[i * n + j];
            for r in 0..n {
                for s in r + 1..n {
                    // The permutation: from each position, the position in line s of
                    // line r's digit there.
                    (0..n).for_each(|j| place[digit(s, j)] = j);
                    (0..n).for_each(|j| next[j] = place[digit(r, j)]);
                    let mut starts = short_cycle_starts(&next, longest);
                    while starts != 0 {
                        let j0 = starts.trailing_zeros() as usize;
                        starts &= starts - 1;
                        let (cycle, len) = short_cycle(&next, j0);
                        let cycle = &cycle[..len];
                        let mut cells = [Cell::new(0); MAX];
                        for (k, &j) in cycle.iter().enumerate() {
                            (cells[2 * k], cells[2 * k + 1]) = (at(r, j), at(s, j));
                        }
                        let cells = &mut cells[..2 * cycle.len()];
                        // Exchanged: each cell takes the digit of its partner in the other line.
                        let swapped =
                            |k: usize| digit(if k.is_multiple_of(2) { s } else { r }, cycle[k / 2]);
                        if houses_keep_digits(layout, &digits, cells, swapped) {
                            cells.sort_unstable_by_key(|c| c.index());
                            sets.push(cells.to_vec());
                        }
                    }
                }
            }
        }
        sets.sort_unstable_by(|a, b| a.iter().map(|c| c.index()).cmp(b.iter().map(|c| c.index())));
        sets.dedup();
        let mut by_cell = vec![Vec::new(); layout.cell_count()];
        for (k, set) in sets.iter().enumerate() {
            for c in set {
                by_cell[c.index()].push(k as u32);
            }
        }
        Unavoidable { sets, by_cell }
    }

    /// Is there a set holding one of `blanked` with no given of `puzzle` left in it (so
    /// `puzzle` has another solution)?
    pub fn emptied<'a>(&self, puzzle: &Grid, mut blanked: impl Iterator<Item = &'a Cell>) -> bool {
        blanked.any(|c| {
            self.by_cell[c.index()].iter().any(|&k| {
                self.sets[k as usize]
                    .iter()
                    .all(|&x| puzzle.get(x).is_none())
            })
        })
    }

    /// No set known (every removal is searched).
    #[cfg(test)]
    pub fn none() -> Unavoidable {
        Unavoidable {
            sets: Vec::new(),
            by_cell: vec![Vec::new(); sudokit_core::MAX_SIDE * sudokit_core::MAX_SIDE],
        }
    }

    /// How many sets are known.
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.sets.len()
    }
}

/// The positions that start a cycle of permutation `next` (of at most 64 positions) of
/// 2 to `longest` (at most 4) positions, from its least position: a bit each. Found
/// without a branch per position (the permutations are random, and a branch on each
/// step of a walk mispredicts often).
fn short_cycle_starts(next: &[usize], longest: usize) -> u64 {
    let mut starts = 0u64;
    for (j, &a) in next.iter().enumerate() {
        let (b, c, d) = (next[a], next[next[a]], next[next[next[a]]]);
        // `&`, not `&&`: all of it is computed, with no branch.
        let two = (b == j) & (a > j);
        let three = (longest >= 3) & (c == j) & (a > j) & (b > j);
        let four = (longest >= 4) & (d == j) & (a > j) & (b > j) & (c > j);
        starts |= u64::from(two | three | four) << j;
    }
    starts
}

/// The cycle of permutation `next` that starts at `j0` (one of [`short_cycle_starts`],
/// so the walk is back at `j0` within `longest` steps), and its length.
fn short_cycle(next: &[usize], j0: usize) -> ([usize; MAX / 2], usize) {
    let (mut cycle, mut len) = ([j0; MAX / 2], 1);
    let mut j = next[j0];
    while j != j0 {
        cycle[len] = j;
        len += 1;
        j = next[j];
    }
    (cycle, len)
}

/// Does every house keep its digits when `cells` (holding the solution's `digits`)
/// take the digits `swapped(k)` (the k-th cell's)? In each house the cells' digits are
/// distinct, so it does when the digits arriving are distinct and the same set as those
/// leaving. Only boxes, regions and diagonals are looked at: the two lines and the
/// lines across them keep their digits by construction.
fn houses_keep_digits(
    layout: &Layout,
    digits: &[usize],
    cells: &[Cell],
    swapped: impl Fn(usize) -> usize,
) -> bool {
    // Per house met: the digits leaving, the digits arriving, and whether one arrived
    // twice (a cell has at most 3 houses besides its row and column).
    let mut houses = [(House::new(0), 0u32, 0u32, false); 3 * MAX];
    let mut met = 0;
    for (k, &c) in cells.iter().enumerate() {
        let (own, new) = (1u32 << digits[c.index()], 1u32 << swapped(k));
        // Rows and columns keep their digits by construction (see the module's doc).
        let crossing = layout.houses_of(c).iter().filter(|&&h| {
            !matches!(
                layout.house(h).kind,
                HouseKind::Row(_) | HouseKind::Column(_)
            )
        });
        for &h in crossing {
            match houses[..met].iter_mut().find(|e| e.0 == h) {
                Some(e) => {
                    e.3 |= e.2 & new != 0;
                    e.1 |= own;
                    e.2 |= new;
                }
                None => {
                    houses[met] = (h, own, new, false);
                    met += 1;
                }
            }
        }
    }
    houses[..met]
        .iter()
        .all(|&(_, out, arrived, twice)| out == arrived && !twice)
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use sudokit_core::rng::Rng;

    use super::*;
    use crate::solution;

    /// Every set found is unavoidable: blanked in the complete grid, it leaves two
    /// solutions at least. And grids have some, of 4 and 6 cells, in boxes, jigsaw
    /// regions and with diagonals.
    #[test]
    fn sets_found_are_unavoidable() {
        for layout in [
            Layout::classic(),
            Layout::for_side(6).unwrap(),
            Layout::for_side(16).unwrap(),
            Layout::classic().with_diagonals(),
        ] {
            let layout = Arc::new(layout);
            let mut sizes = [0; 2];
            for seed in 0..5 {
                let full = solution::random(&layout, &mut Rng::new(seed)).unwrap();
                let found = Unavoidable::of(&full, 6);
                for set in &found.sets {
                    sizes[set.len() / 2 - 2] += 1;
                    let mut blanked = full.clone();
                    set.iter().for_each(|&c| blanked.set(c, None));
                    let (count, _) = sudokit_solver::count_solutions(&blanked, 2).unwrap();
                    assert_eq!(count, 2, "{set:?} of {full:?}");
                }
                // Each set is listed under each of its cells.
                for (k, set) in found.sets.iter().enumerate() {
                    assert!(set
                        .iter()
                        .all(|c| found.by_cell[c.index()].contains(&(k as u32))));
                }
            }
            assert!(
                sizes[0] > 0 && sizes[1] > 0,
                "{sizes:?} on side {}",
                layout.side()
            );
        }
    }

    /// A removal is turned down exactly when it leaves a set without a given.
    #[test]
    fn emptied_sees_a_set_left_without_givens() {
        let layout = Arc::new(Layout::classic());
        let full = solution::random(&layout, &mut Rng::new(3)).unwrap();
        let found = Unavoidable::of(&full, 6);
        let set = found.sets[0].clone();
        let mut puzzle = full.clone();
        set[1..].iter().for_each(|&c| puzzle.set(c, None));
        assert!(!found.emptied(&puzzle, set[1..].iter()));
        puzzle.set(set[0], None);
        assert!(found.emptied(&puzzle, set[..1].iter()));
    }
}
