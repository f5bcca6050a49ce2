//! The game: the puzzle, its solution, the player's digits and notes, the cursor, and an
//! undo history of snapshots. Every change goes through [`Game::apply`], which returns a
//! message for the status line; nothing here draws or reads keys.

use std::sync::Arc;

use sudokit_core::{Cell, Digit, DigitSet, Grid, Layout};

use crate::hint::{self, Hint};

/// What a player can do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Move the cursor by rows and columns (wrapping at the edges).
    Move(i32, i32),
    /// Put the cursor on a cell.
    Goto(Cell),
    /// Type a digit: place it (again: take it out), or toggle it as a note in notes mode.
    Digit(Digit),
    /// Empty the cursor's cell (its digit, else its notes).
    Clear,
    /// Switch between placing digits and writing notes.
    ToggleNotes,
    /// Fill every empty cell's notes with its candidates.
    AutoNotes,
    /// Take back the last change.
    Undo,
    /// Redo what was taken back.
    Redo,
    /// Mark the entries that differ from the solution.
    Check,
    /// Find the first move that went wrong; again: go back to just before it.
    FirstMistake,
    /// The next rung of the hint: where to look, the pattern, what it proves, apply it.
    Hint,
    /// One step of the seed's solver: a single, or a request to choose a cell and digit.
    Step,
}

/// The player's part of a position: digits (0: none) and notes, a cell each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Snapshot {
    /// The player's digits, by cell; givens are 0 here.
    pub entries: Vec<u8>,
    /// The notes, by cell.
    pub notes: Vec<DigitSet>,
}

/// A game in play.
#[derive(Clone, Debug)]
pub struct Game {
    /// The givens.
    pub puzzle: Grid,
    /// The one solution.
    pub solution: Grid,
    /// What the player has written.
    pub now: Snapshot,
    /// The cursor.
    pub cursor: Cell,
    /// Typing writes notes instead of digits.
    pub notes_mode: bool,
    /// Time played, in milliseconds.
    pub elapsed_ms: u64,
    /// Cells the last check found wrong (cleared by the next change).
    pub wrong: Vec<Cell>,
    /// Givens a wrong entry of the last check clashes with (marked apart from it).
    pub clashes: Vec<Cell>,
    /// The hint being shown, if any.
    pub hint: Option<Hint>,
    /// A line about the puzzle: level, SE estimate.
    pub about: String,
    /// Does the screen show a hint's marks as colours (else as characters around the
    /// digits)? Hint texts name the marks the player sees.
    pub colours: bool,
    /// Has a hint said that it works from all candidates, the notes being incomplete?
    pub(crate) told_about_notes: bool,
    /// The snapshot index of the first wrong move, once found (for going back to it).
    mistake: Option<usize>,
    undo: Vec<Snapshot>,
    redo: Vec<Snapshot>,
}

impl Game {
    /// A new game on `puzzle`, whose solution is `solution`.
    pub fn new(puzzle: Grid, solution: Grid, about: String) -> Game {
        let n = puzzle.layout().cell_count();
        Game {
            puzzle,
            solution,
            now: Snapshot {
                entries: vec![0; n],
                notes: vec![DigitSet::EMPTY; n],
            },
            cursor: Cell::new(0),
            notes_mode: false,
            elapsed_ms: 0,
            wrong: Vec::new(),
            clashes: Vec::new(),
            hint: None,
            about,
            colours: true,
            told_about_notes: false,
            mistake: None,
            undo: Vec::new(),
            redo: Vec::new(),
        }
    }

    /// The layout.
    pub fn layout(&self) -> &Arc<Layout> {
        self.puzzle.layout()
    }

    /// The digit in `cell`: a given or the player's.
    pub fn value(&self, cell: Cell) -> Option<Digit> {
        self.puzzle
            .get(cell)
            .or_else(|| Digit::new_checked(self.now.entries[cell.index()]))
    }

    /// Is `cell` a given?
    pub fn is_given(&self, cell: Cell) -> bool {
        self.puzzle.get(cell).is_some()
    }

    /// The grid as it stands: givens and entries.
    pub fn grid(&self) -> Grid {
        let mut grid = self.puzzle.clone();
        for cell in self.layout().cells() {
            grid.set(cell, self.value(cell));
        }
        grid
    }

