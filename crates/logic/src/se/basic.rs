//! Sudoku Explainer's rules below its chaining rules, as serate 1.2.1.3 applies them
//! (`docs/se-rules.md`; facts from SE's public source, our own code): at each step the
//! rules are asked in SE's order, and the first hint the first rule with any finds is
//! the step. Within a rule, the order of SE's scans decides which hint is first, so the
//! scans below keep SE's orders (regions by type, digits ascending, subsets in SE's
//! enumeration order). Two rules sort their hints first: unique loops (rating, then
//! type) and "Forcing Chains & Cycles" (`cycles.rs`).
//!
//! Direct rules (1.0–2.5), each placing a digit: hidden single, direct pointing and
//! claiming, direct hidden pair, naked single, direct hidden triplet. Then locking,
//! subsets, fish, XY- and XYZ-Wing, unique loops, BUG and aligned pair exclusion; then
//! SE's cycles and forcing chains, and aligned triplet exclusion.

use super::chaining::bits;
use super::cycles;
use super::grid::{Grid9, CELL_REGIONS, REGION_CELLS, REGION_SET};
use crate::technique::Technique;

/// Region types, as SE numbers regions: blocks, rows, columns.
const BLOCK: usize = 0;
const ROW: usize = 1;
const COLUMN: usize = 2;

/// The order most of SE's subset and single scans visit region types in.
const BCR: [usize; 3] = [BLOCK, COLUMN, ROW];

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
    Chain(cycles::Kind),
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
    Chain(cycles::Chain),
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

/// The first hint of SE's rules below Nishio forcing chains, in SE's order; `None`
/// when none applies. `learnt`: what the rules learnt on the earlier grids of the same
/// path (the answer does not depend on it; a new one will do).
pub(crate) fn first_with(grid: &Grid9, learnt: &mut Learnt) -> Option<Found> {
    hidden_singles(grid)
        .or_else(|| direct_locking(grid))
        .or_else(|| hidden_sets(grid, 2, true))
        .or_else(|| naked_single(grid))
        .or_else(|| hidden_sets(grid, 3, true))
        .or_else(|| locking(grid))
        .or_else(|| naked_sets(grid, 2))
        .or_else(|| fish(grid, 2))
        .or_else(|| hidden_sets(grid, 2, false))
        .or_else(|| naked_sets(grid, 3))
        .or_else(|| fish(grid, 3))
        .or_else(|| hidden_sets(grid, 3, false))
        .or_else(|| wings(grid, false))
        .or_else(|| wings(grid, true))
        .or_else(|| unique_loops(grid, Some(&mut learnt.loops)))
        .or_else(|| naked_sets(grid, 4))
        .or_else(|| fish(grid, 4))
        .or_else(|| hidden_sets(grid, 4, false))
        .or_else(|| bug(grid))
        .or_else(|| aligned(grid, 2, None))
        .or_else(|| cycles::first(grid))
        .or_else(|| aligned(grid, 3, Some(&mut learnt.triples)))
}

/// The first hint of the SE rule that finds hints of `technique` (one of SE's own
/// techniques of the table), if any.
pub(crate) fn first_of(grid: &Grid9, technique: Technique) -> Option<Found> {
    use Technique as T;
    match technique {
        T::DirectPointing => locking_scan(grid, true, Some(false)),
        T::DirectClaiming => locking_scan(grid, true, Some(true)),
        T::DirectHiddenPair => hidden_sets(grid, 2, true),
        T::DirectHiddenTriplet => hidden_sets(grid, 3, true),
        T::UniqueLoop => unique_loops(grid, None),
        T::BivalueUniversalGrave => bug(grid),
        T::AlignedPairExclusion => aligned(grid, 2, None),
        T::AlignedTripletExclusion => aligned(grid, 3, None),
        T::XCycle | T::YCycle | T::XyCycle | T::ForcingXChain | T::ForcingXyChain => {
            cycles::first(grid)
        }
        _ => None,
    }
}

/// The region of type `t` and index `i`.
fn region(t: usize, i: usize) -> usize {
    9 * t + i
}

