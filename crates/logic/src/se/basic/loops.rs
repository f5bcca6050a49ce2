//! SE's unique rectangles and loops, types 1 to 4, found by SE's depth-first loop
//! search, with what a path learnt about them ([`Loops`]).

use super::shared::*;

/// The valid unique loops SE's search found from each bivalue cell, on the last grid
/// unique loops looked at in a path. The search from a cell goes only through the
/// cells holding both its digits and depends only on their candidates, so when none of
/// them changed since, it finds the same loops again.
#[derive(Default)]
pub(crate) struct Loops {
    last: Option<[u16; 81]>,
    /// By cell: the cells holding both its digits on `last`, and the loops from it.
    from: Vec<Option<(u128, Vec<Vec<u8>>)>>,
}

/// A unique loop hint before SE sorts them: its type, then the hint.
struct LoopHint {
    kind: u8,
    found: Found,
}

pub(super) fn unique_loops(grid: &Grid9, learnt: Option<&mut Loops>) -> Option<Found> {
    let mut fresh = Loops::default();
    let learnt = learnt.unwrap_or(&mut fresh);
    let changed = changed_since(&learnt.last, grid);
    let mut from: Vec<Option<(u128, Vec<Vec<u8>>)>> = vec![None; 81];
    let mut hints: Vec<LoopHint> = Vec::new();
    for (cell, known) in from.iter_mut().enumerate() {
        let p = grid.cands[cell];
        if count(p) != 2 {
            continue;
        }
        let v1 = p.trailing_zeros() as usize;
        let v2 = (p & (p - 1)).trailing_zeros() as usize;
        let cells = grid.cells[v1] & grid.cells[v2];
        let loops = match learnt.from.get_mut(cell).and_then(Option::take) {
            Some((before, loops)) if (before | cells) & changed == 0 => loops,
            _ => {
                let (mut loops, mut path) = (Vec::new(), Vec::new());
                check_loops(grid, cell as u8, v1, v2, &mut path, 2, 0, None, &mut loops);
                loops.retain(|lp| valid_loop(lp));
                loops
            }
        };
        // Kept for the next grid, and read from there (not copied).
        let (_, loops) = known.insert((cells, loops));
        for lp in loops.iter() {
            let extra: Vec<u8> = lp
                .iter()
                .copied()
                .filter(|&c| count(grid.cands[c as usize]) > 2)
                .collect();
            let both = (1u16 << v1) | (1 << v2);
            let base = loop_difficulty(lp.len());
            let make = |kind: u8, difficulty: f64, removes: Vec<(u8, u8)>| LoopHint {
                kind,
                found: Found {
                    rule: Rule::UniqueLoop {
                        kind,
                        size: lp.len() as u8,
                    },
                    difficulty,
                    removes,
                    places: None,
                    shape: Shape::Loop {
                        cells: lp.clone(),
                        digits: both,
                        extra: extra.clone(),
                    },
                },
            };
            match extra.len() {
                1 => {
                    let c = extra[0];
                    hints.push(make(1, base, vec![(c, v1 as u8), (c, v2 as u8)]));
                }
                2 => {
                    let (c1, c2) = (extra[0] as usize, extra[1] as usize);
                    let rest = (grid.cands[c1] | grid.cands[c2]) & !both;
                    if count(rest) == 1 {
                        let removes = type2_removes(grid, &extra, v1, v2);
                        if !removes.is_empty() {
                            hints.push(make(2, base, removes));
                        }
                    } else if count(rest) >= 2 {
                        for (difficulty, removes, more) in type3(grid, c1, c2, v1, v2) {
                            let mut h = make(3, base + difficulty, removes);
                            if let Shape::Loop { extra, .. } = &mut h.found.shape {
                                extra.extend(more);
                            }
                            hints.push(h);
                        }
                    }
                    if let Some(removes) = type4(grid, c1, c2, v1, v2) {
                        hints.push(make(4, base, removes));
                    }
                }
                n if n > 2 => {
                    let removes = type2_removes(grid, &extra, v1, v2);
                    if !removes.is_empty() {
                        hints.push(make(2, base, removes));
                    }
                }
                _ => {}
            }
        }
    }
    learnt.from = from;
    learnt.last = Some(grid.cands);
    // SE sorts them (stably) by rating, then type.
    let mut best: Option<LoopHint> = None;
    for h in hints {
        let better = match &best {
            None => true,
            Some(b) => {
                h.found.difficulty < b.found.difficulty
                    || (h.found.difficulty == b.found.difficulty && h.kind < b.kind)
            }
        };
        if better {
            best = Some(h);
        }
    }
    best.map(|h| h.found)
}

