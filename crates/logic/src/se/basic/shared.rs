//! What every rule of SE's below its chaining rules shares: the hint a rule gives
//! ([`Found`], with its [`Rule`] and [`Shape`]), placing a digit, SE's numbering of
//! regions and the scans' helpers. The rules' files and their order (`mod.rs`) read it;
//! it reads none of them.

use super::super::cycles::graph::{Chain, Kind};
pub(super) use super::super::grid::{bits, Grid9, CELL_REGIONS, REGION_CELLS, REGION_SET};

/// Region types, as SE numbers regions: blocks, rows, columns.
pub(super) const BLOCK: usize = 0;
pub(super) const ROW: usize = 1;
pub(super) const COLUMN: usize = 2;

/// The order most of SE's subset and single scans visit region types in.
pub(super) const BCR: [usize; 3] = [BLOCK, COLUMN, ROW];

/// One of SE's rules below the chaining rules, by what it found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Rule {
    /// A hidden single; `alone`: the last open cell of its region (SE rates it 1.0).
    HiddenSingle {
        alone: bool,
    },
    /// Pointing (`claiming` false) or claiming that leaves a hidden single.
    DirectLocking {
        claiming: bool,
    },
    /// A hidden pair or triplet that leaves a hidden single.
    DirectHidden(u8),
    NakedSingle,
    /// Pointing or claiming.
    Locking {
        claiming: bool,
    },
    NakedSet(u8),
    HiddenSet(u8),
    /// X-Wing, Swordfish, Jellyfish.
    Fish(u8),
    XyWing,
    XyzWing,
    /// A unique rectangle or loop of this type (1–4) and size.
    UniqueLoop {
        kind: u8,
        size: u8,
    },
    /// BUG of this type (1–4).
    Bug(u8),
    /// Aligned pair (2) or triplet (3) exclusion.
    Aligned(u8),
    /// SE's cycles and forcing chains.
    Chain(Kind),
}

/// What a rule's hint rests on, to show it as a step (SE's region numbers, cells and
/// digits 0-based).
#[derive(Clone, Debug)]
pub(crate) enum Shape {
    /// A single: the cell, its digit and the region (naked: `None`).
    Single {
        cell: u8,
        digit: u8,
        region: Option<u8>,
    },
    /// Locking: the digit, the region that confines it and the one it leaves.
    Locking { digit: u8, base: u8, cover: u8 },
    /// A naked or hidden subset of `digits` on `cells` in `region`.
    Subset {
        digits: u16,
        cells: Vec<u8>,
        region: u8,
    },
    /// A fish on a digit: base and cover regions.
    Fish {
        digit: u8,
        base: Vec<u8>,
        cover: Vec<u8>,
    },
    /// A wing: pivot, pincers, its digits, the digit removed.
    Wing {
        pivot: u8,
        pincers: [u8; 2],
        digits: u16,
        z: u8,
    },
    /// A unique loop on two digits, and the cells of its extra candidates.
    Loop {
        cells: Vec<u8>,
        digits: u16,
        extra: Vec<u8>,
    },
    /// A BUG: the cells with more than two candidates, and the BUG digits.
    Bug { cells: Vec<u8>, digits: u16 },
    /// Aligned exclusion: the base cells and the cells that exclude combinations.
    Aligned { cells: Vec<u8>, excluders: Vec<u8> },
    /// A cycle or forcing chain.
    Chain(Chain),
}

/// A hint of one of SE's rules.
#[derive(Clone, Debug)]
pub(crate) struct Found {
    pub rule: Rule,
    /// SE's rating as SE computes it (a double: SE sorts hints by it).
    pub difficulty: f64,
    /// The candidates it removes, `(cell, digit)`.
    pub removes: Vec<(u8, u8)>,
    /// The digit it places, if any (applied after the removals).
    pub places: Option<(u8, u8)>,
    pub shape: Shape,
}

impl Found {
    /// SE's rating in tenths, as serate prints it.
    pub fn tenths(&self) -> u32 {
        ((self.difficulty + 0.05) * 10.0) as u32
    }

    /// Applies the hint to `grid` as SE does: the removals, then the placement.
    pub fn apply(&self, grid: &mut Grid9) {
        for &(c, d) in &self.removes {
            grid.remove(c as usize, d as usize);
        }
        if let Some((c, d)) = self.places {
            place(grid, c as usize, d as usize);
        }
    }
}

/// Places digit `d` in `cell`: the cell loses its candidates, its houses lose `d`.
pub(crate) fn place(grid: &mut Grid9, cell: usize, d: usize) {
    for v in 0..9 {
        grid.remove(cell, v);
    }
    grid.value[cell] = d as u8 + 1;
    for &r in &CELL_REGIONS[cell] {
        for c in bits(REGION_SET[r as usize]) {
            grid.remove(c, d);
        }
    }
}

