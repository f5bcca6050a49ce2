//! The four rules SE's "+" chains run when propagation stalls (SE 1.2.1,
//! `getAdvancedPotentials`): locking (pointing and claiming), hidden pair, naked pair
//! and X-Wing, in that order, each in SE's scan order. Each hint comes with its *rule
//! parents*: the candidates the chain removed that the pattern needs (present in the
//! grid the chain started from, gone from the working grid). A hint without rule parents
//! held before the assumption too, so it is no part of the chain.

use super::grid::{bits, Grid9, REGION_CELLS, REGION_SET};

/// One of the four rules.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Rule {
    Locking,
    HiddenPair,
    NakedPair,
    XWing,
}

impl Rule {
    pub const ALL: [Rule; 4] = [
        Rule::Locking,
        Rule::HiddenPair,
        Rule::NakedPair,
        Rule::XWing,
    ];
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

/// The cells of `set` with digit `d` that the chain removed (in `source`, not in `grid`).
fn removed(grid: &Grid9, source: &Grid9, set: u128, d: usize) -> u128 {
    source.cells[d] & !grid.cells[d] & set
}

fn pairs(set: u128, d: usize) -> impl Iterator<Item = (u8, u8)> {
    bits(set).map(move |c| (c as u8, d as u8))
}

/// Pointing (block, then line) and claiming (line, then block): a digit's places in
/// region 1 all in region 2 leave the rest of region 2.
fn locking(grid: &Grid9, source: &Grid9, out: &mut Vec<Found>) {
    for (t1, t2) in [
        (BLOCKS, COLUMNS),
        (BLOCKS, ROWS),
        (COLUMNS, BLOCKS),
        (ROWS, BLOCKS),
    ] {
        for i1 in 0..9 {
            for i2 in 0..9 {
                let (s1, s2) = (REGION_SET[t1 + i1], REGION_SET[t2 + i2]);
                if s1 & s2 == 0 {
                    continue;
                }
                for d in 0..9 {
                    let places = grid.cells[d] & s1;
                    if places.count_ones() <= 1 || places & !s2 != 0 {
                        continue;
                    }
                    let removes = grid.cells[d] & s2 & !s1;
                    if removes != 0 {
                        let parents = removed(grid, source, s1 & !s2, d);
                        out.push((pairs(removes, d).collect(), pairs(parents, d).collect()));
                    }
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
        for (r, &set) in REGION_SET.iter().enumerate().skip(kind).take(9) {
            if grid.empty_cells(r) <= 4 {
                continue;
            }
            let places: [u128; 9] = std::array::from_fn(|d| grid.cells[d] & set);
            for a in 0..9 {
                if places[a].count_ones() <= 1 {
                    continue;
                }
                for b in a + 1..9 {
                    let both = places[a] | places[b];
                    if places[b].count_ones() <= 1 || both.count_ones() != 2 {
                        continue;
                    }
                    let pair = 1 << a | 1 << b;
                    let mut removes = Vec::new();
                    for c in bits(both) {
                        let other = grid.cands[c] & !pair;
                        removes.extend(
                            (0..9)
                                .filter(|&v| other >> v & 1 != 0)
                                .map(|v| (c as u8, v as u8)),
                        );
                    }
                    if removes.is_empty() {
                        continue;
                    }
                    let mut parents = Vec::new();
                    for c in bits(set & !both) {
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
            for (i, &ci) in cells.iter().enumerate() {
                let (ci, a) = (ci as usize, grid.cands[ci as usize]);
                if a.count_ones() <= 1 {
                    continue;
                }
                for &cj in &cells[i + 1..] {
                    let (cj, b) = (cj as usize, grid.cands[cj as usize]);
                    if b.count_ones() <= 1 || (a | b).count_ones() != 2 {
                        continue;
                    }
                    let pair = a | b;
                    let rest = REGION_SET[r] & !(1 << ci) & !(1 << cj);
                    let mut removes = Vec::new();
                    for c in bits(rest) {
                        let gone = grid.cands[c] & pair;
                        removes.extend(
                            (0..9)
                                .filter(|&v| gone >> v & 1 != 0)
                                .map(|v| (c as u8, v as u8)),
                        );
                    }
                    if removes.is_empty() {
                        continue;
                    }
                    let mut parents = Vec::new();
                    for c in [ci, cj] {
                        let other = source.cands[c] & !pair;
                        parents.extend(
                            (0..9)
                                .filter(|&v| other >> v & 1 != 0)
                                .map(|v| (c as u8, v as u8)),
                        );
                    }
                    out.push((removes, parents));
                }
            }
        }
    }
}

/// The cross lines (indices 0–8) a line's cells `set` lie in: rows of a column's
/// cells, columns of a row's.
fn cross(set: u128, base: usize) -> u16 {
    bits(set).fold(0, |m, c| {
        m | 1 << if base == COLUMNS { c / 9 } else { c % 9 }
    })
}

/// A digit in two lines (columns, then rows) with its places in the same two cross
/// lines: those lose it elsewhere.
fn x_wings(grid: &Grid9, source: &Grid9, out: &mut Vec<Found>) {
    let occurrences: [u32; 9] = std::array::from_fn(|d| grid.occurrences(d));
    for (base, cover) in [(COLUMNS, ROWS), (ROWS, COLUMNS)] {
        for a in 0..9 {
            for b in a + 1..9 {
                for d in (0..9).filter(|&d| occurrences[d] + 4 <= 9) {
                    let (pa, pb) = (grid.places(base + a, d), grid.places(base + b, d));
                    if pa.count_ones() <= 1 || pb.count_ones() <= 1 {
                        continue;
                    }
                    let lines = cross(pa | pb, base);
                    if lines.count_ones() != 2 {
                        continue;
                    }
                    let covers = (0..9)
                        .filter(|&i| lines >> i & 1 != 0)
                        .fold(0u128, |s, i| s | REGION_SET[cover + i]);
                    let bases = REGION_SET[base + a] | REGION_SET[base + b];
                    let removes = grid.cells[d] & covers & !bases;
                    if removes == 0 {
                        continue;
                    }
                    let parents = removed(grid, source, bases & !covers, d);
                    out.push((pairs(removes, d).collect(), pairs(parents, d).collect()));
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
        let source = Grid9::new([0x1ff; 81], [0; 81]);
        let mut grid = source;
        for c in [9, 10, 11, 18, 19, 20] {
            grid.remove(c, 0);
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
