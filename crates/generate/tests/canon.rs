//! Canonical forms: equal for transformed copies, different for different puzzles.

use std::sync::Arc;

use proptest::prelude::*;
use sudokit_core::rng::Rng;
use sudokit_core::{Grid, Layout};
use sudokit_generate::canon::canonical;
use sudokit_generate::{Generator, Request, Shape, Transform};

fn puzzle(layout: &Arc<Layout>, seed: u64) -> Grid {
    let generator = Generator::new(Request::new(Shape::Fixed(layout.clone())));
    generator.generate(&mut Rng::new(seed)).unwrap().puzzle
}

/// The canonical form is itself a puzzle of the class: same givens count, same number of
/// solutions, and its own canonical form.
fn check_form(p: &Grid) -> Grid {
    let c = canonical(p);
    assert_eq!(c.clue_count(), p.clue_count());
    assert!(sudokit_solver::is_unique(&c), "{}", c.to_line());
    c
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    #[test]
    fn classic_transformed_copies_have_one_form(seed in 0u64..1_000_000, t in 0u64..1_000_000) {
        let layout = Arc::new(Layout::classic());
        let p = puzzle(&layout, seed);
        let mut rng = Rng::new(t);
        let q = Transform::random(&layout, &mut rng)
            .then(&Transform::named(&layout, "rot90", &mut rng).unwrap())
            .then(&Transform::random(&layout, &mut rng))
            .apply(&p);
        let c = check_form(&p);
        prop_assert_eq!(&canonical(&q), &c);
        prop_assert_eq!(&canonical(&c), &c);
        let other = puzzle(&layout, seed + 1_000_000);
        prop_assert_ne!(canonical(&other), c);
    }

    #[test]
    fn small_boxes_jigsaw_and_large_grids(seed in 0u64..1_000_000) {
        for n in [4usize, 6, 8] {
            let layout = Arc::new(Layout::for_side(n).unwrap());
            let p = puzzle(&layout, seed);
            let q = Transform::random(&layout, &mut Rng::new(seed)).apply(&p);
            prop_assert_eq!(canonical(&q), check_form(&p));
        }
        // Jigsaw and sudoku-X: relabelling and the symmetries of the square that keep
        // the layout.
        let x = Arc::new(Layout::classic().with_diagonals());
        let p = puzzle(&x, seed);
        let mut rng = Rng::new(seed);
        let q = Transform::named(&x, "rot90", &mut rng).unwrap()
            .then(&Transform::named(&x, "relabel", &mut rng).unwrap())
            .apply(&p);
        prop_assert_eq!(canonical(&q), check_form(&p));
        let other = puzzle(&x, seed + 1);
        prop_assert_ne!(canonical(&other), canonical(&p));
    }
}

#[test]
fn full_grids_of_one_class_share_a_form() {
    let layout = Arc::new(Layout::classic());
    let mut rng = Rng::new(3);
    let g = sudokit_generate::solution::random(&layout, &mut rng).unwrap();
    let c = canonical(&g);
    assert!(c.to_line().starts_with("123456789"));
    for _ in 0..3 {
        let h = Transform::random(&layout, &mut rng).apply(&g);
        assert_eq!(canonical(&h), c);
    }
    let other = sudokit_generate::solution::random(&layout, &mut rng).unwrap();
    assert_ne!(canonical(&other), c);
}
