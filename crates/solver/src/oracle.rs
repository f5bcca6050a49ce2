//! A deliberately plain backtracker, kept as a test oracle for the real solvers.
//!
//! It fills the first blank cell with each digit that no peer holds, in order, and
//! recurses. No propagation, no heuristics: slow, but obviously right. On a killer a
//! cage's digits differ (its cells are peers) and, once each of its cells holds a digit,
//! add up to its sum; a partial cage whose digits already pass its sum is cut short.

use sudokit_core::Grid;

/// The number of solutions of `grid`, counting no further than `limit`.
/// A grid whose givens conflict has none.
pub fn count(grid: &Grid, limit: u64) -> u64 {
    if grid.find_conflict().is_some() {
        return 0;
    }
    let mut values = grid.values().to_vec();
    let mut found = 0;
    fill(grid, &mut values, 0, limit, &mut found);
    found
}

fn fill(grid: &Grid, values: &mut [u8], from: usize, limit: u64, found: &mut u64) {
    let layout = grid.layout();
    let Some(i) = (from..values.len()).find(|&i| values[i] == 0) else {
        // Every cage checked whole, those of givens alone too.
        let sums = |cage: &sudokit_core::Cage| {
            cage.cells
                .iter()
                .map(|c| u32::from(values[c.index()]))
                .sum::<u32>()
                == cage.sum
        };
        if layout.cages().iter().all(sums) {
            *found += 1;
        }
        return;
    };
    let cell = sudokit_core::Cell::new(i);
    for d in 1..=layout.side() as u8 {
        if layout.peers(cell).iter().any(|p| values[p.index()] == d) {
            continue;
        }
        values[i] = d;
        if cage_fits(grid, values, cell) {
            fill(grid, values, i + 1, limit, found);
        }
        values[i] = 0;
        if *found >= limit {
            return;
        }
    }
}

/// Does the cage of `cell`, if any, still fit its sum: below it while a cell is blank,
/// equal to it when none is? (A cut only: a full grid's cages are all checked again.)
fn cage_fits(grid: &Grid, values: &[u8], cell: sudokit_core::Cell) -> bool {
    let Some(k) = grid.layout().cage_of(cell) else {
        return true;
    };
    let cage = &grid.layout().cages()[k];
    let digits = cage.cells.iter().map(|c| u32::from(values[c.index()]));
    let sum: u32 = digits.clone().sum();
    match digits.clone().any(|d| d == 0) {
        true => sum < cage.sum,
        false => sum == cage.sum,
    }
}
