//! Canonical forms: one representative per equivalence class, to de-duplicate collections.

use sudokit_core::Grid;

use crate::transform::{all_arrangements, arrangement_count, square_maps, Group};

/// Above this many geometric transformations, only the symmetries of the square (and
/// relabelling) are used: 9×9 has 3,359,232; 8×8 442,368; 12×12 and up far more.
pub const FULL_GROUP_LIMIT: u64 = 4_000_000;

/// The canonical form of `grid`: of all its images under the layout's transformations
/// (see [`crate::transform`]), with digits relabelled in order of first appearance, the
/// smallest in reading order, blanks before digits. Equivalent grids get equal forms;
/// grids that are not equivalent get different forms.
///
/// The whole group is used for boxes with no extra houses when it has at most
/// [`FULL_GROUP_LIMIT`] maps (every box size up to 9×9); larger boxes, jigsaw and
/// diagonal layouts use relabelling and the symmetries of the square that keep the houses.
///
/// ```
/// use sudokit_core::{rng::Rng, Grid};
/// use sudokit_generate::{canon::canonical, Transform};
/// let p = Grid::from_line(
///     "003000100100400000000200000000000050007036000000000042200000000000070900580010000",
/// )
/// .unwrap();
/// let q = Transform::random(p.layout(), &mut Rng::new(8)).apply(&p);
/// assert_eq!(canonical(&p), canonical(&q));
/// assert!(canonical(&p).to_line().starts_with("........1......."));
/// ```
pub fn canonical(grid: &Grid) -> Grid {
    let layout = grid.layout();
    let n = layout.side();
    let values = grid.values();
    let identity: Vec<u8> = (0..n as u8).collect();
    let mut best = vec![u8::MAX; n * n];
    match Group::of(layout) {
        Group::Boxed {
            rows,
            cols,
            transpose,
        } if arrangement_count(n, rows)
            .saturating_mul(arrangement_count(n, cols))
            .saturating_mul(1 + transpose as u64)
            <= FULL_GROUP_LIMIT =>
        {
            let row_orders = all_arrangements(n, rows);
            let col_orders = all_arrangements(n, cols);
            let transposed: Vec<u8> = (0..n * n).map(|i| values[i % n * n + i / n]).collect();
            let sources: &[&[u8]] = if transpose {
                &[values, &transposed]
            } else {
                &[values]
            };
            for src in sources {
                for r in &row_orders {
                    for c in &col_orders {
                        consider(src, n, r, c, &mut best);
                    }
                }
            }
        }
        _ => {
            for map in square_maps(layout) {
                let src: Vec<u8> = map.iter().map(|&i| values[i as usize]).collect();
                consider(&src, n, &identity, &identity, &mut best);
            }
        }
    }
    Grid::from_values(layout.clone(), best)
}

/// Replaces `best` by the image of `src` (rows in order `rows`, columns in order `cols`,
/// digits relabelled by first appearance) when that image is smaller.
#[inline]
fn consider(src: &[u8], n: usize, rows: &[u8], cols: &[u8], best: &mut [u8]) {
    let mut label = [0u8; 32];
    let mut next = 0u8;
    let mut smaller = false;
    for (r, &row) in rows.iter().enumerate() {
        let line = &src[row as usize * n..][..n];
        for (c, &col) in cols.iter().enumerate() {
            let v = line[col as usize] as usize;
            let l = match v {
                0 => 0,
                _ => {
                    if label[v] == 0 {
                        next += 1;
                        label[v] = next;
                    }
                    label[v]
                }
            };
            let k = r * n + c;
            if smaller || l < best[k] {
                smaller = true;
                best[k] = l;
            } else if l > best[k] {
                return;
            }
        }
    }
}
