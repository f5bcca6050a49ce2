//! Exactly uniform complete grids for the small boxed layouts.
//!
//! With R×C boxes (side N = R·C) a grid is C *bands* of R rows. Once the rows above a
//! band are fixed, each column of the band has R digits left (its *column set*), and the
//! band is those sets put in an order that makes every row a permutation (the boxes
//! then hold every digit by themselves). `M` bounds how many orders any column sets
//! can have: R = 2, 2^(N/2) (the digits' column pairs form cycles, two orders each, at
//! most N/2 cycles); R = 3, 12^C (the first stack's sets in any of 6^C orders, the
//! second's in at most 2^C, since each digit has two rows left there, the third's
//! forced). Both are reached, and checked by exhaustive tests.
//!
//! *By bands* (4×4, 6×6): draw the first C − 1 bands uniformly and independently,
//! starting again at the first digit repeated in a column; list the `n` orders of the
//! last band's column sets; draw `j` in `0..M` and keep order `j` if `j < n`, else
//! start again. A grid G = (B₁ … B_C) comes out of a round with probability
//! (1/bandsᶜ⁻¹)·(n/M)·(1/n), the same for every grid. Starting again from scratch (never
//! keeping the first bands) is what weights them by their number of completions.
//!
//! *By column sets* (9×9, where by bands would reject about 230,000 rounds a grid): draw
//! the first band B₁ uniformly; then in each stack, the second band's column sets
//! uniformly among the 56 that avoid B₁'s columns; draw `j₂` and `j₃` in `0..1728` and
//! keep the second band's order `j₂` and the last band's order `j₃` when both exist,
//! else start again. Every grid is exactly one (B₁, sets, j₂, j₃), so each comes out
//! with probability (1/bands)·(1/56³)·(1/1728)²; a round succeeds about once in 75.
//!
//! A band is drawn uniformly row by row, which is exact when every partial band has the
//! same number of completions: true for R = 2 (the second row's box contents are
//! forced) and R = 3 (the second row is one of `Σ_k C(C,k)³` box assignments, each with
//! the same number of orders, and the third row's contents are then forced).
//!
//! Other layouts (8×8 and up, jigsaw, diagonals) have far too many bands for rejection;
//! there [`crate::solution::random`] is used instead.

use std::sync::Arc;

use sudokit_core::rng::Rng;
use sudokit_core::{Grid, Layout};

/// The box shapes (rows, columns) this sampler handles.
const SHAPES: [(usize, usize); 4] = [(2, 2), (2, 3), (3, 2), (3, 3)];

/// Is `layout` one this sampler draws exactly uniformly?
pub fn supported(layout: &Layout) -> bool {
    shape_of(layout).is_some()
}

fn shape_of(layout: &Layout) -> Option<Shape> {
    let shape = layout.box_shape().filter(|_| !layout.has_diagonals())?;
    let (r, c) = (shape.rows, shape.cols);
    SHAPES.contains(&(r, c)).then(|| Shape::new(r, c))
}

/// An exactly uniform random complete grid of `layout`, or `None` when the layout is
/// not one of [`supported`]'s.
///
/// ```
/// use std::sync::Arc;
/// use sudokit_core::{rng::Rng, Layout};
/// let layout = Arc::new(Layout::classic());
/// let grid = sudokit_generate::uniform::grid(&layout, &mut Rng::new(1)).unwrap();
/// assert!(grid.is_solved());
/// ```
pub fn grid(layout: &Arc<Layout>, rng: &mut Rng) -> Option<Grid> {
    let shape = shape_of(layout)?;
    let values = match shape.c {
        3 if shape.r == 3 => shape.by_column_sets(rng),
        _ => shape.by_bands(rng),
    };
    Some(Grid::from_values(layout.clone(), values))
}

/// A box shape and what the sampler derives from it.
struct Shape {
    /// Rows of a box (rows of a band).
    r: usize,
    /// Columns of a box.
    c: usize,
    /// Side.
    n: usize,
    /// Every order of `0..r`.
    orders: Vec<Vec<usize>>,
    /// `M`: the most orders any column sets can have.
    most: usize,
}

