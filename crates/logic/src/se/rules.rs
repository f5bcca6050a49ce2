//! The four rules SE's "+" chains run when propagation stalls (SE 1.2.1,
//! `getAdvancedPotentials`): locking (pointing and claiming), hidden pair, naked pair
//! and X-Wing, in that order, each in SE's scan order. Each hint comes with its *rule
//! parents*: the candidates the chain removed that the pattern needs (present in the
//! grid the chain started from, gone from the working grid). A hint without any held
//! before the assumption, and is no part of the chain.

use super::grid::{Grid9, REGION_CELLS};

/// One of the four rules.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Rule {
    Locking,
    HiddenPair,
    NakedPair,
    XWing,
}

impl Rule {
    pub const ALL: [Rule; 4] = [Rule::Locking, Rule::HiddenPair, Rule::NakedPair, Rule::XWing];
}

/// A rule's hint: what it removes and its rule parents, `(cell, digit)` each.
pub(crate) type Found = (Vec<(u8, u8)>, Vec<(u8, u8)>);

/// The hints of `rule` on `grid` (the working grid), with rule parents against `source`.
pub(crate) fn find(rule: Rule, grid: &Grid9, source: &Grid9) -> Vec<Found> {
    let mut out = Vec::new();
    match rule {
        Rule::Locking => locking(grid, source, &mut out),
        Rule::HiddenPair => hidden_pairs(grid, source, &mut out),
        Rule::NakedPair => naked_pairs(grid, source, &mut out),
        Rule::XWing => x_wings(grid, source, &mut out),
    }
    out
}

/// Regions by kind: blocks 0–8, rows 9–17, columns 18–26.
const BLOCKS: usize = 0;
const ROWS: usize = 9;
const COLUMNS: usize = 18;

fn cell_set(r: usize) -> u128 {
    REGION_CELLS[r].iter().fold(0, |s, &c| s | 1 << c)
}

fn removed(grid: &Grid9, source: &Grid9, cell: usize, d: usize) -> bool {
    source.has(cell, d) && !grid.has(cell, d)
}

/// Pointing (block, then line) and claiming (line, then block): a digit's places in
/// region 1 all in region 2 leave the rest of region 2.
fn locking(grid: &Grid9, source: &Grid9, out: &mut Vec<Found>) {
    for (t1, t2) in [(BLOCKS, COLUMNS), (BLOCKS, ROWS), (COLUMNS, BLOCKS), (ROWS, BLOCKS)] {
        for i1 in 0..9 {
            for i2 in 0..9 {
                let (r1, r2) = (t1 + i1, t2 + i2);
                let (s1, s2) = (cell_set(r1), cell_set(r2));
                if s1 & s2 == 0 {
                    continue;
                }
                for d in 0..9 {
                    let places = REGION_CELLS[r1]
                        .iter()
                        .filter(|&&c| grid.has(c as usize, d))
                        .fold(0u128, |s, &c| s | 1 << c);
                    if places.count_ones() <= 1 || places & !s2 != 0 {
                        continue;
                    }
                    let removes: Vec<(u8, u8)> = REGION_CELLS[r2]
                        .iter()
                        .filter(|&&c| s1 >> c & 1 == 0 && grid.has(c as usize, d))
                        .map(|&c| (c, d as u8))
                        .collect();
                    if removes.is_empty() {
                        continue;
                    }
                    let parents = REGION_CELLS[r1]
                        .iter()
                        .filter(|&&c| s2 >> c & 1 == 0 && removed(grid, source, c as usize, d))
                        .map(|&c| (c, d as u8))
                        .collect();
                    out.push((removes, parents));
                }
            }
        }
    }
}

/// The region kinds SE's subset rules scan, in order.
const SUBSET_ORDER: [usize; 3] = [BLOCKS, COLUMNS, ROWS];

/// Two digits with the same two places in a region: the cells lose their other digits.
fn hidden_pairs(grid: &Grid9, source: &Grid9, out: &mut Vec<Found>) {
    for kind in SUBSET_ORDER {
        for r in kind..kind + 9 {
            if grid.empty_cells(r) <= 4 {
                continue;
            }
            for a in 0..9 {
                for b in a + 1..9 {
                    let (pa, pb) = (grid.positions(r, a), grid.positions(r, b));
                    if pa.count_ones() <= 1 || pb.count_ones() <= 1 || (pa | pb).count_ones() != 2 {
                        continue;
                    }
                    let both = pa | pb;
                    let pair = 1 << a | 1 << b;
                    let mut removes = Vec::new();
                    for i in (0..9).filter(|&i| both >> i & 1 != 0) {
                        let c = REGION_CELLS[r][i] as usize;
                        for v in (0..9).filter(|&v| pair >> v & 1 == 0 && grid.has(c, v)) {
                            removes.push((c as u8, v as u8));
                        }
                    }
                    if removes.is_empty() {
                        continue;
                    }
                    let mut parents = Vec::new();
                    for i in (0..9).filter(|&i| both >> i & 1 == 0) {
                        let c = REGION_CELLS[r][i] as usize;
                        for v in [a, b] {
                            if source.has(c, v) {
                                parents.push((c as u8, v as u8));
                            }
                        }
                    }
                    out.push((removes, parents));
                }
            }
        }
    }
}

