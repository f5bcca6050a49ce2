//! Layouts: the side N, the cells, and the houses (rows, columns, regions, diagonals).
//!
//! A house is a group of N cells that must hold every digit once. Every layout has
//! N rows, N columns and N regions; regions are R×C boxes, or any partition of the
//! grid into N groups of N cells (jigsaw). The two diagonals may be added ("sudoku-X").
//!
//! House numbering, for a side `n`:
//!
//! ```text
//! 0 .. n      rows         (house = row)
//! n .. 2n     columns      (house = n + column)
//! 2n .. 3n    regions      (house = 2n + region)
//! 3n, 3n+1    diagonals    (only with diagonals: main, then anti)
//! ```

use std::fmt;
use std::str::FromStr;

use crate::cellset::CellSet;
use crate::digit::MAX_SIDE;

/// The smallest grid side: 4×4.
pub const MIN_SIDE: usize = 4;

/// A cell, by its index in reading order: `row * n + column` (0-based).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Cell(u16);

impl Cell {
    /// The cell with reading-order index `index`.
    pub fn new(index: usize) -> Cell {
        debug_assert!(index < MAX_SIDE * MAX_SIDE);
        Cell(index as u16)
    }

    /// The reading-order index.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A house, by its number in its layout (see the module doc for the numbering).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct House(u16);

impl House {
    /// The house numbered `index`.
    pub fn new(index: usize) -> House {
        House(index as u16)
    }

    /// Its number.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// What a house is, with its 0-based number among houses of its kind.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum HouseKind {
    /// A row, numbered top to bottom.
    Row(u8),
    /// A column, numbered left to right.
    Column(u8),
    /// An R×C box, numbered in reading order.
    Box(u8),
    /// A jigsaw region, numbered by its first cell in reading order.
    Region(u8),
    /// The diagonal from the top-left corner to the bottom-right one.
    Diagonal,
    /// The diagonal from the top-right corner to the bottom-left one.
    AntiDiagonal,
}

impl HouseKind {
    /// The short name in the community notation: `r3`, `c5`, `b7` (1-based), `d1`, `d2`.
    pub fn short(self) -> String {
        match self {
            HouseKind::Row(i) => format!("r{}", i + 1),
            HouseKind::Column(i) => format!("c{}", i + 1),
            HouseKind::Box(i) | HouseKind::Region(i) => format!("b{}", i + 1),
            HouseKind::Diagonal => "d1".to_string(),
            HouseKind::AntiDiagonal => "d2".to_string(),
        }
    }
}

impl fmt::Display for HouseKind {
    /// Plain words, 1-based: `row 3`, `box 7`, `region 2`, `the main diagonal`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HouseKind::Row(i) => write!(f, "row {}", i + 1),
            HouseKind::Column(i) => write!(f, "column {}", i + 1),
            HouseKind::Box(i) => write!(f, "box {}", i + 1),
            HouseKind::Region(i) => write!(f, "region {}", i + 1),
            HouseKind::Diagonal => write!(f, "the main diagonal"),
            HouseKind::AntiDiagonal => write!(f, "the anti-diagonal"),
        }
    }
}

/// The shape of a box: `rows` × `cols` cells (the seed 6×6 grid has 2×3 boxes).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct BoxShape {
    /// Rows in a box.
    pub rows: usize,
    /// Columns in a box.
    pub cols: usize,
}

impl BoxShape {
    /// The grid side these boxes make: `rows * cols` (saturating, so that absurd shapes
    /// fail the side check instead of wrapping into range).
    pub fn side(self) -> usize {
        self.rows.saturating_mul(self.cols)
    }

    /// The usual shape for side `n`: the most square split, with no more rows than
    /// columns (4 → 2×2, 6 → 2×3, 8 → 2×4, 9 → 3×3, 12 → 3×4, 16 → 4×4, 25 → 5×5).
    /// `None` for a prime side, which has no boxes.
    pub fn for_side(n: usize) -> Option<BoxShape> {
        let rows = (2..=n)
            .take_while(|r| r * r <= n)
            .filter(|r| n.is_multiple_of(*r))
            .last()?;
        Some(BoxShape {
            rows,
            cols: n / rows,
        })
    }
}

/// "a 9×9" or "an 8×8": a grid of side `n` with its article, for messages.
pub fn a_grid(n: usize) -> String {
    // Said aloud, 8, 11 and 18 begin with a vowel ("an eight-by-eight grid").
    let article = if matches!(n, 8 | 11 | 18) { "an" } else { "a" };
    format!("{article} {n}×{n}")
}

impl fmt::Display for BoxShape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.rows, self.cols)
    }
}

impl FromStr for BoxShape {
    type Err = LayoutError;

    /// Reads `RxC` (also `R×C` or `R*C`), e.g. `2x3`.
    fn from_str(s: &str) -> Result<BoxShape, LayoutError> {
        let bad = || LayoutError::BadBoxShape(s.to_string());
        let (r, c) = s.split_once(['x', 'X', '×', '*']).ok_or_else(bad)?;
        let rows: usize = r.trim().parse().map_err(|_| bad())?;
        let cols: usize = c.trim().parse().map_err(|_| bad())?;
        if rows == 0 || cols == 0 {
            return Err(bad());
        }
        let shape = BoxShape { rows, cols };
        check_side(shape.side())?;
        Ok(shape)
    }
}

/// Why a layout could not be built.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum LayoutError {
    /// The side is outside 4..=25.
    #[error("a grid side of {0} is not supported (sides run from 4 to 25)")]
    SideOutOfRange(usize),
    /// `--box` text that is not `RxC`.
    #[error("'{0}' is not a box shape; write rows x columns, e.g. 3x3 or 2x3")]
    BadBoxShape(String),
    /// A prime side has no boxes.
    #[error("{} grid has no box shape (its side is prime); give its regions", a_grid(*.0))]
    NoBoxShape(usize),
    /// The region table's cell count is not a square.
    #[error("the region table has {0} cells; it must have N×N for a side N from 4 to 25")]
    RegionTableSize(usize),
    /// A region table row with the wrong number of symbols.
    #[error("line {line}: {found} region symbols, expected {expected}")]
    RegionRowLength {
        /// 1-based line in the region table.
        line: usize,
        /// Symbols found.
        found: usize,
        /// Symbols expected (N).
        expected: usize,
    },
    /// A character that cannot name a region.
    #[error("line {line}, column {column}: '{ch}' cannot name a region (use letters or digits)")]
    RegionSymbol {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// The character.
        ch: char,
    },
    /// More or fewer than N distinct region symbols.
    #[error("the region table names {found} regions, expected {expected}")]
    RegionCount {
        /// Regions named.
        found: usize,
        /// Regions expected (N).
        expected: usize,
    },
    /// A region with a number of cells other than N.
    #[error("region '{symbol}' has {size} cells, expected {expected}")]
    RegionSize {
        /// The symbol naming the region.
        symbol: char,
        /// Its cell count.
        size: usize,
        /// N.
        expected: usize,
    },
    /// A cage with no cells.
    #[error("a cage has no cells")]
    CageEmpty,
    /// A cage cell outside the grid.
    #[error("a cage holds {cell}, outside the {side}×{side} grid")]
    CageOutside {
        /// The cell, `r10c1` (its reading-order number on a grid of side N).
        cell: String,
        /// N.
        side: usize,
    },
    /// A cell in two cages.
    #[error("{cell} is in two cages; a cell belongs to one cage at most")]
    CageOverlap {
        /// The cell, `r3c4`.
        cell: String,
    },
    /// A cage listing a cell more than once.
    #[error("the cage at {cage} lists {cell} twice; list each of its cells once")]
    CageRepeat {
        /// Its first cell, `r1c1`.
        cage: String,
        /// The cell listed twice.
        cell: String,
    },
    /// A cage with more cells than digits.
    #[error(
        "the cage at {cage} has {size} cells, but its digits differ, so it can have at most {side}"
    )]
    CageTooLarge {
        /// Its first cell, `r1c1`.
        cage: String,
        /// Its cell count.
        size: usize,
        /// N.
        side: usize,
    },
    /// A sum no set of that many different digits makes.
    #[error("{}", cage_sum_words(cage, *size, *sum, *side, *min, *max))]
    CageSum {
        /// Its first cell, `r1c1`.
        cage: String,
        /// Its cell count.
        size: usize,
        /// The sum given.
        sum: u32,
        /// N.
        side: usize,
        /// The smallest sum of `size` different digits.
        min: u32,
        /// The largest.
        max: u32,
    },
    /// A cage whose cells do not touch (side by side or at a corner).
    #[error(
        "the cage at {cage} is in pieces: its cells must touch, side by side or at a corner \
         (give each piece its own name and sum)"
    )]
    CageInPieces {
        /// Its first cell, `r1c1`.
        cage: String,
    },
}