impl Shape {
    fn new(r: usize, c: usize) -> Shape {
        let orders = match r {
            2 => vec![vec![0, 1], vec![1, 0]],
            _ => vec![
                vec![0, 1, 2],
                vec![0, 2, 1],
                vec![1, 0, 2],
                vec![1, 2, 0],
                vec![2, 0, 1],
                vec![2, 1, 0],
            ],
        };
        let most = match r {
            2 => 1 << (r * c / 2),
            _ => 12usize.pow(c as u32),
        };
        Shape {
            r,
            c,
            n: r * c,
            orders,
            most,
        }
    }

    /// The grid's values (1-based), by bands (see the module documentation).
    fn by_bands(&self, rng: &mut Rng) -> Vec<u8> {
        let n = self.n;
        let mut values = vec![0u8; n * n];
        loop {
            if !self.first_bands(&mut values, rng) {
                continue;
            }
            let taken = column_sets(&values[..(n - self.r) * n], n);
            if let Some(last) = self.pick_order(&missing(&taken, n), rng) {
                values[(n - self.r) * n..].copy_from_slice(&last);
                return values;
            }
        }
    }

    /// The grid's values (1-based), by column sets (see the module documentation).
    fn by_column_sets(&self, rng: &mut Rng) -> Vec<u8> {
        let n = self.n;
        let mut rows = vec![vec![0u8; n]; 3];
        loop {
            self.band(&mut rows, rng);
            let first: Vec<u8> = rows.iter().flatten().map(|&d| d + 1).collect();
            let taken = column_sets(&first, n);
            let mut second = vec![Vec::new(); n];
            for stack in 0..3 {
                let span = 3 * stack..3 * stack + 3;
                let groups = self.split(&taken[span.clone()], rng);
                second[span].clone_from_slice(&groups);
            }
            let Some(middle) = self.pick_order(&second, rng) else {
                continue;
            };
            let above: Vec<Vec<u8>> = taken
                .iter()
                .zip(&second)
                .map(|(t, s)| [&t[..], s].concat())
                .collect();
            let Some(last) = self.pick_order(&missing(&above, n), rng) else {
                continue;
            };
            return [first, middle, last].concat();
        }
    }

    /// One of the `M` slots of the column sets `sets` (a band, rows in reading
    /// order), uniformly: the order it holds, or `None` for an empty slot. A slot is an
    /// order of each first-stack column (R! each, all valid: a box holds distinct
    /// digits) and an index below `M / R!^C` among the orders of the other stacks that
    /// fit (for R = 3 at most 2^C; for R = 2 at most one). Every order of `sets` has
    /// exactly one slot, so each is drawn with probability 1/M.
    fn pick_order(&self, sets: &[Vec<u8>], rng: &mut Rng) -> Option<Vec<u8>> {
        let mut band = vec![0u8; self.r * self.n];
        let mut rows_used = vec![0u32; self.r];
        for (col, set) in sets.iter().enumerate().take(self.c) {
            let order = &self.orders[rng.below(self.orders.len())];
            self.place(set, order, col, &mut rows_used, &mut band);
        }
        let per_first = self.orders.len().pow(self.c as u32);
        let index = rng.below(self.most / per_first);
        let (mut seen, mut picked) = (0, None);
        self.complete(sets, self.c, &mut rows_used, &mut band, &mut |done| {
            if seen == index {
                picked = Some(done.to_vec());
            }
            seen += 1;
        });
        debug_assert!(seen <= self.most / per_first, "bound exceeded");
        picked
    }

    /// Puts column `col`'s digits `set` in rows `order`.
    fn place(
        &self,
        set: &[u8],
        order: &[usize],
        col: usize,
        rows_used: &mut [u32],
        band: &mut [u8],
    ) {
        for (&d, &row) in set.iter().zip(order) {
            rows_used[row] |= 1 << d;
            band[row * self.n + col] = d;
        }
    }

