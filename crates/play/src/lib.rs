//! Play sudoku in the terminal: the seed documents' interactive solver grown up.
//!
//! [`Game`] is the model (the position, notes, undo history, checks, hints that climb a
//! rung at a time, the seed's propagate-then-ask solver); [`App`] adds what the screen
//! needs and turns keys into actions; `ui.rs` draws it with ratatui; [`run`] is the loop;
//! [`save`] keeps games in the user's data directory.
//!
//! ```
//! use sudokit_core::{Digit, Grid};
//! use sudokit_play::{Action, Game};
//!
//! let puzzle = Grid::from_line("1...........4..3").unwrap();
//! let solution = sudokit_solver::count(&puzzle, 2).unwrap().solution.unwrap();
//! let mut game = Game::new(puzzle, solution, "Easy".into());
//! game.apply(Action::Move(0, 1));
//! game.apply(Action::Digit(Digit::new(2)));
//! assert_eq!(game.moves(), 1);
//! ```

mod app;
mod game;
mod hint;
pub mod save;
mod ui;

use std::io;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use ratatui::crossterm::event::{
    self, DisableMouseCapture, EnableMouseCapture, Event, MouseButton, MouseEventKind,
};
use ratatui::crossterm::execute;

pub use app::{clock, App, GridPlace};
pub use game::{Action, Game, Snapshot};
pub use hint::Hint;
pub use ui::needed;

/// Plays `app` in the terminal until the player quits, saving through `save` on the way
/// out and every few seconds. The terminal is restored on return, on error and on panic.
///
/// # Errors
/// When the terminal cannot be driven.
pub fn run(app: &mut App, mut save: impl FnMut(&Game)) -> io::Result<()> {
    // SIGTERM and SIGHUP (a closed terminal, a dropped SSH session) end the game as `q`
    // does: saved, and the terminal restored.
    let stop = Arc::new(AtomicBool::new(false));
    for signal in [signal_hook::consts::SIGTERM, signal_hook::consts::SIGHUP] {
        signal_hook::flag::register(signal, stop.clone())?;
    }
    let mut terminal = ratatui::init();
    let _ = execute!(io::stdout(), EnableMouseCapture);
    let result = event_loop(app, &mut terminal, &mut save, &stop);
    let _ = execute!(io::stdout(), DisableMouseCapture);
    ratatui::restore();
    save(&app.game);
    result
}

fn event_loop(
    app: &mut App,
    terminal: &mut ratatui::DefaultTerminal,
    save: &mut impl FnMut(&Game),
    stop: &AtomicBool,
) -> io::Result<()> {
    let mut last = Instant::now();
    let mut saved = Instant::now();
    while !app.quit && !stop.load(Ordering::Relaxed) {
        terminal.draw(|frame| frame.render_widget(&*app, frame.area()))?;
        if event::poll(Duration::from_millis(250))? {
            match event::read()? {
                Event::Key(key) => app.handle_key(key),
                Event::Mouse(m) if m.kind == MouseEventKind::Down(MouseButton::Left) => {
                    app.click(m.column, m.row)
                }
                _ => {}
            }
        }
        let now = Instant::now();
        app.tick(now.duration_since(last).as_millis() as u64);
        last = now;
        if now.duration_since(saved) > Duration::from_secs(5) {
            save(&app.game);
            saved = now;
        }
    }
    Ok(())
}
