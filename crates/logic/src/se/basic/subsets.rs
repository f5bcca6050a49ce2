//! SE's subsets, fish and wings: hidden and naked pairs, triplets and quads (direct
//! hidden pair and triplet too), X-Wing, Swordfish, Jellyfish, XY-Wing and XYZ-Wing.

use super::shared::*;

/// Hidden sets of `degree` digits; `direct`: only those that leave a hidden single of
/// another digit in the region (SE's direct hidden pair and triplet).
pub(super) fn hidden_sets(grid: &Grid9, degree: usize, direct: bool) -> Option<Found> {
    for t in BCR {
        for i in 0..9 {
            let r = region(t, i);
            let empty = grid.empty_cells(r) as usize;
            if !(empty > degree * 2 || (direct && empty > degree)) {
                continue;
            }
            let pos: [u16; 9] = std::array::from_fn(|d| positions(grid, r, d));
            // Digits with fewer than two places take part in no set.
            let usable = (0..9).fold(0u32, |m, d| m | u32::from(count(pos[d]) >= 2) << d);
            for set in subsets(degree, 9) {
                if set & !usable != 0 {
                    continue;
                }
                let common = ones(set).fold(0u16, |m, d| m | pos[d]);
                if count(common) as usize != degree {
                    continue;
                }
                let values = set as u16;
                let mut removes = Vec::new();
                let mut cells = Vec::new();
                for k in ones(common as u32) {
                    let c = REGION_CELLS[r][k];
                    cells.push(c);
                    let other = grid.cands[c as usize] & !values;
                    removes.extend(ones(other as u32).map(|v| (c, v as u8)));
                }
                let shape = Shape::Subset {
                    digits: values,
                    cells,
                    region: r as u8,
                };
                if direct {
                    let single = (0..9).filter(|&v| values >> v & 1 == 0).find_map(|v| {
                        let p = pos[v];
                        let rest = p & !common;
                        (count(p) > 1 && count(rest) == 1).then_some((v, rest))
                    });
                    if let Some((v, rest)) = single {
                        let cell = REGION_CELLS[r][rest.trailing_zeros() as usize];
                        return Some(Found {
                            rule: Rule::DirectHidden(degree as u8),
                            difficulty: if degree == 2 { 2.0 } else { 2.5 },
                            removes,
                            places: Some((cell, v as u8)),
                            shape,
                        });
                    }
                } else if !removes.is_empty() {
                    return Some(Found {
                        rule: Rule::HiddenSet(degree as u8),
                        difficulty: [3.4, 4.0, 5.4][degree - 2],
                        removes,
                        places: None,
                        shape,
                    });
                }
            }
        }
    }
    None
}

pub(super) fn naked_sets(grid: &Grid9, degree: usize) -> Option<Found> {
    for t in BCR {
        for i in 0..9 {
            let r = region(t, i);
            if (grid.empty_cells(r) as usize) < degree * 2 {
                continue;
            }
            // Cells with fewer than two candidates take part in no set.
            let usable = (0..9).fold(0u32, |m, k| {
                m | u32::from(grid.cands[REGION_CELLS[r][k] as usize].count_ones() >= 2) << k
            });
            for set in subsets(degree, 9) {
                if set & !usable != 0 {
                    continue;
                }
                let common =
                    ones(set).fold(0u16, |m, k| m | grid.cands[REGION_CELLS[r][k] as usize]);
                if count(common) as usize != degree {
                    continue;
                }
                let cells: Vec<u8> = ones(set).map(|k| REGION_CELLS[r][k]).collect();
                let mut removes = Vec::new();
                for &c in &REGION_CELLS[r] {
                    if !cells.contains(&c) {
                        let gone = grid.cands[c as usize] & common;
                        removes.extend(ones(gone as u32).map(|v| (c, v as u8)));
                    }
                }
                if !removes.is_empty() {
                    return Some(Found {
                        rule: Rule::NakedSet(degree as u8),
                        difficulty: [3.0, 3.6, 5.0][degree - 2],
                        removes,
                        places: None,
                        shape: Shape::Subset {
                            digits: common,
                            cells,
                            region: r as u8,
                        },
                    });
                }
            }
        }
    }
    None
}