    /// Draws the first C − 1 bands into `values`; `false` at the first digit repeated
    /// in a column.
    fn first_bands(&self, values: &mut [u8], rng: &mut Rng) -> bool {
        let n = self.n;
        let mut used = vec![0u32; n];
        for band in 0..self.c - 1 {
            let mut rows = vec![vec![0u8; n]; self.r];
            self.band(&mut rows, rng);
            for (k, row) in rows.iter().enumerate() {
                for (col, &d) in row.iter().enumerate() {
                    if used[col] & 1 << d != 0 {
                        return false;
                    }
                    used[col] |= 1 << d;
                }
                let at = (band * self.r + k) * n;
                for (v, &d) in values[at..at + n].iter_mut().zip(row) {
                    *v = d + 1;
                }
            }
        }
        true
    }

    /// A uniform random band (digits 0-based), row by row.
    fn band(&self, rows: &mut [Vec<u8>], rng: &mut Rng) {
        let (n, c) = (self.n, self.c);
        let mut first: Vec<u8> = (0..n as u8).collect();
        rng.shuffle(&mut first);
        rows[0].copy_from_slice(&first);
        // The second row's digits of each box.
        let mut boxes: Vec<Vec<u8>> = vec![Vec::with_capacity(c); self.r];
        if self.r == 2 {
            boxes[0].extend_from_slice(&first[c..]);
            boxes[1].extend_from_slice(&first[..c]);
        } else {
            let own: Vec<Vec<u8>> = first.chunks(c).map(|b| b.to_vec()).collect();
            boxes = self.split(&own, rng);
        }
        for (b, contents) in boxes.iter_mut().enumerate() {
            rng.shuffle(contents);
            rows[1][b * c..(b + 1) * c].copy_from_slice(contents);
        }
        if self.r == 3 {
            for b in 0..3 {
                let span = b * c..(b + 1) * c;
                let mut rest: Vec<u8> = (0..n as u8)
                    .filter(|d| {
                        !rows[0][span.clone()].contains(d) && !rows[1][span.clone()].contains(d)
                    })
                    .collect();
                rng.shuffle(&mut rest);
                rows[2][span].copy_from_slice(&rest);
            }
        }
    }

    /// Three groups of C digits (a band's boxes in the first row, or a stack's column
    /// sets in the first band) to three new groups of C, each taking no digit of its
    /// own old group, uniformly. Writing a_ij for the digits going from group i to
    /// group j, every such split has a₀₁ = a₁₂ = a₂₀ = k and a₀₂ = a₁₀ = a₂₁ = C − k
    /// for some k, with C(C,k)³ ways to choose the digits: so k is drawn with that
    /// weight, then each group sends a uniform k of its digits on to the next group
    /// and the rest to the one after.
    fn split(&self, groups: &[Vec<u8>], rng: &mut Rng) -> Vec<Vec<u8>> {
        let k = self.moved(rng);
        let mut out: Vec<Vec<u8>> = (0..3).map(|_| Vec::with_capacity(self.c)).collect();
        for (from, group) in groups.iter().enumerate() {
            let mut own = group.clone();
            rng.shuffle(&mut own);
            out[(from + 1) % 3].extend_from_slice(&own[..k]);
            out[(from + 2) % 3].extend_from_slice(&own[k..]);
        }
        out
    }

    /// The `k` of [`Shape::split`], drawn with weight C(C,k)³.
    fn moved(&self, rng: &mut Rng) -> usize {
        let c = self.c;
        let weights: Vec<usize> = (0..=c).map(|k| binomial(c, k).pow(3)).collect();
        let mut x = rng.below(weights.iter().sum());
        for (k, &w) in weights.iter().enumerate() {
            if x < w {
                return k;
            }
            x -= w;
        }
        unreachable!("x is below the sum of the weights")
    }

    #[cfg(test)]
    /// Calls `found` with every order of the column sets `missing` (a band, rows in
    /// reading order, digits 1-based).
    fn each_order(&self, missing: &[Vec<u8>], found: &mut dyn FnMut(&[u8])) {
        let mut band = vec![0u8; self.r * self.n];
        self.complete(missing, 0, &mut vec![0u32; self.r], &mut band, found);
    }