    /// Is every cell filled with the solution's digit?
    pub fn is_solved(&self) -> bool {
        self.grid().values() == self.solution.values()
    }

    /// Cells whose digit another cell of one of their houses also holds.
    pub fn conflicts(&self) -> Vec<Cell> {
        let layout = self.layout();
        layout
            .cells()
            .filter(|&c| {
                self.value(c)
                    .is_some_and(|d| layout.peers(c).iter().any(|&p| self.value(p) == Some(d)))
            })
            .collect()
    }

    /// Moves made so far (changes in the history).
    pub fn moves(&self) -> usize {
        self.undo.len()
    }

    /// The history: the snapshots undo goes back through (oldest first), and those redo
    /// brings back (next first).
    pub fn history(&self) -> (Vec<Snapshot>, Vec<Snapshot>) {
        (self.undo.clone(), self.redo.iter().rev().cloned().collect())
    }

    /// Puts back a history saved by [`Game::history`].
    pub fn set_history(&mut self, undo: Vec<Snapshot>, redo: Vec<Snapshot>) {
        self.undo = undo;
        self.redo = redo.into_iter().rev().collect();
    }

    /// Does this change anything? Applies `action` and says what happened (empty: nothing
    /// to say).
    pub fn apply(&mut self, action: Action) -> String {
        match action {
            Action::Move(dr, dc) => {
                self.cursor = self.moved(dr, dc);
                String::new()
            }
            Action::Goto(cell) => {
                self.cursor = cell;
                String::new()
            }
            Action::Digit(d) => self.type_digit(d),
            Action::Clear => self.clear(),
            Action::ToggleNotes => {
                self.notes_mode = !self.notes_mode;
                let mode = if self.notes_mode { "notes" } else { "digits" };
                format!("Typing writes {mode}.")
            }
            Action::AutoNotes => self.auto_notes(),
            Action::Undo => self.travel(true),
            Action::Redo => self.travel(false),
            Action::Check => self.check(),
            Action::FirstMistake => self.first_mistake(),
            Action::Hint => hint::next_rung(self),
            Action::Step => hint::seed_step(self),
        }
    }

    fn moved(&self, dr: i32, dc: i32) -> Cell {
        let layout = self.layout();
        let n = layout.side() as i32;
        let r = (layout.row(self.cursor) as i32 + dr).rem_euclid(n);
        let c = (layout.col(self.cursor) as i32 + dc).rem_euclid(n);
        layout.cell(r as usize, c as usize)
    }

    /// Records the position before a change (clearing what redo held, the check marks and
    /// the hint).
    pub(crate) fn change(&mut self, next: Snapshot) {
        if next == self.now {
            return;
        }
        self.undo.push(std::mem::replace(&mut self.now, next));
        self.redo.clear();
        self.wrong.clear();
        self.clashes.clear();
        self.hint = None;
        self.mistake = None;
    }

    fn type_digit(&mut self, d: Digit) -> String {
        let (cell, i) = (self.cursor, self.cursor.index());
        if d.index() >= self.layout().side() {
            return format!("{d} is not a digit of this grid.");
        }
        if self.is_given(cell) {
            return format!("{} is a given.", self.layout().cell_name(cell));
        }
        let mut next = self.now.clone();
        if self.notes_mode {
            if next.entries[i] != 0 {
                return "Take the digit out first (Backspace) to write notes.".into();
            }
            let mut notes = next.notes[i];
            if notes.contains(d) {
                notes.remove(d);
            } else {
                notes.insert(d);
            }
            next.notes[i] = notes;
        } else if next.entries[i] == d.get() {
            next.entries[i] = 0;
            self.restore_notes(&mut next, cell, d);
        } else {
            next.entries[i] = d.get();
            next.notes[i] = DigitSet::EMPTY;
            for &p in self.layout().peers(cell) {
                next.notes[p.index()].remove(d);
            }
        }
        self.change(next);
        if self.is_solved() {
            return "Solved! Every digit is right.".into();
        }
        String::new()
    }

    fn clear(&mut self) -> String {
        let i = self.cursor.index();
        if self.is_given(self.cursor) {
            return format!("{} is a given.", self.layout().cell_name(self.cursor));
        }
        let mut next = self.now.clone();
        if let Some(d) = Digit::new_checked(next.entries[i]) {
            next.entries[i] = 0;
            self.restore_notes(&mut next, self.cursor, d);
        } else {
            next.notes[i] = DigitSet::EMPTY;
        }
        self.change(next);
        String::new()
    }

