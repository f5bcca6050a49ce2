//! Golden explanations: the wording of every technique (one case each, from
//! `golden/techniques.txt`) and the whole explained path of every seed puzzle, compared
//! with the files in `golden/`. Run with `SUDOKIT_BLESS=1` to rewrite them after a
//! deliberate change, and review the diff.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use sudokit_core::format::{ReadOptions, Reader};
use sudokit_core::{BoxShape, Grid, Layout};
use sudokit_logic::{find_first, render, solve, teach, Board, Options, Step, Technique};

use sudokit_testdata::data_dir;

fn golden_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

/// Compares `actual` with the golden file `name` (or rewrites it when blessing).
fn assert_golden(name: &str, actual: &str) {
    let path = golden_dir().join(name);
    if std::env::var_os("SUDOKIT_BLESS").is_some() {
        std::fs::write(&path, actual).unwrap();
        return;
    }
    let expected =
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    if expected != actual {
        let (n, (want, got)) = expected
            .lines()
            .chain(std::iter::repeat(""))
            .zip(actual.lines().chain(std::iter::repeat("")))
            .enumerate()
            .find(|(_, (a, b))| a != b)
            .expect("a differing line");
        panic!(
            "{name}:{}: expected\n  {want}\nfound\n  {got}\n(SUDOKIT_BLESS=1 rewrites the file)",
            n + 1
        );
    }
}

/// The board of a pencil-mark state.
fn read_state(text: &str) -> Board {
    let record = Reader::new(text.as_bytes(), ReadOptions::default())
        .next()
        .expect("a puzzle");
    let grid = record.grid.expect("a readable puzzle");
    Board::new(&grid, record.marks.as_deref())
}

/// Placements and eliminations checked against the puzzle's unique solution.
fn assert_sound(grid: &Grid, step: &Step) {
    let Ok(outcome) = sudokit_solver::count(grid, 2) else {
        return;
    };
    let (1, Some(solution)) = (outcome.count, outcome.solution) else {
        return;
    };
    for &(c, d) in &step.placements {
        assert_eq!(
            solution.get(c),
            Some(d),
            "{}: placement in {c:?}",
            step.technique
        );
    }
    for &(c, d) in &step.eliminations {
        assert_ne!(
            solution.get(c),
            Some(d),
            "{}: elimination in {c:?}",
            step.technique
        );
    }
}

#[test]
fn one_case_per_technique() {
    let cases = teach::EXAMPLES;
    let mut out = String::new();
    let mut covered = Vec::new();
    for line in cases
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let (name, puzzle) = line.split_once('|').unwrap();
        let technique = Technique::from_name(name).unwrap_or_else(|| panic!("unknown {name}"));
        let board = read_state(puzzle);
        let step = find_first(&board, technique).unwrap_or_else(|| panic!("no {name} in its case"));
        assert_eq!(step.technique, technique);
        assert!(step.is_productive());
        assert_sound(&board.grid(), &step);
        let layout = board.layout();
        let _ = writeln!(out, "## {name}");
        let _ = writeln!(out, "{}", render::notation(layout, &step));
        for line in render::chain_lines(layout, &step, 2) {
            let _ = writeln!(out, "{line}");
        }
        let _ = writeln!(out, "{}", render::vague(layout, &step));
        let explanation = teach::explain(&board, &step).text();
        for line in &explanation {
            if let Some(token) = teach::notation_in(line) {
                panic!("{name}: notation {token:?} in the player's explanation: {line}");
            }
            let _ = writeln!(out, "> {line}");
        }
        let _ = writeln!(out);
        covered.push(technique);
    }
    for (techniques, board) in teach::killer_examples() {
        for technique in techniques {
            let name = technique.name();
            let step = find_first(&board, technique).unwrap_or_else(|| panic!("no {name}"));
            assert_sound(&board.grid(), &step);
            let _ = writeln!(out, "## {name}");
            let _ = writeln!(out, "{}", render::notation(board.layout(), &step));
            let _ = writeln!(out, "{}", render::vague(board.layout(), &step));
            for line in teach::explain(&board, &step).text() {
                assert_eq!(teach::notation_in(&line), None, "{name}: {line}");
                let _ = writeln!(out, "> {line}");
            }
            let _ = writeln!(out);
            covered.push(technique);
        }
    }
    covered.sort();
    covered.dedup();
    assert_eq!(
        covered,
        Technique::ALL.to_vec(),
        "one case for every technique"
    );
    assert_golden("techniques.golden", &out);
}

/// The explained path of one puzzle: numbered steps with their explanations, then the
/// rating, as `sudokit explain --sentences` writes them.
fn explained(label: &str, board: &Board) -> String {
    let path = solve(board, &Options::default());
    assert!(path.solved, "{label}");
    let rating = sudokit_logic::rate_explained(board, &path);
    let show = render::Show {
        sentences: true,
        ..render::Show::default()
    };
    format!(
        "## {label}\n{}{}\n\n",
        render::path(board, &path, show),
        render::rating(&rating)
    )
}

fn seed(file: &str, options: ReadOptions) -> Vec<(String, Board)> {
    let path: &Path = &data_dir().join("seeds").join(file);
    let text = std::fs::read_to_string(path).unwrap();
    Reader::new(text.as_bytes(), options)
        .map(|r| {
            (
                format!("{file}:{}", r.line),
                Board::new(&r.grid.unwrap(), None),
            )
        })
        .collect()
}

#[test]
fn seed_explanations() {
    let six = ReadOptions {
        layout: Some(Arc::new(
            Layout::boxed(BoxShape { rows: 2, cols: 3 }).unwrap(),
        )),
        diagonals: false,
        killer: false,
    };
    let mut puzzles = Vec::new();
    for file in [
        "seed000-matlab-matrix.txt",
        "seed002-matlab-rows.txt",
        "seed004-x-blanks.txt",
        "seed004-setline-rows.txt",
    ] {
        puzzles.extend(seed(file, ReadOptions::default()));
    }
    puzzles.extend(seed("seed001-6x6-givens.txt", six));
    let out: String = puzzles
        .iter()
        .map(|(label, board)| explained(label, board))
        .collect();
    assert_golden("seeds.golden", &out);
}
