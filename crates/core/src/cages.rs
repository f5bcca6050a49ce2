//! Killer cages carved at random: the shapes of a generated killer, and of the random
//! killers the tests compare solvers on.

use crate::layout::{neighbours, Cage, Cell, Layout};
use crate::rng::Rng;

/// Carves every cell of `layout` into cages of 1 to `largest` cells (at most N), each
/// grown cell by cell from a random free cell through free neighbours (side by side), its
/// size drawn first. On a `solution` (a full grid's values; 0 for an unknown cell) a
/// cage takes no digit twice. A cage stops short of its size when no free neighbour can
/// join it. Cells in reading order of each cage; cages in the order grown.
///
/// ```
/// use sudokit_core::{cages, rng::Rng, Layout};
/// let layout = Layout::classic();
/// let shapes = cages::carve(&layout, 5, &[0; 81], &mut Rng::new(1));
/// assert_eq!(shapes.iter().map(Vec::len).sum::<usize>(), 81);
/// assert!(shapes.iter().all(|c| (1..=5).contains(&c.len())));
/// ```
pub fn carve(layout: &Layout, largest: usize, solution: &[u8], rng: &mut Rng) -> Vec<Vec<Cell>> {
    let n = layout.side();
    let largest = largest.clamp(1, n);
    let mut free = vec![true; n * n];
    let mut order: Vec<usize> = (0..n * n).collect();
    rng.shuffle(&mut order);
    let mut out = Vec::new();
    for start in order {
        if !free[start] {
            continue;
        }
        let size = 1 + rng.below(largest);
        free[start] = false;
        let mut cage = vec![start];
        let digit = |i: usize| solution.get(i).copied().unwrap_or(0);
        let mut held = 1u32 << digit(start);
        while cage.len() < size {
            let mut edge: Vec<usize> = Vec::new();
            for &i in &cage {
                let fits = |j: &usize| free[*j] && (digit(*j) == 0 || held & 1 << digit(*j) == 0);
                edge.extend(neighbours(n, i).filter(fits));
            }
            if edge.is_empty() {
                break;
            }
            let next = edge[rng.below(edge.len())];
            free[next] = false;
            held |= 1 << digit(next);
            cage.push(next);
        }
        cage.sort_unstable();
        out.push(cage.into_iter().map(Cell::new).collect());
    }
    out
}

/// The cages of `shapes` with the sums of `solution` (a full grid's values).
pub fn with_sums(shapes: &[Vec<Cell>], solution: &[u8]) -> Vec<Cage> {
    shapes
        .iter()
        .map(|cells| Cage {
            cells: cells.clone(),
            sum: cells.iter().map(|c| u32::from(solution[c.index()])).sum(),
        })
        .collect()
}
