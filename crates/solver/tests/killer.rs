//! Killer sudoku: the solver's counts agree with the plain backtracker (`oracle`) on
//! 10,000 random small killers (4×4 and 6×6, with boxes, diagonals or jigsaw regions),
//! cages carved at random from a random solution grid, some with a sum changed or cells
//! left out of every cage, some with givens, right or wrong. Every solution it returns
//! keeps the givens and makes every cage's sum.

use std::sync::Arc;

use sudokit_core::rng::Rng;
use sudokit_core::{cage_sum_range, cages, Cage, Grid, Layout};
use sudokit_solver::{count, count_with, oracle, Engine};

/// A random solution grid of `layout`: the solver's solution of the empty grid with one
/// random given first, so that it varies.
fn random_full(layout: &Arc<Layout>, rng: &mut Rng) -> Grid {
    loop {
        let mut start = Grid::empty(layout.clone());
        let n = layout.side();
        for _ in 0..n {
            let cell = sudokit_core::Cell::new(rng.below(n * n));
            let digits: Vec<_> = start.candidates(cell).iter().collect();
            if start.get(cell).is_none() && !digits.is_empty() {
                start.set(cell, Some(digits[rng.below(digits.len())]));
            }
        }
        if let Some(full) = sudokit_solver::solve(&start).unwrap() {
            return full;
        }
    }
}

/// A random killer on `base` (whose solution it is carved from), and its layout.
fn random_killer(base: &Arc<Layout>, rng: &mut Rng) -> Grid {
    let n = base.side();
    let full = random_full(base, rng);
    let shapes = cages::carve(base, 2 + rng.below(4), full.values(), rng);
    let mut cages = cages::with_sums(&shapes, full.values());
    // Some cells in no cage (4×4 only: a 6×6 with few cages is too wide for the oracle).
    if n == 4 && rng.below(3) == 0 {
        cages.retain(|_| rng.below(4) != 0);
    }
    // Some sums changed, within what the cage's size allows (often no solution then).
    if rng.below(4) == 0 && !cages.is_empty() {
        let k = rng.below(cages.len());
        let (min, max) = cage_sum_range(cages[k].cells.len(), n);
        cages[k].sum = min + rng.below((max - min + 1) as usize) as u32;
    }
    let cages: Vec<Cage> = cages;
    let layout = Arc::new((**base).clone().with_cages(cages).unwrap());
    let mut values = vec![0; n * n];
    for _ in 0..rng.below(4) {
        let i = rng.below(n * n);
        values[i] = match rng.below(5) {
            0 => 1 + rng.below(n) as u8,
            _ => full.values()[i],
        };
    }
    Grid::from_values(layout, values)
}

/// A random 6×6 jigsaw layout: from boxes and a solution grid, the regions of two cells
/// holding the same digit exchanged, a few times (each region keeps six cells and every
/// digit once, so the layout has a solution).
fn jigsaw_6(rng: &mut Rng) -> Arc<Layout> {
    let boxes = Arc::new(Layout::for_side(6).unwrap());
    let full = random_full(&boxes, rng);
    let mut table: Vec<char> = boxes.region_symbols().chars().collect();
    for _ in 0..12 {
        let a = rng.below(36);
        let same: Vec<usize> = (0..36)
            .filter(|&b| full.values()[b] == full.values()[a] && table[b] != table[a])
            .collect();
        if let Some(&b) = same.get(rng.below(same.len().max(1))) {
            table.swap(a, b);
        }
    }
    Arc::new(Layout::jigsaw(&table).unwrap())
}

