//! Golden pictures: the SVG of each kind of grid and of a step diagram, compared byte for
//! byte with the files in `tests/golden/`. After a deliberate change to the drawing, look
//! at the new pictures and write them with `SUDOKIT_BLESS=1 cargo test -p sudokit-render`.

use std::path::PathBuf;
use std::sync::Arc;

use sudokit_core::{Grid, Layout};
use sudokit_logic::{solve, teach, Board, Options, Pattern, Technique};
use sudokit_render::{scene_svg, step_svg, Scene};

/// A 9×9 from top1465.
const CLASSIC: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
/// The 6×6 of the seed documents (boxes of 2 × 3), as its givens.
const SIX: &str = "4....1..23...5..3..6..4...54..1....5";
/// A 16×16 from `sudokit generate --box 4x4 --seed 7`.
const SIXTEEN: &str = "AC........42.G....F6.3.AD...8.B5....4.8..1.....6.G.5...2.....74...B........6...E..C.F.39..2G7.1....28..BFA.4......8.D.1.E3.C..5.9.1.34......B.87...72.F...8..6A....F.A...6..G...E.2.C..G.....9D4..5DA.....67E...2........8.3F.C1...BE.61...A.8..F.....B.9..D....";
/// `examples/jigsaw9.txt` on `examples/jigsaw9-regions.txt`.
const JIGSAW: &str =
    ".3.......3......2............6..1...4.....5.6.......9...8...6525....913.......7..";
const REGIONS: &str = "DCCCCCCCC\nDDGAAFFFC\nDGGAAFBFF\nDGGAAFBFB\nDDGAAFBBB\nDDGGAIBBB\nEEEGIIIIH\nEEIIIIHHH\nEEEEHHHHH\n";
/// A sudoku-X from `sudokit generate --diagonals --level medium --seed 7`.
const X: &str = ".....8..6...............21...13.48.........5.....9....56....1.....2.....8.9....3.";
/// A Hard puzzle whose path has a Skyscraper (a chain: links are drawn).
const CHAINED: &str =
    "8....9...6....7..3..1536..772.....3.5..31......3.72..5.4.6.8..........8...8....52";

fn golden(name: &str, actual: &str) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(name);
    if std::env::var_os("SUDOKIT_BLESS").is_some() {
        std::fs::write(&path, actual).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (bless with SUDOKIT_BLESS=1)", path.display()));
    assert!(
        expected == actual,
        "{name} differs from {}; look at the new picture and bless it if it is right",
        path.display()
    );
}

fn grid(layout: Layout, line: &str) -> Grid {
    let values = line
        .bytes()
        .map(|b| sudokit_core::Digit::from_char(b as char).map_or(0, |d| d.get()))
        .collect();
    Grid::from_values(Arc::new(layout), values)
}

fn solution(puzzle: &Grid) -> Grid {
    sudokit_solver::count(puzzle, 2)
        .unwrap()
        .solution
        .expect("solvable")
}

#[test]
fn classic_puzzle() {
    golden(
        "classic.svg",
        &scene_svg(&Scene::puzzle(&Grid::from_line(CLASSIC).unwrap()), 36.0),
    );
}

#[test]
fn six_by_six_with_pencil_marks() {
    let puzzle = grid(Layout::for_side(6).unwrap(), SIX);
    golden(
        "six-marks.svg",
        &scene_svg(&Scene::board(&Board::new(&puzzle, None)), 48.0),
    );
}

#[test]
fn sixteen_by_sixteen_with_letters() {
    let puzzle = grid(Layout::for_side(16).unwrap(), SIXTEEN);
    let svg = scene_svg(&Scene::puzzle(&puzzle), 30.0);
    assert!(svg.contains(">G</text>"), "digits past 9 are letters");
    golden("sixteen.svg", &svg);
}

#[test]
fn jigsaw_solution() {
    let puzzle = grid(Layout::from_regions_str(REGIONS).unwrap(), JIGSAW);
    golden(
        "jigsaw-solution.svg",
        &scene_svg(&Scene::solution(&puzzle, &solution(&puzzle)), 36.0),
    );
}

