//! The 9×9 grid Sudoku Explainer's chaining works on: candidates per cell, values of the
//! placed cells, and SE's regions in SE's order.
//!
//! ```text
//! cands[cell]   bit d: digit d + 1 is a candidate (cell = 9 * row + column)
//! cells[d]      bit cell: the same candidates by digit
//! value[cell]   0 while open; 1–9 once placed (placed cells have no candidates)
//! region r      0–8 blocks (row-major), 9–17 rows, 18–26 columns
//!               cells of a block row-major, of a row left to right, of a column top down
//!               (in every region, SE's order is the order of the cell numbers)
//! ```

/// The cells of each region, in SE's order within it.
pub(crate) static REGION_CELLS: [[u8; 9]; 27] = {
    let mut t = [[0u8; 9]; 27];
    let mut i = 0;
    while i < 9 {
        let mut k = 0;
        while k < 9 {
            let (br, bc) = (i / 3 * 3, i % 3 * 3);
            t[i][k] = ((br + k / 3) * 9 + bc + k % 3) as u8;
            t[9 + i][k] = (i * 9 + k) as u8;
            t[18 + i][k] = (k * 9 + i) as u8;
            k += 1;
        }
        i += 1;
    }
    t
};

/// The regions of each cell: its block, row and column (SE's order of region types).
pub(crate) static CELL_REGIONS: [[u8; 3]; 81] = {
    let mut t = [[0u8; 3]; 81];
    let mut c = 0;
    while c < 81 {
        let (r, col) = (c / 9, c % 9);
        t[c] = [(r / 3 * 3 + col / 3) as u8, (9 + r) as u8, (18 + col) as u8];
        c += 1;
    }
    t
};

/// The cells of each region, as a set.
pub(crate) static REGION_SET: [u128; 27] = {
    let mut t = [0u128; 27];
    let mut r = 0;
    while r < 27 {
        let mut k = 0;
        while k < 9 {
            t[r] |= 1 << REGION_CELLS[r][k];
            k += 1;
        }
        r += 1;
    }
    t
};

/// Candidates and values of a 9×9 grid.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) struct Grid9 {
    pub cands: [u16; 81],
    pub cells: [u128; 9],
    pub value: [u8; 81],
}

impl Grid9 {
    /// The grid of these candidates and values.
    pub fn new(cands: [u16; 81], value: [u8; 81]) -> Grid9 {
        let mut cells = [0u128; 9];
        for (c, &m) in cands.iter().enumerate() {
            for (d, set) in cells.iter_mut().enumerate() {
                *set |= ((m >> d & 1) as u128) << c;
            }
        }
        Grid9 {
            cands,
            cells,
            value,
        }
    }

    /// Removes candidate `d` from `cell`.
    #[inline]
    pub fn remove(&mut self, cell: usize, d: usize) {
        self.cands[cell] &= !(1 << d);
        self.cells[d] &= !(1 << cell);
    }

    /// The cells of region `r` holding `d`.
    #[inline]
    pub fn places(&self, r: usize, d: usize) -> u128 {
        self.cells[d] & REGION_SET[r]
    }

    /// Does `cell` hold digit `d` (0–8) as a candidate?
    #[inline]
    pub fn has(&self, cell: usize, d: usize) -> bool {
        self.cands[cell] >> d & 1 != 0
    }

    /// The number of open cells of region `r`.
    pub fn empty_cells(&self, r: usize) -> u32 {
        REGION_CELLS[r]
            .iter()
            .filter(|&&c| self.value[c as usize] == 0)
            .count() as u32
    }

    /// How many cells hold digit `d` (0–8) as their value.
    pub fn occurrences(&self, d: usize) -> u32 {
        self.value.iter().filter(|&&v| v as usize == d + 1).count() as u32
    }
}

/// The cells of a cell set, in order.
pub(crate) fn bits(mut set: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let c = set.trailing_zeros() as usize;
            set &= set - 1;
            c
        })
    })
}

/// The index of a potential: candidate `digit` of `cell`, on or off.
pub(crate) fn key(cell: usize, digit: usize, on: bool) -> usize {
    2 * (9 * cell + digit) + on as usize
}
