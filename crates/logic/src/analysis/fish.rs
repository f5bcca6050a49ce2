//! The regions along each line, for fish: where a digit's crosses of a base line fall,
//! region by region (a finned fish's fins must share one).

use std::sync::Arc;

use sudokit_core::Layout;

use super::PerLayout;
use crate::Board;

/// The regions along the rows, then along the columns of `board`'s layout, with the
/// board's candidates along the lines.
pub(crate) fn regions<const W: usize>(board: &Board<W>) -> [Regions; 2] {
    static MADE: PerLayout<[Along; 2]> = PerLayout::new();
    let along = MADE.get(board.layout(), |layout| {
        [Along::new(layout, true), Along::new(layout, false)]
    });
    let (layout, n) = (board.layout(), board.side());
    let mut lines = [vec![0u32; n * n], vec![0u32; n * n]];
    for cell in layout.cells() {
        let (row, col) = (layout.row(cell), layout.col(cell));
        for d in board.candidates(cell) {
            lines[0][d.index() * n + row] |= 1 << col;
            lines[1][d.index() * n + col] |= 1 << row;
        }
    }
    let [rows, cols] = lines;
    [
        Regions {
            along: along.clone(),
            rows_first: true,
            lines: rows,
        },
        Regions {
            along,
            rows_first: false,
            lines: cols,
        },
    ]
}

/// The regions along each base line of one orientation: `masks[line * N + region]`
/// holds the crosses of the line in that region; `span`, the most crosses one region
/// meets over all lines (a box's width). A layout's own, made once ([`PerLayout`]).
pub(crate) struct Along {
    pub masks: Vec<u32>,
    pub span: u32,
}

impl Along {
    fn new(layout: &Layout, rows_first: bool) -> Along {
        let n = layout.side();
        let cell = |line, cross| {
            if rows_first {
                layout.cell(line, cross)
            } else {
                layout.cell(cross, line)
            }
        };
        let mut masks = vec![0u32; n * n];
        for l in 0..n {
            for x in 0..n {
                masks[l * n + layout.region(cell(l, x))] |= 1 << x;
            }
        }
        let span = (0..n)
            .map(|r| (0..n).fold(0, |m, l| m | masks[l * n + r]).count_ones())
            .max()
            .unwrap_or(0);
        Along { masks, span }
    }
}

/// The regions along each base line of one orientation (rows as base lines or not),
/// with the board's candidates along the lines: `lines[digit * N + line]`, the crosses
/// holding the digit.
pub(crate) struct Regions {
    along: Arc<[Along; 2]>,
    rows_first: bool,
    pub lines: Vec<u32>,
}

impl Regions {
    /// The layout's regions along these lines.
    pub fn along(&self) -> &Along {
        &self.along[!self.rows_first as usize]
    }
}
