//! A deliberately plain backtracker, kept as a test oracle for the real solvers.
//!
//! It fills the first blank cell with each digit that no peer holds, in order, and
//! recurses. No propagation, no heuristics: slow, but obviously right.

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
        *found += 1;
        return;
    };
    let cell = sudokit_core::Cell::new(i);
    for d in 1..=layout.side() as u8 {
        if layout.peers(cell).iter().any(|p| values[p.index()] == d) {
            continue;
        }
        values[i] = d;
        fill(grid, values, i + 1, limit, found);
        values[i] = 0;
        if *found >= limit {
            return;
        }
    }
}
