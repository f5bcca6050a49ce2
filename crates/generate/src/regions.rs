//! Random jigsaw layouts: N connected regions of N cells.

use sudokit_core::rng::Rng;
use sudokit_core::{region_symbol, BoxShape, Layout};

/// Swaps tried per cell when mixing a region table.
const SWAPS_PER_CELL: usize = 12;

/// A random jigsaw layout of side `n` (4..=25): every region is N cells joined edge to
/// edge. It starts from the boxes (rows where `n` is prime) and swaps many pairs of
/// cells between neighbouring regions, keeping each exchange that leaves both regions
/// connected. Whether the layout has a solution is the caller's check.
///
/// ```
/// use sudokit_core::rng::Rng;
/// let layout = sudokit_generate::regions::random_jigsaw(9, &mut Rng::new(3));
/// assert_eq!(layout.side(), 9);
/// assert!(layout.box_shape().is_none());
/// ```
///
/// # Panics
/// When `n` is outside 4..=25.
pub fn random_jigsaw(n: usize, rng: &mut Rng) -> Layout {
    assert!((4..=25).contains(&n), "side {n}");
    let mut region: Vec<u8> = match BoxShape::for_side(n) {
        Some(s) => (0..n * n)
            .map(|i| ((i / n) / s.rows * (n / s.cols) + (i % n) / s.cols) as u8)
            .collect(),
        None => (0..n * n).map(|i| (i / n) as u8).collect(),
    };
    for _ in 0..SWAPS_PER_CELL * n * n {
        // Move a cell `a` of region A into a neighbouring region B, and a cell `b` of B
        // that touches A into A, so both keep N cells; undo unless both stay connected.
        let a = rng.below(n * n);
        let Some(into) = neighbour(n, a, rng.below(4)) else {
            continue;
        };
        let (ra, rb) = (region[a], region[into]);
        if ra == rb {
            continue;
        }
        region[a] = rb;
        let touching: Vec<usize> = (0..n * n)
            .filter(|&b| region[b] == rb && b != a)
            .filter(|&b| (0..4).any(|d| neighbour(n, b, d).is_some_and(|x| region[x] == ra)))
            .collect();
        if touching.is_empty() {
            region[a] = ra;
            continue;
        }
        let b = touching[rng.below(touching.len())];
        region[b] = ra;
        if !connected(n, &region, ra) || !connected(n, &region, rb) {
            region[a] = ra;
            region[b] = rb;
        }
    }
    let symbols: Vec<char> = region.iter().map(|&r| region_symbol(r as usize)).collect();
    Layout::jigsaw(&symbols).expect("swaps keep N regions of N cells")
}

/// The cell next to `i` in direction `dir` (up, down, left, right), if inside the grid.
fn neighbour(n: usize, i: usize, dir: usize) -> Option<usize> {
    let (r, c) = (i / n, i % n);
    match dir {
        0 if r > 0 => Some(i - n),
        1 if r + 1 < n => Some(i + n),
        2 if c > 0 => Some(i - 1),
        3 if c + 1 < n => Some(i + 1),
        _ => None,
    }
}

/// Are the cells of region `r` joined edge to edge?
pub fn connected(n: usize, region: &[u8], r: u8) -> bool {
    let Some(start) = region.iter().position(|&x| x == r) else {
        return true;
    };
    let mut seen = vec![false; n * n];
    seen[start] = true;
    let mut stack = vec![start];
    let mut reached = 1;
    while let Some(i) = stack.pop() {
        for dir in 0..4 {
            if let Some(j) = neighbour(n, i, dir) {
                if !seen[j] && region[j] == r {
                    seen[j] = true;
                    reached += 1;
                    stack.push(j);
                }
            }
        }
    }
    reached == region.iter().filter(|&&x| x == r).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regions_are_connected_for_every_side() {
        let mut rng = Rng::new(11);
        for n in 4..=25 {
            let layout = random_jigsaw(n, &mut rng);
            let table = layout.region_table();
            for r in 0..n as u8 {
                assert!(connected(n, table, r), "side {n} region {r}");
            }
        }
    }
}
