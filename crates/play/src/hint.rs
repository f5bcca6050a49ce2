//! Hints that teach, a rung at a time, and the seed document's solver: singles by
//! propagation, and when none is left, the player is asked to choose a cell and a digit.

use sudokit_core::{Cell, Digit, DigitSet};
use sudokit_logic::render::{look_at, sentence, vague};
use sudokit_logic::{find_first, next_step, Board, Options, Step, Technique};

use crate::game::{Game, Snapshot};

/// What a hint shows.
#[derive(Clone, Debug)]
pub enum Hint {
    /// A wrong entry, or notes that leave out a cell's digit: said before any step, since
    /// no honest step follows from a broken grid.
    Mistake {
        /// The cell at fault.
        cell: Cell,
    },
    /// A logical step on the position, shown one rung further at each press.
    Step {
        /// The board it was found on.
        board: Box<Board>,
        /// The step.
        step: Step,
        /// 1: technique and where to look; 2: the pattern; 3: what it proves; (4: applied).
        rung: u8,
    },
}

impl Hint {
    /// Cells to shade as the place to look (rung 1 on).
    pub fn area(&self, game: &Game) -> Vec<Cell> {
        match self {
            Hint::Mistake { cell } => vec![*cell],
            Hint::Step { step, .. } => {
                let layout = game.layout();
                look_at(layout, step)
                    .into_iter()
                    .flat_map(|h| layout.house_set(h).iter())
                    .collect()
            }
        }
    }

    /// The pattern's cells (rung 2 on): the cells of the candidates it is made of.
    pub fn pattern(&self) -> Vec<Cell> {
        match self {
            Hint::Step { board, step, rung } if *rung >= 2 => pattern_cells(board, step),
            _ => Vec::new(),
        }
    }

    /// Cells that lose candidates and cells that get digits (rung 3 on).
    pub fn effects(&self) -> (Vec<Cell>, Vec<Cell>) {
        match self {
            Hint::Step { step, rung, .. } if *rung >= 3 => (
                step.eliminations.iter().map(|&(c, _)| c).collect(),
                step.placements.iter().map(|&(c, _)| c).collect(),
            ),
            _ => (Vec::new(), Vec::new()),
        }
    }
}

/// The cells of a step's pattern: where its highlighted candidates are (locked
/// candidates and fish name houses, not cells), else the cells it names.
fn pattern_cells(board: &Board, step: &Step) -> Vec<Cell> {
    let mut cells: Vec<Cell> = step.highlights(board).into_iter().map(|(c, _)| c).collect();
    if cells.is_empty() {
        cells = step.pattern_cells();
    }
    cells.dedup();
    cells
}

/// The next rung of the hint (a new hint when none is showing).
pub fn next_rung(game: &mut Game) -> String {
    let layout = game.layout().clone();
    match &mut game.hint {
        Some(Hint::Step { board, step, rung }) if *rung < 3 => {
            *rung += 1;
            if *rung == 2 {
                let cells = sudokit_logic::render::cells(&layout, &pattern_cells(board, step));
                format!("{}: the pattern is {cells} (highlighted).", step.technique)
            } else {
                format!("{} Press ? again to apply it.", sentence(&layout, step))
            }
        }
        Some(Hint::Step { board, step, .. }) => {
            let (board, step) = ((**board).clone(), step.clone());
            apply(game, &board, &step);
            format!(
                "Applied: {}",
                sudokit_logic::render::notation(&layout, &step)
            )
        }
        _ => new_hint(game),
    }
}

