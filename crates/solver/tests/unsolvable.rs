//! Why a puzzle has no solution, in words a player can check (puzzles from magictour's
//! top1465 with one given changed to a digit that clashes with no other given).

use std::sync::Arc;

use sudokit_core::{Grid, Layout};
use sudokit_solver::{why_unsolvable, Unsolvable};

fn grid(line: &str) -> Grid {
    let values = line
        .chars()
        .map(|c| c.to_digit(10).unwrap_or(0) as u8)
        .collect();
    Grid::from_values(Arc::new(Layout::classic()), values)
}

fn why(line: &str) -> (Unsolvable, String, Vec<String>) {
    let g = grid(line);
    assert_eq!(
        sudokit_solver::count(&g, 1).unwrap().count,
        0,
        "{line} has no solution"
    );
    let why = why_unsolvable(&g).expect("the givens do not clash");
    let layout = g.layout();
    let cells = why
        .cells(layout)
        .iter()
        .map(|&c| layout.cell_name(c))
        .collect();
    (why.clone(), why.describe(layout), cells)
}

#[test]
fn a_cell_with_no_digit_left_is_named() {
    let (_, text, cells) =
        why("12345678.........9...............................................................");
    assert_eq!(
        text,
        "r1c9 has no candidate left: its houses hold every digit between them"
    );
    assert_eq!(cells, ["r1c9"]);
}

#[test]
fn a_digit_with_no_place_in_a_house_is_named_with_its_house() {
    let (_, text, cells) =
        why("4.3.....2...6.1...8.....1.....5..97.2...3.....1..........84.....9....6...7.....5.");
    assert_eq!(text, "digit 1 has no place left in row 1");
    assert_eq!(cells.len(), 9);
}

#[test]
fn the_singles_that_lead_to_a_dead_end_are_listed() {
    let (why, text, cells) =
        why("7.4.....2...8.1...3.........5.6..1..21..4...........9....37.....8....6...9.....5.");
    assert!(matches!(why, Unsolvable::Forced { ref forced, .. } if forced.len() == 2));
    assert_eq!(
        text,
        "after the 2 cells the givens force (r1c2 is 6, r3c2 is 2), r2c2 has no candidate left: its houses hold every digit between them"
    );
    assert_eq!(cells, ["r2c2"]);
}

#[test]
fn a_cell_whose_every_digit_fails_is_named() {
    let (_, text, cells) =
        why("1...48....5....9...26...3.....57.2..8.3.........9............4167..........2.....");
    assert_eq!(
        text,
        "r1c2 can hold only 3 or 9, and each leads to a dead end (with 3, r6c1 would need two different digits; with 9, r6c3 would need two different digits)"
    );
    assert_eq!(cells, ["r1c2"]);
}

#[test]
fn a_digit_whose_every_place_in_a_house_fails_is_named() {
    let (_, text, cells) =
        why("8.9...3.....7.1.5.5.........7.....263...9.......1...4..6.2....4....8.5...........");
    assert!(
        text.starts_with("8 can go only in r2c7 or r2c9 in row 2, and each leads to a dead end"),
        "{text}"
    );
    assert_eq!(cells, ["r2c7", "r2c9"]);
}

#[test]
fn clashing_givens_are_not_this_function_s_reason() {
    assert!(why_unsolvable(&grid(&format!("11{}", ".".repeat(79)))).is_none());
}