/// The range of sums of `k` different digits from 1 to `n`: `1 + .. + k` to
/// `(n - k + 1) + .. + n`.
pub fn cage_sum_range(k: usize, n: usize) -> (u32, u32) {
    let k = k.min(n) as u32;
    let n = n as u32;
    (k * (k + 1) / 2, k * (2 * n - k + 1) / 2)
}

/// The smallest and largest sums of `k` different digits of `set` (bit `d - 1` for
/// digit `d`): its `k` smallest and its `k` largest; `None` when it has fewer than `k`.
///
/// ```
/// use sudokit_core::sum_bounds;
/// assert_eq!(sum_bounds(0b1_1111_1111, 3), Some((6, 24)));
/// assert_eq!(sum_bounds(0b101, 3), None);
/// ```
#[inline]
pub fn sum_bounds(set: u32, k: usize) -> Option<(u32, u32)> {
    let (mut lo, mut hi, mut low, mut high) = (0, 0, set, set);
    for _ in 0..k {
        if low == 0 {
            return None;
        }
        lo += low.trailing_zeros() + 1;
        low &= low - 1;
        let top = 31 - high.leading_zeros();
        hi += top + 1;
        high &= !(1 << top);
    }
    Some((lo, hi))
}

/// Visits every set of `k` different digits of `set` (bit `d - 1` for digit `d`) adding
/// up to `sum`, each as bits, in increasing order of its digits, until `visit` answers
/// `false`. Each set looked at, partial or whole, spends one step of `budget`; at 0 the
/// walk stops (so `*budget == 0` afterwards says it may have been cut short).
///
/// Sets of digits 1 to 16 come from tables made once, in the walk's order: digits 1 to
/// 9 given a budget over 511 (more than their whole walk) spend none; others whose
/// highest digit is at most 16 spend one step for each set of the table's list for `k`
/// and `sum` (every set of `k` digits from 1 to that highest digit adding up to `sum`,
/// 526 at most), when the budget is larger than the list; the rest are walked.
///
/// ```
/// use sudokit_core::sum_sets;
/// let mut found = Vec::new();
/// sum_sets(0b1_1111_1111, 2, 5, &mut 100, &mut |s| {
///     found.push(s);
///     true
/// });
/// assert_eq!(found, [0b1001, 0b0110]); // 1+4, 2+3
/// ```
#[inline]
pub fn sum_sets(
    set: u32,
    k: usize,
    sum: u32,
    budget: &mut u32,
    visit: &mut impl FnMut(u32) -> bool,
) {
    let top = (32 - set.leading_zeros()) as usize;
    // Digits 1 to 9 with room for the whole walk (at most 512 steps: one per subset):
    // the sets come from a table made once, filtered, in the walk's own order.
    if top <= 9 && *budget > SMALL_DIGITS {
        let Some(sets) = SumTable::of(9).sets(k, sum) else {
            return;
        };
        for &s in sets {
            if u32::from(s) & !set == 0 && !visit(u32::from(s)) {
                return;
            }
        }
        return;
    }
    if top <= TABLE_DIGITS {
        let sets = SumTable::of(top).sets(k, sum).unwrap_or(&[]);
        if (*budget as usize) > sets.len() {
            *budget -= sets.len() as u32;
            for &s in sets {
                if u32::from(s) & !set == 0 && !visit(u32::from(s)) {
                    return;
                }
            }
            return;
        }
    }
    sum_sets_from(set, k, sum, 0, budget, visit);
}

/// Digits 1 to 9, as bits.
const SMALL_DIGITS: u32 = 0x1FF;

/// The most digits a table of sums covers: 2^16 sets, 128 KiB.
const TABLE_DIGITS: usize = 16;

/// Every set of different digits from 1 to `n`, listed by how many digits and their sum,
/// each list in the order of [`sum_sets`]' walk.
struct SumTable {
    n: usize,
    /// Where the list of `k` digits adding up to `sum` starts in `sets`, at
    /// `k * sums + sum` (`sums` is n(n + 1)/2 + 1, the sums from 0 to the largest); one
    /// more entry ends the last.
    starts: Vec<u32>,
    sets: Vec<u16>,
}

impl SumTable {
    /// The table of digits 1 to `n` (`n` from 1 to 16), made at its first use.
    fn of(n: usize) -> &'static SumTable {
        static TABLES: [std::sync::OnceLock<SumTable>; TABLE_DIGITS + 1] =
            [const { std::sync::OnceLock::new() }; TABLE_DIGITS + 1];
        TABLES[n].get_or_init(|| SumTable::new(n))
    }

    fn new(n: usize) -> SumTable {
        let all = (1u32 << n) - 1;
        let sums = n * (n + 1) / 2 + 1;
        let mut starts = Vec::with_capacity((n + 1) * sums + 1);
        let mut sets = Vec::with_capacity(1 << n);
        for k in 0..=n {
            for sum in 0..sums {
                starts.push(sets.len() as u32);
                let mut budget = u32::MAX;
                sum_sets_from(all, k, sum as u32, 0, &mut budget, &mut |s| {
                    sets.push(s as u16);
                    true
                });
            }
        }
        starts.push(sets.len() as u32);
        SumTable { n, starts, sets }
    }

    /// The sets of `k` digits adding up to `sum` (`None` when none can).
    fn sets(&self, k: usize, sum: u32) -> Option<&[u16]> {
        let sums = self.n * (self.n + 1) / 2 + 1;
        let sum = sum as usize;
        (k <= self.n && sum < sums).then(|| {
            let at = k * sums + sum;
            &self.sets[self.starts[at] as usize..self.starts[at + 1] as usize]
        })
    }
}

/// [`sum_sets`] with `chosen` already in the set: `false` once the walk is to stop.
fn sum_sets_from(
    from: u32,
    left: usize,
    sum: u32,
    chosen: u32,
    budget: &mut u32,
    visit: &mut impl FnMut(u32) -> bool,
) -> bool {
    if *budget == 0 {
        return false;
    }
    *budget -= 1;
    if left == 0 {
        return sum != 0 || visit(chosen);
    }
    match sum_bounds(from, left) {
        Some((lo, hi)) if (lo..=hi).contains(&sum) => {}
        _ => return true,
    }
    let mut rest = from;
    while rest != 0 {
        let bit = rest & rest.wrapping_neg();
        rest &= rest - 1;
        let digit = bit.trailing_zeros() + 1;
        if digit > sum {
            return true;
        }
        if !sum_sets_from(rest, left - 1, sum - digit, chosen | bit, budget, visit) {
            return false;
        }
    }
    true
}

