//! Sudoku Explainer's rules below its chaining rules, as serate 1.2.1.3 applies them
//! (`docs/se-rules.md`; facts from SE's public source, our own code): at each step the
//! rules are asked in SE's order, and the first hint the first rule with any finds is
//! the step. Within a rule, the order of SE's scans decides which hint is first, so the
//! scans below keep SE's orders (regions by type, digits ascending, subsets in SE's
//! enumeration order). Two rules sort their hints first: unique loops (rating, then
//! type) and "Forcing Chains & Cycles" (`cycles/`).
//!
//! Direct rules (1.0–2.5), each placing a digit: hidden single, direct pointing and
//! claiming, direct hidden pair, naked single, direct hidden triplet. Then locking,
//! subsets, fish, XY- and XYZ-Wing, unique loops, BUG and aligned pair exclusion; then
//! SE's cycles and forcing chains, and aligned triplet exclusion.
//!
//! Here: the rules' order ([`first_with`]) and what a path learns ([`Learnt`]); in
//! `shared.rs`, the hint a rule gives ([`Found`]) and the scans' helpers. The rules by
//! family:
//! `singles.rs` (singles and the direct rules, locking), `subsets.rs` (subsets, fish,
//! wings), `loops.rs` (unique loops), `bug.rs` and `aligned.rs` (aligned exclusion).

use super::cycles;
use super::grid::Grid9;
use crate::technique::Technique;

mod aligned;
mod bug;
mod loops;
pub(in crate::se) mod shared;
mod singles;
mod subsets;

pub(crate) use shared::{place, Found};

use aligned::{aligned, Triples};
use bug::bug;
use loops::{unique_loops, Loops};
use singles::{direct_locking, hidden_singles, locking, locking_scan, naked_single};
use subsets::{fish, hidden_sets, naked_sets, wings};

/// The first hint of SE's rules below Nishio forcing chains, in SE's order; `None`
/// when none applies. `learnt`: what the rules learnt on the earlier grids of the same
/// path (the answer does not depend on it; a new one will do).
pub(crate) fn first_with(grid: &Grid9, learnt: &mut Learnt) -> Option<Found> {
    hidden_singles(grid)
        .or_else(|| direct_locking(grid))
        .or_else(|| hidden_sets(grid, 2, true))
        .or_else(|| naked_single(grid))
        .or_else(|| hidden_sets(grid, 3, true))
        .or_else(|| locking(grid))
        .or_else(|| naked_sets(grid, 2))
        .or_else(|| fish(grid, 2))
        .or_else(|| hidden_sets(grid, 2, false))
        .or_else(|| naked_sets(grid, 3))
        .or_else(|| fish(grid, 3))
        .or_else(|| hidden_sets(grid, 3, false))
        .or_else(|| wings(grid, false))
        .or_else(|| wings(grid, true))
        .or_else(|| unique_loops(grid, Some(&mut learnt.loops)))
        .or_else(|| naked_sets(grid, 4))
        .or_else(|| fish(grid, 4))
        .or_else(|| hidden_sets(grid, 4, false))
        .or_else(|| bug(grid))
        .or_else(|| aligned(grid, 2, None))
        .or_else(|| cycles::first(grid))
        .or_else(|| aligned(grid, 3, Some(&mut learnt.triples)))
}

/// The first hint of the SE rule that finds hints of `technique` (one of SE's own
/// techniques of the table), if any.
pub(crate) fn first_of(grid: &Grid9, technique: Technique) -> Option<Found> {
    use Technique as T;
    match technique {
        T::DirectPointing => locking_scan(grid, true, Some(false)),
        T::DirectClaiming => locking_scan(grid, true, Some(true)),
        T::DirectHiddenPair => hidden_sets(grid, 2, true),
        T::DirectHiddenTriplet => hidden_sets(grid, 3, true),
        T::UniqueLoop => unique_loops(grid, None),
        T::BivalueUniversalGrave => bug(grid),
        T::AlignedPairExclusion => aligned(grid, 2, None),
        T::AlignedTripletExclusion => aligned(grid, 3, None),
        T::XCycle | T::YCycle | T::XyCycle | T::ForcingXChain | T::ForcingXyChain => {
            cycles::first(grid)
        }
        _ => None,
    }
}

/// What SE's rules learnt on the earlier grids of one path, so as not to try again what
/// cannot have changed since.
#[derive(Default)]
pub(crate) struct Learnt {
    triples: Triples,
    loops: Loops,
}

#[cfg(test)]
mod tests {
    use super::shared::*;
    use super::*;

    #[test]
    fn positions_follow_the_regions_cell_order() {
        let mut cands = [0u16; 81];
        // Candidates in a pattern that differs from region to region and digit to digit.
        for (c, m) in cands.iter_mut().enumerate() {
            *m = ((c * 37 + c / 7) % 512) as u16;
        }
        let grid = Grid9::new(cands, [0; 81]);
        for (r, cells) in REGION_CELLS.iter().enumerate() {
            for d in 0..9 {
                let want = cells
                    .iter()
                    .enumerate()
                    .fold(0u16, |m, (k, &c)| m | (grid.has(c as usize, d) as u16) << k);
                assert_eq!(positions(&grid, r, d), want, "{r} {d}");
            }
        }
    }

    #[test]
    fn subsets_follow_ses_enumeration() {
        let two: Vec<u32> = subsets(2, 4).collect();
        assert_eq!(two, vec![0b0011, 0b0101, 0b0110, 0b1001, 0b1010, 0b1100]);
        assert_eq!(subsets(0, 3).collect::<Vec<_>>(), vec![0]);
        assert_eq!(subsets(0, 0).count(), 0);
        assert_eq!(subsets(3, 3).collect::<Vec<_>>(), vec![0b111]);
        assert_eq!(subsets(3, 9).count(), 84);
        let p: Vec<_> = pairs(4).collect();
        assert_eq!(p, vec![(0, 1), (0, 2), (1, 2), (0, 3), (1, 3), (2, 3)]);
    }
}
