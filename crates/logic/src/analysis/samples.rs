//! Boards for the analysis layer's tests.

use sudokit_core::Grid;

use super::als::{self, Set};
use crate::board::{Board, NARROW};

/// Hard puzzles (magictour top1465, forum hardest): their chain graphs have many groups,
/// sets and links, and components reaching many targets through one another.
pub(crate) const HARD: [&str; 5] = [
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
    "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
    "7.5.....2...4.1...3.........1.6..4..2...5...........9....37.....8....6...9.....8.",
    "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
    "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1",
];

/// The board of `line` (a 9×9 puzzle, in the engine's two words) and its almost
/// locked sets of up to 8 cells.
pub(crate) fn board_and_sets(line: &str) -> (Board<NARROW>, Vec<Set<NARROW>>) {
    let board = Board::new(&Grid::from_line(line).expect("a puzzle"), None).resize();
    let sets = als::all(&board, 8);
    (board, sets)
}