/// The words of [`LayoutError::CageSum`].
fn cage_sum_words(cage: &str, size: usize, sum: u32, side: usize, min: u32, max: u32) -> String {
    let head = format!("the {size}-cell cage at {cage} has sum {sum}, but");
    match size {
        1 => format!("{head} a digit runs from 1 to {side}"),
        _ => format!(
            "{head} {size} different digits from 1 to {side} add up to {min} at least and \
             {max} at most"
        ),
    }
}

fn check_side(n: usize) -> Result<(), LayoutError> {
    if (MIN_SIDE..=MAX_SIDE).contains(&n) {
        Ok(())
    } else {
        Err(LayoutError::SideOutOfRange(n))
    }
}

/// One house: its kind and its cells in reading order.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct HouseInfo {
    /// What the house is.
    pub kind: HouseKind,
    /// Its N cells.
    pub cells: Vec<Cell>,
}

/// A killer cage: cells whose digits differ and add up to `sum`. A cage is not a house
/// (it need not hold every digit); its cells are peers of one another.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Cage {
    /// Its cells, in reading order.
    pub cells: Vec<Cell>,
    /// The sum of their digits.
    pub sum: u32,
}

impl Cage {
    /// A cage of `sum` on the cells numbered `indices` (0-based, in reading order) of a
    /// grid of `count` cells, as the JSON of answers and saves gives them; `Err(i)` when
    /// `i` is not a cell of the grid. [`Layout::with_cages`] checks the rest.
    ///
    /// ```
    /// use sudokit_core::Cage;
    /// let cage = Cage::from_indices(3, &[0, 1], 81).unwrap();
    /// assert_eq!(cage.indices(), [0, 1]);
    /// assert_eq!(Cage::from_indices(3, &[80, 81], 81), Err(81));
    /// ```
    pub fn from_indices(sum: u32, indices: &[usize], count: usize) -> Result<Cage, usize> {
        match indices.iter().find(|&&i| i >= count) {
            Some(&i) => Err(i),
            None => Ok(Cage {
                cells: indices.iter().map(|&i| Cell::new(i)).collect(),
                sum,
            }),
        }
    }

    /// Its cells' numbers (0-based, in reading order), as [`Cage::from_indices`] takes them.
    pub fn indices(&self) -> Vec<usize> {
        self.cells.iter().map(|c| c.index()).collect()
    }
}

/// A sum the rule of 45 gives on a killer: a set of rows, columns or one house holds each
/// digit once per house, so its cells add up to N(N+1)/2 per house; take away the cages
/// wholly inside it and the cells left (its *innies*) have a known sum; or, when cages
/// cover it, the cells its crossing cages have outside it (its *outies*) do.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Innies {
    /// The houses whose sum it comes from (one, consecutive rows or columns, or two
    /// neighbouring regions).
    pub houses: Vec<House>,
    /// The cells whose digits add up to `sum`, in reading order.
    pub cells: Vec<Cell>,
    /// Their sum.
    pub sum: u32,
    /// Outies (cells outside the houses), or innies.
    pub outies: bool,
    /// Do the cells share a house (so their digits differ)?
    pub distinct: bool,
}

/// A difference the rule of 45 gives on a killer: the cages mostly inside a set of houses
/// cover it but for a few cells (`plus`) and stick out of it by a few (`minus`), so
/// `sum(plus) − sum(minus)` is the houses' total less the cages' (`r1c5 − r2c3 = 4`, say).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Difference {
    /// The houses whose sum it comes from.
    pub houses: Vec<House>,
    /// The houses' cells the cages leave out, in reading order.
    pub plus: Vec<Cell>,
    /// The cages' cells outside the houses, in reading order.
    pub minus: Vec<Cell>,
    /// `sum(plus) − sum(minus)`.
    pub sum: i32,
}

/// A grid layout: side N, regions, optional diagonals, and everything derived from them
/// (the houses of each cell, the peers of each cell).
///
/// ```
/// use sudokit_core::{BoxShape, Layout};
/// let six = Layout::boxed(BoxShape { rows: 2, cols: 3 }).unwrap();
/// assert_eq!(six.side(), 6);
/// assert_eq!(six.houses().len(), 18);
/// let c = six.cell(1, 4);
/// assert_eq!(six.cell_name(c), "r2c5");
/// assert_eq!(six.peers(c).len(), 5 + 5 + 2);
/// ```
#[derive(Clone, Debug)]
pub struct Layout {
    n: usize,
    boxes: Option<BoxShape>,
    diagonals: bool,
    region_of: Vec<u8>,
    houses: Vec<HouseInfo>,
    /// Houses of each cell: `cell_houses[cell * 5 ..][.. cell_house_count[cell]]`.
    cell_houses: Vec<House>,
    cell_house_count: Vec<u8>,
    /// Houses of each cell as bits (bit `h` for house `h`).
    cell_house_bits: Vec<u128>,
    /// Peers of each cell: `peers[peer_start[cell] .. peer_start[cell + 1]]`.
    peers: Vec<Cell>,
    peer_start: Vec<u32>,
    intersections: Vec<Intersection>,
    house_sets: Vec<CellSet>,
    peer_sets: Vec<CellSet>,
    /// Killer cages, in the order of their first cells (empty for a plain sudoku).
    cages: Vec<Cage>,
    /// The cage of each cell (`NO_CAGE` for none); empty without cages.
    cage_of: Vec<u16>,
    /// The sums the rule of 45 gives (empty without cages).
    innies: Vec<Innies>,
    /// The differences the rule of 45 gives (empty without cages).
    differences: Vec<Difference>,
}

/// `cage_of`'s mark for a cell in no cage.
const NO_CAGE: u16 = u16::MAX;

/// Two houses that share two or more cells (a box and a row, say): the ground of locked
/// candidates. A digit confined to the common cells within one house leaves the rest of
/// the other.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Intersection {
    /// The first house (lower number).
    pub a: House,
    /// The second house.
    pub b: House,
    /// Cells in both.
    pub common: Vec<Cell>,
    /// Cells of `a` only.
    pub a_rest: Vec<Cell>,
    /// Cells of `b` only.
    pub b_rest: Vec<Cell>,
}

impl PartialEq for Layout {
    fn eq(&self, other: &Layout) -> bool {
        self.n == other.n
            && self.boxes == other.boxes
            && self.diagonals == other.diagonals
            && self.region_of == other.region_of
            && self.cages == other.cages
    }
}

impl Eq for Layout {}

impl Layout {
    /// The layout of R×C boxes.
    ///
    /// # Errors
    /// When R·C is outside 4..=25.
    pub fn boxed(shape: BoxShape) -> Result<Layout, LayoutError> {
        let n = shape.side();
        check_side(n)?;
        let region_of = (0..n * n)
            .map(|i| ((i / n) / shape.rows * (n / shape.cols) + (i % n) / shape.cols) as u8)
            .collect();
        Ok(Layout::build(n, Some(shape), region_of))
    }

