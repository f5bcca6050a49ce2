//! The 9×9 grid Sudoku Explainer's chaining works on: candidates per cell, values of the
//! placed cells, and SE's regions in SE's order.
//!
//! ```text
//! cands[cell]   bit d: digit d + 1 is a candidate (cell = 9 * row + column)
//! value[cell]   0 while open; 1–9 once placed (placed cells have no candidates)
//! region r      0–8 blocks (row-major), 9–17 rows, 18–26 columns
//!               cells of a block row-major, of a row left to right, of a column top down
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

/// The position of each cell in each of its regions (block, row, column).
pub(crate) static CELL_POS: [[u8; 3]; 81] = {
    let mut t = [[0u8; 3]; 81];
    let mut c = 0;
    while c < 81 {
        let (r, col) = (c / 9, c % 9);
        t[c] = [(r % 3 * 3 + col % 3) as u8, col as u8, r as u8];
        c += 1;
    }
    t
};

/// Candidates and values of a 9×9 grid.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) struct Grid9 {
    pub cands: [u16; 81],
    pub value: [u8; 81],
}

impl Grid9 {
    /// Does `cell` hold digit `d` (0–8) as a candidate?
    #[inline]
    pub fn has(&self, cell: usize, d: usize) -> bool {
        self.cands[cell] >> d & 1 != 0
    }

    /// The positions (bit k: the region's k-th cell) of digit `d` in region `r`.
    #[inline]
    pub fn positions(&self, r: usize, d: usize) -> u16 {
        let mut m = 0;
        for (k, &c) in REGION_CELLS[r].iter().enumerate() {
            m |= (self.cands[c as usize] >> d & 1) << k;
        }
        m
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
