//! SE's Bivalue Universal Grave, types 1 to 4.

use super::shared::*;

pub(super) fn bug(grid: &Grid9) -> Option<Found> {
    let mut temp = *grid;
    let mut cells: Vec<u8> = Vec::new();
    let mut values = [0u16; 81];
    let mut all = 0u16;
    let mut common: Option<Vec<u8>> = None;
    for t in [BLOCK, ROW, COLUMN] {
        for i in 0..9 {
            let r = region(t, i);
            for d in 0..9 {
                let p = grid.cells[d] & REGION_SET[r];
                let n = p.count_ones();
                if n == 0 || n == 2 {
                    continue;
                }
                let fat: Vec<usize> = REGION_CELLS[r]
                    .iter()
                    .map(|&c| c as usize)
                    .filter(|&c| p >> c & 1 != 0 && grid.cands[c].count_ones() >= 3)
                    .collect();
                if fat.len() == 1 {
                    let c = fat[0];
                    if !cells.contains(&(c as u8)) {
                        cells.push(c as u8);
                    }
                    values[c] |= 1 << d;
                    all |= 1 << d;
                    temp.remove(c, d);
                    let houses = peers(c);
                    let list = common.get_or_insert_with(|| house_cells(c));
                    list.retain(|&x| houses >> x & 1 != 0 && !cells.contains(&x));
                    if cells.len() > 1 && count(all) > 1 && list.is_empty() {
                        return None;
                    }
                }
                if fat.is_empty() {
                    return None;
                }
            }
        }
    }
    if (0..81).any(|c| temp.value[c] == 0 && temp.cands[c].count_ones() != 2) {
        return None;
    }
    for set in &REGION_SET {
        for d in 0..9 {
            let n = (temp.cells[d] & set).count_ones();
            if n != 0 && n != 2 {
                return None;
            }
        }
    }
    let common = common.unwrap_or_default();
    let shape = Shape::Bug {
        cells: cells.clone(),
        digits: all,
    };
    let found = |kind: u8, difficulty: f64, removes: Vec<(u8, u8)>| Found {
        rule: Rule::Bug(kind),
        difficulty,
        removes,
        places: None,
        shape: shape.clone(),
    };
    if cells.len() == 1 {
        let c = cells[0];
        let keep = grid.cands[c as usize] & !all;
        let removes = ones(keep as u32).map(|v| (c, v as u8)).collect();
        return Some(found(1, 5.6, removes));
    }
    if count(all) == 1 {
        let value = all.trailing_zeros() as usize;
        let removes: Vec<(u8, u8)> = common
            .iter()
            .filter(|&&c| grid.has(c as usize, value))
            .map(|&c| (c, value as u8))
            .collect();
        if !common.is_empty() && !removes.is_empty() {
            return Some(found(2, 5.7, removes));
        }
        if cells.len() == 2 {
            return bug4(grid, &cells, &values, all).map(|r| found(4, 5.7, r));
        }
        return None;
    }
    if common.is_empty() {
        return None;
    }
    if cells.len() == 2 {
        if let Some(r) = bug4(grid, &cells, &values, all) {
            return Some(found(4, 5.7, r));
        }
    }
    bug3(grid, &cells, &common, all).map(|(d, r)| found(3, d, r))
}

/// The region of type `t` all of `cells` share, if any.
fn shared(cells: &[u8], t: usize) -> Option<usize> {
    let r = CELL_REGIONS[cells[0] as usize][t];
    cells
        .iter()
        .all(|&c| CELL_REGIONS[c as usize][t] == r)
        .then_some(r as usize)
}

/// BUG type 4: two BUG cells in one region with one more digit in common: each keeps
/// only its BUG digits and that digit.
fn bug4(grid: &Grid9, cells: &[u8], values: &[u16; 81], all: u16) -> Option<Vec<(u8, u8)>> {
    let (c1, c2) = (cells[0] as usize, cells[1] as usize);
    let common = grid.cands[c1] & grid.cands[c2] & !all;
    if count(common) != 1 {
        return None;
    }
    [BLOCK, ROW, COLUMN]
        .into_iter()
        .find_map(|t| shared(cells, t))?;
    let mut removes = Vec::new();
    for c in [c1, c2] {
        let gone = grid.cands[c] & !values[c] & !common;
        removes.extend(ones(gone as u32).map(|v| (c as u8, v as u8)));
    }
    Some(removes)
}

/// BUG type 3: the BUG digits act as one cell of a naked set with cells of a region
/// the BUG cells share. The rating and the removals.
fn bug3(grid: &Grid9, cells: &[u8], common: &[u8], all: u16) -> Option<(f64, Vec<(u8, u8)>)> {
    for t in [BLOCK, ROW, COLUMN] {
        let Some(r) = shared(cells, t) else {
            continue;
        };
        let region_cells: Vec<u8> = common
            .iter()
            .copied()
            .filter(|&c| CELL_REGIONS[c as usize][t] as usize == r)
            .collect();
        for degree in 2..=6 {
            if region_cells.len() < degree {
                continue;
            }
            for set in subsets(degree - 1, region_cells.len()) {
                let naked: Vec<u8> = ones(set).map(|k| region_cells[k]).collect();
                let mut sets: Vec<u16> = naked.iter().map(|&c| grid.cands[c as usize]).collect();
                let other = sets.iter().fold(0, |m, &s| m | s);
                sets.push(all);
                if count(other) as usize != degree {
                    continue;
                }
                let Some(set) = common_tuple(&sets, degree) else {
                    continue;
                };
                let mut removes = Vec::new();
                for &c in &region_cells {
                    if naked.contains(&c) || cells.contains(&c) {
                        continue;
                    }
                    let gone = grid.cands[c as usize] & set;
                    removes.extend(ones(gone as u32).map(|v| (c, v as u8)));
                }
                if !removes.is_empty() {
                    return Some((5.7 + (count(set) as i32 - 1) as f64 * 0.1, removes));
                }
            }
        }
    }
    None
}