    /// The boxed layout of side `n` with the usual box shape ([`BoxShape::for_side`]).
    ///
    /// # Errors
    /// When `n` is outside 4..=25 or prime.
    pub fn for_side(n: usize) -> Result<Layout, LayoutError> {
        check_side(n)?;
        Layout::boxed(BoxShape::for_side(n).ok_or(LayoutError::NoBoxShape(n))?)
    }

    /// The classic 9×9 layout.
    pub fn classic() -> Layout {
        Layout::boxed(BoxShape { rows: 3, cols: 3 }).expect("3x3 boxes are valid")
    }

    /// A jigsaw layout: `region_of[cell]` names each cell's region with any symbol;
    /// there must be N symbols, each on N cells.
    ///
    /// # Errors
    /// When the table is not N×N or the regions are not N groups of N cells.
    pub fn jigsaw(symbols: &[char]) -> Result<Layout, LayoutError> {
        let n = (symbols.len() as f64).sqrt().round() as usize;
        if n * n != symbols.len() {
            return Err(LayoutError::RegionTableSize(symbols.len()));
        }
        check_side(n)?;
        let mut names: Vec<char> = Vec::new();
        let mut sizes: Vec<usize> = Vec::new();
        let mut region_of = Vec::with_capacity(n * n);
        for &s in symbols {
            let r = match names.iter().position(|&x| x == s) {
                Some(r) => r,
                None => {
                    names.push(s);
                    sizes.push(0);
                    names.len() - 1
                }
            };
            sizes[r] += 1;
            region_of.push(r as u8);
        }
        if names.len() != n {
            return Err(LayoutError::RegionCount {
                found: names.len(),
                expected: n,
            });
        }
        if let Some(r) = sizes.iter().position(|&s| s != n) {
            return Err(LayoutError::RegionSize {
                symbol: names[r],
                size: sizes[r],
                expected: n,
            });
        }
        Ok(Layout::build(n, None, region_of))
    }

