//! What a picture of a grid shows, as data: each cell's content, the candidates a step
//! marks, the shaded cells and the links of a chain. Built from a puzzle, a solution, a
//! board or a step (from the logic crate's `teach::drawing`); drawn by `draw.rs`.

use std::sync::Arc;

use sudokit_core::{Cell, Digit, DigitSet, Grid, Layout};
use sudokit_logic::teach::{self, CellRole, Drawing};
use sudokit_logic::{Board, Step};

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

/// How a step picture marks a candidate: the logic crate's [`Role`](sudokit_logic::teach::Role) (pattern, colour k,
/// fin, extra, eliminated, placed), one value for every front end.
pub use sudokit_logic::teach::Role as Mark;

/// A link of a chain between two nodes (each one candidate or a group of them), drawn
/// from `from` to `to` with an arrow: the logic crate's, as the drawing gives it.
pub use sudokit_logic::teach::Link;

/// How a whole cell is shaded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Shade {
    /// A house the pattern lives in (a fish's base lines, a single's house) or a house
    /// to look at.
    Base,
    /// A house the pattern removes candidates from (a fish's cover lines).
    Cover,
    /// A cell whose digit rules out others (a single's blockers).
    Blocker,
    /// A cell that cannot take a single's digit.
    RuledOut,
    /// Where a forcing chain breaks.
    Broken,
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
    /// Shaded cells, sorted; a cell in several shaded houses takes the first shade.
    pub shaded: Vec<(Cell, Shade)>,
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

    /// A step on the board it was found on, as [`teach::drawing`] marks it: the
    /// pattern's candidates (its fins and extra candidates apart), the eliminated ones
    /// struck, the placed ones marked, its base and cover houses shaded, a single's
    /// blockers, and a chain's links.
    pub fn step(board: &Board, step: &Step) -> Scene {
        Scene::drawn(board, &teach::drawing(board, step))
    }

    /// The board with `drawing` on it.
    pub fn drawn(board: &Board, drawing: &Drawing) -> Scene {
        let mut scene = Scene::board(board);
        let layout = board.layout();
        scene.marks = drawing.candidates.clone();
        scene.marks.sort();
        let mut shaded: Vec<(Cell, Shade)> = drawing
            .cells
            .iter()
            .map(|&(c, role)| {
                let shade = match role {
                    CellRole::Blocker => Shade::Blocker,
                    CellRole::RuledOut => Shade::RuledOut,
                    CellRole::Broken => Shade::Broken,
                };
                (c, shade)
            })
            .collect();
        for &(h, shade) in &drawing.houses {
            let shade = match shade {
                teach::Shade::Base => Shade::Base,
                teach::Shade::Cover => Shade::Cover,
            };
            shaded.extend(layout.house(h).cells.iter().map(|&c| (c, shade)));
        }
        scene.shade(shaded);
        scene.links = drawing.links.clone();
        scene
    }

    /// Shades cells; a cell keeps the first shade it was given (cell roles before houses,
    /// a base before a cover).
    pub fn shade(&mut self, mut list: Vec<(Cell, Shade)>) {
        list.append(&mut self.shaded);
        let mut seen = vec![false; self.layout.cell_count()];
        let mut out: Vec<(Cell, Shade)> = list
            .into_iter()
            .filter(|&(c, _)| !std::mem::replace(&mut seen[c.index()], true))
            .collect();
        out.sort();
        self.shaded = out;
    }

    /// The shade of a cell, if any.
    pub fn shade_of(&self, cell: Cell) -> Option<Shade> {
        self.shaded
            .binary_search_by_key(&cell, |&(c, _)| c)
            .ok()
            .map(|i| self.shaded[i].1)
    }

    /// Does the cell show a digit (a given or a filled one)?
    pub fn is_filled(&self, cell: Cell) -> bool {
        matches!(
            self.cells[cell.index()],
            Content::Given(_) | Content::Filled(_)
        )
    }
}
