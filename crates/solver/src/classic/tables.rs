//! Lookup tables of the 9×9 engine, computed at compile time.
//!
//! A *band word* holds one digit's candidate cells in one band, 27 bits, row-major:
//!
//! ```text
//! bit = 9 * row + column          (row 0..3 inside the band, column 0..9)
//!
//!        box 0      box 1      box 2
//! row 0   0  1  2 |  3  4  5 |  6  7  8
//! row 1   9 10 11 | 12 13 14 | 15 16 17
//! row 2  18 19 20 | 21 22 23 | 24 25 26
//! ```
//!
//! A *minirow* is the three cells of one row inside one box. A digit occupies exactly one
//! minirow in each row of a band and one in each box: its minirows form one of the six
//! 3×3 permutation patterns ("layouts"). The same holds for *minicolumns* in a stack of
//! three boxes. [`LAYOUT`] keeps the minirows (or minicolumns) that lie on some layout
//! whose every minirow is still possible: locked candidates in both directions, and a
//! contradiction (0) when no layout is left.

/// A 9-bit map of the minirows (or minicolumns) of a band (or stack):
/// bit `3 * line + box` (line = row in the band, or column in the stack).
pub(crate) type Minis = u16;

/// For a 9-bit row of a band word: bits 0–2 say which of its three minirows hold a
/// candidate; bit 3 says the row holds exactly one candidate.
pub(crate) static ROW_INFO: [u8; 512] = row_info();

/// For a 9-bit map of possible minirows: those on some fully possible layout (0 if none).
pub(crate) static LAYOUT: [Minis; 512] = layout();

/// For a 9-bit map of minirows: the 27-bit band-word mask of their cells.
pub(crate) static MINIROW_CELLS: [u32; 512] = minirow_cells();

/// For a 9-bit map of possible minirows: the cells of those on a fully possible layout
/// (`MINIROW_CELLS[LAYOUT[m]]`, one lookup instead of two on the band update's path).
pub(crate) static LAYOUT_CELLS: [u32; 512] = layout_cells();

/// For a 9-bit map of columns: the 27-bit band-word mask of those columns on all 3 rows.
pub(crate) static COLUMN_CELLS: [u32; 512] = column_cells();

/// For a cell of a band (0..27): the other cells of its row, box and column in the band.
pub(crate) static BAND_PEERS: [u32; 27] = band_peers();

/// For a 9-bit map of possible minirows: bit p set when permutation p (see
/// [`PERM_MINIS`]) has all three of its minirows possible.
pub(crate) static CONFIGS: [u8; 512] = configs();

/// The minirows of each of the six layouts (bit `3 * line + box`).
pub(crate) static PERM_MINIS: [Minis; 6] = perm_minis();

const fn perm_minis() -> [Minis; 6] {
    let mut t = [0 as Minis; 6];
    let mut p = 0;
    while p < 6 {
        let perm = PERMUTATIONS[p];
        t[p] = ((1 << perm[0]) | (1 << (3 + perm[1])) | (1 << (6 + perm[2]))) as Minis;
        p += 1;
    }
    t
}

const fn configs() -> [u8; 512] {
    let minis = perm_minis();
    let mut t = [0u8; 512];
    let mut m = 0;
    while m < 512 {
        let mut p = 0;
        while p < 6 {
            if m & minis[p] as usize == minis[p] as usize {
                t[m] |= 1 << p;
            }
            p += 1;
        }
        m += 1;
    }
    t
}

const fn row_info() -> [u8; 512] {
    let mut t = [0u8; 512];
    let mut v = 0;
    while v < 512 {
        let mut info = 0u8;
        let mut k = 0;
        while k < 3 {
            if (v >> (3 * k)) & 7 != 0 {
                info |= 1 << k;
            }
            k += 1;
        }
        if (v as u32).count_ones() == 1 {
            info |= 8;
        }
        t[v] = info;
        v += 1;
    }
    t
}

/// The six permutations of three lines onto three boxes (the box and band node's
/// placements of a digit in a band, too).
pub(super) const PERMUTATIONS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// The union of the minirows of every layout still possible ([`CONFIGS`]).
const fn layout() -> [Minis; 512] {
    let (minis, configs) = (perm_minis(), configs());
    let mut t = [0 as Minis; 512];
    let mut m = 0;
    while m < 512 {
        let mut p = 0;
        while p < 6 {
            if configs[m] & (1 << p) != 0 {
                t[m] |= minis[p];
            }
            p += 1;
        }
        m += 1;
    }
    t
}

const fn layout_cells() -> [u32; 512] {
    let (layout, cells) = (layout(), minirow_cells());
    let mut t = [0u32; 512];
    let mut m = 0;
    while m < 512 {
        t[m] = cells[layout[m] as usize];
        m += 1;
    }
    t
}

const fn minirow_cells() -> [u32; 512] {
    let mut t = [0u32; 512];
    let mut m = 0;
    while m < 512 {
        let mut cells = 0u32;
        let mut i = 0;
        while i < 9 {
            if m & (1 << i) != 0 {
                let (row, bx) = (i / 3, i % 3);
                cells |= 7 << (9 * row + 3 * bx);
            }
            i += 1;
        }
        t[m] = cells;
        m += 1;
    }
    t
}

const fn column_cells() -> [u32; 512] {
    let mut t = [0u32; 512];
    let mut m = 0;
    while m < 512 {
        t[m] = (m as u32) | ((m as u32) << 9) | ((m as u32) << 18);
        m += 1;
    }
    t
}

const fn band_peers() -> [u32; 27] {
    let mut t = [0u32; 27];
    let mut cell = 0;
    while cell < 27 {
        let (row, col) = (cell / 9, cell % 9);
        let mut peers = 0u32;
        let mut other = 0;
        while other < 27 {
            let (r, c) = (other / 9, other % 9);
            if other != cell && (r == row || c == col || c / 3 == col / 3) {
                peers |= 1 << other;
            }
            other += 1;
        }
        t[cell] = peers;
        cell += 1;
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_of_full_map_is_full_and_of_a_gap_is_pruned() {
        assert_eq!(LAYOUT[0o777], 0o777);
        // Row 0 only in box 0: box 0 is taken, so rows 1 and 2 lose their box-0 minirows.
        let m = 0o771 & !0o006;
        assert_eq!(LAYOUT[m as usize], 0o661);
        // A row with no minirow: no layout.
        assert_eq!(LAYOUT[0o770], 0);
    }

    #[test]
    fn row_info_flags_minirows_and_singles() {
        assert_eq!(ROW_INFO[0b000_000_100], 0b1001);
        assert_eq!(ROW_INFO[0b100_000_011], 0b0101);
        assert_eq!(ROW_INFO[0], 0);
    }

    #[test]
    fn band_peers_count() {
        assert!(
            BAND_PEERS.iter().all(|p| p.count_ones() == 8 + 6),
            "row 8, rest of box 6"
        );
        assert_eq!(MINIROW_CELLS[1], 7);
        assert_eq!(COLUMN_CELLS[1], 1 | 1 << 9 | 1 << 18);
    }
}