/// SE's rating of a unique loop of `size` cells (types 1, 2, 4; type 3 adds to it).
fn loop_difficulty(size: usize) -> f64 {
    let mut d = 4.5;
    if size >= 10 {
        d += 0.3;
    }
    if size >= 8 {
        d += 0.2;
    } else if size >= 6 {
        d += 0.1;
    }
    d
}

/// SE's depth-first search for loops through cells holding both digits: from each
/// cell, through each of its regions but the one it was entered by; at most two cells
/// with more candidates (or any number sharing one extra digit).
#[allow(clippy::too_many_arguments)]
fn check_loops(
    grid: &Grid9,
    cell: u8,
    v1: usize,
    v2: usize,
    path: &mut Vec<u8>,
    allowed: i32,
    ex_in: u16,
    last: Option<usize>,
    out: &mut Vec<Vec<u8>>,
) {
    path.push(cell);
    // SE keeps one set of extra digits per call, grown by every cell tried from it.
    let mut ex = ex_in;
    for t in [BLOCK, ROW, COLUMN] {
        if Some(t) == last {
            continue;
        }
        let r = CELL_REGIONS[cell as usize][t] as usize;
        for &next in &REGION_CELLS[r] {
            if path[0] == next && path.len() >= 4 {
                out.push(path.clone());
            } else if !path.contains(&next) {
                let p = grid.cands[next as usize];
                if p >> v1 & 1 != 0 && p >> v2 & 1 != 0 {
                    ex = (ex | p) & !(1 << v1 | 1 << v2);
                    let n = count(p);
                    if n == 2 || count(ex) == 1 || allowed > 0 {
                        let allowed = allowed - (n > 2) as i32;
                        check_loops(grid, next, v1, v2, path, allowed, ex, Some(t), out);
                    }
                }
            }
        }
    }
    path.pop();
}

/// SE's test of a loop: alternate cells (even and odd places) cover the same regions,
/// each once.
fn valid_loop(lp: &[u8]) -> bool {
    let (mut even, mut odd) = (0u32, 0u32);
    for (k, &c) in lp.iter().enumerate() {
        let set = if k % 2 == 1 { &mut odd } else { &mut even };
        for &r in &CELL_REGIONS[c as usize] {
            if *set >> r & 1 != 0 {
                return false;
            }
            *set |= 1 << r;
        }
    }
    even == odd
}

/// Type 2: the first extra cell's lowest extra digit leaves the cells all the extra
/// cells see.
fn type2_removes(grid: &Grid9, extra: &[u8], v1: usize, v2: usize) -> Vec<(u8, u8)> {
    let common = grid.cands[extra[0] as usize] & !(1 << v1 | 1 << v2);
    let value = common.trailing_zeros() as usize;
    let mut cells = house_cells(extra[0] as usize);
    for &e in &extra[1..] {
        let p = peers(e as usize);
        cells.retain(|&c| p >> c & 1 != 0);
    }
    cells
        .into_iter()
        .filter(|c| !extra.contains(c) && grid.has(*c as usize, value))
        .map(|c| (c, value as u8))
        .collect()
}

/// Does the subset hold `a` and not `b` (SE's `containsFirst`)?
fn contains_first(indexes: &[usize], a: usize, b: usize) -> bool {
    indexes.contains(&a) && !indexes.contains(&b)
}

/// A unique loop type 3 hint: the rating added to the loop's, the removals, the other
/// cells of the set.
type Type3 = (f64, Vec<(u8, u8)>, Vec<u8>);

