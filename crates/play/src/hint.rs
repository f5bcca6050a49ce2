//! Hints that teach, a rung at a time, and the seed document's solver: singles by
//! propagation, and when none is left, the player is asked to choose a cell and a digit.
//!
//! The rungs: 1, the technique and the fewest houses that hold it; 2, the pattern (for a
//! single, the digits that rule out the other cells); 3, the explanation, a numbered list
//! in the side panel, with what the step removes or places marked; 4, the step applied as
//! one undoable move. A hint reasons from the player's notes when every empty cell has
//! some (then a note that drops a cell's digit is a mistake), else from every candidate
//! the digits allow, and says so once.

use sudokit_core::{Cell, Digit, DigitSet};
use sudokit_logic::render::{look_at, look_at_cells, vague};
use sudokit_logic::teach::{self, CellRole, Drawing, Role};
use sudokit_logic::{find_first, next_step, Board, Options, Step, Technique};

use crate::game::{Game, Snapshot};

/// What a hint shows.
#[derive(Clone, Debug)]
pub enum Hint {
    /// A wrong entry, or (with complete notes) notes that leave out a cell's digit: said
    /// before any step, since no honest step follows from a broken grid.
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
        /// What a picture of it marks.
        drawing: Box<Drawing>,
        /// Its explanation, a line each (numbered steps, cases indented).
        lines: Vec<String>,
        /// 1: technique and where to look; 2: the pattern; 3: the explanation; (4:
        /// applied).
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
                look_at_cells(layout, step, &look_at(layout, step))
            }
        }
    }

    /// The marked candidates shown at this rung: the pattern's from rung 2 (its fins and
    /// extra candidates apart), what goes and what is placed from rung 3.
    pub fn candidates(&self) -> Vec<((Cell, Digit), Role)> {
        match self {
            Hint::Step { drawing, rung, .. } if *rung >= 2 => drawing
                .candidates
                .iter()
                .copied()
                .filter(|&(_, role)| *rung >= 3 || !matches!(role, Role::Eliminated | Role::Placed))
                .collect(),
            _ => Vec::new(),
        }
    }

    /// The marked cells shown at this rung (from rung 2): a single's blockers and the
    /// cells they rule out.
    pub fn cells(&self) -> Vec<(Cell, CellRole)> {
        match self {
            Hint::Step { drawing, rung, .. } if *rung >= 2 => drawing.cells.clone(),
            _ => Vec::new(),
        }
    }

    /// The explanation's lines (rung 3 on).
    pub fn lines(&self) -> &[String] {
        match self {
            Hint::Step { lines, rung, .. } if *rung >= 3 => lines,
            _ => &[],
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

/// The next rung of the hint (a new hint when none is showing).
pub fn next_rung(game: &mut Game) -> String {
    let layout = game.layout().clone();
    // The marks as the screen shows them (see the terminal's cell marks).
    let (blockers, ruled_out) = if game.colours {
        ("shaded cyan", "shaded grey")
    } else {
        ("marked *", "marked ×")
    };
    let notes = &game.now.notes;
    match &mut game.hint {
        Some(Hint::Step {
            step,
            rung,
            drawing,
            ..
        }) if *rung < 3 => {
            *rung += 1;
            // The screen colours a pattern's candidate only where the player noted it;
            // with none of them noted, what shows is the cells.
            let noted = drawing
                .candidates
                .iter()
                .any(|&((c, d), _)| notes[c.index()].contains(d));
            let marked = if noted { "candidates" } else { "cells" };
            if *rung == 2 {
                match step.technique {
                    Technique::HiddenSingle => format!(
                        "{}: the digits {blockers} rule out every cell {ruled_out}. Press ? for the answer.",
                        step.technique
                    ),
                    Technique::NakedSingle => format!(
                        "{}: the digits {blockers} in one cell's row, column and box rule out all but one digit. Press ? for the answer.",
                        step.technique
                    ),
                    Technique::FullHouse => format!(
                        "{}: one cell of the house is left. Press ? for the answer.",
                        step.technique
                    ),
                    t => format!(
                        "{t}: the marked {marked} form the pattern. Press ? for what it proves."
                    ),
                }
            } else {
                "Why it holds is in the panel (PgUp/PgDn scroll). Press ? again to apply it."
                    .to_string()
            }
        }
        Some(Hint::Step { board, step, .. }) => {
            let (board, step) = ((**board).clone(), step.clone());
            apply(game, &board, &step);
            let what: Vec<String> = step
                .placements
                .iter()
                .map(|&(c, d)| format!("{} is {}", layout.cell_name(c), d))
                .collect();
            if what.is_empty() {
                format!(
                    "Applied the {}: its candidates are gone from your notes.",
                    step.technique
                )
            } else {
                format!("Applied the {}: {}.", step.technique, what.join(", "))
            }
        }
        _ => new_hint(game),
    }
}

/// Do the player's notes cover every empty cell (so they are the player's candidates)?
pub(crate) fn notes_complete(game: &Game, snapshot: &Snapshot) -> bool {
    game.layout().cells().all(|c| {
        game.puzzle.get(c).is_some()
            || snapshot.entries[c.index()] != 0
            || !snapshot.notes[c.index()].is_empty()
    })
}

/// A fresh hint: the first wrong digit if there is one, else (with complete notes) notes
/// that drop a cell's digit, else the engine's next step.
fn new_hint(game: &mut Game) -> String {
    if game.is_solved() {
        return "Solved already.".into();
    }
    let layout = game.layout().clone();
    if let Some(&cell) = game.wrong_entries(&game.now).first() {
        game.hint = Some(Hint::Mistake { cell });
        let d = Digit::new(game.now.entries[cell.index()]);
        let name = layout.cell_name(cell);
        return format!(
            "{name} holds {d}, which is not its digit: no step follows from a wrong entry. Take it out (Backspace, which puts back the notes it cleared)."
        );
    }
    if let Some(cell) = lost_note(game, &game.now) {
        game.hint = Some(Hint::Mistake { cell });
        let name = layout.cell_name(cell);
        return format!(
            "The notes of {name} leave out its digit. Fix them, or press a for fresh notes."
        );
    }
    let complete = notes_complete(game, &game.now);
    let board = board(game);
    let Some(step) = next_step(&board, &Options::default()) else {
        return "No technique finds a step here.".into();
    };
    let text = vague(&layout, &step);
    let drawing = Box::new(teach::drawing(&board, &step));
    let lines = teach::explain(&board, &step).text();
    game.hint = Some(Hint::Step {
        board: Box::new(board),
        step,
        drawing,
        lines,
        rung: 1,
    });
    let note = if !complete
        && !game.told_about_notes
        && game.now.notes.iter().any(|n| !n.is_empty())
    {
        game.told_about_notes = true;
        " (Your notes do not cover every empty cell, so hints work from all the candidates the digits allow.)"
    } else {
        ""
    };
    format!("{text}. Press ? again for more.{note}")
}

/// With complete notes, a cell whose notes leave out its solution digit.
pub(crate) fn lost_note(game: &Game, snapshot: &Snapshot) -> Option<Cell> {
    if !notes_complete(game, snapshot) {
        return None;
    }
    game.layout().cells().find(|&c| {
        let notes = snapshot.notes[c.index()];
        game.puzzle.get(c).is_none()
            && snapshot.entries[c.index()] == 0
            && !notes.is_empty()
            && game.solution.get(c).is_some_and(|d| !notes.contains(d))
    })
}

/// The board of the position: the player's notes as candidates when every empty cell
/// has some, else every candidate.
fn board(game: &Game) -> Board {
    let grid = game.grid();
    let noted = notes_complete(game, &game.now);
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
        let text = teach::explain(&board, &step)
            .lines
            .last()
            .map_or_else(String::new, |l| l.text.clone());
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
        let hint = g.hint.as_ref().unwrap();
        assert!(
            !hint.candidates().is_empty() || !hint.cells().is_empty(),
            "rung 2 marks the pattern: {second}"
        );
        let third = g.apply(Action::Hint);
        assert!(third.contains("apply"), "{third}");
        assert!(
            !g.hint.as_ref().unwrap().lines().is_empty(),
            "rung 3 explains"
        );
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
        assert!(!g.hint.as_ref().unwrap().candidates().is_empty());
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
    fn snyder_notes_do_not_block_a_hint() {
        let mut g = game(EASY);
        // A digit pencilled in two cells of a box, one of them not its place: the notes
        // cover only those cells, so they are marks, not candidates.
        let (a, b) = (g.layout().cell(0, 0), g.layout().cell(0, 1));
        let d = g.solution.get(a).unwrap();
        g.apply(Action::ToggleNotes);
        for c in [a, b] {
            g.apply(Action::Goto(c));
            g.apply(Action::Digit(d));
        }
        assert_ne!(g.solution.get(b), Some(d), "b's notes leave out its digit");
        let said = g.apply(Action::Hint);
        assert!(
            matches!(g.hint, Some(Hint::Step { .. })),
            "a step, not a mistake: {said}"
        );
        assert!(said.contains("all the candidates"), "said once: {said}");
        g.hint = None;
        let again = g.apply(Action::Hint);
        assert!(!again.contains("all the candidates"), "only once: {again}");
    }

    #[test]
    fn the_second_rung_names_what_the_screen_marks() {
        // A Hard killer (`generate --killer --level hard --seed 3`): its first step is on
        // a cage, a pattern of candidates.
        let text =
            ".................................................................................\n\
         cages:\n\
         ABCCDDEEE\n\
         ABCCFGHHE\n\
         ABIFFGGGE\n\
         AIIFFJJJJ\n\
         AAIIKJLLJ\n\
         MMKKKLLLL\n\
         NNKOOPPPQ\n\
         NRRSOPPQQ\n\
         NNRSSPQQQ\n\
         sums: A=23 B=19 C=19 D=5 E=29 F=30 G=14 H=13 I=22 J=33 K=23 L=32\n\
         M=16 N=19 O=9 P=36 Q=21 R=18 S=24";
        let opts = sudokit_core::format::ReadOptions {
            killer: true,
            ..Default::default()
        };
        let puzzle = sudokit_core::format::Reader::new(text.as_bytes(), opts)
            .next()
            .unwrap()
            .grid
            .unwrap();
        let solution = sudokit_solver::count(&puzzle, 2).unwrap().solution.unwrap();
        let mut g = Game::new(puzzle, solution, String::new());
        let first = g.apply(Action::Hint);
        // The first rung names the cage and shades its cells, not the box around it.
        assert!(
            first.contains("look at the 6-cell 23 cage at r1c1"),
            "{first}"
        );
        let cage: Vec<Cell> = [0, 9, 18, 27, 36, 37].map(Cell::new).to_vec();
        assert_eq!(g.hint.as_ref().unwrap().area(&g), cage);
        let second = g.apply(Action::Hint);
        assert!(
            second.contains("the marked cells form"),
            "no notes: {second}"
        );
        g.hint = None;
        g.apply(Action::AutoNotes);
        g.apply(Action::Hint);
        let second = g.apply(Action::Hint);
        assert!(
            second.contains("the marked candidates form"),
            "notes: {second}"
        );
    }

    #[test]
    fn complete_notes_that_drop_a_cells_digit_are_a_mistake() {
        let mut g = game(EASY);
        g.apply(Action::AutoNotes);
        let cell = g.layout().cells().find(|&c| g.value(c).is_none()).unwrap();
        let d = g.solution.get(cell).unwrap();
        g.apply(Action::ToggleNotes);
        g.apply(Action::Goto(cell));
        g.apply(Action::Digit(d));
        let said = g.apply(Action::Hint);
        assert!(
            matches!(g.hint, Some(Hint::Mistake { cell: c }) if c == cell),
            "{said}"
        );
        assert!(said.contains("leave out its digit"), "{said}");
    }

    #[test]
    fn backspace_after_a_wrong_digit_brings_back_the_notes_and_the_hint_goes_on() {
        let mut g = game(EASY);
        g.apply(Action::AutoNotes);
        let notes = g.now.notes.clone();
        let cell = g
            .layout()
            .cells()
            .find(|&c| g.value(c).is_none() && g.now.notes[c.index()].len() >= 2)
            .unwrap();
        let right = g.solution.get(cell).unwrap();
        let wrong = g.now.notes[cell.index()]
            .iter()
            .find(|&d| d != right)
            .unwrap();
        g.apply(Action::Goto(cell));
        g.apply(Action::Digit(wrong));
        assert_ne!(
            g.now.notes, notes,
            "auto-clean took the digit from the peers"
        );
        let said = g.apply(Action::Hint);
        assert!(said.contains("Backspace"), "{said}");
        g.apply(Action::Clear);
        assert_eq!(
            g.now.notes, notes,
            "taking the digit out restores every note"
        );
        let said = g.apply(Action::Hint);
        assert!(matches!(g.hint, Some(Hint::Step { .. })), "{said}");
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