/// Two cells of a region with the same two digits: the rest of the region loses them.
fn naked_pairs(grid: &Grid9, source: &Grid9, out: &mut Vec<Found>) {
    for kind in SUBSET_ORDER {
        for r in kind..kind + 9 {
            if grid.empty_cells(r) < 4 {
                continue;
            }
            let cells = &REGION_CELLS[r];
            for i in 0..9 {
                for j in i + 1..9 {
                    let (ci, cj) = (cells[i] as usize, cells[j] as usize);
                    let (a, b) = (grid.cands[ci], grid.cands[cj]);
                    if a.count_ones() <= 1 || b.count_ones() <= 1 || (a | b).count_ones() != 2 {
                        continue;
                    }
                    let pair = a | b;
                    let mut removes = Vec::new();
                    for (k, &c) in cells.iter().enumerate() {
                        if k == i || k == j {
                            continue;
                        }
                        for v in (0..9).filter(|&v| pair >> v & 1 != 0 && grid.has(c as usize, v)) {
                            removes.push((c, v as u8));
                        }
                    }
                    if removes.is_empty() {
                        continue;
                    }
                    let mut parents = Vec::new();
                    for c in [ci, cj] {
                        for v in (0..9).filter(|&v| pair >> v & 1 == 0 && source.has(c, v)) {
                            parents.push((c as u8, v as u8));
                        }
                    }
                    out.push((removes, parents));
                }
            }
        }
    }
}

/// A digit in two lines (columns, then rows) with its places in the same two cross
/// lines: those lose it elsewhere.
fn x_wings(grid: &Grid9, source: &Grid9, out: &mut Vec<Found>) {
    for (base, cover) in [(COLUMNS, ROWS), (ROWS, COLUMNS)] {
        for a in 0..9 {
            for b in a + 1..9 {
                for d in 0..9 {
                    if grid.occurrences(d) + 4 > 9 {
                        continue;
                    }
                    let (pa, pb) = (grid.positions(base + a, d), grid.positions(base + b, d));
                    if pa.count_ones() <= 1 || pb.count_ones() <= 1 || (pa | pb).count_ones() != 2 {
                        continue;
                    }
                    let lines = pa | pb;
                    let mut removes = Vec::new();
                    for i in (0..9).filter(|&i| lines >> i & 1 != 0) {
                        for (k, &c) in REGION_CELLS[cover + i].iter().enumerate() {
                            if k != a && k != b && grid.has(c as usize, d) {
                                removes.push((c, d as u8));
                            }
                        }
                    }
                    if removes.is_empty() {
                        continue;
                    }
                    let covers = (0..9)
                        .filter(|&i| lines >> i & 1 != 0)
                        .fold(0u128, |s, i| s | cell_set(cover + i));
                    let mut parents = Vec::new();
                    for r in [base + a, base + b] {
                        for &c in &REGION_CELLS[r] {
                            if covers >> c & 1 == 0 && removed(grid, source, c as usize, d) {
                                parents.push((c, d as u8));
                            }
                        }
                    }
                    out.push((removes, parents));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pointing_needs_the_candidates_the_chain_removed() {
        // Digit 1 (index 0) everywhere; the chain removed it from the top block's last
        // two rows, so the block's places are all in row 0: pointing removes the rest
        // of row 0, resting on the six removed places.
        let source = Grid9 {
            cands: [0x1ff; 81],
            value: [0; 81],
        };
        let mut grid = source;
        for c in [9, 10, 11, 18, 19, 20] {
            grid.cands[c] &= !1;
        }
        let found = find(Rule::Locking, &grid, &source);
        let (removes, parents) = found
            .iter()
            .find(|(r, _)| r.contains(&(3, 0)))
            .expect("pointing in the top block");
        assert_eq!(removes.len(), 6);
        assert_eq!(parents.len(), 6);
    }
}
