//! The app: the game plus what only the screen needs (the message, pause, quitting,
//! colour), and the key and mouse handling that turns input into game actions.

use std::cell::Cell as Shared;

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use sudokit_core::{Cell, Digit};

use crate::game::{Action, Game};

/// Where the grid was last drawn: enough to turn a click into a cell.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GridPlace {
    /// Screen column of each grid column's first character.
    pub left: [u16; 25],
    /// Screen row of each grid row.
    pub top: [u16; 25],
    /// Cells a side.
    pub side: usize,
    /// A cell's width on screen.
    pub width: u16,
    /// A cell's height on screen.
    pub height: u16,
}

impl GridPlace {
    /// The cell under a screen position, if any.
    pub fn cell_at(&self, x: u16, y: u16) -> Option<(usize, usize)> {
        let row =
            (0..self.side).find(|&r| (self.top[r]..self.top[r] + self.height).contains(&y))?;
        let col =
            (0..self.side).find(|&c| (self.left[c]..self.left[c] + self.width).contains(&x))?;
        Some((row, col))
    }
}

/// The terminal's background: the colours chosen keep contrast on it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Theme {
    /// Light text on a dark background (most terminals' default).
    #[default]
    Dark,
    /// Dark text on a light background.
    Light,
}

impl Theme {
    /// The background a terminal reports in `COLORFGBG` ("foreground;background", as
    /// rxvt, Konsole and others set it): ANSI 7 or 15 behind the text is light. Without
    /// it, dark.
    pub fn from_colorfgbg(value: Option<&str>) -> Theme {
        let bg = value.and_then(|v| v.rsplit(';').next()?.trim().parse::<u8>().ok());
        match bg {
            Some(7 | 15) => Theme::Light,
            _ => Theme::Dark,
        }
    }
}

/// The game and the state of the screen around it.
#[derive(Debug)]
pub struct App {
    /// The game.
    pub game: Game,
    /// The last message (a hint, a check's verdict, the seed solver's request).
    pub message: String,
    /// Is the clock stopped and the grid hidden?
    pub paused: bool,
    /// Has the player asked to quit?
    pub quit: bool,
    /// Use colours (false under `NO_COLOR`): highlights then use marks and modifiers.
    pub color: bool,
    /// The terminal's background, which the colours keep contrast against.
    pub theme: Theme,
    /// Where the grid was drawn last (set while drawing).
    pub place: Shared<Option<GridPlace>>,
    /// Lines of the side panel scrolled past (PgDn, PgUp): a long explanation.
    pub scroll: u16,
}

impl App {
    /// An app around `game`; `color` false draws without colours.
    pub fn new(game: Game, color: bool) -> App {
        App {
            game,
            message: "Welcome. Arrows or hjkl move, digits place, ? gives a hint.".into(),
            paused: false,
            quit: false,
            color,
            theme: Theme::Dark,
            place: Shared::new(None),
            scroll: 0,
        }
    }

    /// Adds `ms` of play to the clock (not while paused or once solved).
    pub fn tick(&mut self, ms: u64) {
        if !self.paused && !self.game.is_solved() {
            self.game.elapsed_ms += ms;
        }
    }

    /// Handles one key press.
    pub fn handle_key(&mut self, key: KeyEvent) {
        if key.kind == KeyEventKind::Release {
            return;
        }
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        match key.code {
            KeyCode::Char('c') if ctrl => self.quit = true,
            KeyCode::Char('q') if !ctrl => self.quit = true,
            // Esc never quits: it puts away a hint, and says how to quit.
            KeyCode::Esc => {
                self.message = if self.game.hint.take().is_some() {
                    "Hint put away.".into()
                } else {
                    "q saves and quits; Esc puts a hint away.".into()
                };
                self.scroll = 0;
            }
            KeyCode::PageDown => self.scroll = self.scroll.saturating_add(5),
            KeyCode::PageUp => self.scroll = self.scroll.saturating_sub(5),
            KeyCode::Char('p') => {
                self.paused = !self.paused;
                self.message = if self.paused {
                    "Paused: p resumes."
                } else {
                    ""
                }
                .into();
            }
            _ if self.paused => {}
            _ if self.game.is_solved() && !matches!(key.code, KeyCode::Char('u')) => {
                self.message = format!("Solved in {}! q quits.", clock(self.game.elapsed_ms));
            }
            code => {
                if let Some(action) = action(code, ctrl, self.game.layout().side()) {
                    self.act(action);
                }
            }
        }
    }

