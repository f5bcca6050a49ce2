//! Soundness: on every puzzle of the shared benchmark sets and the seed examples, the
//! engine's full path solves the puzzle with no guess, and every placement and every
//! elimination of every step agrees with the solution the exact solver finds.
//! Zero exceptions. The sets are split over all cores (about 50,000 puzzles).

use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use sudokit_core::format::{ReadOptions, Reader};
use sudokit_core::{BoxShape, Grid, Layout};
use sudokit_logic::{solve, Board, Options, Step};

use sudokit_testdata::data_dir;

/// Why a puzzle failed, or `None` when its path is sound and complete.
fn check(grid: &Grid) -> Option<String> {
    let outcome = sudokit_solver::count(grid, 2).expect("valid givens");
    let solution = match (outcome.count, outcome.solution) {
        (1, Some(s)) => s,
        (n, _) => return Some(format!("{n} solutions")),
    };
    let board = Board::new(grid, None);
    let path = solve(&board, &Options::default());
    for (i, step) in path.steps.iter().enumerate() {
        if let Some(why) = wrong(grid, &solution, step) {
            return Some(format!("step {}: {why}", i + 1));
        }
    }
    if !path.solved {
        return Some(format!("stuck after {} steps", path.steps.len()));
    }
    (path.board.grid() != solution).then(|| "the path ends in another grid".to_string())
}

/// The first placement or elimination of `step` that contradicts the solution.
fn wrong(grid: &Grid, solution: &Grid, step: &Step) -> Option<String> {
    let layout = grid.layout();
    let truth = |c| solution.get(c).expect("complete");
    step.placements
        .iter()
        .find(|&&(c, d)| truth(c) != d)
        .map(|&(c, d)| format!("{} places {d} in {}", step.technique, layout.cell_name(c)))
        .or_else(|| {
            step.eliminations
                .iter()
                .find(|&&(c, d)| truth(c) == d)
                .map(|&(c, d)| {
                    format!(
                        "{} removes the solution {d} from {}",
                        step.technique,
                        layout.cell_name(c)
                    )
                })
        })
}

/// Checks every puzzle of a file on all cores; panics listing the failures.
fn check_file(path: &Path, options: ReadOptions) -> usize {
    let text = std::fs::read_to_string(path).unwrap();
    let records: Vec<_> = Reader::new(text.as_bytes(), options).collect();
    let grids: Vec<(usize, Grid)> = records
        .into_iter()
        .map(|r| {
            (
                r.line,
                r.grid.unwrap_or_else(|e| panic!("{}: {e}", path.display())),
            )
        })
        .collect();
    let next = Arc::new(AtomicUsize::new(0));
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let failures: Vec<String> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                let (next, grids) = (next.clone(), &grids);
                s.spawn(move || {
                    let mut bad = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some((line, grid)) = grids.get(i) else {
                            break;
                        };
                        if let Some(why) = check(grid) {
                            bad.push(format!("{}:{line}: {why}", path.display()));
                        }
                    }
                    bad
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().unwrap())
            .collect()
    });
    assert!(
        failures.is_empty(),
        "{} unsound or unsolved:\n{}",
        failures.len(),
        failures.join("\n")
    );
    grids.len()
}

fn bench(name: &str) -> usize {
    check_file(&data_dir().join("bench").join(name), ReadOptions::default())
}

#[test]
fn seeds() {
    let seeds = data_dir().join("seeds");
    let mut n = 0;
    for file in [
        "seed000-matlab-matrix.txt",
        "seed002-matlab-rows.txt",
        "seed004-x-blanks.txt",
        "seed004-setline-rows.txt",
    ] {
        n += check_file(&seeds.join(file), ReadOptions::default());
    }
    let six = Layout::boxed(BoxShape { rows: 2, cols: 3 }).unwrap();
    n += check_file(
        &seeds.join("seed001-6x6-givens.txt"),
        ReadOptions {
            layout: Some(Arc::new(six)),
            diagonals: false,
            killer: false,
        },
    );
    assert_eq!(n, 6);
}

#[test]
fn all_17_clue_puzzles() {
    assert_eq!(bench("puzzles2_17_clue.txt"), 49_158);
}

#[test]
fn magictour_top1465() {
    assert_eq!(bench("puzzles3_magictour_top1465.txt"), 1465);
}

#[test]
fn forum_hardest() {
    assert_eq!(bench("puzzles6_forum_hardest_1106.txt"), 375);
}
