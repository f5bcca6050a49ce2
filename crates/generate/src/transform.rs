//! Transformations that map a layout onto itself: they turn a grid into an equivalent one
//! (same number of solutions, same difficulty).
//!
//! For boxes R×C with no extra houses: permute the bands (groups of R rows), the rows
//! inside each band, the stacks (groups of C columns) and the columns inside each stack,
//! transpose when the boxes are square, and relabel the digits. On 9×9 that is
//! 3!⁸·2 = 3,359,232 geometric transformations times 9! relabellings (seed 003's
//! shuffles). Any other layout (jigsaw, diagonals) keeps the rotations and reflections
//! of the square that map its houses onto houses, and relabelling.

use std::collections::HashSet;

use sudokit_core::rng::Rng;
use sudokit_core::{Grid, Layout};

/// A transformation: the new grid's cell `i` takes the old grid's cell `cells[i]`, and
/// old digit `d` becomes `digits[d - 1]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Transform {
    cells: Vec<u16>,
    digits: Vec<u8>,
}

/// A map from a new position (row, column) to the old one, given the last index `n - 1`.
type PositionMap = fn(usize, usize, usize) -> (usize, usize);

/// The eight symmetries of the square, as maps from a new position to the old one.
const SQUARE: [(&str, PositionMap); 8] = [
    ("identity", |_, r, c| (r, c)),
    ("rot90", |m, r, c| (m - c, r)),
    ("rot180", |m, r, c| (m - r, m - c)),
    ("rot270", |m, r, c| (c, m - r)),
    ("mirror", |m, r, c| (r, m - c)),
    ("flip", |m, r, c| (m - r, c)),
    ("transpose", |_, r, c| (c, r)),
    ("antitranspose", |m, r, c| (m - c, m - r)),
];

/// The names [`Transform::named`] knows.
pub const NAMES: [&str; 9] = [
    "identity",
    "rot90",
    "rot180",
    "rot270",
    "mirror",
    "flip",
    "transpose",
    "antitranspose",
    "relabel",
];

/// Why a named transformation cannot be applied.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TransformError {
    /// Not a known name.
    #[error("unknown transformation {0:?} (known: {known})", known = NAMES.join(", "))]
    Unknown(String),
    /// The transformation does not map this layout's houses onto houses.
    #[error("{0} does not map this layout onto itself")]
    BreaksLayout(String),
}

impl Transform {
    /// Changes nothing.
    pub fn identity(n: usize) -> Transform {
        Transform {
            cells: (0..(n * n) as u16).collect(),
            digits: (1..=n as u8).collect(),
        }
    }

    /// Applies the transformation.
    ///
    /// # Panics
    /// When the grid's side is not the transformation's.
    pub fn apply(&self, grid: &Grid) -> Grid {
        assert_eq!(self.cells.len(), grid.values().len(), "sides differ");
        let old = grid.values();
        let values = self
            .cells
            .iter()
            .map(|&i| match old[i as usize] {
                0 => 0,
                d => self.digits[d as usize - 1],
            })
            .collect();
        Grid::from_values(grid.layout().clone(), values)
    }

    /// `self`, then `next`.
    pub fn then(&self, next: &Transform) -> Transform {
        Transform {
            cells: next.cells.iter().map(|&i| self.cells[i as usize]).collect(),
            digits: self
                .digits
                .iter()
                .map(|&d| next.digits[d as usize - 1])
                .collect(),
        }
    }

    /// A uniformly random transformation of `layout`'s group, digits relabelled at random.
    pub fn random(layout: &Layout, rng: &mut Rng) -> Transform {
        let n = layout.side();
        let mut digits: Vec<u8> = (1..=n as u8).collect();
        rng.shuffle(&mut digits);
        let cells = match Group::of(layout) {
            Group::Boxed {
                rows,
                cols,
                transpose,
            } => {
                let row_order = random_arrangement(n, rows, rng);
                let col_order = random_arrangement(n, cols, rng);
                let swap = transpose && rng.below(2) == 1;
                (0..n * n)
                    .map(|i| {
                        let (r, c) = (row_order[i / n] as usize, col_order[i % n] as usize);
                        (if swap { c * n + r } else { r * n + c }) as u16
                    })
                    .collect()
            }
            Group::Square(maps) => maps[rng.below(maps.len())].clone(),
        };
        Transform { cells, digits }
    }

    /// A named transformation: a symmetry of the square (`rot90`, `rot180`, `rot270`,
    /// `mirror`, `flip`, `transpose`, `antitranspose`, `identity`), or `relabel` (digits
    /// relabelled at random from `rng`).
    ///
    /// # Errors
    /// An unknown name, or a map that does not keep `layout`'s houses (a quarter turn of
    /// 2×3 boxes, a reflection of most jigsaw layouts).
    pub fn named(layout: &Layout, name: &str, rng: &mut Rng) -> Result<Transform, TransformError> {
        let n = layout.side();
        let wanted = name.trim().to_ascii_lowercase();
        if wanted == "relabel" {
            let mut t = Transform::identity(n);
            rng.shuffle(&mut t.digits);
            return Ok(t);
        }
        let (_, map) = SQUARE
            .iter()
            .find(|(s, _)| *s == wanted)
            .ok_or_else(|| TransformError::Unknown(name.to_string()))?;
        let t = Transform {
            cells: square_map(n, *map),
            digits: (1..=n as u8).collect(),
        };
        match keeps_houses(layout, &t.cells) {
            true => Ok(t),
            false => Err(TransformError::BreaksLayout(wanted)),
        }
    }
}

