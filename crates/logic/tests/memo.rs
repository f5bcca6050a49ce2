//! The engine's memo skips work, never steps: a path found with it (`solve`) is the path
//! found without it (`next_step` on each board afresh), step for step.

use sudokit_core::Grid;
use sudokit_logic::{next_step, next_step_with, solve, Board, Memo, Options, Step, Technique};

/// The path of `next_step` calls with no memo.
fn path_without_memo(board: &Board, options: &Options) -> Vec<Step> {
    let mut board = board.clone();
    let mut steps = Vec::new();
    while let Some(step) = next_step(&board, options) {
        board.apply(&step);
        steps.push(step);
        if board.is_solved() {
            break;
        }
    }
    steps
}

#[test]
fn paths_with_and_without_the_memo_agree_on_hard_puzzles() {
    let file = sudokit_testdata::data_dir().join("bench/puzzles3_magictour_top1465.txt");
    let text = std::fs::read_to_string(file).expect("top1465");
    let options = Options::default();
    let mut remembered = 0;
    for line in text.lines().filter(|l| !l.starts_with('#')).take(40) {
        let board = Board::new(&Grid::from_line(line).expect("a puzzle"), None);
        let with = solve(&board, &options);
        let without = path_without_memo(&board, &options);
        assert_eq!(with.steps, without, "{line}");
        remembered += with
            .steps
            .iter()
            .filter(|s| {
                use Technique::*;
                matches!(
                    s.technique,
                    XWing
                        | Swordfish
                        | FinnedXWing
                        | Skyscraper
                        | TwoStringKite
                        | EmptyRectangle
                        | NakedPair
                        | HiddenPair
                        | NakedTriple
                        | HiddenTriple
                        | XyWing
                        | XyzWing
                        | WxyzWing
                )
            })
            .count();
    }
    // The sample exercises the techniques the memo skips.
    assert!(remembered > 0);
}

#[test]
fn one_memo_serves_boards_of_different_layouts() {
    let small = Grid::from_line("1...........4..3").expect("4x4");
    let large = Grid::from_line(
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
    )
    .expect("9x9");
    let options = Options::default();
    let mut memo = Memo::new();
    for grid in [&large, &small, &large] {
        let board = Board::new(grid, None);
        assert_eq!(
            next_step_with(&board, &options, &mut memo),
            next_step(&board, &options)
        );
    }
}

#[test]
fn a_memo_shared_by_unrelated_boards_changes_no_step() {
    // The boards along the paths of a few hard puzzles, visited out of order (candidates
    // come back between calls), with one memo: each step is the step found afresh.
    let file = sudokit_testdata::data_dir().join("bench/puzzles3_magictour_top1465.txt");
    let text = std::fs::read_to_string(file).expect("top1465");
    let options = Options::default();
    let mut boards = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with('#')).take(6) {
        let mut board = Board::new(&Grid::from_line(line).expect("a puzzle"), None);
        for step in solve(&board, &options).steps {
            boards.push(board.clone());
            board.apply(&step);
        }
    }
    let mut memo = Memo::new();
    let k = boards.len();
    // A stride coprime with the count visits every board once, jumping between paths.
    let stride = (k / 3..k).find(|s| gcd(*s, k) == 1).expect("a stride");
    for i in 0..k {
        let board = &boards[i * stride % k];
        assert_eq!(
            next_step_with(board, &options, &mut memo),
            next_step(board, &options)
        );
    }
}

fn gcd(a: usize, b: usize) -> usize {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}