/// The places of digit `d` in region `r`, by index within the region (bit `k`: the
/// region's `k`-th cell in `REGION_CELLS` order).
fn positions(grid: &Grid9, r: usize, d: usize) -> u16 {
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
fn index_in(r: usize, cell: usize) -> usize {
    REGION_CELLS[r]
        .iter()
        .position(|&c| c as usize == cell)
        .expect("the cell is in the region")
}

/// The bits of a small mask, in order.
fn ones(mut m: u32) -> impl Iterator<Item = usize> {
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
fn subsets(k: usize, n: usize) -> impl Iterator<Item = u32> {
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
fn pairs(n: usize) -> impl Iterator<Item = (usize, usize)> {
    (1..n).flat_map(|b| (0..b).map(move |a| (a, b)))
}

/// The cells that share a house with `cell` (not itself), in SE's order: its block's,
/// then its row's, then its column's, each cell once.
fn house_cells(cell: usize) -> Vec<u8> {
    HOUSE_CELLS[cell].to_vec()
}

/// [`house_cells`] of each cell, once.
static HOUSE_CELLS: [[u8; 20]; 81] = {
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
pub(super) fn peers(cell: usize) -> u128 {
    PEERS[cell]
}

fn sees(a: usize, b: usize) -> bool {
    a != b && peers(a) >> b & 1 != 0
}

fn count(m: u16) -> u32 {
    m.count_ones()
}

// ---------------------------------------------------------------------------------
// Direct rules.

fn hidden_singles(grid: &Grid9) -> Option<Found> {
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

fn naked_single(grid: &Grid9) -> Option<Found> {
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
fn locking_scan(grid: &Grid9, direct: bool, only: Option<bool>) -> Option<Found> {
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

fn direct_locking(grid: &Grid9) -> Option<Found> {
    locking_scan(grid, true, None)
}

fn locking(grid: &Grid9) -> Option<Found> {
    locking_scan(grid, false, None)
}

/// SE's `searchCommonTuple`: the union of the sets if none has fewer than two members
/// and the union has `degree`.
fn common_tuple(sets: &[u16], degree: usize) -> Option<u16> {
    let mut union = 0;
    for &s in sets {
        if count(s) <= 1 {
            return None;
        }
        union |= s;
    }
    (count(union) as usize == degree).then_some(union)
}

/// Hidden sets of `degree` digits; `direct`: only those that leave a hidden single of
/// another digit in the region (SE's direct hidden pair and triplet).
fn hidden_sets(grid: &Grid9, degree: usize, direct: bool) -> Option<Found> {
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

fn naked_sets(grid: &Grid9, degree: usize) -> Option<Found> {
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

fn fish(grid: &Grid9, degree: usize) -> Option<Found> {
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
fn wings(grid: &Grid9, xyz: bool) -> Option<Found> {
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

// ---------------------------------------------------------------------------------
// Unique loops.

/// A unique loop hint before SE sorts them: its type, then the hint.
struct LoopHint {
    kind: u8,
    found: Found,
}

fn unique_loops(grid: &Grid9, learnt: Option<&mut Loops>) -> Option<Found> {
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
        *known = Some((cells, loops.clone()));
        for lp in loops {
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

// ---------------------------------------------------------------------------------
// BUG.

fn bug(grid: &Grid9) -> Option<Found> {
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

// ---------------------------------------------------------------------------------
// Aligned exclusion.

/// Aligned pair (`degree` 2) or triplet (3) exclusion: combinations of the base cells'
/// digits are excluded when two cells that share a house take the same digit, or when
/// they would empty a cell every base cell sees (one with two to `degree` candidates);
/// a digit of a base cell in no allowed combination goes.
fn aligned(grid: &Grid9, degree: usize, tried: Option<&mut Triples>) -> Option<Found> {
    let mut fresh = Triples::default();
    let tried = tried.unwrap_or(&mut fresh);
    let found = aligned_in(grid, degree, tried);
    tried.next_grid(grid);
    found
}

/// What SE's rules learnt on the earlier grids of one path, so as not to try again what
/// cannot have changed since.
#[derive(Default)]
pub(crate) struct Learnt {
    triples: Triples,
    loops: Loops,
}

/// The cells whose candidates differ between `last` and `grid` (all of them when there
/// is no last grid).
fn changed_since(last: &Option<[u16; 81]>, grid: &Grid9) -> u128 {
    match last {
        None => !0,
        Some(last) => (0..81)
            .filter(|&c| last[c] != grid.cands[c])
            .fold(0, |s, c| s | 1 << c),
    }
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
    fn positions_follow_the_regions_cell_order() {
        let mut cands = [0u16; 81];
        // Candidates in a pattern that differs from region to region and digit to digit.
        for (c, m) in cands.iter_mut().enumerate() {
            *m = ((c * 37 + c / 7) % 512) as u16;
        }
        let grid = Grid9::new(cands, [0; 81]);
        for (r, cells) in REGION_CELLS.iter().enumerate() {
            for d in 0..9 {
                let want = cells
                    .iter()
                    .enumerate()
                    .fold(0u16, |m, (k, &c)| m | (grid.has(c as usize, d) as u16) << k);
                assert_eq!(positions(&grid, r, d), want, "{r} {d}");
            }
        }
    }

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

    #[test]
    fn subsets_follow_ses_enumeration() {
        let two: Vec<u32> = subsets(2, 4).collect();
        assert_eq!(two, vec![0b0011, 0b0101, 0b0110, 0b1001, 0b1010, 0b1100]);
        assert_eq!(subsets(0, 3).collect::<Vec<_>>(), vec![0]);
        assert_eq!(subsets(0, 0).count(), 0);
        assert_eq!(subsets(3, 3).collect::<Vec<_>>(), vec![0b111]);
        assert_eq!(subsets(3, 9).count(), 84);
        let p: Vec<_> = pairs(4).collect();
        assert_eq!(p, vec![(0, 1), (0, 2), (1, 2), (0, 3), (1, 3), (2, 3)]);
    }
}
