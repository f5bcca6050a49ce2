//! SE's aligned pair and triplet exclusion, with what a path learnt about the
//! triplets ([`Triples`]).

use super::shared::*;

/// Aligned pair (`degree` 2) or triplet (3) exclusion: combinations of the base cells'
/// digits are excluded when two cells that share a house take the same digit, or when
/// they would empty a cell every base cell sees (one with two to `degree` candidates);
/// a digit of a base cell in no allowed combination goes.
pub(super) fn aligned(grid: &Grid9, degree: usize, tried: Option<&mut Triples>) -> Option<Found> {
    let mut fresh = Triples::default();
    let tried = tried.unwrap_or(&mut fresh);
    let found = aligned_in(grid, degree, tried);
    tried.next_grid(grid);
    found
}

/// The triples of cells in which aligned triplet exclusion found nothing, on the last
/// grid it looked at in a path. Whether a triple excludes anything depends only on the
/// candidates of its cells and of the cells all three see, so a triple none of whose
/// cells changed since then need not be tried again.
#[derive(Default)]
pub(crate) struct Triples {
    /// The candidates of the last grid looked at (none before the first).
    last: Option<[u16; 81]>,
    /// By triple (`triple_index`): found nothing on `last`.
    none: Vec<u64>,
    /// The same on the grid being looked at.
    next: Vec<u64>,
}

impl Triples {
    const WORDS: usize = (81 * 80 * 79 / 6usize).div_ceil(64);

    /// The cells whose candidates changed since the last grid (all of them before it).
    fn changed(&mut self, grid: &Grid9) -> u128 {
        if self.none.is_empty() {
            self.none = vec![0; Self::WORDS];
            self.next = vec![0; Self::WORDS];
        }
        changed_since(&self.last, grid)
    }

    /// Done with `grid`: what was found on it is what is known next time.
    fn next_grid(&mut self, grid: &Grid9) {
        if self.none.is_empty() {
            return;
        }
        std::mem::swap(&mut self.none, &mut self.next);
        self.next.fill(0);
        self.last = Some(grid.cands);
    }
}

/// The index of a triple of distinct cells (in any order) among all triples.
fn triple_index(cells: [usize; 3]) -> usize {
    let mut c = cells;
    c.sort_unstable();
    c[0] + c[1] * (c[1] - 1) / 2 + c[2] * (c[2] - 1) * (c[2] - 2) / 6
}

fn aligned_in(grid: &Grid9, degree: usize, tried: &mut Triples) -> Option<Found> {
    // The cells with one candidate, and those with two to `degree` (the excluding
    // cells).
    let (mut single, mut small) = (0u128, 0u128);
    for (cell, &m) in grid.cands.iter().enumerate() {
        match m.count_ones() {
            1 => single |= 1 << cell,
            n if n >= 2 && n as usize <= degree => small |= 1 << cell,
            _ => {}
        }
    }
    // The base cells (two candidates or more, no naked single among the cells they
    // see, some excluding cell), each with its excluding cells, as a set and listed in
    // SE's order (`lists[spans[i]]`).
    let mut bases: Vec<usize> = Vec::new();
    let mut sets: Vec<u128> = Vec::new();
    let (mut lists, mut spans): (Vec<u8>, Vec<(usize, usize)>) = (Vec::new(), Vec::new());
    for (cell, order) in HOUSE_CELLS.iter().enumerate() {
        if grid.cands[cell].count_ones() < 2 || peers(cell) & single != 0 {
            continue;
        }
        let ex = peers(cell) & small;
        if ex != 0 {
            sets.push(ex);
            bases.push(cell);
            let from = lists.len();
            lists.extend(order.iter().filter(|&&c| ex >> c & 1 != 0));
            spans.push((from, lists.len()));
        }
    }
    if bases.len() < degree {
        return None;
    }
    if degree == 2 {
        for (a, b) in pairs(bases.len()) {
            let common = sets[a] & sets[b];
            if common.count_ones() < 2 {
                continue;
            }
            if let Some(found) =
                exclude(grid, &[bases[a], bases[b]], common, &HOUSE_CELLS[bases[a]])
            {
                return Some(found);
            }
        }
        return None;
    }
    let base_set: u128 = bases.iter().fold(0, |s, &c| s | 1 << c);
    let mut index = [0u8; 81];
    for (i, &c) in bases.iter().enumerate() {
        index[c] = i as u8;
    }
    // Is base `w` an excluding cell of `u` or of `v` (is the triple met from the pair
    // `u`, `v`)?
    let meets = |u: usize, v: usize, w: usize| (sets[u] | sets[v]) >> bases[w] & 1 != 0;
    let changed = tried.changed(grid);
    let mut tails: Vec<usize> = Vec::new();
    for (a, b) in pairs(bases.len()) {
        let pair = 1u128 << bases[a] | 1 << bases[b];
        // The third cell: a base cell that one of the two sees through an excluding
        // cell of its own, in SE's order (the first's, then the second's). The three
        // need two excluding cells in common, so the two do.
        let twin = (sets[a] | sets[b]) & base_set & !pair;
        if twin == 0 || (sets[a] & sets[b]).count_ones() < 2 {
            continue;
        }
        tails.clear();
        let mut seen = 0u128;
        let list = |i: usize| &lists[spans[i].0..spans[i].1];
        for &c in list(a).iter().chain(list(b)) {
            if twin >> c & 1 != 0 && seen >> c & 1 == 0 {
                seen |= 1 << c;
                tails.push(index[c as usize] as usize);
            }
        }
        for &t in &tails {
            let common = sets[a] & sets[b] & sets[t];
            if common.count_ones() < 2 {
                continue;
            }
            // SE meets a triple up to three times, once from each of its pairs that
            // sees the third through an excluding cell; for x < y < z the pairs come
            // as (x, y), (x, z), (y, z), and here a < b. Whether it excludes anything
            // does not depend on the order of its cells, and the first time it is met
            // is the one that counts, so a repeat is skipped.
            let repeat = if t > b {
                false
            } else if t > a {
                meets(a, t, b)
            } else {
                meets(t, a, b) || meets(t, b, a)
            };
            if repeat {
                continue;
            }
            let cells = [bases[a], bases[b], bases[t]];
            let at = triple_index(cells);
            let (word, bit) = (at / 64, 1u64 << (at % 64));
            let around = peers(cells[0]) & peers(cells[1]) & peers(cells[2]);
            let own = 1u128 << cells[0] | 1 << cells[1] | 1 << cells[2];
            if (around | own) & changed == 0 && tried.none[word] & bit != 0 {
                tried.next[word] |= bit;
                continue;
            }
            match exclude(grid, &cells, common, &HOUSE_CELLS[bases[a]]) {
                Some(found) => return Some(found),
                None => tried.next[word] |= bit,
            }
        }
    }
    None
}

