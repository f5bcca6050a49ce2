//! SE's direct rules and singles: hidden single (SE's last-cell pass, then blocks,
//! columns, rows), naked single, and pointing and claiming (direct, placing the single
//! they leave, or plain).

use super::shared::*;

pub(super) fn hidden_singles(grid: &Grid9) -> Option<Found> {
    let open = (0..81).fold(0u128, |s, c| s | u128::from(grid.value[c] == 0) << c);
    for alone in [true, false] {
        for t in BCR {
            for i in 0..9 {
                let r = region(t, i);
                if ((open & REGION_SET[r]).count_ones() == 1) != alone {
                    continue;
                }
                for d in 0..9 {
                    let p = grid.cells[d] & REGION_SET[r];
                    if p.count_ones() == 1 {
                        let cell = p.trailing_zeros() as u8;
                        let difficulty = match (alone, t) {
                            (true, _) => 1.0,
                            (false, BLOCK) => 1.2,
                            _ => 1.5,
                        };
                        return Some(Found {
                            rule: Rule::HiddenSingle { alone },
                            difficulty,
                            removes: Vec::new(),
                            places: Some((cell, d as u8)),
                            shape: Shape::Single {
                                cell,
                                digit: d as u8,
                                region: Some(r as u8),
                            },
                        });
                    }
                }
            }
        }
    }
    None
}

pub(super) fn naked_single(grid: &Grid9) -> Option<Found> {
    (0..81)
        .find(|&c| grid.value[c] == 0 && grid.cands[c].count_ones() == 1)
        .map(|c| {
            let d = grid.cands[c].trailing_zeros() as u8;
            Found {
                rule: Rule::NakedSingle,
                difficulty: 2.3,
                removes: Vec::new(),
                places: Some((c as u8, d)),
                shape: Shape::Single {
                    cell: c as u8,
                    digit: d,
                    region: None,
                },
            }
        })
}

/// SE's pairs of region types for locking: pointing (block, then column or row), then
/// claiming (column or row, then block).
const LOCKING: [(usize, usize); 4] = [(BLOCK, COLUMN), (BLOCK, ROW), (COLUMN, BLOCK), (ROW, BLOCK)];

/// The cells of `cover` outside `base` that hold `d`.
fn locking_removes(grid: &Grid9, base: usize, cover: usize, d: usize) -> Vec<(u8, u8)> {
    bits(grid.cells[d] & REGION_SET[cover] & !REGION_SET[base])
        .map(|c| (c as u8, d as u8))
        .collect()
}

/// Pointing and claiming, each hint with the cell and digit of a hidden single it
/// leaves in another region of the first type (`direct`), or with its eliminations;
/// `only`: claiming only (`Some(true)`) or pointing only.
pub(super) fn locking_scan(grid: &Grid9, direct: bool, only: Option<bool>) -> Option<Found> {
    for (t1, t2) in LOCKING {
        if only.is_some_and(|claiming| claiming != (t1 != BLOCK)) {
            continue;
        }
        for i1 in 0..9 {
            for i2 in 0..9 {
                let (r1, r2) = (region(t1, i1), region(t2, i2));
                if REGION_SET[r1] & REGION_SET[r2] == 0 {
                    continue;
                }
                for d in 0..9 {
                    let places = grid.cells[d] & REGION_SET[r1];
                    if places.count_ones() <= 1 || places & !REGION_SET[r2] != 0 {
                        continue;
                    }
                    let claiming = t1 != BLOCK;
                    let shape = || Shape::Locking {
                        digit: d as u8,
                        base: r1 as u8,
                        cover: r2 as u8,
                    };
                    if !direct {
                        let removes = locking_removes(grid, r1, r2, d);
                        if !removes.is_empty() {
                            return Some(Found {
                                rule: Rule::Locking { claiming },
                                difficulty: if claiming { 2.8 } else { 2.6 },
                                removes,
                                places: None,
                                shape: shape(),
                            });
                        }
                        continue;
                    }
                    for i3 in (0..9).filter(|&i3| i3 != i1) {
                        let r3 = region(t1, i3);
                        if REGION_SET[r3] & REGION_SET[r2] == 0 {
                            continue;
                        }
                        let p3 = grid.cells[d] & REGION_SET[r3];
                        let rest = p3 & !REGION_SET[r2];
                        if p3.count_ones() > 1 && rest.count_ones() == 1 {
                            let cell = rest.trailing_zeros() as u8;
                            return Some(Found {
                                rule: Rule::DirectLocking { claiming },
                                difficulty: if claiming { 1.9 } else { 1.7 },
                                removes: locking_removes(grid, r1, r2, d),
                                places: Some((cell, d as u8)),
                                shape: shape(),
                            });
                        }
                    }
                }
            }
        }
    }
    None
}

pub(super) fn direct_locking(grid: &Grid9) -> Option<Found> {
    locking_scan(grid, true, None)
}

pub(super) fn locking(grid: &Grid9) -> Option<Found> {
    locking_scan(grid, false, None)
}