#[test]
fn counts_agree_with_the_oracle_on_ten_thousand_random_killers() {
    let mut rng = Rng::new(45);
    let four = Arc::new(Layout::for_side(4).unwrap());
    let six = Arc::new(Layout::for_side(6).unwrap());
    let four_x = Arc::new(Layout::for_side(4).unwrap().with_diagonals());
    let mut counts = [0usize; 3];
    for i in 0..10_000 {
        let base = match i % 5 {
            0 | 1 => four.clone(),
            2 => four_x.clone(),
            3 => six.clone(),
            _ => jigsaw_6(&mut rng),
        };
        let killer = random_killer(&base, &mut rng);
        let limit = 20;
        let expected = oracle::count(&killer, limit);
        counts[expected.min(2) as usize] += 1;
        let text = sudokit_core::format::write::killer(&killer);
        for engine in [Engine::Auto, Engine::Search, Engine::Learning] {
            let outcome = match count_with(&killer, limit, engine) {
                Ok(o) => o,
                Err(conflict) => {
                    assert_eq!(expected, 0, "{engine:?}: {conflict} on\n{text}");
                    assert!(killer.find_conflict().is_some());
                    continue;
                }
            };
            assert_eq!(outcome.count, expected, "{engine:?} on\n{text}");
            assert_eq!(outcome.complete, expected < limit, "{engine:?} on\n{text}");
            match outcome.solution {
                Some(s) => {
                    assert!(s.is_solved(), "{engine:?}: {} on\n{text}", s.to_line());
                    assert!(
                        killer.is_filled_by(&s),
                        "{engine:?} drops givens on\n{text}"
                    );
                }
                None => assert_eq!(expected, 0),
            }
        }
    }
    // The mix has killers with none, one and several solutions.
    assert!(counts.iter().all(|&c| c > 500), "{counts:?}");
}

/// 9×9 killers without givens, cages of 2 to 4 cells carved from one solution grid:
/// written, read back and counted; the solution found makes every sum, and where it is
/// the only one it is the grid carved from.
#[test]
fn nine_by_nine_killers_without_givens_read_back_and_solve() {
    let puzzle = Grid::from_line(
        "003000100100400000000200000000000050007036000000000042200000000000070900580010000",
    )
    .unwrap();
    let full = sudokit_solver::solve(&puzzle).unwrap().unwrap();
    let mut unique = 0;
    for seed in 0..20 {
        let mut rng = Rng::new(seed);
        let shapes = cages::carve(full.layout(), 4, full.values(), &mut rng);
        let cages = cages::with_sums(&shapes, full.values());
        let layout = Arc::new(Layout::classic().with_cages(cages).unwrap());
        let killer = Grid::empty(layout);
        let text = sudokit_core::format::write::killer(&killer);
        let opts = sudokit_core::format::ReadOptions {
            killer: true,
            ..Default::default()
        };
        let read = sudokit_core::format::Reader::new(text.as_bytes(), opts)
            .next()
            .unwrap()
            .grid
            .unwrap();
        assert_eq!(read, killer, "{text}");
        let outcome = count(&read, 2).unwrap();
        let solution = outcome.solution.expect("the grid carved from solves it");
        assert!(solution.is_solved(), "{text}");
        if outcome.count == 1 {
            assert_eq!(solution.values(), full.values(), "{text}");
            unique += 1;
        }
    }
    assert!(unique > 0, "small cages make most of these killers unique");
}

/// A killer with no solution: the reason names the house or the cage that shows it.
#[test]
fn no_solution_names_a_cage() {
    use sudokit_core::{Cage, Cell};
    // r1c1 + r1c2 = 3 means 1 and 2; r1c3 + r1c4 = 3 as well: no room for both in row 1,
    // and the search's sums find the second cage left without 1 and 2.
    let cage = |a: usize, b: usize| Cage {
        cells: vec![Cell::new(a), Cell::new(b)],
        sum: 3,
    };
    let layout = Layout::for_side(4)
        .unwrap()
        .with_cages(vec![cage(0, 1), cage(2, 3)]);
    let killer = Grid::empty(Arc::new(layout.unwrap()));
    assert_eq!(count(&killer, 2).unwrap().count, 0);
    assert_eq!(oracle::count(&killer, 2), 0);
    let why = sudokit_solver::no_solution(&killer);
    assert_eq!(
        why,
        "no solution: the 2-cell cage at r1c3 can no longer make 3 with different digits"
    );
    // A given 3 in a cage of two cells that must make 3.
    let mut given = Grid::empty(killer.layout().clone());
    given.set(Cell::new(0), Some(sudokit_core::Digit::new(3)));
    let why = sudokit_solver::no_solution(&given);
    assert_eq!(
        why,
        "no solution: the 2-cell cage at r1c1 can no longer make 3 with different digits"
    );
}

