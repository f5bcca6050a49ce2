//! Golden pictures: the SVG of each kind of grid and of a step diagram, compared byte for
//! byte with the files in `tests/golden/`. After a deliberate change to the drawing, look
//! at the new pictures and write them with `SUDOKIT_BLESS=1 cargo test -p sudokit-render`.

use std::path::PathBuf;
use std::sync::Arc;

use sudokit_core::{Grid, Layout};
use sudokit_logic::{solve, Board, Options, Pattern};
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