/// Type 3: the two extra cells' extra digits act as one cell of a naked set (or the
/// loop's digits as part of a hidden set) in a region they share.
fn type3(grid: &Grid9, c1: usize, c2: usize, v1: usize, v2: usize) -> Vec<Type3> {
    let mut out = Vec::new();
    let extra = (grid.cands[c1] | grid.cands[c2]) & !(1 << v1 | 1 << v2);
    for degree in count(extra) as usize..=7 {
        for t in [BLOCK, ROW, COLUMN] {
            let r = CELL_REGIONS[c1][t] as usize;
            if r != CELL_REGIONS[c2][t] as usize {
                continue;
            }
            let empty = grid.empty_cells(r) as usize;
            let (i1, i2) = (index_in(r, c1), index_in(r, c2));
            if degree * 2 <= empty {
                for set in subsets(degree, 9) {
                    let indexes: Vec<usize> = ones(set).collect();
                    if !contains_first(&indexes, i1, i2) {
                        continue;
                    }
                    let mut naked = extra & grid.cands[c1] & grid.cands[c2];
                    let mut sets = Vec::with_capacity(degree);
                    let mut others = Vec::new();
                    for &k in &indexes {
                        if k == i1 {
                            sets.push(extra);
                        } else {
                            let c = REGION_CELLS[r][k];
                            let p = grid.cands[c as usize];
                            sets.push(p);
                            naked |= p;
                            others.push(c);
                        }
                    }
                    if count(naked) as usize != degree {
                        continue;
                    }
                    let Some(common) = common_tuple(&sets, degree) else {
                        continue;
                    };
                    let mut removes = Vec::new();
                    for &c in &REGION_CELLS[r] {
                        if others.contains(&c) || c as usize == c1 || c as usize == c2 {
                            continue;
                        }
                        let gone = grid.cands[c as usize] & common;
                        removes.extend(ones(gone as u32).map(|v| (c, v as u8)));
                    }
                    if !removes.is_empty() {
                        let add = (count(common) as i32 - 1) as f64 * 0.1;
                        out.push((add, removes, others));
                    }
                }
            }
            if degree * 2 < empty {
                let rem: Vec<usize> = (0..9)
                    .filter(|&v| v != v1 && v != v2 && extra >> v & 1 == 0)
                    .collect();
                if degree >= 2 && degree - 2 <= rem.len() {
                    for set in subsets(degree - 2, rem.len()) {
                        let mut values: Vec<usize> = ones(set).map(|k| rem[k]).collect();
                        values.push(v1);
                        values.push(v2);
                        let mut union = 0u16;
                        let mut empty_set = false;
                        for &v in &values {
                            let p = positions(grid, r, v) & !(1 << i2);
                            union |= p;
                            empty_set |= p == 0;
                        }
                        if empty_set || count(union) as usize != degree {
                            continue;
                        }
                        let hidden = values.iter().fold(0u16, |m, &v| m | 1 << v);
                        let kept = union & !(1 << i1) & !(1 << i2);
                        let mut removes = Vec::new();
                        let mut others = Vec::new();
                        for k in ones(kept as u32) {
                            let c = REGION_CELLS[r][k];
                            others.push(c);
                            let gone = grid.cands[c as usize] & !hidden;
                            removes.extend(ones(gone as u32).map(|v| (c, v as u8)));
                        }
                        if !removes.is_empty() {
                            let add = (count(kept) as i32 - 1) as f64 * 0.1;
                            out.push((add, removes, others));
                        }
                    }
                }
            }
        }
    }
    out
}

/// Type 4: in a region the two extra cells share, one loop digit has no other place:
/// the other loop digit leaves both cells (the last such region of each digit; the
/// first digit first).
fn type4(grid: &Grid9, c1: usize, c2: usize, v1: usize, v2: usize) -> Option<Vec<(u8, u8)>> {
    let (mut r1, mut r2) = (false, false);
    for t in [BLOCK, ROW, COLUMN] {
        let r = CELL_REGIONS[c1][t] as usize;
        if r != CELL_REGIONS[c2][t] as usize {
            continue;
        }
        let rest = REGION_SET[r] & !(1 << c1) & !(1 << c2);
        r1 |= grid.cells[v1] & rest == 0;
        r2 |= grid.cells[v2] & rest == 0;
    }
    let gone = if r1 {
        v2
    } else if r2 {
        v1
    } else {
        return None;
    };
    Some(vec![(c1 as u8, gone as u8), (c2 as u8, gone as u8)])
}