    /// Puts the cursor on the cell clicked at `(x, y)`, if one is there.
    pub fn click(&mut self, x: u16, y: u16) {
        let Some(place) = self.place.get() else {
            return;
        };
        if let Some((r, c)) = place.cell_at(x, y) {
            let cell: Cell = self.game.layout().cell(r, c);
            self.act(Action::Goto(cell));
        }
    }

    fn act(&mut self, action: Action) {
        self.game.colours = self.color;
        let said = self.game.apply(action);
        if !said.is_empty() || !matches!(action, Action::Move(..) | Action::Goto(_)) {
            self.message = said;
            self.scroll = 0;
        }
        if self.game.is_solved() {
            self.message = format!(
                "Solved in {}! Every digit is right. q quits.",
                clock(self.game.elapsed_ms)
            );
        }
    }
}

/// The action of a key, on a grid of `side` (letters A–P, capitals, are digits 10–25).
fn action(code: KeyCode, ctrl: bool, side: usize) -> Option<Action> {
    Some(match code {
        KeyCode::Left | KeyCode::Char('h') => Action::Move(0, -1),
        KeyCode::Right | KeyCode::Char('l') => Action::Move(0, 1),
        KeyCode::Up | KeyCode::Char('k') => Action::Move(-1, 0),
        KeyCode::Down | KeyCode::Char('j') => Action::Move(1, 0),
        KeyCode::Char('r') if ctrl => Action::Redo,
        KeyCode::Char('u') => Action::Undo,
        KeyCode::Char('n') => Action::ToggleNotes,
        KeyCode::Char('a') => Action::AutoNotes,
        KeyCode::Char('c') => Action::Check,
        KeyCode::Char('m') => Action::FirstMistake,
        KeyCode::Char('?') => Action::Hint,
        KeyCode::Char('s') => Action::Step,
        KeyCode::Backspace | KeyCode::Delete | KeyCode::Char('0' | '.') => Action::Clear,
        KeyCode::Char(ch @ ('1'..='9' | 'A'..='P')) => {
            let d = Digit::from_char(ch)?;
            (d.index() < side).then_some(Action::Digit(d))?
        }
        _ => return None,
    })
}

/// `mm:ss`, or `h:mm:ss` past an hour.
pub fn clock(ms: u64) -> String {
    let s = ms / 1000;
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{:02}:{:02}", s / 60, s % 60)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_map_to_actions_and_letters_only_fit_large_grids() {
        assert_eq!(
            action(KeyCode::Char('h'), false, 9),
            Some(Action::Move(0, -1))
        );
        assert_eq!(action(KeyCode::Char('r'), true, 9), Some(Action::Redo));
        assert_eq!(
            action(KeyCode::Char('5'), false, 9),
            Some(Action::Digit(Digit::new(5)))
        );
        assert_eq!(action(KeyCode::Char('A'), false, 9), None);
        assert_eq!(
            action(KeyCode::Char('A'), false, 16),
            Some(Action::Digit(Digit::new(10)))
        );
        assert_eq!(action(KeyCode::Char('7'), false, 6), None);
    }

    #[test]
    fn the_clock_reads_minutes_and_hours() {
        assert_eq!(clock(65_000), "01:05");
        assert_eq!(clock(3_725_000), "1:02:05");
    }
}