/// The region of type `t` and index `i`.
pub(super) fn region(t: usize, i: usize) -> usize {
    9 * t + i
}

/// The places of digit `d` in region `r`, by index within the region (bit `k`: the
/// region's `k`-th cell in `REGION_CELLS` order).
pub(super) fn positions(grid: &Grid9, r: usize, d: usize) -> u16 {
    let set = grid.cells[d];
    let i = r % 9;
    let bits = |from: usize, width: usize| (set >> from) as u16 & ((1 << width) - 1);
    match r / 9 {
        // A block: three rows of three cells.
        0 => {
            let corner = i / 3 * 27 + i % 3 * 3;
            bits(corner, 3) | bits(corner + 9, 3) << 3 | bits(corner + 18, 3) << 6
        }
        1 => bits(9 * i, 9),
        _ => (0..9).fold(0, |m, k| m | bits(9 * k + i, 1) << k),
    }
}

/// The index of `cell` within region `r`.
pub(super) fn index_in(r: usize, cell: usize) -> usize {
    REGION_CELLS[r]
        .iter()
        .position(|&c| c as usize == cell)
        .expect("the cell is in the region")
}

/// The bits of a small mask, in order.
pub(super) fn ones(mut m: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            i
        })
    })
}

/// SE's enumeration of the `k`-subsets of `n` items (`Permutations`): as bit masks in
/// increasing order; none when `n` is 0.
pub(super) fn subsets(k: usize, n: usize) -> impl Iterator<Item = u32> {
    let mask: u64 = (1u64 << (n - k.min(n))) - 1;
    let mut value: u64 = (1u64 << k) - 1;
    let mut last = n == 0;
    std::iter::from_fn(move || {
        if last {
            return None;
        }
        let out = value;
        last = (value & value.wrapping_neg()) & mask == 0;
        if !last {
            let smallest = value & value.wrapping_neg();
            let ripple = value + smallest;
            let ones = (value ^ ripple) >> 2;
            value = ripple | (ones / smallest);
        }
        Some(out as u32)
    })
}

/// SE's enumeration of the pairs of `n` items (`Twomutations`): (0,1), (0,2), (1,2),
/// (0,3), …
pub(super) fn pairs(n: usize) -> impl Iterator<Item = (usize, usize)> {
    (1..n).flat_map(|b| (0..b).map(move |a| (a, b)))
}

/// The cells that share a house with `cell` (not itself), in SE's order: its block's,
/// then its row's, then its column's, each cell once.
pub(super) fn house_cells(cell: usize) -> Vec<u8> {
    HOUSE_CELLS[cell].to_vec()
}

/// [`house_cells`] of each cell, once.
pub(super) static HOUSE_CELLS: [[u8; 20]; 81] = {
    let mut t = [[0u8; 20]; 81];
    let mut cell = 0;
    while cell < 81 {
        let mut seen = 1u128 << cell;
        let mut k = 0;
        let mut i = 0;
        while i < 3 {
            let r = CELL_REGIONS[cell][i] as usize;
            let mut j = 0;
            while j < 9 {
                let c = REGION_CELLS[r][j];
                if seen >> c & 1 == 0 {
                    seen |= 1 << c;
                    t[cell][k] = c;
                    k += 1;
                }
                j += 1;
            }
            i += 1;
        }
        cell += 1;
    }
    t
};

/// The cells each cell sees, as a set.
static PEERS: [u128; 81] = {
    let mut t = [0u128; 81];
    let mut cell = 0;
    while cell < 81 {
        let mut i = 0;
        while i < 3 {
            t[cell] |= REGION_SET[CELL_REGIONS[cell][i] as usize];
            i += 1;
        }
        t[cell] &= !(1 << cell);
        cell += 1;
    }
    t
};

/// The cells `cell` sees (not itself).
pub(in crate::se) fn peers(cell: usize) -> u128 {
    PEERS[cell]
}

pub(super) fn sees(a: usize, b: usize) -> bool {
    a != b && peers(a) >> b & 1 != 0
}

pub(super) fn count(m: u16) -> u32 {
    m.count_ones()
}

/// SE's `searchCommonTuple`: the union of the sets if none has fewer than two members
/// and the union has `degree`.
pub(super) fn common_tuple(sets: &[u16], degree: usize) -> Option<u16> {
    let mut union = 0;
    for &s in sets {
        if count(s) <= 1 {
            return None;
        }
        union |= s;
    }
    (count(union) as usize == degree).then_some(union)
}

/// The cells whose candidates differ between `last` and `grid` (all of them when there
/// is no last grid).
pub(super) fn changed_since(last: &Option<[u16; 81]>, grid: &Grid9) -> u128 {
    match last {
        None => !0,
        Some(last) => (0..81)
            .filter(|&c| last[c] != grid.cands[c])
            .fold(0, |s, c| s | 1 << c),
    }
}
