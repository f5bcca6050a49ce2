//! The solver: small grids (4×4 to 9×9, boxes, diagonals and jigsaw regions) made from
//! a solution with givens left out and others changed at will. Every engine counts as
//! the plain backtracking oracle does (where the oracle is quick enough), the 9×9
//! engine at every instruction-set level as the generic search does, every solution
//! is valid and keeps the givens, and conflicting givens are refused by all.
#![no_main]

use std::sync::Arc;

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use sudokit_core::rng::Rng;
use sudokit_core::{BoxShape, Cell, Digit, Grid, Layout};
use sudokit_solver::{count_classic, count_with, oracle, Engine, Level, Outcome};

#[derive(Arbitrary, Debug)]
struct Input {
    /// Which layout (see [`layout`]).
    kind: u8,
    /// Seeds the solution (and the jigsaw regions).
    seed: u64,
    /// Bit i: keep the solution's digit in cell i.
    keep: [u64; 2],
    /// Cells set to a digit afterwards (0: blank), whatever their peers hold.
    changes: Vec<(u8, u8)>,
}

const LIMIT: u64 = 10;

fuzz_target!(|input: Input| {
    let mut rng = Rng::new(input.seed);
    let layout = layout(input.kind, &mut rng);
    let n = layout.side();
    let full = sudokit_solver::solve(&Grid::empty(layout.clone()))
        .expect("an empty grid has no conflict")
        .map(|g| relabelled(&g, &mut rng));
    let mut puzzle = Grid::empty(layout.clone());
    for c in layout.cells() {
        let i = c.index();
        if input.keep[i / 64] >> (i % 64) & 1 == 1 {
            puzzle.set(c, full.as_ref().and_then(|f| f.get(c)));
        }
    }
    for &(cell, digit) in &input.changes {
        let c = Cell::new(usize::from(cell) % (n * n));
        let d = usize::from(digit) % (n + 1);
        puzzle.set(c, (d > 0).then(|| Digit::new(d as u8)));
    }
    agree(&puzzle);
});

/// 4×4, 6×6, 8×8 or 9×9 boxes, 9×9 with diagonals, or a 6×6 or 9×9 jigsaw.
fn layout(kind: u8, rng: &mut Rng) -> Arc<Layout> {
    let boxed = |rows, cols| Layout::boxed(BoxShape { rows, cols }).expect("a box shape");
    Arc::new(match kind % 7 {
        0 => boxed(2, 2),
        1 => boxed(2, 3),
        2 => boxed(2, 4),
        3 => boxed(3, 3),
        4 => Layout::classic().with_diagonals(),
        5 => sudokit_generate::regions::random_jigsaw(6, rng),
        _ => sudokit_generate::regions::random_jigsaw(9, rng),
    })
}

/// `grid` with its digits relabelled at random (still a solution).
fn relabelled(grid: &Grid, rng: &mut Rng) -> Grid {
    let n = grid.layout().side();
    let mut digits: Vec<u8> = (1..=n as u8).collect();
    rng.shuffle(&mut digits);
    let values = grid
        .values()
        .iter()
        .map(|&v| digits[v as usize - 1])
        .collect();
    Grid::from_values(grid.layout().clone(), values)
}

/// Is the plain backtracker quick on `puzzle`? (With few givens on a large grid it may
/// search for a long time when there is no solution.)
fn oracle_is_quick(puzzle: &Grid) -> bool {
    let cells = puzzle.layout().cell_count();
    let givens = puzzle.values().iter().filter(|&&v| v != 0).count();
    match puzzle.layout().side() {
        4 => true,
        6 => 10 * givens >= 3 * cells,
        _ => 100 * givens >= 45 * cells,
    }
}

fn agree(puzzle: &Grid) {
    let conflict = puzzle.find_conflict().is_some();
    let quick = oracle_is_quick(puzzle);
    let mut outcomes: Vec<(String, Outcome)> = Vec::new();
    // Plain depth-first search has no guess budget (by design: `Engine::Auto` is the one
    // that switches to clause learning when it thrashes), so it runs where the oracle
    // does.
    let engines: &[Engine] = match quick {
        true => &[Engine::Auto, Engine::Search, Engine::Learning],
        false => &[Engine::Auto, Engine::Learning],
    };
    // A replay with FUZZ_VERBOSE set shows the puzzle and each engine's time.
    let verbose = std::env::var_os("FUZZ_VERBOSE").is_some();
    if verbose {
        eprintln!(
            "{} (regions {}, diagonals {})",
            puzzle.to_line(),
            puzzle.layout().region_symbols(),
            puzzle.layout().has_diagonals()
        );
    }
    for &engine in engines {
        let start = std::time::Instant::now();
        let counted = count_with(puzzle, LIMIT, engine);
        if verbose {
            eprintln!(
                "{engine:?}: {:?} in {:?}",
                counted.as_ref().map(|o| o.count),
                start.elapsed()
            );
        }
        match counted {
            Ok(outcome) => outcomes.push((format!("{engine:?}"), outcome)),
            Err(_) => assert!(conflict, "{engine:?} refuses {}", puzzle.to_line()),
        }
    }
    for level in Level::supported() {
        match count_classic(puzzle, LIMIT, level) {
            Some(Ok(outcome)) => outcomes.push((format!("9x9 {level:?}"), outcome)),
            Some(Err(_)) => assert!(conflict, "9x9 {level:?} refuses {}", puzzle.to_line()),
            None => {}
        }
    }
    if conflict {
        assert!(
            outcomes.is_empty(),
            "conflicting givens counted: {}",
            puzzle.to_line()
        );
        return;
    }
    let expected = match quick {
        true => oracle::count(puzzle, LIMIT),
        false => outcomes[1].1.count,
    };
    for (engine, outcome) in &outcomes {
        assert_eq!(outcome.count, expected, "{engine} on {}", puzzle.to_line());
        assert_eq!(
            outcome.complete,
            expected < LIMIT,
            "{engine} on {}",
            puzzle.to_line()
        );
        match &outcome.solution {
            Some(s) => {
                assert!(s.is_solved(), "{engine}: invalid solution {}", s.to_line());
                assert!(puzzle.is_filled_by(s), "{engine}: solution drops givens");
            }
            None => assert_eq!(expected, 0, "{engine}: no solution given"),
        }
    }
}
