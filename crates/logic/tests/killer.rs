//! The logic engine on killers: every step of every path on random killers with one
//! solution keeps that solution (placements right, no solution digit removed), each
//! killer technique takes part, the explanations are in a player's words, and a killer's
//! rating has a level and no SE number.

use std::sync::Arc;

use sudokit_core::rng::Rng;
use sudokit_core::{cages, BoxShape, Grid, Layout};
use sudokit_logic::answer::RatingAnswer;
use sudokit_logic::{find_first, rate, solve, teach, Board, Options, Technique};

/// A random solution grid of `layout`.
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

/// A random killer without givens carved from a random solution grid of `base`, with
/// cages of up to `largest` cells, when it has one solution; and that solution.
fn unique_killer(base: &Arc<Layout>, largest: usize, rng: &mut Rng) -> Option<(Grid, Grid)> {
    let full = random_full(base, rng);
    let shapes = cages::carve(base, largest, full.values(), rng);
    let cages = cages::with_sums(&shapes, full.values());
    let layout = Arc::new((**base).clone().with_cages(cages).unwrap());
    let killer = Grid::empty(layout.clone());
    let outcome = sudokit_solver::count(&killer, 2).unwrap();
    (outcome.count == 1).then(|| (killer, Grid::from_values(layout, full.values().to_vec())))
}

/// Follows the path of `killer`, checking each step against `solution` and its
/// explanation for notation; returns the techniques used and whether it solved.
fn walk(killer: &Grid, solution: &Grid) -> (Vec<Technique>, bool) {
    let start = Board::new(killer, None);
    let path = solve(&start, &Options::default());
    let mut board = start.clone();
    let mut used = Vec::new();
    for step in &path.steps {
        for &(c, d) in &step.placements {
            assert_eq!(
                solution.get(c),
                Some(d),
                "{}: places a wrong digit",
                step.technique
            );
        }
        for &(c, d) in &step.eliminations {
            assert_ne!(
                solution.get(c),
                Some(d),
                "{}: removes the solution's digit",
                step.technique
            );
        }
        assert!(!step.technique.needs_uniqueness(), "{}", step.technique);
        if step.technique.is_killer() {
            let lines = teach::explain(&board, step).text();
            assert!(lines.len() >= 2, "{lines:?}");
            for line in &lines {
                assert_eq!(teach::notation_in(line), None, "{line}");
            }
            let drawing = teach::drawing(&board, step);
            assert!(!drawing.candidates.is_empty());
        }
        used.push(step.technique);
        board.apply(step);
    }
    if path.solved {
        assert_eq!(path.board.grid().values(), solution.values());
    }
    (used, path.solved)
}

#[test]
fn steps_on_random_killers_keep_their_solution() {
    let six = Arc::new(Layout::boxed(BoxShape { rows: 2, cols: 3 }).unwrap());
    let nine = Arc::new(Layout::classic());
    let mut rng = Rng::new(45);
    let (mut tried, mut solved) = (0, 0);
    let mut used = std::collections::BTreeSet::new();
    for (base, largest, count) in [(&six, 3, 60), (&six, 5, 30), (&nine, 4, 25), (&nine, 6, 15)] {
        let mut made = 0;
        while made < count {
            let Some((killer, solution)) = unique_killer(base, largest, &mut rng) else {
                continue;
            };
            made += 1;
            tried += 1;
            let (techniques, done) = walk(&killer, &solution);
            solved += usize::from(done);
            used.extend(techniques);
        }
    }
    // Forcing chains and nets propagate cage sums too: every killer with one solution
    // gets a path.
    assert_eq!(solved, tried);
    for t in [
        Technique::CageCombinations,
        Technique::CageHouse,
        Technique::InniesOuties,
    ] {
        assert!(used.contains(&t), "{t} never used: {used:?}");
    }
}

#[test]
fn a_killers_rating_has_a_level_and_no_se_number() {
    let mut rng = Rng::new(7);
    let nine = Arc::new(Layout::classic());
    let (killer, _) = loop {
        if let Some(k) = unique_killer(&nine, 4, &mut rng) {
            break k;
        }
    };
    let board = Board::new(&killer, None);
    let path = solve(&board, &Options::default());
    let rating = rate(&board, &path);
    assert_eq!(rating.se_kind(), "none");
    let hardest = rating.hardest.unwrap();
    assert_eq!(rating.level, hardest.level());
    assert!(rating.techniques.keys().all(|t| t.level() <= rating.level));
    let answer = RatingAnswer::of(&rating);
    assert_eq!(answer.se, None);
    let json = answer.json().to_string();
    assert!(json.contains(r#""se":null"#), "{json}");
    assert!(json.contains(r#""se_kind":"none""#), "{json}");
}

#[test]
fn killer_and_uniqueness_techniques_stay_where_they_are_sound() {
    // A sudoku has no cages: the killer techniques find nothing.
    let sudoku = Grid::from_line(
        "003000100100400000000200000000000050007036000000000042200000000000070900580010000",
    )
    .unwrap();
    let board = Board::new(&sudoku, None);
    for t in [
        Technique::CageCombinations,
        Technique::CageHouse,
        Technique::InniesOuties,
    ] {
        assert_eq!(find_first(&board, t), None, "{t}");
    }
    // On a killer a deadly pattern proves nothing (its other solution need not keep the
    // sums): no uniqueness technique is asked, even by name.
    let text =
        "12..34..........\ncages:\nABCD\nABCD\nEFGH\nEFGH\nsums: A=4 B=6 C=4 D=6 E=6 F=4 G=6 H=4\n";
    let opts = sudokit_core::format::ReadOptions {
        killer: true,
        ..Default::default()
    };
    let killer = sudokit_core::format::Reader::new(text.as_bytes(), opts)
        .next()
        .unwrap()
        .grid
        .unwrap();
    let board = Board::new(&killer, None);
    for &t in Technique::ALL.iter().filter(|t| t.needs_uniqueness()) {
        assert_eq!(find_first(&board, t), None, "{t}");
    }
}
