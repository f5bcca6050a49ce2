//! Generated killers: one solution (the grid they were carved from), the level asked,
//! the same killer for the same seed, written text that reads back, and targets no killer
//! can meet refused at once.

use std::sync::Arc;

use sudokit_core::format::{write, ReadOptions, Reader};
use sudokit_core::rng::Rng;
use sudokit_core::{BoxShape, Layout};
use sudokit_generate::{GenerateError, Generator, KillerSpec, Request, Shape, Target};
use sudokit_logic::{Level, Technique};

fn killer_request(layout: Layout, level: Option<Level>, spec: KillerSpec) -> Request {
    Request {
        target: Target {
            level,
            ..Target::default()
        },
        killer: Some(spec),
        ..Request::new(Shape::Fixed(Arc::new(layout)))
    }
}

/// Checks a generated killer: cages, givens only when allowed, one solution (the one
/// given), the level asked, and its text read back.
fn check(made: &sudokit_generate::Generated, spec: &KillerSpec, level: Option<Level>) {
    let p = &made.puzzle;
    assert!(p.layout().is_killer());
    assert!(
        spec.givens || p.clue_count() == 0,
        "givens where none are allowed"
    );
    assert!(p
        .layout()
        .cages()
        .iter()
        .all(|c| c.cells.len() <= spec.largest));
    let outcome = sudokit_solver::count(p, 2).unwrap();
    assert_eq!(outcome.count, 1);
    assert_eq!(outcome.solution.as_ref(), Some(&made.solution));
    assert!(made.solution.is_solved());
    if let Some(level) = level {
        let rating = made.rating.as_ref().expect("rated");
        assert_eq!(rating.level, level);
        assert!(rating.solved);
    }
    let text = write::killer(p);
    let opts = ReadOptions {
        killer: true,
        ..ReadOptions::default()
    };
    let read = Reader::new(text.as_bytes(), opts)
        .next()
        .unwrap()
        .grid
        .unwrap();
    assert_eq!(&read, p, "{text}");
}

#[test]
fn nine_by_nine_killers_at_each_level_they_reach() {
    let spec = KillerSpec::default();
    for level in [Level::Easy, Level::Medium, Level::Hard] {
        let generator = Generator::new(killer_request(Layout::classic(), Some(level), spec));
        let mut rng = Rng::new(5);
        let made = generator
            .generate(&mut rng)
            .unwrap_or_else(|e| panic!("{level}: {e}"));
        check(&made, &spec, Some(level));
    }
}

#[test]
fn the_same_seed_makes_the_same_killer_and_givens_only_when_allowed() {
    let spec = KillerSpec {
        largest: 4,
        givens: true,
    };
    let six = Layout::boxed(BoxShape { rows: 2, cols: 3 }).unwrap();
    let request = killer_request(six, None, spec);
    let generator = Generator::new(request.clone());
    for i in 0..10 {
        let seed = request.puzzle_seed(3, i);
        let a = generator.generate(&mut Rng::new(seed)).unwrap();
        let b = generator.generate(&mut Rng::new(seed)).unwrap();
        assert_eq!(write::killer(&a.puzzle), write::killer(&b.puzzle));
        check(&a, &spec, None);
    }
    // Without a level, cages merge until no two can: no neighbouring pair of a minimal
    // killer merges (within the size allowed, digits different) with one solution left.
    let plain = Generator::new(killer_request(
        Layout::classic(),
        None,
        KillerSpec::default(),
    ));
    let made = plain.generate(&mut Rng::new(11)).unwrap();
    check(&made, &KillerSpec::default(), None);
    let layout = made.puzzle.layout();
    let cages = layout.cages();
    let digits = |k: usize| -> Vec<u8> {
        (cages[k].cells.iter())
            .map(|&c| made.solution.get(c).unwrap().get())
            .collect()
    };
    let mut pairs = 0;
    for a in 0..cages.len() {
        for b in a + 1..cages.len() {
            let touch = cages[a].cells.iter().any(|&x| {
                cages[b].cells.iter().any(|&y| {
                    let (rx, cx, ry, cy) =
                        (layout.row(x), layout.col(x), layout.row(y), layout.col(y));
                    rx.abs_diff(ry) + cx.abs_diff(cy) == 1
                })
            });
            let (da, db) = (digits(a), digits(b));
            let size = cages[a].cells.len() + cages[b].cells.len();
            if !touch || size > 6 || da.iter().any(|d| db.contains(d)) {
                continue;
            }
            let mut merged = cages.to_vec();
            let other = merged.remove(b);
            merged[a].cells.extend(other.cells);
            merged[a].cells.sort();
            merged[a].sum += other.sum;
            let base = layout.without_cages().with_cages(merged).unwrap();
            let grid = sudokit_core::Grid::empty(Arc::new(base));
            assert_eq!(
                sudokit_solver::count(&grid, 2).unwrap().count,
                2,
                "cages {a} and {b}"
            );
            pairs += 1;
        }
    }
    assert!(
        pairs > 0,
        "a minimal killer still has neighbouring cages that fit together"
    );
}

#[test]
fn targets_no_killer_can_meet_are_refused_at_once() {
    let spec = KillerSpec::default();
    let mut request = killer_request(Layout::classic(), None, spec);
    request.target.se = Some((2.0, 3.0));
    let err = Generator::new(request.clone())
        .generate(&mut Rng::new(1))
        .unwrap_err();
    assert!(matches!(&err, GenerateError::Impossible(why) if why.contains("killer scale")));
    request.target = Target {
        needs: Some(Technique::UniqueRectangle1),
        ..Target::default()
    };
    let err = Generator::new(request)
        .generate(&mut Rng::new(1))
        .unwrap_err();
    assert!(matches!(&err, GenerateError::Impossible(why) if why.contains("uniqueness")));
    let sixteen = killer_request(Layout::for_side(16).unwrap(), None, spec);
    let err = Generator::new(sixteen)
        .generate(&mut Rng::new(1))
        .unwrap_err();
    assert!(matches!(&err, GenerateError::Impossible(why) if why.contains("up to 12×12")));
    let twelve = || Layout::for_side(12).unwrap();
    let easy = killer_request(twelve(), Some(Level::Easy), spec);
    let err = Generator::new(easy).generate(&mut Rng::new(1)).unwrap_err();
    assert!(matches!(&err, GenerateError::Impossible(why) if why.contains("--givens")));
    let with_givens = KillerSpec {
        givens: true,
        ..spec
    };
    let easy = killer_request(twelve(), Some(Level::Easy), with_givens);
    assert_eq!(Generator::new(easy).request().contradiction(), None);
}

/// Past 9×9: a 10×10 killer (2×5 boxes) at Medium, one solution, reading back.
#[test]
fn ten_by_ten_killers_are_made() {
    let spec = KillerSpec::default();
    let layout = Layout::for_side(10).unwrap();
    let generator = Generator::new(killer_request(layout, Some(Level::Medium), spec));
    let made = generator.generate(&mut Rng::new(1)).unwrap();
    check(&made, &spec, Some(Level::Medium));
}