    /// Reads a region table: N lines of N symbols (letters or digits; spaces, commas and
    /// `|` `-` `+` borders ignored), or one line of N² symbols. `#` starts a comment.
    ///
    /// # Errors
    /// On a character that cannot name a region, rows of unequal length, or regions
    /// that are not N groups of N cells.
    pub fn from_regions_str(text: &str) -> Result<Layout, LayoutError> {
        let mut rows: Vec<(usize, Vec<char>)> = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line = raw.split('#').next().unwrap_or("");
            let mut row = Vec::new();
            for (col, ch) in line.chars().enumerate() {
                match ch {
                    c if c.is_ascii_alphanumeric() => row.push(c),
                    ' ' | '\t' | ',' | '|' | '-' | '+' | '\r' => {}
                    _ => {
                        return Err(LayoutError::RegionSymbol {
                            line: i + 1,
                            column: col + 1,
                            ch,
                        })
                    }
                }
            }
            if !row.is_empty() {
                rows.push((i + 1, row));
            }
        }
        if rows.len() > 1 {
            let expected = rows[0].1.len();
            if let Some((line, row)) = rows.iter().find(|(_, r)| r.len() != expected) {
                return Err(LayoutError::RegionRowLength {
                    line: *line,
                    found: row.len(),
                    expected,
                });
            }
        }
        let symbols: Vec<char> = rows.into_iter().flat_map(|(_, r)| r).collect();
        Layout::jigsaw(&symbols)
    }

    /// This layout with the two diagonals added as houses.
    pub fn with_diagonals(self) -> Layout {
        if self.diagonals {
            return self;
        }
        Layout::build_with(self.n, self.boxes, self.region_of, true, self.cages)
    }

    /// This layout with killer `cages` (replacing any it had): each cage's cells are
    /// inside the grid, in no other cage, touch (side by side or at a corner), number at
    /// most N, and its
    /// sum is one that many different digits can make. Cells in no cage are allowed.
    ///
    /// ```
    /// use sudokit_core::{Cage, Cell, Layout};
    /// let cage = Cage { cells: vec![Cell::new(0), Cell::new(1)], sum: 3 };
    /// let killer = Layout::for_side(4).unwrap().with_cages(vec![cage]).unwrap();
    /// assert_eq!(killer.cage_of(Cell::new(1)), Some(0));
    /// assert!(killer.peers(Cell::new(0)).contains(&Cell::new(1)));
    /// let bad = Cage { cells: vec![Cell::new(0), Cell::new(1)], sum: 8 };
    /// let err = Layout::for_side(4).unwrap().with_cages(vec![bad]).unwrap_err();
    /// assert_eq!(
    ///     err.to_string(),
    ///     "the 2-cell cage at r1c1 has sum 8, but 2 different digits from 1 to 4 add up \
    ///      to 3 at least and 7 at most"
    /// );
    /// ```
    ///
    /// # Errors
    /// The first cage, in the order given, that breaks a rule, named by its first cell.
    pub fn with_cages(self, mut cages: Vec<Cage>) -> Result<Layout, LayoutError> {
        let n = self.n;
        let mut owner = vec![false; n * n];
        for cage in &mut cages {
            cage.cells.sort();
            let first = *cage.cells.first().ok_or(LayoutError::CageEmpty)?;
            if let Some(w) = cage.cells.windows(2).find(|w| w[0] == w[1]) {
                return Err(LayoutError::CageRepeat {
                    cage: self.cell_name(first),
                    cell: self.cell_name(w[0]),
                });
            }
            if let Some(c) = cage.cells.iter().find(|c| c.index() >= n * n) {
                return Err(LayoutError::CageOutside {
                    cell: self.cell_name(*c),
                    side: n,
                });
            }
            let name = self.cell_name(first);
            if let Some(c) = cage.cells.iter().find(|c| owner[c.index()]) {
                return Err(LayoutError::CageOverlap {
                    cell: self.cell_name(*c),
                });
            }
            cage.cells.iter().for_each(|c| owner[c.index()] = true);
            let size = cage.cells.len();
            if size > n {
                return Err(LayoutError::CageTooLarge {
                    cage: name,
                    size,
                    side: n,
                });
            }
            let (min, max) = cage_sum_range(size, n);
            if !(min..=max).contains(&cage.sum) {
                return Err(LayoutError::CageSum {
                    cage: name,
                    size,
                    sum: cage.sum,
                    side: n,
                    min,
                    max,
                });
            }
            if !joined(n, &cage.cells) {
                return Err(LayoutError::CageInPieces { cage: name });
            }
        }
        cages.sort_by_key(|c| c.cells[0]);
        // The houses and what comes of them alone stay; the rest is made again.
        let mut layout = self;
        layout.cages = cages;
        layout.fill_cages();
        Ok(layout)
    }

    fn build(n: usize, boxes: Option<BoxShape>, region_of: Vec<u8>) -> Layout {
        Layout::build_with(n, boxes, region_of, false, Vec::new())
    }

    fn build_with(
        n: usize,
        boxes: Option<BoxShape>,
        region_of: Vec<u8>,
        diagonals: bool,
        cages: Vec<Cage>,
    ) -> Layout {
        let houses = make_houses(n, boxes.is_some(), &region_of, diagonals);
        let mut cell_houses = vec![House(0); n * n * 5];
        let mut cell_house_count = vec![0u8; n * n];
        let mut cell_house_bits = vec![0u128; n * n];
        for (h, info) in houses.iter().enumerate() {
            for &c in &info.cells {
                let k = &mut cell_house_count[c.index()];
                cell_houses[c.index() * 5 + *k as usize] = House(h as u16);
                *k += 1;
                cell_house_bits[c.index()] |= 1 << h;
            }
        }
        let mut layout = Layout {
            n,
            boxes,
            diagonals,
            region_of,
            houses,
            cell_houses,
            cell_house_count,
            cell_house_bits,
            peers: Vec::new(),
            peer_start: Vec::new(),
            intersections: Vec::new(),
            house_sets: Vec::new(),
            peer_sets: Vec::new(),
            cage_of: Vec::new(),
            innies: Vec::new(),
            differences: Vec::new(),
            cages,
        };
        layout.intersections = intersections(&layout.houses);
        layout.house_sets = layout
            .houses
            .iter()
            .map(|h| h.cells.iter().collect())
            .collect();
        layout.fill_cages();
        layout
    }

    /// Makes what depends on the cages (`cages` set): the cage of each cell, the peers
    /// (a cage's cells see each other), the rule of 45's sums and differences.
    fn fill_cages(&mut self) {
        let n = self.n;
        self.cage_of.clear();
        if !self.cages.is_empty() {
            self.cage_of = vec![NO_CAGE; n * n];
            for (k, cage) in self.cages.iter().enumerate() {
                cage.cells
                    .iter()
                    .for_each(|c| self.cage_of[c.index()] = k as u16);
            }
        }
        self.fill_peers();
        self.innies = innies(self);
        self.differences = differences(self);
        self.peer_sets = self
            .cells()
            .map(|c| self.peers(c).iter().collect())
            .collect();
    }

    fn fill_peers(&mut self) {
        let mut seen = vec![false; self.n * self.n];
        self.peers.clear();
        self.peer_start.clear();
        self.peer_start.push(0);
        for c in 0..self.n * self.n {
            seen.iter_mut().for_each(|s| *s = false);
            seen[c] = true;
            let houses: Vec<House> = self.houses_of(Cell::new(c)).to_vec();
            let cage = self.cage_of(Cell::new(c)).map(|k| &self.cages[k].cells[..]);
            let groups = houses.iter().map(|h| &self.houses[h.index()].cells[..]);
            for group in groups.chain(cage) {
                for &p in group {
                    if !seen[p.index()] {
                        seen[p.index()] = true;
                        self.peers.push(p);
                    }
                }
            }
            self.peers[*self.peer_start.last().unwrap() as usize..].sort();
            self.peer_start.push(self.peers.len() as u32);
        }
    }

    /// The side N.
    pub fn side(&self) -> usize {
        self.n
    }

    /// Number of cells, N².
    pub fn cell_count(&self) -> usize {
        self.n * self.n
    }

    /// The box shape, or `None` for a jigsaw layout.
    pub fn box_shape(&self) -> Option<BoxShape> {
        self.boxes
    }

    /// Are the two diagonals houses?
    pub fn has_diagonals(&self) -> bool {
        self.diagonals
    }

    /// Is this the classic 9×9 layout with 3×3 boxes and no extra houses or cages?
    pub fn is_classic(&self) -> bool {
        self.n == 9
            && self.boxes == Some(BoxShape { rows: 3, cols: 3 })
            && !self.diagonals
            && self.cages.is_empty()
    }

    /// The killer cages, in the order of their first cells (none for a plain sudoku).
    pub fn cages(&self) -> &[Cage] {
        &self.cages
    }

    /// The sums the rule of 45 gives on a killer: the innies and outies of each house, of
    /// each run of 2 to 4 consecutive rows or columns and of each two neighbouring regions, up to
    /// 9 cells each, one per cell set.
    pub fn innies(&self) -> &[Innies] {
        &self.innies
    }

    /// The differences the rule of 45 gives on a killer (see [`Difference`]): for each house
    /// and the first 2 to N − 1 rows, columns or regions, with the cages more than half
    /// inside them; for one house also with the cages inside it and one cage sticking out
    /// of it by a cell; when
    /// one side has at most 2 cells and both together at most 6 (9 when a cell is in no
    /// cage). The solver's search keeps them; the logic engine does not teach them.
    pub fn differences(&self) -> &[Difference] {
        &self.differences
    }

    /// Is this a killer layout (has it cages)?
    pub fn is_killer(&self) -> bool {
        !self.cages.is_empty()
    }

    /// The number of the cage holding `cell`, if any.
    pub fn cage_of(&self, cell: Cell) -> Option<usize> {
        self.cage_of
            .get(cell.index())
            .filter(|&&k| k != NO_CAGE)
            .map(|&k| k as usize)
    }

    /// This layout without its cages.
    pub fn without_cages(&self) -> Layout {
        match self.cages.is_empty() {
            true => self.clone(),
            false => Layout::build_with(
                self.n,
                self.boxes,
                self.region_of.clone(),
                self.diagonals,
                Vec::new(),
            ),
        }
    }

    /// All cells in reading order.
    pub fn cells(&self) -> impl Iterator<Item = Cell> {
        (0..self.n * self.n).map(Cell::new)
    }

    /// The cell at `row`, `col` (0-based).
    pub fn cell(&self, row: usize, col: usize) -> Cell {
        debug_assert!(row < self.n && col < self.n);
        Cell::new(row * self.n + col)
    }

    /// The 0-based row of `cell`.
    pub fn row(&self, cell: Cell) -> usize {
        cell.index() / self.n
    }

    /// The 0-based column of `cell`.
    pub fn col(&self, cell: Cell) -> usize {
        cell.index() % self.n
    }

    /// The 0-based region (box or jigsaw piece) of `cell`.
    pub fn region(&self, cell: Cell) -> usize {
        self.region_of[cell.index()] as usize
    }

    /// The region of every cell, in reading order.
    pub fn region_table(&self) -> &[u8] {
        &self.region_of
    }

    /// `r3c4`: the community name of `cell` (1-based).
    pub fn cell_name(&self, cell: Cell) -> String {
        format!("r{}c{}", self.row(cell) + 1, self.col(cell) + 1)
    }

    /// Every house, numbered as in the module doc.
    pub fn houses(&self) -> &[HouseInfo] {
        &self.houses
    }

    /// The house numbered `house`.
    pub fn house(&self, house: House) -> &HouseInfo {
        &self.houses[house.index()]
    }

    /// The row house `row`.
    pub fn row_house(&self, row: usize) -> House {
        House::new(row)
    }

    /// The column house `col`.
    pub fn col_house(&self, col: usize) -> House {
        House::new(self.n + col)
    }

    /// The houses of `cell` as bits: bit `h` for house `h` (a layout has 77 houses at
    /// most: 25 rows, 25 columns, 25 regions and two diagonals).
    ///
    /// ```
    /// use sudokit_core::Layout;
    /// let l = Layout::classic();
    /// let c = l.cell(0, 4); // row 0, column 4, box 1: houses 0, 9 + 4 and 18 + 1
    /// assert_eq!(l.house_bits(c), 1 << 0 | 1 << 13 | 1 << 19);
    /// ```
    pub fn house_bits(&self, cell: Cell) -> u128 {
        self.cell_house_bits[cell.index()]
    }

    /// The region house `region`.
    pub fn region_house(&self, region: usize) -> House {
        House::new(2 * self.n + region)
    }

    /// The houses of `cell`: its row, column, region, then any diagonals.
    pub fn houses_of(&self, cell: Cell) -> &[House] {
        let i = cell.index();
        &self.cell_houses[i * 5..i * 5 + self.cell_house_count[i] as usize]
    }

    /// The cells that share a house or a cage with `cell` (not `cell` itself), in
    /// reading order.
    pub fn peers(&self, cell: Cell) -> &[Cell] {
        let i = cell.index();
        &self.peers[self.peer_start[i] as usize..self.peer_start[i + 1] as usize]
    }

    /// The cells of `house` as a set.
    pub fn house_set(&self, house: House) -> &CellSet {
        &self.house_sets[house.index()]
    }

    /// The peers of `cell` as a set.
    pub fn peer_set(&self, cell: Cell) -> &CellSet {
        &self.peer_sets[cell.index()]
    }

    /// All N² cells as a set.
    pub fn all_cells(&self) -> CellSet {
        CellSet::first_n(self.n * self.n)
    }

    /// Every pair of houses sharing two or more cells.
    pub fn intersections(&self) -> &[Intersection] {
        &self.intersections
    }

    /// The region symbols of this layout, one per cell: `A`, `B`, ... by region number.
    pub fn region_symbols(&self) -> String {
        self.region_of
            .iter()
            .map(|&r| region_symbol(r as usize))
            .collect()
    }
}