/// The aligned exclusion on base `cells` with the excluding cells `common` (listed in
/// the order they come in `order`), if it removes anything.
fn exclude(grid: &Grid9, cells: &[usize], common: u128, order: &[u8]) -> Option<Found> {
    if common.count_ones() < 2 {
        return None;
    }
    let n = cells.len();
    let cands: [u16; 3] = std::array::from_fn(|i| cells.get(i).map_or(1, |&c| grid.cands[c]));
    let union = cands[..n].iter().fold(0, |m, &c| m | c);
    // Only an excluding cell whose candidates the base cells can all take excludes.
    let mut masks = [0u16; 24];
    let mut m = 0;
    for e in bits(common) {
        let mask = grid.cands[e];
        if mask & !union == 0 && m < masks.len() && !masks[..m].contains(&mask) {
            masks[m] = mask;
            m += 1;
        }
    }
    let masks = &masks[..m];
    let share = |i: usize, j: usize| i < n && j < n && sees(cells[i], cells[j]);
    let (s01, s02, s12) = (share(0, 1), share(0, 2), share(1, 2));
    if m == 0
        && !(s01 && cands[0] & cands[1] != 0)
        && !(s02 && cands[0] & cands[2] != 0)
        && !(s12 && cands[1] & cands[2] != 0)
    {
        return None;
    }
    let mut allowed = [0u16; 3];
    if n == 2 {
        // Two cells (the excluding cells have two candidates): a digit of one cell is
        // allowed when some digit of the other neither repeats it in a shared house
        // nor makes an excluding cell's pair with it.
        for (i, j) in [(0, 1), (1, 0)] {
            for a in ones(cands[i] as u32) {
                let mut blocked = if s01 { 1u16 << a } else { 0 };
                for &k in masks {
                    if k >> a & 1 != 0 {
                        blocked |= k & !(1 << a);
                    }
                }
                if cands[j] & !blocked != 0 {
                    allowed[i] |= 1 << a;
                }
            }
        }
        return aligned_found(grid, cells, &allowed, common, order);
    }
    // Three cells: a digit of one goes when every choice of the other two is
    // excluded. With the first two digits chosen, the third is excluded when it
    // repeats one of them in a shared house, or completes an excluding cell's set.
    let clash = [[false, s01, s02], [s01, false, s12], [s02, s12, false]];
    for (i, j, k) in [(0, 1, 2), (1, 0, 2), (2, 0, 1)] {
        for a in ones(cands[i] as u32) {
            let possible = ones(cands[j] as u32).any(|b| {
                if clash[i][j] && a == b {
                    return false;
                }
                let ab = 1u16 << a | 1 << b;
                let mut excluded = 0u16;
                if clash[i][k] {
                    excluded |= 1 << a;
                }
                if clash[j][k] {
                    excluded |= 1 << b;
                }
                for &m in masks {
                    let rest = m & !ab;
                    if rest == 0 {
                        return false;
                    }
                    if rest & (rest - 1) == 0 {
                        excluded |= rest;
                    }
                }
                cands[k] & !excluded != 0
            });
            if possible {
                allowed[i] |= 1 << a;
            }
        }
    }
    aligned_found(grid, cells, &allowed, common, order)
}

/// The aligned exclusion's hint: each base cell's digits outside `allowed` go.
fn aligned_found(
    grid: &Grid9,
    cells: &[usize],
    allowed: &[u16; 3],
    common: u128,
    order: &[u8],
) -> Option<Found> {
    let n = cells.len();
    let mut removes = Vec::new();
    for (i, &c) in cells.iter().enumerate() {
        let gone = grid.cands[c] & !allowed[i];
        removes.extend(ones(gone as u32).map(|v| (c as u8, v as u8)));
    }
    if removes.is_empty() {
        return None;
    }
    Some(Found {
        rule: Rule::Aligned(n as u8),
        difficulty: if n == 2 { 6.2 } else { 7.5 },
        removes,
        places: None,
        shape: Shape::Aligned {
            cells: cells.iter().map(|&c| c as u8).collect(),
            excluders: order
                .iter()
                .copied()
                .filter(|&c| common >> c & 1 != 0)
                .collect(),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_triple_of_cells_has_its_own_index() {
        let mut seen = vec![false; 81 * 80 * 79 / 6];
        for z in 2..81 {
            for y in 1..z {
                for x in 0..y {
                    let i = triple_index([y, z, x]);
                    assert!(!std::mem::replace(&mut seen[i], true), "{x} {y} {z}");
                }
            }
        }
        assert!(seen.iter().all(|&s| s));
    }
}
