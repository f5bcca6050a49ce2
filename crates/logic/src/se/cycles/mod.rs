//! Sudoku Explainer's "Forcing Chains & Cycles" rule (6.5–7.x; SE 1.2.1's static unary
//! chaining, `docs/se-rules.md`; our own code). From each candidate of each open cell
//! (row-major, digits ascending), assumed on, it grows static chains breadth first:
//!
//! - **cycles**: layers of "off" then "on" potentials; an "off" is not followed back
//!   to one of its own first ancestors; when an "on" layer (the fourth potential or
//!   later) reaches the start again, the loop is a cycle. A candidate outside the loop
//!   that sees both an "on" and an "off" potential of its digit goes.
//! - **forcing chains** (not with cell links only): from the candidate on, and off,
//!   until the first potential that is the start's negation; the start is then false
//!   (or true, and placed).
//!
//! Three passes: links within a digit's regions only (X: 6.5 cycles, 6.6 chains), cell
//! links only (Y: cycles from cells with two candidates, 6.5), both (XY: 7.0). Each
//! hint is rated by its base plus SE's length bonus of its distinct potentials; the
//! hints are sorted (stably) by rating, then that count, then the pass (X, Y, XY), and
//! the first is the step.

pub(in crate::se) mod graph;
mod search;

use super::basic::shared::Found;
use super::chaining::self_refuting_by;
use super::grid::{Grid9, CELL_REGIONS, REGION_SET};
use graph::{Arena, Edges};
use search::{cycles, forcing, Candidate};

/// The first hint of SE's "Forcing Chains & Cycles" on `grid`, if any.
pub(crate) fn first(grid: &Grid9) -> Option<Found> {
    let mut best: Option<Candidate> = None;
    let mut arena = Arena::default();
    // X, Y, then XY.
    for (y, x) in [(false, true), (true, false), (true, true)] {
        if y && x && best.as_ref().is_some_and(|b| b.found.difficulty < 7.0) {
            // Every hint with both kinds of links rates 7.0 or more.
            break;
        }
        // The candidates whose forcing chain reaches their own negation, on and off
        // (found for the whole grid at once; the chains are then grown from those only).
        let mut edges = Edges::new(grid, (y, x));
        let refuting = if x {
            self_refuting_by(grid, |s, out| edges.implications(grid, s, out))
        } else {
            ([0; 9], [0; 9])
        };
        pass(grid, (&mut arena, &mut edges), &refuting, &mut best);
    }
    best.map(|c| c.found)
}

/// One pass: the cycles and forcing chains of every candidate, with cell links (`y`),
/// region links (`x`) or both; the best kept in `best`. The cycle searches stop where
/// they could only sort after the best so far.
fn pass(
    grid: &Grid9,
    (arena, edges): (&mut Arena, &mut Edges),
    refuting: &([u128; 9], [u128; 9]),
    best: &mut Option<Candidate>,
) {
    let (y, x) = edges.links;
    for (cell, regions) in CELL_REGIONS.iter().enumerate() {
        if grid.value[cell] != 0 || grid.cands[cell].count_ones() < 2 {
            continue;
        }
        if grid.cands[cell].count_ones() > 2 && !x {
            continue;
        }
        for d in (0..9).filter(|&d| grid.has(cell, d)) {
            // A cycle comes back to its start by a link into it: the start's cell has
            // two candidates (cell links) or one of its regions has two places of its
            // digit (region links).
            let closable = (y && grid.cands[cell].count_ones() == 2)
                || (x
                    && regions
                        .iter()
                        .any(|&r| (grid.cells[d] & REGION_SET[r as usize]).count_ones() == 2));
            let bound = best.as_ref().map(|b| (b.found.difficulty, b.complexity));
            if closable {
                for c in cycles(grid, (arena, edges), (cell, d), bound) {
                    consider(best, c);
                }
            }
            if x {
                for on in [true, false] {
                    let set = if on { refuting.0[d] } else { refuting.1[d] };
                    if set >> cell & 1 == 0 {
                        continue;
                    }
                    let bound = best.as_ref().map(|b| (b.found.difficulty, b.complexity));
                    if let Some(c) = forcing(grid, (arena, edges), (cell, d, on), bound) {
                        consider(best, c);
                    }
                }
            }
        }
    }
}

/// Keeps `c` if it sorts before the best so far (SE's sort is stable: on a tie the
/// earlier stays first).
fn consider(best: &mut Option<Candidate>, c: Candidate) {
    let better = match best {
        None => true,
        Some(b) => {
            let (d1, d2) = (c.found.difficulty, b.found.difficulty);
            d1 < d2
                || (d1 == d2
                    && (c.complexity < b.complexity
                        || (c.complexity == b.complexity && c.key < b.key)))
        }
    };
    if better {
        *best = Some(c);
    }
}

#[cfg(test)]
mod tests {
    use super::graph::length_bonus;

    #[test]
    fn the_length_bonus_is_summed_as_se_sums_it() {
        assert_eq!(length_bonus(6), 0.0);
        assert_eq!(length_bonus(7), 0.1);
        // Both print 6.7, but in doubles 6.6 + 0.1 is below 6.5 + 0.1 + 0.1, and SE's
        // sort takes the forcing chain first.
        assert!(6.6 + length_bonus(7) < 6.5 + length_bonus(9));
        for c in 0..400u32 {
            let tenths = crate::technique::length_bonus_tenths(c.saturating_sub(2) as usize);
            assert_eq!((length_bonus(c) * 10.0).round() as u32, tenths, "{c}");
        }
    }
}