/// The published hard killers of `tests/data/hard-killers.txt` by tarek (41 of them; the
/// slower Mathemagic ones are for the benchmark): each has one solution, which makes
/// every sum.
#[test]
fn tareks_hard_killers_have_one_solution() {
    let text = include_str!("data/hard-killers.txt");
    let opts = sudokit_core::format::ReadOptions {
        killer: true,
        ..Default::default()
    };
    let tarek: Vec<&str> = text
        .split("\n\n")
        .filter(|b| b.starts_with("# tarek"))
        .collect();
    assert_eq!(tarek.len(), 37);
    for block in tarek {
        let grid = sudokit_core::format::Reader::new(block.as_bytes(), opts.clone())
            .next()
            .unwrap()
            .grid
            .unwrap();
        let outcome = count(&grid, 2).unwrap();
        assert_eq!(outcome.count, 1, "{block}");
        assert!(outcome.solution.unwrap().is_solved(), "{block}");
    }
}

/// 16×16 killers, whose sums' combinations come from the table of 16 digits: carved
/// from random solution grids with cages of up to 6 cells, each solves, keeps every
/// cage's sum, and is the grid it was carved from when its solution is the only one.
#[test]
fn sixteen_by_sixteen_killers_solve() {
    let base = Arc::new(Layout::boxed(sudokit_core::BoxShape { rows: 4, cols: 4 }).unwrap());
    let mut unique = 0;
    for seed in 0..6 {
        let mut rng = Rng::new(1600 + seed);
        let full = random_full(&base, &mut rng);
        let shapes = cages::carve(&base, 6, full.values(), &mut rng);
        assert!(shapes.iter().any(|s| s.len() >= 5));
        let cages = cages::with_sums(&shapes, full.values());
        let layout = Arc::new((*base).clone().with_cages(cages).unwrap());
        let killer = Grid::empty(layout);
        let outcome = count(&killer, 2).unwrap();
        assert!(outcome.count >= 1);
        let solution = outcome.solution.expect("the grid carved from solves it");
        assert!(solution.is_solved());
        if outcome.count == 1 {
            assert_eq!(solution.values(), full.values());
            unique += 1;
        }
    }
    assert!(unique > 0);
}

/// The rule of 45's sums and differences hold in the grid a killer was carved from: on
/// 9×9, 6×6 jigsaw and 12×12 killers with cages of up to 2 to 6 cells, each innie or
/// outie sum adds up, and each difference's cells make it, on the carved grid.
#[test]
fn the_rule_of_45_holds_in_the_grid_carved_from() {
    let mut rng = Rng::new(4545);
    let nine = Arc::new(Layout::for_side(9).unwrap());
    let twelve = Arc::new(Layout::for_side(12).unwrap());
    let (mut sums, mut differences) = (0, 0);
    for i in 0..60 {
        let base = match i % 3 {
            0 => nine.clone(),
            1 => jigsaw_6(&mut rng),
            _ => twelve.clone(),
        };
        let full = random_full(&base, &mut rng);
        let shapes = cages::carve(&base, 2 + rng.below(5), full.values(), &mut rng);
        let mut cages = cages::with_sums(&shapes, full.values());
        if i % 4 == 0 {
            // Some cells in no cage.
            cages.retain(|_| rng.below(6) != 0);
        }
        let layout = (*base).clone().with_cages(cages).unwrap();
        let digit = |c: &sudokit_core::Cell| i32::from(full.values()[c.index()]);
        for rule in layout.innies() {
            let made: i32 = rule.cells.iter().map(digit).sum();
            assert_eq!(made, rule.sum as i32, "{rule:?}");
            sums += 1;
        }
        for rule in layout.differences() {
            let plus: i32 = rule.plus.iter().map(digit).sum();
            let minus: i32 = rule.minus.iter().map(digit).sum();
            assert_eq!(plus - minus, rule.sum, "{rule:?}");
            assert!(rule.plus.len().min(rule.minus.len()) <= 2, "{rule:?}");
            differences += 1;
        }
    }
    assert!(
        sums > 1000 && differences > 1000,
        "{sums} sums, {differences} differences"
    );
}