    /// Taking `d` out of `cell` puts back the notes its placing cleared: the cell's own
    /// notes from before, and `d` in each peer that noted it then, still noted, and with
    /// no other `d` in sight. (The history tells what was there; a game resumed without
    /// it puts `d` back in the noted peers that can take it, when the notes are complete.)
    fn restore_notes(&self, next: &mut Snapshot, cell: Cell, d: Digit) {
        let i = cell.index();
        let before = self
            .undo
            .iter()
            .rev()
            .find(|s| s.entries[i] != d.get())
            .cloned();
        let layout = self.layout().clone();
        let value = |s: &Snapshot, c: Cell| {
            self.puzzle
                .get(c)
                .or_else(|| Digit::new_checked(s.entries[c.index()]))
        };
        let free = |s: &Snapshot, p: Cell| {
            value(s, p).is_none() && layout.peers(p).iter().all(|&q| value(s, q) != Some(d))
        };
        match before {
            Some(before) => {
                if next.notes[i].is_empty() {
                    next.notes[i] = before.notes[i];
                }
                for &p in layout.peers(cell) {
                    let j = p.index();
                    if before.notes[j].contains(d) && !next.notes[j].is_empty() && free(next, p) {
                        next.notes[j].insert(d);
                    }
                }
            }
            None if crate::hint::notes_complete(self, next) => {
                for &p in layout.peers(cell) {
                    if !next.notes[p.index()].is_empty() && free(next, p) {
                        next.notes[p.index()].insert(d);
                    }
                }
            }
            None => {}
        }
    }

    fn auto_notes(&mut self) -> String {
        let grid = self.grid();
        let mut next = self.now.clone();
        for cell in self.layout().cells() {
            if grid.get(cell).is_none() {
                next.notes[cell.index()] = grid.candidates(cell);
            }
        }
        self.change(next);
        "Every empty cell now notes its candidates.".into()
    }

    fn travel(&mut self, back: bool) -> String {
        let (from, to) = if back {
            (&mut self.undo, &mut self.redo)
        } else {
            (&mut self.redo, &mut self.undo)
        };
        let Some(snapshot) = from.pop() else {
            return if back {
                "Nothing to undo."
            } else {
                "Nothing to redo."
            }
            .into();
        };
        to.push(std::mem::replace(&mut self.now, snapshot));
        self.wrong.clear();
        self.hint = None;
        self.mistake = None;
        String::new()
    }

    /// Entries that differ from the solution.
    pub fn wrong_entries(&self, snapshot: &Snapshot) -> Vec<Cell> {
        self.layout()
            .cells()
            .filter(|&c| {
                let e = snapshot.entries[c.index()];
                e != 0 && Some(e) != self.solution.get(c).map(Digit::get)
            })
            .collect()
    }

    fn check(&mut self) -> String {
        self.wrong = self.wrong_entries(&self.now);
        let layout = self.layout().clone();
        self.clashes = layout
            .cells()
            .filter(|&c| {
                self.is_given(c)
                    && layout
                        .peers(c)
                        .iter()
                        .any(|&p| self.wrong.contains(&p) && self.value(p) == self.value(c))
            })
            .collect();
        let clash = if self.clashes.is_empty() {
            ""
        } else {
            " A given it clashes with is marked < >."
        };
        match self.wrong.len() {
            0 if self.is_solved() => "Solved! Every digit is right.".into(),
            0 => "No mistakes so far.".into(),
            1 => format!("1 entry is wrong (marked ! !).{clash}"),
            k => format!("{k} entries are wrong (marked ! !).{clash}"),
        }
    }