    /// Depth-first over the columns: each column's missing digits in every order that
    /// keeps the rows free of repeats.
    fn complete(
        &self,
        missing: &[Vec<u8>],
        col: usize,
        rows_used: &mut [u32],
        band: &mut [u8],
        found: &mut dyn FnMut(&[u8]),
    ) {
        if col == self.n {
            found(band);
            return;
        }
        for order in &self.orders {
            let fits = order
                .iter()
                .enumerate()
                .all(|(k, &row)| rows_used[row] & 1 << missing[col][k] == 0);
            if !fits {
                continue;
            }
            self.place(&missing[col], order, col, rows_used, band);
            self.complete(missing, col + 1, rows_used, band, found);
            for (k, &row) in order.iter().enumerate() {
                rows_used[row] &= !(1 << missing[col][k]);
            }
        }
    }
}

/// The digits of each column of `values` (whole rows of side `n`), 1-based.
fn column_sets(values: &[u8], n: usize) -> Vec<Vec<u8>> {
    (0..n)
        .map(|col| values[col..].iter().step_by(n).copied().collect())
        .collect()
}

/// The digits (1-based) each column still lacks, given those it has.
fn missing(taken: &[Vec<u8>], n: usize) -> Vec<Vec<u8>> {
    taken
        .iter()
        .map(|t| (1..=n as u8).filter(|d| !t.contains(d)).collect())
        .collect()
}

