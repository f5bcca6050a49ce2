//! The logic engine: pencil-mark states of known puzzles, candidates removed at will.
//! While the marks keep the solution, every step the engine takes is sound (it places
//! only the solution's digits and removes none of them) and its notation, its player's
//! explanation (with no notation in it) and drawing, and its JSON are written; the path
//! and its rating never panic. Marks that rule the solution
//! out may lead anywhere, but never to a panic.
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use sudokit_core::format::given_marks;
use sudokit_core::{Cell, Digit, Grid};
use sudokit_logic::{next_step_with, rate, render, solve, teach, Board, Memo, Options, Order};

/// Puzzles with one solution, easy to extreme (magictour top1465, the 17-clue set, forum
/// hardest 1106, and `sudokit generate`), and a 4×4, 6×6 and 8×8 one.
const PUZZLES: [&str; 12] = [
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
    "8.5.....2...4.1...3.........6.7..4..2...5...........6....38.....1....9...9.....7.",
    "..3.5.4..7...6.....5.8...6.5....3..4.1..7..8.2..4....7.4...8.5.....4...9..6.1.2..",
    ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
    "................12..3..4........3....5..1....62......7...52.......6...3...7...48.",
    "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
    ".4.86..5.78.3......5....8..5..1...3..7.59.....2....4..8......439.4.3.21..........",
    "...82..79...9.1...........8.64........7..49..3..17.....2.51.....8...3.1......9.42",
    "8....9...6....7..3..1536..772.....3.5..31......3.72..5.4.6.8..........8...8....52",
    "....21...41....4",
    "4.....6....2........5.63....1..4..36",
    "6..2....37...64....65....1..42.....1.7.4..3....1...4...8..67....",
];

#[derive(Arbitrary, Debug)]
struct Input {
    puzzle: u8,
    /// Candidates removed: (cell, digit), each taken modulo the grid's size.
    removed: Vec<(u8, u8)>,
    /// Let the removals take the solution's own candidates too.
    break_solution: bool,
    /// HoDoKu's order instead of Sudoku Explainer's; the uniqueness techniques off.
    hodoku_order: bool,
    no_uniqueness: bool,
    /// Steps taken one by one before the whole path is solved and rated.
    steps: u8,
}

fuzz_target!(|input: Input| {
    let grid =
        Grid::from_line(PUZZLES[usize::from(input.puzzle) % PUZZLES.len()]).expect("a puzzle");
    let solution = sudokit_solver::solve(&grid)
        .expect("no conflict")
        .expect("a solution");
    let layout = grid.layout().clone();
    let n = layout.side();
    let mut marks = given_marks(&grid);
    for &(cell, digit) in &input.removed {
        let c = Cell::new(usize::from(cell) % (n * n));
        let d = Digit::new(1 + digit % n as u8);
        if grid.get(c).is_none() && (input.break_solution || solution.get(c) != Some(d)) {
            marks[c.index()].remove(d);
        }
    }
    let keeps_solution = layout.cells().all(|c| {
        let d = solution.get(c).expect("solved");
        marks[c.index()].contains(d)
    });
    let options = Options {
        uniqueness: !input.no_uniqueness,
        order: if input.hodoku_order {
            Order::HoDoKu
        } else {
            Order::default()
        },
    };
    let start = Board::new(&grid, Some(&marks));
    let mut board = start.clone();
    let mut memo = Memo::new();
    for _ in 0..input.steps % 32 {
        let Some(step) = next_step_with(&board, &options, &mut memo) else {
            break;
        };
        let _ = (
            render::notation(&layout, &step),
            render::json(&board, &step).to_string(),
            teach::drawing(&board, &step),
            teach::focus(&layout, &step),
        );
        for line in teach::explain(&board, &step).text() {
            assert!(teach::notation_in(&line).is_none(), "{line}");
        }
        if keeps_solution {
            for &(c, d) in &step.eliminations {
                assert_ne!(
                    solution.get(c),
                    Some(d),
                    "{}",
                    render::notation(&layout, &step)
                );
            }
            for &(c, d) in &step.placements {
                assert_eq!(
                    solution.get(c),
                    Some(d),
                    "{}",
                    render::notation(&layout, &step)
                );
            }
        }
        board.apply(&step);
    }
    let path = solve(&start, &options);
    let rating = rate(&start, &path);
    let _ = (
        render::path(
            &start,
            &path,
            render::Show {
                sentences: true,
                notation: true,
                grids: false,
            },
        ),
        render::rating(&rating),
    );
    if keeps_solution && path.solved {
        assert_eq!(
            path.board.grid(),
            solution,
            "the path ends off the solution"
        );
    }
});