#[test]
fn sudoku_x_puzzle() {
    let puzzle = grid(Layout::classic().with_diagonals(), X);
    golden("x.svg", &scene_svg(&Scene::puzzle(&puzzle), 36.0));
}

#[test]
fn step_diagram_of_a_chain() {
    let start = Board::new(&Grid::from_line(CHAINED).unwrap(), None);
    let path = solve(&start, &Options::default());
    let mut board = start.clone();
    for (i, step) in path.steps.iter().enumerate() {
        if matches!(step.pattern, Pattern::Chain(_)) {
            let svg = step_svg(&board, step, Some(i + 1), 40.0);
            assert!(
                svg.contains("stroke-dasharray"),
                "a chain's weak links are dashed"
            );
            return golden("step-chain.svg", &svg);
        }
        board.apply(step);
    }
    panic!("the path has no chain");
}

/// The step diagrams of the techniques a player meets first and most, each on its example
/// (`teach::example`): pattern, fins and extra candidates apart, base and cover houses,
/// links with arrows around the digits, what goes struck, what is placed marked.
#[test]
fn step_diagrams_of_a_dozen_techniques() {
    let cases = [
        (Technique::HiddenSingle, "hidden-single"),
        (Technique::NakedSingle, "naked-single"),
        (Technique::Pointing, "pointing"),
        (Technique::HiddenPair, "hidden-pair"),
        (Technique::XWing, "x-wing"),
        (Technique::Skyscraper, "skyscraper"),
        (Technique::TwoStringKite, "two-string-kite"),
        (Technique::XyWing, "xy-wing"),
        (Technique::WWing, "w-wing"),
        (Technique::UniqueRectangle3, "unique-rectangle-3"),
        (Technique::FinnedXWing, "finned-x-wing"),
        (Technique::Aic, "aic"),
        (Technique::ForcingChainContradiction, "forcing-chain"),
    ];
    for (t, name) in cases {
        let (board, step) = teach::example(t).unwrap_or_else(|| panic!("no example of {t}"));
        let svg = step_svg(&board, &step, None, 40.0);
        let links = svg.matches("Z").count();
        match step.pattern {
            Pattern::Chain(ref c) => assert!(links >= c.strong.len(), "{t}: an arrow a link"),
            Pattern::Forcing { .. } => assert!(links > 0, "{t}: arrows for its implications"),
            _ => {}
        }
        assert!(!svg.contains("&lt;&gt;"), "{t}: no notation in the caption");
        golden(&format!("teach-{name}.svg"), &svg);
    }
}

/// A 16×16 from `sudokit generate --box 4x4 --level hard --seed 6`.
const SIXTEEN_HARD: &str = "6.BF.D.1.3..8..G1........8B....7.....G8...7..E....E3..5...A...1.E4...5F...C.....7....2.8.91A..BD.......D.6G..8....6.1........G....5.....1........D7..FBC9....2.8..A...4.5...B.E6...4.8.2BF.3..71.....B..2..D..F.C.8...2A...6E53.4....E9...8...CBA2F....G3.E5....";

/// Its first hidden triple, of digits 5, A and E: letters in the picture and the words.
#[test]
fn a_sixteen_by_sixteen_step_in_letters() {
    let puzzle = grid(Layout::for_side(16).unwrap(), SIXTEEN_HARD);
    let start = Board::new(&puzzle, None);
    let path = solve(&start, &Options::default());
    let mut board = start.clone();
    for step in &path.steps {
        if step.technique == Technique::HiddenTriple {
            let svg = step_svg(&board, step, None, 32.0);
            let words = teach::explain(&board, step).text().join("\n");
            assert!(words.contains("5, A and E"), "{words}");
            assert!(
                words.contains("loses 6, 9 and G"),
                "letters, not numbers: {words}"
            );
            assert!(
                svg.contains(">A</text>") && svg.contains("5, A and E"),
                "letters in the picture"
            );
            return golden("teach-sixteen-hidden-triple.svg", &svg);
        }
        board.apply(step);
    }
    panic!("the path has no hidden triple");
}