fn binomial(n: usize, k: usize) -> usize {
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// Every partition of digits `1..=n` into sets of `r` (unordered), each set sorted.
    fn partitions(n: usize, r: usize) -> Vec<Vec<Vec<u8>>> {
        fn go(rest: Vec<u8>, r: usize, acc: &mut Vec<Vec<u8>>, out: &mut Vec<Vec<Vec<u8>>>) {
            let Some((&first, others)) = rest.split_first() else {
                out.push(acc.clone());
                return;
            };
            // The set holding the smallest digit left, with r − 1 of the others.
            let k = r - 1;
            let mut pick: Vec<usize> = (0..k).collect();
            loop {
                let mut set = vec![first];
                set.extend(pick.iter().map(|&i| others[i]));
                let left: Vec<u8> = (0..others.len())
                    .filter(|i| !pick.contains(i))
                    .map(|i| others[i])
                    .collect();
                acc.push(set);
                go(left, r, acc, out);
                acc.pop();
                // Next k-combination of 0..others.len().
                let m = others.len();
                let Some(i) = (0..k).rev().find(|&i| pick[i] < m - k + i) else {
                    break;
                };
                pick[i] += 1;
                for j in i + 1..k {
                    pick[j] = pick[j - 1] + 1;
                }
            }
        }
        let mut out = Vec::new();
        go((1..=n as u8).collect(), r, &mut Vec::new(), &mut out);
        out
    }

    /// The most completions any last band of shape r×c can have: every stack's columns
    /// partition the digits; the first stack is fixed up to relabelling, and the order
    /// of columns in a stack does not change the count.
    fn most_completions(r: usize, c: usize) -> usize {
        let shape = Shape::new(r, c);
        let parts = partitions(shape.n, r);
        let first = &parts[0];
        let mut most = 0;
        let mut others = vec![0usize; r - 1];
        loop {
            let missing: Vec<Vec<u8>> = std::iter::once(first)
                .chain(others.iter().map(|&i| &parts[i]))
                .flat_map(|stack| stack.iter().cloned())
                .collect();
            let mut count = 0;
            shape.each_order(&missing, &mut |_| count += 1);
            most = most.max(count);
            let Some(i) = others.iter().position(|&x| x + 1 < parts.len()) else {
                break;
            };
            others[i] += 1;
            others[..i].iter_mut().for_each(|x| *x = 0);
        }
        most
    }

    #[test]
    fn bounds_are_the_maxima() {
        for (r, c) in [(2, 2), (2, 3), (3, 2), (2, 4)] {
            assert_eq!(
                most_completions(r, c),
                Shape::new(r, c).most,
                "{r}x{c} boxes"
            );
        }
    }

    /// 9×9: about 8 s, so run on demand (`cargo test -p sudokit-generate -- --ignored`).
    #[test]
    #[ignore]
    fn bound_of_classic_is_the_maximum() {
        assert_eq!(most_completions(3, 3), 1728);
    }

    /// Pearson's statistic of `counts` against equal expectations, with its degrees of
    /// freedom; a uniform sampler stays far below `dof + 6·√(2·dof)`.
    fn chi_square(counts: &HashMap<Vec<u8>, usize>, outcomes: usize, draws: usize) -> (f64, f64) {
        assert_eq!(counts.len(), outcomes, "every outcome seen");
        let expected = draws as f64 / outcomes as f64;
        let stat = counts
            .values()
            .map(|&k| (k as f64 - expected).powi(2) / expected)
            .sum();
        (stat, (outcomes - 1) as f64)
    }

    fn assert_uniform(counts: &HashMap<Vec<u8>, usize>, outcomes: usize, draws: usize) {
        let (stat, dof) = chi_square(counts, outcomes, draws);
        let limit = dof + 6.0 * (2.0 * dof).sqrt();
        assert!(
            stat < limit,
            "chi-square {stat:.1} over {limit:.1} ({dof} dof)"
        );
    }

    #[test]
    fn every_4x4_grid_is_equally_likely() {
        let layout = Arc::new(Layout::for_side(4).unwrap());
        let mut rng = Rng::new(11);
        let draws = 288 * 200;
        let mut counts: HashMap<Vec<u8>, usize> = HashMap::new();
        for _ in 0..draws {
            let g = grid(&layout, &mut rng).unwrap();
            assert!(g.is_solved());
            *counts.entry(g.values().to_vec()).or_default() += 1;
        }
        // All 288 4×4 grids appear, equally often.
        assert_uniform(&counts, 288, draws);
    }

    /// Relabels a band so that its first row reads 1, 2, …, N.
    fn relabelled(rows: &[Vec<u8>]) -> Vec<u8> {
        let mut map = vec![0u8; rows[0].len()];
        for (i, &d) in rows[0].iter().enumerate() {
            map[d as usize] = i as u8;
        }
        rows.iter().flatten().map(|&d| map[d as usize]).collect()
    }

    #[test]
    fn bands_are_uniform() {
        // Given its first row, a band of 3×2 boxes has 10 second-row box assignments
        // times 2³ orders, and 2³ orders of the third row: 640 bands. With 2×3 boxes:
        // 3!² orders of the second row.
        for (r, c, outcomes) in [(3, 2, 640), (2, 3, 36)] {
            let shape = Shape::new(r, c);
            let mut rng = Rng::new(5);
            let draws = outcomes * 100;
            let mut counts: HashMap<Vec<u8>, usize> = HashMap::new();
            let mut rows = vec![vec![0u8; shape.n]; r];
            for _ in 0..draws {
                shape.band(&mut rows, &mut rng);
                *counts.entry(relabelled(&rows)).or_default() += 1;
            }
            assert_uniform(&counts, outcomes, draws);
        }
    }

    #[test]
    fn column_set_splits_are_uniform() {
        // A 9×9 stack: 56 ways to choose the second band's column sets.
        let shape = Shape::new(3, 3);
        let groups = vec![vec![1, 2, 3], vec![4, 5, 6], vec![7, 8, 9]];
        let mut rng = Rng::new(8);
        let draws = 56 * 300;
        let mut counts: HashMap<Vec<u8>, usize> = HashMap::new();
        for _ in 0..draws {
            let mut split = shape.split(&groups, &mut rng);
            for (own, new) in groups.iter().zip(&split) {
                assert!(new.iter().all(|d| !own.contains(d)));
            }
            split.iter_mut().for_each(|g| g.sort());
            *counts.entry(split.concat()).or_default() += 1;
        }
        assert_uniform(&counts, 56, draws);
    }

    #[test]
    fn every_supported_shape_gives_valid_grids_and_others_none() {
        let mut rng = Rng::new(3);
        for (r, c) in SHAPES {
            let layout =
                Arc::new(Layout::boxed(sudokit_core::BoxShape { rows: r, cols: c }).unwrap());
            assert!(supported(&layout));
            for _ in 0..20 {
                assert!(grid(&layout, &mut rng).unwrap().is_solved(), "{r}x{c}");
            }
        }
        let big = Arc::new(Layout::for_side(16).unwrap());
        assert!(grid(&big, &mut rng).is_none());
        let x = Arc::new(Layout::classic().with_diagonals());
        assert!(grid(&x, &mut rng).is_none());
    }
}
