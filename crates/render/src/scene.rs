//! What a picture of a grid shows, as data: each cell's content, the candidates a step
//! marks, the houses to look at and the links of a chain. Built from a puzzle, a
//! solution, a board or a step; drawn by `draw.rs`.

use std::sync::Arc;

use sudokit_core::{Cell, Digit, DigitSet, Grid, Layout};
use sudokit_logic::render::look_at;
use sudokit_logic::{Board, Pattern, Step};

/// What a cell shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Content {
    /// Nothing.
    Empty,
    /// A given digit (bold).
    Given(Digit),
    /// A digit filled in by the solver or a step (lighter than a given).
    Filled(Digit),
    /// Pencil marks: the cell's candidates.
    Marks(DigitSet),
}

/// How a step picture marks a candidate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Mark {
    /// Part of the pattern that makes the deduction.
    Pattern,
    /// Part of the pattern, in one of several colours (coloring's two sides, the sets of
    /// an ALS step).
    Color(u8),
    /// Removed by the step: struck out.
    Eliminated,
    /// Placed by the step.
    Placed,
}

/// A link of a chain between two nodes (each one candidate or a group of them).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    /// The candidates of the node it starts from.
    pub from: Vec<(Cell, Digit)>,
    /// The candidates of the node it goes to.
    pub to: Vec<(Cell, Digit)>,
    /// Strong (drawn solid) or weak (dashed).
    pub strong: bool,
}

/// Everything a picture of a grid shows.
#[derive(Clone, Debug)]
pub struct Scene {
    /// The layout: size, regions, diagonals.
    pub layout: Arc<Layout>,
    /// Each cell's content, by cell index.
    pub cells: Vec<Content>,
    /// Marked candidates, sorted.
    pub marks: Vec<((Cell, Digit), Mark)>,
    /// Cells of the houses a reader should look at (shaded).
    pub shaded: Vec<Cell>,
    /// The links of a chain.
    pub links: Vec<Link>,
}

impl Scene {
    fn new(layout: &Arc<Layout>, cells: Vec<Content>) -> Scene {
        Scene {
            layout: layout.clone(),
            cells,
            marks: Vec::new(),
            shaded: Vec::new(),
            links: Vec::new(),
        }
    }

    /// A puzzle to solve: its givens.
    pub fn puzzle(grid: &Grid) -> Scene {
        let cells = grid
            .values()
            .iter()
            .map(|&v| Digit::new_checked(v).map_or(Content::Empty, Content::Given))
            .collect();
        Scene::new(grid.layout(), cells)
    }

    /// A solved puzzle: its givens, and the rest of `solution` filled in.
    pub fn solution(puzzle: &Grid, solution: &Grid) -> Scene {
        let mut scene = Scene::puzzle(puzzle);
        for cell in puzzle.layout().cells() {
            if let (Content::Empty, Some(d)) = (scene.cells[cell.index()], solution.get(cell)) {
                scene.cells[cell.index()] = Content::Filled(d);
            }
        }
        scene
    }

    /// A position in play: the puzzle's givens, the player's digits in `position` (filled
    /// in), and their notes as pencil marks where a cell has some.
    pub fn play(puzzle: &Grid, position: &Grid, notes: &[Option<DigitSet>]) -> Scene {
        let mut scene = Scene::puzzle(puzzle);
        for cell in puzzle.layout().cells() {
            let i = cell.index();
            if scene.cells[i] != Content::Empty {
                continue;
            }
            scene.cells[i] = match (position.get(cell), notes.get(i).copied().flatten()) {
                (Some(d), _) => Content::Filled(d),
                (None, Some(marks)) if !marks.is_empty() => Content::Marks(marks),
                _ => Content::Empty,
            };
        }
        scene
    }

    /// A board with pencil marks: givens, placed digits and every open cell's candidates.
    pub fn board(board: &Board) -> Scene {
        let layout = board.layout();
        let cells = layout
            .cells()
            .map(|c| match board.value(c) {
                Some(d) if board.is_given(c) => Content::Given(d),
                Some(d) => Content::Filled(d),
                None => Content::Marks(board.candidates(c)),
            })
            .collect();
        Scene::new(layout, cells)
    }

    /// A step on the board it was found on: the pattern's candidates highlighted, the
    /// eliminated ones struck, the placed ones marked, the houses to look at shaded and a
    /// chain's links drawn.
    pub fn step(board: &Board, step: &Step) -> Scene {
        let mut scene = Scene::board(board);
        let layout = board.layout();
        let mut marks: Vec<((Cell, Digit), Mark)> = colored(board, step).unwrap_or_else(|| {
            step.highlights(board)
                .into_iter()
                .map(|c| (c, Mark::Pattern))
                .collect()
        });
        marks.retain(|(c, _)| !step.placements.contains(c) && !step.eliminations.contains(c));
        marks.extend(step.eliminations.iter().map(|&c| (c, Mark::Eliminated)));
        marks.extend(step.placements.iter().map(|&c| (c, Mark::Placed)));
        marks.sort();
        scene.marks = marks;
        if shows_houses(&step.pattern) {
            let mut cells: Vec<Cell> = look_at(layout, step)
                .into_iter()
                .flat_map(|h| layout.house_set(h).iter())
                .collect();
            cells.sort();
            cells.dedup();
            scene.shaded = cells;
        }
        if let Pattern::Chain(chain) = &step.pattern {
            let node = |i: usize| -> Vec<(Cell, Digit)> {
                let n = &chain.nodes[i % chain.nodes.len()];
                n.cells.iter().map(|&c| (c, n.digit)).collect()
            };
            scene.links = chain
                .strong
                .iter()
                .enumerate()
                .map(|(i, &strong)| Link {
                    from: node(i),
                    to: node(i + 1),
                    strong,
                })
                .collect();
        }
        scene
    }
}

/// The candidates of patterns with sides or parts in several colours: coloring's two
/// colours per cluster, an ALS step's sets one colour each.
fn colored(board: &Board, step: &Step) -> Option<Vec<((Cell, Digit), Mark)>> {
    let mut out = Vec::new();
    match &step.pattern {
        Pattern::Coloring { digit, clusters } => {
            for (k, sides) in clusters.iter().enumerate() {
                for (side, cells) in sides.iter().enumerate() {
                    let color = ((2 * k + side) % 4) as u8;
                    out.extend(cells.iter().map(|&c| ((c, *digit), Mark::Color(color))));
                }
            }
        }
        Pattern::Als { sets, .. } => {
            for (k, set) in sets.iter().enumerate() {
                for &c in &set.cells {
                    let digits = board.candidates(c).and(set.digits);
                    out.extend(digits.iter().map(|d| ((c, d), Mark::Color((k % 4) as u8))));
                }
            }
        }
        _ => return None,
    }
    out.sort();
    out.dedup_by_key(|(c, _)| *c);
    Some(out)
}

/// Does a picture of this pattern shade the houses it lives in? (Singles, locked
/// candidates, subsets and fish do; for chains and sets the shading would cover the
/// grid.)
fn shows_houses(pattern: &Pattern) -> bool {
    matches!(
        pattern,
        Pattern::Single { .. }
            | Pattern::Intersection { .. }
            | Pattern::Subset { .. }
            | Pattern::Fish { .. }
    )
}
