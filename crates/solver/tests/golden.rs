//! Golden data: every puzzle of the shared benchmark sets has the count and solution
//! recorded beside it (computed with tdoku): the 9×9 engine on every instruction-set
//! level this CPU supports, and the generic engine on a sample, must find them. The seed
//! documents' examples solve to their recorded answers.

use sudokit_testdata::data_dir;

use sudokit_core::format::{ReadOptions, Reader};
use sudokit_core::{BoxShape, Grid, Layout};
use sudokit_solver::{Engine, Level};

/// Checks every `puzzle:count:solution` line of a `.solved.txt` file; returns the line count.
fn check_solved_file(name: &str) -> usize {
    let path = data_dir().join("bench").join(name);
    let text = std::fs::read_to_string(&path).unwrap();
    let mut checked = 0;
    for (i, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#') && !l.is_empty())
    {
        let mut parts = line.split(':');
        let (puzzle, count, solution) = (
            parts.next().unwrap(),
            parts.next().unwrap(),
            parts.next().unwrap(),
        );
        let grid = Grid::from_line(puzzle).unwrap();
        for level in Level::supported() {
            let outcome = sudokit_solver::count_classic(&grid, 2, level)
                .unwrap()
                .unwrap();
            assert_eq!(
                outcome.count.to_string(),
                count,
                "{name}:{}: count ({level:?})",
                i + 1
            );
            let found = outcome.solution.expect("solvable").to_line();
            if count == "1" {
                assert_eq!(found, solution, "{name}:{}: solution ({level:?})", i + 1);
            }
        }
        if checked % 16 == 0 {
            // The generic engine too, on a sample (it is slower).
            let generic = sudokit_solver::count_with(&grid, 2, Engine::Search).unwrap();
            assert_eq!(
                generic.count.to_string(),
                count,
                "{name}:{}: generic count",
                i + 1
            );
        }
        checked += 1;
    }
    checked
}

#[test]
fn all_17_clue_puzzles() {
    assert_eq!(check_solved_file("puzzles2_17_clue.solved.txt"), 49_158);
}

#[test]
fn magictour_top1465() {
    assert_eq!(
        check_solved_file("puzzles3_magictour_top1465.solved.txt"),
        1465
    );
}

#[test]
fn forum_hardest() {
    assert_eq!(
        check_solved_file("puzzles6_forum_hardest_1106.solved.txt"),
        375
    );
}

#[test]
fn seed_examples_solve_to_their_answers() {
    let seeds = data_dir().join("seeds");
    let answers = std::fs::read_to_string(seeds.join("seeds.solved.txt")).unwrap();
    let answer = |name: &str| -> (String, String) {
        let line = answers
            .lines()
            .find(|l| l.starts_with(&format!("{name}:")))
            .unwrap();
        let parts: Vec<&str> = line.split(':').collect();
        (parts[2].to_string(), parts[3].to_string())
    };
    let cases = [
        ("seed000-matlab-matrix.txt", vec!["seed000"], None),
        (
            "seed001-6x6-givens.txt",
            vec!["seed001"],
            Some(BoxShape { rows: 2, cols: 3 }),
        ),
        (
            "seed002-matlab-rows.txt",
            vec!["seed002a", "seed002b"],
            None,
        ),
        ("seed004-x-blanks.txt", vec!["seed004x"], None),
        ("seed004-setline-rows.txt", vec!["seed004vb"], None),
    ];
    for (file, names, shape) in cases {
        let text = std::fs::read_to_string(seeds.join(file)).unwrap();
        let layout = shape.map(|s| std::sync::Arc::new(Layout::boxed(s).unwrap()));
        let records: Vec<_> = Reader::new(
            text.as_bytes(),
            ReadOptions {
                layout,
                diagonals: false,
                killer: false,
            },
        )
        .collect();
        assert_eq!(records.len(), names.len(), "{file}");
        for (record, name) in records.into_iter().zip(names) {
            let (count, solution) = answer(name);
            let outcome = sudokit_solver::count(&record.grid.unwrap(), 2).unwrap();
            assert_eq!(outcome.count.to_string(), count, "{name}");
            assert_eq!(outcome.solution.unwrap().to_line(), solution, "{name}");
        }
    }
}