/// The most cells of a sum the rule of 45 gives that is kept: larger ones narrow little
/// and cost a pass each round of the search.
const INNIES_MAX: usize = 9;

/// The most consecutive rows (or columns) whose sum the rule of 45 is applied to.
const RUN_MAX: usize = 4;

/// The rule of 45's sums on `layout` (see [`Layout::innies`]).
fn innies(layout: &Layout) -> Vec<Innies> {
    let n = layout.n;
    if layout.cages.is_empty() {
        return Vec::new();
    }
    let total = (n * (n + 1) / 2) as u32;
    // One house each, then runs of 2 to 4 consecutive rows and columns, then pairs of
    // neighbouring regions.
    let mut units: Vec<Vec<House>> = (0..layout.houses.len())
        .map(|h| vec![House::new(h)])
        .collect();
    for first in [0, n] {
        for len in 2..n.min(RUN_MAX + 1) {
            for start in 0..=n - len {
                units.push(
                    (first + start..first + start + len)
                        .map(House::new)
                        .collect(),
                );
            }
        }
    }
    // Pairs of regions side by side.
    let mut touch = vec![false; n * n];
    for i in 0..n * n {
        let a = layout.region_of[i] as usize;
        for j in neighbours(n, i) {
            touch[a * n + layout.region_of[j] as usize] = true;
        }
    }
    for a in 0..n {
        for b in a + 1..n {
            if touch[a * n + b] || touch[b * n + a] {
                units.push(vec![House::new(2 * n + a), House::new(2 * n + b)]);
            }
        }
    }
    let mut out: Vec<Innies> = Vec::new();
    let mut unit = Unit::new(layout);
    for houses in units {
        let cells = houses.iter().flat_map(|h| &layout.houses[h.index()].cells);
        unit.count(layout, cells.clone());
        let (inside, ins, touched, free) = (&unit.inside, &unit.ins, &unit.touched, unit.free);
        let sum = total * houses.len() as u32;
        // The cages wholly inside, and those crossing the houses' edge: the cells of
        // the houses they leave (innies), and the crossing cages' cells outside (outies).
        let (mut within, mut crossing) = (0u32, 0u32);
        let (mut left_len, mut outies_len) = (free, 0);
        for &k in touched {
            let cage = &layout.cages[k];
            if ins[k] == cage.cells.len() {
                within += cage.sum;
            } else {
                crossing += cage.sum;
                left_len += ins[k];
                outies_len += cage.cells.len() - ins[k];
            }
        }
        let mut add = |mut cells: Vec<Cell>, sum: u32, outies: bool| {
            cells.sort();
            // A whole house adds nothing: its digits always make the total.
            let whole = cells.len() == n && layout.houses.iter().any(|h| h.cells == cells);
            if whole || out.iter().any(|r| r.cells == cells) {
                return;
            }
            let shared = cells.iter().fold(u128::MAX, |bits, c| {
                bits & layout.cell_house_bits[c.index()]
            });
            out.push(Innies {
                houses: houses.clone(),
                cells,
                sum,
                outies,
                distinct: shared != 0,
            });
        };
        let inner = sum.saturating_sub(within);
        if (1..=INNIES_MAX).contains(&left_len) {
            let whole = |k: usize| ins[k] == layout.cages[k].cells.len();
            let left = cells
                .clone()
                .copied()
                .filter(|&c| layout.cage_of(c).is_none_or(|k| !whole(k)))
                .collect();
            add(left, inner, false);
        }
        if free == 0 && (1..=INNIES_MAX).contains(&outies_len) {
            let mut outies = Vec::with_capacity(outies_len);
            for &k in touched {
                let cage = &layout.cages[k];
                if ins[k] < cage.cells.len() {
                    outies.extend(cage.cells.iter().filter(|c| !inside[c.index()]));
                }
            }
            add(outies, crossing.saturating_sub(inner), true);
        }
    }
    out
}

/// A set of houses the rule of 45 is applied to, counted cage by cage.
struct Unit {
    /// Whether each cell is in it.
    inside: Vec<bool>,
    /// Each cage's cells in it (0 for the cages not in `touched`).
    ins: Vec<usize>,
    /// The cages with a cell in it, in the order of its cells.
    touched: Vec<usize>,
    /// Its cells in no cage.
    free: usize,
}

impl Unit {
    fn new(layout: &Layout) -> Unit {
        Unit {
            inside: vec![false; layout.n * layout.n],
            ins: vec![0; layout.cages.len()],
            touched: Vec::new(),
            free: 0,
        }
    }

    /// Counts the unit of `cells` afresh.
    fn count<'a>(&mut self, layout: &Layout, cells: impl Iterator<Item = &'a Cell>) {
        self.touched.iter().for_each(|&k| self.ins[k] = 0);
        self.touched.clear();
        self.inside.iter_mut().for_each(|x| *x = false);
        self.free = 0;
        for &c in cells {
            self.inside[c.index()] = true;
            match layout.cage_of(c) {
                Some(k) => {
                    if self.ins[k] == 0 {
                        self.touched.push(k);
                    }
                    self.ins[k] += 1;
                }
                None => self.free += 1,
            }
        }
    }
}

/// The most cells of a difference the rule of 45 gives (9 when a cell is in no cage).
const DIFFERENCE_MAX: usize = 6;

