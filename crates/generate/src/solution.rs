//! Complete grids (solutions): random, or seed 003's shuffles of a valid grid.

use std::sync::Arc;

use sudokit_core::rng::Rng;
use sudokit_core::{Cell, Digit, Grid, Layout};

use crate::transform::Transform;

/// Tries at a random start before a layout is declared to have no solution at all.
const ATTEMPTS: usize = 8;

/// A random complete grid of `layout`, or `None` when none was found (some jigsaw
/// layouts have no solution at all).
///
/// The first row is a random permutation, a few more random givens are added (each
/// digit one that the cell can still take), the solver completes the grid (starting
/// again, with half as many, when those givens have no completion), and a random
/// transformation of the
/// layout's group (bands, rows, stacks, columns, transposition, digits) is applied, so
/// that every grid of an equivalence class is equally likely.
///
/// ```
/// use std::sync::Arc;
/// use sudokit_core::{rng::Rng, Layout};
/// let layout = Arc::new(Layout::classic());
/// let grid = sudokit_generate::solution::random(&layout, &mut Rng::new(1)).unwrap();
/// assert!(grid.is_solved());
/// ```
pub fn random(layout: &Arc<Layout>, rng: &mut Rng) -> Option<Grid> {
    let n = layout.side();
    // More random givens spread the grids better; fewer keep large grids easy to complete.
    let extra = if n <= 16 { n + n / 3 } else { n / 2 };
    for attempt in 0..ATTEMPTS {
        // Fewer random givens after each failure: at the end only the first row, which
        // any layout with a solution can complete.
        let extra = extra >> attempt.min(usize::BITS as usize - 1);
        let mut grid = Grid::empty(layout.clone());
        let mut first: Vec<u8> = (1..=n as u8).collect();
        rng.shuffle(&mut first);
        for (c, &d) in first.iter().enumerate() {
            grid.set(layout.cell(0, c), Some(Digit::new(d)));
        }
        if !add_random_givens(&mut grid, extra, rng) {
            continue;
        }
        if let Ok(outcome) = sudokit_solver::count(&grid, 1) {
            if let Some(solution) = outcome.solution {
                return Some(Transform::random(layout, rng).apply(&solution));
            }
        }
    }
    None
}

/// Seed 003's method: a valid grid (the boxed pattern grid, or a random grid where the
/// layout has no pattern), then random band, stack, row, column and digit permutations.
pub fn shuffled(layout: &Arc<Layout>, rng: &mut Rng) -> Option<Grid> {
    let base = match pattern(layout) {
        Some(g) => g,
        None => random(layout, rng)?,
    };
    Some(Transform::random(layout, rng).apply(&base))
}

/// The boxed pattern grid: row `r` is the digits shifted by `(r mod R)·C + r div R`,
/// which is valid for R×C boxes. `None` for layouts that are not plain boxes.
///
/// ```text
/// 9×9:  123 456 789
///       456 789 123
///       789 123 456
///       234 567 891 ...
/// ```
pub fn pattern(layout: &Arc<Layout>) -> Option<Grid> {
    let shape = layout.box_shape().filter(|_| !layout.has_diagonals())?;
    let n = layout.side();
    let values = (0..n * n)
        .map(|i| {
            let (r, c) = (i / n, i % n);
            ((r % shape.rows * shape.cols + r / shape.rows + c) % n + 1) as u8
        })
        .collect();
    Some(Grid::from_values(layout.clone(), values))
}

/// Adds `count` random givens, each a digit its cell can still take; `false` when a cell
/// is left with no digit.
fn add_random_givens(grid: &mut Grid, count: usize, rng: &mut Rng) -> bool {
    let layout = grid.layout().clone();
    let mut blanks: Vec<Cell> = layout.cells().filter(|&c| grid.get(c).is_none()).collect();
    rng.shuffle(&mut blanks);
    for &cell in blanks.iter().take(count) {
        let options: Vec<Digit> = grid.candidates(cell).iter().collect();
        if options.is_empty() {
            return false;
        }
        grid.set(cell, Some(options[rng.below(options.len())]));
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pattern_grids_are_valid_for_every_box_shape() {
        for n in 4..=25 {
            if let Ok(layout) = Layout::for_side(n) {
                let g = pattern(&Arc::new(layout)).unwrap();
                assert!(g.is_solved(), "{n}");
            }
        }
    }

    #[test]
    fn random_grids_are_valid_and_differ() {
        let layout = Arc::new(Layout::classic());
        let mut rng = Rng::new(9);
        let a = random(&layout, &mut rng).unwrap();
        let b = random(&layout, &mut rng).unwrap();
        assert!(a.is_solved() && b.is_solved());
        assert_ne!(a, b);
        let s = shuffled(&layout, &mut rng).unwrap();
        assert!(s.is_solved());
    }
}