/// A fresh hint: the first mistake if there is one, else the engine's next step.
fn new_hint(game: &mut Game) -> String {
    if game.is_solved() {
        return "Solved already.".into();
    }
    let layout = game.layout().clone();
    if let Some(&cell) = game.wrong_entries(&game.now).first() {
        game.hint = Some(Hint::Mistake { cell });
        let d = game.now.entries[cell.index()];
        let name = layout.cell_name(cell);
        return format!("{name} holds {d}, which is not its digit: no step follows from a wrong entry. Take it out (Backspace).");
    }
    if let Some(cell) = lost_note(game) {
        game.hint = Some(Hint::Mistake { cell });
        let name = layout.cell_name(cell);
        return format!(
            "The notes of {name} leave out its digit. Fix them, or press a for fresh notes."
        );
    }
    let board = board(game);
    let Some(step) = next_step(&board, &Options::default()) else {
        return "No technique finds a step here.".into();
    };
    let text = vague(&layout, &step);
    game.hint = Some(Hint::Step {
        board: Box::new(board),
        step,
        rung: 1,
    });
    format!("{text}. Press ? again for more.")
}

/// A cell whose notes leave out its solution digit.
fn lost_note(game: &Game) -> Option<Cell> {
    game.layout().cells().find(|&c| {
        let notes = game.now.notes[c.index()];
        game.value(c).is_none()
            && !notes.is_empty()
            && game.solution.get(c).is_some_and(|d| !notes.contains(d))
    })
}

/// The board of the position: the player's notes as candidates when every empty cell
/// has some, else every candidate.
fn board(game: &Game) -> Board {
    let grid = game.grid();
    let noted = game
        .layout()
        .cells()
        .all(|c| grid.get(c).is_some() || !game.now.notes[c.index()].is_empty());
    Board::new(&grid, noted.then_some(game.now.notes.as_slice()))
}

/// Makes the step's placements and eliminations (as notes: a cell without notes gets
/// the board's candidates less the eliminated ones) one undoable change.
fn apply(game: &mut Game, board: &Board, step: &Step) {
    let mut next: Snapshot = game.now.clone();
    if !step.eliminations.is_empty() {
        // An elimination lives in notes: cells without notes get the board's candidates,
        // so the next hint starts from what this one proved.
        for cell in game.layout().cells() {
            let i = cell.index();
            if game.value(cell).is_none() && next.notes[i].is_empty() {
                next.notes[i] = board.candidates(cell);
            }
        }
    }
    for &(cell, digit) in &step.eliminations {
        next.notes[cell.index()].remove(digit);
    }
    for &(cell, digit) in &step.placements {
        place(game, &mut next, cell, digit);
    }
    game.change(next);
}

fn place(game: &Game, next: &mut Snapshot, cell: Cell, digit: Digit) {
    next.entries[cell.index()] = digit.get();
    next.notes[cell.index()] = DigitSet::EMPTY;
    for &p in game.layout().peers(cell) {
        next.notes[p.index()].remove(digit);
    }
}

/// One step of the seed's interactive solver: place a single (full house, naked or
/// hidden single) found by propagation; when none is left, ask the player to choose a
/// cell and a digit, with the cursor on a cell of fewest candidates.
pub fn seed_step(game: &mut Game) -> String {
    if game.is_solved() {
        return "Solved already.".into();
    }
    if !game.wrong_entries(&game.now).is_empty() || !game.conflicts().is_empty() {
        return "An entry is wrong, so propagation would go astray: check with c first.".into();
    }
    let layout = game.layout().clone();
    let grid = game.grid();
    let board = Board::new(&grid, None);
    let singles = [
        Technique::FullHouse,
        Technique::NakedSingle,
        Technique::HiddenSingle,
    ];
    if let Some(step) = singles.iter().find_map(|&t| find_first(&board, t)) {
        let mut next = game.now.clone();
        for &(cell, digit) in &step.placements {
            place(game, &mut next, cell, digit);
            game.cursor = cell;
        }
        let text = sentence(&layout, &step);
        game.change(next);
        return text;
    }
    let fewest = layout
        .cells()
        .filter(|&c| grid.get(c).is_none())
        .min_by_key(|&c| (board.candidates(c).len(), c));
    let Some(cell) = fewest else {
        return "The grid is full.".into();
    };
    game.cursor = cell;
    let digits: Vec<String> = board
        .candidates(cell)
        .iter()
        .map(|d| d.to_string())
        .collect();
    format!(
        "No single is left: choose a cell and a digit. {} has the fewest candidates: {}.",
        layout.cell_name(cell),
        digits.join(", ")
    )
}