/// The rule of 45's differences on `layout` (see [`Layout::differences`]).
fn differences(layout: &Layout) -> Vec<Difference> {
    let n = layout.n;
    if layout.cages.is_empty() {
        return Vec::new();
    }
    let total = (n * (n + 1) / 2) as i32;
    // Every house, then the first 2 to n − 1 rows, columns and regions (the last ones
    // would give the same differences the other way round).
    let mut units: Vec<Vec<House>> = (0..layout.houses.len())
        .map(|h| vec![House::new(h)])
        .collect();
    for first in [0, n, 2 * n] {
        for len in 2..n {
            units.push((first..first + len).map(House::new).collect());
        }
    }
    let mut out: Vec<Difference> = Vec::new();
    let mut unit = Unit::new(layout);
    // Whether each cage is one of the pieces.
    let mut chosen = vec![false; layout.cages.len()];
    for houses in units {
        let cells = houses.iter().flat_map(|h| &layout.houses[h.index()].cells);
        unit.count(layout, cells.clone());
        let (inside, ins, touched, free) = (&unit.inside, &unit.ins, &unit.touched, unit.free);
        let sum = total * houses.len() as i32;
        // The pieces: the cages more than half inside; for one house also the cages
        // inside it and each cage sticking out of it by a cell.
        let mut tries: Vec<Vec<usize>> = Vec::new();
        let size = |k: usize| layout.cages[k].cells.len();
        tries.push(
            touched
                .iter()
                .copied()
                .filter(|&k| 2 * ins[k] > size(k))
                .collect(),
        );
        if houses.len() == 1 {
            let whole: Vec<usize> = touched
                .iter()
                .copied()
                .filter(|&k| ins[k] == size(k))
                .collect();
            for &k in touched.iter().filter(|&&k| ins[k] + 1 == size(k)) {
                let mut pieces = whole.clone();
                pieces.push(k);
                tries.push(pieces);
            }
        }
        for pieces in tries {
            // The sizes first: most tries are too large.
            let covered: usize = pieces.iter().map(|&k| ins[k]).sum();
            let minus_len: usize = pieces.iter().map(|&k| size(k) - ins[k]).sum();
            let plus_len = houses.len() * n - covered;
            let caged = free == 0;
            let most = if caged { DIFFERENCE_MAX } else { INNIES_MAX };
            if plus_len == 0
                || minus_len == 0
                || plus_len.min(minus_len) > 2
                || plus_len + minus_len > most.min(n)
            {
                continue;
            }
            pieces.iter().for_each(|&k| chosen[k] = true);
            let mut plus: Vec<Cell> = cells
                .clone()
                .copied()
                .filter(|&c| layout.cage_of(c).is_none_or(|k| !chosen[k]))
                .collect();
            let mut minus: Vec<Cell> = Vec::new();
            let mut left = sum;
            for &k in &pieces {
                let cage = &layout.cages[k];
                left -= cage.sum as i32;
                minus.extend(cage.cells.iter().filter(|c| !inside[c.index()]));
            }
            pieces.iter().for_each(|&k| chosen[k] = false);
            plus.sort();
            minus.sort();
            let same = |d: &Difference| {
                (d.plus == plus && d.minus == minus) || (d.plus == minus && d.minus == plus)
            };
            if !out.iter().any(same) {
                out.push(Difference {
                    houses: houses.clone(),
                    plus,
                    minus,
                    sum: left,
                });
            }
        }
    }
    out
}

/// Do `cells` (of a grid of side `n`) join, side by side or at a corner?
fn joined(n: usize, cells: &[Cell]) -> bool {
    let mut reached = vec![cells[0].index()];
    let mut todo = vec![cells[0].index()];
    while let Some(i) = todo.pop() {
        for &c in cells {
            let j = c.index();
            let touch = (i / n).abs_diff(j / n) <= 1 && (i % n).abs_diff(j % n) <= 1;
            if touch && !reached.contains(&j) {
                reached.push(j);
                todo.push(j);
            }
        }
    }
    reached.len() == cells.len()
}

/// The cells beside cell `i` (above, below, left, right) in a grid of side `n`.
pub fn neighbours(n: usize, i: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (i / n, i % n);
    [
        (r > 0).then(|| i - n),
        (r + 1 < n).then(|| i + n),
        (c > 0).then(|| i - 1),
        (c + 1 < n).then(|| i + 1),
    ]
    .into_iter()
    .flatten()
}

/// The symbol naming region `r` (0-based) in written region tables: `A`..`Z`, then `a`...
pub fn region_symbol(r: usize) -> char {
    if r < 26 {
        (b'A' + r as u8) as char
    } else {
        (b'a' + (r - 26) as u8) as char
    }
}

fn intersections(houses: &[HouseInfo]) -> Vec<Intersection> {
    let mut out = Vec::new();
    for (i, a) in houses.iter().enumerate() {
        for (j, b) in houses.iter().enumerate().skip(i + 1) {
            let common: Vec<Cell> = a
                .cells
                .iter()
                .filter(|c| b.cells.contains(c))
                .copied()
                .collect();
            if common.len() >= 2 {
                let rest = |h: &HouseInfo| {
                    h.cells
                        .iter()
                        .filter(|c| !common.contains(c))
                        .copied()
                        .collect()
                };
                out.push(Intersection {
                    a: House::new(i),
                    b: House::new(j),
                    a_rest: rest(a),
                    b_rest: rest(b),
                    common,
                });
            }
        }
    }
    out
}

