//! Every step of every path of magictour's top1465 and the forum's hardest 1106, explained
//! and drawn for a player: an introduction and a conclusion, no line empty, no notation;
//! the conclusion names every cell the step changes; the drawing marks what goes and what
//! is placed, every link joins two nodes, and the first rung names at least one house.
//! A forcing net's deeper trials are each told, under the line they prove.

use sudokit_core::format::read_all;
use sudokit_logic::teach::{self, Kind, Role};
use sudokit_logic::{solve, Board, Options, Technique};
use sudokit_testdata::data_dir;

/// Checks a step's explanation and drawing; `true` for a net whose deeper trials it told.
fn check(board: &Board, step: &sudokit_logic::Step, label: &str) -> bool {
    let layout = board.layout();
    let e = teach::explain(board, step);
    let text = e.text().join("\n");
    let at = format!("{label}, {}", step.technique);
    assert!(
        e.lines.first().is_some_and(|l| l.kind == Kind::Intro),
        "{at}: no introduction\n{text}"
    );
    assert!(
        e.lines.iter().any(|l| l.kind == Kind::Conclusion),
        "{at}: no conclusion\n{text}"
    );
    for l in &e.lines {
        assert!(!l.text.trim().is_empty(), "{at}: an empty line\n{text}");
        assert_eq!(teach::notation_in(&l.text), None, "{at}: notation\n{text}");
    }
    let conclusion: String = e
        .lines
        .iter()
        .filter(|l| l.kind == Kind::Conclusion)
        .map(|l| l.text.as_str())
        .collect();
    for &(c, _) in step.eliminations.iter().chain(&step.placements) {
        let name = layout.cell_name(c);
        assert!(
            conclusion.contains(&name),
            "{at}: {name} not concluded\n{text}"
        );
    }
    let d = teach::drawing(board, step);
    for x in &step.eliminations {
        assert!(
            d.candidates.contains(&(*x, Role::Eliminated)),
            "{at}: {x:?}"
        );
    }
    for x in &step.placements {
        assert!(d.candidates.contains(&(*x, Role::Placed)), "{at}: {x:?}");
    }
    assert!(
        d.links
            .iter()
            .all(|l| !l.from.is_empty() && !l.to.is_empty()),
        "{at}: a link without an end"
    );
    if !matches!(
        step.technique,
        Technique::FullHouse | Technique::NakedSingle | Technique::HiddenSingle
    ) {
        assert!(
            !teach::focus(layout, step).is_empty(),
            "{at}: no house to look at"
        );
    }
    // A net's line resting on deeper trials is followed by each trial, told in full.
    let mut told = false;
    for (i, l) in e.lines.iter().enumerate() {
        if l.text.contains("as tried below") {
            let next = e.lines.get(i + 1);
            assert!(
                next.is_some_and(|n| n.kind == Kind::Case && n.text.starts_with("Why ")),
                "{at}: a trial promised and not told\n{text}"
            );
            told = true;
        }
        if l.depth <= 1 && l.kind == Kind::Step {
            assert!(
                !l.text.contains("tried one level deeper"),
                "{at}: a deeper trial not told\n{text}"
            );
        }
    }
    told
}

#[test]
fn every_step_of_the_hard_sets_is_explained_and_drawn() {
    let mut steps = 0;
    let mut nets = 0;
    for set in [
        "puzzles3_magictour_top1465.txt",
        "puzzles6_forum_hardest_1106.txt",
    ] {
        let text = std::fs::read_to_string(data_dir().join("bench").join(set)).unwrap();
        for record in read_all(&text) {
            let grid = record.grid.expect("a bench puzzle reads");
            let start = Board::new(&grid, None);
            let path = solve(&start, &Options::default());
            let mut board = start.clone();
            for step in &path.steps {
                nets += usize::from(check(&board, step, &format!("{set}:{}", record.line)));
                board.apply(step);
                steps += 1;
            }
        }
    }
    assert!(steps > 100_000, "{steps} steps");
    assert!(nets > 100, "{nets} nets with their deeper trials told");
}