    /// First press: names the first move after which an entry was wrong, else (with
    /// complete notes) the first after which a cell's notes left out its digit, without
    /// telling the right digit. Second press: goes back to just before it (an undoable
    /// step back in history).
    fn first_mistake(&mut self) -> String {
        if let Some(k) = self.mistake.take() {
            while self.undo.len() > k {
                let _ = self.travel(true);
            }
            return format!("Back to move {k}, just before the first mistake.");
        }
        let history: Vec<Snapshot> = self.undo.iter().chain([&self.now]).cloned().collect();
        // The first move from which the mistake still standing now was on the board.
        let since = |bad: &dyn Fn(&Snapshot) -> bool| {
            let mut k = history.len() - 1;
            while k > 0 && bad(&history[k - 1]) {
                k -= 1;
            }
            k
        };
        let wrong = self.wrong_entries(&self.now);
        let found = wrong
            .iter()
            .map(|&c| {
                let e = self.now.entries[c.index()];
                (since(&|s: &Snapshot| s.entries[c.index()] == e), c, true)
            })
            .min()
            .or_else(|| {
                let lost = crate::hint::lost_note(self, &self.now)?;
                let d = self.solution.get(lost)?;
                let k = since(&|s: &Snapshot| {
                    s.entries[lost.index()] == 0
                        && !s.notes[lost.index()].is_empty()
                        && !s.notes[lost.index()].contains(d)
                });
                Some((k, lost, false))
            });
        let Some((k, cell, digit)) = found else {
            return "No mistakes so far.".into();
        };
        self.cursor = cell;
        let name = self.layout().cell_name(cell);
        let what = if digit {
            let d = Digit::new(self.now.entries[cell.index()]);
            format!("{name} = {d} is wrong")
        } else {
            format!("the notes of {name} leave out its digit")
        };
        if k == 0 {
            // Wrong before this session's history began (a resumed game): nothing to undo.
            return format!("{what}, from before this session: fix it by hand.");
        }
        self.mistake = Some(k - 1);
        format!("The first mistake: move {k}, {what}. Press m again to go back before it.")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 4×4 puzzle and its solution.
    pub fn four() -> Game {
        let puzzle = Grid::from_line("1...........4..3").unwrap();
        let solution = sudokit_solver::count(&puzzle, 2).unwrap().solution.unwrap();
        Game::new(puzzle, solution, String::new())
    }

    fn digit(v: u8) -> Action {
        Action::Digit(Digit::new(v))
    }

    #[test]
    fn moves_wrap_at_the_edges() {
        let mut g = four();
        g.apply(Action::Move(0, -1));
        assert_eq!(g.cursor, g.layout().cell(0, 3));
        g.apply(Action::Move(-1, 0));
        assert_eq!(g.cursor, g.layout().cell(3, 3));
    }

    #[test]
    fn givens_cannot_be_typed_over_and_digits_toggle() {
        let mut g = four();
        assert!(g.apply(digit(2)).contains("given"));
        g.apply(Action::Move(0, 1));
        g.apply(digit(2));
        assert_eq!(g.value(g.cursor), Some(Digit::new(2)));
        g.apply(digit(2));
        assert_eq!(g.value(g.cursor), None);
        assert!(g.apply(digit(7)).contains("not a digit"));
    }

    #[test]
    fn notes_toggle_and_a_placed_digit_leaves_its_peers_notes() {
        let mut g = four();
        g.apply(Action::Move(0, 1));
        g.apply(Action::ToggleNotes);
        g.apply(digit(3));
        g.apply(digit(4));
        g.apply(digit(3));
        assert_eq!(g.now.notes[1], DigitSet::single(Digit::new(4)));
        g.apply(Action::ToggleNotes);
        g.apply(Action::Move(0, 1));
        g.apply(digit(4));
        assert!(g.now.notes[1].is_empty(), "4 left its peer's notes");
    }

    #[test]
    fn undo_and_redo_walk_the_history() {
        let mut g = four();
        g.apply(Action::Move(0, 1));
        g.apply(digit(2));
        g.apply(digit(3));
        assert_eq!(g.moves(), 2);
        g.apply(Action::Undo);
        assert_eq!(g.value(g.cursor), Some(Digit::new(2)));
        g.apply(Action::Redo);
        assert_eq!(g.value(g.cursor), Some(Digit::new(3)));
        g.apply(Action::Undo);
        g.apply(Action::Undo);
        assert!(g.apply(Action::Undo).contains("Nothing"));
        g.apply(digit(4));
        assert!(
            g.apply(Action::Redo).contains("Nothing"),
            "a change clears redo"
        );
    }

    #[test]
    fn auto_notes_are_the_candidates() {
        let mut g = four();
        g.apply(Action::AutoNotes);
        let grid = g.grid();
        for c in g.layout().cells().filter(|&c| grid.get(c).is_none()) {
            assert_eq!(g.now.notes[c.index()], grid.candidates(c));
        }
    }

    #[test]
    fn check_marks_wrong_entries_and_first_mistake_goes_back_before_it() {
        let mut g = four();
        let right = |g: &Game, c: Cell| g.solution.get(c).unwrap();
        let (a, b) = (g.layout().cell(0, 1), g.layout().cell(0, 2));
        g.apply(Action::Goto(a));
        g.apply(Action::Digit(right(&g, a)));
        g.apply(Action::Goto(b));
        let wrong = Digit::new(right(&g, b).get() % 4 + 1);
        g.apply(Action::Digit(wrong));
        g.apply(Action::Check);
        assert_eq!(g.wrong, vec![b]);
        let said = g.apply(Action::FirstMistake);
        assert_eq!(
            said,
            format!("The first mistake: move 2, r1c3 = {wrong} is wrong. Press m again to go back before it."),
            "the wrong digit is named, not the right one"
        );
        g.apply(Action::FirstMistake);
        assert_eq!(g.moves(), 1);
        assert_eq!(g.value(b), None);
        assert_eq!(g.value(a), Some(right(&g, a)));
    }

    #[test]
    fn first_mistake_names_a_wrong_digit_before_a_note() {
        let mut g = four();
        g.apply(Action::AutoNotes);
        let open: Vec<Cell> = g.layout().cells().filter(|&c| !g.is_given(c)).collect();
        // Move 2: a note that drops its cell's digit (the notes are complete).
        let (noted, placed) = (open[0], open[5]);
        g.apply(Action::Goto(noted));
        g.apply(Action::ToggleNotes);
        g.apply(Action::Digit(g.solution.get(noted).unwrap()));
        g.apply(Action::ToggleNotes);
        // Move 3: a wrong digit, in a cell that does not see the first.
        let wrong = g.now.notes[placed.index()]
            .iter()
            .find(|&d| Some(d) != g.solution.get(placed))
            .unwrap();
        g.apply(Action::Goto(placed));
        g.apply(Action::Digit(wrong));
        let said = g.apply(Action::FirstMistake);
        assert!(
            said.contains(&format!(
                "move 3, {} = {wrong} is wrong",
                g.layout().cell_name(placed)
            )),
            "{said}"
        );
        // Once the digit is out, the note is next.
        g.apply(Action::FirstMistake);
        assert_eq!(g.value(placed), None);
        let said = g.apply(Action::FirstMistake);
        assert!(said.contains("leave out its digit"), "{said}");
    }

    #[test]
    fn check_marks_a_wrong_digit_apart_from_the_given_it_clashes_with() {
        let mut g = four();
        // r1c1 holds the given 1; a 1 in r1c2 is wrong and clashes with it.
        g.apply(Action::Goto(g.layout().cell(0, 1)));
        g.apply(Action::Digit(Digit::new(1)));
        let said = g.apply(Action::Check);
        assert_eq!(g.wrong, vec![g.layout().cell(0, 1)]);
        assert_eq!(g.clashes, vec![g.layout().cell(0, 0)]);
        assert!(said.contains("< >"), "{said}");
    }

    #[test]
    fn a_mistake_older_than_the_history_is_named_not_rewound() {
        let mut g = four();
        let cell = g.layout().cell(0, 1);
        let wrong = g.solution.get(cell).unwrap().get() % 4 + 1;
        g.now.entries[cell.index()] = wrong;
        let said = g.apply(Action::FirstMistake);
        assert!(said.contains("before this session"), "{said}");
        assert!(said.contains("fix it by hand"), "{said}");
        let said = g.apply(Action::FirstMistake);
        assert!(!said.contains("Back to move"), "{said}");
        assert_eq!(g.now.entries[cell.index()], wrong);
    }

    #[test]
    fn filling_the_solution_solves_the_game() {
        let mut g = four();
        let mut said = String::new();
        for c in g
            .layout()
            .cells()
            .filter(|&c| !g.is_given(c))
            .collect::<Vec<_>>()
        {
            g.apply(Action::Goto(c));
            said = g.apply(Action::Digit(g.solution.get(c).unwrap()));
        }
        assert!(g.is_solved() && said.contains("Solved"), "{said}");
        assert!(g.conflicts().is_empty());
    }
}