fn make_houses(n: usize, boxed: bool, region_of: &[u8], diagonals: bool) -> Vec<HouseInfo> {
    let mut houses = Vec::with_capacity(3 * n + 2);
    let range = |f: &dyn Fn(usize) -> usize| (0..n).map(|i| Cell::new(f(i))).collect::<Vec<_>>();
    for r in 0..n {
        houses.push(HouseInfo {
            kind: HouseKind::Row(r as u8),
            cells: range(&|i| r * n + i),
        });
    }
    for c in 0..n {
        houses.push(HouseInfo {
            kind: HouseKind::Column(c as u8),
            cells: range(&|i| i * n + c),
        });
    }
    for g in 0..n {
        let cells = (0..n * n)
            .filter(|&i| region_of[i] as usize == g)
            .map(Cell::new)
            .collect();
        let kind = if boxed {
            HouseKind::Box(g as u8)
        } else {
            HouseKind::Region(g as u8)
        };
        houses.push(HouseInfo { kind, cells });
    }
    if diagonals {
        houses.push(HouseInfo {
            kind: HouseKind::Diagonal,
            cells: range(&|i| i * n + i),
        });
        houses.push(HouseInfo {
            kind: HouseKind::AntiDiagonal,
            cells: range(&|i| i * n + (n - 1 - i)),
        });
    }
    houses
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn box_shapes_too_large_to_multiply_are_out_of_range() {
        for text in [
            "9223372036854775810x9223372036854775810",
            "2x9223372036854775811",
            "4294967296x4294967296",
        ] {
            let err = text.parse::<BoxShape>().unwrap_err();
            assert!(
                matches!(err, LayoutError::SideOutOfRange(side) if side > 25),
                "{text}: {err}"
            );
        }
        assert_eq!("2x3".parse::<BoxShape>().map(BoxShape::side), Ok(6));
    }

    #[test]
    fn box_shapes_for_every_side() {
        let shapes: Vec<(usize, Option<String>)> = (4..=25)
            .map(|n| (n, BoxShape::for_side(n).map(|s| s.to_string())))
            .collect();
        let get = |n: usize| shapes[n - 4].1.clone();
        assert_eq!(get(4).as_deref(), Some("2x2"));
        assert_eq!(get(6).as_deref(), Some("2x3"));
        assert_eq!(get(8).as_deref(), Some("2x4"));
        assert_eq!(get(9).as_deref(), Some("3x3"));
        assert_eq!(get(12).as_deref(), Some("3x4"));
        assert_eq!(get(16).as_deref(), Some("4x4"));
        assert_eq!(get(25).as_deref(), Some("5x5"));
        assert_eq!(get(7), None);
        assert_eq!(get(23), None);
    }

    #[test]
    fn box_shape_parses() {
        assert_eq!("2x3".parse::<BoxShape>(), Ok(BoxShape { rows: 2, cols: 3 }));
        assert_eq!("3X4".parse::<BoxShape>(), Ok(BoxShape { rows: 3, cols: 4 }));
        assert!("3".parse::<BoxShape>().is_err());
        assert_eq!(
            "1x3".parse::<BoxShape>(),
            Err(LayoutError::SideOutOfRange(3))
        );
        assert_eq!(
            "6x6".parse::<BoxShape>(),
            Err(LayoutError::SideOutOfRange(36))
        );
    }

    #[test]
    fn classic_layout_has_20_peers_per_cell() {
        let l = Layout::classic();
        assert_eq!(l.houses().len(), 27);
        for c in l.cells() {
            assert_eq!(l.peers(c).len(), 20);
            assert_eq!(l.houses_of(c).len(), 3);
        }
        assert_eq!(l.region(l.cell(4, 7)), 5);
        assert_eq!(l.house(l.region_house(8)).cells[0], l.cell(6, 6));
    }

    #[test]
    fn box_numbering_of_2x3_boxes() {
        let l = Layout::boxed(BoxShape { rows: 2, cols: 3 }).unwrap();
        let regions: String = l
            .region_table()
            .iter()
            .map(|r| (b'0' + r) as char)
            .collect();
        assert_eq!(regions, "000111000111222333222333444555444555");
    }

    #[test]
    fn intersections_of_boxes_and_lines() {
        let l = Layout::classic();
        assert_eq!(l.intersections().len(), 54);
        let x = &l.intersections()[0];
        assert_eq!((x.a, x.b), (l.row_house(0), l.region_house(0)));
        assert_eq!((x.common.len(), x.a_rest.len(), x.b_rest.len()), (3, 6, 6));
        let d = Layout::classic().with_diagonals();
        assert_eq!(
            d.intersections().len(),
            54 + 6,
            "each diagonal meets three boxes in 3 cells"
        );
    }

    #[test]
    fn diagonals_add_houses_and_peers() {
        let l = Layout::classic().with_diagonals();
        assert_eq!(l.houses().len(), 29);
        assert_eq!(l.houses_of(l.cell(4, 4)).len(), 5);
        assert_eq!(l.peers(l.cell(0, 0)).len(), 20 + 6);
        assert!(!l.is_classic());
    }

    #[test]
    fn cages_are_checked() {
        let cage = |cells: &[usize], sum: u32| Cage {
            cells: cells.iter().map(|&i| Cell::new(i)).collect(),
            sum,
        };
        let four = || Layout::for_side(4).unwrap();
        let err = |cages: Vec<Cage>| four().with_cages(cages).unwrap_err().to_string();
        assert_eq!(
            err(vec![cage(&[0, 1], 3), cage(&[1, 2], 5)]),
            "r1c2 is in two cages; a cell belongs to one cage at most"
        );
        assert_eq!(
            err(vec![cage(&[0, 1, 2, 3, 4], 12)]),
            "the cage at r1c1 has 5 cells, but its digits differ, so it can have at most 4"
        );
        assert_eq!(
            err(vec![cage(&[0, 16], 3)]),
            "a cage holds r5c1, outside the 4×4 grid"
        );
        assert_eq!(err(vec![cage(&[], 3)]), "a cage has no cells");
        assert_eq!(
            err(vec![cage(&[4, 1, 4], 3)]),
            "the cage at r1c2 lists r2c1 twice; list each of its cells once"
        );
        assert!(err(vec![cage(&[0, 15], 3)]).contains("is in pieces"));
        // Cells that touch at a corner make one cage; its mates are peers.
        let layout = four().with_cages(vec![cage(&[0, 5], 3)]).unwrap();
        assert!(layout.peers(Cell::new(0)).contains(&Cell::new(5)));
        assert!(!layout.is_classic() && layout.is_killer());
        assert_ne!(layout, four());
        assert_eq!(layout.without_cages(), four());
    }

    #[test]
    fn the_tables_of_sums_give_what_the_walk_gives_in_its_order() {
        for set in (0..=SMALL_DIGITS).step_by(5).chain([SMALL_DIGITS]) {
            for k in 0..=9 {
                for sum in 0..=46 {
                    let (mut walked, mut looked_up) = (Vec::new(), Vec::new());
                    let mut unbounded = u32::MAX;
                    sum_sets_from(set, k, sum, 0, &mut unbounded, &mut |s| {
                        walked.push(s);
                        true
                    });
                    sum_sets(set, k, sum, &mut 1024, &mut |s| {
                        looked_up.push(s);
                        true
                    });
                    assert_eq!(looked_up, walked, "{set:#b}, {k} digits, sum {sum}");
                }
            }
        }
        // Digits up to 16: the table of the highest digit, spending a step a set listed.
        let mut x = 0x2545_F491_u32;
        for _ in 0..3000 {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            let set = x & 0xFFFF | 1 << (9 + x % 7);
            let top = 32 - set.leading_zeros();
            let k = (x >> 20) as usize % (top as usize + 1);
            let sum = (x >> 8) % (top * (top + 1) / 2 + 2);
            let (mut walked, mut looked_up) = (Vec::new(), Vec::new());
            let mut unbounded = u32::MAX;
            sum_sets_from(set, k, sum, 0, &mut unbounded, &mut |s| {
                walked.push(s);
                true
            });
            let mut budget = 1024;
            sum_sets(set, k, sum, &mut budget, &mut |s| {
                looked_up.push(s);
                true
            });
            assert_eq!(looked_up, walked, "{set:#b}, {k} digits, sum {sum}");
            let listed = SumTable::of(top as usize)
                .sets(k, sum)
                .map_or(0, <[u16]>::len);
            assert_eq!(budget, 1024 - listed as u32);
        }
        // A walk told to stop stops at the same set.
        let mut seen = Vec::new();
        sum_sets(SMALL_DIGITS, 3, 15, &mut 1024, &mut |s| {
            seen.push(s);
            seen.len() < 3
        });
        assert_eq!(seen, [0b1_0001_0001, 0b0_1010_0001, 0b1_0000_1010]); // 1+5+9, 1+6+8, 2+4+9
    }

    #[test]
    fn the_rule_of_45_gives_innies_and_outies() {
        // Row 1 of a 4×4: cages r1c1-r1c2 (3) and r1c3-r2c3 (7); r1c4 is in no cage.
        let cages = vec![
            Cage {
                cells: vec![Cell::new(0), Cell::new(1)],
                sum: 3,
            },
            Cage {
                cells: vec![Cell::new(2), Cell::new(6)],
                sum: 7,
            },
        ];
        let layout = Layout::for_side(4).unwrap().with_cages(cages).unwrap();
        let row1 = layout
            .innies()
            .iter()
            .find(|r| r.houses == [House::new(0)] && !r.outies)
            .unwrap();
        // 10 - 3 = 7 in r1c3 and r1c4, which share row 1.
        assert_eq!(row1.cells, [Cell::new(2), Cell::new(3)]);
        assert_eq!((row1.sum, row1.distinct), (7, true));
    }

    #[test]
    fn jigsaw_regions_are_checked() {
        let rows = "AABB\nAABB\nCCDD\nCCDD\n";
        let l = Layout::from_regions_str(rows).unwrap();
        assert_eq!(l.side(), 4);
        assert!(l.box_shape().is_none());
        assert_eq!(l.house(l.region_house(3)).kind, HouseKind::Region(3));
        let bad = "AAAB\nAABB\nCCDD\nCCDD\n";
        assert_eq!(
            Layout::from_regions_str(bad),
            Err(LayoutError::RegionSize {
                symbol: 'A',
                size: 5,
                expected: 4
            })
        );
        assert!(matches!(
            Layout::from_regions_str("AAB\nAABB\n"),
            Err(LayoutError::RegionRowLength { line: 2, .. })
        ));
        assert!(matches!(
            Layout::from_regions_str("AA?B\n"),
            Err(LayoutError::RegionSymbol {
                column: 3,
                ch: '?',
                ..
            })
        ));
    }
}