/// The structure of a layout's group of transformations.
#[derive(Clone, Debug)]
pub(crate) enum Group {
    /// Boxes of `rows`×`cols` and nothing else: row and column arrangements, and
    /// transposition when `transpose` (square boxes).
    Boxed {
        rows: usize,
        cols: usize,
        transpose: bool,
    },
    /// The symmetries of the square (as cell maps) that keep the houses.
    Square(Vec<Vec<u16>>),
}

impl Group {
    pub(crate) fn of(layout: &Layout) -> Group {
        match (layout.box_shape(), layout.has_diagonals()) {
            (Some(shape), false) => Group::Boxed {
                rows: shape.rows,
                cols: shape.cols,
                transpose: shape.rows == shape.cols,
            },
            _ => Group::Square(square_maps(layout)),
        }
    }
}

/// The symmetries of the square that keep `layout`'s houses (the identity at least).
pub(crate) fn square_maps(layout: &Layout) -> Vec<Vec<u16>> {
    let n = layout.side();
    SQUARE
        .iter()
        .map(|(_, f)| square_map(n, *f))
        .filter(|cells| keeps_houses(layout, cells))
        .collect()
}

fn square_map(n: usize, f: PositionMap) -> Vec<u16> {
    (0..n * n)
        .map(|i| {
            let (r, c) = f(n - 1, i / n, i % n);
            (r * n + c) as u16
        })
        .collect()
}

/// Does the cell map send every house onto a house?
fn keeps_houses(layout: &Layout, cells: &[u16]) -> bool {
    let sorted = |mut v: Vec<u16>| {
        v.sort_unstable();
        v
    };
    let houses: HashSet<Vec<u16>> = layout
        .houses()
        .iter()
        .map(|h| sorted(h.cells.iter().map(|c| c.index() as u16).collect()))
        .collect();
    houses
        .iter()
        .all(|h| houses.contains(&sorted(h.iter().map(|&i| cells[i as usize]).collect())))
}

/// A random order of the `n` lines, moving groups of `size` lines (bands or stacks) and
/// the lines inside each group.
fn random_arrangement(n: usize, size: usize, rng: &mut Rng) -> Vec<u8> {
    let mut groups: Vec<usize> = (0..n / size).collect();
    rng.shuffle(&mut groups);
    let mut order = Vec::with_capacity(n);
    for g in groups {
        let mut lines: Vec<u8> = (g * size..(g + 1) * size).map(|l| l as u8).collect();
        rng.shuffle(&mut lines);
        order.extend(lines);
    }
    order
}

/// Every order of the `n` lines that moves groups of `size` lines and lines inside groups.
pub(crate) fn all_arrangements(n: usize, size: usize) -> Vec<Vec<u8>> {
    let group_orders = permutations(n / size);
    let inner = permutations(size);
    let mut out = Vec::new();
    for groups in &group_orders {
        let mut partial: Vec<Vec<u8>> = vec![Vec::with_capacity(n)];
        for &g in groups {
            partial = partial
                .iter()
                .flat_map(|p| {
                    inner.iter().map(move |perm| {
                        let mut q = p.clone();
                        q.extend(perm.iter().map(|&k| (g as usize * size + k as usize) as u8));
                        q
                    })
                })
                .collect();
        }
        out.extend(partial);
    }
    out
}

/// The number of orders [`all_arrangements`] gives, saturating.
pub(crate) fn arrangement_count(n: usize, size: usize) -> u64 {
    let fact = |k: usize| (1..=k as u64).fold(1u64, |a, b| a.saturating_mul(b));
    let groups = n / size;
    (0..groups).fold(fact(groups), |a, _| a.saturating_mul(fact(size)))
}

fn permutations(k: usize) -> Vec<Vec<u8>> {
    let mut out = vec![Vec::new()];
    for len in 0..k {
        out = out
            .into_iter()
            .flat_map(|p: Vec<u8>| {
                (0..=len).map(move |at| {
                    let mut q = p.clone();
                    q.insert(at, len as u8);
                    q
                })
            })
            .collect();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classic_group_has_3359232_geometric_maps() {
        assert_eq!(
            arrangement_count(9, 3) * arrangement_count(9, 3) * 2,
            3_359_232
        );
        assert_eq!(all_arrangements(9, 3).len(), 1296);
        assert_eq!(all_arrangements(6, 2).len(), 48);
    }

    #[test]
    fn square_maps_that_keep_houses() {
        assert_eq!(square_maps(&Layout::classic()).len(), 8);
        // 2×3 boxes: quarter turns and diagonal reflections turn them into 3×2.
        assert_eq!(square_maps(&Layout::for_side(6).unwrap()).len(), 4);
    }

    #[test]
    fn random_transforms_keep_a_solution_valid() {
        let mut rng = Rng::new(5);
        for n in [4, 6, 8, 9, 12] {
            let layout = std::sync::Arc::new(Layout::for_side(n).unwrap());
            let grid = crate::solution::pattern(&layout).unwrap();
            for _ in 0..20 {
                let t = Transform::random(&layout, &mut rng);
                let g = t.apply(&grid);
                assert!(g.is_solved(), "{n}: {}", g.to_line());
                assert_eq!(t.then(&Transform::identity(n)).apply(&grid), g);
            }
        }
    }

    #[test]
    fn named_transforms_check_the_layout() {
        let mut rng = Rng::new(1);
        let six = Layout::for_side(6).unwrap();
        assert!(Transform::named(&six, "rot180", &mut rng).is_ok());
        assert_eq!(
            Transform::named(&six, "rot90", &mut rng),
            Err(TransformError::BreaksLayout("rot90".into()))
        );
        assert!(matches!(
            Transform::named(&six, "twist", &mut rng),
            Err(TransformError::Unknown(_))
        ));
    }
}
