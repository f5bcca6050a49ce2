//! Sudoku Explainer's rating by SE's path against serate's own ratings (serate 1.2.1.3,
//! the 1to9only build of SE): 600 puzzles across the whole scale, and the forum's
//! hardest list.

use sudokit_core::Grid;
use sudokit_logic::{se, Board};
use sudokit_testdata::data_dir;

/// `(puzzle, ER, EP, ED)` in tenths, from a `puzzle:ER:EP:ED` file of `ratings/`.
fn rated(file: &str) -> Vec<(String, [u32; 3])> {
    let text = std::fs::read_to_string(data_dir().join("ratings").join(file))
        .unwrap_or_else(|e| panic!("{file}: {e}"));
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let mut f = l.split(':');
            let puzzle = f.next().unwrap().to_string();
            let t = |s: &str| (s.parse::<f64>().unwrap() * 10.0).round() as u32;
            let er = [f.next().unwrap(), f.next().unwrap(), f.next().unwrap()].map(t);
            (puzzle, er)
        })
        .collect()
}

fn explained(puzzle: &str) -> [u32; 3] {
    let grid = Grid::from_line(puzzle).unwrap();
    let e = se::rate(&Board::new(&grid, None)).expect("SE's path solves it");
    [e.er, e.ep, e.ed]
}

#[test]
fn er_ep_and_ed_match_serate_across_the_scale() {
    let cases = rated("se_scale_dev.txt");
    assert_eq!(cases.len(), 600);
    let mut exact = [0usize; 3];
    let mut misses = Vec::new();
    for (puzzle, want) in &cases {
        let got = explained(puzzle);
        for k in 0..3 {
            exact[k] += usize::from(got[k] == want[k]);
        }
        if got != *want {
            misses.push(format!("{puzzle}: {got:?}, serate {want:?}"));
        }
    }
    // The bar is 99% for each; every one is exact today.
    for (k, name) in ["ER", "EP", "ED"].iter().enumerate() {
        assert!(
            exact[k] * 100 >= cases.len() * 99,
            "{name} exact for {} of 600:\n{}",
            exact[k],
            misses.join("\n")
        );
    }
    assert!(misses.is_empty(), "{}", misses.join("\n"));
}