pub(super) fn fish(grid: &Grid9, degree: usize) -> Option<Found> {
    let occurrences: [u32; 9] = std::array::from_fn(|d| grid.occurrences(d));
    for (base, cover) in [(COLUMN, ROW), (ROW, COLUMN)] {
        // By digit, the places in each base region.
        let places: [[u16; 9]; 9] =
            std::array::from_fn(|d| std::array::from_fn(|i| positions(grid, region(base, i), d)));
        for set in subsets(degree, 9) {
            for (d, &placed) in occurrences.iter().enumerate() {
                if placed as usize + degree * 2 > 9 {
                    continue;
                }
                let mut common = 0u16;
                let mut fits = true;
                for i in ones(set) {
                    let p = places[d][i];
                    fits &= count(p) >= 2;
                    common |= p;
                }
                if !fits || count(common) as usize != degree {
                    continue;
                }
                let mut removes = Vec::new();
                for j in ones(common as u32) {
                    let p = positions(grid, region(cover, j), d) & !(set as u16);
                    removes.extend(
                        ones(p as u32).map(|k| (REGION_CELLS[region(cover, j)][k], d as u8)),
                    );
                }
                if !removes.is_empty() {
                    return Some(Found {
                        rule: Rule::Fish(degree as u8),
                        difficulty: [3.2, 3.8, 5.2][degree - 2],
                        removes,
                        places: None,
                        shape: Shape::Fish {
                            digit: d as u8,
                            base: ones(set).map(|i| region(base, i) as u8).collect(),
                            cover: ones(common as u32)
                                .map(|j| region(cover, j) as u8)
                                .collect(),
                        },
                    });
                }
            }
        }
    }
    None
}

/// XY-Wing (`xyz` false) or XYZ-Wing.
pub(super) fn wings(grid: &Grid9, xyz: bool) -> Option<Found> {
    let size = if xyz { 3 } else { 2 };
    for xy in 0..81 {
        let vxy = grid.cands[xy];
        if count(vxy) != size {
            continue;
        }
        let houses = house_cells(xy);
        for &xz in &houses {
            let vxz = grid.cands[xz as usize];
            if count(vxz) != 2 || count(vxy & !vxz) != 1 {
                continue;
            }
            for &yz in &houses {
                let vyz = grid.cands[yz as usize];
                if count(vyz) != 2 {
                    continue;
                }
                let (union, inter) = (vxy | vxz | vyz, vxy & vxz & vyz);
                let fits = count(union) == 3 && count(inter) == if xyz { 1 } else { 0 };
                if !fits {
                    continue;
                }
                let z = (vxz & vyz).trailing_zeros() as usize;
                let mut victims = peers(xz as usize) & peers(yz as usize);
                if xyz {
                    victims &= peers(xy);
                }
                victims &= !(1 << xy | 1 << xz | 1 << yz);
                let removes: Vec<(u8, u8)> = house_cells(xz as usize)
                    .into_iter()
                    .filter(|&c| victims >> c & 1 != 0 && grid.has(c as usize, z))
                    .map(|c| (c, z as u8))
                    .collect();
                if !removes.is_empty() {
                    return Some(Found {
                        rule: if xyz { Rule::XyzWing } else { Rule::XyWing },
                        difficulty: if xyz { 4.4 } else { 4.2 },
                        removes,
                        places: None,
                        shape: Shape::Wing {
                            pivot: xy as u8,
                            pincers: [xz, yz],
                            digits: union,
                            z: z as u8,
                        },
                    });
                }
            }
        }
    }
    None
}
