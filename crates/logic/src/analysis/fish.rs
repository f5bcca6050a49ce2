//! The regions along each line, for fish: where a digit's crosses of a base line fall,
//! region by region (a finned fish's fins must share one).

use crate::Board;

/// The regions along the rows, then along the columns of `board`'s layout.
pub(crate) fn regions<const W: usize>(board: &Board<W>) -> [Regions; 2] {
    [Regions::new(board, true), Regions::new(board, false)]
}

/// The regions along each base line: `masks[line * N + region]` holds the crosses of
/// the line in that region; `span`, the most crosses one region meets over all lines
/// (a box's width). With the board's candidates along the lines: `lines[digit * N +
/// line]`, the crosses holding the digit.
pub(crate) struct Regions {
    pub masks: Vec<u32>,
    pub span: u32,
    pub lines: Vec<u32>,
}

impl Regions {
    fn new<const W: usize>(board: &Board<W>, rows_first: bool) -> Regions {
        let (layout, n) = (board.layout(), board.side());
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
        let mut lines = vec![0u32; n * n];
        for cell in layout.cells() {
            let (line, cross) = if rows_first {
                (layout.row(cell), layout.col(cell))
            } else {
                (layout.col(cell), layout.row(cell))
            };
            for d in board.candidates(cell) {
                lines[d.index() * n + line] |= 1 << cross;
            }
        }
        Regions { masks, span, lines }
    }
}
