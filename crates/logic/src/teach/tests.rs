use sudokit_core::Grid;

use super::*;
use crate::technique::Technique;

#[test]
fn steps_are_numbered_within_their_case() {
    let mut out = Out::default();
    out.intro("intro".into(), About::none());
    out.step(0, "one".into(), About::none());
    out.case(0, "If a:".into(), About::none());
    out.step(1, "a one".into(), About::none());
    out.step(1, "a two".into(), About::none());
    out.case(0, "If b:".into(), About::none());
    out.step(1, "b one".into(), About::none());
    out.conclusion("so".into(), About::none());
    assert_eq!(
        out.done().text(),
        vec![
            "intro",
            "1. one",
            "If a:",
            "  1. a one",
            "  2. a two",
            "If b:",
            "  1. b one",
            "so"
        ]
    );
}

#[test]
fn notation_is_found() {
    assert_eq!(notation_in("r1c7<>4"), Some("<>".into()));
    assert_eq!(notation_in("(4)r1c1 and more"), Some("(4)r".into()));
    assert_eq!(notation_in("x [ALS r1c1]"), Some("[".into()));
    assert_eq!(notation_in("If r1c1 is not 4, then r5c1 is 4."), None);
}

#[test]
fn a_hidden_single_shows_what_rules_out_the_other_cells() {
    let grid = Grid::from_line(
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
    )
    .unwrap();
    let board = Board::new(&grid, None);
    let step = crate::find_first(&board, Technique::HiddenSingle).expect("a hidden single");
    let (_, d) = step.placements[0];
    let e = explain(&board, &step);
    let text = e.text().join("\n");
    assert!(
        text.contains(&format!("holds {}, so", d.to_char())),
        "{text}"
    );
    assert!(notation_in(&text).is_none(), "{text}");
    let drawn = drawing(&board, &step);
    assert!(
        drawn.cells.iter().any(|&(_, r)| r == CellRole::Blocker),
        "{drawn:?}"
    );
    assert!(
        drawn
            .candidates
            .contains(&((step.placements[0].0, d), Role::Placed)),
        "{drawn:?}"
    );
}
