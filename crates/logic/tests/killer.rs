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
        // The path (which remembers where the killer techniques found nothing) takes
        // the step a fresh look takes.
        let fresh = sudokit_logic::explain::next_step(&board, &Options::default());
        assert_eq!(fresh.as_ref(), Some(step), "a memo changed the path");
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

/// A killer made by `sudokit generate --killer --level unfair --seed 3` whose path has
/// innies of several houses (digits may repeat) that remove candidates.
const REPEATING_INNIES: &str = "\
.................................................................................
cages:
ABBBBBCCC
ABDEECCFF
GDDEEHHHF
GGGGIIHHJ
KKKGILMNJ
KKOOLLMNN
PQQORSSNN
PQTRRUVVV
PPTRRUUUU
sums: A=11 B=31 C=19 D=17 E=24 F=18 G=28 H=29 I=16 J=8 K=20 L=11
M=7 N=22 O=24 P=30 Q=10 R=18 S=16 T=5 U=25 V=16
";

#[test]
fn innies_that_may_repeat_give_a_reason_for_every_candidate_they_remove() {
    use sudokit_core::format::{ReadOptions, Reader};
    use sudokit_logic::teach::Kind;
    use sudokit_logic::Pattern;
    let opts = ReadOptions {
        killer: true,
        ..ReadOptions::default()
    };
    let grid = Reader::new(REPEATING_INNIES.as_bytes(), opts)
        .next()
        .unwrap()
        .grid
        .unwrap();
    let start = Board::new(&grid, None);
    let path = solve(&start, &Options::default());
    assert!(path.solved);
    let mut board = start.clone();
    let mut seen = Vec::new();
    for step in &path.steps {
        let repeating =
            matches!(&step.pattern, Pattern::Sum(s) if !s.distinct && s.cells.len() > 1);
        if step.technique == Technique::InniesOuties && repeating {
            let explained = teach::explain(&board, step);
            for e in &step.eliminations {
                let reasons: Vec<&str> = (explained.lines.iter())
                    .filter(|l| l.kind == Kind::Step && l.candidates.contains(e))
                    .map(|l| l.text.as_str())
                    .collect();
                assert_eq!(reasons.len(), 1, "{e:?}: {:?}", explained.text());
            }
            seen.extend(explained.text());
        }
        board.apply(step);
    }
    // Boxes 1 and 2 leave r2c6 and r3c6 adding up to 6 (r3c1 holds 1): the bounds and
    // the house the two share say why each loses its digits.
    let expected = [
        "r3c6 is 2 or more, so r2c6 is at most 6 − 2 = 4: it cannot be 5, 6 or 7; and if it \
         were 3, r3c6 would have to be 3 as well, but the two share column 6.",
        "r2c6, r3c6 and r4c8 add up to 18 or less, so r4c7 is at least 21 − 18 = 3: it \
         cannot be 1 or 2; and if it were 5, r2c6, r3c6 and r4c8 would have to make 16, \
         which their candidates make only with a digit twice in a house or a cage.",
    ];
    for line in expected {
        assert!(seen.iter().any(|l| l.ends_with(line)), "{line}\n{seen:#?}");
    }
}

#[test]
fn killer_explanations_on_16x16_write_digits_as_the_board_shows_them() {
    let sixteen = Arc::new(Layout::boxed(BoxShape { rows: 4, cols: 4 }).unwrap());
    let mut rng = Rng::new(16);
    // Small cages: a 16×16 killer of them has one solution and a path of killer steps.
    let (killer, _) = (0..20)
        .find_map(|_| unique_killer(&sixteen, 3, &mut rng))
        .expect("a 16×16 killer with one solution");
    let mut board = Board::new(&killer, None);
    let mut explained = 0;
    for _ in 0..40 {
        let Some(step) = sudokit_logic::explain::next_step(&board, &Options::default()) else {
            break;
        };
        if step.technique.is_killer() {
            let lines = teach::explain(&board, &step).text();
            assert!(
                lines[0].contains("A stands for 10, B for 11, and so on up to G for 16"),
                "{lines:?}"
            );
            // Combinations are written with the board's symbols: no 10 to 16 among them.
            for line in &lines {
                for way in line.split([' ', ',', ';', ':']).filter(|w| w.contains('+')) {
                    let parts = way.trim_end_matches('.').split('+');
                    for part in parts {
                        assert!(part.len() == 1, "{part} in {line}");
                    }
                }
            }
            explained += 1;
        }
        board.apply(&step);
    }
    assert!(explained > 0);
}

/// Innies that are part of one cage split it: the explanation says what the cage's
/// other cells add up to, and calls cells of one house a hidden cage. Row 1 holds three
/// whole cages (7, 18 and 17) and two cells of a 4-cell cage of 10, so r1c8 and r1c9
/// add up to 3, and r2c8 and r2c9 to 7.
#[test]
fn innies_inside_one_cage_split_it_and_innies_of_one_house_are_a_hidden_cage() {
    use sudokit_core::{Cage, Cell};
    use sudokit_logic::Pattern;
    let cage = |cells: &[(usize, usize)], sum: u32| Cage {
        cells: cells.iter().map(|&(r, c)| Cell::new(r * 9 + c)).collect(),
        sum,
    };
    let cages = vec![
        cage(&[(0, 0), (0, 1)], 7),
        cage(&[(0, 2), (0, 3), (0, 4)], 18),
        cage(&[(0, 5), (0, 6)], 17),
        cage(&[(0, 7), (0, 8), (1, 7), (1, 8)], 10),
    ];
    let layout = Arc::new(Layout::classic().with_cages(cages).unwrap());
    let board = Board::new(&Grid::empty(layout), None);
    let steps = sudokit_logic::find_all(&board, Technique::InniesOuties);
    let split = steps
        .iter()
        .find(|s| matches!(&s.pattern, Pattern::Sum(p) if p.cells.len() == 2 && p.left == 3))
        .expect("the innies of row 1");
    let text = teach::explain(&board, split).text().join("\n");
    for line in [
        "So those cells add up to 45 − 42, which is 3.",
        "They are part of the 4-cell 10 cage at r1c8, so its other cells, r2c8 and r2c9, add \
         up to 10 − 3, which is 7: the cage splits in two.",
        "They are all in row 1, so their digits differ: they work as a hidden cage of 3.",
    ] {
        assert!(text.contains(line), "{line}\n{text}");
    }
    // The outies of row 1 split the same cage the other way.
    let outies = steps
        .iter()
        .find(|s| matches!(&s.pattern, Pattern::Sum(p) if p.cells.len() == 2 && p.left == 7))
        .expect("the outies of row 1");
    let text = teach::explain(&board, outies).text().join("\n");
    let line = "so its other cells, r1c8 and r1c9, add up to 10 − 7, which is 3: the cage \
                splits in two.";
    assert!(text.contains(line), "{line}\n{text}");
}