#[cfg(test)]
mod tests {
    use sudokit_core::Grid;

    use super::*;
    use crate::game::Action;

    fn game(line: &str) -> Game {
        let puzzle = Grid::from_line(line).unwrap();
        let solution = sudokit_solver::count(&puzzle, 2).unwrap().solution.unwrap();
        Game::new(puzzle, solution, String::new())
    }

    const EASY: &str =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    /// Needs more than singles.
    const HARD: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    #[test]
    fn a_hint_climbs_its_rungs_then_applies_the_step() {
        let mut g = game(EASY);
        let first = g.apply(Action::Hint);
        assert!(first.contains("look at"), "{first}");
        assert!(!g.hint.as_ref().unwrap().area(&g).is_empty());
        let second = g.apply(Action::Hint);
        assert!(second.contains("pattern"), "{second}");
        assert!(!g.hint.as_ref().unwrap().pattern().is_empty());
        let third = g.apply(Action::Hint);
        assert!(third.contains("apply"), "{third}");
        let moves = g.moves();
        let fourth = g.apply(Action::Hint);
        assert!(fourth.starts_with("Applied"), "{fourth}");
        assert_eq!(g.moves(), moves + 1, "applying is one undoable move");
        assert!(g.wrong_entries(&g.now).is_empty());
    }

    #[test]
    fn applied_eliminations_stay_so_the_next_hint_moves_on() {
        let mut g = game(HARD);
        // Singles first, then hints until one that eliminates is applied.
        for _ in 0..100 {
            g.apply(Action::Step);
        }
        let mut steps = Vec::new();
        for _ in 0..6 {
            g.apply(Action::Hint);
            let Some(Hint::Step { step, .. }) = &g.hint else {
                break;
            };
            steps.push(step.clone());
            for _ in 0..3 {
                g.apply(Action::Hint);
            }
        }
        assert!(steps.len() >= 2, "{steps:?}");
        assert!(
            steps.windows(2).all(|w| w[0] != w[1]),
            "a hint never repeats the step just applied"
        );
    }

    #[test]
    fn a_locked_candidates_hint_names_its_cells() {
        let mut g = game(HARD);
        for _ in 0..100 {
            g.apply(Action::Step);
        }
        g.apply(Action::Hint);
        let said = g.apply(Action::Hint);
        assert!(!said.contains("is  ("), "the pattern names cells: {said}");
        assert!(!g.hint.as_ref().unwrap().pattern().is_empty());
    }

    #[test]
    fn a_wrong_entry_is_named_before_any_step() {
        let mut g = game(EASY);
        let cell = g.layout().cells().find(|&c| !g.is_given(c)).unwrap();
        let wrong = Digit::new(g.solution.get(cell).unwrap().get() % 9 + 1);
        g.apply(Action::Goto(cell));
        g.apply(Action::Digit(wrong));
        let said = g.apply(Action::Hint);
        assert!(
            said.contains(&g.layout().cell_name(cell)) && said.contains("not its digit"),
            "{said}"
        );
    }

    #[test]
    fn the_seed_solver_places_singles_then_asks_for_a_choice() {
        let mut g = game(EASY);
        for _ in 0..200 {
            let said = g.apply(Action::Step);
            if g.is_solved() {
                return;
            }
            assert!(
                !said.contains("choose"),
                "an easy puzzle needs only singles: {said}"
            );
        }
        panic!("not solved by singles");
    }

    #[test]
    fn when_singles_run_out_the_player_chooses() {
        let mut g = game(HARD);
        let said = (0..100)
            .map(|_| g.apply(Action::Step))
            .find(|s| s.contains("choose a cell and a digit"))
            .expect("a hard puzzle runs out of singles");
        assert!(said.contains("fewest candidates"), "{said}");
        assert!(
            g.value(g.cursor).is_none(),
            "the cursor is on the cell to choose"
        );
    }
}
