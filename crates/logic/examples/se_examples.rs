//! The first state of SE's path, over the puzzles of a file (`puzzle[:...]` lines), just
//! before a step of each of Sudoku Explainer's own techniques, as lines of
//! `teach/examples.txt` (`<technique>|<state in HoDoKu's library format>`).
//! `cargo run --release -p sudokit-logic --example se_examples -- FILE`.

use std::collections::BTreeSet;

use sudokit_core::Grid;
use sudokit_logic::{Board, Technique};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let text = std::fs::read_to_string(&args[1]).expect("a readable file");
    let mut wanted: BTreeSet<Technique> = Technique::ALL
        .iter()
        .copied()
        .filter(|t| t.on_request() && t.se() < 7.6)
        .collect();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let puzzle = line.split(':').next().expect("a puzzle");
        let grid = Grid::from_line(puzzle).expect("a 9x9 puzzle");
        let start = Board::new(&grid, None);
        let Some((_, path)) = sudokit_logic::se::path(&start) else {
            continue;
        };
        let mut board = start.clone();
        for step in &path.steps {
            if wanted.remove(&step.technique) {
                println!("{}|{}", step.technique.name(), state(&start, &board));
            }
            board.apply(step);
        }
        if wanted.is_empty() {
            break;
        }
    }
    for t in wanted {
        eprintln!("no case of {t}");
    }
}

/// `board` as a line of HoDoKu's library: givens, `+` placed digits, and the removed
/// candidates (`dRC`) beyond what the digits rule out.
fn state(start: &Board, board: &Board) -> String {
    let layout = board.layout();
    let grid = board.grid();
    let mut cells = String::new();
    for cell in layout.cells() {
        match (start.value(cell), board.value(cell)) {
            (Some(d), _) => cells += &d.to_string(),
            (None, Some(d)) => cells += &format!("+{d}"),
            _ => cells.push('.'),
        }
    }
    let plain = Board::new(&grid, None);
    let mut removed = Vec::new();
    for cell in layout.cells() {
        if board.value(cell).is_some() {
            continue;
        }
        for d in plain.candidates(cell).iter() {
            if !board.candidates(cell).contains(d) {
                let (r, c) = (cell.index() / 9 + 1, cell.index() % 9 + 1);
                removed.push(format!("{d}{r}{c}"));
            }
        }
    }
    format!(":0000::{cells}:{}::", removed.join(" "))
}
