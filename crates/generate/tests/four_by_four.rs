//! The ground of the generator's refusal of levels above Easy on 4×4 with boxes: every
//! 4×4 puzzle with boxes (with or without the diagonals) that has one solution is solved
//! by singles. Shown here by checking every such puzzle, through its minimal ones:
//!
//! - every solution grid is enumerated; relabelling the digits maps puzzles to puzzles
//!   and keeps both uniqueness and the logic path, so only grids whose first row is
//!   1 2 3 4 are taken as solutions (every grid is a relabelling of one of them);
//! - a clue set S of a grid g has one solution when no other grid agrees with g on S;
//! - singles only gain from more clues (a cell's candidates only shrink), so when
//!   singles solve every minimal one-solution clue set they solve every one-solution
//!   clue set. Each minimal one is rated by the logic engine and must be Easy.

use std::sync::Arc;

use sudokit_core::{Cell, Grid, Layout};
use sudokit_generate::target;
use sudokit_logic::{Level, Options};

/// Every solution grid of a 4×4 layout, as 16 digits (1..=4) in reading order.
fn grids(layout: &Layout) -> Vec<[u8; 16]> {
    fn fill(layout: &Layout, g: &mut [u8; 16], i: usize, out: &mut Vec<[u8; 16]>) {
        if i == 16 {
            out.push(*g);
            return;
        }
        for d in 1..=4u8 {
            if layout.peers(Cell::new(i)).iter().all(|p| g[p.index()] != d) {
                g[i] = d;
                fill(layout, g, i + 1, out);
                g[i] = 0;
            }
        }
    }
    let mut out = Vec::new();
    fill(layout, &mut [0; 16], 0, &mut out);
    out
}

/// The minimal clue sets (bit i for cell i) of `g` that have one solution, given the
/// masks of the cells where each other grid agrees with `g`.
fn minimal_unique(agree: &[u16]) -> Vec<u16> {
    let unique = |s: u16| agree.iter().all(|&a| s & a != s);
    (0..=u16::MAX)
        .filter(|&s| unique(s) && (0..16).all(|c| s >> c & 1 == 0 || !unique(s & !(1 << c))))
        .collect()
}

/// Checks every one-solution puzzle of `layout`; returns the number of solution grids,
/// of minimal one-solution clue sets rated, and the fewest clues among them.
fn check(layout: Layout) -> (usize, usize, u32) {
    let layout = Arc::new(layout);
    let all = grids(&layout);
    let mut rated = 0;
    let mut fewest = 16;
    for g in all.iter().filter(|g| g[..4] == [1, 2, 3, 4]) {
        let agree: Vec<u16> = all
            .iter()
            .filter(|h| h != &g)
            .map(|h| (0..16).filter(|&c| g[c] == h[c]).fold(0, |m, c| m | 1 << c))
            .collect();
        for s in minimal_unique(&agree) {
            let values = (0..16)
                .map(|c| if s >> c & 1 == 1 { g[c] } else { 0 })
                .collect();
            let puzzle = Grid::from_values(layout.clone(), values);
            let rating = target::rate(&puzzle, &Options::default());
            assert!(
                rating.solved && rating.level == Level::Easy,
                "{} needs {:?}",
                puzzle.to_line(),
                rating.techniques
            );
            rated += 1;
            fewest = fewest.min(s.count_ones());
        }
    }
    (all.len(), rated, fewest)
}

#[test]
fn every_four_by_four_puzzle_with_boxes_is_solved_by_singles() {
    let (grids, rated, fewest) = check(Layout::for_side(4).unwrap());
    assert_eq!(grids, 288, "the 4×4 grids with boxes, a known count");
    assert_eq!(fewest, 4, "the fewest clues of a 4×4 puzzle, a known count");
    assert!(rated > 0);
}

#[test]
fn every_four_by_four_puzzle_with_diagonals_is_solved_by_singles() {
    let (grids, rated, _) = check(Layout::for_side(4).unwrap().with_diagonals());
    assert_eq!(
        grids, 48,
        "each of the 288 grids with boxes, kept when both diagonals hold"
    );
    assert!(rated > 0);
}
